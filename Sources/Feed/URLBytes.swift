/// Byte-level answers for the URL checks on the URLs a feed is made of (every item's link and guid, in every
/// feed written and validated): printable ASCII with nothing to escape. There a Character is a byte, so the
/// checks reduce to byte tests; the general code walked Characters and scalar arrays (measured in a build's
/// profile). Each function answers only what it can prove and leaves the rest (nil or false) to the general code.
enum URLBytes {
    /// Whether every byte is printable ASCII (no space, no control) that a URI may hold unescaped, with no `%`.
    @inline(__always)
    static func isPlain(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        for c in b {
            guard c > 32, c < 127 else { return false }
            switch c {
            case 60, 62, 34, 123, 125, 124, 92, 94, 96, 37: return false   // < > " { } | \ ^ ` %
            default: continue
            }
        }
        return true
    }

    /// `s`'s UTF-8 bytes to `body` when `s` is non-empty and plain (`isPlain`); nil otherwise.
    @inline(__always)
    static func withPlain<R>(_ s: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        guard !s.isEmpty, s.utf8.count <= 4096 else { return nil }
        return s.utf8.withContiguousStorageIfAvailable { b -> R? in isPlain(b) ? body(b) : nil } ?? nil
    }

    /// The scheme of plain bytes, as its length and whether it is (case-insensitively) `http`, `https` or `ftp`,
    /// `tag`, or something else; nil without a scheme.
    enum Scheme { case http, https, ftp, tag, other }

    static func scheme(_ b: UnsafeBufferPointer<UInt8>) -> (Scheme, length: Int)? {
        guard let n = FeedURL.schemeLength(b) else { return nil }
        @inline(__always) func lower(_ c: UInt8) -> UInt8 { c | 0x20 }
        func isWord(_ w: StaticString) -> Bool {
            guard n == w.utf8CodeUnitCount else { return false }
            for k in 0..<n where lower(b[k]) != w.utf8Start[k] { return false }
            return true
        }
        if isWord("http") { return (.http, n) }
        if isWord("https") { return (.https, n) }
        if isWord("ftp") { return (.ftp, n) }
        if isWord("tag") { return (.tag, n) }
        return (.other, n)
    }

    /// After an http(s) or ftp scheme of `n` bytes: `//` then a host (the authority after its last `@`, up to a `:`
    /// unless it starts with `[`) that is not empty.
    static func hasHost(_ b: UnsafeBufferPointer<UInt8>, schemeLength n: Int) -> Bool {
        var i = n + 1
        guard i + 1 < b.count, b[i] == 47, b[i + 1] == 47 else { return false }
        i += 2
        var end = i
        while end < b.count, b[end] != 47, b[end] != 63, b[end] != 35 { end += 1 }
        var start = i
        for k in i..<end where b[k] == 64 { start = k + 1 }   // after the last @
        if start < end, b[start] == 91 { return true }          // [IPv6]
        return start < end && b[start] != 58
    }

    /// True when `FeedURL.problem(s, iri:)` is nil for either `iri`: plain bytes whose scheme (if any) is satisfied.
    static func hasNoProblem(_ s: String) -> Bool {
        withPlain(s) { b in
            guard let (scheme, n) = scheme(b) else { return true }
            switch scheme {
            case .http, .https, .ftp: return hasHost(b, schemeLength: n)
            case .tag: return false
            case .other: return true
            }
        } ?? false
    }

    /// True when `FeedURL.httpProblem(s, iri:)` is nil: plain bytes, an http(s) scheme and a host.
    static func isPlainHTTP(_ s: String) -> Bool {
        withPlain(s) { b in
            guard let (scheme, n) = scheme(b), scheme == .http || scheme == .https else { return false }
            return hasHost(b, schemeLength: n)
        } ?? false
    }

    /// `FeedURL.isAbsoluteHTTP(s)` for plain bytes; nil for other text.
    static func isAbsoluteHTTP(_ s: String) -> Bool? {
        withPlain(s) { b in
            guard let (scheme, n) = scheme(b), scheme == .http || scheme == .https else { return false }
            return b.count - n - 1 > 2 && b[n + 1] == 47 && b[n + 2] == 47
        }
    }
}
