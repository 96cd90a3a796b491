/// Byte fast paths for the Character-level string tests of detection. Each answers on bytes only where
/// that is provably the Character answer (ASCII text: every ASCII byte but CR before LF is a Character
/// of its own and equals no other) and otherwise asks the Character-level original, so Unicode text
/// (combining marks, the Kelvin sign that equals "K") is judged exactly as before.
extension Substring {
    /// `hasPrefix(p)` for an ASCII literal.
    @inline(__always) func hasASCIIPrefix(_ p: StaticString) -> Bool {
        p.withUTF8Buffer { pb in
            let u = utf8
            var i = u.startIndex
            for q in pb {
                guard i < u.endIndex else { return false }
                let c = u[i]
                if c >= 0x80 || q >= 0x80 || q == 13 { return hasPrefix(p.description) }
                // An ASCII byte starts a Character that no other ASCII Character equals.
                if c != q { return false }
                i = u.index(after: i)
            }
            // The match is whole unless the next byte may extend the last Character.
            return i == u.endIndex || u[i] < 0x80 ? true : hasPrefix(p.description)
        }
    }

    /// `hasSuffix(p)` for an ASCII literal.
    @inline(__always) func hasASCIISuffix(_ p: StaticString) -> Bool {
        p.withUTF8Buffer { pb in
            // On the contiguous bytes, as `hasASCIIPrefix`: stepping the view back from its end cost ~300 instructions a call.
            if let r = utf8.withContiguousStorageIfAvailable({ Substring.asciiSuffix(pb, $0) }) { return r ?? hasSuffix(p.description) }
            let u = utf8
            guard u.count >= pb.count, pb.count > 0 else { return hasSuffix(p.description) }
            var i = u.index(u.endIndex, offsetBy: -pb.count)
            let from = i
            var equal = true
            for q in pb {
                let c = u[i]
                if c >= 0x80 || q >= 0x80 || q == 13 || q == 10 { return hasSuffix(p.description) }
                if c != q { equal = false }
                i = u.index(after: i)
            }
            guard equal else { return false }
            // A non-ASCII Character before the match could absorb its first byte (a prepended mark).
            return from == u.startIndex || u[u.index(before: from)] < 0x80 ? true : hasSuffix(p.description)
        }
    }

    /// `hasASCIISuffix`'s walk on bytes: true or false where the bytes decide, nil where the Character test must.
    @inline(__always) static func asciiSuffix(_ pb: UnsafeBufferPointer<UInt8>, _ u: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard u.count >= pb.count, pb.count > 0 else { return nil }
        let from = u.count - pb.count
        var equal = true
        for (j, q) in pb.enumerated() {
            let c = u[from + j]
            if c >= 0x80 || q >= 0x80 || q == 13 || q == 10 { return nil }
            if c != q { equal = false }
        }
        guard equal else { return false }
        return from == 0 || u[from - 1] < 0x80 ? true : nil
    }

    /// `body` on the line's UTF-8 bytes: in place when the text is contiguous (a native String always is),
    /// else copied into `buffer`. Copying every line of an unlabelled block twice (hand scores, model keys)
    /// byte by byte was a twentieth of detection's CPU.
    @inline(__always) func withBytes<R>(_ buffer: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let r = utf8.withContiguousStorageIfAvailable(body) { return r }
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: utf8)
        return buffer.withUnsafeBufferPointer(body)
    }

    /// Every byte is ASCII and none is CR: Characters and bytes are then one to one.
    var isPlainASCII: Bool {
        // On the contiguous bytes when there are (a native String's always are): iterating the view was a tenth of
        // `splitLines` and of `isNotCode`.
        if let plain = utf8.withContiguousStorageIfAvailable({ b in !b.contains { $0 >= 0x80 || $0 == 13 } }) { return plain }
        for c in utf8 where c >= 0x80 || c == 13 { return false }
        return true
    }
}

