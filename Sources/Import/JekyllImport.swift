import Foundation
import Site

/// `galley import jekyll`: turns a Jekyll site into a Galley site with the same URLs, the same feed URL
/// and the same anchors, keeping the site's own Liquid theme (`theme: .own`) or moving it to Galley's
/// (`.galley`). What cannot be converted is kept (in `jekyll-leftovers/`) and listed, never dropped.
public struct JekyllImport: Sendable {
    /// Whose templates the new site has.
    public enum Theme: String, Sendable, CaseIterable {
        /// The site's `_layouts/` and `_includes/` as `templates/`, its data and its compiled CSS (the default).
        case own
        /// Galley's built-in theme; the old theme is kept in `jekyll-leftovers/`.
        case galley
    }

    /// Something the import could not carry over as it was, with where it is and what became of it.
    public struct Leftover: Sendable, Hashable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var text: String
        public var why: String
        public var kind: Consequence
        public init(file: String, line: Int, text: String, why: String, kind: Consequence = .needsHand) {
            self.file = file
            self.line = line
            self.text = text
            self.why = why
            self.kind = kind
        }
        public var description: String { "\(file)\(line > 0 ? ":\(line)" : ""): \(why): \(text)" }
    }

    public struct Report: Sendable {
        public var posts = 0
        public var drafts = 0
        public var pages = 0
        public var assets = 0
        public var converted = 0
        /// Site paths where Galley's own feed now replaces a Liquid feed template.
        public var feeds: [String] = []
        public var leftovers: [Leftover] = []
        /// The theme the new site has (`.galley` when the site's layouts are not in its folder).
        public var theme: Theme = .galley
        public var templates = 0
        public var dataFiles = 0
        /// CSS files compiled from the site's Sass.
        public var styles = 0
    }

    public struct Failure: Error, CustomStringConvertible { public var description: String }

    public var source: URL
    public var destination: URL
    public var theme: Theme

    public init(source: URL, destination: URL, theme: Theme = .own) {
        self.source = source
        self.destination = destination
        self.theme = theme
    }

    /// `index.md` at the root with `layout: home` (Jekyll's minima theme).
    static func isHomeLayoutIndex(_ rel: String, _ text: String) -> Bool {
        guard ["index.md", "index.markdown", "index.html"].contains(rel), let yaml = ImportSupport.split(text).frontMatter,
              let entries = ImportSupport.entries(yaml, file: rel) else { return false }
        return entries.contains { $0.key == "layout" && ImportSupport.text($0.value) == "home" }
    }

    public func run() async throws(Failure) -> Report {
        let fm = FileManager.default
        guard fm.fileExists(atPath: source.appendingPathComponent("_config.yml").path) ||
              fm.fileExists(atPath: source.appendingPathComponent("_posts").path) else {
            throw Failure(description: "\(source.path) does not look like a Jekyll site (no _config.yml or _posts/)")
        }
        var report = Report()
        // The site's own theme only when its layouts are here (a gem theme that is not vendored is not).
        let own = theme == .own && fm.fileExists(atPath: source.appendingPathComponent("_layouts").path)
        report.theme = own ? .own : .galley
        if theme == .own && !own {
            report.leftovers.append(Leftover(file: "_config.yml", line: 0, text: "no _layouts/",
                                             why: "the site's theme is not in its folder (a gem theme): the new site has Galley's theme; copy the theme's _layouts, _includes and _sass into the site and import again to keep its look"))
        }
        let config = JekyllConfig(source: source)
        let files = JekyllFiles(source: source, destination: destination, ownTheme: own, collections: own ? config.outputCollections : [])
        do {
            // No deploy workflow: a Jekyll blog usually has its own publishing set up, which an import should not second-guess.
            try Scaffold.initSite(at: destination, title: "Imported", workflow: nil)
        } catch { throw Failure(description: error.description) }
        // initSite wrote a sample post, About page and site.yml; the imported site replaces them.
        for sample in ["content/about.md", "site.yml"] { try? fm.removeItem(at: destination.appendingPathComponent(sample)) }
        try? fm.removeItem(at: destination.appendingPathComponent("content/posts"))
        // The site's own theme replaces the templates `galley init` wrote.
        if own { try? fm.removeItem(at: destination.appendingPathComponent("templates")) }

        let scanned = JekyllTheme.scan(source: source, files: files)
        // The source as Jekyll builds it: its pages' URLs, its compiled CSS, and what to compare the new site with.
        let check = await JekyllImportCheck(source: source, destination: destination, config: config, themePlugins: scanned.plugins)
        var documents: [(rel: String, text: String, from: String)] = []
        var feedAliases: [(path: String, format: String)] = []
        var styles: [String] = []
        let found = files.listing(excluding: config.excludes)
        var listing = found.files
        listing.removeAll { $0 == "_config.yml" }
        for link in found.links {
            report.leftovers.append(Leftover(file: link.path, line: 0, text: "not imported",
                                             why: link.target.isEmpty ? "symbolic link that leads nowhere"
                                                 : "symbolic link to \(link.target) (outside the site, or a folder): not followed",
                                             kind: .pageNotCarried))
        }

        for rel in listing {
            switch try files.classify(rel) {
            case .post(let to):
                documents.append((to, try files.read(rel), rel)); report.posts += 1
            case .draft(let to):
                documents.append((to, try files.read(rel), rel)); report.drafts += 1
            case .page(let to):
                let text = try files.read(rel)
                // minima's home page: its layout is the post list, which Galley's home page is already.
                if !own, Self.isHomeLayoutIndex(rel, text) {
                    try files.copy(rel, to: "jekyll-leftovers/" + rel)
                    report.leftovers.append(Leftover(file: rel, line: 0, text: "kept in jekyll-leftovers/\(rel)",
                                                     why: "a page with `layout: home` is the post list; Galley's home page (templates/home.liquid) takes its place"))
                    continue
                }
                documents.append((to, text, rel)); report.pages += 1
            case .theme(let to):
                if to.hasPrefix("templates/") {
                    let result = JekyllTemplates.convert(try files.read(rel), file: rel, links: check.links)
                    report.leftovers += result.leftovers
                    try files.write(result.text, to: to); report.templates += 1
                } else { try files.copy(rel, to: to); report.dataFiles += 1 }
            case .style:
                styles.append(rel)
            case .asset:
                try files.copy(rel, to: "content/" + rel); report.assets += 1
            case .skipped(let why):
                report.leftovers.append(Leftover(file: rel, line: 0, text: "not imported", why: why))
            case .leftover(let why, let kind):
                try files.copy(rel, to: "jekyll-leftovers/" + rel)
                report.leftovers.append(Leftover(file: rel, line: 0, text: "kept in jekyll-leftovers/\(rel)", why: why, kind: kind))
            case .feedTemplate(let format):
                try files.copy(rel, to: "jekyll-leftovers/" + rel)
                let url = files.outputURL(of: rel)
                if !["/feed.xml", "/atom.xml", "/feed.json"].contains(url) { feedAliases.append((url, format)) }
                report.feeds.append(url)
                report.leftovers.append(Leftover(file: rel, line: 0, text: "kept in jekyll-leftovers/\(rel)",
                                                 why: "Liquid feed template replaced by Galley's \(format.uppercased()) feed at the same URL, \(url)",
                                                 kind: .carried))
            }
        }
        report.leftovers += config.unusedKeys(usedBy: scanned, ownTheme: own)
        // Dates as Jekyll reads them (a time without an offset is UTC), before post URLs are made from them;
        // excerpt separators as Galley's `<!--more-->`.
        let siteSeparator = config["excerpt_separator"].flatMap(ImportSupport.text)
        let defaults = JekyllDefaults(config: config)
        for i in documents.indices {
            var text = JekyllDates.rewrite(documents[i].text, file: documents[i].rel, timeZone: config.timeZone, leftovers: &report.leftovers)
            text = JekyllExcerpts.rewrite(text, file: documents[i].rel, siteSeparator: siteSeparator, leftovers: &report.leftovers)
            // With the site's own theme, `defaults:` (its layouts above all) are written into each page, and an
            // HTML page keeps its `.html` URL.
            if own { text = defaults.apply(text, from: documents[i].from, to: documents[i].rel, url: check.url(of: documents[i].from)) }
            documents[i].text = text
        }
        JekyllRedirects.dedupe(&documents, leftovers: &report.leftovers)
        // Keys of the blog's own (`notice:`, `comments:`) are declared, so the build does not take them for typos.
        var customKeys = Set<String>()
        for doc in documents {
            guard let yaml = ImportSupport.split(doc.text).frontMatter, let entries = ImportSupport.entries(yaml, file: doc.rel) else { continue }
            for e in entries where !ImportSupport.frontMatterKeys.contains(e.key) { customKeys.insert(e.key) }
        }
        // The theme's own front matter keys too: nil on every page that lacks them, as in Jekyll.
        if own { customKeys.formUnion(scanned.pageKeys.keys.filter { !ImportSupport.frontMatterKeys.contains($0) && !ImportSupport.pageModelKeys.contains($0) }) }
        var yml = config.siteYML(feedAliases: feedAliases, customKeys: customKeys.sorted(), ownTheme: own, leftovers: &report.leftovers)
        if own {
            let settings = JekyllThemeSettings(config: config, theme: scanned)
            yml += settings.yaml()
            report.leftovers += settings.notes()
        }
        try files.write(yml, to: "site.yml")

        // `{% post_url %}` becomes a link to the post's file, which the build turns into its URL: the link
        // follows the post when its permalink is changed after the import.
        var postFiles: [String: String] = [:]
        for doc in documents where doc.rel.hasPrefix("content/posts/") || doc.rel.hasPrefix("content/drafts/") {
            postFiles[((doc.rel as NSString).lastPathComponent as NSString).deletingPathExtension] = doc.rel
        }
        // Outside a link (bare text) it stays the URL, from the site.yml just written (= Jekyll's).
        let urls = ImportSupport.postURLs(documents.map { ($0.rel, $0.text) }, siteDirectory: destination)
        let liquid = JekyllLiquid(postFiles: postFiles, postURLs: urls, siteValues: config.scalarValues)
        for doc in documents {
            var result = liquid.convert(doc.text, file: doc.rel)
            if own, !doc.rel.hasPrefix("content/posts/"), !doc.rel.hasPrefix("content/drafts/"),
               result.leftovers.contains(where: JekyllLiquidPages.isLiquidLeft) {
                result = try JekyllLiquidPages.move(result, original: doc.text, page: doc.rel, from: doc.from, files: files, links: check.links)
            }
            if !own { result.text = JekyllFrontMatter.rewrite(result.text, file: doc.rel, theme: scanned, leftovers: &result.leftovers) }
            report.converted += result.converted
            report.leftovers += result.leftovers
            try files.write(result.text, to: doc.rel)
        }
        if !own { report.leftovers += scanned.unshownKeys(in: documents.map { ($0.rel, $0.text) }) }
        // The site's Sass as CSS (compiled as Jekyll compiles it), and every page Jekyll writes that the new site does not.
        if own { report.styles = try check.writeStyles(styles, files: files, leftovers: &report.leftovers) }
        report.leftovers += await check.changedURLs()
        report.leftovers.sort { ($0.file, $0.line, $0.text) < ($1.file, $1.line, $1.text) }
        return report
    }
}
