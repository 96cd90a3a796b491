import Foundation
import Testing
@testable import Check
import Feed

@Test func fixtureFolderFindsEachBreakage() async throws {
    let fixture = try CheckFixture.standard()
    defer { fixture.remove() }
    let diags = await SiteChecker().check(paths: [fixture.root])
    let prefix = fixture.root.relativePath + "/"
    func find(_ rule: String, _ file: String, line: Int) -> CheckDiagnostic? {
        diags.first { $0.rule == rule && $0.path == prefix + file && $0.line == line }
    }
    let summary = diags.map { "\($0.path.replacingOccurrences(of: prefix, with: "")):\($0.line):\($0.column): \($0.rule): \($0.message)" }.joined(separator: "\n")
    #expect(find("link-broken", "index.html", line: 14) != nil, "\(summary)")
    #expect(find("anchor-missing", "index.html", line: 15) != nil, "\(summary)")
    #expect(find("image-missing", "index.html", line: 17) != nil, "\(summary)")
    #expect(find("html-duplicate-id", "index.html", line: 18) != nil, "\(summary)")
    #expect(find("anchor-missing", "index.html", line: 19)?.message.contains("ghost") == true, "\(summary)")
    #expect(find("link-outside-site", "about/index.html", line: 12) != nil, "\(summary)")
    #expect(find("image-missing", "blog/post.html", line: 12)?.message.contains("logo@2x.png") == true, "\(summary)")
    #expect(diags.contains { $0.rule == "json-item-id" && $0.path == prefix + "broken-feed.json" }, "\(summary)")
    #expect(diags.contains { $0.rule == "json-title" && $0.path == prefix + "broken-feed.json" }, "\(summary)")
    // Exactly these: HTML5 tags, external links, extensionless and folder links, percent-encoding, #top and data.json are fine.
    #expect(diags.count == 11, "\(summary)")
    #expect(!diags.contains { $0.path.hasSuffix("feed.xml") || $0.path.hasSuffix("data.json") })
    // Columns point at the reference.
    #expect(find("link-broken", "index.html", line: 14)?.column == 13)
}

@Test func cleanSiteHasNoFindings() async throws {
    let fixture = try CheckFixture([
        "index.html": CheckFixture.page("<p id=\"a\"><a href=\"/posts/\">posts</a> <a href=\"#a\">self</a></p>"),
        "posts/index.html": CheckFixture.page("<p><a href=\"/\">home</a> <a href=\"/index.html#a\">a</a></p>"),
        "css/site.css": "", "feed.xml": CheckFixture.validRSS,
    ])
    defer { fixture.remove() }
    let diags = await SiteChecker().check(paths: [fixture.root])
    #expect(diags.isEmpty, "\(diags)")
}

@Test func brokenHTMLIsReported() async throws {
    let fixture = try CheckFixture([
        "bad.html": """
        <!DOCTYPE html>
        <html><head><title>t</title></head><body>
        <p>a<div>b</div></p>
        <p a="1" a="2">y</p>
        <script>document.write("</div>"); if (a < b && c > d) {}</script>
        <nav><svg viewBox="0 0 1 1"><path d="x"/></svg></nav><p>AT&T</p>
        <div id="a"></div><div id="a"></div>
        <a href="x>y</a>
        </body></html>
        """,
    ])
    defer { fixture.remove() }
    let diags = await SiteChecker().check(paths: [fixture.root.appendingPathComponent("bad.html")])
    let found = diags.map { "\($0.rule)@\($0.line):\($0.column)" }
    #expect(found.contains("html-unexpected-end-tag@3:21"), "\(diags)")
    #expect(found.contains("html-duplicate-attribute@4:15"), "\(diags)")
    #expect(found.contains("html-duplicate-id@7:28"), "\(diags)")
    #expect(diags.contains { $0.rule == "html-parse" && $0.line >= 8 }, "\(diags)")
    // Nothing about the script string, HTML5/SVG elements or the bare ampersand on lines 5 and 6.
    #expect(!diags.contains { $0.line == 5 || $0.line == 6 }, "\(diags)")
}

