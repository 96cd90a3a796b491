import Foundation

/// `markdown="1"` (or `span`) on a span-content element inside raw HTML, which kramdown reads while the
/// element around it stays raw: `<div class="note">\n  <h5 markdown="1">…</h5>\n  <p markdown="1">… `code` …</p>\n</div>`.
extension KramdownHTML {
    /// The element's text as raw pieces and span elements, or nil when a nested `markdown` attribute asks for
    /// something else (block content: kept raw, with a warning).
    static func nestedSpanParts(_ text: String) -> [Protected]? {
        guard let firstBreak = text.firstIndex(of: "\n") else { return nil }
        var parts: [Protected] = []
        var html = String(text[...firstBreak])
        var rest = text[text.index(after: firstBreak)...]
        while !rest.isEmpty {
            let lineEnd = rest.firstIndex(of: "\n") ?? rest.endIndex
            let line = rest[..<lineEnd]
            if line.contains("markdown="), let attribute = markdownAttribute(in: line) {
                let w = Substring(attribute.without + String(rest[lineEnd...]))
                guard let lt = w.firstIndex(of: "<"), let openEnd = tagEnd(w[lt...]) else { return nil }
                let name = String(w[w.index(after: lt)...].prefix { $0.isLetter || $0.isNumber }).lowercased()
                guard attribute.value == "span" || (attribute.value == "1" && spanContentTags.contains(name)) else { return nil }
                let afterOpen = w[w.index(after: openEnd)...]
                guard let close = afterOpen.range(of: "</" + name, options: .caseInsensitive),
                      let closeEnd = afterOpen[close.lowerBound...].firstIndex(of: ">") else { return nil }
                html += w[..<lt]
                if !html.isEmpty { parts.append(.html(html)); html = "" }
                parts.append(.span(open: String(w[lt...openEnd]), inner: String(afterOpen[..<close.lowerBound]),
                                   close: String(afterOpen[close.lowerBound...closeEnd])))
                rest = afterOpen[afterOpen.index(after: closeEnd)...]
                continue
            }
            html += line
            if lineEnd < rest.endIndex {
                html += "\n"
                rest = rest[rest.index(after: lineEnd)...]
            } else {
                rest = rest[lineEnd...]
            }
        }
        if !html.isEmpty { parts.append(.html(html)) }
        return parts
    }
}

extension KramdownHTML.Protected {
    /// The text as written, Markdown unread.
    var raw: String {
        switch self {
        case .html(let s): s
        case .span(let open, let inner, let close): open + inner + close
        case .parts(let parts): parts.map(\.raw).joined()
        }
    }
}
