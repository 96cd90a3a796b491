import TextBytes

/// Word-at-a-time search for the few bytes the feed writer's scans act on. A post's HTML is kilobytes that
/// need nothing (no control character, no 0xEF, no `]`), and a loop testing each byte was most of
/// `removingIllegal` and `cdata` in a build's profile (measured); eight bytes are ruled out at once here.
enum ByteScan {
    /// The index of the first byte at or after `from` that is a C0 control (below 0x20) or equals `a` or `b`; `bytes.count` if none.
    @inline(__always)
    static func next(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, _ a: UInt8, _ b: UInt8) -> Int {
        let n = bytes.count
        guard let base = bytes.baseAddress else { return n }
        var i = from
        let raw = UnsafeRawPointer(base)
        // A word with no flag holds none of the bytes sought; one with a flag is searched byte by byte below.
        while i + 8 <= n {
            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if maybeBelow(w, 0x20) | maybeHasByte(w, a) | maybeHasByte(w, b) != 0 { break }
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
