import Foundation

/// Ruby Liquid's regexes, translated for ICU (`\s`, `\w` spelled out ASCII-only as Ruby means them).
/// The lax parser and the tags' own markup rules are defined by these regexes, so we use them as written
/// rather than re-deriving their corner cases by hand. Parse time only; rendering never touches them.
struct RX: @unchecked Sendable {
    let re: NSRegularExpression

    init(_ pattern: String, dotAll: Bool = false) {
        // The patterns are constants: failing to compile is a programming error.
        re = try! NSRegularExpression(pattern: pattern, options: dotAll ? [.dotMatchesLineSeparators] : [])
    }

    struct Match {
        let ns: NSString
        let result: NSTextCheckingResult
        subscript(_ i: Int) -> String? {
            let r = result.range(at: i)
            return r.location == NSNotFound ? nil : ns.substring(with: r)
        }
        var end: Int { result.range.location + result.range.length }
        var whole: String { ns.substring(with: result.range) }
    }

    func first(_ s: String) -> Match? {
        let ns = s as NSString
        return re.firstMatch(in: s, range: NSRange(location: 0, length: ns.length)).map { Match(ns: ns, result: $0) }
    }

    func scan(_ s: String) -> [Match] {
        let ns = s as NSString
        return re.matches(in: s, range: NSRange(location: 0, length: ns.length)).map { Match(ns: ns, result: $0) }
    }

    func matches(_ s: String) -> Bool { first(s) != nil }

    /// Ruby's `\s` and `\S`, `\w`.
    static let s = "[ \\t\\n\\x0B\\f\\r]"
    static let S = "[^ \\t\\n\\x0B\\f\\r]"
    static let w = "[a-zA-Z0-9_]"
    static let qs = "(?:\"[^\"]*\"|'[^']*')"
    static let qf = "(?:\"[^\"]*\"|'[^']*'|(?:[^ \\t\\n\\x0B\\f\\r,\\|'\"]|\"[^\"]*\"|'[^']*')+)"
    static let tagAttributes = RX("(\(w)[a-zA-Z0-9_-]*)\(s)*:\(s)*(\(qf))")
}

/// The lax (regex) parsers of Liquid 5.4's tags.
enum Lax {
    static let markupWithQuotedFragment = RX("(\(RX.qf))(.*)", dotAll: true)
    static let filterMarkup = RX("\\|\(RX.s)*(.*)", dotAll: true)
    static let filterParser = RX("(?:\(RX.s)+|\(RX.qf)|,)+")
    static let word = RX("\(RX.w)+")
    static let filterArgs = RX("(?::|,)\(RX.s)*((?:\(RX.w)+\(RX.s)*:\(RX.s)*)?\(RX.qf))")
    static let justTagAttributes = RX("\\A(\(RX.w)[a-zA-Z0-9_-]*)\(RX.s)*:\(RX.s)*(\(RX.qf))\\z")

    /// `Variable#lax_parse`.
    static func variable(_ markup: String, loc: SourceLoc) -> Output {
        guard let m = markupWithQuotedFragment.first(markup) else { return Output(expr: nil, filters: [], loc: loc) }
        let name = ExpressionParser.parse(m[1].map { Substring($0) })
        var filters: [FilterCall] = []
        if let rest = m[2], let fm = filterMarkup.first(rest), let chain = fm[1] {
            for chunk in filterParser.scan(chain) {
                let f = chunk.whole
                guard let fname = word.first(f)?.whole else { continue }
                let args = filterArgs.scan(f).compactMap { $0[1] }
                filters.append(filterCall(fname, args))
            }
        }
        return Output(expr: name, filters: filters, loc: loc)
    }

    /// `parse_filter_expressions`: `key: value` arguments are keywords.
    static func filterCall(_ name: String, _ args: [String]) -> FilterCall {
        var positional: [Expr] = []
        var keywords: [(String, Expr)] = []
        for a in args {
            if let kw = justTagAttributes.first(a), let k = kw[1] {
                let v = ExpressionParser.parse(kw[2].map { Substring($0) }) ?? .literal(.null)
                if let i = keywords.firstIndex(where: { $0.0 == k }) { keywords[i].1 = v } else { keywords.append((k, v)) }
            } else {
                positional.append(ExpressionParser.parse(Substring(a)) ?? .literal(.null))
            }
        }
        return FilterCall(name: name, args: positional, keywords: keywords)
    }

