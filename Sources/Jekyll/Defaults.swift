import Foundation
import Liquid

/// `FrontmatterDefaults#all`: the `defaults:` values that apply to a path and type, merged in Jekyll's
/// precedence (a longer scope path wins; at equal length a rule with a type wins; later rules win ties).
public struct JekyllDefaults: Sendable {
    public var rules: [JekyllDefaultRule]
    /// `collections_dir`, stripped from scope paths as Jekyll does.
    public var collectionsDir: String
    public var timeZone: TimeZone

    public init(rules: [JekyllDefaultRule], collectionsDir: String, timeZone: TimeZone) {
        self.rules = rules; self.collectionsDir = collectionsDir; self.timeZone = timeZone
    }

    /// Values for a file. `path` is Jekyll's path for the thing (a document's `relative_path` inside
    /// `collections_dir`, a page's relative path, a static file's URL for `published`); `type` is
    /// `pages`, a collection label (drafts are `posts`), or nil for static files outside collections.
    public func all(path: String, type: String?) -> LiquidHash {
        var result = LiquidHash()
        var old: JekyllDefaultRule?
        for rule in rules where applies(rule, path: path, type: type) {
            let values = Self.ensureTime(rule.values, timeZone: timeZone)
            if hasPrecedence(old, rule) {
                result = RubyMerge.deep(result, values)
                old = rule
            } else {
                result = RubyMerge.deep(values, result)
            }
        }
        return result
    }

    /// `ensure_time!`: a `date` in defaults is parsed to a time.
    static func ensureTime(_ values: LiquidHash, timeZone: TimeZone) -> LiquidHash {
        guard let d = values["date"], case .string(let s) = d, let t = RubyTime.parse(s, timeZone: timeZone) else { return values }
        var v = values
        v["date"] = .date(t, utcOffset: timeZone.secondsFromGMT(for: t))
        return v
    }

    func applies(_ rule: JekyllDefaultRule, path: String, type: String?) -> Bool {
        if let t = rule.type, t != type { return false }
        if rule.path.isEmpty { return true }
        let sanitized = Self.sanitize(path)
        if rule.path.contains("*") { return globMatches(rule.path, sanitized) }
        return sanitized.hasPrefix(stripCollectionsDir(rule.path))
    }

    func hasPrecedence(_ old: JekyllDefaultRule?, _ new: JekyllDefaultRule) -> Bool {
        guard let old else { return true }
        let n = Self.sanitize(new.path).count, o = Self.sanitize(old.path).count
        if n != o { return n >= o }
        if new.type != nil { return true }
        return old.type == nil
    }

    static func sanitize(_ path: String) -> String {
        path.hasPrefix("/") ? String(path.dropFirst()) : path
    }

    func stripCollectionsDir(_ path: String) -> String {
        guard !collectionsDir.isEmpty, path.hasPrefix(collectionsDir + "/") else { return path }
        return String(path.dropFirst(collectionsDir.count + 1))
    }

    /// Jekyll globs the scope in the site folder and checks whether the path starts with a match. The
    /// path's folders exist, so matching the pattern against the path's leading components is the same.
    func globMatches(_ pattern: String, _ path: String) -> Bool {
        let pat = Self.sanitize(pattern).split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var comps = path.split(separator: "/").map(String.init)
        // A collection document's path is inside collections_dir; the pattern is from the site folder.
        if !collectionsDir.isEmpty, pattern.hasPrefix(collectionsDir + "/") {
            comps = collectionsDir.split(separator: "/").map(String.init) + comps
        }
        guard !pat.isEmpty else { return false }
        for n in 1...max(1, comps.count) where n <= comps.count {
            if Self.globComponents(pat[...], comps[0..<n]) { return true }
        }
        return false
    }

    /// Ruby `Dir.glob` over path components: `*` and `?` inside one component, `**` across any number.
    static func globComponents(_ pat: ArraySlice<String>, _ comps: ArraySlice<String>) -> Bool {
        guard let first = pat.first else { return comps.isEmpty }
        if first == "**" {
            var rest = comps
            while true {
                if globComponents(pat.dropFirst(), rest) { return true }
                guard let head = rest.first, !head.hasPrefix(".") else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let c = comps.first, fnmatch(first, c) else { return false }
        return globComponents(pat.dropFirst(), comps.dropFirst())
    }

    /// One component: `*`, `?`, `[...]`, literal characters; a leading dot needs a literal dot.
    static func fnmatch(_ pattern: String, _ name: String) -> Bool {
        let p = Array(pattern), s = Array(name)
        if s.first == ".", p.first != "." { return false }
        func match(_ i: Int, _ j: Int) -> Bool {
            if i == p.count { return j == s.count }
            switch p[i] {
            case "*":
                var k = j
                while true {
                    if match(i + 1, k) { return true }
                    if k == s.count { return false }
                    k += 1
                }
            case "?": return j < s.count && match(i + 1, j + 1)
            case "[":
                guard j < s.count, let close = p[(i + 1)...].firstIndex(of: "]") else { return j < s.count && s[j] == "[" && match(i + 1, j + 1) }
                var set = Array(p[(i + 1)..<close])
                let negate = set.first == "!" || set.first == "^"
                if negate { set.removeFirst() }
                var hit = false
                var k = 0
                while k < set.count {
                    if k + 2 < set.count, set[k + 1] == "-" { if set[k] <= s[j] && s[j] <= set[k + 2] { hit = true }; k += 3 } else { if set[k] == s[j] { hit = true }; k += 1 }
                }
                return hit != negate && match(close + 1, j + 1)
            case "\\" where i + 1 < p.count:
                return j < s.count && s[j] == p[i + 1] && match(i + 2, j + 1)
            default:
                return j < s.count && s[j] == p[i] && match(i + 1, j + 1)
            }
        }
        return match(0, 0)
    }
}
