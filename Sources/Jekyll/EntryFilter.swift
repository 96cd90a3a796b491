import Foundation

/// `Jekyll::EntryFilter`: which names in a folder Jekyll reads. Hidden (`.`), special (`_`, `#`, `~`)
/// and backup (`~` at the end) entries are skipped unless `include:` names them; `exclude:` patterns
/// match the path from the site folder as `File.fnmatch` without FNM_PATHNAME (so `*` crosses `/`) or
/// as a plain string prefix (so `exclude: [README]` also drops `README.md`).
struct JekyllEntryFilter {
    var source: String
    var include: [String]
    var exclude: [String]

    init(source: String, include: [String], exclude: [String]) {
        self.source = source
        self.include = include
        self.exclude = exclude.filter { !include.contains($0) }
    }

    /// `entries` are names (or paths) inside `base`, a site-relative folder ("" for the site root).
    func filter(_ entries: [String], base: String) -> [String] {
        entries.filter { e in
            if e.hasSuffix(".") { return false }
            let included = isIncluded(e)
            let rel = base.isEmpty ? "/" + e : (base.hasPrefix("/") ? base : "/" + base) + "/" + e
            if !included, matches(exclude, rel) { return false }
            if included { return true }
            return !(isSpecial(e) || e.hasSuffix("~"))
        }
    }

    func isIncluded(_ e: String) -> Bool {
        matches(include, "/" + e) || matches(include, "/" + (e.split(separator: "/").last.map(String.init) ?? e))
    }

    func isSpecial(_ e: String) -> Bool {
        func special(_ s: Substring) -> Bool { s.first.map { ".#_~".contains($0) } ?? false }
        return special(Substring(e)) || special(e.split(separator: "/").last ?? Substring(e))
    }

    /// `glob_include?` with both sides joined to the site folder (`rel` starts with `/`).
    func matches(_ patterns: [String], _ rel: String) -> Bool {
        guard !patterns.isEmpty else { return false }
        let entry = join(source, rel)
        for p in patterns {
            let pattern = join(source, p)
            if Self.fnmatch(pattern, entry) || entry.hasPrefix(pattern) { return true }
            // `exclude: [docs/]` names the folder `docs`: asked of the disk only then (a stat per entry
            // and pattern was a tenth of a serve save).
            if pattern.utf8.count == entry.utf8.count + 1, pattern == entry + "/" {
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: entry, isDirectory: &isDir), isDir.boolValue { return true }
            }
        }
        return false
    }

    /// Ruby's `File.join`: one `/` between parts.
    func join(_ a: String, _ b: String) -> String {
        if b.isEmpty { return a }
        if a.hasSuffix("/") { return b.hasPrefix("/") ? a + b.dropFirst() : a + b }
        return b.hasPrefix("/") ? a + b : a + "/" + b
    }

    /// `File.fnmatch(pattern, path)` with no flags: `*` and `?` match any character, `/` included;
    /// `[...]` classes; a leading `.` of the whole path needs a literal dot (paths here start with `/`).
    static func fnmatch(_ pattern: String, _ path: String) -> Bool {
        let p = Array(pattern.utf8), s = Array(path.utf8)
        // Iterative wildcard matching with backtracking to the last `*`.
        var i = 0, j = 0
        var star = -1, mark = 0
        while j < s.count {
            if i < p.count {
                switch p[i] {
                case UInt8(ascii: "*"):
                    star = i; mark = j; i += 1; continue
                case UInt8(ascii: "?"):
                    i += 1; j += 1; continue
                case UInt8(ascii: "["):
                    if let (hit, next) = classMatch(p, i, s[j]), hit { i = next; j += 1; continue }
                case UInt8(ascii: "\\") where i + 1 < p.count:
                    if p[i + 1] == s[j] { i += 2; j += 1; continue }
                default:
                    if p[i] == s[j] { i += 1; j += 1; continue }
                }
            }
            guard star >= 0 else { return false }
            i = star + 1; mark += 1; j = mark
        }
        while i < p.count, p[i] == UInt8(ascii: "*") { i += 1 }
        return i == p.count
    }

    private static func classMatch(_ p: [UInt8], _ start: Int, _ c: UInt8) -> (Bool, Int)? {
        var k = start + 1
        var negate = false
        if k < p.count, p[k] == UInt8(ascii: "!") || p[k] == UInt8(ascii: "^") { negate = true; k += 1 }
        var hit = false
        var first = true
        while k < p.count, p[k] != UInt8(ascii: "]") || first {
            first = false
            if k + 2 < p.count, p[k + 1] == UInt8(ascii: "-"), p[k + 2] != UInt8(ascii: "]") {
                if p[k] <= c && c <= p[k + 2] { hit = true }
                k += 3
            } else {
                if p[k] == c { hit = true }
                k += 1
            }
        }
        guard k < p.count else { return nil }
        return (hit != negate, k + 1)
    }
}
