import Foundation
import TextBytes

/// A rendered page and the fingerprint of everything that went into it.
struct CachedPage: Sendable {
    var fingerprint: Int
    var file: OutputFile
}

/// Turns rendered documents into HTML pages: posts, pages, home, term pages, archive, 404.
struct PageAssembler: Sendable {
    let config: SiteConfig
    let templates: TemplateSet
    let documents: [RenderedDocument]
    let layouts: [String]
    /// Posts, newest first (sorted once).
    let posts: [RenderedDocument]
    let terms: [Term]
    let context: ContextBuilder
    /// Per post (index into `posts`), up to three related posts, computed once per build.
    let related: [[Int]]

    /// Hash of every post's tags in list order: what related posts are computed from.
    let tagSignature: Int
    /// Per document: its file's fingerprint and a print of how its tags and categories show (names, counts).
    let docPrints: [Int]
    let docTermPrints: [Int]
    /// Per post (newest first): prints of exactly what other pages show of it — a list entry (`summary`)
    /// or a link (neighbours, related posts) — so an edit re-renders only the pages that show what changed.
    let postSummaryPrints: [Int]
    let postLinkPrints: [Int]
    /// Per document: its index in `posts`, nil for pages.
    let docPostIndex: [Int?]
    /// Per post: its place in its series, a print of what its page shows of that series (`Series.pagePrints`),
    /// and the warnings about the series (ties in `series_order`).
    let seriesPlaces: [Series.Place?]
    let seriesPrints: [Int]
    let seriesDiagnostics: [SiteDiagnostic]
    /// The site language's words: list pages, tags, archive, 404 and search are in it.
    let words: LanguagePack

    init(config: SiteConfig, templates: TemplateSet, documents: [RenderedDocument], layouts: [String],
         relatedCache: (signature: Int, related: [[Int]])? = nil) {
        self.config = config
        self.templates = templates
        self.documents = documents
        self.layouts = layouts
        self.words = config.sitePack
        let posts = documents.filter { $0.source.kind == .post }.sorted {
            ($0.source.date ?? .distantPast, $0.source.sourcePath) > ($1.source.date ?? .distantPast, $1.source.sourcePath)
        }
        self.posts = posts
        // One pass over the posts builds every term's list (already newest first) and each post's term indexes.
        var terms: [Term] = []
        var bySlug: [Term.Kind: [String: Int]] = [.tag: [:], .category: [:]]
        var postTermIndexes: [[Int]] = []
        postTermIndexes.reserveCapacity(posts.count)
        for (i, p) in posts.enumerated() {
            var mine: [Int] = []
            for (kind, slugs, names) in [(Term.Kind.tag, p.source.tagSlugs, p.source.tags), (.category, p.source.categorySlugs, p.source.categories)] {
                for (slug, name) in zip(slugs, names) {
                    if let t = bySlug[kind]![slug] {
                        // Two names of one URL on one post (loaded documents are cleaned; others may not be): listed once.
                        if terms[t].posts.last != i { terms[t].posts.append(i); mine.append(t) }
                        continue
                    }
                    bySlug[kind]![slug] = terms.count
                    mine.append(terms.count)
                    let prefix = kind == .tag ? "/tags/" : "/categories/"
                    terms.append(Term(name: name, slug: slug, kind: kind, url: config.url(prefix + Slug.escapePath(slug) + "/"), posts: [i]))
                }
            }
            postTermIndexes.append(mine)
        }
        // Series come last: their own pages and the box on each part, not the term lists of posts.
        let places = Series.collect(posts, into: &terms, config: config)
        self.seriesPlaces = places
        self.seriesDiagnostics = Series.duplicateOrders(terms, posts: posts)
        self.terms = terms
        var index: [String: Int] = [:]
        for (t, term) in terms.enumerated() { index["\(term.kind.rawValue):\(term.slug)"] = t }
        let termPrints = terms.map(Prints.term)
        let postPosition = Dictionary(posts.enumerated().map { (ObjectIdentifier($1), $0) }, uniquingKeysWith: { a, _ in a })
        self.docPrints = documents.map(\.fingerprint)
        self.docPostIndex = documents.map { postPosition[ObjectIdentifier($0)] }
        self.docTermPrints = documents.map { d in
            if let i = postPosition[ObjectIdentifier(d)] { return Prints.terms(postTermIndexes[i], termPrints) }
            // Pages are in no term list; their tags show only when some post has them too.
            let mine = zip(d.source.tagSlugs, d.source.tags).compactMap { bySlug[.tag]![$0.0] }
                + zip(d.source.categorySlugs, d.source.categories).compactMap { bySlug[.category]![$0.0] }
            return Prints.terms(mine, termPrints)
        }
        self.postSummaryPrints = posts.indices.map { i in
            var h = Hasher()
            h.combine(posts[i].summaryPrint)
            h.combine(Prints.terms(postTermIndexes[i], termPrints))
            return h.finalize()
        }
        self.postLinkPrints = posts.map(\.linkPrint)
        self.seriesPrints = Series.pagePrints(places, terms: terms, linkPrints: postLinkPrints)
        var h = Hasher()
        for p in posts { h.combine(p.tagPrint) }
        let signature = h.finalize()
        self.tagSignature = signature
        if let cached = relatedCache, cached.signature == signature {
            self.related = cached.related
        } else {
            self.related = Self.relatedPosts(posts, terms: terms, index: index)
        }
        self.context = ContextBuilder(config: config, posts: posts, terms: terms, termIndex: index, seriesPlaces: places)
    }

