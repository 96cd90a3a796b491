import Foundation
import Markdown
import Search

/// The search index under `/search/`: posts (newest first: ties rank the newer post higher), then pages.
enum SearchFiles {
    static func documents(posts: [RenderedDocument], all: [RenderedDocument], config: SiteConfig) async -> [SearchDocument] {
        let pages = all.filter { $0.source.kind != .post && $0.source.permalink.outputPath != "404.html" }
        let docs = posts + pages
        // The renderer's plain text; read back from the HTML where there is none (pages not from
        // Markdown, documents rendered while search was off), on all cores.
        let missing = docs.indices.filter { docs[$0].text == nil }
        var plain = docs.map { $0.text ?? "" }
        for (k, text) in await parallelMap(missing, { PlainText.of(html: docs[$0].html) }).enumerated() { plain[missing[k]] = text }
        return docs.enumerated().map { n, d in
            var date = ""
            if let when = d.source.date {
                date = SiteDates.display(when, config.timeZone, format: config.dateFormat, language: d.source.language)
            }
            return SearchDocument(url: config.url(d.source.permalink.url), title: d.source.title, date: date,
                                  tags: d.source.tags + d.source.categories, headings: d.headings.map(\.text),
                                  text: plain[n])
        }
    }

    static func files(posts: [RenderedDocument], all: [RenderedDocument], config: SiteConfig) async -> [OutputFile] {
        guard config.search.enabled else { return [] }
        let index = SearchIndex.build(await documents(posts: posts, all: all, config: config))
        return index.files.map { OutputFile(path: "search/" + $0.path, data: $0.data, source: "search index") }
    }

    /// What the index is made from, so `serve` rebuilds it only when a page's text, title, date or tags change.
    static func signature(posts: [RenderedDocument], all: [RenderedDocument], config: SiteConfig) -> Int {
        var h = Hasher()
        h.combine(config.search.enabled)
        // The source's bytes decide its text; the print adds what other files (dates, config) decide.
        for d in posts + all {
            h.combine(d.source.fingerprint)
            h.combine(d.summaryPrint)
            h.combine(d.source.tags)         // the index has them; a list entry's print leaves terms out
            h.combine(d.source.categories)
            h.combine(d.html.utf8.count)     // what other files put in the page (chart data, image sizes)
        }
        return h.finalize()
    }
}

