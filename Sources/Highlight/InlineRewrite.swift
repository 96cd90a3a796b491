import TextBytes
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

extension InlineTable {
    /// The rewritten blocks in one buffer, and how the result interleaves them with the input's text
    /// between blocks. That text is appended from the input String as it is: a String slice is not
    /// validated again, where turning a whole page of bytes back into a String checked every byte of its
    /// prose (typographic quotes make it non-ASCII) — a fifth of the rewrite's cost, measured.
    struct Rewrite {
        /// One piece of the result: `input[start..<end]`, or `out[start..<end]` (a rewritten block).
        struct Piece {
            var fromInput: Bool
            var start: Int
            var end: Int
        }
        var out: UnsafeMutablePointer<UInt8>? = nil
        var pieces: [Piece] = []
        var total = 0

        mutating func add(fromInput: Bool, _ start: Int, _ end: Int) {
            guard end > start else { return }
            pieces.append(Piece(fromInput: fromInput, start: start, end: end))
            total += end - start
        }

        func deallocate() { out?.deallocate() }

        /// The result: `source` is the String whose bytes were rewritten.
        func assemble(_ source: String) -> String {
            var result = String()
            result.reserveCapacity(total)
            let u = source.utf8
            for piece in pieces {
                if piece.fromInput {
                    // Pieces start and end at ASCII bytes (`<` of a tag, or the ends): scalar boundaries.
                    let a = u.index(u.startIndex, offsetBy: piece.start), b = u.index(u.startIndex, offsetBy: piece.end)
                    result.append(contentsOf: source[a..<b])
                } else if let out {
                    result.append(stringFromUTF8(UnsafeBufferPointer(start: out + piece.start, count: piece.end - piece.start)))
                }
            }
            return result
        }
    }

    /// Per open span inside a block, whether its tag was written: a bit per level (spans nest a few deep),
    /// an array past 64 levels. Popping an empty stack answers true (a stray `</span>` is kept).
    struct KeptStack {
        private var bits: UInt64 = 0
        private var depth = 0
        private var deeper: [Bool] = []

        @inline(__always) mutating func push(_ kept: Bool) {
            if depth < 64 {
                let bit: UInt64 = 1 << UInt64(depth)
                bits = kept ? bits | bit : bits & ~bit
            } else {
                deeper.append(kept)
            }
            depth += 1
        }

        @inline(__always) mutating func pop() -> Bool {
            guard depth > 0 else { return true }
            depth -= 1
            return depth < 64 ? (bits >> UInt64(depth)) & 1 != 0 : deeper.removeLast()
        }

        mutating func reset() {
            depth = 0
            deeper.removeAll(keepingCapacity: true)
        }
    }

    /// `<span cl`, `ass="`, `</span>` and `</pre>` as little-endian words (the latter three masked to their length).
    static let spanClassWord = word("<span cl"), assWord = word("ass=\""), spanCloseWord = word("</span>"), preCloseWord = word("</pre>")

    static func word(_ s: StaticString) -> UInt64 {
        var w: UInt64 = 0
        for k in 0..<min(s.utf8CodeUnitCount, 8) { w |= UInt64(s.utf8Start[k]) << UInt64(8 * k) }
        return w
    }

    @inline(__always) static func load(_ p: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
    }

