// kramdown's reading of a quote right after `...` or an emphasis opener (KramdownInline.prepare).

extension UInt8 {
    /// ASCII punctuation: `!` to `/`, `:` to `@`, `[` to `` ` ``, `{` to `~`.
    var isASCIIPunctuation: Bool {
        (self >= 0x21 && self <= 0x2F) || (self >= 0x3A && self <= 0x40) || (self >= 0x5B && self <= 0x60) || (self >= 0x7B && self <= 0x7E)
    }
}

extension KramdownInline {
    /// kramdown decides a quote right after one of its elements (the `…` of `...`, an emphasis opener) from
    /// what follows alone, and opens it where cmark's flanking rules close it: `..."` followed by `_`, `*_`…
    /// and a non-blank, or by ASCII punctuation that a word boundary follows (kramdown 2.4: `_f..."_` is
    /// `<em>f…“</em>`); `_"...` / `*"...` at a word start (`<em>“…i”</em>`). The quote at `at` then opens.
    static func quoteAfterElement(_ line: ArraySlice<UInt8>, _ i: Int) -> Int? {
        let end = line.endIndex
        func isQuote(_ k: Int) -> Bool { k < end && (line[k] == 0x22 || line[k] == 0x27) }
        func isWord(_ k: Int) -> Bool { k < end && (line[k] >= 0x80 || line[k] == 0x5F || (line[k] | 0x20 >= 0x61 && line[k] | 0x20 <= 0x7A) || (line[k] >= 0x30 && line[k] <= 0x39)) }
        func isPunct(_ c: UInt8) -> Bool { (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) || (c >= 0x7B && c <= 0x7E) }
        let b = line[i]
        guard b == 0x2E || b == 0x5F || b == 0x2A else { return nil }
        if b == 0x2E, i + 3 < end, line[i + 1] == 0x2E, line[i + 2] == 0x2E, isQuote(i + 3), i == line.startIndex || line[i - 1] != 0x2E {
            let q = i + 3, n = q + 1
            guard n < end, isPunct(line[n]) else { return nil }   // elsewhere cmark agrees
            var run = n
            while run < end, run - n < 2, line[run] == 0x5F || line[run] == 0x2A { run += 1 }
            if run > n, run < end, line[run] != 0x20, line[run] != 0x09 { return insideTag(line, i) ? nil : q }        // [_*]{1,2}\S: opens
            let dots = n + 2 < end && line[n + 1] == 0x2E && line[n + 2] == 0x2E
            let boundaryAfter = isWord(n) != isWord(n + 1)
            if !dots && !boundaryAfter { return nil }   // punctuation, no word boundary: closes, as cmark
            return insideTag(line, i) ? nil : q   // attribute values as written
        }
        if b == 0x5F || b == 0x2A, isQuote(i + 1), i + 4 < end, line[i + 2] == 0x2E, line[i + 3] == 0x2E, line[i + 4] == 0x2E,
           i == line.startIndex || line[i - 1] == 0x20 || line[i - 1] == 0x28 {
            return insideTag(line, i) ? nil : i + 1
        }
        // After an emphasis opener, a quote followed by punctuation closes in cmark; kramdown opens it unless the
        // punctuation is ASCII and not followed by a word (`_"¿Qué?"_`, `_"'Nie'"_`, `_"(x)"_`: “ in kramdown 2.4).
        if b == 0x5F || b == 0x2A, isQuote(i + 1), i + 2 < end {
            var k = i
            if k > line.startIndex, line[k - 1] == b { k -= 1 }
            guard k == line.startIndex || line[k - 1] == 0x20 || line[k - 1] == 0x28 else { return nil }
            let x = line[i + 2]
            let opens = x >= 0x80 ? isUnicodePunctuation(line, i + 2) : isPunct(x) && isWord(i + 3)
            return opens && !insideTag(line, i) ? i + 1 : nil
        }
        return nil
    }

    /// Whether the character starting at byte `k` (not ASCII) is Unicode punctuation, as cmark reads it.
    private static func isUnicodePunctuation(_ line: ArraySlice<UInt8>, _ k: Int) -> Bool {
        var end = k + 1
        while end < line.endIndex, line[end] & 0xC0 == 0x80 { end += 1 }
        guard let scalar = String(decoding: line[k..<end], as: UTF8.self).unicodeScalars.first else { return false }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation: return true
        default: return false
        }
    }
}

// kramdown's span IAL after an inline HTML element: `<span>New</span>{: .label }` gives the span the class.

extension KramdownInline {
    static let spanTags: Set<[UInt8]> = Set(["span", "a", "abbr", "b", "i", "em", "strong", "small", "mark", "sub", "sup",
                                             "u", "s", "cite", "q", "time", "del", "ins"].map { Array($0.utf8) })

    /// The line with each `</tag>{: …}` (a span element opened earlier on the line, without `id` or `class`)
    /// folded into the opening tag, or nil when there is none. Not after an odd number of backticks (code).
    static func spanIALsAfterTags(_ line: ArraySlice<UInt8>) -> [UInt8]? {
        var out = Array(line)
        var changed = false
        var k = 0
        while k + 2 < out.count {
            guard out[k] == 0x3E, out[k + 1] == 0x7B, out[k + 2] == 0x3A,
                  let lt = out[..<k].lastIndex(of: 0x3C), lt + 1 < k, out[lt + 1] == 0x2F else { k += 1; continue }
            let name = Array(out[(lt + 2)..<k]).map { $0 | 0x20 }
            guard spanTags.contains(name), out[..<lt].filter({ $0 == 0x60 }).count % 2 == 0,
                  case .attributes(let attrs, let length) = parseIAL(out[(k + 1)...]),
                  let open = openingTag(out, name: name, before: lt) else { k += 1; continue }
            var written: [UInt8] = []
            attrs.write(to: &written)
            out.removeSubrange((k + 1)..<(k + 1 + length))
            out.insert(contentsOf: written, at: open)   // after the tag's own attributes, as kramdown writes them
            changed = true
            k += written.count + 1
        }
        return changed ? out : nil
    }

    /// Where the `>` of the last `<name` (then a space or `>`) before `end` is, when it has no `id=` or `class=`.
    private static func openingTag(_ s: [UInt8], name: [UInt8], before end: Int) -> Int? {
        var i = end - 1
        while i >= 0 {
            if s[i] == 0x3C, i + 1 + name.count < end, s[(i + 1)..<(i + 1 + name.count)].elementsEqual(name, by: { $0 | 0x20 == $1 }) {
                let after = s[i + 1 + name.count]
                guard after == 0x20 || after == 0x3E, let gt = s[i...].firstIndex(of: 0x3E) else { return nil }
                let tag = String(decoding: s[i...gt], as: UTF8.self).lowercased()
                return tag.contains(" id=") || tag.contains(" class=") ? nil : gt
            }
            i -= 1
        }
        return nil
    }
}
