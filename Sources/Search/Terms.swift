import Foundation

/// Words as the index stores them and the reader's query is matched against them: lowercased and
/// without accents (`Economía` → `economia`), split at anything that is not a letter or a digit.
/// search.js folds queries the same way (NFD, drop combining marks, lowercase).
public enum Terms {
    /// Longer runs (hashes, base64) are not words anyone types.
    public static let maxLength = 40

    /// The folded words of `text`, in order.
    public static func words(_ text: String) -> [String] {
        var out: [String] = []
        forEachWord(text) { word, _, _ in out.append(String(decoding: word, as: UTF8.self)) }
        return out
    }

    /// Each folded word's bytes. Short ASCII words are read eight bytes a step (`asciiWord`); longer
    /// ones, Latin-1 letters and the punctuation of typeset text (dashes, curly quotes, no-break
    /// spaces) byte by byte; a word with any other character goes through Foundation's folding.
    /// Words longer than `maxLength` are skipped. `body` gets each word's bytes (readable for 16
    /// bytes whatever its length) and its first 16 bytes as two integers (`PackedWord.key`): the
    /// short ASCII words have them in registers already.
    ///
    /// `symbols`: the letters and digits of U+0080–U+00BF (`µs`, `x²`) join a word as they are, and
    /// the symbols of `Symbols` between ASCII separate words, without Foundation: they are what Foundation
    /// folded most in a site (a `✔` in every console listing), at microseconds a word. A word they touch keeps
    /// Foundation's length limit (twice `maxLength` bytes). Without it (tests), they take Foundation's path.
    static func forEachWord(_ text: String, symbols: Bool = true, _ body: (UnsafeBufferPointer<UInt8>, UInt64, UInt64) -> Void) {
        var text = text
        text.withUTF8 { forEachWord(in: $0, symbols: symbols, body) }
    }

    static func forEachWord(in u: UnsafeBufferPointer<UInt8>, symbols: Bool = true,
                            _ body: (UnsafeBufferPointer<UInt8>, UInt64, UInt64) -> Void) {
        withoutActuallyEscaping(body) { body in
            var sink = ClosureSink(body: body)
            forEachWord(in: u, symbols: symbols, into: &sink)
        }
    }

    /// `forEachWord` into a sink whose `word` is inlined into the loop (the index counts 1.6 million
    /// words a build: a closure call per word, its state reloaded from memory, was 30 instructions of 170).
    static func forEachWord<Sink: WordSink>(_ text: String, symbols: Bool = true, into sink: inout Sink) {
        var text = text
        text.withUTF8 { forEachWord(in: $0, symbols: symbols, into: &sink) }
    }

    static func forEachWord<Sink: WordSink>(in u: UnsafeBufferPointer<UInt8>, symbols: Bool = true, into sink: inout Sink) {
        @inline(__always) func emit(_ word: UnsafeBufferPointer<UInt8>) {
            let k = PackedWord.key(word)
            sink.word(word, k.low, k.high)
        }
        let capacity = maxLength * 2 + 16
        let count = u.count
        guard let p = u.baseAddress else { return }
        // One closure holds the loop's state and `flush`: state shared across closures is boxed and
        // checked for exclusive access at run time, on every word.
        asciiFold.withUnsafeBufferPointer { asciiFold in withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { w in
            w.initialize(repeating: 0)
            let wp = w.baseAddress!
            // `wide`: the word touches a character of `symbols`, so Foundation's length limit holds.
            var n = 0, start = 0, slow = false, wide = false
            func flush(_ end: Int) {
                defer { n = 0; slow = false; wide = false }
                if slow {
                    for f in foldedWords(String(decoding: UnsafeBufferPointer(rebasing: u[start..<end]), as: UTF8.self)) {
                        var f = f
                        f.withUTF8 { f in
                            guard f.count <= maxLength * 2 else { return }
                            wp.update(from: f.baseAddress!, count: f.count)
                            emit(UnsafeBufferPointer(start: wp, count: f.count))
                        }
                    }
                } else if n > 0 && n <= (wide ? maxLength * 2 : maxLength) {
                    emit(UnsafeBufferPointer(start: wp, count: n))
                }
            }
            var i = 0
            while i < count {
                let b = p[i]
                if b < 0x80 {
                    var f = asciiFold[Int(b)]
                    if f != 0 {
                        // A whole ASCII word of up to 15 bytes, eight bytes a step (most words).
                        if n == 0 && !slow && i + 16 <= count, let w = asciiWord(p + i, into: wp) {
                            sink.word(UnsafeBufferPointer(start: wp, count: w.length), w.low, w.high)
                            i += w.next   // and the ASCII separators after it
                            // The words after it while they are short ASCII ones, without this loop's tests.
                            while i + 16 <= count, let v = asciiWord(p + i, into: wp) {
                                sink.word(UnsafeBufferPointer(start: wp, count: v.length), v.low, v.high)
                                i += v.next
                            }
                            wide = false
                            continue
                        }
                        if n == 0 && !slow { start = i }
                        // A run of ASCII letters and digits in registers: most of the text.
                        var k = n, j = i
                        while true {
                            if k < capacity { wp[k] = f }
                            k += 1
                            j += 1
                            guard j < count, p[j] < 0x80 else { break }
                            f = asciiFold[Int(p[j])]
                            if f == 0 { break }
                        }
                        n = k
                        i = j
                        // Ended at ASCII that is not a letter: the word is whole (most words end so).
                        if j < count, p[j] < 0x80, !slow {
                            if n <= (wide ? maxLength * 2 : maxLength) { emit(UnsafeBufferPointer(start: wp, count: n)) }
                            n = 0
                            wide = false
                            i = j + 1
                        }
                    } else {
                        if n > 0 || slow { flush(i) }
                        wide = false
                        i += 1
                    }
                    continue
                }
                let b1 = i + 1 < count ? p[i + 1] : 0
                let b2 = i + 2 < count ? p[i + 2] : 0
                if b == 0xC3, let folded = latin1[Int(b1 & 0x3F)] {
                    if folded.isEmpty { flush(i) } else {
                        if n == 0 && !slow { start = i }
                        for f in folded {
                            if n < capacity { wp[n] = f }
                            n += 1
                        }
                    }
                    i += 2
                } else if b == 0xC2, !latin1Supplement(b1) {
                    flush(i); i += 2  // no-break space, «», ·, ©…: not letters
                } else if b == 0xE2, b1 == 0x80 || (b1 == 0x81 && b2 < 0xB0) {
                    flush(i); i += 3  // U+2000–U+206F: spaces, dashes, quotes, ellipsis
                } else if symbols, !slow, b == 0xC2 {
                    // µ ª º ¹ ² ³ ¼ ½ ¾: fold to themselves.
                    if n == 0 { start = i }
                    if n + 1 < capacity { wp[n] = b; wp[n + 1] = b1 }
                    n += 2
                    wide = true
                    i += 2
                } else if symbols, !slow, b == 0xE2, i + 3 <= count, i + 3 == count || p[i + 3] < 0x80, Symbols.contains(b1, b2) {
                    // Before ASCII, nothing can join the symbol in one character (a combining mark would).
                    wide = true
                    flush(i)
                    wide = true
                    i += 3
                } else {
                    if n == 0 && !slow { start = i }
                    slow = true
                    i += 1
                    while i < count, p[i] & 0xC0 == 0x80 { i += 1 }
                }
            }
            flush(count)
        } }
    }

