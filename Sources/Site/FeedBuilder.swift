import Foundation
import Feed

/// Writes the site's feeds (RSS, Atom, JSON Feed; site-wide and per term) and proves them by parsing them back.
struct FeedBuilder: Sendable {
    let config: SiteConfig
    let siteDirectory: URL

    /// `posts` are newest first; `contentHTML` is, by source path, the HTML with inline-styled code of those in a feed. The site feed takes the newest
    /// `feed.items` posts, and so does each tag's and category's feed from that term's own posts.
    /// Feeds whose fingerprint is in `cache` are reused with their diagnostics.
    /// `fragments` holds items already written (the session keeps it between rebuilds).
    /// `memo` remembers the text checks of validation, so an item's HTML is scanned once, not once per feed;
    /// `trees` holds the pass's parsed items (`XMLItemTrees`), so an item's XML is parsed once too.
    func feeds(_ jobs: [FeedJob], posts: [RenderedDocument], contentHTML: [String: (fingerprint: Int, html: String)], cache: [String: CachedFeed],
               fragments: FeedFragmentCache, memo: TextCheckMemo, trees: XMLItemTrees = XMLItemTrees(),
               stream: (staging: OutputWriter.Staging, skip: Set<String>)? = nil) async -> [CachedFeed] {
        let me = self
        // Which feeds changed: a feed is made from its title, folder and its posts' files.
        let prints = jobs.map { job -> Int in
            var h = Hasher()
            h.combine(job.print)
            for i in job.posts { h.combine(posts[i].fingerprint) }
            return h.finalize()
        }
        let stale = jobs.indices.filter { cache[jobs[$0].dir]?.fingerprint != prints[$0] }
        // Each post's item once (its enclosure reads the file system), shared by every feed it is in.
        let needed = Set(stale.flatMap { jobs[$0].posts }).sorted()
        let made = await parallelMap(needed) { i in (i, me.item(posts[i], html: contentHTML[posts[i].source.sourcePath]?.html ?? posts[i].html)) }
        let items = Dictionary(made, uniquingKeysWith: { a, _ in a })
        // Items shared by feeds are parsed once while validating this pass's feeds, and let go after their last feed.
        var inStale: [Int: Int] = [:]
        for j in stale { for i in jobs[j].posts { inStale[i, default: 0] += 1 } }
        let siteFeed = stale.first { jobs[$0].dir == "/" }.map { Set(jobs[$0].posts) } ?? []
        let uses = ItemUses(inStale: inStale, siteFeed: siteFeed, config: config)
        let written = await parallelMap(stale) { j in
            let job = jobs[j]
            let sink = DiagnosticSink()
            var files = me.write(title: job.title, description: job.description, link: me.config.url(job.dir), dir: job.dir,
                                 items: job.posts.map { items[$0]! }, fragments: fragments, memo: memo, trees: trees,
                                 uses: { format in job.posts.map { uses.count($0, format) } }, sink: sink)
            // Streaming: the feed goes to disk now and only its path is kept (a user's file at that path wins).
            if let stream {
                do { try stream.staging.writeHere(files.filter { !stream.skip.contains($0.path) }) } catch {
                    sink.add(BuildSession.writeError(stream.staging.output, error))
                }
                files = files.map(\.written)
            }
            return (j, CachedFeed(dir: job.dir, fingerprint: prints[j], files: files, diagnostics: sink.all))
        }
        var result = jobs.map { cache[$0.dir] }
        for (j, feed) in written { result[j] = feed }
        return result.map { $0! }
    }

