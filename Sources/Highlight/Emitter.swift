/// Writes tokens as HTML: escaped bytes inside `<span class="…">` (or inline styles for feeds).
/// Works on bytes end to end; a block is turned into a String once, at the end.
struct Emitter {
    /// Open tags per class (indexed by raw value); empty for classes rendered without a span.
    let open: [[UInt8]]
    static let close: [UInt8] = Array("</span>".utf8)

    static let classTags: [[UInt8]] = TokenClass.allCases.map {
        $0 == .text ? [] : Array("<span class=\"\($0.cssClass)\">".utf8)
    }

    init(inline theme: Theme?) {
        if let theme {
            open = TokenClass.allCases.map { cls in
                guard cls != .text, let style = theme.inlineStyle(cls) else { return [] }
                return Array("<span style=\"\(style)\">".utf8)
            }
        } else {
            open = Emitter.classTags
        }
    }

    /// Per-line wrapping: line numbers and highlighted lines need every line in its own element.
    struct Lines {
        var highlighted: Set<Int>
        /// Extra class per line (diff markers), 1-based.
        var lineClass: [Int: String] = [:]
    }

    func render(_ b: UnsafeBufferPointer<UInt8>, _ tokens: [Token], lines: Lines?, into out: inout [UInt8]) {
        out.reserveCapacity(out.count + b.count * 2 + tokens.count * 24)
        if let lines {
            renderLines(b, tokens, lines, into: &out)
            return
        }
        var start = 0
        for t in tokens {
            let end = Int(t.end)
            let tag = open[Int(t.cls.rawValue)]
            if tag.isEmpty {
                Emitter.escape(b, start, end, into: &out)
            } else {
                out.append(contentsOf: tag)
                Emitter.escape(b, start, end, into: &out)
                out.append(contentsOf: Emitter.close)
            }
            start = end
        }
    }

    private func lineOpen(_ number: Int, _ lines: Lines, _ out: inout [UInt8]) {
        var cls = "line"
        if lines.highlighted.contains(number) { cls += " hll" }
        if let extra = lines.lineClass[number] { cls += " " + extra }
        out.append(contentsOf: Array("<span class=\"\(cls)\">".utf8))
    }

    private func renderLines(_ b: UnsafeBufferPointer<UInt8>, _ tokens: [Token], _ lines: Lines, into out: inout [UInt8]) {
        var line = 1
        var start = 0
        if b.count > 0 { lineOpen(line, lines, &out) }
        for t in tokens {
            let end = Int(t.end)
            let tag = open[Int(t.cls.rawValue)]
            var seg = start
            var tagOpen = false
            if !tag.isEmpty && end > start { out.append(contentsOf: tag); tagOpen = true }
            var k = start
            while k < end {
                if b[k] == 10 {
                    Emitter.escape(b, seg, k, into: &out)
                    if tagOpen { out.append(contentsOf: Emitter.close); tagOpen = false }
                    out.append(contentsOf: Emitter.close)
                    out.append(10)
                    line += 1
                    if k + 1 < b.count {
                        lineOpen(line, lines, &out)
                        if !tag.isEmpty && k + 1 < end { out.append(contentsOf: tag); tagOpen = true }
                    }
                    seg = k + 1
                }
                k += 1
            }
            Emitter.escape(b, seg, end, into: &out)
            if tagOpen { out.append(contentsOf: Emitter.close) }
            start = end
        }
        if b.count > 0 && b[b.count - 1] != 10 { out.append(contentsOf: Emitter.close) }
    }

    /// Appends `b[start..<end]` with `&`, `<`, `>` escaped, copying clean runs in one go.
    @inline(__always) static func escape(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, into out: inout [UInt8]) {
        var run = start
        var k = start
        while k < end {
            let c = b[k]
            if c == 60 || c == 62 || c == 38 {
                if k > run { out.append(contentsOf: UnsafeBufferPointer(rebasing: b[run..<k])) }
                switch c {
                case 60: out.append(contentsOf: [38, 108, 116, 59])       // &lt;
                case 62: out.append(contentsOf: [38, 103, 116, 59])       // &gt;
                default: out.append(contentsOf: [38, 97, 109, 112, 59])   // &amp;
                }
                run = k + 1
            }
            k += 1
        }
        if end > run { out.append(contentsOf: UnsafeBufferPointer(rebasing: b[run..<end])) }
    }
}
