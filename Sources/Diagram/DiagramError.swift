/// A diagram that cannot be drawn, at the line and column of the source that says why. Lines and
/// columns are the caller's (the Markdown file's), so the message points where the author typed.
/// A `warning` (a mermaid kind Galley does not draw) leaves the fence shown as code.
public struct DiagramError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Severity: Sendable { case error, warning }
    public var severity: Severity
    public var message: String
    public var hint: String?
    public var line: Int
    public var column: Int

    public init(_ message: String, hint: String? = nil, line: Int, column: Int, severity: Severity = .error) {
        self.message = message
        self.hint = hint
        self.line = line
        self.column = column
        self.severity = severity
    }

    public var description: String { "\(line):\(column): \(message)" + (hint.map { " (\($0))" } ?? "") }
}

/// Where a diagram's source starts in its file: errors found at source line `l`, column `c` (1-based)
/// are reported at `line + l - 1`, `column + c - 1` (the fence body's own indentation).
public struct SourceOrigin: Sendable, Equatable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int = 1) { self.line = line; self.column = column }

    func error(_ message: String, hint: String? = nil, line l: Int, column c: Int = 1, severity: DiagramError.Severity = .error) -> DiagramError {
        DiagramError(message, hint: hint, line: line + l - 1, column: column + max(c, 1) - 1, severity: severity)
    }
}