    /// The feeds to write: the site's, then one per tag and category (sorted by folder), each with its newest posts.
    /// `terms` list their posts newest first (indexes into `posts`).
    func jobs(_ posts: [RenderedDocument], terms: [Term]) -> [FeedJob] {
        let limit = config.feedItems
        var jobs: [FeedJob] = [FeedJob(title: config.feedTitle, description: config.description, dir: "/", posts: Array(posts.indices.prefix(limit)))]
        // Per-term feeds: each tag and category gets the same formats under its own folder.
        // A series has its page but no feed of its own: its parts are in the site feed, marked with its name.
        let keyed = terms.filter { $0.kind != .series }.map { t in (kind: t.kind == .tag ? "tags" : "categories", term: t) }
            .sorted { ($0.kind, $0.term.slug) < ($1.kind, $1.term.slug) }
        for (kind, t) in keyed {
            jobs.append(FeedJob(title: "\(config.feedTitle) — \(t.name)", description: "Posts \(t.kind == .tag ? "tagged" : "in") “\(t.name)” on \(config.feedTitle)",
                                dir: "/\(kind)/\(Slug.escapePath(t.slug))/", posts: Array(t.posts.prefix(limit))))
        }
        return jobs
    }

    /// Constant once made: `print` is derived from the title, description and folder.
    struct FeedJob: Sendable {
        let title: String
        let description: String
        let dir: String
        let posts: [Int]
        /// Of the title, description and folder (made once: a session keeps the jobs while the terms hold).
        let print: Int

        init(title: String, description: String, dir: String, posts: [Int]) {
            self.title = title
            self.description = description
            self.dir = dir
            self.posts = posts
            var h = Hasher()
            h.combine(title); h.combine(description); h.combine(dir)
            print = h.finalize()
        }
    }

    private func write(title: String, description: String, link: String, dir: String, items: [FeedItem],
                       fragments: FeedFragmentCache, memo: TextCheckMemo, trees: XMLItemTrees, uses: (SiteConfig.FeedFormat) -> [Int],
                       sink: DiagnosticSink) -> [OutputFile] {
        let options = FeedOptions(fullContent: config.feedFullContent, timeZone: config.timeZone)
        let author = config.author.map { FeedAuthor(name: $0.name, email: $0.email, url: $0.url) }
        var out: [OutputFile] = []
        // The site feed also goes wherever `feed.also` says (an old feed URL subscribers still poll).
        var targets = config.feedFormats.map { (format: $0, path: dir + $0.fileName) }
        if dir == "/" { targets += config.feedAliases.map { (format: $0.format, path: $0.path) } }
        for (format, sitePath) in targets {
            let writer: (FeedChannel, [FeedItem], FeedOptions) -> FeedOutput = switch format {
            case .rss: { RSSWriter.write(channel: $0, items: $1, options: $2, cache: fragments) }
            case .atom: { AtomWriter.write(channel: $0, items: $1, options: $2, cache: fragments) }
            case .json: { JSONFeedWriter.write(channel: $0, items: $1, options: $2, cache: fragments) }
            }
            // The URL is percent-encoded (`/tags/caf%C3%A9/feed.xml`); the file is where a server looks for it (`tags/café/`).
            let path = Self.filePath(sitePath)
            let selfURL = config.absolute(config.url(sitePath))
            let channel = FeedChannel(title: title, link: config.absolute(link), description: description.isEmpty ? title : description,
                                      language: config.language, feedURL: selfURL, author: author, generator: SiteBuilder.generator)
            let written = writer(channel, items, options)
            for d in written.diagnostics { sink.add(siteDiagnostic(d, feed: path)) }
            let data = written.data
            // Proven, not assumed: the feed is read back with libxml2 (or JSON) and checked before the build succeeds.
            // Double-encoded text and C1 controls are reported once, at the source line (renderMarkdown), not once per feed.
            for d in FeedValidator.validate(data, expectedSelfURL: selfURL, policy: .galley, memo: memo, layout: written.layout, trees: trees,
                                            itemUses: written.layout.map { _ in uses(format) }) where d.rule != "feed-mojibake" && d.rule != "feed-c1-control" {
                sink.add(siteDiagnostic(d, feed: path))
            }
            out.append(OutputFile(path: path, data: data, source: "generated feed"))
        }
        return out
    }