@Test func singleFeedFilesAndMissingPaths() async throws {
    let fixture = try CheckFixture(["feed.xml": CheckFixture.validRSS, "broken.xml": "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel>\n</rss>", "notes.txt": "hi"])
    defer { fixture.remove() }
    let ok = await SiteChecker().check(paths: [fixture.root.appendingPathComponent("feed.xml")])
    #expect(ok.isEmpty, "\(ok)")
    let broken = await SiteChecker().check(paths: [fixture.root.appendingPathComponent("broken.xml")])
    #expect(broken.first?.rule == "xml-well-formed")
    #expect(broken.first?.line == 3)
    let notFeed = await SiteChecker().check(paths: [fixture.root.appendingPathComponent("notes.txt")])
    #expect(notFeed.first?.rule == "check-not-a-feed")
    let missing = await SiteChecker().check(paths: [fixture.root.appendingPathComponent("nope")])
    #expect(missing.first?.rule == "check-path-missing")
}

@Test func blockingVariantMatchesAsync() async throws {
    let fixture = try CheckFixture.standard()
    defer { fixture.remove() }
    let a = await SiteChecker().check(paths: [fixture.root])
    // From a plain thread, as a synchronous caller would (never from the cooperative pool).
    let b = await withCheckedContinuation { (c: CheckedContinuation<[CheckDiagnostic], Never>) in
        let root = fixture.root
        Thread { c.resume(returning: blocking(root)) }.start()
    }
    #expect(a == b)
}

func blocking(_ root: URL) -> [CheckDiagnostic] {
    SiteChecker().check(paths: [root])
}

@Test func reportFormats() {
    let d = [CheckDiagnostic(path: "public/a,b.html", line: 3, column: 7, severity: .error, rule: "link-broken", message: "\"x\" 100% broken\nreally")]
    #expect(CheckReport.text(d) == "public/a,b.html:3:7: error: link-broken: \"x\" 100% broken\nreally\n")
    #expect(CheckReport.github(d) == "::error file=public/a%2Cb.html,line=3,col=7,title=link-broken::\"x\" 100%25 broken%0Areally\n")
    let json = CheckReport.json(d)
    let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
    #expect(parsed?.first?["rule"] as? String == "link-broken")
    #expect(parsed?.first?["line"] as? Int == 3)
    #expect(CheckReport.json([]) == "[\n]\n")
}

@Test(arguments: [
    ("/blog/post", "index.html", LinkResolver.Outcome.ok),
    ("blog/post/", "index.html", .missingFile("blog/post/index.html")),
    ("/nope", "index.html", .missingFile("nope")),
    ("/", "blog/post.html", .ok),
    ("..", "blog/post.html", .ok),
    ("../../x", "blog/post.html", .outsideSite),
    ("//cdn.example.com/x.js", "index.html", .external),
    ("tel:+123", "index.html", .external),
    ("#intro", "blog/post.html", .ok),
    ("#caf%C3%A9", "blog/post.html", .ok),
    ("#nope", "blog/post.html", .missingAnchor(file: "blog/post.html", fragment: "nope")),
    ("/img/logo.png#x", "index.html", .ok),
    ("", "index.html", .ok),
])
func linkResolution(ref: String, page: String, expected: LinkResolver.Outcome) {
    let resolver = LinkResolver(files: ["index.html", "blog/post.html", "img/logo.png"],
                                ids: ["index.html": [], "blog/post.html": ["intro", "café"]])
    #expect(resolver.resolve(ref, from: page) == expected)
}

@Test func basePathIsStrippedFromRootRelativeLinks() async throws {
    let fixture = try CheckFixture([
        "index.html": "<!DOCTYPE html><html><head><title>x</title></head><body>\n<a href=\"/proj/blog/\">ok</a>\n<a href=\"/other/\">out</a>\n<a href=\"blog/#x\">rel</a></body></html>",
        "blog/index.html": "<!DOCTYPE html><html><head><title>x</title></head><body id=\"x\"><a href=\"/proj/\">home</a></body></html>",
    ])
    defer { fixture.remove() }
    let diags = await SiteChecker(basePath: "/proj/").check(paths: [fixture.root])
    #expect(diags.map(\.rule) == ["link-outside-site"], "\(diags)")
    #expect(diags.first?.line == 3)
}