    /// The length of the word at `p` when it is ASCII letters and digits, 1 to 15 bytes, and ends
    /// at an ASCII byte that is not one; its bytes lowercased go to `out` (16 bytes, zero-padded)
    /// and come back as two integers. nil otherwise (longer, or going on with other characters):
    /// the byte loop takes it. `p` must be readable for 16 bytes. `next`: where the ASCII separators
    /// after it end within the eight bytes read last (a letter, a digit or a non-ASCII byte there), or
    /// the end of those bytes: the byte loop would only pass them (`, ` and `. ` took it a turn each).
    @inline(__always)
    static func asciiWord(_ p: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>)
        -> (length: Int, low: UInt64, high: UInt64, next: Int)? {
        let raw = UnsafeRawPointer(p)
        let x0 = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        let (a0, l0) = classify(x0)
        var low = x0 | l0, high: UInt64 = 0, length: Int, next: Int
        if a0 != highBits {
            length = (~a0 & highBits).trailingZeroBitCount / 8
            guard length > 0 else { return nil }
            low &= (1 &<< UInt64(length * 8)) &- 1
            next = separatorsEnd(x0, a0, after: length)
        } else {
            let x1 = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            let (a1, l1) = classify(x1)
            guard a1 != highBits else { return nil }
            let more = (~a1 & highBits).trailingZeroBitCount / 8
            length = 8 + more
            high = (x1 | l1) & ((1 &<< UInt64(more * 8)) &- 1)
            next = 8 + separatorsEnd(x1, a1, after: more)
        }
        guard p[length] < 0x80 else { return nil }
        let w = UnsafeMutableRawPointer(out)
        w.storeBytes(of: low.littleEndian, as: UInt64.self)
        w.storeBytes(of: high.littleEndian, toByteOffset: 8, as: UInt64.self)
        return (length, low, high, next)
    }

    /// In eight bytes `x` (their letters and digits `alnum`, as `classify` gives them) whose byte `end`
    /// ends a word: the first byte after it that is a letter, a digit or not ASCII, or 8.
    @inline(__always)
    static func separatorsEnd(_ x: UInt64, _ alnum: UInt64, after end: Int) -> Int {
        guard end < 7 else { return 8 }
        let stops = (alnum | (x & highBits)) & ~((1 &<< UInt64((end + 1) * 8)) &- 1)
        return stops == 0 ? 8 : stops.trailingZeroBitCount / 8
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Eight bytes at once: the high bit of each byte that is an ASCII letter or digit, and 0x20 in
    /// each that is an ASCII letter (what lowercasing sets). Sums stay within their byte: every byte
    /// is first cut to seven bits.
    @inline(__always)
    static func classify(_ x: UInt64) -> (alnum: UInt64, lowercase: UInt64) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let seven = x & ~highBits
        let folded = seven | (ones &* 0x20)
        @inline(__always) func atLeast(_ v: UInt64, _ lo: UInt64) -> UInt64 { (v &+ ones &* (0x80 - lo)) & highBits }
        let ascii = ~x & highBits
        let letters = atLeast(folded, 0x61) & ~atLeast(folded, 0x7B) & ascii
        let digits = atLeast(seven, 0x30) & ~atLeast(seven, 0x3A) & ascii
        return (letters | digits, letters &>> 2)
    }

