/// Block-level kramdown IALs, found before rendering because they change opening tags:
/// a paragraph that is only `{: …}` applies to the block before it (or after it, when first),
/// and a `{: …}` last line of a paragraph applies to the paragraph, or to the enclosing list or
/// quote when written lazily at their left edge.

extension HTMLRenderer {
    /// Walks the blocks once before rendering: block IALs and tables change opening tags
    /// and need look-ahead the single rendering pass does not have.
    mutating func prepass(_ document: Node) {
        let ial = ctx.hasIAL, pipes = ctx.hasPipes
        guard ial || pipes else { return }
        var tableCandidates: [Node] = []
        var stack: [Node] = [document]
        while let container = stack.popLast() {
            var child = firstChild(container)
            while let c = child {
                child = nextSibling(c)
                let t = nodeType(c)
                if t == NodeType.paragraph {
                    if ial { paragraphIAL(c) }
                    // kramdown: one line with a pipe is a table too.
                    if pipes && (endLine(c) > startLine(c) || ctx.options.kramdown) { tableCandidates.append(c) }
                } else if t == NodeType.heading {
                    if pipes && endLine(c) > startLine(c) { tableCandidates.append(c) }
                } else if t == NodeType.blockQuote || t == NodeType.list || t == NodeType.item {
                    stack.append(c)
                }
            }
        }
        if !tableCandidates.isEmpty { prepareTables(tableCandidates) }
    }

    /// `{: .note}` on the first line of a paragraph (kramdown lets a block IAL come right before its
    /// block): the rest of the paragraph gets the attributes.
    private mutating func leadingIAL(_ p: Node) -> Bool {
        guard let first = firstChild(p), nodeType(first) == NodeType.text else { return false }
        var last = first
        while let next = nextSibling(last), nodeType(next) == NodeType.text { last = next }
        guard let brk = nextSibling(last), nodeType(brk) == NodeType.softBreak, nextSibling(brk) != nil else { return false }
        let bytes = runBytes(first, last: last)
        guard bytes.count >= 3, bytes[0] == 0x7B, bytes[1] == 0x3A,
              case .attributes(let attrs, let length) = parseIAL(bytes), trimmed(bytes[length...]).isEmpty else { return false }
        var merged = blockAttrs[p] ?? Attributes()
        merged.merge(attrs)
        blockAttrs[p] = merged
        var n: Node? = first
        while let cur = n { skipNodes.insert(cur); if cur == brk { break }; n = nextSibling(cur) }
        return true
    }

    private mutating func paragraphIAL(_ p: Node) {
        if leadingIAL(p) { return }
        if ctx.options.kramdown, splitAtIALLines(p) { return }
        guard let last = lastChild(p), nodeType(last) == NodeType.text else { return }
        var first = last
        while let prev = previousSibling(first), nodeType(prev) == NodeType.text { first = prev }
        let before = previousSibling(first)
        guard before == nil || nodeType(before!) == NodeType.softBreak else { return }
        let bytes = runBytes(first, last: last)
        guard bytes.count >= 3, bytes[0] == 0x7B, bytes[1] == 0x3A else { return }
        switch parseIAL(bytes) {
        case .none:
            return
        case .invalid(let why):
            let (line, col) = locate(bytes, near: p)
            warn(line: line, column: col, "invalid attribute list, left as text: \(why)")
            return
        case .attributes(let attrs, let length):
            guard trimmed(bytes[length...]).isEmpty else {
                let (line, col) = locate(bytes, near: p)
                warn(line: line, column: col, "text after an attribute list; left as text")
                return
            }
            var target: Node?
            if let softBreak = before {
                // Last line of a paragraph.
                target = lastLineTarget(p, ialLine: endLine(p))
                var n: Node? = softBreak
                while let cur = n { skipNodes.insert(cur); if cur == last { break }; n = nextSibling(cur) }
            } else {
                // A paragraph of its own, as kramdown reads it: the block right before it (no blank line
                // between), else the next block; after a blank line with no block following, nothing.
                let blankBefore = startLine(p) > 1 && trimmed(ctx.source.line(startLine(p) - 1)).isEmpty
                if let prev = previousSibling(p), !blankBefore {
                    target = prev
                } else if let next = nextSibling(p) {
                    target = next
                } else if previousSibling(p) != nil {
                    let (line, col) = locate(bytes, near: p)
                    warn(line: line, column: col, "attribute list follows a blank line and no block comes after it; not applied (put it right under the block)")
                    skipNodes.insert(p)
                    return
                }
                if target == nil, previousSibling(p) == nil, nextSibling(p) == nil, let parent = parentNode(p), nodeType(parent) != NodeType.document {
                    target = parentNode(parent).flatMap { nodeType($0) == NodeType.list ? $0 : nil } ?? parent
                }
                skipNodes.insert(p)
            }
            guard let t = target else {
                let (line, col) = locate(bytes, near: p)
                warn(line: line, column: col, "attribute list has no element to apply to")
                return
            }
            var merged = blockAttrs[t] ?? Attributes()
            merged.merge(attrs)
            if merged.references.contains("toc") && nodeType(t) == NodeType.list {
                // kramdown: the list is replaced by a table of contents.
                tocLists.insert(t)
            }
            blockAttrs[t] = merged
        }
    }

