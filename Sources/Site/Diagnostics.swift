import Foundation

/// A problem found while building, pointing at the source the user must fix.
public struct SiteDiagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable { case warning, error }

    public var severity: Severity
    /// Path as shown to the user (relative to the site folder when inside it).
    public var file: String
    /// 1-based; 0 when the problem has no line (a whole file, a folder).
    public var line: Int
    public var column: Int
    public var message: String
    /// What to do about it.
    public var hint: String?

    public init(_ severity: Severity, file: String, line: Int = 0, column: Int = 0, _ message: String, hint: String? = nil) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.hint = hint
    }

    public static func error(_ file: String, line: Int = 0, column: Int = 0, _ message: String, hint: String? = nil) -> SiteDiagnostic {
        SiteDiagnostic(.error, file: file, line: line, column: column, message, hint: hint)
    }

    public static func warning(_ file: String, line: Int = 0, column: Int = 0, _ message: String, hint: String? = nil) -> SiteDiagnostic {
        SiteDiagnostic(.warning, file: file, line: line, column: column, message, hint: hint)
    }

    /// `file:line:col: error: message` (compiler style, so editors can jump to it), hint on the next line.
    public var description: String {
        var location = file
        if line > 0 {
            location += ":\(line)"
            location += ":\(max(column, 1))"
        }
        var text = "\(location): \(severity.rawValue): \(message)"
        if let hint { text += "\n  hint: \(hint)" }
        return text
    }
}

/// A build that could not produce a site. Carries every error found, not just the first.
public struct BuildFailure: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [SiteDiagnostic]
    public init(_ diagnostics: [SiteDiagnostic]) { self.diagnostics = diagnostics }
    public var errors: [SiteDiagnostic] { diagnostics.filter { $0.severity == .error } }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Collects diagnostics from concurrent work.
final class DiagnosticSink: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [SiteDiagnostic] = []

    func add(_ d: SiteDiagnostic) { lock.lock(); items.append(d); lock.unlock() }
    func add(contentsOf ds: [SiteDiagnostic]) { lock.lock(); items.append(contentsOf: ds); lock.unlock() }

    /// Sorted by file, then position, so output is stable whatever the task order was. The same finding
    /// reached twice (a post in several feeds) is reported once.
    var all: [SiteDiagnostic] {
        lock.lock(); defer { lock.unlock() }
        return Array(Set(items)).sorted { ($0.file, $0.line, $0.column, $0.message) < ($1.file, $1.line, $1.column, $1.message) }
    }
    var hasErrors: Bool { lock.lock(); defer { lock.unlock() }; return items.contains { $0.severity == .error } }
}

/// The warnings a serve session has shown: each is shown when it first appears, not again on every save while
/// it holds (a blog with a few broken links would otherwise repeat them after each save). A warning fixed and
/// brought back is shown again.
public struct WarningLedger: Sendable {
    private var last: Set<SiteDiagnostic> = []

    public init() {}

    /// The warnings of this build not in the last one (each once), and how many of the last ones still hold.
    public mutating func fresh(_ warnings: [SiteDiagnostic]) -> (new: [SiteDiagnostic], stillHeld: Int) {
        let now = Set(warnings)
        var seen = Set<SiteDiagnostic>()
        let new = warnings.filter { !last.contains($0) && seen.insert($0).inserted }
        let held = now.intersection(last).count
        last = now
        return (new, held)
    }
}

extension SiteDiagnostic {
    /// A code block language Galley does not know is one problem however many fences use it: it is
    /// reported once, at its first fence, with how many more there are (an imported Elixir blog had 286).
    static func foldingUnknownLanguages(_ all: [SiteDiagnostic]) -> [SiteDiagnostic] {
        let prefix = "unknown code block language `"
        var first: [String: Int] = [:]   // message → index in `out`
        var more: [String: (fences: Int, files: Set<String>)] = [:]
        var out: [SiteDiagnostic] = []
        for d in all {
            guard d.severity == .warning, d.message.hasPrefix(prefix) else { out.append(d); continue }
            if first[d.message] == nil {
                first[d.message] = out.count
                out.append(d)
            } else {
                more[d.message, default: (0, [])].fences += 1
                more[d.message]!.files.insert(d.file)
            }
        }
        for (message, extra) in more {
            let i = first[message]!
            let files = extra.files.subtracting([out[i].file]).count
            out[i].message += " (and \(extra.fences) more fence\(extra.fences == 1 ? "" : "s") with it"
                + (files > 0 ? ", in \(files) other file\(files == 1 ? "" : "s")" : "") + ")"
        }
        return out
    }
}
