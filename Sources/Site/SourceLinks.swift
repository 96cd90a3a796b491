import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TextBytes

/// Links to a page's Markdown source (`[next](2016-01-05-b.md)`, `[about](../about.md#team)`), as
/// editors and GitHub show them, become that page's URL when the site is built: they follow the page
/// when its permalink changes. A link to a source file that is not there is left as written, and the
/// link check then warns at its line.
enum SourceLinks {
    /// The site path (`content/posts/x.md`) a link's target names, relative to `from` (a site path),
    /// or from `content/` when it starts with `/`; nil when it is no link to a Markdown file here.
    static func target(_ href: Substring, from: String) -> String? {
        var path = href
        if let cut = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = path[..<cut] }
        let lower = path.lowercased()
        guard lower.hasSuffix(".md") || lower.hasSuffix(".markdown"), !path.hasPrefix("//"), !path.contains(":") else { return nil }
        let decoded = path.contains("%") ? (String(path).removingPercentEncoding ?? String(path)) : String(path)
        var parts: [Substring] = decoded.hasPrefix("/") ? ["content"] : from.split(separator: "/").dropLast()
        for p in decoded.split(separator: "/") {
            if p == "." { continue }
            if p == ".." { guard parts.count > 1 else { return nil }; parts.removeLast(); continue }
            parts.append(p)
        }
        return parts.joined(separator: "/")
    }

    /// Whether `html` holds `.md"`, `.md#`, `.md?`, `.markdown"`, `.markdown#`, `.markdown?`, `.MD"` or `.MD#`:
    /// one memchr walk over the dots (eight searches of the page, one per ending, were a percent of the render phase).
    static func mayNameSource(_ html: String) -> Bool {
        var text = html
        return text.withUTF8 { b in
            guard let base = b.baseAddress else { return false }
            let n = b.count
            var i = 0
            while i < n, let p = memchr(base + i, 0x2E, n - i) {
                i = base.distance(to: p.assumingMemoryBound(to: UInt8.self)) + 1
                guard i + 2 < n else { return false }
                let c0 = b[i], c1 = b[i + 1]
                if c0 == 0x6D && c1 == 0x64 {   // md
                    let e = b[i + 2]
                    if e == 0x22 || e == 0x23 || e == 0x3F { return true }
                } else if c0 == 0x6D && c1 == 0x61 {   // markdown
                    if i + 8 < n, memcmp(base + i, "markdown", 8) == 0, b[i + 8] == 0x22 || b[i + 8] == 0x23 || b[i + 8] == 0x3F { return true }
                } else if c0 == 0x4D && c1 == 0x44 {   // MD
                    let e = b[i + 2]
                    if e == 0x22 || e == 0x23 { return true }
                }
            }
            return false
        }
    }

    /// `html` with each ` href="…"` naming a source in `urls` (site path → root-relative URL) replaced by
    /// that URL (its `#fragment` kept), and every source path it named with the URL used ("" when none).
    static func apply(_ html: String, from: String, urls: [String: String]) -> (html: String, used: [String: String]) {
        // Only an attribute value ending in a Markdown name can be one (`.md"`, `.md#x"`, `.md?x"`): prose and
        // code that mention README.md pay a byte search, not the href walk (Foundation's range(of:) per link).
        guard mayNameSource(html) else { return (html, [:]) }
        var out = ""
        var used: [String: String] = [:]
        var rest = Substring(html)
        while let r = rest.range(of: " href=\"") {
            out += rest[..<r.upperBound]
            rest = rest[r.upperBound...]
            let value = rest.prefix { $0 != "\"" }
            guard let path = target(value, from: from) else { continue }
            let url = urls[path] ?? ""
            used[path] = url
            guard !url.isEmpty else { continue }
            let fragment = value.firstIndex(of: "#").map { String(value[$0...]) } ?? ""
            out += url + fragment
            rest = rest[value.endIndex...]
        }
        return (out + rest, used)
    }
}
