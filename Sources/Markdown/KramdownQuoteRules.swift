/// Two of kramdown's smart-quote rules that cmark decides the other way, evened out in the source
/// (`KramdownInline.fixLine`, kramdown mode only). kramdown decides each quote from its neighbours alone:
///
/// - after punctuation other than a blank, `\`, `[`, `{`, `(` or `-`, and before a word character, a quote
///   closes (`autocomplete="off"` → ”off”, `{"a":"b"}` → :”b”); cmark opens it there.
/// - after a blank and before a word character, a `'` opens (`cough 'em up`, `good 'ol`); cmark makes it an
///   apostrophe unless a closing `'` follows. `'80s` stays an apostrophe in both.
///
/// The mark is written as its entity, which cmark reads as the character. Quotes inside HTML tags, code
/// spans and link destinations are left alone (fixLine skips those), and lines that hold a link or a
/// reference definition are left to cmark.
extension KramdownInline {
    /// What to write for the quote at `i`, when it is one of those corners.
    static func quoteCorner(_ line: ArraySlice<UInt8>, _ i: Int) -> [UInt8]? {
        let q = line[i]
        guard q == 0x22 || q == 0x27, i > line.startIndex, i + 1 < line.endIndex else { return nil }
        let prev = line[i - 1], next = line[i + 1]
        func isWord(_ c: UInt8) -> Bool { c >= 0x80 || c == 0x5F || (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A) || (c >= 0x30 && c <= 0x39) }
        if prev == 0x3D || prev == 0x3A, isWord(next) {   // `=` or `:` then a word
            guard !insideTagOrLink(line, i) else { return nil }
            return Array((q == 0x22 ? "&rdquo;" : "&rsquo;").utf8)
        }
        if q == 0x27, prev == 0x20 || prev == 0x09, isWord(next) {
            guard !insideTagOrLink(line, i) else { return nil }
            // Both marks are written, so cmark pairs no other `'` with this one.
            let decade = i + 3 < line.endIndex && line[i + 1] >= 0x30 && line[i + 1] <= 0x39
                && line[i + 2] >= 0x30 && line[i + 2] <= 0x39 && line[i + 3] == 0x73
            return Array((decade ? "&rsquo;" : "&lsquo;").utf8)
        }
        return nil
    }

    /// Inside an HTML tag begun earlier on the line (or on an earlier one), or on a line with a link, an image or a reference
    /// definition (their titles and URLs keep their quotes), or in a `{:…}` attribute list.
    private static func insideTagOrLink(_ line: ArraySlice<UInt8>, _ i: Int) -> Bool {
        var k = i - 1
        while k >= line.startIndex {
            if line[k] == 0x3E { break }
            if line[k] == 0x3C, k + 1 < line.endIndex, line[k + 1] == 0x2F || (line[k + 1] | 0x20 >= 0x61 && line[k + 1] | 0x20 <= 0x7A) { return true }
            k -= 1
        }
        // A tag begun on an earlier line (`<code\nclass="x">`): a `>` comes before any `<`.
        if let angle = line[(i + 1)...].firstIndex(where: { $0 == 0x3C || $0 == 0x3E }), line[angle] == 0x3E { return true }
        var j = line.startIndex
        while j + 1 < line.endIndex {
            if line[j] == 0x5D, line[j + 1] == 0x28 || line[j + 1] == 0x3A || line[j + 1] == 0x5B { return true }   // ](  ]:  ][
            if line[j] == 0x7B, line[j + 1] == 0x3A { return true }   // {:
            j += 1
        }
        return false
    }

    /// Whether the text may hold such a quote (a prefilter for `mayChange`).
    static func mayHaveQuoteCorner(_ buf: UnsafeBufferPointer<UInt8>) -> Bool {
        guard buf.count > 2 else { return false }
        for k in 1..<(buf.count - 1) where buf[k] == 0x22 || buf[k] == 0x27 {
            let p = buf[k - 1]
            if p == 0x3D || p == 0x3A || (buf[k] == 0x27 && (p == 0x20 || p == 0x09)) { return true }
        }
        return false
    }
}
