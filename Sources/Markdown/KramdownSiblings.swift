/// kramdown writes each top-level HTML block element on a line of its own: `<p>a</p><p>b</p>` on one source
/// line comes out as `<p>a</p>\n<p>b</p>` (browsers show the same; text extracted from the page, feeds'
/// summaries and `strip_html` excerpts keep a space between the two). CommonMark keeps the line as written.
extension KramdownHTML {
    /// The element's text with a line break before each block element that follows it (or a sibling) on the
    /// line where it ends, only blanks between; nil when there is none. Text between siblings stops it
    /// (kramdown reads that text as a paragraph).
    static func splitSiblings(_ text: String) -> String? {
        var out = ""
        var depth = 0
        var changed = false
        var rest = Substring(text)
        var closedOnce = false
        while let lt = rest.firstIndex(of: "<") {
            let before = rest[..<lt]
            let tagText = rest[lt...]
            if depth == 0, closedOnce {
                guard before.allSatisfy({ $0 == " " || $0 == "\t" }) else { return changed ? out + rest : nil }
                if let name = openingTag(tagText), isElementTag(name), !before.contains("\n") {
                    out += "\n"
                    changed = true
                } else {
                    out += before
                }
            } else {
                out += before
            }
            guard let gt = tagText.firstIndex(of: ">") else { out += tagText; rest = rest[rest.endIndex...]; break }
            let tag = tagText[...gt]
            if tag.hasPrefix("</") {
                let name = tag.dropFirst(2).prefix { $0.isLetter || $0.isNumber }.lowercased()
                if isElementTag(name) {
                    depth -= 1
                    if depth <= 0 { depth = 0; closedOnce = true }
                }
            } else if let name = openingTag(tagText), isElementTag(name), !tag.hasSuffix("/>") {
                depth += 1
            }
            out += tag
            rest = rest[rest.index(after: gt)...]
        }
        out += rest
        return changed ? out : nil
    }
}