extension Detector {
    /// The non-blank lines (at most 400) and their untrimmed originals, split and trimmed on bytes when
    /// the text is plain ASCII (then the same Substrings as the Character-level split and trim).
    static func splitLines(_ code: String) -> (lines: [Substring], raws: [Substring]) {
        if let split = code.utf8.withContiguousStorageIfAvailable({ asciiLines(code, $0) ?? unicodeLines(code, $0) }), let split { return split }
        guard Substring(code).isPlainASCII else {
            var lines: [Substring] = [], raws: [Substring] = []
            for raw in code.split(separator: "\n", omittingEmptySubsequences: true).prefix(400) {
                let t = raw.trimmingBlanks
                if !t.isEmpty { lines.append(t); raws.append(raw) }
            }
            return (lines, raws)
        }
        return indexLines(code)
    }

    /// The plain-ASCII split on String indices (text without contiguous bytes; tests compare `asciiLines` with it).
    static func indexLines(_ code: String) -> (lines: [Substring], raws: [Substring]) {
        var lines: [Substring] = [], raws: [Substring] = []
        let u = code.utf8
        var start = u.startIndex
        var pieces = 0
        while start < u.endIndex && pieces < 400 {
            var end = start
            while end < u.endIndex && u[end] != 10 { end = u.index(after: end) }
            if end > start {
                pieces += 1
                var a = start, b = end
                while a < b && (u[a] == 32 || u[a] == 9) { a = u.index(after: a) }
                while b > a && (u[u.index(before: b)] == 32 || u[u.index(before: b)] == 9) { b = u.index(before: b) }
                if a < b { lines.append(Substring(u[a..<b])); raws.append(Substring(u[start..<end])) }
            }
            start = end < u.endIndex ? u.index(after: end) : end
        }
        return (lines, raws)
    }

    /// The plain-ASCII split above on `code`'s contiguous bytes (offsets, then one index step per cut), nil when the text is
    /// not plain ASCII. Walking String indices byte by byte was most of `splitLines`.
    static func asciiLines(_ code: String, _ b: UnsafeBufferPointer<UInt8>) -> (lines: [Substring], raws: [Substring])? {
        for c in b where c >= 0x80 || c == 13 { return nil }
        var lines: [Substring] = [], raws: [Substring] = []
        reserve(&lines, &raws, b.count)
        forEachPiece(code, b) { raw, a, e, index in
            var a = a, e = e
            while a < e && (b[a] == 32 || b[a] == 9) { a += 1 }
            while e > a && (b[e - 1] == 32 || b[e - 1] == 9) { e -= 1 }
            if a < e { lines.append(Substring(code.utf8[index(a)..<index(e)])); raws.append(raw) }
        }
        return (lines, raws)
    }

    /// The Character split on the contiguous bytes of text without a CR, nil when it has one. A line feed is then a
    /// Character of its own (only CR joins it, Unicode's rules GB3 to GB5), so the pieces between line feeds are the
    /// Character split's; each is trimmed as that path trims. The Character split of a fence with one accented
    /// letter or one arrow cost as much as detecting it (a twentieth of detection on the benchmark corpus).
    static func unicodeLines(_ code: String, _ b: UnsafeBufferPointer<UInt8>) -> (lines: [Substring], raws: [Substring])? {
        guard !b.contains(13) else { return nil }
        var lines: [Substring] = [], raws: [Substring] = []
        reserve(&lines, &raws, b.count)
        forEachPiece(code, b) { raw, _, _, _ in
            let t = raw.trimmingBlanks
            if !t.isEmpty { lines.append(t); raws.append(raw) }
        }
        return (lines, raws)
    }

    /// Room for the lines of `bytes` bytes of text at eight bytes a line (most code has more; at most 400 lines are
    /// kept): growing the two arrays line by line cost ~230 instructions a line.
    @inline(__always) private static func reserve(_ lines: inout [Substring], _ raws: inout [Substring], _ bytes: Int) {
        let n = min(400, bytes / 8 + 8)
        lines.reserveCapacity(n)
        raws.reserveCapacity(n)
    }