    /// For `{: …}` on the last line of paragraph `p`: the paragraph itself, unless the line is
    /// a lazy continuation further left, in which case the outermost list or quote it lines up with.
    private func lastLineTarget(_ p: Node, ialLine: Int) -> Node {
        let raw = ctx.source.line(ialLine)
        var col = 1
        for b in raw {
            if b == 0x20 { col += 1 } else if b == 0x09 { col += 4 } else { break }
        }
        let lazy = raw.dropFirst(col - 1).first == 0x7B
        guard lazy, col < startColumn(p) else { return p }
        var target = p
        var a = parentNode(p)
        while let anc = a, nodeType(anc) != NodeType.document, startColumn(anc) >= col {
            if nodeType(anc) != NodeType.item { target = anc }
            a = parentNode(anc)
        }
        return target
    }

    /// kramdown ends a paragraph at a line that is only a block IAL and applies it to the lines before:
    /// `Font size 1` / `{: .fs-1 }` / `Font size 2` / `{: .fs-2 }` is two paragraphs with their classes.
    /// Returns false (nothing done) when no line but the last is an IAL. Not inside list items, whose
    /// paragraphs kramdown may write without `<p>`.
    private mutating func splitAtIALLines(_ p: Node) -> Bool {
        if let parent = parentNode(p), nodeType(parent) == NodeType.item { return false }
        // The paragraph's lines: (first node, last node, soft break after it).
        var lines: [(first: Node, last: Node, breakAfter: Node?)] = []
        var child = firstChild(p)
        while let start = child {
            var end = start
            while let next = nextSibling(end), nodeType(next) != NodeType.softBreak { end = next }
            let brk = nextSibling(end)
            lines.append((start, end, brk))
            child = brk.flatMap(nextSibling)
        }
        func ial(_ line: (first: Node, last: Node, breakAfter: Node?)) -> Attributes? {
            var n: Node? = line.first
            while let cur = n {
                if nodeType(cur) != NodeType.text { return nil }
                if cur == line.last { break }
                n = nextSibling(cur)
            }
            let bytes = runBytes(line.first, last: line.last)
            guard bytes.count >= 3, bytes[0] == 0x7B, bytes[1] == 0x3A, bytes[2] != 0x3A,
                  case .attributes(let attrs, let length) = parseIAL(bytes), trimmed(bytes[length...]).isEmpty else { return nil }
            return attrs
        }
        guard lines.count >= 3 else { return false }
        let attrs = lines.map(ial)
        guard attrs[1..<(lines.count - 1)].contains(where: { $0 != nil }) else { return false }
        // Segments of text lines, each closed by the IAL line after it (if any).
        var segmentStart = true
        var pendingBreak: Node?  // the soft break that opens the current segment (nil: the paragraph's own <p>)
        for (i, line) in lines.enumerated() {
            if let a = attrs[i], i > 0, !segmentStart {
                if let opening = pendingBreak { paragraphSplits[opening] = .some(a) } else {
                    var merged = blockAttrs[p] ?? Attributes()
                    merged.merge(a)
                    blockAttrs[p] = merged
                }
                // Skip the break before the IAL line and the line itself.
                if let before = previousSibling(line.first) { skipNodes.insert(before) }
                var n: Node? = line.first
                while let cur = n { skipNodes.insert(cur); if cur == line.last { break }; n = nextSibling(cur) }
                segmentStart = true
                if let after = line.breakAfter {
                    paragraphSplits.updateValue(nil, forKey: after)
                    pendingBreak = after
                }
                continue
            }
            segmentStart = false
        }
        return true
    }
}
