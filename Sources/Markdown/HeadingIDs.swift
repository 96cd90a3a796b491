import CCmark
/// Heading ids the way Jekyll's kramdown (GFM input) makes them, so old `#anchors` keep working.

/// Hands out kramdown-GFM ids: the first `foo` is `foo`, then `foo-1`, `foo-2`…
struct HeadingIDGenerator {
    private var counts: [String: Int] = [:]
    /// kramdown's way with a heading whose text leaves no id (`## ---`): the first has none (empty),
    /// the next `-1`, `-2`…; otherwise such headings are `section`, `section-1`…
    var emptyAsKramdown = false
    private var basicCounts: [String: Int] = [:]

    /// kramdown-parser-gfm's generate_gfm_header_id: lowercase, keep word characters
    /// (letters, marks, digits, connector punctuation), spaces and `-`, then spaces → `-`.
    static func slug(_ text: String) -> String {
        var text = text
        if let ascii = text.withUTF8({ buf -> String? in
            var out: [UInt8] = []
            out.reserveCapacity(buf.count)
            for b in buf {
                if b >= 0x80 { return nil }
                if b >= 0x41 && b <= 0x5A { out.append(b + 32) } else if b == 0x20 { out.append(0x2D) } else if isAlnumByte(b) || b == 0x2D || b == 0x5F { out.append(b) }
            }
            return String(decoding: out, as: UTF8.self)
        }) {
            return ascii
        }
        var out = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                out.append("-")
            } else if scalar == "-" || isWordScalar(scalar) {
                out.append(scalar)
            }
        }
        return String(out)
    }

    static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII {
            let v = s.value
            return (v >= 0x30 && v <= 0x39) || (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || v == 0x5F
        }
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation:
            return true
        default:
            return false
        }
    }

    /// The id for a heading whose source text is `text`, counting duplicates as kramdown does.
    mutating func id(for text: String) -> String {
        var base = HeadingIDGenerator.slug(text)
        if base.isEmpty && !emptyAsKramdown { base = "section" }
        let n = counts[base, default: -1] + 1
        counts[base] = n
        return n == 0 ? base : "\(base)-\(n)"
    }

    /// kramdown's own ids, which its GFM parser leaves to headings inside `markdown="1"` HTML elements:
    /// leading characters up to the first ASCII letter dropped, then all but ASCII letters, digits, spaces
    /// and `-`; spaces → `-`, lowercased; `section` when nothing is left. Counted apart from the GFM ids.
    mutating func basicID(for text: String) -> String {
        var bytes = Array(text.utf8).drop { !(($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A) }
        bytes = bytes.filter { isAlnumByte($0) || $0 == 0x20 || $0 == 0x2D }[...]
        var base = String(decoding: bytes.map { $0 == 0x20 ? 0x2D : ($0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0) }, as: UTF8.self)
        if base.isEmpty { base = "section" }
        let n = basicCounts[base, default: -1] + 1
        basicCounts[base] = n
        return n == 0 ? base : "\(base)-\(n)"
    }

    /// Registers an explicit `{#id}` so a later generated duplicate is numbered.
    mutating func reserve(_ id: String) {
        if counts[id] == nil { counts[id] = 0 }
    }
}

/// The heading's text as kramdown takes it for the id: the text of its inline content after Markdown
/// is read (link text, not the URL; text inside inline HTML, not the tags; code spans' code; entities and
/// smart punctuation as characters), so `[LibYAML](https://…)` is `libyaml` and `a -- b` is `a--b`.
/// Images and footnote references add nothing; line breaks are spaces.
func headingIDText(_ node: Node, footnotes: Bool) -> String {
    var bytes: [UInt8] = []
    guard let iter = cmark_iter_new(node) else { return "" }
    defer { cmark_iter_free(iter) }
    while true {
        let ev = cmark_iter_next(iter)
        if ev == CMARK_EVENT_DONE { break }
        guard ev == CMARK_EVENT_ENTER, let n = cmark_iter_get_node(iter) else { continue }
        let t = nodeType(n)
        if t == NodeType.text || t == NodeType.code {
            bytes.append(contentsOf: literalBytes(n))
        } else if t == NodeType.softBreak || t == NodeType.lineBreak {
            bytes.append(0x20)
        } else if t == NodeType.image {
            cmark_iter_reset(iter, n, CMARK_EVENT_EXIT)
        }
    }
    if footnotes { removeFootnoteReferences(&bytes) }
    return String(decoding: bytes, as: UTF8.self)
}

/// Takes `[^label]` out of a heading's text (the renderer writes those as footnote references).
private func removeFootnoteReferences(_ bytes: inout [UInt8]) {
    var i = 0
    while i + 3 < bytes.count {
        if bytes[i] == 0x5B, bytes[i + 1] == 0x5E,
           let close = bytes[(i + 2)...].firstIndex(where: { $0 == 0x5D || $0 == 0x20 || $0 == 0x5B }), bytes[close] == 0x5D, close > i + 2 {
            bytes.removeSubrange(i...close)
        } else {
            i += 1
        }
    }
}
