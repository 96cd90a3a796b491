/// A line starting with a span-level tag (`<img …/>`, `<em>`, `<a href=…>`) starts a paragraph in kramdown;
/// CommonMark starts an HTML block (its kind 7) when that tag is alone on its line, so the lines after it up to
/// a blank line stay raw: no `<p>`, and no Markdown read inside (`<em>\n  see [posts](/p)\n</em>`).
///
/// `prepare` puts a word joiner (U+2060) before such a line's `<`, which makes cmark read a paragraph and
/// leaves the tag inline HTML; `strip` takes the joiners out of what was rendered. A text that already holds
/// the character is left as it is. Lines of fenced code are skipped; a joiner landing anywhere else raw (an
/// HTML block, indented code) is taken out the same way.
enum KramdownSpanLines {
    static let joiner = "\u{2060}"
    private static let joinerBytes: [UInt8] = Array(joiner.utf8)

    /// Tags CommonMark starts an HTML block with (kinds 1 and 6) that kramdown's block list lacks: left alone.
    static let commonMarkBlockTags: Set<String> = [
        "base", "basefont", "col", "dir", "frame", "frameset", "head", "hr", "html", "link", "menuitem", "meta",
        "noframes", "optgroup", "option", "param", "search", "title", "track",
    ]

    static func prepare(_ text: String) -> String? {
        guard text.utf8.contains(0x3C), !text.contains(joiner) else { return nil }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var fence: (UInt8, Int)? = nil
        var changed = false
        for range in FootnoteSource.lineRanges(bytes) {
            let line = bytes[range]
            if let f = fence {
                if FootnoteSource.closesFence(line, f) { fence = nil }
            } else if let f = FootnoteSource.opensFence(line) {
                fence = f
            } else if indentation(line) < 4, let lt = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
                      bytes[lt] == 0x3C, startsSpanTag(line[lt...]) {
                if !changed { out = Array(bytes[..<range.lowerBound]); changed = true }
                out += bytes[range.lowerBound..<lt]
                out += joinerBytes
                out += bytes[lt..<range.upperBound]
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

    /// `<name` or `</name` where the name is a tag kramdown reads as span-level.
    private static func startsSpanTag(_ s: ArraySlice<UInt8>) -> Bool {
        var i = s.index(after: s.startIndex)
        if i < s.endIndex, s[i] == 0x2F { i += 1 }
        let nameStart = i
        while i < s.endIndex, isAlnum(s[i]) || (i > nameStart && s[i] == 0x2D) { i += 1 }
        guard i > nameStart, isAlpha(s[nameStart]) else { return false }
        guard i == s.endIndex || [0x20, 0x09, 0x3E, 0x2F, 0x0D].contains(s[i]) else { return false }
        let name = String(decoding: s[nameStart..<i], as: UTF8.self).lowercased()
        return !KramdownHTML.isElementTag(name) && !commonMarkBlockTags.contains(name)
    }

    private static func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    private static func isAlnum(_ b: UInt8) -> Bool { isAlpha(b) || (b >= 0x30 && b <= 0x39) }

    private static func indentation(_ line: ArraySlice<UInt8>) -> Int {
        var n = 0
        for b in line { if b == 0x20 { n += 1 } else if b == 0x09 { n += 4 - n % 4 } else { break } }
        return n
    }

    static func strip(_ s: String) -> String {
        s.contains(joiner) ? s.replacing(joiner, with: "") : s
    }

    static func strip(_ doc: inout MarkdownDocument) {
        doc.html = strip(doc.html)
        doc.excerptHTML = strip(doc.excerptHTML)
        doc.excerptText = strip(doc.excerptText)
        doc.text = doc.text.map(strip)
        for i in doc.headings.indices { doc.headings[i].text = strip(doc.headings[i].text) }
    }
}
