import Feed
import Foundation
import Liquid
import Site

/// jekyll-feed 0.17: an Atom feed per configured collection (and category, and tag when `feed.tags` is
/// set) as a page without a file (`/feed.xml` by default), and `{% feed_meta %}`. The XML is written here,
/// byte for byte as the gem's minified template prints it, then parsed back by Feed's validator; what
/// it finds is reported at the post the entry came from.
struct FeedPlugin: JekyllPlugin {
    var name: String { "jekyll-feed" }

    /// One feed: where it is written and which posts it lists.
    struct Spec: Sendable, Equatable {
        var path: String
        var collection: String
        var category: String?
        var tag: String?
    }

    var tags: [String: LiquidTag] {
        ["feed_meta": LiquidTag { (markup: String, body: String?, context: LiquidTagContext) throws(LiquidError) -> String in
            guard let site = context.register("jekyll.site", as: JekyllSiteView.self) else { return "" }
            return FeedPlugin.metaTag(site)
        }]
    }

    /// `<link type="application/atom+xml" rel="alternate" href="…" title="…" />`.
    static func metaTag(_ site: JekyllSiteView) -> String {
        let raw = site.config.raw
        let path = PluginValue.string(PluginValue.dig(raw["feed"], "path")) ?? "feed.xml"
        var attrs = [("type", "application/atom+xml"), ("rel", "alternate"), ("href", site.filters.absoluteURL(path))]
        // Ruby's `config["title"] || config["name"]`: an empty title still wins.
        if let t = raw["title"], !t.isNil { attrs.append(("title", t.liquidString)) } else if let n = raw["name"], !n.isNil { attrs.append(("title", n.liquidString)) }
        return "<link " + attrs.map { "\($0.0)=\"\(attributeEscape($0.1))\"" }.joined(separator: " ") + " />"
    }

    /// Ruby's `encode(xml: :attr)` without the quotes.
    static func attributeEscape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    // MARK: - Which feeds

    static func settings(_ config: JekyllConfig) -> LiquidHash { PluginValue.hash(config.raw["feed"]) ?? LiquidHash() }