@Test func feedsInFoldersMustLinkToThemselves() async throws {
    let fixture = try CheckFixture(["feed.xml": CheckFixture.validRSS, "blog/feed.xml": CheckFixture.validRSS])
    defer { fixture.remove() }
    let diags = await SiteChecker().check(paths: [fixture.root])
    #expect(diags.count == 1, "\(diags)")
    #expect(diags.first?.rule == "rss-self-link-mismatch")
    #expect(diags.first?.path.hasSuffix("blog/feed.xml") == true)
}

/// libxml2's error handler is per thread: under concurrency each page's errors must stay with that page.
@Test func parseErrorsStayWithTheirPage() async throws {
    var files: [String: String] = [:]
    for i in 0..<120 {
        let broken = i % 7 == 0
        files["p\(i)/index.html"] = CheckFixture.page(String(repeating: "<p>filler</p>\n", count: i % 13)
            + (broken ? "<p a=\"1\" a=\"2\">x</p>" : "<p>x</p>") + "<a href=\"/p\((i + 1) % 120)/\">next</a>")
    }
    files["css/site.css"] = ""
    files["feed.xml"] = CheckFixture.validRSS
    files["index.html"] = CheckFixture.page("<p>home</p>")
    let fixture = try CheckFixture(files)
    defer { fixture.remove() }
    let diags = await SiteChecker(chunkSize: 3).check(paths: [fixture.root])
    let expected = (0..<120).filter { $0 % 7 == 0 }
    #expect(diags.count == expected.count, "\(diags.prefix(5))")
    for i in expected {
        let d = diags.first { $0.path.hasSuffix("/p\(i)/index.html") }
        #expect(d?.rule == "html-duplicate-attribute")
        #expect(d?.line == 12 + i % 13)
    }
}

/// A valid feed can still point readers at files that were never published.
@Test func feedLinksMustResolveInTheOutput() async throws {
    let rss = """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
    <channel>
    <title>T</title>
    <link>https://example.com/</link>
    <description>D</description>
    <atom:link href="https://example.com/tags/swift/feed.xml" rel="self" type="application/rss+xml"/>
    <item><title>A</title><link>https://example.com/blog/post</link><guid>https://example.com/blog/post</guid>
    <description>x</description>
    <content:encoded>&lt;img src="https://example.com/img/gone.png"&gt; &lt;a href="https://example.com/blog/post#intro"&gt;ok&lt;/a&gt; &lt;a href="https://example.com/blog/post#nope"&gt;no&lt;/a&gt; &lt;a href="https://other.example.org/x"&gt;ext&lt;/a&gt;</content:encoded>
    </item>
    <item><title>B</title><link>https://example.com/blog/unpublished</link><guid>https://example.com/blog/unpublished</guid></item>
    </channel>
    </rss>
    """
    let fixture = try CheckFixture([
        "tags/swift/feed.xml": rss,
        "blog/post.html": "<!DOCTYPE html><html><head><title>x</title></head><body><h2 id=\"intro\">i</h2></body></html>",
    ])
    defer { fixture.remove() }
    let diags = await SiteChecker().check(paths: [fixture.root])
    let found = diags.map { "\($0.rule)@\($0.line)" }.sorted()
    #expect(found == ["feed-anchor-missing@10", "feed-image-missing@10", "feed-link-broken@12"], "\(diags)")
}

@Test func feedLinkExtraction() {
    let json = """
    {"version": "https://jsonfeed.org/version/1.1", "title": "t", "feed_url": "https://e.com/feed.json",
     "items": [{"id": "1", "url": "https://e.com/a", "image": "https://e.com/i.png",
                "content_html": "<img srcset=\\"https://e.com/1.png 1x, https://e.com/2.png 2x\\"><a href=\\"https://e.com/b?x=1&amp;y=2\\">b</a>"}]}
    """
    let links = FeedLinks.extract(from: Data(json.utf8))
    #expect(links.selfURL == "https://e.com/feed.json")
    #expect(links.links.map(\.url) == ["https://e.com/a", "https://e.com/i.png", "https://e.com/1.png", "https://e.com/2.png", "https://e.com/b?x=1&y=2"])
    #expect(links.links.map(\.isImage) == [false, true, true, true, false])
}

/// Defects found on an imported Jekyll blog.
@Suite struct MigratedSiteCheckTests {
    static func page(_ body: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>T</title></head><body>\(body)</body></html>\n"
    }

