import Foundation
import Liquid
import TextBytes

/// Builds the Liquid values templates render from (README, "Template variables"). Names are Jekyll's where
/// Jekyll has one (`site.posts`, `page.url`, `page.date` as a date, `paginator`, `content`), snake_case
/// otherwise. A key that a page may lack is still there, as nil: strict variables warn only about real typos.
struct ContextBuilder: Sendable {
    let config: SiteConfig
    let posts: [RenderedDocument]          // newest first
    let terms: [Term]
    let termIndex: [String: Int]           // "tag:slug" → index in terms
    /// Per post (index into `posts`): its place in its series.
    var seriesPlaces: [Series.Place?] = []
    /// Per term, its `termValue` hash, made once: every post's entry refers to its tags and categories, and a
    /// fresh hash per reference was most of `termRefs`' 20M instructions a build at 1000 posts.
    let termHashes: [LiquidHash]

    init(config: SiteConfig, posts: [RenderedDocument], terms: [Term], termIndex: [String: Int], seriesPlaces: [Series.Place?] = []) {
        self.config = config
        self.posts = posts
        self.terms = terms
        self.termIndex = termIndex
        self.seriesPlaces = seriesPlaces
        termHashes = terms.map(Self.termHash)
    }

    func site(generator: String) -> LiquidHash {
        var s = LiquidHash()
        s["title"] = .string(config.title)
        s["description"] = .string(config.description)
        s["url"] = .string(config.absolute(config.basePath))
        s["baseurl"] = .string(config.basePath)
        s["lang"] = .string(config.language)
        s["generator"] = .string(generator)
        s["home"] = .string(config.url("/"))
        s["posts_url"] = .string(config.url(config.postListURL(page: 1)))
        s["tags_url"] = .string(config.url("/tags/"))
        s["archive_url"] = .string(config.url("/archive/"))
        // Only once a series exists: `{% if site.series_url %}` can guard a menu link that would otherwise lead nowhere.
        s["series_url"] = terms.contains(where: { $0.kind == .series }) ? .string(config.url("/series/")) : .null
        s["assets"] = .string(config.url("/assets/"))
        s["feeds"] = Self.feeds(config.feedLinks(dir: config.url("/")))
        s["menu"] = .array(config.menu.map { .hash(LiquidHash([("title", .string($0.title)), ("url", .string($0.url))])) })
        s["search"] = .null
        if config.search.enabled {
            var search = LiquidHash([("url", .string(config.url("/search/"))), ("index", .string(config.url("/search/"))), ("fallback", .null)])
            if let f = config.search.fallback.form {
                // `sites=example.com/blog`: the host and base path, which both engines take as a prefix.
                let scope = config.absolute(config.basePath).split(separator: "/", omittingEmptySubsequences: true).dropFirst().joined(separator: "/")
                search["fallback"] = .hash(LiquidHash([("action", .string(f.action)), ("field", .string(f.field)), ("value", .string(scope))]))
            }
            s["search"] = .hash(search)
        }
        s["author"] = config.author.map { a in
            .hash(LiquidHash([("name", .string(a.name)), ("email", a.email.map(Value.string) ?? .null), ("url", a.url.map(Value.string) ?? .null)]))
        } ?? .null
        s["copyright_year"] = posts.first?.source.date.map { .int(SiteDates.ymd($0, config.timeZone).year) } ?? .null
        config.theme.add(to: &s)
        // Jekyll's `site.time` (a theme's "© 2026"): when the build ran, for a theme of the site's own.
        if config.theme.own { s["time"] = date(Date()) }
        return s
    }

    /// `site.posts`, `site.tags`, `site.categories` (Jekyll's: name → posts), `site.terms` and `site.series`,
    /// from every post's entry: added only when a template reads them.
    func siteLists(into s: inout LiquidHash, entries: [Value]) {
        s["posts"] = .array(entries)
        for (key, kind) in [("tags", Term.Kind.tag), ("categories", .category)] {
            var byName = LiquidHash()
            for t in terms where t.kind == kind { byName[t.name] = .array(t.posts.map { entries[$0] }) }
            s[key] = .hash(byName)
        }
        let sorted = terms.filter { $0.kind != .series }.sorted { ($0.kind.rawValue, $0.name.lowercased()) < ($1.kind.rawValue, $1.name.lowercased()) }
        s["terms"] = .array(sorted.map(termValue))
        let series = terms.filter { $0.kind == .series }.sorted { $0.name.lowercased() < $1.name.lowercased() }
        s["series"] = .array(series.map(termValue))
    }

