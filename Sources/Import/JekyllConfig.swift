import Foundation
import Site

/// `_config.yml` read once: what becomes `site.yml`, and every key that does not carry over.
struct JekyllConfig: Sendable {
    let entries: [ImportSupport.Entry]
    /// The file as written.
    let rawText: String

    init(source: URL) {
        rawText = (try? String(contentsOf: source.appendingPathComponent("_config.yml"), encoding: .utf8)) ?? ""
        entries = ImportSupport.entries(rawText, file: "_config.yml") ?? []
    }

    subscript(key: String) -> YAMLValue? { entries.first { $0.key == key }?.value }
    private func text(_ key: String) -> String? { self[key].flatMap(ImportSupport.text) }

    /// Plugins whose work Galley does itself.
    static let builtInPlugins: Set<String> = ["jekyll-feed", "jekyll-paginate", "jekyll-sitemap", "jekyll-seo-tag",
                                              "jekyll-paginate-v2", "jekyll-gist"]
    /// Keys site.yml gets (under Galley's names) or that the import itself applies.
    static let carried: Set<String> = ["title", "description", "url", "baseurl", "author", "timezone", "lang", "language",
                                       "permalink", "paginate", "paginate_path", "date_format", "exclude", "kramdown",
                                       "markdown", "highlighter", "plugins", "gems",
                                       "excerpt_separator"]

    /// Collections Jekyll writes (`output: true`), posts aside.
    var outputCollections: Set<String> {
        guard case .map(let pairs)? = self["collections"] else { return [] }
        return Set(pairs.compactMap { name, v in
            guard name != "posts", case .bool(true)? = ImportSupport.child(v, "output") else { return nil }
            return name
        })
    }

