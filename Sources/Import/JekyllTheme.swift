import Foundation
import Site

/// What the old Liquid theme read: `page.x` and `site.x` in `_layouts/` and `_includes/`, so the import
/// can list the front matter and settings that showed on the old site and will not on the new one.
struct JekyllTheme: Sendable {
    /// `page.x` key → theme files that read it.
    var pageKeys: [String: Set<String>] = [:]
    /// `site.x` key → theme files that read it.
    var siteKeys: [String: Set<String>] = [:]
    /// Layout names (`_layouts/cv.html` → `cv`).
    var layouts: Set<String> = []
    /// `site.x` keys the theme reads inside of (`site.minima.skin`): a mapping, even when unset.
    var siteMaps: Set<String> = []
    /// Plugins whose tags the theme uses (`{% seo %}`: jekyll-seo-tag), which Galley's templates run too.
    var plugins: [String] = []

    static func scan(source: URL, files: JekyllFiles) -> JekyllTheme {
        var theme = JekyllTheme()
        let fm = FileManager.default
        for folder in ["_layouts", "_includes"] {
            guard let e = fm.enumerator(atPath: source.appendingPathComponent(folder).path) else { continue }
            while let name = e.nextObject() as? String {
                let rel = folder + "/" + name
                guard let text = try? String(contentsOf: source.appendingPathComponent(rel), encoding: .utf8) else { continue }
                if folder == "_layouts" { theme.layouts.insert((name as NSString).deletingPathExtension) }
                for (tag, plugin) in [("seo", "jekyll-seo-tag"), ("feed_meta", "jekyll-feed")] where !theme.plugins.contains(plugin) {
                    if text.range(of: #"\{%-?\s*"# + tag + #"[\s%-]"#, options: .regularExpression) != nil { theme.plugins.append(plugin) }
                }
                theme.siteMaps.formUnion(Self.keys(after: "site.", in: text, dotted: true))
                for (prefix, keyPath) in [("page.", \JekyllTheme.pageKeys), ("site.", \JekyllTheme.siteKeys)] {
                    for key in Self.keys(after: prefix, in: text) { theme[keyPath: keyPath][key, default: []].insert(rel) }
                }
            }
        }
        return theme
    }

    /// Identifiers that follow `prefix` (`page.notice` → `notice`), not preceded by a letter or dot.
    /// `dotted`: only those followed by `.` (`site.minima.skin` → `minima`).
    static func keys(after prefix: String, in text: String, dotted: Bool = false) -> Set<String> {
        var out = Set<String>()
        var rest = Substring(text)
        while let r = rest.range(of: prefix) {
            let before = rest[..<r.lowerBound].last
            rest = rest[r.upperBound...]
            if let b = before, b.isLetter || b.isNumber || b == "." || b == "_" { continue }
            let key = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
            if !key.isEmpty, !dotted || rest.dropFirst(key.count).first == "." { out.insert(String(key)) }
        }
        return out
    }

    /// Front matter read by Jekyll plugins rather than layouts.
    static let pluginKeys: [String: String] = [
        "redirect_to": "jekyll-redirect-from's redirect is not written by Galley",
    ]

    /// Front matter keys the old layouts showed that Galley's templates will not, at each document's line.
    func unshownKeys(in documents: [(rel: String, text: String)]) -> [JekyllImport.Leftover] {
        var out: [JekyllImport.Leftover] = []
        for (rel, text) in documents {
            let split = ImportSupport.split(text)
            guard let yaml = split.frontMatter, let entries = ImportSupport.entries(yaml, file: rel, lineOffset: 1) else { continue }
            for e in entries where !ImportSupport.frontMatterKeys.contains(e.key) {
                if let plugin = Self.pluginKeys[e.key] {
                    out.append(JekyllImport.Leftover(file: rel, line: e.line, text: "`\(e.key)`", why: plugin))
                    continue
                }
                guard let users = pageKeys[e.key] else { continue }
                out.append(JekyllImport.Leftover(
                    file: rel, line: e.line, text: "`\(e.key)`",
                    why: "front matter shown by \(users.sorted().joined(separator: ", ")) is not shown by Galley's templates (they can: {{ page.params.\(e.key) }})"))
            }
        }
        return out
    }
}

/// Front matter edits: layouts that were Liquid files become Galley's templates, and say so.
enum JekyllFrontMatter {
    /// Layouts a Galley site has (the default theme) or maps itself (`default`).
    static let galleyLayouts: Set<String> = ["post", "page", "default"]

    static func rewrite(_ text: String, file: String, theme: JekyllTheme, leftovers: inout [JekyllImport.Leftover]) -> String {
        let split = ImportSupport.split(text)
        guard split.frontMatter != nil else { return text }
        var lines = text.components(separatedBy: "\n")
        let kind = file.hasPrefix("content/posts/") || file.hasPrefix("content/drafts/") ? "post" : "page"
        // Front matter is lines 2 ..< bodyLineOffset (1-based); edit only there.
        for i in 1..<max(1, min(split.bodyLineOffset - 1, lines.count)) {
            let line = lines[i]
            guard line.hasPrefix("layout:") else { continue }
            let name = line.dropFirst("layout:".count).trimmingCharacters(in: CharacterSet(charactersIn: " \"'\t\r"))
            if name.isEmpty || galleyLayouts.contains(name) { continue }
            let kept = theme.layouts.contains(name) ? " (kept in jekyll-leftovers/_layouts/)" : ""
            lines[i] = "# layout: \(name)  # a Jekyll layout\(kept); Galley uses its `\(kind)` template"
            leftovers.append(JekyllImport.Leftover(file: file, line: i + 1, text: "layout: \(name)",
                                                   why: "Liquid layout not converted\(kept); the page uses Galley's `\(kind)` template"))
        }
        return lines.joined(separator: "\n")
    }
}
