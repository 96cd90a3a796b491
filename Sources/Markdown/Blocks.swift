import TextBytes
import CCmark

/// Headings (kramdown ids, `{#id}`, anchors, table-of-contents entries) and code blocks
/// (the hook, or the default Rouge wrapper written straight into the output).
extension HTMLRenderer {
    mutating func renderHeading(_ node: Node, entering: Bool) {
        let level = Int(cmark_node_get_heading_level(node))
        let digit = UInt8(0x30 + min(max(level, 1), 6))
        if entering {
            out.cr()
            out.append("<h")
            out.append(digit)
            var attrs = blockAttrs.isEmpty ? Attributes() : (blockAttrs[node] ?? Attributes())
            if let explicit = trailingIDInHeading(node), attrs.id == nil { attrs.id = explicit }
            let id: String
            if let given = attrs.id {
                id = given
                ids.reserve(given)
            } else {
                let text = headingIDText(node, footnotes: ctx.footnotes.hasDefinitions)
                let line = ctx.basicIDLines.isEmpty ? -1 : ctx.bodyLine(startLine(node)) - 1
                id = ctx.basicIDLines.contains { $0.contains(line) } ? ids.basicID(for: text) : ids.id(for: text)
            }
            if ctx.options.headingIDs && !id.isEmpty {
                out.append(" id=\"")
                appendEscaped(&out, id)
                out.append(0x22)
            }
            attrs.write(to: &out, skipID: true)
            if attrs.classes.contains("no_toc") { headingsWithoutTOC.insert(headings.count) }
            out.append(0x3E)
            if ctx.options.headingAnchors && ctx.options.headingIDs && !id.isEmpty {
                out.append("<a class=\"heading-anchor\" href=\"#")
                appendEscapedHref(&out, Array(id.utf8))
                out.append("\" aria-hidden=\"true\">#</a>")
            }
            headingPending.append(id)
            headingCapture = []
            inWord = false
        } else {
            out.append("</h")
            out.append(digit)
            out.append(">\n")
            let text = String(decoding: trimmed((headingCapture ?? [])[...]), as: UTF8.self)
            headingCapture = nil
            inWord = false
            let id = headingPending.popLast() ?? ""
            headings.append(Heading(level: level, id: id, text: text))
        }
    }

    /// `{#id}` at the end of a heading's text: returns the id and hides it from the output.
    private mutating func trailingIDInHeading(_ node: Node) -> String? {
        guard let last = lastChild(node), nodeType(last) == NodeType.text else { return nil }
        let lastLit = literalBytes(last)
        guard let lb = lastLit.last, lb == 0x7D else { return nil }
        var first = last
        while let p = previousSibling(first), nodeType(p) == NodeType.text { first = p }
        let bytes = runBytes(first, last: last)
        guard let found = bytes.withUnsafeBufferPointer({ trailingHeaderID($0) }) else { return nil }
        runLimit[first] = found.keep
        return found.id
    }

    mutating func renderCodeBlock(_ node: Node) {
        out.cr()
        let info = cString(cmark_node_get_fence_info(node))
        let parsed = CodeInfo(info)
        if let tab = parsed.attributes["tab"] {
            // Consecutive fences with a `tab` label are one group; the theme's script turns the
            // group into tabs. Without it (feeds, print, JavaScript off) each block shows under its label.
            if !Self.isTabFence(previousSibling(node)) { out.append("<div class=\"code-tabs\">\n") }
            out.append("<div class=\"code-tab\" data-tab=\"")
            appendEscaped(&out, tab)
            out.append("\">\n<p class=\"code-tab-label\"><strong>")
            appendEscaped(&out, tab)
            out.append("</strong></p>\n")
            renderCodeBlockBody(node, info: info, parsed: parsed)
            out.cr()
            out.append("</div>\n")
            if !Self.isTabFence(nextSibling(node)) { out.append("</div>\n") }
            return
        }
        renderCodeBlockBody(node, info: info, parsed: parsed)
    }

    static func isTabFence(_ node: Node?) -> Bool {
        guard let node, nodeType(node) == NodeType.codeBlock else { return false }
        return CodeInfo(cString(cmark_node_get_fence_info(node))).attributes["tab"] != nil
    }

    mutating func renderCodeBlockBody(_ node: Node, info: String, parsed: CodeInfo) {
        let lit = literalBytes(node)
        countWords(lit)
        inWord = false
        let start = out.count
        defer { if ctx.options.plainText { codeTexts.append(TextInstead(range: start..<out.count, text: lit)) } }
        let attrs = blockAttrs.isEmpty ? nil : blockAttrs.removeValue(forKey: node)
        if ctx.plainCodeBlocks && attrs == nil {
            // The default hook, written straight into the output.
            out.append("<div class=\"language-")
            if let lang = parsed.language { appendEscaped(&out, lang) } else { out.append("plaintext") }
            out.append(" highlighter-rouge\"><div class=\"highlight\"><pre class=\"highlight\"><code>")
            appendEscaped(&out, lit)
            out.append("</code></pre></div></div>\n")
            return
        }
        let block = CodeBlock(code: stringFromUTF8(lit), language: parsed.language, info: info,
                              attributes: parsed.attributes, highlightedLines: parsed.highlightedLines,
                              line: ctx.bodyLine(startLine(node)), htmlAttributes: attrs?.asList ?? [])
        let at = out.count
        out.appendString(ctx.codeBlockRenderer(block))
        hookRanges.append(at..<out.count)
    }


    /// Puts kramdown-style tables of contents (`<ul id="markdown-toc">`) where `{:toc}` lists were,
    /// listing the main document's headings except `.no_toc` ones, nested by level.
    mutating func insertTablesOfContents(mainHeadings: Int) {
        guard !tocPositions.isEmpty else { return }
        // kramdown keeps the type of the list the `{:toc}` replaced, for the nested lists too.
        let tag = tocPositions.first?.ordered == true ? "ol" : "ul"
        var html = "<\(tag) id=\"markdown-toc\">\n"
        var levels: [Int] = []
        for (k, h) in headings.prefix(mainHeadings).enumerated()
        where !headingsWithoutTOC.contains(k) && ctx.options.tocLevels.contains(h.level) {
            if let top = levels.last, h.level > top {
                html += "\n<\(tag)>\n"
                levels.append(h.level)
            } else if !levels.isEmpty {
                html += "</li>\n"
                while levels.count > 1, let top = levels.last, top > h.level {
                    levels.removeLast()
                    html += "</\(tag)>\n</li>\n"
                }
                levels[levels.count - 1] = h.level
            } else {
                levels.append(h.level)
            }
            html += "<li><a href=\"#\(escapeHTML(h.id))\" id=\"markdown-toc-\(escapeHTML(h.id))\">\(escapeHTML(h.text))</a>"
        }
        if !levels.isEmpty {
            html += "</li>\n"
            for _ in 1..<levels.count { html += "</\(tag)>\n</li>\n" }
        }
        html += "</\(tag)>\n"
        if levels.isEmpty { html = "" }   // kramdown writes no list when there is no heading to list
        let bytes = Array(html.utf8)
        for p in tocPositions.reversed() { out.insert(contentsOf: bytes, at: p.offset) }
        guard !bytes.isEmpty else { return }
        // The code blocks after each list move by its length.
        for k in hookRanges.indices {
            let before = tocPositions.reduce(0) { $0 + ($1.offset <= hookRanges[k].lowerBound ? 1 : 0) }
            hookRanges[k] = hookRanges[k].lowerBound + before * bytes.count ..< hookRanges[k].upperBound + before * bytes.count
        }
    }
}
