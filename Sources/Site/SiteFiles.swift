import Foundation

/// sitemap.xml and robots.txt.
struct SiteFiles: Sendable {
    let config: SiteConfig

    /// What the sitemap is made from (URLs and dates), so `serve` can keep it while that is unchanged.
    func signature(documents: [RenderedDocument], posts: [RenderedDocument], terms: [Term]) -> Int {
        var h = Hasher()
        h.combine(posts.first?.source.date)
        h.combine(documents.count)
        for d in documents { h.combine(d.sitemapPrint) }   // made once per render, not per save
        for t in terms { Prints.text(t.url, &h); h.combine(Self.newest(t, posts)) }
        return h.finalize()
    }

    func files(documents: [RenderedDocument], posts: [RenderedDocument], terms: [Term]) -> [OutputFile] {
        // A page at the post list's URL (say a CV at /) is listed once, as the page.
        var entries: [(loc: String, lastmod: Date?)] = []
        var seen = Set<String>()
        func add(_ loc: String, _ lastmod: Date?) { if seen.insert(loc).inserted { entries.append((loc, lastmod)) } }
        for d in documents where Self.listed(d.source) {
            add(config.absolute(config.url(d.source.permalink.url)), d.source.updated ?? d.source.date)
        }
        let list = config.absolute(config.url(config.postListURL(page: 1)))
        if !seen.contains(list) { entries.insert((list, posts.first?.source.date), at: 0); seen.insert(list) }
        for t in terms { add(config.absolute(t.url), Self.newest(t, posts)) }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for e in entries {
            xml += "  <url><loc>\(escape(e.loc))</loc>"
            if let d = e.lastmod { xml += "<lastmod>\(SiteDates.iso8601(d, config.timeZone))</lastmod>" }
            xml += "</url>\n"
        }
        xml += "</urlset>\n"
        let robots = "User-agent: *\nAllow: /\n\nSitemap: \(config.absolute(config.url("/sitemap.xml")))\n"
        return [OutputFile(path: "sitemap.xml", data: Data(xml.utf8), source: "generated sitemap"),
                OutputFile(path: "robots.txt", data: Data(robots.utf8), source: "generated robots.txt")]
    }

    /// The date of a term's newest post: its first, except in a series (parts are in reading order).
    static func newest(_ t: Term, _ posts: [RenderedDocument]) -> Date? {
        t.kind == .series ? t.posts.compactMap { posts[$0].source.date }.max() : t.posts.first.flatMap { posts[$0].source.date }
    }

    /// Not in the sitemap: an error page (`404.html`) and pages that say `sitemap: false` (jekyll-sitemap's key).
    static func listed(_ d: SourceDocument) -> Bool {
        if d.permalink.outputPath == "404.html" { return false }
        for (key, value) in d.params where key == "sitemap" { if case .bool(false) = value { return false } }
        return true
    }

    private func escape(_ s: String) -> String {
        // URLs are percent-encoded, so this is nearly always a no-op: check before building anything.
        guard s.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E }) else { return s }
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
