import Foundation
import Liquid
import Site

/// The plugins a build runs: gems Galley re-implements, found by name; everything else (unknown gems,
/// Ruby files in `_plugins/`) gets one warning naming what it would have provided, and its tags and
/// filters become errors that name it where a template uses them.
public enum JekyllPluginCatalog {
    /// The Swift plugin for a gem name, or nil. Add re-implemented gems here.
    public static func plugin(named name: String, config: JekyllConfig) -> (any JekyllPlugin)? {
        switch name {
        case "jekyll-paginate": return PaginatePlugin()
        case "jekyll-feed": return FeedPlugin()
        case "jekyll-seo-tag": return SEOPlugin()
        case "jekyll-sitemap": return SitemapPlugin()
        case "jekyll-redirect-from": return RedirectFromPlugin()
        case "jekyll-github-metadata": return GitHubMetadataPlugin()
        case "jekyll-include-cache": return IncludeCachePlugin()
        case "jekyll-relative-links": return RelativeLinksPlugin()
        case "jekyll-optional-front-matter": return OptionalFrontMatterPlugin()
        case "jekyll-titles-from-headings": return TitlesFromHeadingsPlugin()
        case "jekyll-default-layout": return DefaultLayoutPlugin()
        case "jekyll-readme-index": return ReadmeIndexPlugin()
        case "jekyll-avatar": return AvatarPlugin()
        case "jekyll-mentions": return MentionsPlugin()
        case "jemoji": return EmojiPlugin()
        default: return nil
        }
    }

    /// Gems that only matter to Ruby Jekyll itself (no effect on the output).
    static let harmless: Set<String> = ["jekyll-watch", "jekyll-livereload", "jekyll-compose", "jekyll-admin",
                                        "tzinfo-data", "wdm", "webrick", "jekyll-sass-converter", "kramdown-parser-gfm"]

    /// The plugins to run, and warnings for the ones Galley cannot run.
    static func resolve(_ config: JekyllConfig, extra: [any JekyllPlugin]) -> (plugins: [any JekyllPlugin], unsupported: RubyPlugins) {
        var plugins = extra
        var unsupported = RubyPlugins()
        let given = Set(extra.map(\.name))
        for name in config.plugins where !given.contains(name) && !harmless.contains(name) {
            if let p = plugin(named: name, config: config) { plugins.append(p) } else { unsupported.gems.append(name) }
        }
        if !config.safe { unsupported.scan(config.source.appendingPathComponent(config.raw["plugins_dir"]?.liquidString ?? "_plugins")) }
        return (plugins, unsupported)
    }
}

/// Ruby plugins Galley does not run: gem names, and `_plugins/*.rb` files with the tags, filters and
/// generators each registers (read from the source, not run).
struct RubyPlugins: Sendable {
    var gems: [String] = []
    /// File (site-relative) → what it provides.
    var files: [(file: String, tags: [String], filters: [String], generators: [String])] = []
    /// Tags whose class is a `Liquid::Block` (they have an end tag).
    var blockTags: Set<String> = []

