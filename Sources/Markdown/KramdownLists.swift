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

/// kramdown's task lists: `class="task-list"` on a list holding a task, `class="task-list-item"` on all its items.
extension HTMLRenderer {
    /// Whether list item `item` starts with a task marker (`[ ] `, `[x] `), as the text runs read it.
    func isTaskItem(_ item: Node) -> Bool {
        guard ctx.options.extensions, ctx.hasBrackets, let p = firstChild(item), nodeType(p) == NodeType.paragraph,
              let t = firstChild(p), nodeType(t) == NodeType.text else { return false }
        var s: [UInt8] = []   // cmark splits text at brackets: the first bytes of the run of texts
        var n: Node? = t
        while let cur = n, nodeType(cur) == NodeType.text, s.count < 4 { s += literalBytes(cur); n = nextSibling(cur) }
        guard s.count >= 4 else { return false }
        let b = 0
        return s[b] == 0x5B && s[b + 2] == 0x5D && (s[b + 3] == 0x20 || s[b + 3] == 0x09)
            && (s[b + 1] == 0x20 || s[b + 1] == 0x78 || s[b + 1] == 0x58)
    }

    /// Whether any item of `list` is a task.
    func hasTaskItem(_ list: Node) -> Bool {
        var item = firstChild(list)
        while let i = item { if isTaskItem(i) { return true }; item = nextSibling(i) }
        return false
    }
}
