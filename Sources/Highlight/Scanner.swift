/// The cursor every lexer drives: raw UTF-8 bytes in, a compact token list out.
/// Lexers only emit what they classify; gaps become plain text automatically,
/// which keeps the round-trip invariant (tokens always tile the input).
struct Scanner {
    let b: UnsafeBufferPointer<UInt8>
    let n: Int
    var i: Int = 0
    /// Output slots, room for `n` tokens: every token ends past the previous one, so `n` always suffices.
    /// Writing through a pointer skips the uniqueness and capacity checks of `Array.append` per token.
    private let out: UnsafeMutablePointer<Token>
    private(set) var count: Int = 0
    private(set) var emitted: Int = 0

    init(_ b: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<Token>) {
        self.b = b
        self.n = b.count
        self.out = out
    }

    /// Byte at `k`, or 0 past the end (0 never starts a token we care about).
    @inline(__always) func at(_ k: Int) -> UInt8 { k < n && k >= 0 ? b[k] : 0 }
    @inline(__always) var cur: UInt8 { i < n ? b[i] : 0 }
    @inline(__always) var atEnd: Bool { i >= n }

    /// Classifies `[start, end)`; bytes between the previous token and `start` become text.
    /// Boundaries are moved off UTF-8 continuation bytes, so a tag never splits a character,
    /// and overlaps with what was already emitted are clipped, so tokens always tile the input.
    @inline(__always) mutating func emit(_ cls: TokenClass, from start: Int, to end: Int) {
        var start = start, end = min(end, n)
        while start < end && b[start] & 0xC0 == 0x80 { start += 1 }
        while end < n && b[end] & 0xC0 == 0x80 { end += 1 }
        guard end > start, end > emitted else { return }
        if start > emitted { push(.text, start) }
        push(cls, end)
    }

    @inline(__always) private mutating func push(_ cls: TokenClass, _ end: Int) {
        if count > 0 && out[count - 1].cls == cls {
            out[count - 1].end = Int32(end)
        } else {
            (out + count).initialize(to: Token(end: Int32(end), cls: cls))
            count += 1
        }
        emitted = end
    }

    /// Closes the token list so it covers the whole input.
    mutating func finish() {
        if emitted < n { push(.text, n) }
    }

    // MARK: helpers shared by lexers

    /// The eight bytes at `k` (`k` ≥ 0) as a little-endian word, zero past the end, as `at` reads them.
    @inline(__always) func word(at k: Int) -> UInt64 {
        if k + 8 <= n { return UInt64(littleEndian: UnsafeRawPointer(b.baseAddress! + k).loadUnaligned(as: UInt64.self)) }
        var w: UInt64 = 0
        var j = k
        while j < n { w |= UInt64(b[j]) << UInt64(8 * (j - k)); j += 1 }
        return w
    }

    /// True when the bytes at `i` equal `s` (ASCII).
    @inline(__always) func matches(_ s: StaticString, at k: Int) -> Bool {
        let len = s.utf8CodeUnitCount
        if k + len > n { return false }
        let p = s.utf8Start
        for j in 0..<len where b[k + j] != p[j] { return false }
        return true
    }

    /// Index of the next newline at or after `k` (or n).
    @inline(__always) func lineEnd(from k: Int) -> Int {
        var j = k
        while j < n && b[j] != 10 { j += 1 }
        return j
    }

    @inline(__always) func identEnd(from k: Int) -> Int {
        var j = k
        while j < n && isIdent(b[j]) { j += 1 }
        return j
    }

    /// First index at or after `k` that is not a space or tab (newlines count when `newlines`).
    @inline(__always) func skipBlanks(from k: Int, newlines: Bool = true) -> Int {
        var j = k
        while j < n {
            let c = b[j]
            if c == 32 || c == 9 || c == 13 || (newlines && c == 10) { j += 1 } else { break }
        }
        return j
    }

    /// Start of the line containing `k`.
    func lineStart(of k: Int) -> Int {
        var j = k
        while j > 0 && b[j - 1] != 10 { j -= 1 }
        return j
    }

    /// A number: decimal, hex/octal/binary prefix, fraction, exponent, `_` separators and letter suffixes.
    /// Returns the end and the kind (mi, mf, mh, mb, mo).
    func number(from k: Int, suffixes: Bool = true) -> (Int, TokenClass) {
        var j = k
        guard j < n else { return (j, .mi) }
        if b[j] == 48 && j + 1 < n {
            let x = b[j + 1] | 0x20
            if x == 120 { j += 2; while j < n && (isHexDigit(b[j]) || b[j] == 95) { j += 1 }; return (suffixes ? identEnd(from: j) : j, .mh) }
            if x == 98 && j + 2 < n && isDigit(b[j + 2]) { j += 2; while j < n && (isDigit(b[j]) || b[j] == 95) { j += 1 }; return (suffixes ? identEnd(from: j) : j, .mb) }
            if x == 111 { j += 2; while j < n && (isDigit(b[j]) || b[j] == 95) { j += 1 }; return (suffixes ? identEnd(from: j) : j, .mo) }
        }
        var cls = TokenClass.mi
        while j < n && (isDigit(b[j]) || b[j] == 95) { j += 1 }
        if j + 1 < n && b[j] == 46 && isDigit(b[j + 1]) {
            cls = .mf; j += 1
            while j < n && (isDigit(b[j]) || b[j] == 95) { j += 1 }
        }
        if j < n && (b[j] | 0x20) == 101 {
            var e = j + 1
            if e < n && (b[e] == 43 || b[e] == 45) { e += 1 }
            if e < n && isDigit(b[e]) {
                cls = .mf; j = e
                while j < n && isDigit(b[j]) { j += 1 }
            }
        }
        if suffixes && j < n && isIdentStart(b[j]) && b[j] < 0x80 {
            let s = b[j] | 0x20
            if s == 102 || s == 100 { cls = .mf }
            j = identEnd(from: j)
        }
        return (j, cls)
    }
}