    /// The site's time zone as Jekyll uses it (`timezone:`); UTC when unset or unknown, as Galley then is.
    var timeZone: TimeZone { text("timezone").flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")! }

    var excludes: [String] {
        guard case .list(let items)? = self["exclude"] else { return [] }
        return items.compactMap(ImportSupport.text)
    }

    /// `site.x` values a page's `{{ site.x }}` can be replaced with (scalars only).
    var scalarValues: [String: String] {
        var values: [String: String] = [:]
        for e in entries { if let t = ImportSupport.text(e.value) { values["site." + e.key] = t } }
        if let a = self["author"], let name = ImportSupport.child(a, "name").flatMap(ImportSupport.text) {
            values["site.author"] = name
            values["site.author.name"] = name
        }
        values["site.baseurl"] = ImportSupport.normalizedBase(text("baseurl") ?? "")
        values["site.url"] = String((text("url") ?? "").reversed().drop { $0 == "/" }.reversed())
        return values
    }

    /// site.yml in Galley's names. Settings that carry over only in part are added to `leftovers`.
    /// `ownTheme`: the theme shows `site.title`, so a title made up for the feeds is listed.
    func siteYML(feedAliases: [(path: String, format: String)], customKeys: [String], ownTheme: Bool = false,
                 leftovers: inout [JekyllImport.Leftover]) -> String {
        var lines = ["# Imported from a Jekyll _config.yml by `galley import jekyll`."]
        func add(_ key: String, _ value: String?) { if let value { lines.append("\(key): \(ImportSupport.quoted(value))") } }
        add("title", text("title") ?? (ownTheme ? "" : "Imported site"))
        if text("title") == nil, ownTheme {
            leftovers.append(JekyllImport.Leftover(file: "_config.yml", line: 0, text: "title: \"\"",
                                                   why: "no `title:`, as before: the theme shows none, and the feeds are titled with the site's host name", kind: .carried))
        }
        add("description", text("description"))
        add("url", text("url"))
        add("baseurl", text("baseurl"))
        if let author = self["author"] {
            if let name = ImportSupport.text(author) { add("author", name) }
            else if let name = ImportSupport.child(author, "name").flatMap(ImportSupport.text) {
                lines.append("author:")
                lines.append("  name: \(ImportSupport.quoted(name))")
                for key in ["email", "url"] {
                    if let v = ImportSupport.child(author, key).flatMap(ImportSupport.text) { lines.append("  \(key): \(ImportSupport.quoted(v))") }
                }
            }
        }
        add("timezone", text("timezone"))
        add("language", text("lang") ?? text("language"))
        // Jekyll's default is the `date` style; keep it so URLs do not change.
        // `collections: {posts: {permalink: …}}` wins over `permalink:` for posts, as in Jekyll.
        let postsPermalink = self["collections"].flatMap { ImportSupport.child($0, "posts") }
            .flatMap { ImportSupport.child($0, "permalink") }.flatMap(ImportSupport.text)
        add("permalink", postsPermalink ?? text("permalink") ?? "date")
        if case .int(let n)? = self["paginate"] {
            lines.append("paginate: \(n)")
            // jekyll-paginate's default: page 1 at /, page n at /page<n>/.
            add("paginate_path", text("paginate_path") ?? "/page:num/")
        } else {
            // No paginator: Jekyll had no post list pages; Galley's list keeps Galley's place.
            if let p = text("paginate_path") { add("paginate_path", p) }
        }
        if let format = text("date_format") {
            if let bad = ImportSupport.unsupportedDateDirective(format) {
                leftovers.append(note("date_format", format, "strftime directive \(bad) has no Galley equivalent; dates show as `6 March 2026`"))
            } else { add("date_format", format) }
        }
        if !feedAliases.isEmpty {
            lines.append("feed:")
            lines.append("  # The old feed URLs keep working: the site feed is also written here.")
            lines.append("  also:")
            for a in feedAliases { lines.append("    - {path: \(ImportSupport.quoted(a.path)), format: \(a.format)}") }
        }
        let kramdown = self["kramdown"]
        let opts = kramdown.flatMap { ImportSupport.child($0, "syntax_highlighter_opts") }
        if let lang = opts.flatMap({ ImportSupport.child($0, "default_lang") }).flatMap(ImportSupport.text) {
            lines.append("highlight:")
            lines.append("  # kramdown's default_lang, as a prior only: unlabelled code is still detected; \(lang) decides between two close guesses, and what detection is unsure of stays plain.")
            lines.append("  fallback_language: \(ImportSupport.quoted(lang))")
        }
        if !customKeys.isEmpty {
            lines.append("# Front matter of the old site's own; templates read them as page.params.<key>.")
            lines.append("front_matter_keys: [\(customKeys.map(ImportSupport.quoted).joined(separator: ", "))]")
        }
        lines.append("markdown:")
        lines.append("  # Raw HTML read as kramdown reads it (these pages were written for kramdown).")
        lines.append("  html_blocks: kramdown")
        lines.append("  raw_html: true")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every `_config.yml` key that Galley will not use, with the theme files that read it.
    /// With the site's own theme (`ownTheme`), the theme's settings carry over as `params:` and `defaults:` are applied.
    func unusedKeys(usedBy theme: JekyllTheme, ownTheme: Bool = false) -> [JekyllImport.Leftover] {
        var out: [JekyllImport.Leftover] = []
        for e in entries where !Self.carried.contains(e.key) {
            if ownTheme, !JekyllThemeSettings.buildSettings.contains(e.key) || theme.siteKeys[e.key] != nil || ["defaults", "sass"].contains(e.key) { continue }
            if ownTheme, ["theme", "remote_theme"].contains(e.key) {
                out.append(JekyllImport.Leftover(file: "_config.yml", line: e.line, text: "`\(e.key)`",
                                                 why: "the theme's files are in the site, and templates/ has them", kind: .carried))
                continue
            }
            let users = theme.siteKeys[e.key].map { " (read by \($0.sorted().joined(separator: ", ")))" } ?? ""
            out.append(JekyllImport.Leftover(file: "_config.yml", line: e.line, text: "`\(e.key)`\(users)",
                                             why: "setting not carried over"))
        }
        for key in ["plugins", "gems"] {
            guard case .list(let items)? = self[key] else { continue }
            let line = entries.first { $0.key == key }?.line ?? 0
            for name in items.compactMap(ImportSupport.text) where !Self.builtInPlugins.contains(name) {
                // Galley writes `redirect_from:` itself (a redirect page at each old URL, see `aliases`).
                if name == "jekyll-redirect-from" {
                    out.append(JekyllImport.Leftover(file: "_config.yml", line: line, text: name,
                                                     why: "`redirect_from:` is kept: Galley writes a redirect page at each old URL (not redirects.json; `redirect_to:` pages are listed where they are)",
                                                     kind: .carried))
                    continue
                }
                out.append(JekyllImport.Leftover(file: "_config.yml", line: line, text: name, why: "plugin not run (Galley has no plugins)", kind: .pluginNotRun))
            }
        }
        if let kramdown = self["kramdown"], case .map(let pairs) = kramdown {
            let line = entries.first { $0.key == "kramdown" }?.line ?? 0
            for (key, _) in pairs where !["input", "syntax_highlighter", "syntax_highlighter_opts"].contains(key) {
                out.append(JekyllImport.Leftover(file: "_config.yml", line: line, text: "kramdown.\(key)", why: "kramdown option not carried over"))
            }
        }
        return out
    }

    private func note(_ key: String, _ value: String, _ why: String) -> JekyllImport.Leftover {
        JekyllImport.Leftover(file: "_config.yml", line: entries.first { $0.key == key }?.line ?? 0, text: "\(key): \(value)", why: why)
    }
}
