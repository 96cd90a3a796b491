/// A chart that cannot be drawn, at the cell or attribute that says why. Lines and columns are
/// the caller's (the Markdown file's), so the message points where the author typed.
public struct ChartError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var hint: String?
    public var line: Int
    public var column: Int

    public init(_ message: String, hint: String? = nil, line: Int, column: Int) {
        self.message = message
        self.hint = hint
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column): \(message)" + (hint.map { " (\($0))" } ?? "") }
}
