import Foundation
import Testing
@testable import Site

/// Site features from Hugo and Jekyll with their usual plugins: taxonomies, archive, related posts, 404, sitemap.
@Suite struct FeatureTests {
    static let extraTemplates: [String: String] = [
        "templates/tags.liquid": "---\nlayout: base\n---\n<ul class=\"tags\">{% for t in site.terms %}{% if t.kind == \"tag\" %}<li><a href=\"{{ t.url }}\">{{ t.name | escape }}</a> <span class=\"count\">{{ t.count }}</span></li>{% endif %}{% endfor %}</ul><ul class=\"categories\">{% assign cats = site.terms | where: \"kind\", \"category\" %}{% for t in cats %}<li><a href=\"{{ t.url }}\">{{ t.name | escape }}</a> <span class=\"count\">{{ t.count }}</span></li>{% endfor %}</ul>",
        "templates/archive.liquid": "---\nlayout: base\n---\n{% for y in page.years %}<section class=\"year\"><h2>{{ y.year }}</h2>{% for m in y.months %}<h3>{{ m.name }}</h3><ul>{% for post in m.posts %}<li><a href=\"{{ post.url }}\">{{ post.title | escape }}</a></li>{% endfor %}</ul>{% endfor %}</section>{% endfor %}",
        "templates/404.liquid": "---\nlayout: base\n---\n<h1 class=\"title\">{{ page.title | escape }}</h1>{% for post in site.posts limit: 5 %}<a class=\"recent\" href=\"{{ post.url }}\">{{ post.title | escape }}</a>{% endfor %}",
        "templates/post.liquid": """
        ---
        layout: base
        ---
        <h1 class="title">{{ page.title | escape }}</h1><p class="meta">{{ page.reading_time }} min · {{ page.word_count }} words{% if page.updated %} · updated <time class="updated" datetime="{{ page.updated | date_to_xmlschema }}">{{ page.display_updated }}</time>{% endif %}</p>
        <ul class="related">{% for p in page.related %}<li><a href="{{ p.url }}">{{ p.title | escape }}</a></li>{% endfor %}</ul>
        <ul class="cats">{% for c in page.categories %}<li><a href="{{ c.url }}">{{ c.name | escape }}</a></li>{% endfor %}</ul>{{ content }}
        """,
    ]

    func makeSite(_ posts: [String: String]) throws -> FixtureSite {
        var files = Self.extraTemplates
        for (k, v) in posts { files[k] = v }
        return try FixtureSite(files: files)
    }

