import CCmark

/// kramdown's smart quote right after an inline element (code span, emphasis, link, inline HTML). kramdown
/// reads each text run on its own, so a quote starting the run has no character before it: it closes
/// before whitespace, the end, punctuation or a lone `s` (`` `x`'s ``, `*Custer*'s`) and opens otherwise
/// (`` `to_liquid`'d `` gives ‘d). cmark looks at the element's last character instead, and decides the other
/// way in some of these. The marks cmark made are set again by kramdown's rule (`MarkdownOptions.kramdown`).
enum KramdownQuotes {
    private static let lsquo: [UInt8] = [0xE2, 0x80, 0x98], rsquo: [UInt8] = [0xE2, 0x80, 0x99]
    private static let ldquo: [UInt8] = [0xE2, 0x80, 0x9C], rdquo: [UInt8] = [0xE2, 0x80, 0x9D]
    private static let elements: Set<UInt32> = [NodeType.code, NodeType.emph, NodeType.strong, NodeType.link,
                                                NodeType.image, NodeType.htmlInline]

    static func adjust(_ document: Node) {
        var targets: [Node] = []
        forEachNode(document) { n in
            guard nodeType(n) == NodeType.text, let prev = previousSibling(n), elements.contains(nodeType(prev)) else { return }
            targets.append(n)
        }
        for n in targets { adjustText(n) }
    }

    private static func adjustText(_ n: Node) {
        var bytes = Array(literalBytes(n))
        guard bytes.count >= 3 else { return }
        let head = Array(bytes[0..<3])
        let single = head == lsquo || head == rsquo
        guard single || head == ldquo || head == rdquo else { return }
        // What follows the mark: the rest of this text, else the next text node's.
        var after = Array(bytes[3...])
        if after.isEmpty, let next = nextSibling(n), nodeType(next) == NodeType.text { after = Array(literalBytes(next)) }
        let closes = closesAtRunStart(after)
        let mark = single ? (closes ? rsquo : lsquo) : (closes ? rdquo : ldquo)
        guard mark != head else { return }
        bytes.replaceSubrange(0..<3, with: mark)
        bytes.append(0)
        bytes.withUnsafeBufferPointer { buf in
            buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) { _ = cmark_node_set_literal(n, $0) }
        }
    }

    /// kramdown's rules for a quote with nothing before it, by what follows.
    static func closesAtRunStart(_ after: [UInt8]) -> Bool {
        guard let c = after.first else { return true }
        if c == 0x20 || c == 0x09 || c == 0x0A { return true }
        if c == 0x73, after.count == 1 || !isWord(after[1]) { return true }                       // 's
        if after.count >= 3, isDigit(after[0]), isDigit(after[1]), after[2] == 0x73 { return true } // '80s
        if c < 0x80, !isWord(c) { return !(c == 0x5F || c == 0x2A) }                                   // punctuation
        return false
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    private static func isWord(_ b: UInt8) -> Bool {
        isDigit(b) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) || b == 0x5F || b >= 0x80
    }
}
