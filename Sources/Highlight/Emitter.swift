import TextBytes
import Foundation

/// Writes tokens as HTML: escaped bytes inside `<span class="…">` (or inline styles for feeds).
/// Works on bytes end to end; a block is turned into a String once, at the end.
struct Emitter {
    /// Open tags per class (indexed by raw value); empty for classes rendered without a span.
    let open: [[UInt8]]
    static let close: [UInt8] = Array("</span>".utf8)
    /// `</span>` and a spare byte as one word in memory order, for `renderString`'s single store.
    static let closeWord: UInt64 = close.withUnsafeBytes { c in
        var w: UInt64 = 0
        withUnsafeMutableBytes(of: &w) { $0.copyMemory(from: c) }
        return w
    }

    static let classTags: [[UInt8]] = TokenClass.allCases.map {
        $0 == .text ? [] : Array("<span class=\"\($0.cssClass)\">".utf8)
    }

    /// All open tags back to back, with each class's offset and length: one buffer, no nested arrays in the hot loop.
    let flat: [UInt8]
    let offsets: [Int32]
    let lengths: [Int32]

    /// Built once: the tag tables are the same for every block.
    static let classes = Emitter(inline: nil)
    static let inlineStyles = Emitter(inline: Highlighter.inlineTheme)
    static func shared(inline: Bool) -> Emitter { inline ? inlineStyles : classes }

    init(inline theme: Theme?) {
        if let theme {
            open = TokenClass.allCases.map { cls in
                guard cls != .text, let style = theme.inlineStyle(cls) else { return [] }
                return Array("<span style=\"\(style)\">".utf8)
            }
        } else {
            open = Emitter.classTags
        }
        var f: [UInt8] = [], o: [Int32] = [], l: [Int32] = []
        for t in open { o.append(Int32(f.count)); l.append(Int32(t.count)); f += t }
        f += [UInt8](repeating: 0, count: 8)   // the last tag is copied eight bytes at a time too
        flat = f; offsets = o; lengths = l
    }

    /// The fast path: no per-line wrapping. Writes straight into the String's storage,
    /// sized for the worst case (every byte escaped, every token tagged).
    func renderString(_ b: UnsafeBufferPointer<UInt8>, _ tokens: [Token], prefix: [UInt8], suffix: [UInt8]) -> String {
        let maxTag = Int(lengths.max() ?? 0) + 7
        let closeWord = Emitter.closeWord
        // The 16 spare bytes also take the short-token store's 8 bytes past the end of what it writes.
        let capacity = prefix.count + suffix.count + b.count * 5 + tokens.count * maxTag + 16
        return String(unsafeUninitializedCapacity: capacity) { out in
            let p = out.baseAddress!
            var o = 0
            prefix.withUnsafeBufferPointer { _ = memcpy(p, $0.baseAddress!, $0.count) }
            o = prefix.count
            flat.withUnsafeBufferPointer { tags in
                offsets.withUnsafeBufferPointer { offs in
                    lengths.withUnsafeBufferPointer { lens in
                        tokens.withUnsafeBufferPointer { toks in
                            var start = 0
                            for t in toks {
                                let end = Int(t.end)
                                let c = Int(t.cls.rawValue)
                                let len = Int(lens[c])
                                if len > 0 {
                                    // Tags are a few words long: whole words, the last one's spare bytes written over next.
                                    let tag = UnsafeRawPointer(tags.baseAddress! + Int(offs[c]))
                                    var q = 0
                                    while q < len {
                                        UnsafeMutableRawPointer(p + o + q).storeBytes(of: tag.loadUnaligned(fromByteOffset: q, as: UInt64.self), as: UInt64.self)
                                        q += 8
                                    }
                                    o += len
                                }
                                var k = start
                                // Most tokens are shorter than eight bytes: when none of theirs needs escaping, one
                                // 8-byte load and store (the bytes past the token are written over next).
                                if end - start < 8 && start + 8 <= b.count {
                                    let x = UInt64(littleEndian: UnsafeRawPointer(b.baseAddress! + start).loadUnaligned(as: UInt64.self))
                                    let mine: UInt64 = (1 << UInt64(8 * (end - start))) &- 1
                                    if (maybeHasByte(x, 60) | maybeHasByte(x, 62) | maybeHasByte(x, 38)) & mine == 0 {
                                        UnsafeMutableRawPointer(p + o).storeBytes(of: x.littleEndian, as: UInt64.self)
                                        o += end - start
                                        k = end
                                    }
                                }
                                while k < end {
                                    // Eight bytes at once while none needs escaping (long comments, strings, indentation).
                                    while k + 8 <= end {
                                        let x = UnsafeRawPointer(b.baseAddress! + k).loadUnaligned(as: UInt64.self)
                                        if maybeHasByte(x, 60) | maybeHasByte(x, 62) | maybeHasByte(x, 38) != 0 { break }
                                        UnsafeMutableRawPointer(p + o).storeBytes(of: x, as: UInt64.self)
                                        o += 8
                                        k += 8
                                    }
                                    let stop = min(k + 8, end)
                                    while k < stop {
                                        let ch = b[k]
                                        if ch == 60 { p[o] = 38; p[o + 1] = 108; p[o + 2] = 116; p[o + 3] = 59; o += 4 }
                                        else if ch == 62 { p[o] = 38; p[o + 1] = 103; p[o + 2] = 116; p[o + 3] = 59; o += 4 }
                                        else if ch == 38 { p[o] = 38; p[o + 1] = 97; p[o + 2] = 109; p[o + 3] = 112; p[o + 4] = 59; o += 5 }
                                        else { p[o] = ch; o += 1 }
                                        k += 1
                                    }
                                }
                                if len > 0 {
                                    UnsafeMutableRawPointer(p + o).storeBytes(of: closeWord, as: UInt64.self)
                                    o += 7
                                }
                                start = end
                            }
                        }
                    }
                }
            }
            suffix.withUnsafeBufferPointer { _ = memcpy(p + o, $0.baseAddress!, $0.count) }
            o += suffix.count
            return o
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