    static let ifSyntax = RX("(\(RX.qf))\(RX.s)*([=!<>a-z_]+)?\(RX.s)*(\(RX.qf))?")
    static let expressionsAndOperators = RX(
        "(?:\\b(?:\(RX.s)?and\(RX.s)?|\(RX.s)?or\(RX.s)?)\\b|(?:\(RX.s)*(?!\\b(?:\(RX.s)?and\(RX.s)?|\(RX.s)?or\(RX.s)?)\\b)(?:\(RX.qf)|\(RX.S)+)\(RX.s)*)+)")

    /// `If#lax_parse`: split on `and`/`or`, build the chain from the right.
    static func condition(_ markup: String) -> Condition? {
        var pieces = expressionsAndOperators.scan(markup).map(\.whole)
        guard let lastPiece = pieces.popLast(), var condition = comparison(lastPiece) else { return nil }
        while !pieces.isEmpty {
            let op = pieces.removeLast().trimmingCharacters(in: .whitespacesAndNewlines)
            guard let piece = pieces.popLast(), let next = comparison(piece) else { return nil }
            guard op == "and" || op == "or" else { return nil }
            condition = next.with(child: condition, isAnd: op == "and")
        }
        return condition
    }

    static func comparison(_ piece: String) -> Condition? {
        guard let m = ifSyntax.first(piece) else { return nil }
        return Condition(left: ExpressionParser.parseCondition(m[1].map { Substring($0) }),
                         op: m[2].map(operatorFor), right: ExpressionParser.parseCondition(m[3].map { Substring($0) }))
    }

    static func operatorFor(_ s: String) -> Condition.Op {
        switch s {
        case "==": return .eq
        case "!=", "<>": return .ne
        case "<": return .lt
        case ">": return .gt
        case "<=": return .le
        case ">=": return .ge
        case "contains": return .contains
        default: return .unknown(s)
        }
    }

    static let forSyntax = RX("\\A([a-zA-Z0-9_-]+)\(RX.s)+in\(RX.s)+((?:\(RX.qf))+)\(RX.s)*(reversed)?")
    static let caseSyntax = RX("(\(RX.qf))")
    static let whenSyntax = RX("(\(RX.qf))(?:(?:\(RX.s)+or\(RX.s)+|\(RX.s)*,\(RX.s)*)(\(RX.qf).*))?", dotAll: true)
    static let cycleNamed = RX("\\A(\(RX.qf))\(RX.s)*:\(RX.s)*(.*)", dotAll: true)
    static let cycleSimple = RX("\\A(?:\(RX.qf))+")
    static let cycleValue = RX("\(RX.s)*(\(RX.qf))\(RX.s)*")
    static let tableRowSyntax = RX("(\(RX.w)+)\(RX.s)+in\(RX.s)+((?:\(RX.qf))+)")
    static let variableSignature = "(?:\\(?[a-zA-Z0-9_\\-\\.\\[\\]]\\)?)"
    static let assignSyntax = RX("(\(variableSignature)+)\(RX.s)*=\(RX.s)*(.*)\(RX.s)*", dotAll: true)
    static let captureSyntax = RX("(\(variableSignature)+)")
    static let renderSyntax = RX("(\(RX.qs)+)(\(RX.s)+(with|for)\(RX.s)+((?:\(RX.qf))+))?(\(RX.s)+(?:as)\(RX.s)+([a-zA-Z0-9_-]+))?")

    /// `TagAttributes` scanned over a whole markup (`limit: 2`, `cols: 3`).
    static func attributes(_ markup: String) -> [(String, String)] {
        RX.tagAttributes.scan(markup).compactMap { m in m[1].flatMap { k in m[2].map { (k, $0) } } }
    }
}
