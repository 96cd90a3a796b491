import Foundation
import Liquid
import Site

/// Jekyll's front matter split: `Utils.has_yaml_header?` decides whether a file is a page or a static
/// file, and `YAML_FRONT_MATTER_REGEXP` separates the YAML from the body.
enum JekyllFrontMatter {
    /// The first line is `---` followed only by spaces, tabs or `\r` (Jekyll reads one line and matches
    /// `\A---\s*\r?\n`).
    static func hasHeader(_ bytes: some Collection<UInt8>) -> Bool {
        var it = bytes.makeIterator()
        for _ in 0..<3 { guard it.next() == 0x2D else { return false } }
        while let c = it.next() {
            if c == 0x0A { return true }
            guard c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0B || c == 0x0C else { return false }
        }
        return false
    }

    /// Reads just the first bytes of a file to answer `hasHeader`.
    static func fileHasHeader(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 256)) ?? Data()
        return hasHeader(head)
    }

    struct Split {
        /// The YAML text, starting with the opening `---` line (so its lines are the file's lines).
        var yaml: String
        var body: String
        /// 1-based line of the body's first character.
        var bodyLine: Int
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0B || c == 0x0C }

    /// `\A(---\s*\n.*?\n?)^((---|\.\.\.)\s*$\n?)` (Ruby, multiline): nil when the file has no front matter.
    /// The whitespace-only lines after the closing `---` belong to the match, as in Jekyll.
    static func split(_ text: String) -> Split? {
        let b = Array(text.utf8)
        guard b.count >= 4, b[0] == 0x2D, b[1] == 0x2D, b[2] == 0x2D else { return nil }
        // Opening: `---`, whitespace, a newline (the whitespace may span lines).
        var i = 3
        var firstNewline = -1
        while i < b.count, isSpace(b[i]) { if b[i] == 0x0A, firstNewline < 0 { firstNewline = i }; i += 1 }
        guard firstNewline >= 0 else { return nil }
        // Closing: the first line after the opening newline that is `---` or `...` then only whitespace.
        var lineStart = firstNewline + 1
        while lineStart <= b.count {
            if lineStart + 3 <= b.count {
                let d = b[lineStart]
                if (d == 0x2D || d == 0x2E), b[lineStart + 1] == d, b[lineStart + 2] == d {
                    var j = lineStart + 3
                    var lastNewline = -1
                    while j < b.count, isSpace(b[j]) { if b[j] == 0x0A { lastNewline = j }; j += 1 }
                    // `$` needs the end of a line: the end of text, or a newline inside the whitespace run.
                    let bodyStart: Int? = j == b.count ? b.count : (lastNewline >= 0 ? lastNewline + 1 : nil)
                    if let bodyStart {
                        let yaml = String(decoding: b[0..<lineStart], as: UTF8.self)
                        let body = String(decoding: b[bodyStart...], as: UTF8.self)
                        let line = b[0..<bodyStart].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
                        return Split(yaml: yaml, body: body, bodyLine: line)
                    }
                }
            }
            guard let next = b[lineStart...].firstIndex(of: 0x0A) else { break }
            lineStart = next + 1
        }
        return nil
    }

    /// Front matter of a file read the way Jekyll reads it. A YAML error or a non-hash is reported (an
    /// error with `strict_front_matter`, else a warning: Jekyll logs it and goes on with no front matter).
    static func read(_ text: String, file: String, timeZone: TimeZone, strict: Bool)
        -> (data: LiquidHash, body: String, bodyLine: Int, hadFrontMatter: Bool, diagnostics: [SiteDiagnostic]) {
        var text = text
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        guard let split = split(text) else { return (LiquidHash(), text, 1, false, []) }
        var (value, diags) = RubyYAML.load(split.yaml, file: file, timeZone: timeZone)
        if !strict {
            diags = diags.map { d in
                guard d.severity == .error else { return d }
                var w = d
                w.severity = .warning
                w.message += "; Jekyll skips this front matter"
                return w
            }
        }
        switch value {
        case .hash(let h)?: return (h, split.body, split.bodyLine, true, diags)
        case nil, .null?, .bool(false)?: return (LiquidHash(), split.body, split.bodyLine, true, diags)
        default:
            diags.append(.error(file, line: 2, column: 1, "front matter must be a mapping of keys to values",
                                hint: "write `key: value` lines between the `---` lines"))
            return (LiquidHash(), split.body, split.bodyLine, true, diags)
        }
    }
}
