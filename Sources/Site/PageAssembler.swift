import Foundation
import Liquid
import TextBytes

/// A rendered page and the fingerprint of everything that went into it. A class: a session hands the
/// same page from build to build, and copying its four references per page was a visible part of a save.
final class CachedPage: Sendable {
    let fingerprint: Int
    let file: OutputFile
    /// Its templates' warnings and errors: reported again while the page is reused.
    let diagnostics: [SiteDiagnostic]

    init(fingerprint: Int, file: OutputFile, diagnostics: [SiteDiagnostic] = []) {
        self.fingerprint = fingerprint
        self.file = file
        self.diagnostics = diagnostics
    }

    /// Stands for a page not rendered yet.
    static let pending = CachedPage(fingerprint: 0, file: OutputFile(path: "", data: Data(), source: ""))
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
    /// All of them and every term's print: what a page showing `site.posts` or `site.tags` depends on.
    let allPostsPrint: Int
    /// What a list entry holds beyond its summary (`post.content`, front matter keys) is in these keys, and
    /// every post's fingerprint covers it: a page whose template reads one of them by name depends on those.
    let entryExtraKeys: Set<String>
    let allPostsExtrasPrint: Int
    /// What `site.pages` shows (the pages' prints), and every document's print (a theme of its own may show
    /// any document's text on any page, as Jekyll's `site.pages` and `post.content` allow).
    let pagesPrint: Int
    let allDocumentsPrint: Int
    /// The documents that are pages (not posts), in order: what `site.pages` lists.
    let pageDocuments: [RenderedDocument]
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

    /// What the next save can reuse (see `Structure`), and whether this one was taken from the last.
    let structure: Structure
    let structureReused: Bool

    init(config: SiteConfig, templates: TemplateSet, documents: [RenderedDocument], layouts: [String],
         relatedCache: (signature: Int, related: [[Int]])? = nil, structureCache: Structure? = nil) {
        self.config = config
        self.templates = templates
        self.documents = documents
        self.layouts = layouts
        self.words = config.sitePack
        // One pass over the documents and one over the posts read every print they give (each read of a
        // document is a trip to memory: a pass per print was a visible part of a one-post save at 5000 posts).
        var key = Hasher(), allDocuments = Hasher()
        key.combine(documents.count)
        var docPrints: [Int] = []
        docPrints.reserveCapacity(documents.count)
        for d in documents {
            key.combine(d.structurePrint)
            docPrints.append(d.fingerprint)
            allDocuments.combine(d.fingerprint)
        }
        let structureKey = key.finalize()
        let kept = structureCache.flatMap { $0.key == structureKey ? $0 : nil }
        let structure = kept ?? Self.structure(documents, key: structureKey, config: config)
        self.structure = structure
        self.structureReused = kept != nil
        let posts = structure.order.map { documents[$0] }
        self.posts = posts
        var terms = structure.terms
        let tagSlugs = structure.tagSlugs, categorySlugs = structure.categorySlugs
        // Series come last: their own pages and the box on each part, not the term lists of posts.
        let places = Series.collect(posts, into: &terms, config: config)
        self.seriesPlaces = places
        self.seriesDiagnostics = Series.duplicateOrders(terms, posts: posts)
        self.terms = terms
        // The tag and category lists' index and prints are the structure's; the series' are added.
        var index = structure.termIndex
        var termPrints = structure.termPrints
        for t in structure.terms.count..<terms.count {
            index["\(terms[t].kind.rawValue):\(terms[t].slug)"] = t
            termPrints.append(Prints.term(terms[t]))
        }
        var docPostIndex = [Int?](repeating: nil, count: documents.count)
        for (i, d) in structure.order.enumerated() { docPostIndex[d] = i }
        self.docPrints = docPrints
        self.docPostIndex = docPostIndex
        // A page is a document that is not a post.
        var pagesHash = Hasher()
        var pageDocuments: [RenderedDocument] = []
        for i in documents.indices where docPostIndex[i] == nil {
            pagesHash.combine(docPrints[i])
            pageDocuments.append(documents[i])
        }
        self.pageDocuments = pageDocuments
        (self.pagesPrint, self.allDocumentsPrint) = (pagesHash.finalize(), allDocuments.finalize())
        let postTermPrints = structure.postTermPrints
        self.docTermPrints = documents.indices.map { di in
            let d = documents[di]
            if let i = docPostIndex[di] { return postTermPrints[i] }
            // Pages are in no term list; their tags show only when some post has them too.
            let mine = zip(d.source.tagSlugs, d.source.tags).compactMap { tagSlugs[$0.0] }
                + zip(d.source.categorySlugs, d.source.categories).compactMap { categorySlugs[$0.0] }
            return Prints.terms(mine, termPrints)
        }
        var postSummaryPrints: [Int] = [], postLinkPrints: [Int] = []
        postSummaryPrints.reserveCapacity(posts.count); postLinkPrints.reserveCapacity(posts.count)
        var h = Hasher()
        for (i, p) in posts.enumerated() {
            var s = Hasher()
            s.combine(p.summaryPrint)
            s.combine(postTermPrints[i])
            postSummaryPrints.append(s.finalize())
            postLinkPrints.append(p.linkPrint)
            h.combine(p.tagPrint)
        }
        self.postSummaryPrints = postSummaryPrints
        self.postLinkPrints = postLinkPrints
        var all = Hasher()
        for p in postSummaryPrints { all.combine(p) }
        for p in termPrints { all.combine(p) }
        self.allPostsPrint = all.finalize()
        var extraKeys: Set<String> = ["content"], extras = Hasher()
        for p in posts {
            if !p.source.listExtraKeys.isEmpty { extraKeys.formUnion(p.source.listExtraKeys) }
            extras.combine(p.fingerprint)
        }
        (self.entryExtraKeys, self.allPostsExtrasPrint) = (extraKeys, extras.finalize())
        self.seriesPrints = Series.pagePrints(places, terms: terms, linkPrints: postLinkPrints)
        let signature = h.finalize()
        self.tagSignature = signature
        if let cached = relatedCache, cached.signature == signature {
            self.related = cached.related
        } else {
            self.related = Self.relatedPosts(posts, terms: terms, index: index)
        }
        self.context = ContextBuilder(config: config, posts: posts, terms: terms, termIndex: index, seriesPlaces: places)
    }