    mutating func scan(_ folder: URL) {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return }
        var found: [URL] = []
        for case let url as URL in walker where url.pathExtension == "rb" { found.append(url) }
        for url in found.sorted(by: { $0.path < $1.path }) {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let tags = Self.matches(#"register_tag\s*\(?\s*["':]([\w-]+)"#, in: text)
            let blockClasses = Set(Self.matches(#"class\s+(\w+)\s*<\s*(?:::)?Liquid::Block"#, in: text))
            for pair in Self.pairs(#"register_tag\s*\(?\s*["':]([\w-]+)["']?\s*,\s*([\w:]+)"#, in: text)
            where blockClasses.contains(String(pair.1.split(separator: ":").last ?? "")) {
                blockTags.insert(pair.0)
            }
            let filterModules = Self.matches(#"register_filter\s*\(?\s*([\w:]+)"#, in: text)
            let filters = filterModules.isEmpty ? [] : Self.matches(#"(?m)^\s*def\s+([a-z_]\w*[?!]?)"#, in: text)
            let generators = Self.matches(#"class\s+(\w+)\s*<\s*(?:Jekyll::)?Generator"#, in: text)
                + Self.matches(#"Hooks\.register\s*\(?\s*(:\w+\s*,\s*:\w+)"#, in: text).map { "hook " + $0 }
            files.append((folder.lastPathComponent + "/" + url.path.dropFirst(folder.path.count + 1), tags, filters, generators))
        }
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        guard let re = try? NSRegularExpression(pattern: pattern) else { return [] }
        let ns = text as NSString
        var out: [String] = []
        for m in re.matches(in: text, range: NSRange(location: 0, length: ns.length)) where m.numberOfRanges > 1 {
            let s = ns.substring(with: m.range(at: 1))
            if !out.contains(s) { out.append(s) }
        }
        return out
    }

    static func pairs(_ pattern: String, in text: String) -> [(String, String)] {
        guard let re = try? NSRegularExpression(pattern: pattern) else { return [] }
        let ns = text as NSString
        return re.matches(in: text, range: NSRange(location: 0, length: ns.length)).compactMap { m in
            m.numberOfRanges > 2 ? (ns.substring(with: m.range(at: 1)), ns.substring(with: m.range(at: 2))) : nil
        }
    }

    /// One warning per plugin, naming what it provided.
    var warnings: [SiteDiagnostic] {
        var out = gems.map { gem -> SiteDiagnostic in
            // `github-pages` is GitHub's list of plugin versions, not a plugin of its own: what it adds on top
            // are the defaults GitHub Pages turns on by itself, which is what is said to be missing.
            if gem == "github-pages" {
                return .warning("_config.yml", "plugin `github-pages` is GitHub's set of plugin versions: Galley runs the plugins named in `plugins:` built in, but not the ones GitHub Pages turns on by itself (optional front matter, titles from headings, a README as the index, default layouts)",
                                hint: "a site that relies on those gets front matter, titles, an index or layouts written out; jekyll-relative-links and jekyll-github-metadata run when `plugins:` names them")
            }
            // jekyll-coffeescript's files are written as Jekyll writes them without it (`app.coffee`, the source):
            // CoffeeScript under the `.js` name a page loads would be a script that fails in every browser.
            if gem == "jekyll-coffeescript" {
                return .warning("_config.yml", "plugin `jekyll-coffeescript` is a Ruby gem Galley does not run: `.coffee` files with front matter are written as they are (`app.coffee`), not compiled to `.js`, so a page that loads `app.js` finds nothing",
                                hint: "compile them with `coffee -c` and keep the `.js` in the site, or write the scripts in JavaScript")
            }
            return .warning("_config.yml", "plugin `\(gem)` is a Ruby gem Galley does not run; its tags, filters and pages are missing",
                            hint: "remove it from `plugins:`, or write what it produced as plain files")
        }
        for f in files {
            var parts: [String] = []
            if !f.tags.isEmpty { parts.append("tags " + f.tags.map { "`\($0)`" }.joined(separator: ", ")) }
            if !f.filters.isEmpty { parts.append("filters " + f.filters.map { "`\($0)`" }.joined(separator: ", ")) }
            if !f.generators.isEmpty { parts.append("generators " + f.generators.joined(separator: ", ")) }
            let what = parts.isEmpty ? "nothing Galley recognises" : parts.joined(separator: "; ")
            out.append(.warning(f.file, "Ruby plugin not run (it provides \(what))",
                                hint: "Galley runs no Ruby: templates using what it provides fail with an error naming it"))
        }
        return out
    }

    /// What well-known gems register, so a template using them fails naming the gem (not "unknown tag").
    static let gemTags: [String: [String]] = [
        "jekyll-seo-tag": ["seo"], "jekyll-feed": ["feed_meta"], "jekyll-gist": ["gist"],
        "jekyll-include-cache": ["include_cached"], "jekyll-avatar": ["avatar"], "jekyll-twitter-plugin": ["twitter"],
        "jekyll-github-metadata": ["github_edit_link"], "jekyll-sitemap": [], "jekyll-redirect-from": [], "jekyll-analytics": ["google_analytics"],
        "jekyll-youtube": ["youtube"], "jekyll-katex": ["katex"], "jekyll-spaceship": [], "jekyll-archives": [],
    ]
    static let gemFilters: [String: [String]] = [
        "jekyll-mentions": ["mentionify"], "jekyll-toc": ["toc", "toc_only", "inject_anchors"],
        "jekyll-relative-links": [], "jekyll-titles-from-headings": [], "jekyll-optional-front-matter": [],
    ]

    /// Throws (in a function, not a closure body: a closure that only throws a typed error crashes Swift 6.3's SILGen).
    static func fail<T>(_ message: String) throws(LiquidError) -> T { throw LiquidError(message) }

    static func failingFilter(_ message: String) -> LiquidFilter {
        { input, _, _, _ throws(LiquidError) -> Value in
            _ = input
            return try fail(message)
        }
    }

    /// Tags and filters that fail with an error naming their plugin, so a template using them says why.
    var placeholders: (tags: [String: LiquidTag], filters: [String: LiquidFilter]) {
        var tags: [String: LiquidTag] = [:]
        var filters: [String: LiquidFilter] = [:]
        for f in files {
            let file = f.file
            for t in f.tags {
                tags[t] = LiquidTag(body: blockTags.contains(t) ? .raw : .none) { (markup: String, body: String?, context: LiquidTagContext) throws(LiquidError) -> String in
                    try RubyPlugins.fail("tag `\(t)` comes from the Ruby plugin \(file), which Galley does not run")
                }
            }
            for name in f.filters {
                filters[name] = Self.failingFilter("filter `\(name)` comes from the Ruby plugin \(file), which Galley does not run")
            }
        }
        for gem in gems {
            for t in Self.gemTags[gem] ?? [] {
                tags[t] = LiquidTag { (markup: String, body: String?, context: LiquidTagContext) throws(LiquidError) -> String in
                    try RubyPlugins.fail("tag `\(t)` comes from the plugin \(gem), which Galley does not run yet")
                }
            }
            for name in Self.gemFilters[gem] ?? [] {
                filters[name] = Self.failingFilter("filter `\(name)` comes from the plugin \(gem), which Galley does not run yet")
            }
        }
        return (tags, filters)
    }
}