    /// `sitePath` without its leading `/`, percent-decoded. A path with no `%` decodes to itself: Foundation's
    /// decoding of every feed's path was a visible share of writing the feeds (measured).
    static func filePath(_ sitePath: String) -> String {
        let rel = String(sitePath.dropFirst())
        guard rel.utf8.contains(37 /* % */) else { return rel }
        return rel.removingPercentEncoding ?? rel
    }

    private func siteDiagnostic(_ d: FeedDiagnostic, feed: String) -> SiteDiagnostic {
        let file = d.path ?? "public/" + feed
        return SiteDiagnostic(d.severity == .error ? .error : .warning, file: file, line: d.line, column: d.column, "\(d.rule): \(d.message)",
                              hint: d.severity == .error ? "this is a bug in Galley or a template: please report it with the feed" : nil)
    }

    private func item(_ p: RenderedDocument, html: String) -> FeedItem {
        let link = config.absolute(config.url(p.source.permalink.url))
        let author = (p.source.author ?? config.author?.name).map { FeedAuthor(name: $0) }
        var item = FeedItem(id: link, title: p.source.title, link: link, published: p.source.date ?? Date(timeIntervalSince1970: 0),
                            updated: p.source.updated, summary: p.description, contentHTML: html, author: author,
                            categories: Self.categories(p.source), enclosure: enclosure(p), sourcePath: p.source.sourcePath)
        if p.source.lang != config.language { item.language = p.source.lang }
        // The item is made from the file (fingerprint), the settings (fixed for a session) and the image it names.
        var h = Hasher()
        h.combine(p.fingerprint)
        h.combine(item.language)
        h.combine(item.enclosure)
        item.revision = h.finalize()
        return item
    }

    /// An item's categories: the post's categories and tags, then its series' name (once, if a tag has not
    /// already said it), so readers that group by category gather the parts.
    static func categories(_ s: SourceDocument) -> [String] {
        let all = s.categories + s.tags
        guard let series = s.series, !all.contains(series) else { return all }
        return all + [series]
    }

    /// The front-matter image as an enclosure, with its real size and type read from the file.
    private func enclosure(_ p: RenderedDocument) -> FeedEnclosure? {
        guard let image = p.source.image else { return nil }
        let absolute = config.absoluteURL(image, relativeTo: config.url(p.source.permalink.url))
        let origin = config.absolute(config.basePath)
        guard absolute.hasPrefix(origin + "/") else { return nil }
        let rel = String(absolute.dropFirst(origin.count + 1)).removingPercentEncoding ?? ""
        for root in ["content", "templates"] {
            let file = siteDirectory.appendingPathComponent(root).appendingPathComponent(rel)
            if let attrs = try? FileManager.default.attributesOfItem(atPath: file.path), let size = attrs[.size] as? Int {
                return FeedEnclosure(url: absolute, length: size, mimeType: MediaType.of(rel))
            }
        }
        return nil
    }
}

/// How many feeds of one pass carry a post's item in each format: one per stale feed folder holding the post,
/// in each of the site's formats, and the site feed's copies (`feed.also`) for the posts in it.
struct ItemUses {
    let inStale: [Int: Int]
    let siteFeed: Set<Int>
    let config: SiteConfig

    func count(_ post: Int, _ format: SiteConfig.FeedFormat) -> Int {
        let folders = inStale[post] ?? 0
        let perFolder = config.feedFormats.contains(format) ? 1 : 0
        guard siteFeed.contains(post) else { return folders * perFolder }
        return (folders - 1) * perFolder + perFolder + config.feedAliases.filter { $0.format == format }.count
    }
}

/// The three feeds of one folder, as written, with what validating them found.
struct CachedFeed: Sendable {
    var dir: String
    var fingerprint: Int
    var files: [OutputFile]
    var diagnostics: [SiteDiagnostic]
}

/// MIME types by file extension, for enclosures.
enum MediaType {
    static func of(_ path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "avif": return "image/avif"
        case "svg": return "image/svg+xml"
        case "mp3": return "audio/mpeg"
        case "mp4": return "video/mp4"
        case "pdf": return "application/pdf"
        default: return "application/octet-stream"
        }
    }
}
