import Foundation

/// Builds the dictionaries templates render from (see README, "Template variables").
struct ContextBuilder: Sendable {
    let config: SiteConfig
    let posts: [RenderedDocument]          // newest first
    let terms: [Term]
    let termIndex: [String: Int]           // "tag:slug" → index in terms

    func site(generator: String) -> [String: Any] {
        var s: [String: Any] = [
            "title": config.title, "description": config.description,
            "url": config.absolute(config.basePath), "basePath": config.basePath,
            "language": config.language, "generator": generator,
            "home": config.url("/"), "tagsURL": config.url("/tags/"), "archiveURL": config.url("/archive/"),
            "assets": config.url("/assets/"),
            "feeds": config.feedLinks(dir: config.url("/")),
            "menu": config.menu.map { ["title": $0.title, "url": $0.url] },
        ]
        if let a = config.author {
            var author: [String: Any] = ["name": a.name]
            if let e = a.email { author["email"] = e }
            if let u = a.url { author["url"] = u }
            s["author"] = author
        }
        if let newest = posts.first?.source.date {
            s["copyrightYear"] = SiteDates.components(newest, config.timeZone).year!
        }
        return s
    }

    func date(_ d: Date) -> [String: Any] {
        let c = SiteDates.components(d, config.timeZone)
        return ["iso": SiteDates.iso8601(d, config.timeZone), "display": SiteDates.display(d, config.timeZone),
                "day": String(format: "%02d", c.day!), "month": String(format: "%02d", c.month!),
                "monthName": SiteDates.monthNames[c.month! - 1], "year": String(c.year!),
                "short": SiteDates.day(d, config.timeZone)]
    }

    func termRefs(_ names: [String], slugs: [String], kind: Term.Kind) -> [[String: Any]] {
        zip(names, slugs).compactMap { name, slug in
            guard let i = termIndex["\(kind.rawValue):\(slug)"] else { return nil }
            let t = terms[i]
            return ["name": t.name, "slug": t.slug, "url": t.url, "count": t.posts.count, "kind": kind.rawValue]
        }
    }

    /// A post as it appears in lists.
    func summary(_ p: RenderedDocument) -> [String: Any] {
        var d: [String: Any] = ["title": p.source.title, "url": config.url(p.source.permalink.url),
                                "excerpt": p.excerptHTML, "summary": p.excerptText, "description": p.description,
                                "readingTime": p.readingTime, "tags": termRefs(p.source.tags, slugs: p.source.tagSlugs, kind: .tag),
                                "categories": termRefs(p.source.categories, slugs: p.source.categorySlugs, kind: .category)]
        if let when = p.source.date { d["date"] = date(when) }
        return d
    }

    /// The `page` of a post or page.
    func page(_ p: RenderedDocument, index: Int?, related: [Int]) -> [String: Any] {
        let src = p.source
        var d = summary(p)
        let url = config.url(src.permalink.url)
        d["kind"] = src.kind.rawValue
        d["isPost"] = src.kind == .post
        d["absoluteURL"] = config.absolute(url)
        d["content"] = p.html
        d["wordCount"] = p.wordCount
        d["headings"] = p.headings.map { ["level": $0.level, "id": $0.id, "text": $0.text] }
        d["source"] = src.sourcePath
        if let u = src.updated { d["updated"] = date(u) }
        if let a = src.author ?? config.author?.name { d["author"] = ["name": a] }
        if let img = src.image { d["image"] = config.absoluteURL(img, relativeTo: url) }
        d["params"] = Dictionary(src.params.map { ($0.0, $0.1.any) }, uniquingKeysWith: { $1 })
        if let i = index {
            // posts are newest first: the previous (older) post is the next index.
            if i + 1 < posts.count { d["previous"] = link(posts[i + 1]) }
            if i > 0 { d["next"] = link(posts[i - 1]) }
        }
        if !related.isEmpty { d["related"] = related.map { link(posts[$0]) } }
        return d
    }

    func link(_ p: RenderedDocument) -> [String: Any] {
        ["title": p.source.title, "url": config.url(p.source.permalink.url)]
    }

}
