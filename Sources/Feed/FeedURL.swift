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
        URLBytes.isAbsoluteHTTP(s) ?? isAbsoluteHTTPGeneral(s)
    }

    /// `isAbsoluteHTTP` by Characters, for any text.
    static func isAbsoluteHTTPGeneral(_ s: String) -> Bool {
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
        URLBytes.hasNoProblem(s) ? nil : problemGeneral(s, iri: iri)
    }

    /// `problem` by scalars, for any text.
    static func problemGeneral(_ s: String, iri: Bool) -> String? {
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
        return schemeProblem(s)
    }

    /// What the URL's own scheme forbids: an http(s) or ftp URL without a host (`http://`, `http:///x`;
    /// RFC 9110 §4.2.1), or a `tag:` URI that does not follow RFC 4151.
    static func schemeProblem(_ s: String) -> String? {
        guard let sc = scheme(of: s) else { return nil }
        let rest = s.dropFirst(sc.count + 1)
        if sc == "http" || sc == "https" || sc == "ftp" {
            guard rest.hasPrefix("//") else { return "a \(sc): URL needs \"//\" and a host after \"\(sc):\"" }
            var authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            let host = authority.hasPrefix("[") ? authority : authority.prefix { $0 != ":" }
            return host.isEmpty ? "it has no host (write \(sc)://example.com/…)" : nil
        }
        return sc == "tag" ? TagURI.problem(s) : nil
    }
}

/// RFC 4151 `tag:` URIs: `tag:` authority `,` date `:` specific [`#` fragment], e.g.
/// `tag:example.com,2026-03-06:/posts/1`. Readers key entries on ids; a malformed one is a typo that
/// usually breaks uniqueness across sites, which is the point of the scheme.
enum TagURI {
    static func problem(_ s: String) -> String? {
        let body = s.dropFirst(4)  // "tag:"
        guard let comma = body.firstIndex(of: ",") else {
            return "a tag: URI needs an authority and a date, e.g. tag:example.com,2026-03-06:specific (RFC 4151)"
        }
        let authority = body[..<comma]
        let afterComma = body[body.index(after: comma)...]
        guard let colon = afterComma.firstIndex(of: ":") else {
            return "a tag: URI needs \":\" after its date, then the specific part (RFC 4151)"
        }
        let date = afterComma[..<colon]
        let specific = afterComma[afterComma.index(after: colon)...]
        if let why = authorityProblem(authority) { return why }
        if !isTagDate(date) { return "the date \"\(date)\" of a tag: URI must be YYYY, YYYY-MM or YYYY-MM-DD (RFC 4151)" }
        let allowed = "-._~!$&'()*+,;=:@/?%"
        var inFragment = false
        for c in specific.unicodeScalars {
            if c == "#" && !inFragment { inFragment = true; continue }
            guard c.isASCII, c.properties.isAlphabetic || ("0"..."9").contains(c) || allowed.unicodeScalars.contains(c) else {
                return "the specific part of a tag: URI contains \"\(c)\", which must be %-encoded (RFC 4151)"
            }
        }
        return nil
    }

    /// A domain name or an e-mail address, in lower case as RFC 4151 §2.1 recommends (and the W3C validator requires).
    static func authorityProblem(_ a: Substring) -> String? {
        let domain = a.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).last ?? ""
        if let at = a.firstIndex(of: "@") {
            let local = a[..<at]
            guard !local.isEmpty, local.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || "-._".contains($0)) }) else {
                return "the e-mail address \"\(a)\" of a tag: URI is not a lower-case address (RFC 4151)"
            }
        }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        let ok = !domain.isEmpty && labels.allSatisfy { l in
            !l.isEmpty && l.first != "-" && l.last != "-" && l.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
        }
        return ok ? nil : "the authority \"\(a)\" of a tag: URI must be a lower-case domain name or e-mail address (RFC 4151)"
    }

    static func isTagDate(_ d: Substring) -> Bool {
        let parts = d.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts[0].count == 4 else { return false }
        guard parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }), parts.dropFirst().allSatisfy({ $0.count == 2 }) else { return false }
        if parts.count > 1, !(1...12).contains(Int(parts[1])!) { return false }
        if parts.count > 2, !(1...31).contains(Int(parts[2])!) { return false }
        return true
    }
}

extension FeedURL {
    /// Why `s` is not an absolute http(s) URL a reader can fetch, or nil: the first thing wrong, said
    /// plainly ("it contains white space", "it has no host"), rather than "not absolute" for all of them.
    public static func httpProblem(_ s: String, iri: Bool = false) -> String? {
        URLBytes.isPlainHTTP(s) ? nil : httpProblemGeneral(s, iri: iri)
    }

    /// `httpProblem` by scalars, for any text.
    static func httpProblemGeneral(_ s: String, iri: Bool) -> String? {
        if let p = problemGeneral(s, iri: iri) { return p }
        guard let sc = scheme(of: s) else { return "it is relative (write the whole URL, https://…)" }
        guard sc == "http" || sc == "https" else { return "it is a \(sc): URL, not http(s)" }
        return nil
    }
}