    /// Renders every page on all cores. A page whose fingerprint is in `cache` is reused as it is:
    /// the fingerprint covers everything its template sees, so reuse gives the same bytes.
    /// Also returns the indexes of the pages rendered anew (the rest came from `cache`).
    /// `emit`, when given, receives each page as soon as it is rendered (on the rendering task) and returns
    /// what to keep of it: a one-shot build writes the page and keeps only its path.
    func pages(cache: [String: CachedPage] = [:], emit: (@Sendable (OutputFile) -> OutputFile)? = nil) async -> (pages: [CachedPage], fresh: [Int]) {
        let site = SharedContext(site: context.site(generator: SiteBuilder.generator))
        let postIndex = docPostIndex
        var jobs: [PageJob] = documents.indices.map { .document($0) }
        jobs += listJobs(template: "home", kind: "home", title: config.title, base: config.paginatePath, items: Array(posts.indices))
        if templates.has("tag") {
            for (t, term) in terms.enumerated() where term.kind != .series {
                let base = String(term.url.dropFirst(config.basePath.count))
                jobs += listJobs(template: "tag", kind: "tag", title: term.name, base: base + "page/:num/", items: term.posts, term: t)
            }
        }
        if templates.has("tags") { jobs.append(.special("tags", "/tags/", words.phrase("tags"))) }
        jobs += seriesJobs()
        if templates.has("archive") { jobs.append(.special("archive", "/archive/", words.phrase("archive"))) }
        if templates.has("404") { jobs.append(.special("404", "/404.html", words.phrase("page_not_found"))) }
        if config.search.enabled, templates.has("search") { jobs.append(.special("search", "/search/", words.phrase("search"))) }
        let me = self
        var revision = Hasher()
        revision.combine(site.site["copyrightYear"].flatMap { if case .int(let y) = $0 { y } else { nil } } ?? 0)
        revision.combine(site.site["seriesURL"] != nil)   // appears with the first series
        let siteRevision = revision.finalize()
        // Fingerprints on one thread (cheap; threads would fight over the shared arrays' reference counts),
        // then only the pages whose fingerprint is new are rendered, on all cores.
        var result: [CachedPage?] = []
        result.reserveCapacity(jobs.count)
        var misses: [(index: Int, job: PageJob, fingerprint: Int)] = []
        for job in jobs {
            let (path, fingerprint) = identity(job, postIndex: postIndex, siteRevision: siteRevision)
            if let hit = cache[path], hit.fingerprint == fingerprint { result.append(hit); continue }
            misses.append((result.count, job, fingerprint))
            result.append(nil)
        }
        let summaries = await summaries(for: misses.map(\.job), postIndex: postIndex)
        let rendered = await parallelMap(misses) { miss in
            let file = me.render(miss.job, site: site, postIndex: postIndex, summaries: summaries)
            return CachedPage(fingerprint: miss.fingerprint, file: emit.map { $0(file) } ?? file)
        }
        for (miss, page) in zip(misses, rendered) { result[miss.index] = page }
        return (result.map { $0! }, misses.map(\.index))
    }

