import Foundation
import Site

/// `galley import jekyll`: turns a Jekyll site into a Galley site with the same URLs, the same feed URL
/// and the same anchors. What cannot be converted is kept (in `jekyll-leftovers/`) and listed, never dropped.
public struct JekyllImport: Sendable {
    /// Something the import could not carry over as it was, with where it is and what became of it.
    public struct Leftover: Sendable, Hashable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var text: String
        public var why: String
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
    }

    public struct Failure: Error, CustomStringConvertible { public var description: String }

    public var source: URL
    public var destination: URL

    public init(source: URL, destination: URL) {
        self.source = source
        self.destination = destination
    }

    /// `index.md` at the root with `layout: home` (Jekyll's minima theme).
    static func isHomeLayoutIndex(_ rel: String, _ text: String) -> Bool {
        guard ["index.md", "index.markdown", "index.html"].contains(rel), let yaml = ImportSupport.split(text).frontMatter,
              let entries = ImportSupport.entries(yaml, file: rel) else { return false }
        return entries.contains { $0.key == "layout" && ImportSupport.text($0.value) == "home" }
    }

    public func run() throws(Failure) -> Report {
        let fm = FileManager.default
        guard fm.fileExists(atPath: source.appendingPathComponent("_config.yml").path) ||
              fm.fileExists(atPath: source.appendingPathComponent("_posts").path) else {
            throw Failure(description: "\(source.path) does not look like a Jekyll site (no _config.yml or _posts/)")
        }
        let files = JekyllFiles(source: source, destination: destination)
        do {
            // No deploy workflow: a Jekyll blog usually has its own publishing set up, which an import should not second-guess.
            try Scaffold.initSite(at: destination, title: "Imported", workflow: nil)
        } catch { throw Failure(description: error.description) }
        // initSite wrote a sample post, About page and site.yml; the imported site replaces them.
        for sample in ["content/about.md", "site.yml"] { try? fm.removeItem(at: destination.appendingPathComponent(sample)) }
        try? fm.removeItem(at: destination.appendingPathComponent("content/posts"))

        var report = Report()
        let config = JekyllConfig(source: source)
        let theme = JekyllTheme.scan(source: source, files: files)
        var documents: [(rel: String, text: String, from: String)] = []
        var feedAliases: [(path: String, format: String)] = []
        let found = files.listing(excluding: config.excludes)
        var listing = found.files
        listing.removeAll { $0 == "_config.yml" }
        for link in found.links {
            report.leftovers.append(Leftover(file: link.path, line: 0, text: "not imported",
                                             why: link.target.isEmpty ? "symbolic link that leads nowhere"
                                                 : "symbolic link to \(link.target) (outside the site, or a folder): not followed"))
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
                if Self.isHomeLayoutIndex(rel, text) {
                    try files.copy(rel, to: "jekyll-leftovers/" + rel)
                    report.leftovers.append(Leftover(file: rel, line: 0, text: "kept in jekyll-leftovers/\(rel)",
                                                     why: "a page with `layout: home` is the post list; Galley's home page (templates/home.liquid) takes its place"))
                    continue
                }
                documents.append((to, text, rel)); report.pages += 1
            case .asset:
                try files.copy(rel, to: "content/" + rel); report.assets += 1
            case .skipped(let why):
                report.leftovers.append(Leftover(file: rel, line: 0, text: "not imported", why: why))
            case .leftover(let why):
                try files.copy(rel, to: "jekyll-leftovers/" + rel)
                report.leftovers.append(Leftover(file: rel, line: 0, text: "kept in jekyll-leftovers/\(rel)", why: why))
            case .feedTemplate(let format):
                try files.copy(rel, to: "jekyll-leftovers/" + rel)
                let url = files.outputURL(of: rel)
                if !["/feed.xml", "/atom.xml", "/feed.json"].contains(url) { feedAliases.append((url, format)) }
                report.feeds.append(url)
                report.leftovers.append(Leftover(file: rel, line: 0, text: "kept in jekyll-leftovers/\(rel)",
                                                 why: "Liquid feed template replaced by Galley's \(format.uppercased()) feed at the same URL, \(url)"))
            }
        }
        report.leftovers += config.unusedKeys(usedBy: theme)
        // Dates as Jekyll reads them (a time without an offset is UTC), before post URLs are made from them;
        // excerpt separators as Galley's `<!--more-->`.
        let siteSeparator = config["excerpt_separator"].flatMap(ImportSupport.text)
        for i in documents.indices {
            var text = JekyllDates.rewrite(documents[i].text, file: documents[i].rel, timeZone: config.timeZone, leftovers: &report.leftovers)
            text = JekyllExcerpts.rewrite(text, file: documents[i].rel, siteSeparator: siteSeparator, leftovers: &report.leftovers)
            documents[i].text = text
        }
        // Keys of the blog's own (`notice:`, `comments:`) are declared, so the build does not take them for typos.
        var customKeys = Set<String>()
        for doc in documents {
            guard let yaml = ImportSupport.split(doc.text).frontMatter, let entries = ImportSupport.entries(yaml, file: doc.rel) else { continue }
            for e in entries where !ImportSupport.frontMatterKeys.contains(e.key) { customKeys.insert(e.key) }
        }
        try files.write(config.siteYML(feedAliases: feedAliases, customKeys: customKeys.sorted(), leftovers: &report.leftovers), to: "site.yml")

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
            result.text = JekyllFrontMatter.rewrite(result.text, file: doc.rel, theme: theme, leftovers: &result.leftovers)
            report.converted += result.converted
            report.leftovers += result.leftovers
            try files.write(result.text, to: doc.rel)
        }
        report.leftovers += theme.unshownKeys(in: documents.map { ($0.rel, $0.text) })
        report.leftovers.sort { ($0.file, $0.line, $0.text) < ($1.file, $1.line, $1.text) }
        return report
    }
}
