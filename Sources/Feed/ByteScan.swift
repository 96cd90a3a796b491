import TextBytes

/// Word-at-a-time search for the few bytes the feed writer's scans act on. A post's HTML is kilobytes that
/// need nothing (no control character, no 0xEF, no `]`), and a loop testing each byte was most of
/// `removingIllegal` and `cdata` in a build's profile (measured); eight bytes are ruled out at once here.
enum ByteScan {
    /// The index of the first byte at or after `from` that is a C0 control other than tab and line feed (below 0x20),
    /// or equals `a` or `b`; `bytes.count` if none. No caller acts on a tab or a line feed, and stopping at each line
    /// of a post's HTML was most of the scan (measured).
    @inline(__always)
    static func next(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, _ a: UInt8, _ b: UInt8) -> Int {
        let n = bytes.count
        guard let base = bytes.baseAddress else { return n }
        var i = from
        let raw = UnsafeRawPointer(base)
        // A word with no flag holds none of the bytes sought; one with a flag (most often a line feed's) is
        // tested exactly, and searched byte by byte below only when it holds one.
        while i + 8 <= n {
            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if maybeBelow(w, 0x20) | maybeHasByte(w, a) | maybeHasByte(w, b) != 0, sought(w, a, b) != 0 { break }
            i += 8
        }
        while i < n {
            let c = base[i]
            if (c < 0x20 && c != 9 && c != 10) || c == a || c == b { return i }
            i += 1
        }
        return n
    }

    /// The high bit of exactly each byte of `w` that `next` seeks (no false flags, unlike `maybeBelow`).
    @inline(__always)
    static func sought(_ w: UInt64, _ a: UInt8, _ b: UInt8) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        return controls(w, below: below0x20(w)) | zeroBytes(w ^ ones &* UInt64(a)) | zeroBytes(w ^ ones &* UInt64(b))
    }

    /// The high bit of exactly each byte of `w` that is zero (no carry crosses a byte, unlike `maybeHasByte`).
    @inline(__always)
    static func zeroBytes(_ w: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((w & low7) &+ low7) | w | low7)
    }

    /// The high bit of exactly each byte of `w` below 0x20: (byte & 0x7F) + 0x60 reaches 0x80 exactly when
    /// byte & 0x7F ≥ 0x20, with no carry into the next byte, and the byte's own high bit rules it out.
    @inline(__always)
    static func below0x20(_ w: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~((w & low7) &+ 0x6060_6060_6060_6060) & ~w & ~low7
    }

    /// Of `below` (`below0x20(w)`), the bytes that are not a tab or a line feed: the C0 controls XML forbids.
    @inline(__always)
    static func controls(_ w: UInt64, below: UInt64) -> UInt64 {
        below & ~(zeroBytes(w ^ 0x0909_0909_0909_0909) | zeroBytes(w ^ 0x0A0A_0A0A_0A0A_0A0A))
    }
}