    /// Each post's list entry, made once for all the pages that show it (a post is on its own page, a
    /// home page and a page per tag), only for the posts that the pages to render show.
    private func summaries(for jobs: [PageJob], postIndex: [Int?]) async -> PostSummaries {
        var needed = [Bool](repeating: false, count: posts.count)
        for job in jobs {
            switch job {
            case .document(let i): if let p = postIndex[i] { needed[p] = true }
            case .list(_, _, _, _, let items, _, _, _, _): for i in items { needed[i] = true }
            case .special("archive", _, _): for i in posts.indices { needed[i] = true }
            case .special("404", _, _): for i in posts.indices.prefix(5) { needed[i] = true }
            case .special: break
            }
        }
        let wanted = posts.indices.filter { needed[$0] }
        let me = self
        let made = await parallelMap(wanted) { me.context.summary(me.posts[$0]) }
        var all = [[String: TemplateValue]?](repeating: nil, count: posts.count)
        for (i, s) in zip(wanted, made) { all[i] = s }
        return PostSummaries(all: all)
    }

    struct PostSummaries: Sendable {
        let all: [[String: TemplateValue]?]
    }

    /// Output path and fingerprint of a page, computed without rendering it.
    private func identity(_ job: PageJob, postIndex: [Int?], siteRevision: Int) -> (String, Int) {
        var h = Hasher()
        h.combine(siteRevision)
        switch job {
        case .document(let i):
            h.combine(docPrints[i])
            h.combine(layouts[i])
            h.combine(templates.revision(layouts[i]))
            h.combine(docTermPrints[i])
            let source = documents[i].source
            if let index = postIndex[i] {
                // What the page shows of other posts: links to its neighbours and related posts.
                h.combine(index + 1 < posts.count ? postLinkPrints[index + 1] : 0)
                h.combine(index > 0 ? postLinkPrints[index - 1] : 0)
                for j in related[index] { h.combine(postLinkPrints[j]) }
                h.combine(seriesPrints[index])
            }
            return (source.permalink.outputPath, h.finalize())
        case let .list(template, kind, title, url, items, page, total, base, term):
            h.combine(templates.revision(template))
            h.combine(kind); h.combine(title); h.combine(url); h.combine(page); h.combine(total); h.combine(base)
            if let term { h.combine(terms[term].name); h.combine(terms[term].posts.count) }
            for i in items { itemPrint(i, into: &h) }
            return (Self.filePath(url), h.finalize())
        case let .special(template, url, title):
            h.combine(templates.revision(template)); h.combine(title)
            switch template {
            case "tags": for t in terms where t.kind != .series { h.combine(t.name); h.combine(t.kind.rawValue); h.combine(t.posts.count) }
            case "series-index": for t in terms where t.kind == .series { h.combine(Prints.term(t)) }
            case "archive": for i in posts.indices { itemPrint(i, into: &h) }
            default: for i in posts.indices.prefix(5) { itemPrint(i, into: &h) }
            }
            return (Self.filePath(url), h.finalize())
        }
    }

    /// A post as lists show it.
    private func itemPrint(_ i: Int, into h: inout Hasher) {
        h.combine(postSummaryPrints[i])
    }

    enum PageJob: Sendable {
        case document(Int)
        case list(template: String, kind: String, title: String, url: String, items: [Int], page: Int, total: Int, base: String, term: Int?)
        case special(String, String, String)
    }

    /// One job per page of a paginated list; `base` is the list's page pattern (see `SiteConfig.listPageURL`).
    private func listJobs(template: String, kind: String, title: String, base: String, items: [Int], term: Int? = nil) -> [PageJob] {
        let per = config.paginate > 0 ? config.paginate : max(items.count, 1)
        let total = max(1, (items.count + per - 1) / per)
        return (1...total).map { n in
            let slice = Array(items[min((n - 1) * per, items.count)..<min(n * per, items.count)])
            return .list(template: template, kind: kind, title: title, url: Self.pageURL(base, n), items: slice, page: n, total: total, base: base, term: term)
        }
    }

