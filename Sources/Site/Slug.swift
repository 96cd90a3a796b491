import Foundation

/// Slugs the way Jekyll makes them, so migrated URLs stay the same.
enum Slug {
    enum Mode { case `default`, pretty }

    /// Jekyll's `Utils.slugify`: runs of characters outside the mode's set become one `-`, ends trimmed.
    /// `default` keeps letters and digits; `pretty` also keeps `._~!$&'()+,;=@`.
    static func jekyll(_ s: String, mode: Mode = .default, cased: Bool = false) -> String {
        if let ascii = asciiJekyll(s, pretty: mode == .pretty, cased: cased) { return ascii }
        return characterJekyll(s, mode: mode, cased: cased)
    }

    /// `jekyll` Character by Character, for any text.
    static func characterJekyll(_ s: String, mode: Mode, cased: Bool) -> String {
        let extra: Set<Character> = mode == .pretty ? Set("._~!$&'()+,;=@") : []
        var out = ""
        var pendingHyphen = false
        for ch in s {
            if ch.isLetter || ch.isNumber || extra.contains(ch) {
                if pendingHyphen && !out.isEmpty { out.append("-") }
                pendingHyphen = false
                out.append(ch)
            } else {
                pendingHyphen = true
            }
        }
        return cased ? out : out.lowercased()
    }

    /// `jekyll` on bytes for ASCII text (where letters and numbers are A–Z, a–z, 0–9): no Character
    /// properties to look up. Nil for other text.
    private static func asciiJekyll(_ s: String, pretty: Bool, cased: Bool) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        var pendingHyphen = false
        for var c in s.utf8 {
            if c >= 0x80 { return nil }
            let letter = (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
            let keep = letter || (c >= 0x30 && c <= 0x39) || (pretty && isPrettyExtra(c))
            if keep {
                if pendingHyphen && !out.isEmpty { out.append(0x2D) }
                pendingHyphen = false
                if !cased && c >= 0x41 && c <= 0x5A { c += 0x20 }
                out.append(c)
            } else {
                pendingHyphen = true
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static let prettyExtra: Set<UInt8> = Set("._~!$&'()+,;=@".utf8)

    /// `prettyExtra.contains(c)` as a switch: a Set look-up per byte was most of this function's 14 M instructions a build.
    @inline(__always) static func isPrettyExtra(_ c: UInt8) -> Bool {
        switch c {
        case 0x2E, 0x5F, 0x7E, 0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2B, 0x2C, 0x3B, 0x3D, 0x40: return true
        default: return false
        }
    }

    /// A URL-safe, stable slug for a tag or category name of any script.
    /// `+` and `#` are spelled out so `C++`, `C#` and `C` do not collide.
    static func term(_ name: String) -> String {
        var s = ""
        if name.utf8.contains(where: { $0 == 0x2B || $0 == 0x23 }) {
            for ch in name {
                switch ch {
                case "+": s += " plus "
                case "#": s += " sharp "
                default: s.append(ch)
                }
            }
        } else {
            s = name   // nothing to spell out
        }
        let slug = jekyll(s)
        return slug.isEmpty ? "term" : slug
    }

    /// Percent-encodes what may not stand in a URL path (Jekyll's `URL.escape_path` set).
    static func escapePath(_ path: String) -> String {
        // Nothing to encode (the usual case): the same string, without building a CharacterSet.
        if path.utf8.allSatisfy({ pathSafe[Int($0)] }) { return path }
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-._~!$&'()*+,;=:@/")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    /// The bytes `escapePath` leaves alone.
    private static let pathSafe: [Bool] = (0..<256).map { b in
        b < 0x80 && "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/".utf8.contains(UInt8(b))
    }
}
