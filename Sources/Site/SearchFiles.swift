import Foundation
import Markdown
import Search

/// The search index under `/search/`: posts (newest first: ties rank the newer post higher), then pages.
enum SearchFiles {
    /// With `made` (the last build's documents, in a session), a document rendered since is
    /// made anew and the others are taken as they were: making all 5000 of a site's (their dates in
    /// words) was a tenth of a save's time.
    static func documents(posts: [RenderedDocument], all: [RenderedDocument], config: SiteConfig,
                          made: SearchIndexReuse? = nil) async -> [SearchDocument] {
        let pages = all.filter(isIndexedPage)
        let docs = posts + pages
        // The renderer's plain text; read back from the HTML where there is none (pages not from
        // Markdown, documents rendered while search was off), on all cores. One pass over the documents
        // when most are kept (a save): the made ones only are looked at again.
        var byPrint: [Int: SearchDocument]? = nil
        var result: [SearchDocument?] = made.map { made in
            docs.indices.map { made.document(docs[$0].serial, at: $0, byPrint: &byPrint) }
        } ?? Array(repeating: nil, count: docs.count)
        let fresh = result.indices.filter { result[$0] == nil }
        let unread = fresh.filter { docs[$0].text == nil }
        let read = await parallelMap(unread) { PlainText.of(html: docs[$0].html) }
        var plain: [Int: String] = [:]
        for (k, text) in zip(unread, read) { plain[k] = text }
        for n in fresh {
            let d = docs[n]
            var date = ""
            if let when = d.source.date {
                date = SiteDates.display(when, config.timeZone, format: config.dateFormat, language: d.source.language)
            }
            result[n] = SearchDocument(url: config.url(d.source.permalink.url), title: d.source.title, date: date,
                                       tags: d.source.tags + d.source.categories, headings: d.headings.map(\.text),
                                       text: d.text ?? plain[n] ?? "")
        }
        return result.map { $0! }
    }

    /// The index's files, the paths among them made anew, and what the next build can reuse
    /// (with `keep`: a session that builds again; a document is known by its `serial`).
    static func files(posts: [RenderedDocument], all: [RenderedDocument], config: SiteConfig,
                      reusing old: SearchIndexReuse? = nil, keep: Bool = false,
                      last: [OutputFile] = []) async -> (files: [OutputFile], made: [String], reuse: SearchIndexReuse?) {
        guard config.search.enabled else { return ([], [], nil) }
        let docs = await documents(posts: posts, all: all, config: config, made: old)
        let prints = keep ? (posts + all.filter(isIndexedPage)).map(\.serial) : nil
        let (index, reuse) = SearchIndex.build(docs, prints: prints, reusing: old)
        // A file not made anew is the last build's, mostly at the same place in the list: taken as it was
        // (making a thousand paths again on every save showed in a session at 5000 posts).
        let made = Set(index.made)
        let files = index.files.enumerated().map { k, f -> OutputFile in
            if k < last.count, !made.contains(f.path), last[k].path.utf8.dropFirst(prefix.utf8.count).elementsEqual(f.path.utf8) {
                return last[k]
            }
            return OutputFile(path: prefix + f.path, data: f.data, source: "search index")
        }
        return (files, index.made.map { prefix + $0 }, reuse)
    }

    /// The index's folder in the output.
    static let prefix = "search/"

    /// A page (not a post) the index has: every one but the 404 page.
    static func isIndexedPage(_ d: RenderedDocument) -> Bool {
        d.source.kind != .post && d.source.permalink.outputPath != "404.html"
    }

    /// What the index is made from, so `serve` rebuilds it only when a page's text, title, date or tags change.
    static func signature(posts: [RenderedDocument], all: [RenderedDocument], config: SiteConfig) -> Int {
        var h = Hasher()
        h.combine(config.search.enabled)
        // The source's bytes decide its text; each document's print adds what other files (dates, config) decide.
        h.combine(posts.count)
        for d in posts { h.combine(d.searchPrint) }
        for d in all { h.combine(d.searchPrint) }
        return h.finalize()
    }
}