    func post(_ title: String, date: String, tags: [String] = [], categories: [String] = [], extra: String = "", body: String = "Text.") -> String {
        "---\ntitle: \(title)\ndate: \(date)\ntags: [\(tags.map { "\"\($0)\"" }.joined(separator: ", "))]\ncategories: [\(categories.joined(separator: ", "))]\n\(extra)---\n\(body)\n"
    }

    @Test func termIndexCountsAndUnicodeSlugs() async throws {
        let site = try makeSite([
            "content/posts/a.md": post("A", date: "2026-01-01", tags: ["Swift", "C++"], categories: ["Engineering"]),
            "content/posts/b.md": post("B", date: "2026-02-01", tags: ["Swift", "日本語"], categories: ["Engineering"]),
            "content/posts/c.md": post("C", date: "2026-03-01", tags: ["C#"], categories: ["Life"]),
        ])
        defer { site.cleanUp() }
        _ = try await site.build()
        let tags = try #require(site.html("tags/index.html"))
        let names = tags.strings("//ul[@class='tags']/li/a")
        let counts = tags.strings("//ul[@class='tags']/li/span")
        #expect(Dictionary(uniqueKeysWithValues: zip(names, counts)) == ["Swift": "2", "C++": "1", "C#": "1", "日本語": "1"])
        #expect(tags.strings("//ul[@class='tags']/li/a/@href").contains("/tags/%E6%97%A5%E6%9C%AC%E8%AA%9E/"))
        #expect(site.exists("tags/日本語/index.html"))
        #expect(site.exists("tags/c-plus-plus/index.html") && site.exists("tags/c-sharp/index.html"))
        #expect(site.html("categories/engineering/index.html")?.strings("//ol[@class='posts']/li/a") == ["B", "A"])
        #expect(site.exists("categories/engineering/feed.xml") && site.exists("tags/swift/atom.xml") && site.exists("tags/swift/feed.json"))
    }

    @Test func tagPagesPaginate() async throws {
        var posts: [String: String] = [:]
        for i in 1...5 { posts["content/posts/2026-01-0\(i)-p\(i).md"] = post("P\(i)", date: "2026-01-0\(i)", tags: ["many"]) }
        let site = try makeSite(posts)
        defer { site.cleanUp() }
        _ = try await site.build()
        // paginate: 2 → 3 pages; page 1 at the plain URL.
        #expect(site.html("tags/many/index.html")?.strings("//ol[@class='posts']/li/a") == ["P5", "P4"])
        #expect(site.html("tags/many/page/2/index.html")?.strings("//ol[@class='posts']/li/a") == ["P3", "P2"])
        #expect(site.html("tags/many/page/3/index.html")?.strings("//ol[@class='posts']/li/a") == ["P1"])
        #expect(!site.exists("tags/many/page/4/index.html"))
        #expect(site.html("page/3/index.html")?.string("//a[@class='prev-page']/@href") == "/page/2/")
    }

    @Test func archiveGroupsByYearAndMonth() async throws {
        let site = try makeSite([
            "content/posts/a.md": post("Jan 25", date: "2025-01-10"),
            "content/posts/b.md": post("Mar 26 early", date: "2026-03-01"),
            "content/posts/c.md": post("Mar 26 late", date: "2026-03-20"),
            "content/posts/d.md": post("May 26", date: "2026-05-02"),
        ])
        defer { site.cleanUp() }
        _ = try await site.build()
        let archive = try #require(site.html("archive/index.html"))
        #expect(archive.strings("//section/h2") == ["2026", "2025"])
        #expect(archive.strings("//section[h2='2026']/h3") == ["May", "March"])
        #expect(archive.strings("//section[h2='2026']/ul[2]/li/a") == ["Mar 26 late", "Mar 26 early"])
    }

    @Test func relatedPostsBySharedTags() async throws {
        let site = try makeSite([
            "content/posts/a.md": post("Subject", date: "2026-01-01", tags: ["x", "y", "z"]),
            "content/posts/b.md": post("Shares three", date: "2026-01-02", tags: ["x", "y", "z"]),
            "content/posts/c.md": post("Shares one", date: "2026-01-03", tags: ["z"]),
            "content/posts/d.md": post("Shares two", date: "2026-01-04", tags: ["x", "y"]),
            "content/posts/e.md": post("Shares none", date: "2026-01-05", tags: ["w"]),
            "content/posts/f.md": post("Also one", date: "2026-01-06", tags: ["x"]),
        ])
        defer { site.cleanUp() }
        _ = try await site.build()
        let page = try #require(site.html("blog/a.html"))
        // Most shared first; ties broken by the newer post; at most three.
        #expect(page.strings("//ul[@class='related']/li/a") == ["Shares three", "Shares two", "Also one"])
    }

    /// Enough posts that the related lists are computed on all cores in parts: every post's list still equals
    /// the rule worked out here by hand (most shared tags, newer first on ties, at most three).
    @Test func relatedPostsOfALargeSiteFollowTheRuleAcrossParts() async throws {
        let count = 300
        var posts: [String: String] = [:]
        var tagsOf: [[String]] = []
        for i in 0..<count {
            let tags = (0..<(1 + i % 4)).map { "t\((i * 7 + $0 * 13) % 23)" }
            tagsOf.append(tags)
            let day = String(format: "2025-%02d-%02d", 1 + i / 28, 1 + i % 28)
            posts["content/posts/p\(i).md"] = post("P\(i)", date: day, tags: tags)
        }
        let site = try makeSite(posts)
        defer { site.cleanUp() }
        _ = try await site.build()
        var checked = 0
        for i in 0..<count {
            // Newer posts have larger i here; rank by (shared desc, newer first).
            let mine = Set(tagsOf[i])
            var shared: [(post: Int, tags: Int)] = []
            for j in 0..<count where j != i {
                let n = tagsOf[j].filter { mine.contains($0) }.count
                if n > 0 { shared.append((j, n)) }
            }
            shared.sort { a, b in a.tags != b.tags ? a.tags > b.tags : a.post > b.post }
            let expected: [String] = shared.prefix(3).map { "P\($0.post)" }
            let page = try #require(site.html("blog/p\(i).html"))
            #expect(page.strings("//ul[@class='related']/li/a") == expected, "P\(i)")
            checked += 1
        }
        #expect(checked == count)
    }

    @Test func readingTimeWordCountAndUpdated() async throws {
        let words = Array(repeating: "word", count: 700).joined(separator: " ")
        let site = try makeSite(["content/posts/a.md": post("Long", date: "2026-01-01", extra: "updated: 2026-02-03\n", body: words)])
        defer { site.cleanUp() }
        _ = try await site.build()
        let page = try #require(site.html("blog/a.html"))
        #expect(page.string("//p[@class='meta']")?.hasPrefix("3 min · 700 words") == true)
        #expect(page.string("//time[@class='updated']/@datetime") == "2026-02-03T00:00:00+00:00")
        let sitemap = try #require(site.data("sitemap.xml").flatMap(XMLDoc.init))
        let ns = ["s": "http://www.sitemaps.org/schemas/sitemap/0.9"]
        #expect(sitemap.strings("//s:url[s:loc='https://blog.example.org/blog/a']/s:lastmod", namespaces: ns) == ["2026-02-03T00:00:00+00:00"])
    }

    @Test func notFoundPageAndUserOverrides() async throws {
        let site = try makeSite([
            "content/posts/a.md": post("Recent", date: "2026-01-01"),
            "content/robots.txt": "User-agent: *\nDisallow: /private/\n",
            "content/favicon.ico": "ICO",
        ])
        defer { site.cleanUp() }
        _ = try await site.build()
        #expect(site.html("404.html")?.strings("//a[@class='recent']") == ["Recent"])
        // A file of the user's own replaces the generated one; favicons pass through.
        #expect(site.text("robots.txt") == "User-agent: *\nDisallow: /private/\n")
        #expect(site.text("favicon.ico") == "ICO")
    }

    /// Pages and feeds are written while the build runs; a user's file at the same path must still win,
    /// whichever of the two was made first.
    @Test func userFilesReplaceStreamedPagesAndFeeds() async throws {
        let site = try makeSite([
            "content/posts/a.md": post("Recent", date: "2026-01-01"),
            "content/feed.xml": "<rss version=\"2.0\"><channel><title>Mine</title></channel></rss>",
            "content/tags/index.md": "---\ntitle: My tags\npermalink: /tags/\n---\nHand-made.\n",
        ])
        defer { site.cleanUp() }
        _ = try await site.build()
        #expect(site.text("feed.xml") == "<rss version=\"2.0\"><channel><title>Mine</title></channel></rss>")
        #expect(site.html("tags/index.html")?.strings("//h1[@class='title']") == ["My tags"])
    }

    @Test func linkedAssetsArePublishedAsFiles() async throws {
        let site = try makeSite(["content/posts/a.md": post("A", date: "2026-01-01"), "shared/logo.svg": "<svg/>"])
        defer { site.cleanUp() }
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent("content/images"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: site.root.appendingPathComponent("content/images/logo.svg"),
                                                   withDestinationURL: site.root.appendingPathComponent("shared/logo.svg"))
        _ = try await site.build()
        let out = site.output.appendingPathComponent("images/logo.svg")
        #expect(site.text("images/logo.svg") == "<svg/>")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: out.path)) == nil, "a file, not a link")
    }

    @Test func draftsFolderAndPublishedFalse() async throws {
        let site = try makeSite([
            "content/posts/a.md": post("Live", date: "2026-01-01"),
            "content/drafts/idea.md": "---\ntitle: Idea\n---\nLater.\n",
            "content/posts/b.md": post("Unpublished", date: "2026-01-02", extra: "published: false\n"),
        ])
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(Set(report.heldBack.map(\.source)) == ["content/drafts/idea.md", "content/posts/b.md"])
        #expect(site.html("index.html")?.strings("//ol[@class='posts']/li/a") == ["Live"])
        // A draft without a date is dated by its file's modification time, as in Jekyll.
        _ = try await site.build(drafts: true, now: Date().addingTimeInterval(60))
        #expect(site.exists("blog/idea.html"))
    }
}
