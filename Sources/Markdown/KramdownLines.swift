import TextBytes

/// Block corners where kramdown reads lines otherwise than CommonMark, evened out in the source before
/// cmark parses it (`MarkdownOptions.kramdown` only; every line keeps its number):
///
/// - A bullet list goes on when the marker changes (`-`, then `+`, then `*`): CommonMark starts a new list
///   at each. Later items get the list's first marker.
/// - `1)` does not start a list item in kramdown: its `)` is escaped.
/// - `-|` starts a bullet item (kramdown accepts `|` after the marker), whose `|…` is a table row.
/// - An ordered list may interrupt a paragraph whatever its first number (CommonMark: only `1.`): that
///   number is written as `1`, right-aligned in the same width (kramdown never writes a start number).
/// - A line of `#` alone (`####`, `## #`) is no heading in kramdown (its heading needs text): it is text, its
///   first `#` escaped.
/// - A paragraph that is all `$$…$$` is display math, written `\[…\]` outside any paragraph (kramdown's
///   MathJax output); `$$…$$` inside a paragraph is left to `KramdownInline`.
enum KramdownLines {
    /// The text with those corners evened out, or nil when nothing changed.
    static func prepare(_ text: String) -> String? {
        guard mayChange(text) else { return nil }
        var lines = lineSlices(text).map(String.init)
        var fence: Character? = nil
        var markers: [Int: Character] = [:]   // open bullet lists: indent → first marker
        var inOrdered = false
        var changed = false
        var i = 0
        while i < lines.count {
            let line = lines[i]
            let indent = line.prefix { $0 == " " }.count
            let t = line.dropFirst(indent)
            let previousBlank = i == 0 || isBlank(lines[i - 1])
            if let f = fence {
                if indent < 4, t.hasPrefix(String(repeating: f, count: 3)) { fence = nil }
                i += 1; continue
            }
            if indent < 4, t.hasPrefix("```") || t.hasPrefix("~~~") { fence = t.first; i += 1; continue }
            if isBlank(line) { i += 1; continue }
            if indent < 4, isHashesOnly(t) {
                lines[i] = String(line.prefix(indent)) + "\\" + String(t)
                changed = true
            }
            // kramdown takes `|` as the space after a bullet marker: `-|a` is an item holding the table row `|a`.
            if indent < 4, let m = t.first, m == "-" || m == "+" || m == "*", t.dropFirst().first == "|" {
                lines[i] = String(line.prefix(indent)) + String(m) + " " + String(t.dropFirst())
                changed = true
                continue   // read the line again as an item
            }
            if let marker = bullet(t), !isRule(t), indent < 4 || markers.keys.contains(where: { $0 < indent }) {
                for k in markers.keys where k > indent { markers[k] = nil }
                if let first = markers[indent], first != marker {
                    lines[i] = String(line.prefix(indent)) + String(first) + String(t.dropFirst())
                    changed = true
                } else if markers[indent] == nil {
                    markers[indent] = marker
                }
            } else if indent < 4, let (digits, delimiter) = ordered(t) {
                if delimiter == ")" {
                    lines[i] = String(line.prefix(indent)) + digits + "\\" + String(t.dropFirst(digits.count))
                    changed = true
                } else {
                    if !previousBlank, !inOrdered, markers.isEmpty, digits != "1", !startsBlock(lines[i - 1]) {
                        let one = String(repeating: " ", count: digits.count - 1) + "1"
                        lines[i] = String(line.prefix(indent)) + one + String(t.dropFirst(digits.count))
                        changed = true
                    }
                    inOrdered = true
                }
            } else if indent < 2 && (previousBlank || isRule(t) || t.hasPrefix("#")) {
                markers = [:]
                inOrdered = false
                if previousBlank, t.hasPrefix("$$"), let end = mathEnd(lines, from: i) {
                    let body = lines[i...end].joined(separator: "\n").trimmingCharacters()
                    let math = String(body.dropFirst(2).dropLast(2)).trimmingCharacters()
                    lines[i] = "<!---->\\[" + escapeHTML(math) + "\\]"
                    for k in (i + 1)...max(i, end) where k > i { lines[k] = "" }
                    changed = true
                    i = end + 1
                    continue
                }
            }
            i += 1
        }
        return changed ? lines.joined(separator: "\n") : nil
    }

    /// The last line of a paragraph starting at `from` that is one `$$…$$` span, if it is one.
    private static func mathEnd(_ lines: [String], from: Int) -> Int? {
        var end = from
        while end + 1 < lines.count, !isBlank(lines[end + 1]) { end += 1 }
        let body = lines[from...end].joined(separator: "\n").trimmingCharacters()
        guard body.count > 4, body.hasSuffix("$$") else { return nil }
        let inner = body.dropFirst(2).dropLast(2)
        return inner.contains("$$") ? nil : end
    }


    /// `-`, `+` or `*` followed by a blank or the line's end.
    private static func bullet(_ t: Substring) -> Character? {
        guard let c = t.first, c == "-" || c == "+" || c == "*" else { return nil }
        let next = t.dropFirst().first
        return next == nil || next == " " || next == "\t" ? c : nil
    }

    /// `12.` or `12)` followed by a blank: the digits and the delimiter.
    private static func ordered(_ t: Substring) -> (String, Character)? {
        let digits = t.prefix { $0.isASCII && $0.isNumber }
        guard (1...9).contains(digits.count) else { return nil }
        let rest = t.dropFirst(digits.count)
        guard let d = rest.first, d == "." || d == ")" else { return nil }
        let next = rest.dropFirst().first
        return next == " " || next == "\t" ? (String(digits), d) : nil
    }

    /// A thematic break: three or more of one of `-`, `*`, `_`, blanks between.
    private static func isRule(_ t: Substring) -> Bool {
        var count = 0
        var mark: UInt8 = 0
        for b in t.utf8 where b != 0x20 && b != 0x09 {
            if mark == 0 {
                guard b == 0x2D || b == 0x2A || b == 0x5F else { return false }
                mark = b
            } else if b != mark {
                return false
            }
            count += 1
        }
        return count >= 3
    }

    /// `#`s and blanks only, starting with `#`.
    private static func isHashesOnly(_ t: Substring) -> Bool {
        t.first == "#" && t.utf8.allSatisfy { $0 == 0x23 || $0 == 0x20 || $0 == 0x09 }
    }

    /// Whether some line starts (after spaces) with what this pass looks at: a list marker, a digit, `$$`,
    /// or a line of `#` alone.
    /// Prose alone is left as it is without splitting it into lines (this runs on every `markdownify`).
    static func mayChange(_ text: String) -> Bool {
        var atStart = true
        var hashes = false   // the line so far is `#`s and blanks, after a `#` at its start
        for b in text.utf8 {
            if b == 0x0A {
                if hashes { return true }
                atStart = true; continue
            }
            if hashes, b != 0x23, b != 0x20, b != 0x09 { hashes = false }
            if atStart {
                if b == 0x20 || b == 0x09 { continue }
                if b == 0x2D || b == 0x2B || b == 0x2A || b == 0x24 || (b >= 0x30 && b <= 0x39) { return true }
                hashes = b == 0x23
                atStart = false
            }
        }
        return hashes
    }

    /// A line that is not a paragraph's (a heading, quote, table row, HTML, indented or list content).
    private static func startsBlock(_ line: String) -> Bool {
        guard let c = line.first else { return true }
        return c == " " || c == "\t" || "#>|<".contains(c) || bullet(Substring(line)) != nil || ordered(Substring(line)) != nil
    }

    private static func isBlank(_ line: String) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }
}