    /// The index of a byte offset, stepped from the last one asked for (a struct: a captured variable cost an
    /// exclusivity check per call).
    struct OffsetIndex {
        let u: String.UTF8View
        var at: String.Index, atOffset = 0
        init(_ u: String.UTF8View) { self.u = u; at = u.startIndex }
        mutating func callAsFunction(_ o: Int) -> String.Index {
            at = u.index(at, offsetBy: o - atOffset)
            atOffset = o
            return at
        }
    }

    /// The first 400 non-empty pieces of `b` between line feeds, each as a Substring of `code` with its byte range and
    /// the index of each offset.
    @inline(__always) private static func forEachPiece(_ code: String, _ b: UnsafeBufferPointer<UInt8>,
                                                      _ body: (Substring, Int, Int, inout OffsetIndex) -> Void) {
        let u = code.utf8
        var index = OffsetIndex(u)
        let n = b.count
        var start = 0, pieces = 0
        while start < n && pieces < 400 {
            var end = start
            while end < n && b[end] != 10 { end += 1 }
            if end > start {
                pieces += 1
                let s = index(start), se = index(end)
                body(Substring(u[s..<se]), start, end, &index)
            }
            start = end + 1
        }
    }
}

/// Which ASCII bytes a line holds, and whether it holds any other: one pass over a line answers the "does it have a
/// `:` / `|` / `/`" questions the output, shape and log checks each asked with a scan of their own.
struct LineMask {
    private var lo: UInt64 = 0, hi: UInt64 = 0
    /// A byte of 0x80 or above.
    private(set) var nonASCII = false
    /// The line's first and last bytes (0 when it is empty) and its length in bytes: the per-line tests of output,
    /// shapes and logs each fetched them through the Substring view (~50 instructions a fetch, a dozen per line).
    private(set) var first: UInt8 = 0, last: UInt8 = 0
    private(set) var count = 0
    /// Colon bytes, counted up to 255.
    private(set) var colons: UInt8 = 0

    init(_ l: Substring) {
        (lo, hi, nonASCII, first, last, count, colons) = Output.bytes(l) { u in
            var lo: UInt64 = 0, hi: UInt64 = 0, other = false, colons: UInt8 = 0
            for c in u {
                if c >= 0x80 { other = true; continue }
                let bit: UInt64 = 1 &<< UInt64(c & 63)
                if c & 64 == 0 { lo |= bit } else { hi |= bit }
                if c == 58 && colons < 255 { colons += 1 }
            }
            return (lo, hi, other, u.first ?? 0, u.last ?? 0, u.count, colons)
        }
    }

    /// Whether the line opens with an ASCII byte other than those of `set` (then no ASCII literal opening with one of
    /// them is its prefix, at the byte or at the Character level: an ASCII byte opens a Character no other equals).
    @inline(__always) func opensOutside(_ set: ByteSet) -> Bool { count > 0 && first < 0x80 && !set.has(first) }

    /// Whether the line holds ASCII byte `c` (< 0x80).
    @inline(__always) func has(_ c: UInt8) -> Bool {
        (c & 64 == 0 ? lo : hi) & (1 &<< UInt64(c & 63)) != 0
    }

    /// `Substring.isPlainASCII`: no byte of 0x80 or above and no CR.
    var isPlainASCII: Bool { !nonASCII && !has(13) }
}

/// A set of ASCII bytes as two words, built once from a literal (`ByteSet("@d+-I")`).
struct ByteSet: Sendable {
    private var lo: UInt64 = 0, hi: UInt64 = 0

    init(_ bytes: StaticString) {
        bytes.withUTF8Buffer { for c in $0 where c < 0x80 { if c & 64 == 0 { lo |= 1 &<< UInt64(c & 63) } else { hi |= 1 &<< UInt64(c & 63) } } }
    }

    /// Digits `0`-`9` added.
    func withDigits() -> ByteSet { var s = self; s.lo |= 0x03FF_0000_0000_0000; return s }

    @inline(__always) func has(_ c: UInt8) -> Bool {
        c < 0x80 && (c & 64 == 0 ? lo : hi) & (1 &<< UInt64(c & 63)) != 0
    }
}
