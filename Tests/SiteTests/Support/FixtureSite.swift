import Foundation
@testable import Site

/// A site written into a fresh temporary folder, built with the real pipeline.
struct FixtureSite {
    let root: URL

    /// Minimal templates exercising the contract: layout inheritance, partials, lists.
    static let templates: [String: String] = [
        "templates/base.mustache": """
        <!DOCTYPE html>
        <html lang="{{site.language}}"><head><meta charset="utf-8"><title>{{$title}}{{site.title}}{{/title}}</title>
        <link rel="alternate" type="application/rss+xml" href="{{site.feeds.rss}}"></head>
        <body>{{>partials/header}}<main>{{$main}}{{/main}}</main></body></html>
        """,
        "templates/partials/header.mustache": "<header><a class=\"home\" href=\"{{site.home}}\">{{site.title}}</a></header>",
        "templates/post.mustache": """
        {{<base}}{{$title}}{{page.title}} · {{site.title}}{{/title}}{{$main}}<article><h1 class="title">{{page.title}}</h1>
        <time datetime="{{page.date.iso}}">{{page.date.display}}</time>
        <ul class="tags">{{#page.tags}}<li><a href="{{url}}">{{name}}</a></li>{{/page.tags}}</ul>
        <div class="content">{{{page.content}}}</div>
        {{#page.previous}}<a class="prev" href="{{url}}">{{title}}</a>{{/page.previous}}
        {{#page.next}}<a class="next" href="{{url}}">{{title}}</a>{{/page.next}}</article>{{/main}}{{/base}}
        """,
        "templates/page.mustache": "{{<base}}{{$main}}<h1 class=\"title\">{{page.title}}</h1>{{{page.content}}}{{/main}}{{/base}}",
        "templates/home.mustache": """
        {{<base}}{{$main}}<ol class="posts">{{#posts}}<li><a href="{{url}}">{{title}}</a><div class="excerpt">{{{excerpt}}}</div></li>{{/posts}}</ol>
        {{#pagination}}{{#nextURL}}<a class="next-page" href="{{.}}">Older</a>{{/nextURL}}{{#previousURL}}<a class="prev-page" href="{{.}}">Newer</a>{{/previousURL}}{{/pagination}}{{/main}}{{/base}}
        """,
        "templates/tag.mustache": "{{<base}}{{$main}}{{#page.feeds}}<link rel=\"alternate\" href=\"{{rss}}\">{{/page.feeds}}<h1 class=\"title\">{{page.title}}</h1><ol class=\"posts\">{{#posts}}<li><a href=\"{{url}}\">{{title}}</a></li>{{/posts}}</ol>{{/main}}{{/base}}",
    ]

    static let siteYML = """
    title: Fixture Blog
    description: Notes on fixtures
    url: https://blog.example.org
    author: Ada Example
    language: en
    timezone: UTC
    permalink: /blog/:title
    paginate: 2
    """

    init(files: [String: String], withDefaults: Bool = true) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-site-\(UUID().uuidString)")
        var all = files
        if withDefaults {
            for (k, v) in Self.templates where all[k] == nil { all[k] = v }
            if all["site.yml"] == nil { all["site.yml"] = Self.siteYML }
        }
        for (path, text) in all { try write(path, text) }
    }

    func write(_ path: String, _ text: String) throws { try write(path, Data(text.utf8)) }

    func write(_ path: String, _ data: Data) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func remove(_ path: String) throws { try FileManager.default.removeItem(at: root.appendingPathComponent(path)) }

    var output: URL { root.appendingPathComponent("public") }

    /// Builds with a fixed "now" (2026-09-21) so scheduled-post tests do not depend on the clock.
    func build(drafts: Bool = false, future: Bool = false, now: Date = Date(timeIntervalSince1970: 1_790_000_000)) async throws(BuildFailure) -> BuildReport {
        try await SiteBuilder(options: BuildOptions(siteDirectory: root, includeDrafts: drafts, includeFuture: future, now: now)).build()
    }

    /// The build's failure, or nil when it succeeded.
    func failure() async -> BuildFailure? {
        do { _ = try await build(); return nil } catch { return error }
    }

    func data(_ rel: String) -> Data? { FileManager.default.contents(atPath: output.appendingPathComponent(rel).path) }
    func text(_ rel: String) -> String? { data(rel).map { String(decoding: $0, as: UTF8.self) } }
    func html(_ rel: String) -> HTMLDocument? { data(rel).flatMap { HTMLDocument($0) } }
    func exists(_ rel: String) -> Bool { FileManager.default.fileExists(atPath: output.appendingPathComponent(rel).path) }

    /// Every file under the output folder with its bytes, to compare whole trees.
    func snapshot(of folder: URL? = nil) -> [String: Data] {
        let root = folder ?? output
        var out: [String: Data] = [:]
        guard let e = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return out }
        for case let url as URL in e where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            out[String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))] = FileManager.default.contents(atPath: url.path)
        }
        return out
    }

    func cleanUp() { try? FileManager.default.removeItem(at: root) }
}