    /// `{name, slug, url, count, kind}`.
    func termValue(_ t: Term) -> Value { .hash(Self.termHash(t)) }

    static func termHash(_ t: Term) -> LiquidHash {
        LiquidHash(termKeys, values: [.string(t.name), .string(t.slug), .string(t.url), .int(t.posts.count), .string(t.kind.rawValue)])
    }

    static let termKeys = LiquidKeyOrder(["name", "slug", "url", "count", "kind"])
    /// A link to a post, a heading, a name: the hashes every page has several of (see `LiquidHash(_:values:)`).
    static let linkKeys = LiquidKeyOrder(["title", "url"])
    static let headingKeys = LiquidKeyOrder(["level", "id", "text"])
    static let nameKeys = LiquidKeyOrder(["name"])

    /// Feed links, each format's key present (nil when the format is off).
    static func feeds(_ d: [String: String]) -> Value {
        var h = LiquidHash()
        if let title = d["title"] { h["title"] = .string(title) }
        for k in ["rss", "atom", "json"] { h[k] = d[k].map(Value.string) ?? .null }
        return .hash(h)
    }

    /// A date as Liquid's `date` filter reads it, in the site's time zone.
    func date(_ d: Date) -> Value { .date(d, utcOffset: config.timeZone.secondsFromGMT(for: d)) }

    /// How a page shows a date, in the page's language.
    func displayDate(_ d: Date, _ language: LanguagePack) -> Value {
        .string(SiteDates.display(d, config.timeZone, format: config.dateFormat, language: language))
    }

    func termRefs(_ names: [String], slugs: [String], kind: Term.Kind) -> Value {
        .array(zip(names, slugs).compactMap { name, slug in
            termIndex["\(kind.rawValue):\(slug)"].map { t -> Value in .drop(TermDrop(termHashes[t])) }
        })
    }

    /// The keys `summary` sets itself (a front matter key of the same name does not show in the entry).
    static let summaryKeys = Set(summaryKeyOrder)
    /// The same, in the order `summary` sets them.
    static let summaryKeyOrder = ["title", "url", "lang", "other_language", "t", "date", "display_date", "excerpt",
                                  "summary", "description", "reading_time", "tags", "categories", "content"]
    static let summaryOrder = LiquidKeyOrder(summaryKeyOrder)

    /// A post as it appears in lists. Its own words (`t`) are in its language, so an entry in another language
    /// than the site's reads in its language; `other_language` tells the theme to put `lang` on it.
    func summary(_ p: RenderedDocument) -> LiquidHash {
        // The fixed keys at once, their order and index shared (see `LiquidHash(_:values:)`): set one by one they
        // were a third of making an entry.
        var d = LiquidHash(Self.summaryOrder, values: [
            .string(p.source.title), .string(config.url(p.source.permalink.url)), .string(p.source.lang),
            .bool(p.source.lang != config.language), p.source.language.template, p.source.date.map(date) ?? .null,
            p.source.date.map { displayDate($0, p.source.language) } ?? .null, .string(p.excerptHTML), .string(p.excerptText),
            .string(p.description), .int(p.readingTime), termRefs(p.source.tags, slugs: p.source.tagSlugs, kind: .tag),
            termRefs(p.source.categories, slugs: p.source.categorySlugs, kind: .category), .string(p.html)])
        d.reserveCapacity(Self.summaryKeyOrder.count + p.source.params.count + config.frontMatterKeys.count)
        // A Jekyll theme's `post.content`, `post.author`, `post.x`: the body and front matter, as in Jekyll.
        for (k, v) in p.source.params where d[k] == nil { d[k] = v.liquid }
        for k in config.frontMatterKeys where d[k] == nil { d[k] = .null }
        return d
    }

    func link(_ p: RenderedDocument) -> LiquidHash {
        LiquidHash(Self.linkKeys, values: [.string(p.source.title), .string(config.url(p.source.permalink.url))])
    }
}
