import TextBytes

/// kramdown starts a raw HTML block only at a block-level tag: a line that starts with a span-level
/// element (`<img …>`, `<i>`, `<span class="x">`, `</i>`) is Markdown text, read into a paragraph with its
/// neighbours (smart quotes, emphasis, links and all). CommonMark starts an HTML block (its kind 7) at any
/// complete tag alone on a line, and keeps the lines after it raw up to the next blank line.
///
/// `mark` puts an inert end tag (`</galley-span>`) before such tags so the line no longer holds a tag alone
/// and cmark reads a paragraph; `unmark` takes the marks out of the rendered HTML. Lines keep their numbers.
enum KramdownSpanLines {
    static let mark: [UInt8] = Array("</galley-span>".utf8)
    static let markString = "</galley-span>"

    /// kramdown's span-level HTML elements (its HTML parser's list).
    static let spanTags: Set<String> = [
        "a", "abbr", "acronym", "b", "big", "bdo", "br", "button", "cite", "code", "del", "dfn", "em", "i", "img", "input",
        "ins", "kbd", "label", "mark", "option", "q", "rb", "rbc", "rp", "rt", "rtc", "ruby", "samp", "select", "small",
        "span", "strong", "sub", "sup", "tt", "u", "var",
    ]

    /// The text with a mark before each line-starting span tag outside code, or nil when there is none.
    static func mark(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.contains(0x3C) else { return nil }
        var out: [UInt8] = []
        var fence: (UInt8, Int)? = nil
        var changed = false
        for range in FootnoteSource.lineRanges(bytes) {
            let line = bytes[range]
            if let f = fence {
                if FootnoteSource.closesFence(line, f) { fence = nil }
            } else if let f = FootnoteSource.opensFence(line) {
                fence = f
            } else if FootnoteSource.indentation(line) < 4, startsWithSpanTag(trimmed(line)) {
                let indent = line.prefix { $0 == 0x20 || $0 == 0x09 }
                if !changed { out.reserveCapacity(bytes.count + 256); out += bytes[..<range.lowerBound]; changed = true }
                out += indent
                out += mark
                out += line.dropFirst(indent.count)
                if range.upperBound < bytes.count { out.append(0x0A) }
                continue
            }
            if changed {
                out += line
                if range.upperBound < bytes.count { out.append(0x0A) }
            }
        }
        return changed ? String(decoding: out, as: UTF8.self) : nil
    }

    /// `<name` or `</name` followed by a blank, `>` or `/`, with `name` a span-level element.
    static func startsWithSpanTag(_ t: ArraySlice<UInt8>) -> Bool {
        guard t.first == 0x3C else { return false }
        var i = t.startIndex + 1
        if i < t.endIndex, t[i] == 0x2F { i += 1 }
        var name: [UInt8] = []
        while i < t.endIndex, name.count < 8, (t[i] | 0x20) >= 0x61, (t[i] | 0x20) <= 0x7A {
            name.append(t[i] | 0x20); i += 1
        }
        guard !name.isEmpty, i < t.endIndex, t[i] == 0x20 || t[i] == 0x09 || t[i] == 0x3E || t[i] == 0x2F else { return false }
        return spanTags.contains(String(decoding: name, as: UTF8.self))
    }

    /// Span content (`<p markdown="1">`) as text cmark reads as one paragraph: kramdown reads no blocks
    /// there, so `- @name` at a line start is a dash, not a list. Each line loses its indentation (no code
    /// block) and a line opening a list, heading, quote, rule or fence gets that marker escaped.
    static func inlineOnly(_ text: String) -> String {
        guard text.contains("\n") || text.first.map({ "-+*#>=`~0123456789".contains($0) }) == true else { return text }
        var lines: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = raw.drop { $0 == " " || $0 == "\t" }
            guard let first = line.first else { lines.append(""); continue }
            let second = line.dropFirst().first
            let bullet = "-+*".contains(first) && (second == nil || second == " " || second == "\t")
            let rule = "-*_=".contains(first) && line.allSatisfy { $0 == first || $0 == " " }
            let fence = "`~".contains(first) && line.hasPrefix(String(repeating: first, count: 3))
            if bullet || rule || fence || first == "#" || first == ">" {
                lines.append("\\" + line)
                continue
            }
            let digits = line.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, digits.count < 10, let after = line.dropFirst(digits.count).first, after == "." || after == ")" {
                line = line.dropFirst(digits.count)
                lines.append(String(digits) + "\\" + line)
                continue
            }
            lines.append(String(line))
        }
        return lines.joined(separator: "\n")
    }

    /// Warnings for kramdown syntax Galley accepts but does not read, so nothing is dropped silently:
    /// extensions other than `{::comment}` and `{::nomarkdown}` (`{::options … /}`) are written as text.
    /// One warning, at the first such line.
    static func unsupported(_ text: String) -> [MarkdownDiagnostic] {
        guard containsBytes(text, "{::") else { return [] }
        var out: [MarkdownDiagnostic] = []
        var fence: (UInt8, Int)? = nil
        var sawExtension = false
        let bytes = Array(text.utf8)
        for (n, range) in FootnoteSource.lineRanges(bytes).enumerated() {
            let line = bytes[range]
            if let f = fence {
                if FootnoteSource.closesFence(line, f) { fence = nil }
                continue
            } else if let f = FootnoteSource.opensFence(line) {
                fence = f; continue
            }
            let t = trimmed(line)
            // `{::comment}` and `{::nomarkdown}` are read (KramdownProtect); definition lists too (KramdownDefinitions).
            if t.starts(with: Array("{::options".utf8)), KramdownHTML.optionsLine(String(decoding: t, as: UTF8.self)) != nil {
                // Read (KramdownProtect): toc_levels is applied, other options are named here.
                let unread = KramdownHTML.optionsPairs(String(decoding: t, as: UTF8.self)).map(\.0).filter { $0 != "toc_levels" }
                if !unread.isEmpty {
                    out.append(MarkdownDiagnostic(severity: .warning, line: n + 1, column: 1,
                        message: "kramdown option\(unread.count == 1 ? "" : "s") \(unread.map { "`\($0)`" }.joined(separator: ", ")) in `{::options}` not applied (only toc_levels is read)",
                        hint: "set it in _config.yml's `kramdown:` if Galley reads it there, or remove it"))
                }
                continue
            }
            if !sawExtension, t.starts(with: Array("{::".utf8)), !t.starts(with: Array("{::comment".utf8)),
               !t.starts(with: Array("{::nomarkdown".utf8)), !t.starts(with: Array("{:/".utf8)) {
                sawExtension = true
                out.append(MarkdownDiagnostic(severity: .warning, line: n + 1, column: 1,
                    message: "kramdown extension `\(String(decoding: t.prefix(40), as: UTF8.self))` is not read: written as text",
                    hint: "remove it (for `{::options}`, set the option in _config.yml's `kramdown:`)"))
            }
        }
        return out
    }

    /// The HTML without the marks (also where one was shown escaped).
    static func unmark(_ html: String) -> String {
        guard containsBytes(html, "galley-span") else { return html }
        return replacingBytes(replacingBytes(html, markString, with: ""), "&lt;/galley-span&gt;", with: "")
    }
}
