extension Highlighter {
    /// The opening tag with the inline theme's style for each token class, keyed by the class name's
    /// bytes packed into an integer (names are 1–3 bytes), so the pass below allocates nothing per span.
    static let inlineSpanByClass: [UInt32: [UInt8]] = Dictionary(
        TokenClass.allCases.compactMap { c in
            inlineTheme.inlineStyle(c).map { (packedName(Array(c.cssClass.utf8)[...]), Array("<span style=\"\($0)".utf8)) }
        },
        uniquingKeysWith: { a, _ in a })

    /// Up to four bytes as one integer; longer names get a key no class has.
    static func packedName(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        guard bytes.count <= 4 else { return UInt32.max }
        return bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    /// Turns highlighted blocks in `html` (class-based, as `highlight` writes them) into inline styles for
    /// feed readers that drop stylesheets, without lexing the code again. Inside each
    /// `<pre class="highlight…">…</pre>` a token span gets its style, a token span whose class has no
    /// style is dropped with its closing tag (as inline mode writes it), other spans (line markers) stay,
    /// and the `pre` gets the theme's colours. Everything outside blocks is left as it is.
    public static func inlineStyles(in html: String) -> String {
        let b = Array(html.utf8)
        let preOpen = Array("<pre class=\"highlight".utf8)
        let preClose = Array("</pre>".utf8)
        let spanOpen = Array("<span".utf8)
        let spanClose = Array("</span>".utf8)
        let classAttr = Array(" class=\"".utf8)
        guard firstIndex(of: preOpen, in: b, from: 0) != nil else { return html }
        let theme = inlineTheme
        let preStyle = Array(" style=\"background-color:\(theme.background);color:\(theme.foreground)\"".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var kept: [Bool] = []   // per open span inside the block: was its tag written?
        var i = 0
        while let pre = firstIndex(of: preOpen, in: b, from: i) {
            out.append(contentsOf: b[i..<pre])
            guard let tagEnd = b[pre...].firstIndex(of: UInt8(ascii: ">")) else { i = pre; break }
            out.append(contentsOf: b[pre..<tagEnd])
            if firstIndex(of: Array(" style=".utf8), in: Array(b[pre..<tagEnd]), from: 0) == nil { out.append(contentsOf: preStyle) }
            i = tagEnd
            let end = firstIndex(of: preClose, in: b, from: i) ?? b.count
            kept.removeAll(keepingCapacity: true)
            while i < end, let lt = b[i..<end].firstIndex(of: UInt8(ascii: "<")) {
                out.append(contentsOf: b[i..<lt])
                if starts(b, at: lt, with: spanClose) {
                    if kept.popLast() ?? true { out.append(contentsOf: spanClose) }
                    i = lt + spanClose.count
                } else if starts(b, at: lt, with: spanOpen), let gt = b[lt..<end].firstIndex(of: UInt8(ascii: ">")) {
                    // A token span is exactly `<span class="xx">`; anything else is kept as written.
                    let valueStart = lt + spanOpen.count + classAttr.count
                    if starts(b, at: lt + spanOpen.count, with: classAttr), gt > valueStart, b[gt - 1] == UInt8(ascii: "\""),
                       let token = tokenClassKey(b[valueStart..<(gt - 1)]) {
                        if let open = inlineSpanByClass[token] {
                            out.append(contentsOf: open)
                            out.append(UInt8(ascii: "\""))
                            out.append(UInt8(ascii: ">"))
                            kept.append(true)
                        } else {
                            kept.append(false)
                        }
                    } else {
                        out.append(contentsOf: b[lt...gt])
                        kept.append(true)
                    }
                    i = gt + 1
                } else {
                    out.append(b[lt])
                    i = lt + 1
                }
            }
            out.append(contentsOf: b[i..<end])
            i = end
        }
        out.append(contentsOf: b[i...])
        return String(decoding: out, as: UTF8.self)
    }

    /// The packed key of a token class name, nil when `name` is no token class (e.g. `line hll`).
    static func tokenClassKey(_ name: ArraySlice<UInt8>) -> UInt32? {
        let key = packedName(name)
        return tokenClassKeys.contains(key) ? key : nil
    }

    static let tokenClassKeys: Set<UInt32> = Set(TokenClass.allCases.filter { $0 != .text }.map { packedName(Array($0.cssClass.utf8)[...]) })

    private static func starts(_ b: [UInt8], at i: Int, with prefix: [UInt8]) -> Bool {
        guard i + prefix.count <= b.count else { return false }
        for k in 0..<prefix.count where b[i + k] != prefix[k] { return false }
        return true
    }

    private static func firstIndex(of needle: [UInt8], in hay: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, hay.count >= needle.count else { return nil }
        var i = start
        let last = hay.count - needle.count
        while i <= last {
            if hay[i] == first {
                var k = 1
                while k < needle.count && hay[i + k] == needle[k] { k += 1 }
                if k == needle.count { return i }
            }
            i += 1
        }
        return nil
    }
}
