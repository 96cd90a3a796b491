import Foundation

/// Slugs the way Jekyll makes them, so migrated URLs stay the same.
enum Slug {
    enum Mode { case `default`, pretty }

    /// Jekyll's `Utils.slugify`: runs of characters outside the mode's set become one `-`, ends trimmed.
    /// `default` keeps letters and digits; `pretty` also keeps `._~!$&'()+,;=@`.
    static func jekyll(_ s: String, mode: Mode = .default, cased: Bool = false) -> String {
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

    /// A URL-safe, stable slug for a tag or category name of any script.
    /// `+` and `#` are spelled out so `C++`, `C#` and `C` do not collide.
    static func term(_ name: String) -> String {
        var s = ""
        for ch in name {
            switch ch {
            case "+": s += " plus "
            case "#": s += " sharp "
            default: s.append(ch)
            }
        }
        let slug = jekyll(s)
        return slug.isEmpty ? "term" : slug
    }

    /// Percent-encodes what may not stand in a URL path (Jekyll's `URL.escape_path` set).
    static func escapePath(_ path: String) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-._~!$&'()*+,;=:@/")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
