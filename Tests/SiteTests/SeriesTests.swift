import Foundation
import Testing
@testable import Site

/// `series:` in front matter: numbered parts with a list and links in the default theme, a page per series,
/// `/series/`, the series in feed items, warnings for bad `series_order`, and serve's re-render.
@Suite struct SeriesTests {
    static let siteYML = "title: S\nurl: https://s.example.org\npermalink: /blog/:title/\n"

    func post(_ title: String, date: String, series: String? = "Offline-first sync", order: String? = nil, extra: String = "") -> String {
        var fm = "title: \(title)\ndate: \(date)\n"
        if let series { fm += "series: \"\(series)\"\n" }
        if let order { fm += "series_order: \(order)\n" }
        return "---\n\(fm)\(extra)---\nThe text of \(title).\n"
    }

    /// A site with the built-in theme.
    func makeSite(_ posts: [String: String]) throws -> FixtureSite {
        var files = posts
        files["site.yml"] = Self.siteYML
        return try FixtureSite(files: files, withDefaults: false)
    }

    /// The series box and series links of a built post page.
    struct Box {
        var label: String?, parts: [String], current: [String], previous: String?, next: String?
        init(_ page: HTMLDocument) {
            label = page.string("//aside[@class='series']/p[@class='series-label']")?.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            parts = page.strings("//aside[@class='series']/ol/li")
            current = page.strings("//aside[@class='series']/ol/li/*[@aria-current='page']")
            previous = page.string("//nav[contains(@class,'series-nav')]/a[@class='prev']/@href")
            next = page.string("//nav[contains(@class,'series-nav')]/a[@class='next']/@href")
        }
    }

