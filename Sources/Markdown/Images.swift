import CCmark

/// Images: width and height from the file (through the image hook), `loading="lazy"` on all but the
/// first, figures with captions, and warnings for images without alt text. Kept here so that
/// HTMLRenderer's walk only says where an image starts and ends.
extension HTMLRenderer {
    mutating func openImage(_ node: Node) {
        if ctx.hasIAL { attachInlineIAL(node) }
        out.append("<img src=\"")
        let url = cStringBytes(cmark_node_get_url(node))
        if ctx.options.allowRawHTML || !isDangerousURL(url) { appendEscapedHref(&out, url) }
        out.append("\" alt=\"")
        altStart = out.count
    }

    mutating func closeImage(_ node: Node) {
        let altIsEmpty = out[altStart...].allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 }
        let title = cStringBytes(cmark_node_get_title(node))
        let inFigure = figureImage == node
        if title.count > 0 && !inFigure {
            out.append("\" title=\"")
            appendEscaped(&out, title)
        }
        out.append(0x22)
        let attrs = inlineAttrs.isEmpty ? nil : inlineAttrs.removeValue(forKey: node)
        attrs?.write(to: &out)
        let written = attrs?.pairs ?? []
        let url = String(decoding: cStringBytes(cmark_node_get_url(node)), as: UTF8.self)
        appendImageHints(url: url, written: written) { $0.imagePosition(node) }
        out.append(" />")
        if inFigure {
            out.append("<figcaption>")
            appendEscaped(&out, title)
            out.append("</figcaption>")
            figureImage = nil
        }
        if altIsEmpty && ctx.options.altTextWarnings && !written.contains(where: { $0.0 == "role" && ($0.1 == "presentation" || $0.1 == "none") }) {
            let (line, column) = imagePosition(node)
            warn(line: line, column: column, "image `\(url)` has no alt text; screen readers say only that there is an image",
                 hint: "describe what it shows: `![A flame graph of the build](\(url))`; a purely decorative image takes `![](\(url)){: role=\"presentation\"}`")
        }
    }

    /// ` width="…" height="…"` from the file unless the author gave both (one given: the other from the
    /// file's ratio), then ` loading="lazy" decoding="async"` on every image but the document's first
    /// (which is likely above the fold), unless the author set them.
    mutating func appendImageHints(url: String, written: [(String, String)], at position: (Self) -> (Int, Int)) {
        let index = imageCount
        imageCount += 1
        func value(_ name: String) -> String? { written.first { $0.0.lowercased() == name }?.1 }
        if let hook = ctx.imageFile, value("width") == nil || value("height") == nil {
            switch hook(url) {
            case .size(let w, let h):
                switch (value("width").flatMap { Int($0) }, value("height").flatMap { Int($0) }, value("width"), value("height")) {
                case (_, _, nil, nil):
                    appendAttribute("width", String(w)); appendAttribute("height", String(h))
                case (let uw?, _, _, nil) where uw > 0:
                    appendAttribute("height", String(max(1, Int((Double(uw) * Double(h) / Double(w)).rounded()))))
                case (_, let uh?, nil, _) where uh > 0:
                    appendAttribute("width", String(max(1, Int((Double(uh) * Double(w) / Double(h)).rounded()))))
                default:
                    break
                }
            case .unreadable(let why):
                let (line, column) = position(self)
                warn(line: line, column: column, "cannot read the size of image `\(url)`: \(why); it is shown without width and height",
                     hint: "use a PNG, JPEG, GIF, WebP or SVG file (an SVG needs width and height in px, or a viewBox), or write the size: `{: width=\"640\" height=\"480\"}`")
            case .unknown:
                break
            }
        }
        if ctx.options.lazyImages && index > 0 {
            if value("loading") == nil { appendAttribute("loading", "lazy") }
            if value("decoding") == nil { appendAttribute("decoding", "async") }
        }
    }

    private mutating func appendAttribute(_ name: StaticString, _ value: String) {
        out.append(0x20)
        out.append(name)
        out.append("=\"")
        appendEscaped(&out, value)
        out.append(0x22)
    }

    /// The image of a paragraph that holds only an image with a title (and perhaps its attribute list):
    /// with `figures` on, written as a `<figure>` whose caption is the title.
    func figureCandidate(_ paragraph: Node) -> Node? {
        guard ctx.options.figures, let image = firstChild(paragraph), nodeType(image) == NodeType.image,
              cmark_node_get_title(image).map({ $0.pointee != 0 }) == true else { return nil }
        var rest: [Node] = []
        var n = nextSibling(image)
        while let cur = n {
            if !skipNodes.contains(cur) {
                guard nodeType(cur) == NodeType.text else { return nil }
                rest.append(cur)
            }
            n = nextSibling(cur)
        }
        guard let first = rest.first, let last = rest.last else { return image }
        // What follows must be the image's own `{: …}` and nothing else.
        let bytes = runBytes(first, last: last)
        guard case .attributes(_, let length) = parseIAL(bytes), trimmed(bytes[length...]).isEmpty else { return nil }
        return image
    }

    /// Body line and column of an image's `![`: cmark's own position, checked against the source (an
    /// image written over several lines is given its last line), else the nearest `![` above it.
    func imagePosition(_ node: Node) -> (Int, Int) {
        if let line = auxiliaryLine { return (line, 1) }
        let line = startLine(node), column = startColumn(node)
        guard line >= 1, line <= ctx.source.lineCount else { return locate(Array("![".utf8), near: node) }
        let text = Array(ctx.source.line(line))
        if column >= 1, column + 1 <= text.count, text[column - 1] == 0x21, text[column] == 0x5B { return (line, column) }
        var l = line
        var upTo = min(max(column - 1, 0), text.count)
        while l >= 1 {
            let t = Array(ctx.source.line(l))
            let end = l == line ? upTo : t.count
            if end >= 2, let c = (0..<(end - 1)).last(where: { t[$0] == 0x21 && t[$0 + 1] == 0x5B }) { return (l, c + 1) }
            l -= 1
            upTo = Int.max
        }
        return locate(Array("![".utf8), near: node)
    }
}
