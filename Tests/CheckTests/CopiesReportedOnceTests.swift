import Foundation
import Testing
@testable import Check

/// A post's mistake shows wherever the post does (its excerpt on list pages, its text in every feed):
/// one report, at the post, saying where else it shows.
@Suite struct CopiesReportedOnceTests {
    /// A list entry as the default theme writes it: title link, excerpt, read-more link, tags.
    static func entry(_ url: String, excerpt: String) -> String {
        "<article><h2><a href=\"\(url)\">Post</a></h2><div class=\"excerpt\">\(excerpt)</div><a href=\"\(url)\">Read</a>"
            + "<ul><li><a href=\"/tags/swift/\">swift</a></li></ul></article>"
    }

    @Test func aBrokenLinkInAnExcerptIsReportedOnceAtThePost() async throws {
        let broken = "<p>See <a href=\"/gone/\">this</a>.</p>"
        let post = MigratedSiteCheckTests.page("<article><p class=\"kicker\"><a href=\"/tags/swift/\">swift</a></p><h1>Post</h1>\(broken)"
                                               + "<p><a href=\"/\">Home</a></p></article>")
        let site = try CheckFixture([
            "blog/post/index.html": post,
            "index.html": MigratedSiteCheckTests.page(Self.entry("/blog/post/", excerpt: broken) + Self.entry("/blog/other/", excerpt: "<p>fine</p>")),
            "tags/swift/index.html": MigratedSiteCheckTests.page(Self.entry("/blog/post/", excerpt: broken)),
            "blog/other/index.html": MigratedSiteCheckTests.page("<p>Other</p>"),
        ])
        defer { site.remove() }
        let found = await SiteChecker().check(paths: [site.root]).filter { $0.rule == "link-broken" }
        #expect(found.count == 1, "\(found.map { "\($0.path): \($0.message)" })")
        #expect(found.first?.path.hasSuffix("blog/post/index.html") == true)
        #expect(found.first?.message.hasSuffix("(also shown on 2 pages: \(site.root.relativePath)/index.html, \(site.root.relativePath)/tags/swift/index.html)") == true,
                "\(found.first?.message ?? "")")
    }

    /// The same broken link written on two pages that do not show each other is two mistakes.
    @Test func independentCopiesStayApart() async throws {
        let site = try CheckFixture([
            "a.html": MigratedSiteCheckTests.page("<p><a href=\"/gone/\">x</a></p>"),
            "b.html": MigratedSiteCheckTests.page("<p><a href=\"/a.html\">a</a></p><p>unrelated</p><p><a href=\"/elsewhere.html\">y</a></p>"),
            "c.html": MigratedSiteCheckTests.page("<p><a href=\"/gone/\">x</a></p>"),
        ])
        defer { site.remove() }
        let found = await SiteChecker().check(paths: [site.root]).filter { $0.rule == "link-broken" && $0.message.contains("gone") }
        #expect(found.count == 2)
    }

    /// A broken link in a template's footer is on every page at one column: one report naming the others.
    /// Two pages alone with the same mistake (two posts) stay two reports (above).
    @Test func aTemplatesBrokenLinkIsReportedOnce() async throws {
        let footer = "<footer><a href=\"/nowhere.html\">x</a></footer>"
        var files: [String: String] = [:]
        for name in ["index.html", "about/index.html", "blog/a/index.html", "blog/b/index.html"] {
            files[name] = MigratedSiteCheckTests.page("<p>\(name) text \(String(repeating: "x", count: name.count))</p>\n\(footer)")
        }
        let site = try CheckFixture(files)
        defer { site.remove() }
        let found = await SiteChecker().check(paths: [site.root]).filter { $0.rule == "link-broken" }
        #expect(found.count == 1, "\(found.map { "\($0.path): \($0.message)" })")
        #expect(found.first?.message.contains("also on 3 other pages, at the same column") == true, "\(found.first?.message ?? "")")
    }

    static func feed(_ path: String, title: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>T</title><link>https://s.example/</link>
        <description>D</description><atom:link href="https://s.example/\(path)" rel="self" type="application/rss+xml"/>
        <item><title>\(title)</title><link>https://s.example/</link><guid>https://s.example/</guid><pubDate>Mon, 02 Mar 2026 10:00:00 +0000</pubDate>
        </item></channel></rss>
        """
    }

    @Test func doubleEncodedTextIsReportedOnceForAllFeeds() async throws {
        let site = try CheckFixture([
            "feed.xml": Self.feed("feed.xml", title: "CafÃ© notes"),
            "tags/a/feed.xml": Self.feed("tags/a/feed.xml", title: "CafÃ© notes"),
            "tags/b/feed.xml": Self.feed("tags/b/feed.xml", title: "CafÃ© notes"),
            "tags/c/feed.xml": Self.feed("tags/c/feed.xml", title: "NaÃ¯ve, another post"),
        ])
        defer { site.remove() }
        let found = await SiteChecker().check(paths: [site.root]).filter { $0.rule == "feed-mojibake" }
        #expect(found.count == 2, "\(found.map { "\($0.path): \($0.message)" })")
        #expect(found.contains { $0.path.hasSuffix("/feed.xml") && !$0.path.contains("tags") && $0.message.hasSuffix("(also in 2 other feeds)") })
        #expect(found.contains { $0.path.hasSuffix("tags/c/feed.xml") && !$0.message.contains("also in") })
    }
}