    /// Renders every page on all cores. A page whose fingerprint is in `cache` (or at its place in `last`,
    /// the last build's pages in order) is reused as it is: the fingerprint covers everything its template
    /// sees, so reuse gives the same bytes. Also returns the indexes of the pages rendered anew (the rest
    /// came from the cache), and the generated pages' jobs for the next build (`kept`: the last build's).
    /// `emit`, when given, receives each page as soon as it is rendered (on the rendering task) and returns
    /// what to keep of it: a one-shot build writes the page and keeps only its path.
    /// `last` is taken (left empty but for what the caller may free when it likes).
    func pages(cache: [String: CachedPage] = [:], last: inout LastPages, generated kept: GeneratedJobs? = nil,
               emit: (@Sendable (OutputFile) -> OutputFile)? = nil) async -> (pages: LastPages, fresh: [Int], generated: GeneratedJobs, lookups: Int) {
        let site = SharedContext(site: context.site(generator: SiteBuilder.generator))
        let postIndex = docPostIndex
        // `theme: own` (an imported Jekyll theme): only the site's own pages, the URLs Jekyll gave it.
        let key = generatedKey()
        let generated = kept.flatMap { $0.key == key ? $0 : nil } ?? GeneratedJobs(key: key, jobs: config.theme.own ? [] : generatedJobs())
        var revision = Hasher()
        revision.combine(site.site["copyright_year"].flatMap { if case .int(let y) = $0 { y } else { nil } } ?? 0)
        if case .string? = site.site["series_url"] { revision.combine(1) }   // appears with the first series
        // `site.pages` (and, with its own theme, any page may show any other's text): every document counts.
        revision.combine(config.theme.own ? allDocumentsPrint : pagesPrint)
        let siteRevision = revision.finalize()
        let made = await render(generated, site: site, postIndex: postIndex, siteRevision: siteRevision, cache: cache, last: &last, emit: emit)
        return (made.pages, made.fresh, generated, made.lookups)
    }

    /// Galley's own pages: the post list, tag pages, tags, series, archive, 404, search.
    private func generatedJobs() -> [PageJob] {
        var jobs: [PageJob] = []
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
        return jobs
    }