    static func pageURL(_ pattern: String, _ n: Int) -> String { SiteConfig.listPageURL(pattern, n) }

    private func render(_ job: PageJob, site: SharedContext, postIndex: [Int?], summaries: PostSummaries) -> OutputFile {
        func summary(_ i: Int) -> TemplateValue { .map(summaries.all[i] ?? context.summary(posts[i])) }
        var ctx: [String: TemplateValue] = ["site": site.site, "t": words.template]
        switch job {
        case .document(let i):
            let doc = documents[i]
            ctx["t"] = doc.source.language.template
            let index = postIndex[i]
            ctx["page"] = context.page(doc, index: index, related: index.map { related[$0] } ?? [],
                                       summary: index.flatMap { summaries.all[$0] })
            return OutputFile(path: doc.source.permalink.outputPath, data: Data(templates.render(layouts[i], .map(ctx), capacity: doc.html.utf8.count + 16384).utf8), source: doc.source.sourcePath)
        case let .list(template, kind, title, url, items, page, total, base, term):
            var p = basicPage(kind: kind, title: title, url: url)
            p["hasCode"] = .bool(items.contains { containsBytes(posts[$0].excerptHTML, "<pre") })
            if let term, terms[term].kind == .series {
                let t = terms[term]
                p["term"] = .map(["name": .string(t.name), "slug": .string(t.slug), "kind": .string(t.kind.rawValue), "count": .int(t.posts.count)])
                p["description"] = .string(t.posts.count == 1 ? words.phrase("series_one_part") : words.phrase("series_n_parts", ["n": String(t.posts.count)]))
                ctx["page"] = .map(p)
                // Parts in reading order, each with its number.
                ctx["posts"] = .list(items.enumerated().map { n, i in
                    guard case .map(var entry) = summary(i) else { return summary(i) }
                    entry["part"] = .int(n + 1)
                    return .map(entry)
                })
                return OutputFile(path: Self.filePath(url), data: Data(templates.render(template, .map(ctx), capacity: 16384 + items.count * 1024).utf8), source: "generated series page")
            }
            if let term {
                let t = terms[term]
                p["term"] = .map(["name": .string(t.name), "slug": .string(t.slug), "kind": .string(t.kind.rawValue), "count": .int(t.posts.count),
                                  "label": .string(words.phrase(t.kind == .tag ? "tag" : "category"))])
                p["description"] = .string(words.phrase(t.kind == .tag ? "posts_tagged" : "posts_in", ["name": t.name]))
                // The term's own feeds, for `<link rel="alternate">` in the head.
                var feeds = config.feedLinks(dir: t.url)
                feeds["title"] = t.name
                p["feeds"] = ContextBuilder.strings(feeds)
            }
            ctx["page"] = .map(p)
            ctx["posts"] = .list(items.map(summary))
            if total > 1 {
                var pg: [String: TemplateValue] = ["current": .int(page), "total": .int(total),
                                                   "label": .string(words.phrase("page_of", ["n": String(page), "total": String(total)])),
                                                   "title": .string(words.phrase("page_n", ["n": String(page)]))]
                if page > 1 { pg["previousURL"] = .string(config.url(Self.pageURL(base, page - 1))) }
                if page < total { pg["nextURL"] = .string(config.url(Self.pageURL(base, page + 1))) }
                ctx["pagination"] = .map(pg)
            }
            return OutputFile(path: Self.filePath(url), data: Data(templates.render(template, .map(ctx), capacity: 16384 + items.count * 1024).utf8), source: "generated \(kind) page")
        case let .special(template, url, title):
            ctx["page"] = .map(basicPage(kind: template, title: title, url: url))
            if template == "tags" {
                let sorted = terms.filter { $0.kind != .series }.sorted { ($0.kind.rawValue, $0.name.lowercased()) < ($1.kind.rawValue, $1.name.lowercased()) }
                ctx["terms"] = .maps(sorted.map { ["name": .string($0.name), "slug": .string($0.slug), "url": .string($0.url),
                                                   "count": .int($0.posts.count), "kind": .string($0.kind.rawValue)] })
                ctx["tags"] = .maps(sorted.filter { $0.kind == .tag }.map { ["name": .string($0.name), "url": .string($0.url), "count": .int($0.posts.count)] })
                ctx["categories"] = .maps(sorted.filter { $0.kind == .category }.map { ["name": .string($0.name), "url": .string($0.url), "count": .int($0.posts.count)] })
            }
            if template == "archive" { ctx["years"] = archive(summary) }
            if template == "series-index" { ctx["series"] = seriesIndex() }
            if template == "404" { ctx["posts"] = .list(posts.indices.prefix(5).map(summary)) }
            return OutputFile(path: Self.filePath(url), data: Data(templates.render(template, .map(ctx)).utf8), source: "generated \(template) page")
        }
    }

