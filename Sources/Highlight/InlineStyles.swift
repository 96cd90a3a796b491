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
    /// `<pre class="highlight…">…</pre>` a token span's class becomes its style and the `pre` gets the
    /// theme's colours; spans of other classes (line markers) and everything outside blocks stay as they are.
    public static func inlineStyles(in html: String) -> String {
        let b = Array(html.utf8)
        let preOpen = Array("<pre class=\"highlight".utf8)
        let preClose = Array("</pre>".utf8)
        let spanOpen = Array("<span class=\"".utf8)
        guard firstIndex(of: preOpen, in: b, from: 0) != nil else { return html }
        let theme = inlineTheme
        let preStyle = Array(" style=\"background-color:\(theme.background);color:\(theme.foreground)\"".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(b.count + b.count / 4)
        var i = 0
        while let pre = firstIndex(of: preOpen, in: b, from: i) {
            out.append(contentsOf: b[i..<pre])
            guard let tagEnd = b[pre...].firstIndex(of: UInt8(ascii: ">")) else { i = pre; break }
            out.append(contentsOf: b[pre..<tagEnd])
            if firstIndex(of: Array(" style=".utf8), in: Array(b[pre..<tagEnd]), from: 0) == nil { out.append(contentsOf: preStyle) }
            i = tagEnd
            let end = firstIndex(of: preClose, in: b, from: i) ?? b.count
            while let span = firstIndex(of: spanOpen, in: b, from: i), span < end {
                out.append(contentsOf: b[i..<span])
                let valueStart = span + spanOpen.count
                guard let quote = b[valueStart..<end].firstIndex(of: UInt8(ascii: "\"")) else { i = span; break }
                if let open = inlineSpanByClass[packedName(b[valueStart..<quote])] {
                    out.append(contentsOf: open)
                } else {
                    out.append(contentsOf: b[span..<quote])
                }
                i = quote
            }
            out.append(contentsOf: b[i..<end])
            i = end
        }
        out.append(contentsOf: b[i...])
        return String(decoding: out, as: UTF8.self)
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
