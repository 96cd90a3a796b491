/// RFC 3986 reference resolution on strings. Foundation's `URL(string:relativeTo:)`
/// percent-encodes and rejects some inputs differently per platform; feeds need the
/// same bytes out on every machine.
public enum FeedURL {
    /// The scheme of `s` (lowercased) when it starts with one, e.g. `https`, `mailto`, `data`.
    public static func scheme(of s: String) -> String? {
        var result = ""
        for (i, c) in s.unicodeScalars.enumerated() {
            if c == ":" { return i > 0 ? result.lowercased() : nil }
            let ok = (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (i > 0 && ((c >= "0" && c <= "9") || c == "+" || c == "-" || c == "."))
            if !ok { return nil }
            result.unicodeScalars.append(c)
        }
        return nil
    }

    /// True for `scheme:…` references (which `//host` and `/path` are not).
    public static func isAbsolute(_ s: String) -> Bool {
        scheme(of: s) != nil
    }

    /// True for an absolute `http(s)://host…` URL, which is what feed fields need.
    public static func isAbsoluteHTTP(_ s: String) -> Bool {
        guard let sc = scheme(of: s), sc == "http" || sc == "https" else { return false }
        let rest = s.dropFirst(sc.count + 1)
        return rest.hasPrefix("//") && rest.count > 2 && !s.contains(where: { $0 == " " || $0 == "\n" || $0 == "\t" })
    }

    private struct Parts {
        var scheme: String
        var authority: String?
        var path: Substring
        var query: Substring?
        var fragment: Substring?
    }

    private static func split(_ s: String) -> Parts? {
        guard let sc = scheme(of: s) else { return nil }
        var rest = s[s.index(s.startIndex, offsetBy: sc.count + 1)...]
        var fragment: Substring?
        if let h = rest.firstIndex(of: "#") { fragment = rest[rest.index(after: h)...]; rest = rest[..<h] }
        var query: Substring?
        if let q = rest.firstIndex(of: "?") { query = rest[rest.index(after: q)...]; rest = rest[..<q] }
        var authority: String?
        if rest.hasPrefix("//") {
            let a = rest.dropFirst(2)
            let end = a.firstIndex(of: "/") ?? a.endIndex
            authority = String(a[..<end])
            rest = a[end...]
        }
        return Parts(scheme: String(s.prefix(sc.count)), authority: authority, path: rest, query: query, fragment: fragment)
    }

    /// Removes `.` and `..` segments (RFC 3986 §5.2.4).
    static func removeDotSegments(_ path: Substring) -> String {
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (i, seg) in segments.enumerated() {
            let last = i == segments.count - 1
            if seg == "." {
                if last { output.append("") }
            } else if seg == ".." {
                if output.count > 1 { output.removeLast() }
                if last { output.append("") }
            } else {
                output.append(seg)
            }
        }
        var joined = output.joined(separator: "/")
        if path.hasPrefix("/") && !joined.hasPrefix("/") { joined = "/" + joined }
        return joined
    }

    /// Resolves `reference` against the absolute `base`. Absolute references (`https:`,
    /// `mailto:`, `data:`…) come back unchanged, as does everything when `base` is not absolute.
    public static func resolve(_ reference: String, against base: String) -> String {
        let ref = reference.trimmingASCIIWhitespace()
        if ref.isEmpty || isAbsolute(ref) { return ref.isEmpty ? base : ref }
        guard let b = split(base) else { return ref }
        let authority = b.authority.map { "//" + $0 } ?? ""
        if ref.hasPrefix("//") { return b.scheme + ":" + ref }
        if ref.hasPrefix("#") {
            return b.scheme + ":" + authority + b.path + (b.query.map { "?" + $0 } ?? "") + ref
        }
        if ref.hasPrefix("?") { return b.scheme + ":" + authority + b.path + ref }
        var rpath = Substring(ref)
        var suffix = ""
        if let i = rpath.firstIndex(where: { $0 == "?" || $0 == "#" }) { suffix = String(rpath[i...]); rpath = rpath[..<i] }
        let merged: String
        if rpath.hasPrefix("/") {
            merged = String(rpath)
        } else {
            let dir: Substring
            if b.authority != nil && b.path.isEmpty {
                dir = "/"
            } else if let slash = b.path.lastIndex(of: "/") {
                dir = b.path[...slash]
            } else {
                dir = ""
            }
            merged = String(dir) + rpath
        }
        return b.scheme + ":" + authority + removeDotSegments(Substring(merged)) + suffix
    }
}

extension String {
    func trimmingASCIIWhitespace() -> String {
        let ws: Set<Character> = [" ", "\t", "\n", "\r", "\u{0C}"]
        guard let first = firstIndex(where: { !ws.contains($0) }) else { return "" }
        let last = lastIndex(where: { !ws.contains($0) })!
        return String(self[first...last])
    }
}
