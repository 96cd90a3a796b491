/// Word-at-a-time search for the few bytes the feed writer's scans act on. A post's HTML is kilobytes that
/// need nothing (no control character, no 0xEF, no `]`), and a loop testing each byte was most of
/// `removingIllegal` and `cdata` in a build's profile (measured); eight bytes are ruled out at once here.
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The index of the first byte at or after `from` that is a C0 control (below 0x20) or equals `a` or `b`; `bytes.count` if none.
    @inline(__always)
    static func next(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, _ a: UInt8, _ b: UInt8) -> Int {
        let n = bytes.count
        guard let base = bytes.baseAddress else { return n }
        var i = from
        let spreadA = ones &* UInt64(a), spreadB = ones &* UInt64(b), spreadSpace = ones &* 0x20
        let raw = UnsafeRawPointer(base)
        // `(w - 0x01…) & ~w & 0x80…` is non-zero exactly when some byte of `w` is zero (and with 0x20… when some byte is
        // below 0x20): a word that passes holds none of the bytes sought; one that fails is searched byte by byte below.
        while i + 8 <= n {
            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let xa = w ^ spreadA, xb = w ^ spreadB
            let found = ((w &- spreadSpace) & ~w) | ((xa &- ones) & ~xa) | ((xb &- ones) & ~xb)
            if found & highs != 0 { break }
            i += 8
        }
        while i < n {
            let c = base[i]
            if c < 0x20 || c == a || c == b { return i }
            i += 1
        }
        return n
    }
}
