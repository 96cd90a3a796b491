import Foundation
import Feed

/// One finding of `galley check`: `path:line:col: severity: rule: message`.
public struct CheckDiagnostic: Sendable, Hashable {
    public var path: String
    public var line: Int
    public var column: Int
    public var severity: FeedDiagnostic.Severity
    public var rule: String
    public var message: String
    public init(path: String, line: Int, column: Int, severity: FeedDiagnostic.Severity, rule: String, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.severity = severity
        self.rule = rule
        self.message = message
    }
}

/// Checks a built site folder or single feed files.
public struct SiteChecker: Sendable {
    public init() {}

    /// Checks every path (a folder or a feed file).
    public func check(paths: [URL]) -> [CheckDiagnostic] {
        []  // The Feeds/check work fills this in.
    }
}
