import TextBytes
import CCmark

/// Callouts: GitHub's alerts (`> [!NOTE]` … `> [!CAUTION]`) and kramdown themes' `{: .notice}`
/// classes on a quote (Galley sites; not in kramdown mode, which writes the quote as kramdown does). Written as a `<blockquote>` with a bold title, so a feed reader, which
/// drops the theme's styles, still shows a quote that says what it is.
extension HTMLRenderer {
    static let alertTitles: [String: String] = ["NOTE": "Note", "TIP": "Tip", "IMPORTANT": "Important",
                                                "WARNING": "Warning", "CAUTION": "Caution"]
    /// kramdown theme classes (Minimal Mistakes' `notice--…`, plain `.warning`) → the alert they mean.
    static let noticeClasses: [String: String] = ["notice": "NOTE", "notice--info": "NOTE", "notice--primary": "IMPORTANT",
                                                  "notice--success": "TIP", "notice--warning": "WARNING", "notice--danger": "CAUTION",
                                                  "note": "NOTE", "tip": "TIP", "warning": "WARNING", "caution": "CAUTION"]

    /// On a paragraph only the kramdown themes' own names count (`.notice…`, `.warning`): a plain
    /// `{: .note}` on a paragraph is too common a class of a site's own to take over.
    static let paragraphNoticeClasses = noticeClasses.filter { $0.key.hasPrefix("notice") || $0.key == "warning" }

    mutating func renderBlockQuote(_ node: Node, entering: Bool) {
        out.cr()
        guard entering else {
            out.append("</blockquote>\n")
            return
        }
        var attrs = blockAttrs.isEmpty ? nil : blockAttrs.removeValue(forKey: node)
        // kramdown has neither GitHub's alerts nor callouts: a class is only a class there.
        let kind = ctx.options.kramdown ? nil : alertMarker(node) ?? attrs?.classes.lazy.compactMap { Self.noticeClasses[$0] }.first
        guard let kind, let title = ctx.options.calloutTitles[kind] ?? Self.alertTitles[kind] else {
            out.append("<blockquote")
            attrs?.write(to: &out)
            out.append(">\n")
            return
        }
        var callout = Attributes(classes: ["callout", "callout-" + kind.lowercased()])
        if let a = attrs { callout.merge(a) }
        attrs = callout
        out.append("<blockquote")
        attrs?.write(to: &out)
        out.append(">\n<p class=\"callout-title\"><strong>")
        appendEscaped(&out, title)
        out.append("</strong></p>\n")
    }

    /// A paragraph with a notice class (`Text\n{: .notice--warning}`) gets the same titled quote around it.
    mutating func openParagraphCallout(_ kind: String) {
        out.append("<blockquote class=\"callout callout-")
        out.append(contentsOf: Array(kind.lowercased().utf8))
        out.append("\">\n<p class=\"callout-title\"><strong>")
        appendEscaped(&out, ctx.options.calloutTitles[kind] ?? Self.alertTitles[kind] ?? "Note")
        out.append("</strong></p>\n")
    }

    /// `[!NOTE]` alone on the quote's first line: the kind, with the marker (and the line break
    /// after it, or its whole paragraph) left out of the output.
    mutating func alertMarker(_ quote: Node) -> String? {
        guard let para = firstChild(quote), nodeType(para) == NodeType.paragraph, let first = firstChild(para) else { return nil }
        var text: [UInt8] = []
        var markerNodes: [Node] = []
        var n: Node? = first
        while let cur = n, nodeType(cur) == NodeType.text, text.count < 16 {
            text += Array(literalBytes(cur))
            markerNodes.append(cur)
            n = nextSibling(cur)
        }
        while text.last == 0x20 { text.removeLast() }
        guard text.count > 3, text.first == 0x5B, text[1] == 0x21, text.last == 0x5D else { return nil }
        let kind = String(decoding: text[2..<(text.count - 1)], as: UTF8.self).uppercased()
        guard Self.alertTitles[kind] != nil else { return nil }
        if let rest = n {
            guard nodeType(rest) == NodeType.softBreak || nodeType(rest) == NodeType.lineBreak else { return nil }
            markerNodes.append(rest)
            markerNodes.forEach { skipNodes.insert($0) }
        } else {
            skipNodes.insert(para)
        }
        return kind
    }
}
