import Foundation
import TextBytes

/// Builds the values templates render from (see README, "Template variables").
struct ContextBuilder: Sendable {
    let config: SiteConfig
    let posts: [RenderedDocument]          // newest first
    let terms: [Term]
    let termIndex: [String: Int]           // "tag:slug" → index in terms
    /// Per post (index into `posts`): its place in its series.
    var seriesPlaces: [Series.Place?] = []

    func site(generator: String) -> TemplateValue {
        var s: [String: TemplateValue] = [
            "title": .string(config.title), "description": .string(config.description),
            "url": .string(config.absolute(config.basePath)), "basePath": .string(config.basePath),
            "language": .string(config.language), "generator": .string(generator),
            "home": .string(config.url("/")), "postsURL": .string(config.url(config.postListURL(page: 1))), "tagsURL": .string(config.url("/tags/")), "archiveURL": .string(config.url("/archive/")),
            "assets": .string(config.url("/assets/")),
            "feeds": Self.strings(config.feedLinks(dir: config.url("/"))),
            "menu": .maps(config.menu.map { ["title": .string($0.title), "url": .string($0.url)] }),
        ]
        // Only once a series exists: `{{#site.seriesURL}}` can guard a menu link that would otherwise lead nowhere.
        if terms.contains(where: { $0.kind == .series }) { s["seriesURL"] = .string(config.url("/series/")) }
        if config.search.enabled {
            var search: [String: TemplateValue] = ["url": .string(config.url("/search/")), "index": .string(config.url("/search/"))]
            if let f = config.search.fallback.form {
                // `sites=example.com/blog`: the host and base path, which both engines take as a prefix.
                let scope = config.absolute(config.basePath).split(separator: "/", omittingEmptySubsequences: true).dropFirst().joined(separator: "/")
                search["fallback"] = .map(["action": .string(f.action), "field": .string(f.field), "value": .string(scope)])
            }
            s["search"] = .map(search)
        }
        if let a = config.author {
            var author: [String: TemplateValue] = ["name": .string(a.name)]
            if let e = a.email { author["email"] = .string(e) }
            if let u = a.url { author["url"] = .string(u) }
            s["author"] = .map(author)
        }
        if let newest = posts.first?.source.date {
            s["copyrightYear"] = .int(SiteDates.ymd(newest, config.timeZone).year)
        }
        return .map(s)
    }

    static func strings(_ d: [String: String]) -> TemplateValue { .map(d.mapValues(TemplateValue.string)) }

    /// A date as templates see it, in the page's language.
    func date(_ d: Date, _ language: LanguagePack) -> TemplateValue {
        let c = SiteDates.ymd(d, config.timeZone)
        return .map(["iso": .string(SiteDates.iso8601(d, config.timeZone)),
                     "display": .string(SiteDates.display(d, config.timeZone, format: config.dateFormat, language: language)),
                     "day": .string(SiteDates.two(c.day)), "month": .string(SiteDates.two(c.month)),
                     "monthName": .string(language.names.months[c.month - 1]), "year": .string(String(c.year)),
                     "short": .string(SiteDates.day(d, config.timeZone))])
    }

    func termRefs(_ names: [String], slugs: [String], kind: Term.Kind) -> TemplateValue {
        .list(zip(names, slugs).compactMap { name, slug in
            guard let i = termIndex["\(kind.rawValue):\(slug)"] else { return nil }
            let t = terms[i]
            return .map(["name": .string(t.name), "slug": .string(t.slug), "url": .string(t.url),
                         "count": .int(t.posts.count), "kind": .string(kind.rawValue)])
        })
    }

    /// A post as it appears in lists. One in another language than the site's carries its own words (`t`),
    /// so its entry reads in its language, and `otherLanguage` for the theme's `lang` on the entry.
    func summary(_ p: RenderedDocument) -> [String: TemplateValue] {
        var d: [String: TemplateValue] = [
            "title": .string(p.source.title), "url": .string(config.url(p.source.permalink.url)), "lang": .string(p.source.lang),
            "excerpt": .string(p.excerptHTML), "summary": .string(p.excerptText), "description": .string(p.description),
            "readingTime": .int(p.readingTime), "tags": termRefs(p.source.tags, slugs: p.source.tagSlugs, kind: .tag),
            "categories": termRefs(p.source.categories, slugs: p.source.categorySlugs, kind: .category)]
        if let when = p.source.date { d["date"] = date(when, p.source.language) }
        // Always set: Mustache looks a missing name up in the enclosing sections, which may be another post.
        d["otherLanguage"] = .bool(p.source.lang != config.language)
        if p.source.lang != config.language { d["t"] = p.source.language.template }
        return d
    }

    /// The `page` of a post or page; `summary` is `summary(p)` when the caller already has it.
    func page(_ p: RenderedDocument, index: Int?, related: [Int], summary known: [String: TemplateValue]? = nil) -> TemplateValue {
        let src = p.source
        var d = known ?? summary(p)
        let url = config.url(src.permalink.url)
        d["kind"] = .string(src.kind.rawValue)
        d["isPost"] = .bool(src.kind == .post)
        d["absoluteURL"] = .string(config.absolute(url))
        d["content"] = .string(p.html)
        // Code's stylesheet and scripts load only where there is code.
        d["hasCode"] = .bool(containsBytes(p.html, "<pre"))
        d["wordCount"] = .int(p.wordCount)
        d["headings"] = .maps(p.headings.map { ["level": .int($0.level), "id": .string($0.id), "text": .string($0.text)] })
        // The theme's contents box: not when the body placed its own ({:toc}) or front matter says `toc: false`.
        let tocOff = src.params.contains { key, value in if key == "toc", case .bool(false) = value { return true } else { return false } }
        d["showTOC"] = .bool(!p.hasTableOfContents && !tocOff && !p.headings.isEmpty)
        // `notice:` (Jekyll themes' "this post is outdated") is shown as a callout above the post.
        if let notice = src.params.first(where: { $0.0 == "notice" })?.1, case .string(let text) = notice.template,
           !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            d["notice"] = .string(text)
        }
        d["source"] = .string(src.sourcePath)
        if let u = src.updated { d["updated"] = date(u, src.language) }
        if let a = src.author ?? config.author?.name { d["author"] = .map(["name": .string(a)]) }
        if let img = src.image { d["image"] = .string(config.absoluteURL(img, relativeTo: url)) }
        // Every front matter key, and the keys under `params:` beside them (`page.params.x` either way).
        var params = Dictionary(src.params.map { ($0.0, $0.1.template) }, uniquingKeysWith: { $1 })
        if let nested = src.params.first(where: { $0.0 == "params" })?.1, case .map(let pairs) = nested {
            for (k, v) in pairs where params[k] == nil { params[k] = v.template }
        }
        d["params"] = .map(params)
        if let i = index {
            // posts are newest first: the previous (older) post is the next index.
            if i + 1 < posts.count { d["previous"] = link(posts[i + 1]) }
            if i > 0 { d["next"] = link(posts[i - 1]) }
        }
        if !related.isEmpty { d["related"] = .list(related.map { link(posts[$0]) }) }
        if let i = index, i < seriesPlaces.count, let place = seriesPlaces[i] {
            d["series"] = Series.context(place, terms: terms, posts: posts, link: link)
        }
        return .map(d)
    }

    func link(_ p: RenderedDocument) -> TemplateValue {
        .map(["title": .string(p.source.title), "url": .string(config.url(p.source.permalink.url))])
    }
}
