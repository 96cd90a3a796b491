import Testing
import TestSupport
import TextBytes

/// The byte helpers Markdown and Highlight share, against the plain definitions they stand for.
@Suite struct TextBytesTests {
    /// Page HTML and code blocks (mostly ASCII, a few typographic quotes), dense non-ASCII text and
    /// invalid UTF-8 (stray continuation bytes, truncated sequences, surrogates) all decode as the standard library does.
    @Test(arguments: [
        [Array("<p>text & more</p>\n".utf8), Array("’".utf8), Array("“é”".utf8), [0xFF], [0xC3], [0x80],
         [0xE2, 0x80], Array("😀".utf8), [0xED, 0xA0, 0x80], Array(repeating: 0x78, count: 900), [0]],
        [Array("abc <span> ".utf8), Array("é".utf8), Array("“”".utf8), [0xFF], [0xC3], [0x80, 0x80],
         [0xE2, 0x80], Array("😀".utf8), [0xF0, 0x9F], Array(repeating: 0x61, count: 700), [0]],
    ] as [[[UInt8]]])
    func stringFromUTF8MatchesDecoding(pieces: [[UInt8]]) {
        var rng = SplitMix(seed: UInt64(pieces[0].count))
        for _ in 0..<400 {
            var bytes: [UInt8] = []
            let dense = rng.below(4) == 0
            let length = rng.below(8000)
            while bytes.count < length {
                bytes += pieces[dense || rng.below(15) == 0 ? rng.below(pieces.count) : 0]
            }
            let fast = bytes.withUnsafeBufferPointer { stringFromUTF8($0) }
            #expect(Array(fast.utf8) == Array(String(decoding: bytes, as: UTF8.self).utf8))
        }
    }

    /// Never zero when one of the eight bytes equals `b` (false alarms are allowed, misses are not).
    @Test func maybeHasByteNeverMissesAMatch() {
        var rng = SplitMix(seed: 11)
        let interesting: [UInt8] = [0, 1, 0x21, 0x22, 0x26, 0x3B, 0x3C, 0x3D, 0x3E, 0x7F, 0x80, 0xFE, 0xFF]
        for _ in 0..<20_000 {
            let bytes = (0..<8).map { _ in rng.below(3) == 0 ? UInt8(rng.below(256)) : interesting[rng.below(interesting.count)] }
            let x = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            let b = interesting[rng.below(interesting.count)]
            if bytes.contains(b) { #expect(maybeHasByte(x, b) != 0, "\(bytes) \(b)") }
        }
        #expect(maybeHasByte(0x6161_6161_6161_6161, 0x3C) == 0)
    }

    /// The first byte either test flags is the first true hit, and no hit means no flag: what the
    /// eight-byte scanners (plain text, JSON escaping) stop on.
    @Test func firstFlagIsTheFirstHit() {
        var rng = SplitMix(seed: 13)
        let interesting: [UInt8] = [0, 1, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x26, 0x3C, 0x7F, 0x80, 0xE2, 0xFF]
        for _ in 0..<20_000 {
            let bytes = (0..<8).map { _ in rng.below(3) == 0 ? UInt8(rng.below(256)) : interesting[rng.below(interesting.count)] }
            let x = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            let b = interesting[rng.below(interesting.count)]
            func first(_ flags: UInt64) -> Int? { flags == 0 ? nil : flags.trailingZeroBitCount >> 3 }
            #expect(first(maybeHasByte(x, b)) == bytes.firstIndex(of: b), "\(bytes) == \(b)")
            if b <= 0x80 { #expect(first(maybeBelow(x, b)) == bytes.firstIndex { $0 < b }, "\(bytes) < \(b)") }
        }
    }
}
