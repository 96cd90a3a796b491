import TextBytes

/// Putting kramdown's HTML elements out of CommonMark's reach, and back.
///
/// `protectElements` replaces each element CommonMark would read otherwise with an HTML comment of as
/// many lines (so diagnostics keep their line numbers); `restore` swaps the comments for the elements in
/// the rendered HTML. A comment line is never blank: CommonMark ends an HTML block that was already open
/// (the line before was HTML) at a blank line, and a comment cut there would come out as text.
/// The elements right before a protected one, with no blank line between, are protected too, so the
/// comment always starts a block of its own, which ends on its `-->` line.
///
/// kramdown's `markdown` attribute is read here too: `1`/`block` on a block element keeps only the tags
/// as placeholders and leaves the lines between to be read as Markdown; `span` (and `1` on `<p>`,
/// `<h1>`…) has the content read as inline Markdown; `0` and other values keep it raw. The attribute
/// itself never reaches the output.
extension KramdownHTML {
    /// What a placeholder stands for.
    enum Protected: Equatable {
        /// HTML to write as is.
        case html(String)
        /// An element whose content is inline Markdown: `open` + the content rendered + `close`.
        case span(open: String, inner: String, close: String)
        /// Raw HTML holding `markdown="1"` span elements (`<p markdown="1">` inside a `<div>`): the pieces in order.
        indirect case parts([Protected])
    }

    struct Protection {
        var text: String
        var items: [Protected] = []
        /// Lines (0-based) read as Markdown inside `markdown="1"` block elements.
        var blockContentLines: [Range<Int>] = []
        /// What could not be done as kramdown does it (1-based lines).
        var warnings: [MarkdownDiagnostic] = []
        /// `{::options toc_levels="2..4" /}`.
        var tocLevels: ClosedRange<Int>? = nil
    }

    static let marker = "<!--galley-html-"

