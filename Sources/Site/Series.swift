import Foundation
import Liquid

/// Series: posts that say `series: Name` are its parts, numbered in reading order — by `series_order`
/// where given (those first), then by date. Only the posts being built take part, so drafts and scheduled
/// posts neither show in the list nor take a number.
enum Series {
    /// Where a post sits in its series: the series' index in the assembler's terms, and its part number (from 1).
    struct Place: Sendable {
        var term: Int
        var part: Int
    }

    /// Appends a `.series` term per series to `terms`, its posts in reading order, and returns each post's
    /// place (`posts` are newest first; a series takes its name as the newest part spells it, as tags do).
    static func collect(_ posts: [RenderedDocument], into terms: inout [Term], config: SiteConfig) -> [Place?] {
        var places = [Place?](repeating: nil, count: posts.count)
        var bySlug: [String: Int] = [:]
        let first = terms.count
        for (i, p) in posts.enumerated() {
            guard let name = p.source.series, let slug = p.source.seriesSlug else { continue }
            if let t = bySlug[slug] { terms[t].posts.append(i); continue }
            bySlug[slug] = terms.count
            terms.append(Term(name: name, slug: slug, kind: .series, url: config.url("/series/" + Slug.escapePath(slug) + "/"), posts: [i]))
        }
        for t in terms.indices.dropFirst(first) {
            terms[t].posts.sort { a, b in
                let x = posts[a].source, y = posts[b].source
                return (x.seriesOrder ?? .max, x.date ?? .distantPast, x.sourcePath) < (y.seriesOrder ?? .max, y.date ?? .distantPast, y.sourcePath)
            }
            for (n, i) in terms[t].posts.enumerated() { places[i] = Place(term: t, part: n + 1) }
        }
        return places
    }

    /// Two parts of one series with the same `series_order` would swap places on a date change: a warning at
    /// the later part's key, naming the part it ties with (each tie once).
    static func duplicateOrders(_ terms: [Term], posts: [RenderedDocument]) -> [SiteDiagnostic] {
        var out: [SiteDiagnostic] = []
        for t in terms where t.kind == .series {
            var seen: [Int: String] = [:]
            for i in t.posts {
                let p = posts[i].source
                guard let order = p.seriesOrder else { continue }
                guard let other = seen[order] else { seen[order] = p.sourcePath; continue }
                out.append(.warning(p.sourcePath, line: p.seriesOrderPosition.line, column: p.seriesOrderPosition.column,
                                    "`series_order: \(order)` is also the order of \(other) in the series “\(t.name)”",
                                    hint: "give each part its own number; parts with the same number are ordered by date"))
            }
        }
        return out
    }

    /// A print of everything a post's page shows of its series (see `Prints`): the series' name, URL and size,
    /// the post's part number, and every part's title and URL in order. 0 for a post in no series.
    static func pagePrints(_ places: [Place?], terms: [Term], linkPrints: [Int]) -> [Int] {
        places.map { place in
            guard let place else { return 0 }
            let t = terms[place.term]
            var h = Hasher()
            h.combine(Prints.term(t))
            h.combine(place.part)
            for i in t.posts { h.combine(linkPrints[i]) }
            return h.finalize()
        }
    }

    /// `page.series` of a post (README, "Template variables").
    static func context(_ place: Place, terms: [Term], posts: [RenderedDocument], link: (RenderedDocument) -> LiquidHash) -> LiquidHash {
        let t = terms[place.term]
        var parts: [Value] = []
        parts.reserveCapacity(t.posts.count)
        for (n, i) in t.posts.enumerated() {
            var part = link(posts[i])
            part["part"] = .int(n + 1)
            part["current"] = .bool(n + 1 == place.part)
            parts.append(.hash(part))
        }
        return LiquidHash([("name", .string(t.name)), ("slug", .string(t.slug)), ("url", .string(t.url)),
                           ("part", .int(place.part)), ("count", .int(t.posts.count)), ("parts", .array(parts)),
                           ("previous", place.part > 1 ? .hash(link(posts[t.posts[place.part - 2]])) : .null),
                           ("next", place.part < t.posts.count ? .hash(link(posts[t.posts[place.part]])) : .null)])
    }
}

extension PageAssembler {
    /// A page per series (every part on one page: a series is read whole, not paged) and `/series/` listing
    /// them all, when the site has a series at all.
    func seriesJobs() -> [PageJob] {
        let series = terms.indices.filter { terms[$0].kind == .series }
        guard !series.isEmpty else { return [] }
        var jobs: [PageJob] = []
        if templates.has("series") {
            for t in series {
                let url = String(terms[t].url.dropFirst(config.basePath.count))
                jobs.append(.list(template: "series", kind: "series", title: terms[t].name, url: url, items: terms[t].posts,
                                  page: 1, total: 1, base: url, term: t))
            }
        }
        if templates.has("series-index") { jobs.append(.special("series-index", "/series/", words.phrase("series"))) }
        return jobs
    }
}