    /// The feeds the gem makes, in its order: each collection's categories then the collection itself,
    /// then tag feeds. `tags` is `site.tags`' keys in first-use order.
    static func specs(_ config: JekyllConfig, tags: [String]) -> [Spec] {
        let feed = settings(config)
        var collections: [(String, LiquidHash)] = []
        switch feed["collections"] {
        case .array(let a)?: collections = a.map { ($0.liquidString, LiquidHash()) }
        case .hash(let h)?: collections = h.pairs.map { ($0.key, PluginValue.hash($0.value) ?? LiquidHash()) }
        default: break
        }
        if let i = collections.firstIndex(where: { $0.0 == "posts" }) {
            if collections[i].1["path"] == nil || collections[i].1["path"]!.isNil { collections[i].1["path"] = feed["path"] }
            if collections[i].1["categories"] == nil || collections[i].1["categories"]!.isNil { collections[i].1["categories"] = feed["categories"] }
        } else {
            var posts = LiquidHash()
            posts["path"] = feed["path"]
            posts["categories"] = feed["categories"]
            collections.append(("posts", posts))
        }
        var out: [Spec] = []
        for (name, meta) in collections {
            var seen = Set<String>()
            let categories = (meta["categories"] ?? .null).yamlArray.map(\.liquidString).filter { seen.insert($0).inserted }
            let prefix = name == "posts" ? "/feed" : "/feed/\(name)"
            for c in categories { out.append(Spec(path: "\(prefix)/\(c).xml", collection: name, category: c)) }
            let own = PluginValue.string(meta["path"]) ?? "\(prefix).xml"
            out.append(Spec(path: own, collection: name))
        }
        if let t = feed["tags"], t.isTruthy, !tags.isEmpty {
            let h = PluginValue.hash(t) ?? LiquidHash()
            let except = Set((h["except"] ?? .null).yamlArray.map(\.liquidString))
            let only = h["only"].map { $0.yamlArray.map(\.liquidString) } ?? tags
            let base = PluginValue.string(h["path"]) ?? "/feed/by_tag/"
            for tag in only where !except.contains(tag) && !tag.isEmpty && tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
                out.append(Spec(path: "\(base)\(tag).xml", collection: "posts", tag: tag))
            }
        }
        return out
    }

    /// `site.tags` keys in the order posts (oldest first) first use them.
    static func tagNames(_ posts: [JekyllDocument]) -> [String] {
        var seen = Set<String>()
        return posts.flatMap(\.tags).filter { seen.insert($0).inserted }
    }

    static func disabled(_ config: JekyllConfig) -> Bool {
        (settings(config)["disable_in_development"]?.isTruthy ?? false)
            && (ProcessInfo.processInfo.environment["JEKYLL_ENV"] ?? "development") == "development"
    }

    func generate(_ site: inout JekyllSiteSource) throws -> [SiteDiagnostic] {
        if Self.disabled(site.config) { return [] }
        let tags = Self.tagNames(site.collectionDocuments["posts"] ?? [])
        let xsl = FileManager.default.fileExists(atPath: site.config.source.appendingPathComponent("feed.xslt.xml").path)
        for spec in Self.specs(site.config, tags: tags) {
            var rel = spec.path
            while rel.hasPrefix("/") { rel.removeFirst() }
            // The gem skips a feed whose file exists in the source (written by hand).
            if FileManager.default.fileExists(atPath: site.config.source.appendingPathComponent(rel).path) { continue }
            var fm = LiquidHash()
            fm["layout"] = .null
            fm["sitemap"] = false
            fm["xsl"] = .bool(xsl)
            fm["collection"] = .string(spec.collection)
            fm["category"] = spec.category.map(Value.string) ?? .null
            fm["tags"] = spec.tag.map(Value.string) ?? .null
            var url = "/" + rel
            while url.contains("//") { url = url.replacingOccurrences(of: "//", with: "/") }
            var page = JekyllSiteSource.generatedPage(path: rel, url: url, body: "", frontMatter: fm, source: site.config.source)
            page.renderWithLiquid = false
            site.pages.append(page)
        }
        return []
    }

    func postRender(_ output: String, document: JekyllDocument, site: JekyllSiteView) -> String {
        guard document.kind == .page, document.body.isEmpty, document.frontMatter["xsl"] != nil,
              document.frontMatter["collection"] != nil, !Self.disabled(site.config) else { return output }
        let all = site.source.collectionDocuments["posts"] ?? []
        guard let spec = Self.specs(site.config, tags: Self.tagNames(all)).first(where: {
            var p = $0.path
            while p.hasPrefix("/") { p.removeFirst() }
            return p == document.relativePath
        }) else { return output }
        let written = FeedXML(site: site, document: document, spec: spec).build()
        Self.validate(written, document: document, site: site)
        return written.text
    }

    /// Parses the feed back and reports what Feed's validator finds, at the post whose entry it is in
    /// (found by the URL, id or title the finding quotes, else by line), else at `_config.yml`. Without
    /// `url:` every link and id is relative, as Jekyll writes them: that is one warning, not one per entry.
    static func validate(_ written: FeedXML.Written, document: JekyllDocument, site: JekyllSiteView) {
        let url = site.filters.absoluteURL(document.url)
        let relative = !FeedURL.isAbsolute(url)
        var saidRelative = false
        for d in FeedValidator.validate(Data(written.text.utf8), expectedSelfURL: relative ? nil : url, policy: .foreign) {
            if relative, ["atom-id-not-iri", "atom-url-not-absolute"].contains(d.rule) {
                if !saidRelative {
                    saidRelative = true
                    site.report(.warning("_config.yml", "\(document.relativePath): the feed's links and ids are relative because `url:` is not set; feed readers need absolute ones",
                                         hint: "set `url:` (e.g. https://example.com) in _config.yml"))
                }
                continue
            }
            let quoted = written.entries.last { e in e.keys.contains { !$0.isEmpty && d.message.contains($0) } }
            let byLine = written.entries.filter { $0.line <= d.line }.last
            let alone = byLine.map { e in written.entries.filter { $0.line == e.line }.count == 1 && d.line > 1 } ?? false
            let file = quoted?.source ?? (alone ? byLine?.source : nil) ?? "_config.yml"
            site.report(.warning(file, "\(document.relativePath): \(d.rule): \(d.message)"))
        }
    }
}
