import Foundation
import Markdown
import Search

/// The search index under `/search/`: posts (newest first: ties rank the newer post higher), then pages.
enum SearchFiles {
    /// With `made` (the last build's documents, in a session), a document rendered since is
    /// made anew and the others are taken as they were: making all 5000 of a site's (their dates in
    /// words) was a tenth of a save's time. `prints`: the documents' serials, posts then pages. A save
    /// takes the last build's list whole and looks again only where a serial differs: looking each of
    /// 5000 documents up was a millisecond of a save.
    static func documents(posts: [RenderedDocument], pages: [RenderedDocument], prints: [Int], config: SiteConfig,
                          made: SearchIndexReuse?) async -> [SearchDocument] {
        @Sendable func doc(_ n: Int) -> RenderedDocument { n < posts.count ? posts[n] : pages[n - posts.count] }
        let count = prints.count
        let kept = made?.documents(for: prints) ?? (documents: [], missing: Array(0..<count))
        var result = kept.documents
        let fresh = kept.missing
        // The renderer's plain text; read back from the HTML where there is none (pages not from
        // Markdown, documents rendered while search was off), on all cores.
        let unread = fresh.filter { doc($0).text == nil }
        let read = await parallelMap(unread) { PlainText.of(html: doc($0).html) }
        var plain: [Int: String] = [:]
        for (k, text) in zip(unread, read) { plain[k] = text }
        for n in fresh {
            let d = doc(n)
            var date = ""
            if let when = d.source.date {
                date = SiteDates.display(when, config.timeZone, format: config.dateFormat, language: d.source.language)
            }
            let made = SearchDocument(url: config.url(d.source.permalink.url), title: d.source.title, date: date,
                                      tags: d.source.tags + d.source.categories, headings: d.headings.map(\.text),
                                      text: d.text ?? plain[n] ?? "")
            if n < result.count { result[n] = made } else { result.append(made) }
        }
        return result
    }

    /// What a session keeps of the index for the next build: the index's own tables and the files as
    /// last returned (kept together, so a file at a place the index did not remake is the one returned there).
    struct Kept: Sendable {
        var index: SearchIndexReuse
        var files: [OutputFile]
        var heldCount: Int { index.heldCount }
    }

    /// The index's files, the paths among them made anew, and what the next build can reuse
    /// (with `keep`: a session that builds again; a document is known by its `serial`).
    static func files(posts: [RenderedDocument], all: [RenderedDocument], config: SiteConfig,
                      reusing old: Kept? = nil, keep: Bool = false) async -> (files: [OutputFile], made: [String], kept: Kept?) {
        guard config.search.enabled else { return ([], [], nil) }
        let pages = all.filter(isIndexedPage)
        let prints = posts.map(\.serial) + pages.map(\.serial)
        let docs = await documents(posts: posts, pages: pages, prints: prints, config: config, made: old?.index)
        let (index, reuse) = SearchIndex.build(docs, prints: keep ? prints : nil, reusing: old?.index)
        let files: [OutputFile]
        func output(_ f: SearchIndex.File) -> OutputFile { OutputFile(path: prefix + f.path, data: f.data, source: "search index") }
        if let old, let remade = index.remade, old.files.count == index.files.count {
            // The index says which places hold other files than the last build's: the rest are taken as they were.
            var list = old.files
            for k in remade { list[k] = output(index.files[k]) }
            files = list
        } else {
            files = index.files.map(output)
        }
        return (files, index.made.map { prefix + $0 }, reuse.map { Kept(index: $0, files: files) })
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

