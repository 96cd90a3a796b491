import Foundation
import Testing
@testable import Site

/// `feed.formats` in site.yml picks which feed files every feed folder gets, and templates see only those.
@Suite struct FeedFormatTests {
    static let post = "---\ntitle: One\ndate: 2026-03-06\ntags: [swift]\n---\nBody.\n"

    @Test func onlyTheListedFormatsAreWrittenAndLinked() async throws {
        let yml = FixtureSite.siteYML + "\nfeed:\n  formats: [rss, json]\n"
        let head = "{% if site.feeds.rss %}<link rel=\"alternate\" type=\"application/rss+xml\" href=\"{{ site.feeds.rss }}\">{% endif %}"
            + "{% if site.feeds.atom %}<link rel=\"alternate\" type=\"application/atom+xml\" href=\"{{ site.feeds.atom }}\">{% endif %}"
            + "{% if site.feeds.json %}<link rel=\"alternate\" type=\"application/feed+json\" href=\"{{ site.feeds.json }}\">{% endif %}"
        let base = "<!DOCTYPE html><html><head><title>{{ site.title }}</title>\(head)</head><body>{{ content }}</body></html>"
        let site = try FixtureSite(files: ["site.yml": yml, "content/posts/2026-03-06-one.md": Self.post, "templates/base.liquid": base])
        defer { site.cleanUp() }
        let report = try await site.build()
        for dir in ["", "tags/swift/"] {
            #expect(site.exists(dir + "feed.xml"))
            #expect(site.exists(dir + "feed.json"))
            #expect(!site.exists(dir + "atom.xml"), "atom.xml in /\(dir) was not asked for")
        }
        #expect(report.feeds == 4)
        let home = try #require(site.html("index.html"))
        #expect(home.strings("//link[@rel='alternate']/@type").sorted() == ["application/feed+json", "application/rss+xml"])
        #expect(home.strings("//link[@rel='alternate']/@href").sorted() == ["/feed.json", "/feed.xml"])
    }

    @Test func unknownFormatIsAnErrorAtItsLine() async throws {
        let yml = FixtureSite.siteYML + "\nfeed:\n  formats: [rss, rdf]\n"
        let site = try FixtureSite(files: ["site.yml": yml, "content/posts/2026-03-06-one.md": Self.post])
        defer { site.cleanUp() }
        let failure = try #require(await site.failure())
        let e = try #require(failure.errors.first)
        #expect(e.file == "site.yml")
        #expect(e.message.contains("feed.formats"))
        #expect(e.line == 10)   // the `feed:` key, after the fixture settings and a blank line
    }
}
