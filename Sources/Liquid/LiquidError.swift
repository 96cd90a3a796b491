import Foundation

/// A Liquid syntax or render error, at the file:line:column of the Liquid source that caused it.
public struct LiquidError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The template cannot be parsed (Ruby's `Liquid::SyntaxError`).
        case syntax
        /// Rendering failed (`Liquid::ArgumentError`, a filter's error, a missing include).
        case render
        /// A render limit was hit: include depth, loop iterations, output size.
        case limit
    }

    public var kind: Kind
    /// The template's `file` (for an error inside an include: the included file).
    public var file: String
    /// 1-based; 0 when unknown (a filter's error before the engine locates it).
    public var line: Int
    public var column: Int
    public var message: String
    /// A suggestion: "did you mean `endif`?", "`{% endfor %}` closes `for` opened at line 3".
    public var hint: String?
    /// The include/render tags that led to the error, outermost first (empty at the top level).
    public var includeChain: [LiquidLocation]

    public init(_ message: String, hint: String? = nil, kind: Kind = .render,
                file: String = "", line: Int = 0, column: Int = 0, includeChain: [LiquidLocation] = []) {
        self.kind = kind
        self.message = message
        self.hint = hint
        self.file = file
        self.line = line
        self.column = column
        self.includeChain = includeChain
    }

    public var location: LiquidLocation { LiquidLocation(file: file, line: line, column: column) }

    /// `file:line:col: Liquid syntax error: message (hint)`, then `  included from file:line:col` lines.
    public var description: String {
        var s = "\(file):\(line):\(column): "
        s += kind == .syntax ? "Liquid syntax error: " : "Liquid error: "
        s += message
        if let hint { s += " (\(hint))" }
        for place in includeChain.reversed() { s += "\n  included from \(place)" }
        return s
    }

    /// Fills in a location when the thrower (a filter, a tag) did not know it.
    func located(_ file: String, _ loc: SourceLoc) -> LiquidError {
        var e = self
        if e.file.isEmpty && e.line == 0 {
            e.file = file
            e.line = Int(loc.line)
            e.column = Int(loc.column)
        }
        return e
    }
}

extension LiquidError {
    /// A filter's error from its Ruby message alone; the engine adds the location.
    public init(filterMessage message: String) { self.init(message) }
}
