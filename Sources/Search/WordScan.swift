/// `Terms.forEachWord` for the index's hot loop, from a bitmask of the text: one bit per byte that
/// is not an ASCII separator, made eight bytes a step. A run of such bytes is a word when it is ASCII
/// (nearly all of them): its key is its bytes with 0x20 set (which lowercases a letter and leaves a
/// digit as it is), masked to its length. A run with any other byte is handed to `Terms.forEachWord`
/// whole: that tokenizer starts afresh at every ASCII separator, so it finds the same words in the
/// run alone as in the whole text. Counting a word (table lookup and posting included) went from
/// ~145 to ~130 instructions (callgrind, 1.58 million words in the 1000-post corpus); about 45 of
/// them are the lookup and the posting.
///
/// Owns its buffers (a padded copy of the text's end and the masks), reused from one text to the next:
/// call `deallocate()` when done. Not to be copied.
struct WordScan {
    /// The text's last 80 bytes (or fewer), then zeros.
    private let bytes: UnsafeMutablePointer<UInt8>
    private var masks: UnsafeMutablePointer<UInt64>
    /// Masks the buffer holds (a text's blocks of 64 bytes, and one past them).
    private var blocks: Int
    /// A long word's lowercased bytes (at most `Terms.maxLength`, rounded up to eight).
    private let long: UnsafeMutablePointer<UInt8>

    init(blocks: Int = 64) {
        self.blocks = blocks
        bytes = .allocate(capacity: 160)
        masks = .allocate(capacity: blocks)
        long = .allocate(capacity: 64)
    }

    func deallocate() {
        bytes.deallocate()
        masks.deallocate()
        long.deallocate()
    }

    private mutating func reserve(_ needed: Int) {
        guard needed > blocks else { return }
        masks.deallocate()
        blocks = max(needed, blocks * 2)
        masks = .allocate(capacity: blocks)
    }

    mutating func forEachWord<Sink: WordSink>(_ text: String, into sink: inout Sink) {
        var text = text
        text.withUTF8 { forEachWord(in: $0, into: &sink) }
    }

    /// The words `Terms.forEachWord(in:into:)` gives, in the same order.
    mutating func forEachWord<Sink: WordSink>(in u: UnsafeBufferPointer<UInt8>, into sink: inout Sink) {
        let n = u.count
        guard n > 0, let source = u.baseAddress else { return }
        let count = (n + 63) / 64
        reserve(count + 1)
        // The text is read where it is, but for its last bytes: a copy of them with zeros after
        // (separators: no run goes past the end), for the last block's mask and for the keys of the
        // words that start less than 16 bytes before the end. (Copying every text was 8 million instructions.)
        let tailStart = max(0, n - 80), t = bytes
        t.update(from: source + tailStart, count: n - tailStart)
        (t + (n - tailStart)).initialize(repeating: 0, count: 160 - (n - tailStart))
        let m = masks
        let full = n / 64
        var b = 0
        while b < full { m[b] = Self.wordBits(source + b * 64); b += 1 }
        if full < count { m[full] = Self.wordBits(t + (full * 64 - tailStart)) }
        m[count] = 0
        let nearEnd = n - 16
        var carry: UInt64 = 0
        for b in 0..<count {
            let w = m[b]
            var starts = w & ~(w &<< 1 | carry)
            carry = w &>> 63
            while starts != 0 {
                let s = starts.trailingZeroBitCount
                starts &= starts &- 1
                let rest = ~w &>> UInt64(truncatingIfNeeded: s)
                var length: Int
                if rest != 0 {
                    length = rest.trailingZeroBitCount
                } else {
                    // The run goes on into the next blocks.
                    length = 64 - s
                    var c = b + 1
                    while m[c] == ~0 { length += 64; c += 1 }
                    length += (~m[c]).trailingZeroBitCount
                }
                let start = b &* 64 &+ s
                word(source + start, start <= nearEnd ? source + start : UnsafePointer(t + (start - tailStart)), length, into: &sink)
            }
        }
    }

    /// One run of bytes that are not ASCII separators, readable for 16 bytes past its start.
    /// `padded`: the same bytes, readable for 16.
    @inline(__always)
    private func word<Sink: WordSink>(_ p: UnsafePointer<UInt8>, _ padded: UnsafePointer<UInt8>, _ length: Int, into sink: inout Sink) {
        let raw = UnsafeRawPointer(padded)
        var low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        var high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let lower: UInt64 = 0x2020_2020_2020_2020
        if length <= 16 {
            let bits = UInt64(truncatingIfNeeded: length &* 8)
            let lowMask: UInt64 = length >= 8 ? ~0 : (1 &<< bits) &- 1
            let highMask: UInt64 = length <= 8 ? 0 : length == 16 ? ~0 : (1 &<< (bits &- 64)) &- 1
            low &= lowMask
            high &= highMask
            guard (low | high) & Self.highBits == 0 else { return other(p, length, into: &sink) }
            low = (low | lower) & lowMask
            high = (high | lower) & highMask
            let out = UnsafeMutableRawPointer(long)
            out.storeBytes(of: low.littleEndian, as: UInt64.self)
            out.storeBytes(of: high.littleEndian, toByteOffset: 8, as: UInt64.self)
            sink.word(UnsafeBufferPointer(start: long, count: length), low, high)
            return
        }
        var k = 0
        while k < length {
            if p[k] >= 0x80 { return other(p, length, into: &sink) }
            k += 1
        }
        guard length <= Terms.maxLength else { return }
        for k in 0..<length { long[k] = p[k] | 0x20 }
        low |= lower
        high |= lower
        sink.word(UnsafeBufferPointer(start: long, count: length), low, high)
    }

    /// A run with bytes above ASCII: the general tokenizer's words of it.
    private func other<Sink: WordSink>(_ p: UnsafePointer<UInt8>, _ length: Int, into sink: inout Sink) {
        Terms.forEachWord(in: UnsafeBufferPointer(start: p, count: length), into: &sink)
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Bit `k` set when byte `k` of the 64 at `p` is an ASCII letter or digit, or not ASCII. Inlined,
    /// the loop over blocks is vectorized two blocks a step: 5 million instructions fewer than a call a block.
    @inline(__always)
    static func wordBits(_ p: UnsafePointer<UInt8>) -> UInt64 {
        let raw = UnsafeRawPointer(p)
        var bits: UInt64 = 0
        for j in 0..<8 {
            let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: j * 8, as: UInt64.self))
            bits |= gather(wordBytes(x)) &<< UInt64(j * 8)
        }
        return bits
    }

    /// The high bit of each byte of `x` that is an ASCII letter or digit, or not ASCII. Each byte is
    /// cut to seven bits before the sums, which then stay within their byte.
    @inline(__always)
    static func wordBytes(_ x: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let seven = x & ~highBits
        let folded = seven | (ones &* 0x20)
        let letters = (folded &+ ones &* (0x80 - 0x61)) & ~(folded &+ ones &* (0x80 - 0x7B))
        let digits = (seven &+ ones &* (0x80 - 0x30)) & ~(seven &+ ones &* (0x80 - 0x3A))
        return (letters | digits | x) & highBits
    }

    /// The eight high bits of `x` (nothing else set) as the low eight bits, byte 0's first.
    @inline(__always)
    static func gather(_ x: UInt64) -> UInt64 {
        (x &* 0x0002_0408_1020_4081) &>> 56
    }
}