    /// ASCII letters and digits folded (`A` → `a`); 0 for everything else, which separates words.
    private static let asciiFold: [UInt8] = (0..<128).map { b in
        switch b {
        case 0x30...0x39, 0x61...0x7A: return UInt8(b)
        case 0x41...0x5A: return UInt8(b + 32)
        default: return 0
        }
    }

    /// U+00C0–U+00FF folded: the letter's base (`é` → `e`), the lowercase of letters without one
    /// (`Æ` → `æ`), empty for × and ÷. Indexed by the second UTF-8 byte's low six bits.
    static let latin1: [[UInt8]?] = {
        let bases = "aaaaaa\u{e6}ceeeeiiii\u{f0}nooooo\u{d7}\u{f8}uuuuy\u{fe}\u{df}aaaaaa\u{e6}ceeeeiiii\u{f0}nooooo\u{f7}\u{f8}uuuuy\u{fe}y"
        return bases.unicodeScalars.map { c in
            c == "\u{d7}" || c == "\u{f7}" ? [] : Array(String(c).utf8)
        }
    }()

    /// In U+0080–U+00BF, the letters and digits (ª µ º ¹ ² ³ ¼ ½ ¾): those words take the slow path.
    static func latin1Supplement(_ second: UInt8) -> Bool {
        [0xAA, 0xB5, 0xBA, 0xB2, 0xB3, 0xB9, 0xBC, 0xBD, 0xBE].contains(second)
    }

    /// Three-byte symbols that are never letters, digits or marks and fold to no word: arrows, mathematical
    /// operators, technical symbols (U+2190–U+23FF), box drawing, shapes, symbols and dingbats
    /// (U+2500–U+27BF but the circled digits U+2776–U+2793). Given a UTF-8 sequence's second and third bytes after 0xE2.
    enum Symbols {
        @inline(__always)
        static func contains(_ b1: UInt8, _ b2: UInt8) -> Bool {
            let scalar = 0x2000 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F)
            return (0x2190...0x23FF).contains(scalar) || (0x2500...0x2775).contains(scalar) || (0x2794...0x27BF).contains(scalar)
        }
    }

    /// Folds a non-ASCII run and splits it at non-alphanumeric characters (`—`, `’`, `€`…).
    static func foldedWords(_ run: String) -> [String] {
        let folded = fold(run)
        return folded.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    /// Case and accent folding of one string, as the index stores it.
    public static func fold(_ s: String) -> String {
        let decomposed = s.decomposedStringWithCanonicalMapping
        var scalars = String.UnicodeScalarView()
        for u in decomposed.unicodeScalars where !(0x300...0x36F).contains(u.value) && u.properties.generalCategory != .nonspacingMark {
            scalars.append(u)
        }
        return String(scalars).lowercased()
    }

    /// The shard a term belongs to: its first two characters (one for one-character terms).
    public static func shardKey(_ term: String) -> String { prefix(term, 2) }

    /// The first `n` characters of a term: its first bytes when it is ASCII (nearly every term),
    /// without going through grapheme breaking.
    static func prefix(_ term: String, _ n: Int) -> String {
        let bytes = term.utf8
        if bytes.allSatisfy({ $0 < 0x80 }) { return bytes.count <= n ? term : String(Substring(bytes.prefix(n))) }
        return String(term.prefix(n))
    }

    /// How many characters a term has (its byte count when it is ASCII).
    static func length(_ term: String) -> Int {
        let bytes = term.utf8
        return bytes.allSatisfy({ $0 < 0x80 }) ? bytes.count : term.count
    }

    /// A file name for a shard key that any server and any URL can carry: its UTF-8 bytes in hex.
    public static func fileName(_ key: String) -> String {
        var out: [UInt8] = []
        for b in key.utf8 { out.append(hexDigits[Int(b >> 4)]); out.append(hexDigits[Int(b & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }
}

/// What `Terms.forEachWord` hands each word to: its bytes (readable for 16 whatever its length) and
/// its first 16 bytes as two integers. A generic sink, not a closure: its code is inlined into the loop.
protocol WordSink {
    mutating func word(_ word: UnsafeBufferPointer<UInt8>, _ low: UInt64, _ high: UInt64)
}

/// A closure as a sink, for callers outside the index's hot loop (`Terms.words`, tests).
private struct ClosureSink: WordSink {
    let body: (UnsafeBufferPointer<UInt8>, UInt64, UInt64) -> Void
    @inline(__always) func word(_ word: UnsafeBufferPointer<UInt8>, _ low: UInt64, _ high: UInt64) { body(word, low, high) }
}
