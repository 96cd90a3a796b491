import Foundation
import Liquid
import Site

// The GitHub Pages gems that reshape pages before rendering. GitHub Pages turns them on for every site;
// a local Jekyll build (which Galley follows) runs them only when `plugins:` lists them.

/// jekyll-optional-front-matter 0.3: Markdown files without front matter become pages (README, LICENSE,
/// CONTRIBUTING, … stay files unless `include:` names them); `remove_originals: true` drops the copies.
struct OptionalFrontMatterPlugin: PagesGem {
    var name: String { "jekyll-optional-front-matter" }
    static let skipped: Set<String> = ["README", "LICENSE", "LICENCE", "COPYING", "CODE_OF_CONDUCT", "CONTRIBUTING",
                                       "ISSUE_TEMPLATE", "PULL_REQUEST_TEMPLATE"]

    func run(_ site: inout JekyllSiteSource) -> [SiteDiagnostic] {
        let options = PluginValue.hash(site.config.raw["optional_front_matter"]) ?? LiquidHash()
        let requireFM = site.config.raw["require_front_matter"]?.isTruthy ?? false
        if case .bool(false)? = options["enabled"] { return [] }
        if requireFM { return [] }
        let cleanup = options["remove_originals"].map { if case .bool(true) = $0 { return true }; return false } ?? false
        var diagnostics: [SiteDiagnostic] = []
        let builder = PluginPages.builder(site)
        var removed = Set<String>()
        for file in site.staticFiles where file.collection == nil && site.config.markdownExtensions.contains(file.extname.lowercased()) {
            let listed = site.config.include.contains { file.relativePath.dropFirst() == $0 || file.name == $0 }
            if !listed && Self.skipped.contains(file.basename.uppercased()) { continue }
            let dir = (file.relativePath as NSString).deletingLastPathComponent
            guard let page = builder.page(file.sourceURL, dir: dir == "/" ? "" : dir, name: file.name, &diagnostics) else { continue }
            site.pages.append(page)
            if cleanup { removed.insert(file.relativePath) }
        }
        site.staticFiles.removeAll { removed.contains($0.relativePath) }
        return diagnostics
    }
}

/// jekyll-readme-index 0.3: a folder's README (a Markdown static file) becomes its index page when the
/// folder has no `index.html`/`.md`-made index; `with_frontmatter: true` does it for READMEs that are pages.
struct ReadmeIndexPlugin: PagesGem {
    var name: String { "jekyll-readme-index" }

    func run(_ site: inout JekyllSiteSource) -> [SiteDiagnostic] {
        let options = PluginValue.hash(site.config.raw["readme_index"]) ?? LiquidHash()
        if case .bool(false)? = options["enabled"] { return [] }
        func on(_ key: String) -> Bool { if case .bool(true)? = options[key] { return true }; return false }
        let exts = site.config.markdownExtensions
        func isReadme(_ path: String) -> Bool {
            let name = (path as NSString).lastPathComponent.lowercased()
            return exts.contains { name == "readme" + $0 } && path.hasPrefix("/")
        }
        func hasIndex(_ url: String, _ site: JekyllSiteSource) -> Bool {
            var dir = (url as NSString).deletingLastPathComponent
            if !dir.hasSuffix("/") { dir += "/" }
            let index = ["", "index.html", "index.htm", "index.xhtml", "index.xml"].map { (dir + $0).lowercased() }
            return (site.pages.map(\.url) + site.staticFiles.map(\.url)).contains { index.contains($0.lowercased()) }
        }
        var diagnostics: [SiteDiagnostic] = []
        let builder = PluginPages.builder(site)
        var removed = Set<String>()
        for file in site.staticFiles where isReadme(file.relativePath) && !hasIndex(file.url, site) {
            let dir = (file.relativePath as NSString).deletingLastPathComponent
            guard var page = builder.page(file.sourceURL, dir: dir == "/" ? "" : dir, name: file.name, &diagnostics) else { continue }
            PluginPages.serveAsFolder(&page, folderOf: file.url)
            site.pages.append(page)
            if on("remove_originals") { removed.insert(file.relativePath) }
        }
        site.staticFiles.removeAll { removed.contains($0.relativePath) }
        if on("with_frontmatter") {
            for i in site.pages.indices where isReadme("/" + site.pages[i].relativePath) && !hasIndex(site.pages[i].url, site) {
                PluginPages.serveAsFolder(&site.pages[i], folderOf: site.pages[i].url)
            }
        }
        return diagnostics
    }
}