    private func basicPage(kind: String, title: String, url: String) -> [String: TemplateValue] {
        let full = config.url(url)
        return ["kind": .string(kind), "isPost": .bool(false), "title": .string(title), "url": .string(full), "lang": .string(config.language),
                "absoluteURL": .string(config.absolute(full)), "description": .string(config.description),
                "summary": .string(config.description)]
    }

    /// `/tags/x/` → `tags/x/index.html`; `/404.html` → `404.html`.
    static func filePath(_ url: String) -> String {
        let trimmed = url.drop { $0 == "/" }
        if trimmed.isEmpty { return "index.html" }
        let decoded = trimmed.contains("%") ? String(trimmed).removingPercentEncoding ?? String(trimmed) : String(trimmed)
        return url.hasSuffix("/") ? decoded + "index.html" : decoded
    }

    /// Up to three other posts sharing the most tags, newer first on ties. Candidates are the 500
    /// newest posts of each tag, so a tag on every post does not make this quadratic; one scratch
    /// array of counts and a top-three pass replace a dictionary and a sort per post.
    static func relatedPosts(_ posts: [RenderedDocument], terms: [Term], index: [String: Int]) -> [[Int]] {
        var count = [Int32](repeating: 0, count: posts.count)
        var touched: [Int] = []
        var result: [[Int]] = []
        result.reserveCapacity(posts.count)
        for i in posts.indices {
            touched.removeAll(keepingCapacity: true)
            for slug in posts[i].source.tagSlugs {
                guard let t = index["tag:\(slug)"] else { continue }
                for j in terms[t].posts.prefix(500) where j != i {
                    if count[j] == 0 { touched.append(j) }
                    count[j] += 1
                }
            }
            // Best three by (shared tags desc, index asc = newer first).
            var best: [(Int32, Int)] = []
            for j in touched {
                let c = count[j]
                count[j] = 0
                if best.count < 3 || (c, -j) > (best[best.count - 1].0, -best[best.count - 1].1) {
                    best.append((c, j))
                    best.sort { ($0.0, -$0.1) > ($1.0, -$1.1) }
                    if best.count > 3 { best.removeLast() }
                }
            }
            result.append(best.map(\.1))
        }
        return result
    }

    /// Posts grouped by year, then month, newest first.
    private func archive(_ summary: (Int) -> TemplateValue) -> TemplateValue {
        var years: [TemplateValue] = []
        var currentYear = "", currentMonth = ""
        var months: [TemplateValue] = []
        var monthPosts: [TemplateValue] = []
        var yearCount = 0
        func flushMonth() {
            if !monthPosts.isEmpty { months.append(.map(["name": .string(currentMonth), "posts": .list(monthPosts)])); yearCount += monthPosts.count }
            monthPosts = []
        }
        func flushYear() {
            flushMonth()
            if !months.isEmpty { years.append(.map(["year": .string(currentYear), "months": .list(months), "count": .int(yearCount)])) }
            months = []
            yearCount = 0
        }
        for (i, p) in posts.enumerated() {
            guard let d = p.source.date else { continue }
            let c = SiteDates.ymd(d, config.timeZone)
            let y = String(c.year), m = words.names.monthHeadings[c.month - 1]
            if y != currentYear { flushYear(); currentYear = y; currentMonth = m }
            else if m != currentMonth { flushMonth(); currentMonth = m }
            monthPosts.append(summary(i))
        }
        flushYear()
        return .list(years)
    }
}
