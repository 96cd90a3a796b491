import Foundation
import Liquid
import Markdown

/// A document after Markdown rendering. A class: lists, neighbours and feeds pass thousands of these
/// around on every rebuild, and copying one is then a single retain instead of one per field.
final class RenderedDocument: Sendable {
    let source: SourceDocument
    let html: String
    let excerptHTML: String
    let excerptText: String
    let headings: [Heading]
    let wordCount: Int
    /// Internal links and images of the body with their source positions, and the ids it has (for `LinkAudit`).
    let references: [LinkAudit.Reference]
    let ids: [String]
    /// The body has its own `{:toc}`: the theme's contents box is left out.
    let hasTableOfContents: Bool
    /// Standalone SVG files of the body's charts (output path → SVG), for feeds.
    let charts: [String: String]
    /// The image URLs the body shows and what their files were (sizes), to know when a re-render is due.
    let images: [String: ImageFile]
    /// The body as plain text for the search index, made by the renderer when search is on.
    let text: String?
    /// The source files the body links to (`[b](b.md)`) and the URL each link got ("" when not found).
    let sourceLinks: [String: String]
    /// The site's language mix (its print) when an unlabelled code block was detected with it, else nil: the
    /// render holds only while the mix does.
    let siteMix: Int?
    /// The file's fingerprint with the image sizes (and mix) the HTML was made with: the key of caches built from `html`.
    let fingerprint: Int

    /// Prints of what other pages show of this document (see `Prints`), made once per render, not per rebuild:
    /// its list entry without its terms, its link, and its tags (what related posts are computed from).
    let summaryPrint: Int
    let linkPrint: Int
    let tagPrint: Int
    /// What the site's post order and term lists take from it: kind, date, path, tags and categories with
    /// their slugs (see `PageAssembler.Structure`).
    let structurePrint: Int
    /// What the search index takes from this document besides its text (see `SearchFiles.signature`).
    let searchPrint: Int
    /// What the sitemap takes from it: its URL, its date, whether it is listed (see `SiteFiles.signature`).
    let sitemapPrint: Int
    /// This object's number, never given twice in a process: a cache that compares documents by it
    /// (the search index's) sees a re-render as a change even when nothing it hashes changed.
    let serial = Serial.next()

    init(source: SourceDocument, html: String, excerptHTML: String, excerptText: String, headings: [Heading], wordCount: Int,
         config: SiteConfig, references: [LinkAudit.Reference] = [], ids: [String] = [], hasTableOfContents: Bool = false,
         charts: [String: String] = [:], images: [String: ImageFile] = [:], text: String? = nil, sourceLinks: [String: String] = [:],
         siteMix: Int? = nil) {
        self.images = images
        self.siteMix = siteMix
        self.sourceLinks = sourceLinks
        self.text = text
        var f = Hasher()
        f.combine(source.fingerprint)
        if !images.isEmpty { f.combine(images) }
        if !sourceLinks.isEmpty { f.combine(sourceLinks) }
        if let siteMix { f.combine(siteMix) }
        self.fingerprint = images.isEmpty && sourceLinks.isEmpty && siteMix == nil ? source.fingerprint : f.finalize()
        self.hasTableOfContents = hasTableOfContents
        self.charts = charts
        self.references = references
        self.ids = ids
        self.source = source
        self.html = html
        self.excerptHTML = excerptHTML
        self.excerptText = excerptText
        self.headings = headings
        self.wordCount = wordCount
        let url = config.url(source.permalink.url)
        self.summaryPrint = Prints.summary(source, url: url, excerptHTML: excerptHTML, excerptText: excerptText,
                                           readingTime: Self.readingTime(words: wordCount))
        self.linkPrint = Prints.link(title: source.title, url: url)
        var h = Hasher()
        Prints.text(source.sourcePath, &h)
        for slug in source.tagSlugs { Prints.text(slug, &h) }
        self.tagPrint = h.finalize()
        // `tagPrint` already holds the path and tag slugs; the rest of what the order and term lists read is added.
        var structure = Hasher()
        structure.combine(tagPrint)
        structure.combine(source.kind == .post)
        structure.combine(source.date)
        for list in [source.tags, source.categories, source.categorySlugs] {
            structure.combine(list.count)
            for t in list { Prints.text(t, &structure) }
        }
        self.structurePrint = structure.finalize()
        // Once per render: hashing every document's tags on every save was a twentieth of a save at 5000 posts.
        var search = Hasher()
        search.combine(source.fingerprint)
        search.combine(summaryPrint)
        search.combine(source.tags.count)   // the index has them; a list entry's print leaves terms out
        for t in source.tags { Prints.text(t, &search) }
        search.combine(source.categories.count)
        for c in source.categories { Prints.text(c, &search) }
        search.combine(html.utf8.count)     // what other files put in the page (chart data, image sizes)
        self.searchPrint = search.finalize()
        var map = Hasher()
        Prints.text(source.permalink.url, &map)
        map.combine(source.updated ?? source.date)
        map.combine(SiteFiles.listed(source))
        self.sitemapPrint = map.finalize()
    }

    var readingTime: Int { Self.readingTime(words: wordCount) }

    /// Minutes at 230 words a minute, at least 1.
    static func readingTime(words: Int) -> Int { max(1, Int((Double(words) / 230).rounded())) }
    var description: String { source.description ?? Self.shorten(excerptText, to: 200) }

    static func shorten(_ text: String, to limit: Int) -> String {
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard flat.count > limit else { return flat }
        let cut = flat.prefix(limit)
        let end = cut.lastIndex(of: " ") ?? cut.endIndex
        return cut[..<end] + "…"
    }
}

/// Numbers that are never given twice in a process.
enum Serial {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var last = 0
    static func next() -> Int {
        lock.lock(); defer { lock.unlock() }
        last += 1
        return last
    }
}

/// A tag, category or series with the posts that carry it (indexes into the sorted post list): newest
/// first for tags and categories, in reading order (parts 1, 2, …) for a series.
struct Term: Sendable {
    enum Kind: String, Sendable { case tag, category, series }
    var name: String
    var slug: String
    var kind: Kind
    /// Root-relative URL with base path, e.g. `/tags/swift/`.
    var url: String
    var posts: [Int]
}

/// One file of the finished site. Public so other front ends (Jekyll) write through the same `Staging`.
public struct OutputFile: Sendable {
    /// Relative to the output folder.
    public var path: String
    public var data: Data
    /// Who made it, for duplicate-URL errors.
    public var source: String
    public init(path: String, data: Data, source: String) {
        self.path = path
        self.data = data
        self.source = source
    }

    /// The file once it is on disk: its path and source without its bytes, which a streaming build drops.
    var written: OutputFile { OutputFile(path: path, data: Data(), source: source) }
}

/// Everything templates can see, shared by all pages of one build.
struct SharedContext: Sendable {
    let site: LiquidHash
}
