import CCmark

/// kramdown's list paragraphs: not a list-wide tight or loose as in CommonMark, but item by item. An item's
/// first paragraph is written bare unless a blank line follows it inside the item (a blank line before the
/// next item counts; one after the last item does not). The last of several items is bare only if an
/// earlier one is (or starts with something other than a paragraph). Other paragraphs always get `<p>`.
extension HTMLRenderer {
    func kramdownBare(_ paragraph: Node, item: Node, list: Node) -> Bool {
        guard firstChild(item) == paragraph, bareFirstParagraph(item) else { return false }
        guard nextSibling(item) == nil, previousSibling(item) != nil else { return true }
        var earlier = firstChild(list)
        while let e = earlier, e != item {
            guard let f = firstChild(e), nodeType(f) == NodeType.paragraph else { return true }
            if bareFirstParagraph(e) { return true }
            earlier = nextSibling(e)
        }
        return false
    }

    /// The item starts with a paragraph that no blank line follows (within the item, or before the next).
    private func bareFirstParagraph(_ item: Node) -> Bool {
        guard let p = firstChild(item), nodeType(p) == NodeType.paragraph else { return false }
        guard nextSibling(p) != nil || nextSibling(item) != nil else { return true }
        let next = endLine(p) + 1
        guard next <= ctx.source.lineCount else { return true }
        return !trimmed(ctx.source.contentLine(next, quotes: quoteDepth(p))).isEmpty
    }
}