    /// Rewrites every block from `firstBlock` on. A token span exactly as `highlight` writes it
    /// (`<span class="k">`, `</span>`) is read with three word loads; anything else takes the general
    /// path, which checks the same things byte by byte (so both give the same output: the tests compare
    /// the whole with the plain reference implementation).
    func rewrite(_ p: UnsafePointer<UInt8>, _ n: Int, firstBlock: Int) -> Rewrite {
        // Worst case: every 16 input bytes a `<span class="x">` that grows to the longest style, every
        // 21 bytes a `pre` that gains the colours; 32 spare bytes take the word stores past the end.
        let capacity = n + (n / 16 + 1) * maxOpen + (n / 21 + 1) * preStyle.count + 32
        let out = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        var plan = Rewrite()
        plan.out = out
        var o = 0
        /// `p[from..<to]` to the output; short runs (most, between tags) as two words.
        @inline(__always) func copy(_ from: Int, _ to: Int) {
            let len = to - from
            if len <= 16 && from + 16 <= n {
                UnsafeMutableRawPointer(out + o).storeBytes(of: UnsafeRawPointer(p + from).loadUnaligned(as: UInt64.self), as: UInt64.self)
                UnsafeMutableRawPointer(out + o + 8).storeBytes(of: UnsafeRawPointer(p + from + 8).loadUnaligned(as: UInt64.self), as: UInt64.self)
            } else if len > 0 {
                memcpy(out + o, p + from, len)
            }
            if len > 0 { o += len }
        }
        var kept = KeptStack()
        var i = 0
        var next: Int? = firstBlock
        flat.withUnsafeBufferPointer { tags in
            offsets.withUnsafeBufferPointer { offsets in
                lengths.withUnsafeBufferPointer { lengths in
                    preStyle.withUnsafeBufferPointer { preStyle in
                        @inline(__always) func open(_ tag: Int) {
                            let len = lengths[tag]
                            let from = UnsafeRawPointer(tags.baseAddress! + offsets[tag])
                            var q = 0
                            while q < len {
                                UnsafeMutableRawPointer(out + o + q).storeBytes(of: from.loadUnaligned(fromByteOffset: q, as: UInt64.self), as: UInt64.self)
                                q += 8
                            }
                            o += len
                            out[o] = 0x22
                            out[o + 1] = 0x3E
                            o += 2
                        }
                        while let pre = next {
                            plan.add(fromInput: true, i, pre)
                            guard let hit = memchr(p + pre, 0x3E, n - pre) else { i = pre; break }
                            let blockStart = o
                            let tagEnd = UnsafeRawPointer(hit) - UnsafeRawPointer(p)
                            copy(pre, tagEnd)
                            if Highlighter.findBytes(" style=", in: p, from: pre, to: tagEnd) == nil {
                                memcpy(out + o, preStyle.baseAddress!, preStyle.count)
                                o += preStyle.count
                            }
                            i = tagEnd
                            // The block ends at the first `</pre>`: found on the way, among the `<` the loop stops at
                            // anyway, rather than by a search of its own over every tag first.
                            var end = n
                            kept.reset()
                            while i < n, let lt = InlineTable.nextTagStart(p, n, from: i) {
                                copy(i, lt)
                                if lt + 24 <= n {
                                    let w0 = InlineTable.load(p + lt)
                                    if w0 == InlineTable.spanClassWord {
                                        if InlineTable.load(p + lt + 8) & 0xFF_FFFF_FFFF == InlineTable.assWord {
                                            // The name ends at the first `"` (the lowest flag is exact) and `>` follows;
                                            // a name the table knows is letters only, so no `>` or `</pre>` comes first.
                                            let w2 = InlineTable.load(p + lt + 13)
                                            let q = maybeHasByte(w2, 0x22).trailingZeroBitCount >> 3
                                            if q >= 1 && q <= 4 && (w2 >> UInt64(8 * (q + 1))) & 0xFF == 0x3E, let tag = lookup(p + lt + 13, q) {
                                                if tag >= 0 { open(tag) }
                                                kept.push(tag >= 0)
                                                i = lt + 15 + q
                                                continue
                                            }
                                        }
                                    } else if w0 & 0x00FF_FFFF_FFFF_FFFF == InlineTable.spanCloseWord {
                                        if kept.pop() {
                                            UnsafeMutableRawPointer(out + o).storeBytes(of: w0.littleEndian, as: UInt64.self)
                                            o += 7
                                        }
                                        i = lt + 7
                                        continue
                                    } else if w0 & 0xFFFF_FFFF_FFFF == InlineTable.preCloseWord {
                                        end = lt; i = lt   // `p[i..<lt]` is written already
                                        break
                                    }
                                }
                                if Highlighter.hasBytes(p, n, at: lt, "</pre>") { end = lt; i = lt; break }
                                if Highlighter.hasBytes(p, n, at: lt, "</span>") {
                                    if kept.pop() { copy(lt, lt + 7) }
                                    i = lt + 7
                                } else if Highlighter.hasBytes(p, n, at: lt, "<span"), let gt = spanTagEnd(p, n, from: lt) {
                                    // A token span is exactly `<span class="xx">`; anything else is kept as written.
                                    let valueStart = lt + 13
                                    if Highlighter.hasBytes(p, n, at: lt + 5, " class=\""), gt > valueStart, p[gt - 1] == 0x22,
                                       let tag = lookup(p + valueStart, gt - 1 - valueStart) {
                                        if tag >= 0 { open(tag) }
                                        kept.push(tag >= 0)
                                    } else {
                                        copy(lt, gt + 1)
                                        kept.push(true)
                                    }
                                    i = gt + 1
                                } else {
                                    out[o] = 0x3C
                                    o += 1
                                    i = lt + 1
                                }
                            }
                            copy(i, end)
                            plan.add(fromInput: false, blockStart, o)
                            i = end
                            next = Highlighter.findBytes(InlineTable.preOpen, in: p, from: i, to: n)
                        }
                    }
                }
            }
        }
        plan.add(fromInput: true, i, n)
        return plan
    }
}
