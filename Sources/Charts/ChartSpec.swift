import TextBytes

/// An attribute as written: `chart="bar"` in `{: chart="bar" unit="ms"}` or on a ```` ```chart ```` fence.
public struct ChartAttribute: Sendable, Equatable {
    public var key: String
    public var value: String
    public var line: Int
    public var column: Int

    public init(_ key: String, _ value: String, line: Int, column: Int) {
        self.key = key
        self.value = value
        self.line = line
        self.column = column
    }
}

/// What to draw and how, read from attributes; every unknown key or bad value is an error at it.
public struct ChartSpec: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable { case bar, line, scatter, stacked }
    public enum Sort: String, Sendable, CaseIterable { case none, asc, desc }
    public enum TablePlacement: String, Sendable, CaseIterable { case collapsed, shown, hidden }

    public var kind: Kind = .bar
    public var title: String?
    public var unit: String?
    public var log = false
    public var yMin: Double?
    public var yMax: Double?
    public var sort: Sort = .none
    public var labels = false
    public var table: TablePlacement = .collapsed

    public init(kind: Kind = .bar, title: String? = nil, unit: String? = nil) {
        self.kind = kind
        self.title = title
        self.unit = unit
    }

    /// Keys a chart reads. Others on the same attribute list (`#id`, `.class`) are the caller's business.
    public static let keys = ["chart", "type", "title", "unit", "log", "y-min", "y-max", "sort", "labels", "table"]

    public init(attributes: [ChartAttribute]) throws(ChartError) {
        for a in attributes {
            switch a.key {
            case "chart", "type":
                guard let k = Kind(rawValue: a.value) else { throw Self.bad(a, options: Kind.allCases.map(\.rawValue)) }
                kind = k
            case "title": title = a.value.isEmpty ? nil : a.value
            case "unit": unit = a.value.isEmpty ? nil : a.value
            case "log": log = try Self.flag(a)
            case "labels": labels = try Self.flag(a)
            case "y-min", "y-max":
                guard let v = ChartNumber.parse(a.value, unit: nil) else {
                    throw ChartError("\(a.key) must be a number (found \"\(a.value)\")", hint: "for example \(a.key)=\"0\"", line: a.line, column: a.column)
                }
                if let e = ChartNumber.rangeError(v, text: a.value, line: a.line, column: a.column) { throw e }
                if a.key == "y-min" { yMin = v } else { yMax = v }
            case "sort":
                guard let s = Sort(rawValue: a.value) else { throw Self.bad(a, options: Sort.allCases.map(\.rawValue)) }
                sort = s
            case "table":
                guard let t = TablePlacement(rawValue: a.value) else { throw Self.bad(a, options: TablePlacement.allCases.map(\.rawValue)) }
                table = t
            default:
                let near = Self.keys.min { EditDistance.osa($0, a.key) < EditDistance.osa($1, a.key) }.flatMap { EditDistance.osa($0, a.key) <= 2 ? $0 : nil }
                throw ChartError("unknown chart option `\(a.key)`", hint: near.map { "did you mean `\($0)`?" } ?? "chart options: " + Self.keys.joined(separator: ", "),
                                 line: a.line, column: a.column)
            }
        }
        if log, let at = attributes.last(where: { ($0.key == "y-min" && (yMin ?? 1) <= 0) || ($0.key == "y-max" && (yMax ?? 1) <= 0) }) {
            throw ChartError("a log scale cannot reach \(at.value)", hint: "\(at.key) must be above zero, or drop log", line: at.line, column: at.column)
        }
        if let lo = yMin, let hi = yMax, lo >= hi, let at = attributes.last(where: { $0.key == "y-max" }) {
            throw ChartError("y-max must be above y-min", line: at.line, column: at.column)
        }
    }

    static func flag(_ a: ChartAttribute) throws(ChartError) -> Bool {
        switch a.value {
        case "", "true", "yes": return true
        case "false", "no": return false
        default: throw bad(a, options: ["true", "false"])
        }
    }

    static func bad(_ a: ChartAttribute, options: [String]) -> ChartError {
        let near = options.min { EditDistance.osa($0, a.value) < EditDistance.osa($1, a.value) }.flatMap { EditDistance.osa($0, a.value) <= 2 ? $0 : nil }
        return ChartError("\(a.key)=\"\(a.value)\" is not one of \(options.joined(separator: ", "))",
                          hint: near.map { "did you mean \(a.key)=\"\($0)\"?" }, line: a.line, column: a.column)
    }
}