    private func render(_ generated: GeneratedJobs, site: SharedContext, postIndex: [Int?], siteRevision: Int, cache: [String: CachedPage],
                        last: inout LastPages, emit: (@Sendable (OutputFile) -> OutputFile)?) async -> (pages: LastPages, fresh: [Int], lookups: Int) {
        // Fingerprints on one thread (cheap; threads would fight over the shared arrays' reference counts),
        // then only the pages whose fingerprint is new are rendered, on all cores.
        let count = documents.count + generated.jobs.count
        // The last build's pages for as many documents and jobs (a save's usual case) are taken and updated
        // in place, each compared by its kept fingerprint: taking every page into a new array (and freeing the
        // last one) was a visible part of a one-post save at 5000 posts.
        let aligned = last.pages.count == count && last.fingerprints.count == count
        var pages: [CachedPage] = [], prints: [Int] = []
        if aligned {
            swap(&pages, &last.pages); swap(&prints, &last.fingerprints)
        } else {
            pages.reserveCapacity(count); prints.reserveCapacity(count)
        }
        let previous = last.pages   // (when not aligned: the last pages, looked at by place)
        // The same document object at the same place, or the same jobs, give the last page's path.
        let sameDocuments = last.documents.count == documents.count
        let sameJobs = sameDocuments && last.generatedKey == generated.key
        var misses: [(index: Int, job: PageJob, fingerprint: Int)] = []
        var replaced: [Int] = []
        var info = TemplateInfo(templates, entryKeys: entryExtraKeys)
        var lookups = 0
        for k in 0..<count {
            let document = k < documents.count
            let fingerprint = document
                ? identity(document: k, postIndex: postIndex, siteRevision: siteRevision, info: &info)
                : identity(generated, k - documents.count, siteRevision: siteRevision, info: &info)
            let known = aligned && (document ? sameDocuments && documents[k] === last.documents[k] : sameJobs)
            if known, prints[k] == fingerprint { continue }
            // The last build's page at this place (a save's usual case), else looked up by path.
            let path = document ? documents[k].source.permalink.outputPath : generated.paths[k - documents.count]
            let atPlace = aligned ? pages[k] : k < previous.count ? previous[k] : nil
            let inPlace = known || atPlace?.file.path == path
            if !inPlace { lookups += 1 }
            let hit = inPlace ? atPlace : cache[path]
            if let hit, hit.fingerprint == fingerprint {
                if !aligned { pages.append(hit); prints.append(fingerprint); continue }
                if hit !== pages[k] { pages[k] = hit; prints[k] = fingerprint; replaced.append(k) }
                continue
            }
            misses.append((k, document ? .document(k) : generated.jobs[k - documents.count], fingerprint))
            if aligned { prints[k] = fingerprint; replaced.append(k) } else { pages.append(CachedPage.pending); prints.append(fingerprint) }
        }
        // `site.posts` and the other site-wide lists only when a template to render reads them: then every
        // post's entry is made (once, shared by every page), else only those of the posts shown.
        let lists = misses.contains { templates.readsSiteLists.contains(template(of: $0.job)) }
        let summaries = await summaries(for: misses.map(\.job), postIndex: postIndex, all: lists, kept: &last.summaries)
        var siteHash = site.site
        context.addPageEntries(pageDocuments, to: &siteHash)
        if lists { context.siteLists(into: &siteHash, entries: summaries.all.map { .hash($0!) }) }
        let shared = SharedContext(site: siteHash)
        let me = self
        let rendered = await parallelMap(misses) { miss in
            let (file, diagnostics) = me.render(miss.job, site: shared, postIndex: postIndex, summaries: summaries)
            return CachedPage(fingerprint: miss.fingerprint, file: emit.map { $0(file) } ?? file, diagnostics: diagnostics)
        }
        for (miss, page) in zip(misses, rendered) { pages[miss.index] = page }
        let made = LastPages(pages: pages, documents: documents, generatedKey: generated.key, fingerprints: prints, summaries: summaries,
                             serial: Serial.next(), changed: aligned ? replaced : nil)
        return (made, misses.map(\.index), lookups)
    }

