import TextBytes
/// kramdown's definition lists and abbreviations, which CommonMark has not (`MarkdownOptions.kramdown`).
///
/// - A paragraph followed by lines starting `: ` is a definition list: each line of the paragraph a term,
///   each `: ` line (with the lines that continue it) a definition, and the next such group after a blank
///   line joins the same list. It becomes one HTML block with the terms and definitions read as inline
///   Markdown, on the lines they came from (diagnostics keep their line numbers).
/// - `*[HTML]: HyperText Markup Language` defines an abbreviation: the line is taken out, and `HTML` in
///   the page's text (not in code) becomes `<abbr title="HyperText Markup Language">HTML</abbr>`.
///
/// A `: ` line after a blank line that follows a definition is another definition of the same terms,
/// written as a paragraph. Not read: a blank line between a term and its first definition (kramdown
/// then writes the definition's paragraphs), and definitions holding blocks.
enum KramdownDefinitions {
    struct Prepared {
        var text: String
        var abbreviations: [(name: String, title: String)]
    }

    /// The text with its definition lists written as HTML and its abbreviation lines taken out, or nil
    /// when it has neither. `inline` renders a term's or definition's Markdown as inline HTML.
    static func prepare(_ text: String, inline: (String) -> String) -> Prepared? {
        guard mayHaveDefinitions(text) else { return nil }
        var lines = lineSlices(text).map(String.init)
        var abbreviations: [(name: String, title: String)] = []
        var fence: Character? = nil
        var changed = false
        var i = 0
        while i < lines.count {
            let t = lines[i].drop { $0 == " " }
            if let f = fence {
                if t.hasPrefix(String(repeating: f, count: 3)) { fence = nil }
                i += 1; continue
            }
            if t.hasPrefix("```") || t.hasPrefix("~~~") { fence = t.first; i += 1; continue }
            if let abbreviation = abbreviation(lines[i]) {
                abbreviations.append(abbreviation)
                lines[i] = ""
                changed = true
                i += 1; continue
            }
            if definition(lines[i]) != nil, i > 0, let start = termsStart(lines, before: i) {
                i = writeList(&lines, from: start, inline: inline)
                changed = true
                continue
            }
            i += 1
        }
        return changed ? Prepared(text: lines.joined(separator: "\n"), abbreviations: abbreviations) : nil
    }

    /// Whether some line starts (after up to three spaces) with `:` or `*[`: without one, nothing to do.
    static func mayHaveDefinitions(_ text: String) -> Bool {
        var atLineStart = true, spaces = 0, previous: UInt8 = 0
        for b in text.utf8 {
            if b == 0x0A { atLineStart = true; spaces = 0; previous = b; continue }
            if atLineStart {
                if b == 0x20 && spaces < 3 { spaces += 1; continue }
                if b == 0x3A { return true }
                if b == 0x5B && previous == 0x2A { return true }
                if b != 0x2A { atLineStart = false }
            }
            previous = b
        }
        return false
    }

    /// `: text` (up to three spaces before the colon, at least one blank after it): the text.
    private static func definition(_ line: String) -> Substring? {
        let t = line.drop { $0 == " " }
        guard line.count - t.count <= 3, t.hasPrefix(":") else { return nil }
        let rest = t.dropFirst()
        guard let first = rest.first, first == " " || first == "\t" else { return nil }
        let content = rest.drop { $0 == " " || $0 == "\t" }
        return content.isEmpty ? nil : content
    }

    /// The first line of the paragraph right before line `i`, when every line of it can be a term.
    private static func termsStart(_ lines: [String], before i: Int) -> Int? {
        var start = i
        while start > 0, !isBlank(lines[start - 1]) { start -= 1 }
        guard start < i else { return nil }
        for line in lines[start..<i] {
            let t = line.drop { $0 == " " }
            guard line.count - t.count < 4, let c = t.first, !"#>-*+|<:`~".contains(c),
                  !(c.isNumber && t.drop(while: \.isNumber).first.map { $0 == "." || $0 == ")" } == true) else { return nil }
        }
        return start
    }