    @Test func partsFollowSeriesOrderThenDate() async throws {
        let site = try makeSite([
            "content/posts/2026-01-01-schema.md": post("Schema", date: "2026-01-01", order: "2"),
            "content/posts/2026-01-02-why.md": post("Why offline first", date: "2026-01-02", order: "1"),
            "content/posts/2026-01-03-conflicts.md": post("Conflicts", date: "2026-01-03"),
            "content/posts/2026-01-04-other.md": post("Unrelated", date: "2026-01-04", series: nil),
            "content/posts/2026-02-01-bench-b.md": post("Bench two", date: "2026-02-01", series: "Bench"),
            "content/posts/2026-01-15-bench-a.md": post("Bench one", date: "2026-01-15", series: "Bench"),
        ])
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let schema = Box(try #require(site.html("blog/schema/index.html")))
        #expect(schema.label == "Part 2 of 3 in the series Offline-first sync")
        #expect(schema.parts == ["Why offline first", "Schema", "Conflicts"])
        #expect(schema.current == ["Schema"])
        #expect(schema.previous == "/blog/why/" && schema.next == "/blog/conflicts/")
        // The site's chronological links stay as they were: older is nothing, newer is "Why offline first".
        let schemaPage = try #require(site.html("blog/schema/index.html"))
        #expect(schemaPage.string("//nav[@class='post-nav']/a[@rel='next']/@href") == "/blog/why/")
        let first = Box(try #require(site.html("blog/why/index.html")))
        #expect(first.label?.hasPrefix("Part 1 of 3") == true && first.previous == nil && first.next == "/blog/schema/")
        let last = Box(try #require(site.html("blog/conflicts/index.html")))
        #expect(last.previous == "/blog/schema/" && last.next == nil)
        // Without series_order, by date.
        #expect(Box(try #require(site.html("blog/bench-b/index.html"))).parts == ["Bench one", "Bench two"])
        #expect(site.html("blog/other/index.html")?.strings("//aside[@class='series']").isEmpty == true)
    }

    @Test func unpublishedPartsAreNeitherListedNorCounted() async throws {
        let site = try makeSite([
            "content/posts/2026-01-01-one.md": post("One", date: "2026-01-01"),
            "content/posts/2026-01-02-two.md": post("Two", date: "2026-01-02", extra: "draft: true\n"),
            "content/posts/2026-12-01-three.md": post("Three", date: "2026-12-01"),
        ])
        defer { site.cleanUp() }
        _ = try await site.build()   // "now" is 2026-09-21: part three is scheduled
        let alone = Box(try #require(site.html("blog/one/index.html")))
        #expect(alone.label?.hasPrefix("Part 1 of 1") == true && alone.parts == ["One"] && alone.next == nil)
        #expect(site.html("series/offline-first-sync/index.html")?.strings("//ol[contains(@class,'series-index')]/li//h2/a") == ["One"])
        _ = try await site.build(drafts: true, future: true)
        let all = Box(try #require(site.html("blog/one/index.html")))
        #expect(all.label?.hasPrefix("Part 1 of 3") == true && all.parts == ["One", "Two", "Three"] && all.next == "/blog/two/")
    }

    @Test func seriesPagesIndexAndSitemap() async throws {
        let site = try makeSite([
            "content/posts/2026-01-01-a.md": post("A", date: "2026-01-01", extra: "tags: [swift]\n"),
            "content/posts/2026-01-02-b.md": post("B", date: "2026-01-02"),
            "content/posts/2026-01-03-c.md": post("C", date: "2026-01-03", series: "Kotlin: Flows & Channels"),
        ])
        defer { site.cleanUp() }
        _ = try await site.build()
        let page = try #require(site.html("series/offline-first-sync/index.html"))
        #expect(page.string("//h1") == "Offline-first sync")
        #expect(page.strings("//ol[contains(@class,'series-index')]/li//p[@class='post-kicker']") == ["Part 1", "Part 2"])
        #expect(page.strings("//ol[contains(@class,'series-index')]/li//h2/a/@href") == ["/blog/a/", "/blog/b/"])
        let index = try #require(site.html("series/index.html"))
        #expect(index.strings("//ul[contains(@class,'series-list')]/li//span[@class='term-name']") == ["Kotlin: Flows & Channels", "Offline-first sync"])
        #expect(index.strings("//ul[contains(@class,'series-list')]/li/a/@href") == ["/series/kotlin-flows-channels/", "/series/offline-first-sync/"])
        #expect(index.strings("//ul[contains(@class,'series-list')]/li//span[@class='term-count']") == ["1 parts", "2 parts"])
        // Series are not tags: the tags page and the tag feeds leave them out.
        #expect(site.html("tags/index.html")?.strings("//a/@href").contains { $0.hasPrefix("/series/") } == false)
        #expect(!site.exists("series/offline-first-sync/feed.xml") && !site.exists("categories/offline-first-sync/feed.xml"))
        let sitemap = try #require(site.data("sitemap.xml").flatMap(XMLDoc.init))
        let ns = ["s": "http://www.sitemaps.org/schemas/sitemap/0.9"]
        let locs = sitemap.strings("//s:url/s:loc", namespaces: ns)
        #expect(locs.contains("https://s.example.org/series/offline-first-sync/") && locs.contains("https://s.example.org/series/kotlin-flows-channels/"))
        // The series' date in the sitemap is its newest part's, although parts are listed oldest first.
        #expect(sitemap.strings("//s:url[s:loc='https://s.example.org/series/offline-first-sync/']/s:lastmod", namespaces: ns) == ["2026-01-02T00:00:00+00:00"])
        // A site without series has no /series/ page.
        let plain = try makeSite(["content/posts/2026-01-01-a.md": post("A", date: "2026-01-01", series: nil)])
        defer { plain.cleanUp() }
        _ = try await plain.build()
        #expect(!plain.exists("series/index.html"))
    }

    @Test func feedItemsCarryTheSeriesAsACategory() async throws {
        let site = try makeSite([
            "content/posts/2026-01-01-a.md": post("A", date: "2026-01-01", extra: "tags: [swift, sync]\n"),
            "content/posts/2026-01-02-b.md": post("B", date: "2026-01-02", series: nil, extra: "tags: [swift]\n"),
        ])
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.isEmpty, "\(report.warnings)")   // the feeds were validated as they were written
        let rss = try #require(site.data("feed.xml").flatMap(XMLDoc.init))
        #expect(rss.strings("//item[title='A']/category") == ["swift", "sync", "Offline-first sync"])
        #expect(rss.strings("//item[title='B']/category") == ["swift"])
        let atom = try #require(site.data("atom.xml").flatMap(XMLDoc.init))
        #expect(atom.strings("//a:entry[a:title='A']/a:category/@term", namespaces: ["a": "http://www.w3.org/2005/Atom"]) == ["swift", "sync", "Offline-first sync"])
        let json = try #require(site.data("feed.json").flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] })
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.first { $0["title"] as? String == "A" }?["tags"] as? [String] == ["swift", "sync", "Offline-first sync"])
        // The tag feed of `swift` carries the series category too (it is the same item).
        #expect(site.data("tags/swift/feed.xml").flatMap(XMLDoc.init)?.strings("//item[title='A']/category").last == "Offline-first sync")
    }

    @Test func badOrdersAreWarnedAtTheirLineOnce() async throws {
        let site = try makeSite([
            "content/posts/2026-01-01-a.md": post("A", date: "2026-01-01", order: "1"),
            "content/posts/2026-01-02-b.md": post("B", date: "2026-01-02", order: "1"),
            "content/posts/2026-01-03-c.md": post("C", date: "2026-01-03", order: "two"),
            "content/posts/2026-01-04-d.md": post("D", date: "2026-01-04", series: nil, order: "3"),
            "content/about.md": "---\ntitle: About\nseries: \"Offline-first sync\"\n---\nAbout.\n",
        ])
        defer { site.cleanUp() }
        let report = try await site.build()
        let lines = report.warnings.map(\.description)
        let expected: [(String, String)] = [
            ("content/posts/2026-01-02-b.md:5:15: warning: `series_order: 1` is also the order of content/posts/2026-01-01-a.md in the series “Offline-first sync”", "give each part its own number"),
            ("content/posts/2026-01-03-c.md:5:15: warning: `series_order` must be a whole number, not `two`", "write e.g. `series_order: 2`"),
            ("content/posts/2026-01-04-d.md:4:15: warning: `series_order` without `series` does nothing", "add `series:"),
            ("content/about.md:3:9: warning: only posts are parts of a series", "move the file to content/posts/"),
        ]
        for (start, hint) in expected {
            #expect(lines.filter { $0.hasPrefix(start) }.count == 1, "\(start) in \(lines)")
            #expect(lines.first { $0.hasPrefix(start) }?.contains("hint: " + hint) == true)
        }
        #expect(lines.count == expected.count, "\(lines)")
        // Tied parts go by date; the unreadable order goes after the numbered parts.
        #expect(Box(try #require(site.html("blog/c/index.html"))).parts == ["A", "B", "C"])
        #expect(site.html("blog/d/index.html")?.strings("//aside[@class='series']").isEmpty == true)
        #expect(site.html("about.html")?.strings("//aside[@class='series']").isEmpty == true)
    }

    /// `galley serve`: a part's new title shows in every other part's list, and the result is a clean build's.
    @Test func retitlingOnePartReRendersTheOthers() async throws {
        let site = try makeSite([
            "content/posts/2026-01-01-a.md": post("A", date: "2026-01-01"),
            "content/posts/2026-01-02-b.md": post("B", date: "2026-01-02"),
            "content/posts/2026-01-03-c.md": post("C", date: "2026-01-03"),
            "content/posts/2026-01-04-other.md": post("Other", date: "2026-01-04", series: nil),
            "content/posts/2026-01-05-last.md": post("Last", date: "2026-01-05", series: nil),
        ])
        defer { site.cleanUp() }
        let session = BuildSession(options: BuildOptions(siteDirectory: site.root, now: IncrementalTests.now))
        _ = try await session.rebuild(changed: nil)
        let a = "content/posts/2026-01-01-a.md"
        try site.write(a, post("A, revised", date: "2026-01-01"))
        let changed = try await session.rebuild(changed: [a]).changedPaths
        #expect(changed.contains("blog/c/index.html"), "\(changed)")   // neither a neighbour nor related: only the series shows A
        #expect(changed.contains("series/offline-first-sync/index.html"))
        #expect(!changed.contains("blog/last/index.html"))
        #expect(Box(try #require(site.html("blog/c/index.html"))).parts == ["A, revised", "B", "C"])
        // Leaving the series shrinks the others' count; the output is what a clean build writes.
        try site.write(a, post("A, revised", date: "2026-01-01", series: nil))
        _ = try await session.rebuild(changed: [a])
        #expect(Box(try #require(site.html("blog/c/index.html"))).label?.hasPrefix("Part 2 of 2") == true)
        let clean = site.root.appendingPathComponent("clean")
        _ = try await SiteBuilder(options: BuildOptions(siteDirectory: site.root, outputDirectory: clean, now: IncrementalTests.now)).build()
        let incremental = site.snapshot(of: site.output), expected = site.snapshot(of: clean)
        #expect(Set(incremental.keys) == Set(expected.keys))
        for (path, data) in expected where incremental[path] != data { Issue.record("\(path) differs from a clean build") }
    }
}
