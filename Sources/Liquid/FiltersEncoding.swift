import Foundation

// Escaping and encoding filters: HTML (CGI.escapeHTML, escape_once, Jekyll's xml_escape), URL (CGI.escape,
// CGI.unescape, Addressable's normalize_component) and Base64 (strict and URL-safe), byte by byte.

enum FilterEncoding {
    static let hex: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// CGI.escapeHTML.
    static func escapeHTML(_ s: String) -> String {
        func special(_ c: UInt8) -> Bool { c == 0x26 || c == 0x3C || c == 0x3E || c == 0x22 || c == 0x27 }
        // Most text (titles, URLs) has none: scanned over its bytes in place, it comes back as it is.
        let needs = s.utf8.withContiguousStorageIfAvailable { $0.contains(where: special) } ?? s.utf8.contains(where: special)
        guard needs else { return s }
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 16)
        for c in s.utf8 {
            switch c {
            case 0x26: appendStatic(&out, "&amp;")
            case 0x3C: appendStatic(&out, "&lt;")
            case 0x3E: appendStatic(&out, "&gt;")
            case 0x22: appendStatic(&out, "&quot;")
            case 0x27: appendStatic(&out, "&#39;")
            default: out.append(c)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Liquid's escape_once: `/["><']|&(?!([a-zA-Z]+|(#\d+));)/` escaped, existing entities kept.
    static func escapeOnce(_ s: String) -> String {
        let b = Array(s.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(b.count + 16)
        var i = 0
        while i < b.count {
            let c = b[i]
            switch c {
            case 0x3C: out += Array("&lt;".utf8)
            case 0x3E: out += Array("&gt;".utf8)
            case 0x22: out += Array("&quot;".utf8)
            case 0x27: out += Array("&#39;".utf8)
            case 0x26:
                var j = i + 1
                func isAlpha(_ x: UInt8) -> Bool { (x | 0x20) >= 0x61 && (x | 0x20) <= 0x7A }
                if j < b.count, isAlpha(b[j]) {
                    while j < b.count, isAlpha(b[j]) { j += 1 }
                } else if j + 1 < b.count, b[j] == 0x23, b[j + 1] >= 0x30, b[j + 1] <= 0x39 {
                    j += 1
                    while j < b.count, b[j] >= 0x30, b[j] <= 0x39 { j += 1 }
                }
                if j > i + 1, j < b.count, b[j] == 0x3B { out.append(c) } else { out += Array("&amp;".utf8) }
            default: out.append(c)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Jekyll's xml_escape: `encode(xml: :attr)` without its quotes (& < > " ' escaped). Feeds run it over
    /// whole post bodies, so text with nothing to escape comes back as it is, and otherwise the escaped
    /// length is counted first and the result written once, runs copied whole (an `Array` per `<` made it
    /// the costliest filter of a Jekyll build).
    static func xmlEscape(_ s: String) -> String {
        var text = s
        return text.withUTF8 { buf -> String in
            guard let base = buf.baseAddress else { return s }
            let n = buf.count
            var extra = 0   // first pass: the escaped length, so the result is written once, in place
            for i in 0..<n {
                switch base[i] {
                case 0x26: extra += 4
                case 0x3C, 0x3E: extra += 3
                case 0x22, 0x27: extra += 5
                default: break
                }
            }
            guard extra > 0 else { return s }
            return String(unsafeUninitializedCapacity: n + extra) { dst in
                var o = 0, runStart = 0
                for i in 0..<n {
                    let c = base[i]
                    guard isXMLSpecial(c) else { continue }
                    if i > runStart {
                        UnsafeMutableRawPointer(dst.baseAddress! + o).copyMemory(from: base + runStart, byteCount: i - runStart)
                        o += i - runStart
                    }
                    let reference: StaticString
                    switch c {
                    case 0x26: reference = "&amp;"
                    case 0x3C: reference = "&lt;"
                    case 0x3E: reference = "&gt;"
                    case 0x22: reference = "&quot;"
                    default: reference = "&apos;"
                    }
                    UnsafeMutableRawPointer(dst.baseAddress! + o).copyMemory(from: reference.utf8Start, byteCount: reference.utf8CodeUnitCount)
                    o += reference.utf8CodeUnitCount
                    runStart = i + 1
                }
                if n > runStart {
                    UnsafeMutableRawPointer(dst.baseAddress! + o).copyMemory(from: base + runStart, byteCount: n - runStart)
                    o += n - runStart
                }
                return o
            }
        }
    }

    @inline(__always) private static func isXMLSpecial(_ c: UInt8) -> Bool {
        c == 0x26 || c == 0x3C || c == 0x3E || c == 0x22 || c == 0x27
    }

    /// Appends a literal's bytes without making an Array of them first.
    @inline(__always) static func appendStatic(_ out: inout [UInt8], _ s: StaticString) {
        s.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// CGI.escape: everything but `a-zA-Z0-9_.-~` percent-encoded, space as `+`.
    static func cgiEscape(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        for c in s.utf8 {
            switch c {
            case 0x61...0x7A, 0x41...0x5A, 0x30...0x39, 0x5F, 0x2E, 0x2D, 0x7E: out.append(c)
            case 0x20: out.append(0x2B)
            default: out += [0x25, hex[Int(c >> 4)], hex[Int(c & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }

    /// Percent-decodes `%XX` (and `+` as space when `plus`); other `%` are left as they are.
    static func percentDecode(_ bytes: [UInt8], plus: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x25, i + 2 < bytes.count, let h = hexValue(bytes[i + 1]), let l = hexValue(bytes[i + 2]) {
                out.append(h << 4 | l)
                i += 3
                continue
            }
            out.append(plus && c == 0x2B ? 0x20 : c)
            i += 1
        }
        return out
    }

    /// CGI.unescape; nil when the result is not UTF-8 (Liquid raises "invalid byte sequence in UTF-8").
    static func cgiUnescape(_ s: String) -> String? {
        let out = percentDecode(Array(s.utf8), plus: true)
        return String(validating: out, as: UTF8.self)
    }

    /// Addressable::URI.normalize_component with its default class: unescape, NFKC, then escape every byte
    /// outside RFC 3986's reserved and unreserved characters.
    static func normalizeComponent(_ s: String) -> String {
        let decoded = percentDecode(Array(s.utf8), plus: false)
        let text: [UInt8]
        if let str = String(validating: decoded, as: UTF8.self) {
            text = Array(str.precomposedStringWithCompatibilityMapping.utf8)
        } else {
            text = decoded
        }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        for c in text {
            if isReservedOrUnreserved(c) { out.append(c) } else { out += [0x25, hex[Int(c >> 4)], hex[Int(c & 15)]] }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func isUnreserved(_ c: UInt8) -> Bool {
        switch c {
        case 0x61...0x7A, 0x41...0x5A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E: return true
        default: return false
        }
    }

    static func isReservedOrUnreserved(_ c: UInt8) -> Bool {
        if isUnreserved(c) { return true }
        switch c {
        case 0x3A, 0x2F, 0x3F, 0x23, 0x5B, 0x5D, 0x40,  // :/?#[]@
             0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D:  // !$&'()*+,;=
            return true
        default: return false
        }
    }

    static let base64Alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func base64Encode(_ bytes: [UInt8], urlSafe: Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        func sym(_ v: UInt8) -> UInt8 {
            let c = base64Alphabet[Int(v)]
            if urlSafe { return c == 0x2B ? 0x2D : c == 0x2F ? 0x5F : c }
            return c
        }
        while i < bytes.count {
            let b0 = bytes[i], b1 = i + 1 < bytes.count ? bytes[i + 1] : 0, b2 = i + 2 < bytes.count ? bytes[i + 2] : 0
            out.append(sym(b0 >> 2))
            out.append(sym((b0 & 3) << 4 | b1 >> 4))
            out.append(i + 1 < bytes.count ? sym((b1 & 15) << 2 | b2 >> 6) : 0x3D)
            out.append(i + 2 < bytes.count ? sym(b2 & 63) : 0x3D)
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Ruby's `strict_decode64` (`unpack1("m0")`): whole quads, padding only at the end, no stray bits.
    static func base64StrictDecode(_ text: [UInt8]) -> [UInt8]? {
        guard text.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 4 * 3)
        func val(_ c: UInt8) -> UInt8? {
            switch c {
            case 0x41...0x5A: return c - 0x41
            case 0x61...0x7A: return c - 0x61 + 26
            case 0x30...0x39: return c - 0x30 + 52
            case 0x2B: return 62
            case 0x2F: return 63
            default: return nil
            }
        }
        var i = 0
        while i < text.count {
            let last = i + 4 == text.count
            guard let a = val(text[i]), let b = val(text[i + 1]) else { return nil }
            if last && text[i + 2] == 0x3D {
                guard text[i + 3] == 0x3D, b & 15 == 0 else { return nil }
                out.append(a << 2 | b >> 4)
            } else if last && text[i + 3] == 0x3D {
                guard let c = val(text[i + 2]), c & 3 == 0 else { return nil }
                out.append(a << 2 | b >> 4)
                out.append((b & 15) << 4 | c >> 2)
            } else {
                guard let c = val(text[i + 2]), let d = val(text[i + 3]) else { return nil }
                out.append(a << 2 | b >> 4)
                out.append((b & 15) << 4 | c >> 2)
                out.append((c & 3) << 6 | d)
            }
            i += 4
        }
        return out
    }

    /// Ruby's `urlsafe_decode64`: pads to a multiple of four when unpadded, `-_` for `+/`, then strict.
    static func base64URLSafeDecode(_ s: String) -> [UInt8]? {
        var b = Array(s.utf8)
        if b.last != 0x3D && b.count % 4 != 0 { b += Array(repeating: 0x3D, count: 4 - b.count % 4) }
        for i in b.indices { if b[i] == 0x2D { b[i] = 0x2B } else if b[i] == 0x5F { b[i] = 0x2F } }
        return base64StrictDecode(b)
    }

    static let standard: [String: LiquidFilter] = [
        "escape": FilterSupport.unary { input in input.isNil ? .null : .string(escapeHTML(input.rubyToS)) },
        "h": FilterSupport.unary { input in input.isNil ? .null : .string(escapeHTML(input.rubyToS)) },
        "escape_once": FilterSupport.unary { input in .string(escapeOnce(input.rubyToS)) },
        "url_encode": FilterSupport.unary { input in input.isNil ? .null : .string(cgiEscape(input.rubyToS)) },
        "url_decode": FilterSupport.unary { (input) throws(LiquidError) -> Value in
            if input.isNil { return .null }
            guard let s = cgiUnescape(input.rubyToS) else { throw FilterSupport.error("invalid byte sequence in UTF-8") }
            return .string(s)
        },
        "base64_encode": FilterSupport.unary { input in .string(base64Encode(Array(input.rubyToS.utf8), urlSafe: false)) },
        "base64_url_safe_encode": FilterSupport.unary { input in .string(base64Encode(Array(input.rubyToS.utf8), urlSafe: true)) },
        "base64_decode": FilterSupport.unary { (input) throws(LiquidError) -> Value in
            guard let bytes = base64StrictDecode(Array(input.rubyToS.utf8)) else {
                throw FilterSupport.error("invalid base64 provided to base64_decode")
            }
            return .string(String(decoding: bytes, as: UTF8.self))
        },
        "base64_url_safe_decode": FilterSupport.unary { (input) throws(LiquidError) -> Value in
            guard let bytes = base64URLSafeDecode(input.rubyToS) else {
                throw FilterSupport.error("invalid base64 provided to base64_url_safe_decode")
            }
            return .string(String(decoding: bytes, as: UTF8.self))
        },
    ]

    static let jekyll: [String: LiquidFilter] = [
        "xml_escape": FilterSupport.unary { input in .string(xmlEscape(input.rubyToS)) },
        "cgi_escape": FilterSupport.unary { input in .string(cgiEscape(input.rubyToS)) },
        "uri_escape": FilterSupport.unary { input in input.isNil ? .null : .string(normalizeComponent(input.rubyToS)) },
    ]
}
