import Foundation

// Jekyll 4.3's URL filters (relative_url, absolute_url, strip_index) and the part of
// `Addressable::URI.parse(s).normalize.to_s` they depend on: scheme and host lower-cased, default ports
// dropped, path segments, query pairs and fragment unescaped and re-escaped (NFKC, upper-case hex),
// dot segments removed, an empty query or fragment dropped.

/// The site's `url` and `baseurl` (Jekyll's config), read by relative_url/absolute_url from the register
/// "jekyll.urls". Nil `url`/`baseurl` in _config.yml are empty strings here.
public struct JekyllURLSettings: Sendable {
    public var url: String
    public var baseurl: String
    public init(url: String, baseurl: String) {
        self.url = url
        self.baseurl = baseurl
    }
}

enum FilterURL {
    struct Parts {
        var scheme: String?
        var authority: String?
        var path: String
        var query: String?
        var fragment: String?
    }

    /// RFC 3986 appendix B: `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?$`.
    static func split(_ s: String) -> Parts {
        let b = Array(s.utf8)
        func str(_ r: Range<Int>) -> String { String(decoding: b[r], as: UTF8.self) }
        var i = 0
        var scheme: String?
        var j = 0
        while j < b.count, b[j] != 0x3A, b[j] != 0x2F, b[j] != 0x3F, b[j] != 0x23 { j += 1 }
        if j > 0, j < b.count, b[j] == 0x3A { scheme = str(0..<j); i = j + 1 }
        var authority: String?
        if i + 1 < b.count, b[i] == 0x2F, b[i + 1] == 0x2F {
            var k = i + 2
            while k < b.count, b[k] != 0x2F, b[k] != 0x3F, b[k] != 0x23 { k += 1 }
            authority = str((i + 2)..<k)
            i = k
        }
        var k = i
        while k < b.count, b[k] != 0x3F, b[k] != 0x23 { k += 1 }
        let path = str(i..<k)
        var query: String?
        if k < b.count, b[k] == 0x3F {
            var q = k + 1
            while q < b.count, b[q] != 0x23 { q += 1 }
            query = str((k + 1)..<q)
            k = q
        }
        var fragment: String?
        if k < b.count, b[k] == 0x23 { fragment = str((k + 1)..<b.count) }
        return Parts(scheme: scheme, authority: authority, path: path, query: query, fragment: fragment)
    }

    /// Addressable's `absolute?`: the URI has a scheme.
    static func isAbsolute(_ s: String) -> Bool { split(s).scheme != nil }

    static func isPChar(_ c: UInt8) -> Bool {
        if FilterEncoding.isUnreserved(c) { return true }
        switch c {
        case 0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D, 0x3A, 0x40: return true
        default: return false
        }
    }

