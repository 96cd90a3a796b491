import Foundation
import Feed

/// Writes the site's feeds (RSS, Atom, JSON Feed; site-wide and per term) and proves them by parsing them back.
struct FeedBuilder: Sendable {
    let config: SiteConfig
    let siteDirectory: URL

    /// `posts` are newest first and already cut to the feed size; `contentHTML` is their HTML with inline-styled code.
    func feeds(posts: [RenderedDocument], contentHTML: [String], sink: DiagnosticSink) -> [OutputFile] {
        let items = zip(posts, contentHTML).map { item($0, html: $1) }
        var files = write(title: config.title, description: config.description, link: config.url("/"), dir: "/", items: items, sink: sink)
        // Per-term feeds: each tag and category gets the same three formats under its own folder.
        var byTerm: [String: (name: String, kind: String, slug: String, items: [FeedItem])] = [:]
        for (p, it) in zip(posts, items) {
            for (names, kind) in [(p.source.tags, "tags"), (p.source.categories, "categories")] {
                for name in names {
                    let slug = Slug.term(name)
                    byTerm["\(kind)/\(slug)", default: (name, kind, slug, [])].items.append(it)
                }
            }
        }
        for key in byTerm.keys.sorted() {
            let t = byTerm[key]!
            let dir = "/\(t.kind)/\(Slug.escapePath(t.slug))/"
            files += write(title: "\(config.title) — \(t.name)", description: "Posts \(t.kind == "tags" ? "tagged" : "in") “\(t.name)” on \(config.title)",
                           link: config.url(dir), dir: dir, items: t.items, sink: sink)
        }
        return files
    }

    private func write(title: String, description: String, link: String, dir: String, items: [FeedItem], sink: DiagnosticSink) -> [OutputFile] {
        let options = FeedOptions(fullContent: config.feedFullContent, timeZone: config.timeZone)
        let author = config.author.map { FeedAuthor(name: $0.name, email: $0.email, url: $0.url) }
        var out: [OutputFile] = []
        let formats: [(String, (FeedChannel, [FeedItem], FeedOptions) -> FeedOutput)] = [
            ("feed.xml", { RSSWriter.write(channel: $0, items: $1, options: $2) }),
            ("atom.xml", { AtomWriter.write(channel: $0, items: $1, options: $2) }),
            ("feed.json", { JSONFeedWriter.write(channel: $0, items: $1, options: $2) }),
        ]
        for (name, writer) in formats {
            let path = String((dir + name).dropFirst())
            let selfURL = config.absolute(config.url(dir + name))
            let channel = FeedChannel(title: title, link: config.absolute(link), description: description.isEmpty ? title : description,
                                      language: config.language, feedURL: selfURL, author: author, generator: SiteBuilder.generator)
            let written = writer(channel, items, options)
            for d in written.diagnostics { sink.add(siteDiagnostic(d, feed: path)) }
            let data = Data(written.text.utf8)
            // Proven, not assumed: the feed is read back with libxml2 (or JSON) and checked before the build succeeds.
            for d in FeedValidator.validate(data, expectedSelfURL: selfURL) {
                sink.add(siteDiagnostic(d, feed: path))
            }
            out.append(OutputFile(path: path, data: data, source: "generated feed"))
        }
        return out
    }

    private func siteDiagnostic(_ d: FeedDiagnostic, feed: String) -> SiteDiagnostic {
        let file = d.path ?? "public/" + feed
        return SiteDiagnostic(d.severity == .error ? .error : .warning, file: file, line: d.line, column: d.column, "\(d.rule): \(d.message)",
                              hint: d.severity == .error ? "this is a bug in Galley or a template: please report it with the feed" : nil)
    }

    private func item(_ p: RenderedDocument, html: String) -> FeedItem {
        let link = config.absolute(config.url(p.source.permalink.url))
        let author = (p.source.author ?? config.author?.name).map { FeedAuthor(name: $0) }
        return FeedItem(id: link, title: p.source.title, link: link, published: p.source.date ?? Date(timeIntervalSince1970: 0),
                        updated: p.source.updated, summary: p.description, contentHTML: html, author: author,
                        categories: p.source.categories + p.source.tags, enclosure: enclosure(p), sourcePath: p.source.sourcePath)
    }

    /// The front-matter image as an enclosure, with its real size and type read from the file.
    private func enclosure(_ p: RenderedDocument) -> FeedEnclosure? {
        guard let image = p.source.image else { return nil }
        let ctx = ContextBuilder(config: config, posts: [], terms: [], termIndex: [:])
        let absolute = ctx.absoluteURL(image, relativeTo: config.url(p.source.permalink.url))
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