/// jekyll-titles-from-headings 0.5: a Markdown page without `title` takes its first heading (ATX `#`–`###`
/// or Setext) as title, Markdown stripped; `strip_title` removes it from the body; `collections: true`
/// does documents too.
struct TitlesFromHeadingsPlugin: PagesGem {
    var name: String { "jekyll-titles-from-headings" }
    static let heading = try! NSRegularExpression(pattern: #"\A\s*(?:#{1,3}\s+(.*)(?:\s+#{1,3})?|(.*)\r?\n[-=]+\s*)$"#, options: [.anchorsMatchLines])

    func run(_ site: inout JekyllSiteSource) -> [SiteDiagnostic] {
        let options = PluginValue.hash(site.config.raw["titles_from_headings"]) ?? LiquidHash()
        if case .bool(false)? = options["enabled"] { return [] }
        let strip: (JekyllDocument) -> Bool = { doc in
            if let v = doc.frontMatter["strip_title"] { if case .bool(true) = v { return true }; return false }
            if case .bool(true)? = options["strip_title"] { return true }
            return false
        }
        let filters = GenerateFilters(config: site.config)
        let markdown = PluginPages.markdownify(site)
        func visit(_ doc: inout JekyllDocument) {
            guard doc.isMarkdown else { return }
            if doc.kind == .page, let t = doc.frontMatter["title"], !t.isNil { return }
            let body = doc.body
            guard let m = Self.heading.firstMatch(in: body, range: NSRange(body.startIndex..., in: body)) else { return }
            let raw = [1, 2].compactMap { Range(m.range(at: $0), in: body) }.first.map { String(body[$0]) } ?? ""
            var title = filters.string("normalize_whitespace", .string(filters.string("strip_html", .string(markdown(raw)))))
            title = title.replacingOccurrences(of: #"\[\^[^\]]*\]"#, with: "", options: .regularExpression)
            doc.frontMatter["title"] = .string(title)
            doc.title = title
            if strip(doc) {
                doc.body = Self.heading.stringByReplacingMatches(in: body, range: NSRange(body.startIndex..., in: body), withTemplate: "")
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        for i in site.pages.indices { visit(&site.pages[i]) }
        if case .bool(true)? = options["collections"] {
            for label in site.config.collections.map(\.label) {
                guard var docs = site.collectionDocuments[label] else { continue }
                for i in docs.indices where docs[i].isWritten { visit(&docs[i]) }
                site.collectionDocuments[label] = docs
            }
        }
        return []
    }
}

/// jekyll-default-layout 0.1: Markdown pages and posts without a layout (front matter or defaults) get
/// `home` (the `/` page), `page`, `post`, else `default` — the first that exists.
struct DefaultLayoutPlugin: PagesGem {
    var name: String { "jekyll-default-layout" }

    func run(_ site: inout JekyllSiteSource) -> [SiteDiagnostic] {
        let layouts = site.layouts
        func choose(_ doc: JekyllDocument) -> String? {
            if doc.url == "/", layouts["home"] != nil { return "home" }
            if doc.kind == .page, layouts["page"] != nil { return "page" }
            if doc.collection == "posts", layouts["post"] != nil { return "post" }
            return layouts["default"] != nil ? "default" : nil
        }
        func visit(_ doc: inout JekyllDocument) {
            guard doc.isMarkdown, doc.frontMatter["layout"] == nil else { return }
            let layout = choose(doc)
            doc.frontMatter["layout"] = layout.map(Value.string) ?? .null
            doc.layout = layout
        }
        for i in site.pages.indices { visit(&site.pages[i]) }
        if var posts = site.collectionDocuments["posts"] {
            for i in posts.indices { visit(&posts[i]) }
            site.collectionDocuments["posts"] = posts
        }
        return []
    }
}

/// Jekyll runs generators by priority (optional-front-matter, then readme-index, then the `lowest` ones),
/// whatever the order of `plugins:`; Galley runs plugins in that order, so the first of these gems
/// listed runs all those listed, in Jekyll's order, and the others do nothing.
protocol PagesGem: JekyllPlugin {
    func run(_ site: inout JekyllSiteSource) -> [SiteDiagnostic]
}

extension PagesGem {
    func generate(_ site: inout JekyllSiteSource) throws -> [SiteDiagnostic] {
        let listed = site.config.plugins.filter { PluginPages.order.contains($0) }
        guard listed.first == name else { return [] }
        var out: [SiteDiagnostic] = []
        for gem in PluginPages.order where listed.contains(gem) {
            if let p = JekyllPluginCatalog.plugin(named: gem, config: site.config) as? any PagesGem { out += p.run(&site) }
        }
        return out
    }
}

/// Reading pages the way the reader does, for generators that turn files into pages.
enum PluginPages {
    static let order = ["jekyll-optional-front-matter", "jekyll-readme-index", "jekyll-relative-links",
                        "jekyll-titles-from-headings", "jekyll-default-layout"]

    static func builder(_ site: JekyllSiteSource) -> JekyllDocumentBuilder {
        let c = site.config
        return JekyllDocumentBuilder(config: c, defaults: JekyllDefaults(rules: c.defaults, collectionsDir: c.collectionsDir, timeZone: c.timeZone),
                                     walker: JekyllSiteWalker(source: c.source, timeZone: c.timeZone), now: site.time,
                                     strictFrontMatter: c.raw["strict_front_matter"]?.yamlTruthy ?? false)
    }

    /// `permalink: <folder of url>/`: served as the folder's index.
    static func serveAsFolder(_ page: inout JekyllDocument, folderOf url: String) {
        var folder = (url as NSString).deletingLastPathComponent
        if !folder.hasSuffix("/") { folder += "/" }
        page.frontMatter["permalink"] = .string(folder)
        page.url = folder
        page.dir = folder
        page.outputPath = String(folder.dropFirst()) + "index.html"
    }

    /// The site's Markdown converter, for generators (which run before the renderer's exists).
    static func markdownify(_ site: JekyllSiteSource) -> (String) -> String {
        let converter = Converter(config: site.config, environment: "development", sass: nil, themeSass: nil)
        return { converter.markdownify($0) }
    }
}
