/// RFC 3986 reference resolution on strings. Foundation's `URL(string:relativeTo:)`
/// percent-encodes and rejects some inputs differently per platform; feeds need the
/// same bytes out on every machine.
public enum FeedURL {
    /// Length of a leading `scheme` (before `:`), or nil. RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
    static func schemeLength<C: Collection<UInt8>>(_ bytes: C) -> Int? {
        var n = 0
        for c in bytes {
            if c == 58 { return n > 0 ? n : nil }  // ':'
            let alpha = (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
            guard alpha || (n > 0 && ((c >= 48 && c <= 57) || c == 43 || c == 45 || c == 46)) else { return nil }
            n += 1
        }
        return nil
    }

    /// The scheme of `s` (lowercased) when it starts with one, e.g. `https`, `mailto`, `data`.
    public static func scheme(of s: String) -> String? {
        schemeLength(s.utf8).map { String(decoding: s.utf8.prefix($0), as: UTF8.self).lowercased() }
    }

    /// True for `scheme:…` references (which `//host` and `/path` are not).
    public static func isAbsolute(_ s: String) -> Bool {
        schemeLength(s.utf8) != nil
    }

    /// True for an absolute `http(s)://host…` URL, which is what feed fields need.
    public static func isAbsoluteHTTP(_ s: String) -> Bool {
        guard let sc = scheme(of: s), sc == "http" || sc == "https" else { return false }
        let rest = s.dropFirst(sc.count + 1)
        return rest.hasPrefix("//") && rest.count > 2 && !s.contains(where: { $0 == " " || $0 == "\n" || $0 == "\t" })
    }

    /// A base URL split once, so rewriting hundreds of attributes in one post parses it once.
    public struct Base: Sendable {
        let original: String
        let scheme: String
        /// `//host:port`, or empty.
        let authority: String
        let path: String
        /// `?query`, or empty.
        let query: String
        let hasAuthority: Bool

        public init?(_ base: String) {
            let b = Array(base.utf8)
            guard let sl = FeedURL.schemeLength(b) else { return nil }
            original = base
            scheme = String(decoding: b[0..<sl], as: UTF8.self)
            var i = sl + 1
            var end = b.count
            if let h = b[i...].firstIndex(of: 35) { end = h }  // drop #fragment
            var authorityText = ""
            hasAuthority = i + 1 < end && b[i] == 47 && b[i + 1] == 47
            if hasAuthority {
                let a = i
                i += 2
                while i < end, b[i] != 47, b[i] != 63 { i += 1 }
                authorityText = String(decoding: b[a..<i], as: UTF8.self)
            }
            authority = authorityText
            let q = b[i..<end].firstIndex(of: 63) ?? end
            path = String(decoding: b[i..<q], as: UTF8.self)
            query = String(decoding: b[q..<end], as: UTF8.self)
        }

        /// RFC 3986 §5.2 reference resolution.
        public func resolve(_ reference: String) -> String {
            let ref = reference.trimmingASCIIWhitespace()
            if ref.isEmpty { return original }
            let r = Array(ref.utf8)
            if FeedURL.schemeLength(r) != nil { return ref }
            if r.count >= 2, r[0] == 47, r[1] == 47 { return scheme + ":" + ref }
            if r[0] == 35 { return scheme + ":" + authority + path + query + ref }
            if r[0] == 63 { return scheme + ":" + authority + path + ref }
            let cut = r.firstIndex { $0 == 63 || $0 == 35 } ?? r.count
            let rpath = r[0..<cut]
            var merged: [UInt8]
            if rpath.first == 47 {
                merged = Array(rpath)
            } else {
                let p = Array(path.utf8)
                if hasAuthority && p.isEmpty {
                    merged = [47]
                } else if let slash = p.lastIndex(of: 47) {
                    merged = Array(p[...slash])
                } else {
                    merged = []
                }
                merged += rpath
            }
            return scheme + ":" + authority + FeedURL.removeDotSegments(merged) + String(decoding: r[cut...], as: UTF8.self)
        }
    }

    /// Removes `.` and `..` segments (RFC 3986 §5.2.4); the common case without any returns at once.
    static func removeDotSegments(_ path: [UInt8]) -> String {
        var hasDot = false
        for i in 0..<path.count where path[i] == 46 && (i == 0 || path[i - 1] == 47) { hasDot = true; break }
        guard hasDot else { return String(decoding: path, as: UTF8.self) }
        var output: [ArraySlice<UInt8>] = []
        let segments = path.split(separator: 47, omittingEmptySubsequences: false)
        for (i, seg) in segments.enumerated() {
            let last = i == segments.count - 1
            if seg.elementsEqual([46]) {
                if last { output.append([]) }
            } else if seg.elementsEqual([46, 46]) {
                if output.count > 1 { output.removeLast() }
                if last { output.append([]) }
            } else {
                output.append(seg)
            }
        }
        var joined = Array(output.joined(separator: [47]))
        if path.first == 47 && joined.first != 47 { joined.insert(47, at: 0) }
        return String(decoding: joined, as: UTF8.self)
    }

    /// Resolves `reference` against the absolute `base`. Absolute references (`https:`,
    /// `mailto:`, `data:`…) come back unchanged, as does everything when `base` is not absolute.
    public static func resolve(_ reference: String, against base: String) -> String {
        guard let b = Base(base) else { return reference.trimmingASCIIWhitespace() }
        return b.resolve(reference)
    }
}

extension String {
    func trimmingASCIIWhitespace() -> String {
        let u = utf8
        let ws: (UInt8) -> Bool = { $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 || $0 == 12 }
        guard let f = u.first, let l = u.last, ws(f) || ws(l) else { return self }
        let b = Array(u)
        guard let first = b.firstIndex(where: { !ws($0) }) else { return "" }
        let last = b.lastIndex(where: { !ws($0) })!
        return String(decoding: b[first...last], as: UTF8.self)
    }
}

extension FeedURL {
    /// Why `s` is not a URI (or, with `iri`, an IRI) character by character, or nil: spaces,
    /// characters RFC 3986 never allows unescaped, a broken %-escape, non-ASCII in a plain URI.
    public static func problem(_ s: String, iri: Bool) -> String? {
        if s.isEmpty { return "it is empty" }
        if let f = s.unicodeScalars.first, let l = s.unicodeScalars.last,
           [" ", "\t", "\n", "\r"].contains(f) || [" ", "\t", "\n", "\r"].contains(l) {
            return "it has white space around it"
        }
        let scalars = Array(s.unicodeScalars)
        for (i, c) in scalars.enumerated() {
            switch c {
            case " ", "\t", "\n", "\r": return "it contains white space (write %20)"
            case "<", ">", "\"", "{", "}", "|", "\\", "^", "`": return "it contains \"\(c)\", which must be %-encoded"
            case "%":
                let hex: (Unicode.Scalar) -> Bool = { $0.properties.isASCIIHexDigit }
                guard i + 2 < scalars.count, hex(scalars[i + 1]), hex(scalars[i + 2]) else { return "a % is not followed by two hex digits" }
            default:
                if c.value < 32 || c.value == 127 { return "it contains a control character" }
                if c.value > 127 && !iri { return "it contains \"\(c)\"; non-ASCII characters must be %-encoded in a URL" }
            }
        }
        return nil
    }
}
