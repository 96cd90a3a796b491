import Testing
import TextBytes

/// `byteDigest` stands in for SipHash in content fingerprints: a changed byte anywhere, or a changed
/// length, must give another digest, or an edited post would keep its stale page.
@Suite struct ByteDigestTests {
    static func digest(_ bytes: [UInt8]) -> Int { bytes.withUnsafeBytes { byteDigest($0) } }

    @Test func equalBytesDigestEqually() {
        let text = Array("A post about the cache, ünïcödé included.\n".utf8)
        #expect(Self.digest(text) == Self.digest(Array(text)))
    }

    @Test func everySingleByteChangeDigestsApart() {
        // Long enough to cover both 16-byte lanes and the byte-by-byte tail.
        let base = (0..<71).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let d = Self.digest(base)
        var seen: Set<Int> = [d]
        for i in base.indices {
            var changed = base
            changed[i] ^= 0x01
            #expect(seen.insert(Self.digest(changed)).inserted, "byte \(i)")
        }
    }

    @Test func lengthCountsEvenForZeroBytes() {
        let digests = (0..<40).map { Self.digest([UInt8](repeating: 0, count: $0)) }
        #expect(Set(digests).count == digests.count)
    }
}