    @Test func fragmentStartingWithAVariationSelectorResolves() async throws {
        // `### ⚖️ Safety & Ethics` gets the id "\u{FE0F}-safety--ethics" (kramdown and Galley alike).
        let site = try CheckFixture(["index.html": Self.page("<h3 id=\"\u{FE0F}-safety--ethics\">⚖️ Safety</h3><a href=\"#\u{FE0F}-safety--ethics\">up</a><a href=\"#\u{FE0F}-missing\">x</a>")])
        defer { site.remove() }
        let found = await SiteChecker().check(paths: [site.root])
        #expect(found.map(\.rule) == ["anchor-missing"])
        #expect(found.first?.message.contains("-missing") == true)
    }

    @Test func illFormedXMLIsFoundInAFolderByItsExtension() async throws {
        let site = try CheckFixture([
            "index.html": Self.page("<p>Hi</p>"),
            "blog/feed/index.xml": "---\nlayout: null\n---\n<?xml version=\"1.0\"?>\n<rss>{% for p in site.posts %}</rss>\n",
            "sitemap.xml": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>https://a.example/</loc></url></urlset>\n",
            "search.json": "{\"pages\": [1, 2]}\n",
            "broken.json": "{\"a\": 1,}\n",
        ])
        defer { site.remove() }
        let found = await SiteChecker().check(paths: [site.root])
        let files = Set(found.filter { $0.severity == .error }.map { ($0.path as NSString).lastPathComponent })
        #expect(files == ["index.xml", "broken.json"])
        #expect(found.contains { $0.path.hasSuffix("blog/feed/index.xml") && $0.rule == "xml-well-formed" && $0.line == 1 })
    }
}

/// One broken link in a post is on its page and in every feed that carries the post: reported once.
@Suite struct ReportedOnceTests {
    static func feed(_ path: String, link: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>T</title><link>https://s.example/</link>
        <description>D</description><atom:link href="https://s.example/\(path)" rel="self" type="application/rss+xml"/>
        <item><title>P</title><link>https://s.example/p.html</link><guid>https://s.example/p.html</guid><pubDate>Mon, 02 Mar 2026 10:00:00 +0000</pubDate>
        <description>&lt;a href="\(link)"&gt;x&lt;/a&gt;</description></item></channel></rss>
        """
    }

    @Test func aPagesBrokenLinkIsNotRepeatedPerFeed() async throws {
        let page = MigratedSiteCheckTests.page("<a href=\"/gone.html\">x</a>")
        let site = try CheckFixture(["p.html": page, "feed.xml": Self.feed("feed.xml", link: "https://s.example/gone.html"),
                                     "tags/a/feed.xml": Self.feed("tags/a/feed.xml", link: "https://s.example/gone.html"),
                                     "other.xml": Self.feed("other.xml", link: "https://s.example/elsewhere.html"),
                                     "tags/b/other.xml": Self.feed("tags/b/other.xml", link: "https://s.example/elsewhere.html")])
        defer { site.remove() }
        let found = await SiteChecker().check(paths: [site.root]).filter { $0.severity == .error }
        #expect(found.map { "\(($0.path as NSString).lastPathComponent) \($0.rule)" }.sorted() == ["other.xml feed-link-broken", "p.html link-broken"])
        #expect(found.contains { $0.rule == "link-broken" && $0.message.hasSuffix("(also in 2 feeds)") })
        #expect(found.contains { $0.rule == "feed-link-broken" && $0.message.hasSuffix("(also in 1 other feed)") })
    }
}

/// A sub-path site says where it is served in its home page's canonical link: `check` needs no flag.
@Suite struct BasePathInferenceTests {
    @Test func theHomePagesCanonicalLinkGivesTheBasePath() throws {
        let page = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>T</title><link rel=\"canonical\" href=\"https://u.github.io/project/\"></head><body><a href=\"/project/about/\">a</a></body></html>\n"
        let site = try CheckFixture(["index.html": page, "about/index.html": MigratedSiteCheckTests.page("<p>About</p>")])
        defer { site.remove() }
        #expect(SiteChecker.inferredBasePath(of: site.root) == "/project/")
        let rootSite = try CheckFixture(["index.html": page.replacingOccurrences(of: "u.github.io/project/", with: "example.org/")])
        defer { rootSite.remove() }
        #expect(SiteChecker.inferredBasePath(of: rootSite.root) == "/")
    }
}
