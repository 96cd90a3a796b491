/// A 64-bit digest of a byte buffer, word at a time: for fingerprints of whole files and texts, where
/// SipHash (`Hasher.combine(bytes:)`) costs several times more per byte and its keyed strength buys
/// nothing (nobody crafts a post to collide with another of their own posts).
///
/// Two multiply–xor lanes over 16-byte steps, the tail byte by byte, then a final mix; the length is
/// mixed in first, so buffers that differ only by trailing zero bytes digest apart.
public func byteDigest(_ raw: UnsafeRawBufferPointer) -> Int {
    let m: UInt64 = 0x9E37_79B9_7F4A_7C15
    var h: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(raw.count)
    var a: UInt64 = 0x1319_8A2E_0370_7344
    var i = 0
    while i + 16 <= raw.count {
        let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        let y = raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
        h = (h ^ x).multipliedFullWidth(by: m).low ^ (h >> 29)
        a = (a ^ y).multipliedFullWidth(by: m ^ 0xFF51_AFD7_ED55_8CCD).low ^ (a >> 31)
        i += 16
    }
    while i < raw.count {
        h = (h ^ UInt64(raw[i])) &* m
        i += 1
    }
    var z = h ^ (a &* 0xC4CE_B9FE_1A85_EC53)
    z = (z ^ (z >> 33)) &* 0xFF51_AFD7_ED55_8CCD
    z ^= z >> 33
    return Int(truncatingIfNeeded: z)
}
