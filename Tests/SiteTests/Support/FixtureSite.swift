import Foundation
@testable import Site

/// A site written into a fresh temporary folder, built with the real pipeline.
struct FixtureSite {
    let root: URL

    /// Minimal Liquid templates exercising the contract: layouts (`layout: base`), includes, lists.
    static let templates: [String: String] = [
        "templates/base.liquid": """
        <!DOCTYPE html>
        <html lang="{{ site.lang }}"><head><meta charset="utf-8"><title>{% if page.is_post %}{{ page.title | escape }} · {% endif %}{{ site.title | escape }}</title>
        <link rel="alternate" type="application/rss+xml" href="{{ site.feeds.rss }}"></head>
        <body>{% include header.liquid %}<main>{{ content }}</main></body></html>
        """,
        "templates/partials/header.liquid": "<header><a class=\"home\" href=\"{{ site.home }}\">{{ site.title | escape }}</a></header>",
        "templates/post.liquid": """
        ---
        layout: base
        ---
        <article><h1 class="title">{{ page.title | escape }}</h1>
        <time datetime="{{ page.date | date_to_xmlschema }}">{{ page.display_date }}</time>
        <ul class="tags">{% for tag in page.tags %}<li><a href="{{ tag.url }}">{{ tag.name | escape }}</a></li>{% endfor %}</ul>
        <div class="content">{{ content }}</div>
        {% if page.previous %}<a class="prev" href="{{ page.previous.url }}">{{ page.previous.title | escape }}</a>{% endif %}
        {% if page.next %}<a class="next" href="{{ page.next.url }}">{{ page.next.title | escape }}</a>{% endif %}</article>
        """,
        "templates/page.liquid": "---\nlayout: base\n---\n<h1 class=\"title\">{{ page.title | escape }}</h1>{{ content }}",
        "templates/home.liquid": """
        ---
        layout: base
        ---
        <ol class="posts">{% for post in paginator.posts %}<li><a href="{{ post.url }}">{{ post.title | escape }}</a><div class="excerpt">{{ post.excerpt }}</div></li>{% endfor %}</ol>
        {% if paginator.next_page_path %}<a class="next-page" href="{{ paginator.next_page_path }}">Older</a>{% endif %}{% if paginator.previous_page_path %}<a class="prev-page" href="{{ paginator.previous_page_path }}">Newer</a>{% endif %}
        """,
        "templates/tag.liquid": "---\nlayout: base\n---\n{% if page.feeds %}<link rel=\"alternate\" href=\"{{ page.feeds.rss }}\">{% endif %}<h1 class=\"title\">{{ page.title | escape }}</h1><ol class=\"posts\">{% for post in paginator.posts %}<li><a href=\"{{ post.url }}\">{{ post.title | escape }}</a></li>{% endfor %}</ol>",
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
