/// `<img>` tags in raw HTML get the same width, height and lazy loading as Markdown images (authors
/// write `<img>` for what Markdown cannot say, such as `srcset`). Attributes they wrote win.
extension HTMLRenderer {
    mutating func appendRawHTMLWithImages(_ lit: UnsafeBufferPointer<UInt8>, node: Node) {
        guard ctx.imageFile != nil || ctx.options.lazyImages, var tag = Self.nextImgTag(lit, from: 0) else {
            appendRawHTML(lit); return
        }
        var done = 0
        while true {
            appendRawHTML(UnsafeBufferPointer(rebasing: lit[done..<tag.insertAt]))
            let src = tag.attributes.first { $0.0 == "src" }?.1 ?? ""
            let start = tag.start
            appendImageHints(url: src, written: tag.attributes) { r in r.rawPosition(of: start, in: lit, node: node) }
            done = tag.insertAt
            guard let next = Self.nextImgTag(lit, from: tag.end) else { break }
            tag = next
        }
        appendRawHTML(UnsafeBufferPointer(rebasing: lit[done...]))
    }

    /// Body line and column of byte `offset` of a raw HTML node's text.
    func rawPosition(of offset: Int, in lit: UnsafeBufferPointer<UInt8>, node: Node) -> (Int, Int) {
        if let line = auxiliaryLine { return (line, 1) }
        var line = max(startLine(node), 1), column = max(startColumn(node), 1) + offset
        for i in 0..<offset where lit[i] == 0x0A {
            line += 1
            column = offset - i
        }
        return (line, column)
    }

    struct ImgTag {
        var start: Int
        /// Where new attributes go: before `/>` or `>`.
        var insertAt: Int
        /// Just past the tag's `>`.
        var end: Int
        /// Lowercased names, values with quotes removed and `&amp;` decoded.
        var attributes: [(String, String)]
    }

    /// The next complete `<img …>` at or after `from`, case-insensitive.
    static func nextImgTag(_ s: UnsafeBufferPointer<UInt8>, from: Int) -> ImgTag? {
        func blank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C }
        var i = from
        while i + 4 < s.count {
            guard s[i] == 0x3C, s[i + 1] | 0x20 == 0x69, s[i + 2] | 0x20 == 0x6D, s[i + 3] | 0x20 == 0x67,
                  blank(s[i + 4]) || s[i + 4] == 0x2F || s[i + 4] == 0x3E else { i += 1; continue }
            var j = i + 4
            var attributes: [(String, String)] = []
            while j < s.count {
                let c = s[j]
                if c == 0x3E {
                    let insert = j > i + 4 && s[j - 1] == 0x2F ? j - 1 : j
                    return ImgTag(start: i, insertAt: insert, end: j + 1, attributes: attributes)
                }
                if blank(c) || c == 0x2F { j += 1; continue }
                let nameStart = j
                while j < s.count, !blank(s[j]), s[j] != 0x3D, s[j] != 0x3E, s[j] != 0x2F { j += 1 }
                let name = String(decoding: UnsafeBufferPointer(rebasing: s[nameStart..<j]), as: UTF8.self).lowercased()
                var k = j
                while k < s.count, blank(s[k]) { k += 1 }
                guard k < s.count, s[k] == 0x3D else { attributes.append((name, "")); continue }
                k += 1
                while k < s.count, blank(s[k]) { k += 1 }
                guard k < s.count else { return nil }
                var valueStart = k, valueEnd: Int
                if s[k] == 0x22 || s[k] == 0x27 {
                    let quote = s[k]
                    valueStart = k + 1
                    valueEnd = valueStart
                    while valueEnd < s.count, s[valueEnd] != quote { valueEnd += 1 }
                    guard valueEnd < s.count else { return nil }
                    j = valueEnd + 1
                } else {
                    valueEnd = k
                    while valueEnd < s.count, !blank(s[valueEnd]), s[valueEnd] != 0x3E,
                          !(s[valueEnd] == 0x2F && valueEnd + 1 < s.count && s[valueEnd + 1] == 0x3E) { valueEnd += 1 }
                    j = valueEnd
                }
                let value = String(decoding: UnsafeBufferPointer(rebasing: s[valueStart..<valueEnd]), as: UTF8.self)
                attributes.append((name, value.contains("&amp;") ? value.replacingAmpersands() : value))
            }
            return nil
        }
        return nil
    }
}

private extension String {
    func replacingAmpersands() -> String { split(separator: "&amp;", omittingEmptySubsequences: false).joined(separator: "&") }
}