    /// Elements kramdown reads their content as spans with `markdown="1"` (its span content model).
    static let spanContentTags: Set<String> = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "legend", "caption", "th", "summary"]
    /// Elements kramdown reads their content as blocks with `markdown="1"` (its block content model).
    static let blockContentTags: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "dd", "details", "div", "dl", "fieldset", "figure", "figcaption",
        "footer", "form", "header", "hgroup", "iframe", "li", "main", "map", "menu", "nav", "noscript", "object", "section", "td",
    ]

    /// The text with its elements protected; the compatibility form (span content left unread).
    static func protect(_ text: String) -> (text: String, originals: [String]) {
        let p = protectElements(text)
        return (p.text, p.items.map {
            switch $0 {
            case .html(let s): s
            default: $0.raw
            }
        })
    }

    static func protectElements(_ text: String) -> Protection {
        let extensions = containsBytes(text, "{::")
        guard extensions || mayHaveBlockElement(text) else { return Protection(text: text) }
        var lines = lineSlices(text)
        var result = Protection(text: text)
        if extensions { protectExtensions(&lines, &result) }
        var out: [Substring] = []
        out.reserveCapacity(lines.count)
        protect(lines, 0..<lines.count, into: &out, &result)
        guard !result.items.isEmpty else { return result }
        result.text = out.joined(separator: "\n")
        return result
    }

    /// Appends `lines[range]` to `out` with the elements in it protected (recursing into `markdown="1"` ones).
    private static func protect(_ lines: [Substring], _ range: Range<Int>, into out: inout [Substring], _ result: inout Protection) {
        let found = elements(in: lines, range: range)
        var chosen = found.map(\.differs)
        for j in found.indices.reversed() where chosen[j] {
            var k = j
            while k > 0, found[k - 1].lastLine + 1 == found[k].firstLine { chosen[k - 1] = true; k -= 1 }
        }
        var next = range.lowerBound
        for (e, isChosen) in zip(found, chosen) where isChosen {
            out += lines[next..<e.firstLine]
            next = e.lastLine + 1
            let text = lines[e.firstLine...e.lastLine].joined(separator: "\n")
            guard let value = e.markdown, let attribute = markdownAttribute(in: lines[e.firstLine]) else {
                if e.nestedMarkdown != nil, e.markdown == nil, let parts = nestedSpanParts(text) {
                    addPlaceholder(.parts(parts), lines: e.lastLine - e.firstLine + 1, &out, &result)
                    continue
                }
                if let inner = e.nestedMarkdown {
                    result.warnings.append(MarkdownDiagnostic(severity: .warning, line: inner + 1, column: 1,
                        message: "`markdown=` inside raw HTML `<\(e.tag)>` is not read: the element is kept as it is",
                        hint: "put `markdown=\"1\"` on the outer `<\(e.tag)>` too"))
                }
                let written = e.siblingsOnLastLine ? splitSiblings(text) ?? text : text
                addPlaceholder(.html(written), lines: e.lastLine - e.firstLine + 1, &out, &result)
                continue
            }
            let firstLine = Substring(attribute.without)
            let rest = e.lastLine > e.firstLine ? "\n" + lines[(e.firstLine + 1)...e.lastLine].joined(separator: "\n") : ""
            let withoutAttribute = String(firstLine) + rest
            let lineCount = e.lastLine - e.firstLine + 1
            let block = (value == "1" || value == "block") && blockContentTags.contains(e.tag)
            let span = value == "span" || (value == "1" && spanContentTags.contains(e.tag))
            if block, e.lastLine > e.firstLine, let openEnd = tagEnd(firstLine), firstLine[openEnd...].dropFirst().allSatisfy(\.isWhitespace),
               isEndTag(lines[e.lastLine], e.tag), !fenceLeftOpen(lines, (e.firstLine + 1)..<e.lastLine) {
                addPlaceholder(.html(String(firstLine[...openEnd])), lines: 1, &out, &result)
                result.blockContentLines.append((e.firstLine + 1)..<e.lastLine)
                protect(lines, (e.firstLine + 1)..<e.lastLine, into: &out, &result)
                addPlaceholder(.html(String(lines[e.lastLine])), lines: 1, &out, &result)
            } else if block || span, let openEnd = tagEnd(Substring(withoutAttribute)),
                      let close = lastEndTag(e.tag, in: withoutAttribute), openEnd < close {
                if block {
                    result.warnings.append(MarkdownDiagnostic(severity: .warning, line: e.firstLine + 1, column: 1,
                        message: "`markdown=\"\(value)\"` content shares a line with the `<\(e.tag)>` tags, so it is read as inline Markdown; kramdown reads block content only between tags on lines of their own",
                        hint: "put the opening and closing tags on lines of their own"))
                }
                let open = String(withoutAttribute[...openEnd])
                let inner = String(withoutAttribute[withoutAttribute.index(after: openEnd)..<close])
                addPlaceholder(.span(open: open, inner: inner, close: String(withoutAttribute[close...])),
                               lines: lineCount, &out, &result)
            } else {
                if value != "0" && (block || span || !(value == "1" || value == "block")) {
                    result.warnings.append(MarkdownDiagnostic(severity: .warning, line: e.firstLine + 1, column: 1,
                        message: "`markdown=\"\(value)\"` on `<\(e.tag)>` is not read: the element is kept as raw HTML",
                        hint: "kramdown's values are 1, block, span and 0; block content needs the tags on lines of their own"))
                }
                addPlaceholder(.html(withoutAttribute), lines: lineCount, &out, &result)
            }
        }
        out += lines[next..<range.upperBound]
    }

    /// kramdown's block extensions `{::comment}` … `{:/comment}` (an HTML comment) and `{::nomarkdown}` …
    /// `{:/nomarkdown}` (the lines as raw output), each on lines of their own, as placeholders.
    private static func protectExtensions(_ lines: inout [Substring], _ result: inout Protection) {
        var fence: Character? = nil
        var i = 0
        while i < lines.count {
            let t = String(lines[i]).trimmingCharacters()
            if let f = fence {
                if t.hasPrefix(String(repeating: f, count: 3)) { fence = nil }
                i += 1; continue
            }
            if t.hasPrefix("```") || t.hasPrefix("~~~") { fence = t.first; i += 1; continue }
            if let levels = optionsLine(t) {
                // kramdown writes nothing for the line; options other than toc_levels are warned about
                // (KramdownSpanLines.unsupported).
                if let levels { result.tocLevels = levels }
                var placeholder: [Substring] = []
                addPlaceholder(.html(""), lines: 1, &placeholder, &result)
                lines.replaceSubrange(i...i, with: placeholder)
                i += 1; continue
            }
            guard t == "{::comment}" || t == "{::nomarkdown}",
                  let end = lines[(i + 1)...].firstIndex(where: {
                      let e = String($0).trimmingCharacters()
                      return e == "{:/}" || e == (t == "{::comment}" ? "{:/comment}" : "{:/nomarkdown}")
                  }) else { i += 1; continue }
            let inner = lines[(i + 1)..<end].joined(separator: "\n")
            let item: Protected = t == "{::comment}" ? .html("<!-- " + inner.trimmingCharacters() + " -->") : .html(inner)
            var placeholder: [Substring] = []
            addPlaceholder(item, lines: end - i + 1, &placeholder, &result)
            lines.replaceSubrange(i...end, with: placeholder)
            i = end + 1
        }
    }

    /// A line `{::options … /}`: .some(the toc_levels it sets, if any), nil for any other line.
    static func optionsLine(_ t: String) -> ClosedRange<Int>?? {
        guard t.hasPrefix("{::options"), t.hasSuffix("/}") else { return nil }
        for (key, value) in optionsPairs(t) where key == "toc_levels" {
            let parts = value.components(separatedBy: "..")
            if parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), 1 <= a, a <= b, b <= 6 { return .some(a...b) }
            let list = value.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            if let a = list.min(), let b = list.max(), a >= 1, b <= 6 { return .some(a...b) }
        }
        return .some(nil)
    }

    /// `key="value"` pairs of an options line, in order.
    static func optionsPairs(_ t: String) -> [(String, String)] {
        let body = t.dropFirst("{::options".count).dropLast(2)
        var out: [(String, String)] = []
        var rest = Substring(body)
        while let eq = rest.firstIndex(of: "=") {
            let key = rest[..<eq].trimmingCharacters(in: .whitespaces)
            var after = rest[rest.index(after: eq)...]
            guard let quote = after.first, quote == "\"" || quote == "'" else { break }
            after = after.dropFirst()
            guard let close = after.firstIndex(of: quote) else { break }
            out.append((key, String(after[..<close])))
            rest = after[after.index(after: close)...]
        }
        return out
    }

    /// A comment of `lines` lines standing for `item`: `<!--galley-html-N`, `.` lines, `-->`.
    private static func addPlaceholder(_ item: Protected, lines: Int, _ out: inout [Substring], _ result: inout Protection) {
        let mark = marker + String(result.items.count)
        result.items.append(item)
        if lines == 1 {
            out.append(Substring(mark + "-->"))
        } else {
            out.append(Substring(mark))
            out += repeatElement(".", count: lines - 2)
            out.append("-->")
        }
    }

    /// The index of the `>` ending the opening tag at the start of `s` (quoted values may hold `>`).
    static func tagEnd(_ s: Substring) -> Substring.Index? {
        var quote: Character? = nil
        var i = s.startIndex
        while i < s.endIndex {
            let c = s[i]
            if let q = quote { if c == q { quote = nil } } else if c == "\"" || c == "'" { quote = c } else if c == ">" { return i }
            i = s.index(after: i)
        }
        return nil
    }

    private static func isEndTag(_ line: Substring, _ tag: String) -> Bool {
        let t = line.trimmingPrefix(while: { $0 == " " || $0 == "\t" })
        var end = t.endIndex
        while end > t.startIndex, t[t.index(before: end)].isWhitespace { end = t.index(before: end) }
        return t[..<end].lowercased() == "</" + tag + ">"
    }

    /// Where the last `</tag` (any case) in `s` starts.
    private static func lastEndTag(_ tag: String, in s: String) -> String.Index? {
        let needle = Array(("</" + tag).utf8)
        var found: String.Index? = nil
        var i = s.utf8.startIndex
        while i < s.utf8.endIndex {
            if s.utf8[i] == 0x3C, s.utf8[i...].starts(with: needle, by: { ($0 | 0x20) == $1 | 0x20 }) { found = i }
            i = s.utf8.index(after: i)
        }
        return found
    }

    /// kramdown's `markdown` attribute in the opening tag that starts `line` (after up to 3 spaces): its
    /// value, lowercased, and the line without it (and the blanks before it).
    static func markdownAttribute(in line: Substring) -> (value: String, without: String)? {
        guard let lt = line.firstIndex(of: "<"), let gt = tagEnd(line[lt...]) else { return nil }
        let b = Array(line[lt..<gt].utf8)
        let name = Array("markdown".utf8)
        var k = 1
        while k + name.count < b.count {
            defer { k += 1 }
            guard b[k - 1] == 0x20 || b[k - 1] == 0x09 || b[k - 1] == 0x0A,
                  b[k..<(k + name.count)].elementsEqual(name, by: { $0 | 0x20 == $1 }) else { continue }
            var i = k + name.count
            while i < b.count, b[i] == 0x20 { i += 1 }
            guard i < b.count, b[i] == 0x3D else { continue }
            i += 1
            while i < b.count, b[i] == 0x20 { i += 1 }
            guard i < b.count else { return nil }
            let value: ArraySlice<UInt8>
            var end: Int
            if b[i] == 0x22 || b[i] == 0x27 {
                guard let close = b[(i + 1)...].firstIndex(of: b[i]) else { return nil }
                value = b[(i + 1)..<close]
                end = close + 1
            } else {
                end = i
                while end < b.count, b[end] != 0x20, b[end] != 0x09, b[end] != 0x2F { end += 1 }
                value = b[i..<end]
            }
            var start = k
            while start > 0, b[start - 1] == 0x20 || b[start - 1] == 0x09 || b[start - 1] == 0x0A { start -= 1 }
            if end > b.count { end = b.count }
            let kept = Array(line[..<lt].utf8) + b[..<start] + b[end...] + Array(line[gt...].utf8)
            return (String(decoding: value, as: UTF8.self).lowercased(), String(decoding: kept, as: UTF8.self))
        }
        return nil
    }

    /// Whether a code fence opened in `lines[range]` is still open at its end (it would take in the end tag).
    private static func fenceLeftOpen(_ lines: [Substring], _ range: Range<Int>) -> Bool {
        var fence: (Character, Int)? = nil
        for line in lines[range] {
            let indent = line.prefix { $0 == " " }.count
            let body = line.dropFirst(indent)
            guard indent < 4, let c = body.first, c == "`" || c == "~" else { continue }
            let run = body.prefix { $0 == c }.count
            guard run >= 3 else { continue }
            if let f = fence { if f.0 == c && run >= f.1 { fence = nil } } else { fence = (c, run) }
        }
        return fence != nil
    }

    /// `html` with each placeholder comment replaced by what it stands for (`render` turns a span's
    /// content into HTML). A placeholder cut short (an excerpt ends inside it) is dropped: never written.
    static func restore(_ html: String, originals: [String]) -> String {
        restore(html) { n in n < originals.count ? originals[n] : "" }
    }

    /// A placeholder that ended up in a code block (shown as text) becomes its original, escaped likewise.
    static func restore(_ html: String, _ original: (Int) -> String) -> String {
        let restored = replace(marker, end: "-->", in: html, original)
        return replace("&lt;!--galley-html-", end: "--&gt;", in: restored) { escapeHTML(original($0)) }
    }

    private static func replace(_ marker: String, end endMark: String, in html: String, _ original: (Int) -> String) -> String {
        let bytes = Array(html.utf8), mark = Array(marker.utf8), close = Array(endMark.utf8)
        guard var start = findBytes(bytes, mark) else { return html }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 256)
        var rest = 0
        while true {
            result += bytes[rest..<start]
            let after = start + mark.count
            var d = after
            while d < bytes.count, bytes[d] >= 0x30, bytes[d] <= 0x39 { d += 1 }
            guard let end = findBytes(bytes, close, from: after) else { rest = bytes.count; break }
            if let n = Int(String(decoding: bytes[after..<d], as: UTF8.self)) { result += original(n).utf8 }
            rest = end + close.count
            guard let next = findBytes(bytes, mark, from: rest) else { break }
            start = next
        }
        result += bytes[rest...]
        return String(decoding: result, as: UTF8.self)
    }
}