    /// Writes the list starting at the terms on line `start` over the same lines; returns the line after it.
    private static func writeList(_ lines: inout [String], from start: Int, inline: (String) -> String) -> Int {
        var k = start
        var last = start
        while true {
            while k < lines.count, definition(lines[k]) == nil {   // terms
                lines[k] = "<dt>" + inline(lines[k].trimmingCharacters()) + "</dt>"
                k += 1
            }
            var afterBlank = false
            while k < lines.count, let text = definition(lines[k]) {   // definitions, with their lines
                var parts = [String(text)]
                var m = k + 1
                while m < lines.count, !isBlank(lines[m]), definition(lines[m]) == nil { parts.append(lines[m].trimmingCharacters()); m += 1 }
                // kramdown: a definition after a blank line is another `<dd>` of the same term, its text a paragraph.
                let content = inline(parts.joined(separator: "\n"))
                lines[k] = afterBlank ? "<dd><p>" + content + "</p></dd>" : "<dd>" + content + "</dd>"
                for n in (k + 1)..<m { lines[n] = "" }
                last = m - 1
                k = m
                var next = m
                while next < lines.count, isBlank(lines[next]) { next += 1 }
                afterBlank = next > m && next < lines.count && definition(lines[next]) != nil
                if afterBlank { k = next }
            }
            // A blank line, then another paragraph of terms with its definitions: the same list.
            var next = k
            while next < lines.count, isBlank(lines[next]) { next += 1 }
            var end = next
            while end < lines.count, !isBlank(lines[end]), definition(lines[end]) == nil { end += 1 }
            guard next > k, end > next, end < lines.count, definition(lines[end]) != nil,
                  termsStart(lines, before: end) == next else { break }
            k = next
        }
        lines[start] = "<dl>" + lines[start]
        lines[last] += "</dl>"
        return last + 1
    }

    /// `*[name]: title`.
    private static func abbreviation(_ line: String) -> (name: String, title: String)? {
        let t = line.drop { $0 == " " }
        guard line.count - t.count <= 3, t.hasPrefix("*["), let close = t.firstIndex(of: "]") else { return nil }
        let name = t[t.index(t.startIndex, offsetBy: 2)..<close]
        let after = t[t.index(after: close)...]
        guard !name.isEmpty, !name.contains("["), after.hasPrefix(":") else { return nil }
        return (String(name), String(after.dropFirst()).trimmingCharacters())
    }

    private static func isBlank(_ line: String) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }

    /// `html` with each abbreviation in its text (outside tags, code, scripts and styles) in `<abbr>`.
    static func markAbbreviations(_ html: String, _ abbreviations: [(name: String, title: String)]) -> String {
        guard !abbreviations.isEmpty else { return html }
        let names = abbreviations.map { escapeHTML($0.name) }
        var titles: [String: String] = [:]
        for (n, a) in zip(names, abbreviations) { titles[n] = escapeHTML(a.title) }
        var out = ""
        var raw: Substring? = nil   // inside <code>, <pre>, <script>, <style>: until this end tag
        var s = Substring(html)
        while let lt = s.firstIndex(of: "<") {
            let text = s[..<lt]
            out += raw == nil ? mark(text, names, titles) : String(text)
            let gt = s[lt...].firstIndex(of: ">").map { s.index(after: $0) } ?? s.endIndex
            let tag = s[lt..<gt]
            if let end = raw {
                if tag.lowercased().hasPrefix(end) { raw = nil }
            } else {
                for name in ["code", "pre", "script", "style", "abbr"] where tag.lowercased().hasPrefix("<" + name) {
                    let after = tag.dropFirst(name.count + 1).first
                    if after == ">" || after == " " { raw = Substring("</" + name) }
                }
            }
            out += tag
            s = s[gt...]
        }
        out += raw == nil ? mark(s, names, titles) : String(s)
        return out
    }

    private static func mark(_ text: Substring, _ names: [String], _ titles: [String: String]) -> String {
        var out = ""
        var i = text.startIndex
        var runStart = i
        while i < text.endIndex {
            let atWordStart = i == text.startIndex || !isWord(text[text.index(before: i)])
            if atWordStart, let name = names.first(where: { text[i...].hasPrefix($0) }) {
                let end = text.index(i, offsetBy: name.count)
                if end == text.endIndex || !isWord(text[end]) {
                    out += text[runStart..<i]
                    out += "<abbr title=\"\(titles[name] ?? "")\">\(name)</abbr>"
                    i = end; runStart = end
                    continue
                }
            }
            i = text.index(after: i)
        }
        out += text[runStart...]
        return out
    }

    private static func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
}