    /// Addressable's normalize_component: unescape (except `leave`), NFKC, escape bytes `allowed` rejects.
    static func normalizeComponent(_ s: String, leaveEncodedPlus: Bool = false, allowed: (UInt8) -> Bool) -> String {
        var bytes = Array(s.utf8)
        if leaveEncodedPlus {  // keep "%2B" escaped: mark it so the decoder leaves it
            var out: [UInt8] = []
            var i = 0
            while i < bytes.count {
                if bytes[i] == 0x25, i + 2 < bytes.count, bytes[i + 1] == 0x32, bytes[i + 2] | 0x20 == 0x62 {
                    out += [0x00, 0x32, 0x42]
                    i += 3
                } else { out.append(bytes[i]); i += 1 }
            }
            bytes = out
        }
        let decoded = FilterEncoding.percentDecode(bytes, plus: false)
        // NFKC leaves ASCII as it is: only text with other bytes pays for Foundation's normalization.
        let text = decoded.allSatisfy({ $0 < 0x80 }) ? decoded
            : String(validating: decoded, as: UTF8.self).map { Array($0.precomposedStringWithCompatibilityMapping.utf8) } ?? decoded
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        for c in text {
            if c == 0x00 && leaveEncodedPlus { out.append(0x25); continue }
            if allowed(c) { out.append(c) } else { out += [0x25, FilterEncoding.hex[Int(c >> 4)], FilterEncoding.hex[Int(c & 15)]] }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// RFC 3986 section 5.2.4.
    static func removeDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        var out = ""
        while !input.isEmpty {
            if input.hasPrefix("../") { input = input.dropFirst(3) }
            else if input.hasPrefix("./") { input = input.dropFirst(2) }
            else if input.hasPrefix("/./") { input = input.dropFirst(2) }
            else if input == "/." { input = "/" }
            else if input.hasPrefix("/../") { input = input.dropFirst(3); if !output.isEmpty { output.removeLast() } }
            else if input == "/.." { input = "/"; if !output.isEmpty { output.removeLast() } }
            else if input == "." || input == ".." { input = "" }
            else {
                let start = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[start...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        for seg in output { out += seg }
        return out
    }

    static let defaultPorts = ["http": "80", "https": "443", "ftp": "21", "tftp": "69", "ssh": "22", "git": "9418"]

    /// `Addressable::URI.parse(s).normalize.to_s` for the URLs Jekyll builds.
    static func normalize(_ s: String) -> String {
        let p = split(s)
        var out = ""
        let scheme = p.scheme?.lowercased()
        if let scheme { out += scheme + ":" }
        if let authority = p.authority {
            out += "//"
            var host = authority
            if let at = host.lastIndex(of: "@") {
                out += String(host[...at])
                host = String(host[host.index(after: at)...])
            }
            var port: String?
            if let colon = host.lastIndex(of: ":"), !host[colon...].contains("]") {
                port = String(host[host.index(after: colon)...])
                host = String(host[..<colon])
            }
            out += FilterEncoding.percentDecodedLowercased(host)
            if let port, !port.isEmpty, port != scheme.flatMap({ defaultPorts[$0] }) { out += ":" + port }
        }
        var path = p.path.trimmingCharacters(in: .whitespaces)
        path = path.split(separator: "/", omittingEmptySubsequences: false)
            .map { normalizeComponent(String($0), allowed: isPChar) }.joined(separator: "/")
        path = removeDotSegments(path)
        if path.isEmpty, let scheme, ["http", "https", "ftp", "tftp"].contains(scheme) { path = "/" }
        out += path
        if let q = p.query {
            let queryAllowed: (UInt8) -> Bool = { c in isPChar(c) && c != 0x26 && c != 0x3B || c == 0x2F || c == 0x3F }
            let normalized = q.split(separator: "&", omittingEmptySubsequences: false)
                .map { normalizeComponent(String($0), leaveEncodedPlus: true, allowed: queryAllowed) }.joined(separator: "&")
            if !normalized.isEmpty { out += "?" + normalized }
        }
        if let f = p.fragment {
            let normalized = normalizeComponent(f) { isPChar($0) || $0 == 0x2F || $0 == 0x3F }
            if !normalized.isEmpty { out += "#" + normalized }
        }
        return out
    }

    static let cache = FilterCache<String, String>()

    static func ensureLeadingSlash(_ s: String) -> String { s.isEmpty || s.hasPrefix("/") ? s : "/" + s }

    /// The URL a value stands for: its `url` key for a document drop or hash-like object, else `to_s`.
    static func urlInput(_ v: Value) -> Value {
        if case .drop(let d) = v, let u = d.value(forKey: "url") { return u }
        return v
    }

    static func relative(_ input: Value, _ settings: JekyllURLSettings) -> Value {
        let v = urlInput(input)
        let s = v.rubyToS
        if isAbsolute(s) { return v }
        var base = settings.baseurl
        if base.hasSuffix("/") { base.removeLast() }
        let joined = ensureLeadingSlash(base) + ensureLeadingSlash(s)
        return .string(cache.value("r" + joined) { normalize(joined) })
    }

    static func absolute(_ input: Value, _ settings: JekyllURLSettings) -> Value {
        let v = urlInput(input)
        if isAbsolute(v.rubyToS) { return v }
        let rel = relative(v, settings)
        if settings.url.isEmpty { return rel }
        let joined = settings.url + rel.rubyToS
        return .string(cache.value("a" + joined) { normalize(joined) })
    }

    static func settings(_ context: LiquidFilterContext) -> JekyllURLSettings {
        context.register("jekyll.urls", as: JekyllURLSettings.self) ?? JekyllURLSettings(url: "", baseurl: "")
    }

    static let filters: [String: LiquidFilter] = [
        "relative_url": FilterSupport.make(0, 0) { input, _, _, context in
            input.isNil ? .null : relative(input, settings(context))
        },
        "absolute_url": FilterSupport.make(0, 0) { input, _, _, context in
            input.isNil ? .null : absolute(input, settings(context))
        },
        "strip_index": FilterSupport.unary { input in
            if input.isNil || input.rubyToSIsEmpty { return .null }
            let s = input.rubyToS
            // `sub(%r!/index\.html?$!, "/")`: the first such ending at a line end.
            for line in s.split(separator: "\n", omittingEmptySubsequences: false) {
                for suffix in ["/index.html", "/index.htm"] where line.hasSuffix(suffix) {
                    let start = s.distance(from: s.startIndex, to: line.startIndex) + line.count - suffix.count
                    let i = s.index(s.startIndex, offsetBy: start)
                    return .string(String(s[..<i]) + "/" + String(s[s.index(i, offsetBy: suffix.count)...]))
                }
            }
            return .string(s)
        },
    ]
}

extension FilterEncoding {
    /// A host as Addressable normalizes it (ASCII hosts): unescaped and lower-cased.
    static func percentDecodedLowercased(_ host: String) -> String {
        let decoded = percentDecode(Array(host.utf8), plus: false)
        return (String(validating: decoded, as: UTF8.self) ?? host).lowercased()
    }
}