    /// The template a job renders first.
    func template(of job: PageJob) -> String {
        switch job {
        case .document(let i): return layouts[i]
        case .list(let template, _, _, _, _, _, _, _, _): return template
        case .special(let template, _, _): return template
        }
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

    private func render(_ job: PageJob, site: SharedContext, postIndex: [Int?], summaries: PostSummaries) -> (OutputFile, [SiteDiagnostic]) {
        func output(_ template: String, _ path: String, _ source: String) -> (OutputFile, [SiteDiagnostic]) {
            let (content, diagnostics) = templates.renderContent(template, vars)
            return (OutputFile(path: path, data: content.data, source: source), diagnostics)
        }
        func summary(_ i: Int) -> LiquidHash { summaries.all[i] ?? context.summary(posts[i]) }
        var vars = LiquidHash(Self.varsKeys, values: [.hash(site.site), words.template, ContextBuilder.jekyllValue])
        switch job {
        case .document(let i):
            let doc = documents[i]
            vars["t"] = doc.source.language.template
            let index = postIndex[i]
            vars["page"] = .hash(context.page(doc, index: index, related: index.map { related[$0] } ?? [],
                                              summary: index.flatMap { summaries.all[$0] }))
            // Jekyll's `content`: in the page's own template the body, in each layout what the one before made.
            vars["content"] = .string(doc.html)
            return output(layouts[i], doc.source.permalink.outputPath, doc.source.sourcePath)
        case let .list(template, kind, title, url, items, page, total, base, term):
            var p = context.basicPage(kind: kind, title: title, url: url)
            p["has_code"] = .bool(items.contains { summaries.excerptHasCode[$0] ?? containsBytes(posts[$0].excerptHTML, "<pre") })
            if let term, terms[term].kind == .series {
                let t = terms[term]
                p["term"] = .hash(LiquidHash([("name", .string(t.name)), ("slug", .string(t.slug)), ("kind", .string(t.kind.rawValue)),
                                              ("count", .int(t.posts.count)), ("label", .string(words.phrase("series")))]))
                p["description"] = .string(t.posts.count == 1 ? words.phrase("series_one_part") : words.phrase("series_n_parts", ["n": String(t.posts.count)]))
                // Parts in reading order, each with its number.
                p["posts"] = .array(items.enumerated().map { n, i in
                    var entry = summary(i)
                    entry["part"] = .int(n + 1)
                    return .hash(entry)
                })
                vars["page"] = .hash(p)
                return output(template, Self.filePath(url), "generated series page")
            }
            if let term {
                let t = terms[term]
                p["term"] = .hash(LiquidHash([("name", .string(t.name)), ("slug", .string(t.slug)), ("kind", .string(t.kind.rawValue)),
                                              ("count", .int(t.posts.count)), ("label", .string(words.phrase(t.kind == .tag ? "tag" : "category")))]))
                p["description"] = .string(words.phrase(t.kind == .tag ? "posts_tagged" : "posts_in", ["name": t.name]))
                // The term's own feeds, for `<link rel="alternate">` in the head.
                var feeds = config.feedLinks(dir: t.url)
                feeds["title"] = t.name
                p["feeds"] = ContextBuilder.feeds(feeds)
            }
            vars["page"] = .hash(p)
            vars["paginator"] = .hash(paginator(items.map { .hash(summary($0)) }, page: page, total: total, base: base,
                                                perPage: config.paginate > 0 ? config.paginate : items.count,
                                                count: term.map { terms[$0].posts.count } ?? posts.count))
            return output(template, Self.filePath(url), "generated \(kind) page")
        case let .special(template, url, title):
            var p = context.basicPage(kind: template, title: title, url: url)
            if template == "archive" { p["years"] = archive(summary) }
            vars["page"] = .hash(p)
            return output(template, Self.filePath(url), "generated \(template) page")
        }
    }

    /// Jekyll's `paginator` (jekyll-paginate's keys), with the page's label and title in the site's language.
    private func paginator(_ entries: [Value], page: Int, total: Int, base: String, perPage: Int, count: Int) -> LiquidHash {
        LiquidHash(Self.paginatorKeys, values: [
            .int(page), .int(perPage), .array(entries), .int(count), .int(total),
            page > 1 ? .int(page - 1) : .null,
            page > 1 ? .string(config.url(Self.pageURL(base, page - 1))) : .null,
            page < total ? .int(page + 1) : .null,
            page < total ? .string(config.url(Self.pageURL(base, page + 1))) : .null,
            .string(words.phrase("page_of", ["n": String(page), "total": String(total)])),
            .string(words.phrase("page_n", ["n": String(page)]))])
    }

    static let paginatorKeys = LiquidKeyOrder(["page", "per_page", "posts", "total_posts", "total_pages", "previous_page",
                                               "previous_page_path", "next_page", "next_page_path", "label", "title"])
    /// A page's variables before its `page` (and, for a list, `paginator`) are set.
    static let varsKeys = LiquidKeyOrder(["site", "t", "jekyll"])

    /// `/tags/x/` → `tags/x/index.html`; `/404.html` → `404.html`.
    static func filePath(_ url: String) -> String {
        // ASCII (list URLs are percent-escaped): on bytes. Character-level `contains` was a fifth of a save's page fingerprints.
        if url.utf8.allSatisfy({ $0 < 0x80 }) {
            let bytes = url.utf8
            let start = bytes.firstIndex { $0 != UInt8(ascii: "/") } ?? bytes.endIndex
            if start == bytes.endIndex { return "index.html" }
            let rest = String(url[start...])
            let decoded = bytes[start...].contains(UInt8(ascii: "%")) ? rest.removingPercentEncoding ?? rest : rest
            return bytes.last == UInt8(ascii: "/") ? decoded + "index.html" : decoded
        }
        let trimmed = url.drop { $0 == "/" }
        if trimmed.isEmpty { return "index.html" }
        let decoded = trimmed.contains("%") ? String(trimmed).removingPercentEncoding ?? String(trimmed) : String(trimmed)
        return url.hasSuffix("/") ? decoded + "index.html" : decoded
    }

}
