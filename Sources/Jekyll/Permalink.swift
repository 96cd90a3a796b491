import Foundation
import Liquid

/// Jekyll's URL building (`Jekyll::URL`, `Utils.slugify`, `Utils.add_permalink_suffix`).
public enum JekyllPermalink {
    /// `Utils.add_permalink_suffix`: what a style adds to a collection's or page's default template.
    public static func addSuffix(_ template: String, style: String) -> String {
        switch style {
        case "pretty": return template + "/"
        case "date", "ordinal", "none": return template + ":output_ext"
        default:
            var t = template
            if style.hasSuffix("/") { t += "/" }
            if style.hasSuffix(":output_ext") { t += ":output_ext" }
            return t
        }
    }

    /// `URL#sanitize_url`: a leading `/`, `..` turned into `/`, `./` removed, runs of `/` squeezed.
    public static func sanitize(_ s: String) -> String {
        var r = ("/" + s).replacingOccurrences(of: "..", with: "/")
        r = r.replacingOccurrences(of: "./", with: "")
        var out = ""
        out.reserveCapacity(r.utf8.count)
        var lastSlash = false
        for ch in r {
            if ch == "/" { if lastSlash { continue }; lastSlash = true } else { lastSlash = false }
            out.append(ch)
        }
        return out
    }

    private static let pathSafe: Set<UInt8> = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?".utf8)

    /// `URL.escape_path` (Addressable's encode): bytes outside a URI path's characters percent-encoded;
    /// `?` kept (Addressable reads it as the query's start), `#` encoded.
    public static func escapePath(_ path: String) -> String {
        if path.utf8.allSatisfy({ pathSafe.contains($0) && $0 != 0x3F }) { return path }
        var out = ""
        for b in path.utf8 {
            if pathSafe.contains(b) { out.unicodeScalars.append(UnicodeScalar(b)) } else { out += String(format: "%%%02X", b) }
        }
        return out
    }

    /// `URL.unescape_path`: percent escapes decoded (invalid ones kept).
    public static func unescapePath(_ path: String) -> String {
        guard path.contains("%") else { return path }
        var bytes: [UInt8] = []
        let u = Array(path.utf8)
        var i = 0
        while i < u.count {
            if u[i] == 0x25, i + 2 < u.count, let v = UInt8(String(decoding: u[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                bytes.append(v); i += 3
            } else {
                bytes.append(u[i]); i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `generate_url_from_hash`: each placeholder in order, replaced everywhere as plain text; a nil value
    /// removes `/:key`.
    static func fromHash(_ template: String, _ placeholders: [(String, String?)]) -> String {
        var result = template
        for (key, value) in placeholders {
            guard result.contains(":") else { break }
            if let value {
                result = result.replacingOccurrences(of: ":" + key, with: escapePath(value))
            } else {
                result = result.replacingOccurrences(of: "/:" + key, with: "")
            }
        }
        return result
    }

    struct UnknownPlaceholder: Error { var names: [String] }

    /// `generate_url_from_drop`: `:([a-z_]+)` each looked up (`:month_` may mean `:month` then `_`).
    static func fromDrop(_ template: String, _ lookup: (String) -> String??) throws(UnknownPlaceholder) -> String {
        var out = ""
        let chars = Array(template.unicodeScalars)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            guard c == ":", i + 1 < chars.count, isKeyChar(chars[i + 1]) else { out.unicodeScalars.append(c); i += 1; continue }
            var j = i + 1
            while j < chars.count, isKeyChar(chars[j]) { j += 1 }
            let name = String(String.UnicodeScalarView(chars[(i + 1)..<j]))
            let pool = name.hasSuffix("_") ? [name, String(name.dropLast())] : [name]
            guard let winner = pool.first(where: { lookup($0) != nil }), let value = lookup(winner) else {
                throw UnknownPlaceholder(names: pool)
            }
            out += escapePath(value ?? "")
            if winner != name { out += "_" }
            i = j
        }
        return out
    }

    private static func isKeyChar(_ c: Unicode.Scalar) -> Bool { (c >= "a" && c <= "z") || c == "_" }

    // MARK: slugify

    /// `Utils.slugify` with its modes (`raw`, `default`, `pretty`, `ascii`, `latin`; anything else only
    /// downcases). Nil in, nil out.
    public static func slugify(_ string: String?, mode: String? = nil, cased: Bool = false) -> String? {
        guard var s = string else { return nil }
        let mode = mode ?? "default"
        guard ["raw", "default", "pretty", "ascii", "latin"].contains(mode) else { return cased ? s : s.lowercased() }
        if mode == "latin" {
            s = s.applyingTransform(.toLatin, reverse: false)?.applyingTransform(.stripDiacritics, reverse: false) ?? s
            s = String(s.unicodeScalars.map { $0.isASCII ? Character($0) : "?" })
        }
        let keep: (Unicode.Scalar) -> Bool
        switch mode {
        case "raw": keep = { !$0.properties.isWhitespace }
        case "pretty": keep = { isLetterMarkDigit($0) || "._~!$&'()+,;=@".unicodeScalars.contains($0) }
        case "ascii": keep = { $0.isASCII && (CharacterSet.alphanumerics.contains($0)) }
        default: keep = isLetterMarkDigit
        }
        var out = String.UnicodeScalarView()
        var inRun = false
        for u in s.unicodeScalars {
            if keep(u) { out.append(u); inRun = false } else if !inRun { out.append("-"); inRun = true }
        }
        var slug = String(out)
        // gsub(/^-|-$/): one dash at the start and one at the end (of each line, but newlines became dashes).
        if slug.hasPrefix("-") { slug.removeFirst() }
        if slug.hasSuffix("-") { slug.removeLast() }
        return cased ? slug : slug.lowercased()
    }

    private static func isLetterMarkDigit(_ u: Unicode.Scalar) -> Bool {
        switch u.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber: return true
        default: return false
        }
    }
}
