import Foundation
import Site

/// With the site's own theme: site.yml's `theme: own`, and `params:` holding the `_config.yml` settings the
/// theme reads as `site.<key>` (copied as written), plus `null` for those it reads that the site never set
/// (nil in Jekyll too, so no warning for them).
struct JekyllThemeSettings {
    let config: JekyllConfig
    let theme: JekyllTheme

    /// Settings of Jekyll's build itself, not the theme's; the import applies or lists them.
    static let buildSettings: Set<String> = [
        "defaults", "collections", "collections_dir", "include", "exclude", "keep_files", "plugins", "gems", "whitelist",
        "theme", "remote_theme", "sass", "kramdown", "markdown", "markdown_ext", "highlighter", "future", "unpublished",
        "safe", "source", "destination", "incremental", "liquid", "encoding", "show_drafts", "lsi", "limit_posts",
        "data_dir", "layouts_dir", "includes_dir", "plugins_dir", "strict_front_matter", "excerpt_separator", "port", "host",
    ]
    /// What Galley's `site` has of its own (README, "Template variables").
    static let modelKeys: Set<String> = [
        "title", "description", "url", "baseurl", "lang", "generator", "home", "posts_url", "tags_url", "archive_url",
        "series_url", "assets", "feeds", "menu", "search", "author", "copyright_year", "posts", "tags", "categories",
        "terms", "series", "pages", "data", "params", "time",
    ]
    /// What Jekyll or its plugins put on `site` that Galley's model does not have, and who provides it.
    static let jekyllOnly: [String: String] = [
        "static_files": "Jekyll", "html_pages": "Jekyll", "documents": "Jekyll", "collections": "Jekyll",
        "related_posts": "Jekyll", "github": "jekyll-github-metadata", "pages_on_github": "jekyll-github-metadata",
    ]

    /// Top-level keys of `_config.yml` with the lines each spans (comments above a key go with the key before).
    private var blocks: [(key: String, lines: [String])] {
        var out: [(key: String, lines: [String])] = []
        for line in config.rawText.components(separatedBy: "\n") {
            if let c = line.first, c.isLetter || c.isNumber || c == "_", let colon = line.firstIndex(of: ":") {
                out.append((String(line[..<colon]).trimmingCharacters(in: .whitespaces), [line]))
            } else if !out.isEmpty, line != "---" {
                out[out.count - 1].lines.append(line)
            }
        }
        return out
    }

    /// Settings that go under `params:`: the theme's own, and Jekyll's that the theme reads.
    private var carriedKeys: [String] {
        blocks.map(\.key).filter { key in
            !Self.modelKeys.contains(key) && (!Self.buildSettings.contains(key) || theme.siteKeys[key] != nil)
        }
    }

    /// Keys the theme reads from `site` that nothing sets.
    private var unset: [String] {
        let set = Set(blocks.map(\.key))
        return theme.siteKeys.keys.filter { !set.contains($0) && !Self.modelKeys.contains($0) }.sorted()
    }

    func yaml() -> String {
        var lines = ["# The site's own theme: templates/ holds its Jekyll layouts and includes; Galley adds no pages of its own.",
                     "theme: own", "search: false"]
        let keys = Set(carriedKeys)
        let carried = blocks.filter { keys.contains($0.key) }
        if !carried.isEmpty || !unset.isEmpty {
            lines.append("# Settings of the theme's own, from _config.yml: templates read them as site.<key>.")
            lines.append("params:")
            for b in carried {
                var block = b.lines
                while let last = block.last, last.trimmingCharacters(in: .whitespaces).isEmpty { block.removeLast() }
                lines += block.map { $0.isEmpty ? "" : "  " + $0 }
            }
            if !unset.isEmpty { lines.append("  # Read by the theme, set by no one: nil, as in Jekyll (`{}`: the theme reads keys inside it).") }
            for k in unset { lines.append("  \(k): \(theme.siteMaps.contains(k) ? "{}" : "null")") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the theme reads that Galley's model does not have.
    func notes() -> [JekyllImport.Leftover] {
        unset.compactMap { key in
            guard let who = Self.jekyllOnly[key] else { return nil }
            let users = theme.siteKeys[key]!.sorted()
            return JekyllImport.Leftover(file: users[0], line: 0, text: "site.\(key)",
                                         why: "\(who) provides `site.\(key)`, Galley's model does not: it is nil (read by \(users.joined(separator: ", ")))",
                                         kind: who == "Jekyll" ? .needsHand : .pluginNotRun)
        }
    }
}
