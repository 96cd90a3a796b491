import Foundation
import Testing
@testable import Site

/// Links to Markdown source files become the pages' URLs at build time, and follow a changed permalink.
@Suite struct SourceLinkTests {
    @Test func linksToSourceFilesBecomeURLs() async throws {
        let site = try FixtureSite(files: [
            "content/posts/2016-01-05-b.md": "---\ntitle: B\n---\n## Part two\nB.\n",
            "content/posts/2016-01-06-a.md": "---\ntitle: A\n---\nSee [b](2016-01-05-b.md#part-two), [about](../about.md) and [root](/about.md).\n\n[gone](nope.md)\n",
            "content/about.md": "---\ntitle: About\n---\nPosts: [b](posts/2016-01-05-b.md).\n",
        ])
        defer { site.cleanUp() }
        let report = try await site.build()
        let a = try #require(site.html("blog/a.html"))
        #expect(a.strings("//div[@class='content']//a/@href") == ["/blog/b#part-two", "/about.html", "/about.html", "nope.md"])
        #expect(site.html("about.html")?.strings("//a[text()='b']/@href") == ["/blog/b"])
        // The missing file: one warning, at its line.
        let gone = report.warnings.filter { $0.message.contains("nope.md") }
        #expect(gone.map { "\($0.file):\($0.line)" } == ["content/posts/2016-01-06-a.md:6"])
        // A changed permalink moves the link with the page.
        try site.write("content/posts/2016-01-05-b.md", "---\ntitle: B\npermalink: /moved/\n---\n## Part two\nB.\n")
        _ = try await site.build()
        #expect(site.html("blog/a.html")?.strings("//div[@class='content']//a/@href").first == "/moved/#part-two")
    }

    @Test func targetsResolveFromTheLinkingFile() {
        #expect(SourceLinks.target("b.md#x", from: "content/posts/a.md") == "content/posts/b.md")
        #expect(SourceLinks.target("../../x.md", from: "content/posts/a.md") == nil)
        #expect(SourceLinks.target("https://e.org/x.md", from: "content/a.md") == nil)
        #expect(SourceLinks.target("/docs/x.markdown", from: "content/posts/a.md") == "content/docs/x.markdown")
        #expect(SourceLinks.target("x.html", from: "content/a.md") == nil)
    }

    @Test func aSessionReRendersTheLinkWhenOnlyTheTargetMoves() async throws {
        let b = "content/posts/2016-01-05-b.md"
        let site = try FixtureSite(files: [b: "---\ntitle: B\n---\nB.\n",
                                           "content/posts/2016-01-06-a.md": "---\ntitle: A\n---\nSee [b](2016-01-05-b.md).\n"])
        defer { site.cleanUp() }
        let session = BuildSession(options: BuildOptions(siteDirectory: site.root, now: Date(timeIntervalSince1970: 1_790_000_000)))
        _ = try await session.rebuild(changed: nil)
        #expect(site.html("blog/a.html")?.strings("//div[@class='content']//a/@href") == ["/blog/b"])
        // Only b's file changes; a (unchanged, cached) must still get b's new URL.
        try site.write(b, "---\ntitle: B\npermalink: /moved/\n---\nB.\n")
        _ = try await session.rebuild(changed: [b])
        #expect(site.html("blog/a.html")?.strings("//div[@class='content']//a/@href") == ["/moved/"])
        try site.remove(b)
        _ = try await session.rebuild(changed: [b])
        #expect(site.html("blog/a.html")?.strings("//div[@class='content']//a/@href") == ["2016-01-05-b.md"])
    }
}
