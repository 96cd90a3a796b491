import Foundation
import Testing
@testable import Site

@Suite struct BuildTests {
    static let helloPost = """
    ---
    title: "Hello, Galley"
    date: 2026-03-06 10:00:00 +0000
    categories:
      - Engineering
      - Release Notes
    tags: [swift, performance]
    image: /images/chart.png
    ---
    First paragraph with **bold** words.

    ![A chart](/images/chart.png)

    More text after the excerpt.
    """

    static let secondPost = """
    ---
    title: Second post
    tags: [swift]
    ---
    The second one, dated by its file name.

    ```swift
    let answer = 42
    ```
    """

    static let thirdPost = """
    ---
    title: Third post
    date: 2026-05-01
    ---
    Third.
    """

    func makeSite() throws -> FixtureSite {
        let site = try FixtureSite(files: [
            "content/posts/2026-03-06-hello-galley.md": Self.helloPost,
            "content/posts/2026-04-10-second-post.md": Self.secondPost,
            "content/posts/2026-05-01-third.md": Self.thirdPost,
            "content/about.md": "---\ntitle: About\npermalink: /about/\n---\nWho we are.\n",
            "content/docs/setup.md": "# Setting up\n\nSteps.\n",
        ])
        try site.write("content/images/chart.png", Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3, 4, 5, 6]))
        try site.write("content/downloads/data.csv", "a,b\n1,2\n")
        return site
    }

    @Test func jekyllNamedPostKeepsItsURL() async throws {
        let site = try makeSite()
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.posts == 3)

        // permalink: /blog/:title → written as blog/<slug>.html, linked as /blog/<slug> (as Jekyll does).
        let post = try #require(site.html("blog/hello-galley.html"))
        #expect(post.string("//h1[@class='title']") == "Hello, Galley")
        #expect(post.string("//div[@class='content']//strong") == "bold")
        #expect(post.string("//time/@datetime") == "2026-03-06T10:00:00+00:00")
        #expect(post.strings("//ul[@class='tags']/li/a/@href") == ["/tags/swift/", "/tags/performance/"])

        let home = try #require(site.html("index.html"))
        // Newest first, paginated by 2.
        #expect(home.strings("//ol[@class='posts']/li/a/@href") == ["/blog/third", "/blog/second-post"])
        #expect(home.string("//a[@class='next-page']/@href") == "/page/2/")
        let page2 = try #require(site.html("page/2/index.html"))
        #expect(page2.strings("//ol[@class='posts']/li/a/@href") == ["/blog/hello-galley"])
        #expect(page2.string("//a[@class='prev-page']/@href") == "/")
    }

    @Test func excerptsAreTheFirstParagraph() async throws {
        let site = try makeSite()
        defer { site.cleanUp() }
        _ = try await site.build()
        let page2 = try #require(site.html("page/2/index.html"))
        let excerpt = try #require(page2.string("//div[@class='excerpt']"))
        #expect(excerpt.contains("First paragraph with bold words."))
        #expect(!excerpt.contains("More text"))
    }

    @Test func previousAndNextFollowDates() async throws {
        let site = try makeSite()
        defer { site.cleanUp() }
        _ = try await site.build()
        let middle = try #require(site.html("blog/second-post.html"))
        #expect(middle.string("//a[@class='prev']/@href") == "/blog/hello-galley")
        #expect(middle.string("//a[@class='next']/@href") == "/blog/third")
    }

    @Test func pagesKeepTheirPlaceOrPermalink() async throws {
        let site = try makeSite()
        defer { site.cleanUp() }
        _ = try await site.build()
        #expect(site.html("about/index.html")?.string("//h1[@class='title']") == "About")
        // No permalink: content/docs/setup.md → docs/setup.html, title from the first heading.
        #expect(site.html("docs/setup.html")?.string("//h1[@class='title']") == "Setting up")
    }

    @Test func assetsAreCopiedByteForByte() async throws {
        let site = try makeSite()
        defer { site.cleanUp() }
        _ = try await site.build()
        #expect(site.data("images/chart.png") == Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3, 4, 5, 6]))
        #expect(site.text("downloads/data.csv") == "a,b\n1,2\n")
        #expect(site.exists("assets/syntax.css"))
    }

    @Test func tagPagesListTheirPosts() async throws {
        let site = try makeSite()
        defer { site.cleanUp() }
        _ = try await site.build()
        let tag = try #require(site.html("tags/swift/index.html"))
        #expect(tag.string("//h1[@class='title']") == "swift")
        #expect(tag.strings("//ol[@class='posts']/li/a/@href") == ["/blog/second-post", "/blog/hello-galley"])
        // The tag page names its own feed, which exists.
        #expect(tag.strings("//link[@rel='alternate']/@href") == ["/feed.xml", "/tags/swift/feed.xml"])
        #expect(site.exists("tags/swift/feed.xml"))
    }

    @Test func rssFeedParsesAndCarriesFullContent() async throws {
        let site = try makeSite()
        defer { site.cleanUp() }
        _ = try await site.build()
        let feed = try #require(site.data("feed.xml").flatMap(XMLDoc.init))
        #expect(feed.strings("/rss/@version") == ["2.0"])
        #expect(feed.strings("//item/link") == ["https://blog.example.org/blog/third", "https://blog.example.org/blog/second-post",
                                                "https://blog.example.org/blog/hello-galley"])
        let content = feed.strings("//item[title='Hello, Galley']/content:encoded", namespaces: ["content": "http://purl.org/rss/1.0/modules/content/"])
        #expect(content.first?.contains("<strong>bold</strong>") == true)
        // Relative image in the content became absolute for feed readers.
        #expect(content.first?.contains("https://blog.example.org/images/chart.png") == true)
        #expect(feed.strings("//item[title='Hello, Galley']/category").sorted() == ["Engineering", "Release Notes", "performance", "swift"])
        // The enclosure has the real byte length and type of the image file.
        #expect(feed.strings("//item[title='Hello, Galley']/enclosure/@length") == ["10"])
        #expect(feed.strings("//item[title='Hello, Galley']/enclosure/@type") == ["image/png"])
        #expect(site.exists("atom.xml") && site.exists("feed.json"))
        // Code in feeds carries inline colours (readers drop stylesheets); pages keep classes.
        let second = feed.strings("//item[title='Second post']/content:encoded", namespaces: ["content": "http://purl.org/rss/1.0/modules/content/"])
        #expect(second.first?.contains("<span style=\"color:") == true)
        #expect(second.first?.contains("class=\"kd\"") == false)
        #expect(site.text("blog/second-post.html")?.contains("<span class=\"kd\">let</span>") == true)
        #expect(site.exists("tags/swift/feed.xml"))
    }

    @Test func sitemapListsEveryPage() async throws {
        let site = try makeSite()
        defer { site.cleanUp() }
        _ = try await site.build()
        let sitemap = try #require(site.data("sitemap.xml").flatMap(XMLDoc.init))
        let locs = sitemap.strings("//s:loc", namespaces: ["s": "http://www.sitemaps.org/schemas/sitemap/0.9"])
        #expect(locs.contains("https://blog.example.org/blog/hello-galley"))
        #expect(locs.contains("https://blog.example.org/about/"))
        #expect(site.text("robots.txt")?.contains("Sitemap: https://blog.example.org/sitemap.xml") == true)
    }

    @Test func draftsAndScheduledPostsAreHeldBack() async throws {
        let site = try makeSite()
        defer { site.cleanUp() }
        try site.write("content/posts/2026-06-01-wip.md", "---\ntitle: WIP\ndraft: true\n---\nNot yet.\n")
        try site.write("content/posts/2030-01-01-later.md", "---\ntitle: Later\n---\nSoon.\n")
        let report = try await site.build()
        #expect(!site.exists("blog/wip.html"))
        #expect(!site.exists("blog/later.html"))
        #expect(Set(report.heldBack.map(\.reason)) == ["draft", "scheduled"])
        _ = try await site.build(drafts: true, future: true)
        #expect(site.exists("blog/wip.html") && site.exists("blog/later.html"))
    }

    @Test func buildsAreDeterministic() async throws {
        let site = try makeSite()
        defer { site.cleanUp() }
        _ = try await site.build()
        let first = site.snapshot()
        _ = try await site.build()
        #expect(site.snapshot() == first)
        #expect(first.count > 10)
    }

    @Test func unchangedFilesAreNotRewritten() async throws {
        let site = try makeSite()
        defer { site.cleanUp() }
        let first = try await site.build()
        #expect(first.unchanged == 0)
        func inode(_ rel: String) -> UInt64? {
            (try? FileManager.default.attributesOfItem(atPath: site.output.appendingPathComponent(rel).path))?[.systemFileNumber] as? UInt64
        }
        let about = inode("about/index.html"), image = inode("images/chart.png"), post = inode("blog/third.html")
        try site.write("content/posts/2026-05-01-third.md", Self.thirdPost + "\nOne more line.\n")
        let second = try await site.build()
        // Everything but what shows the edited post is taken over as it was: same inode, same bytes.
        #expect(second.unchanged > 0 && second.unchanged < second.files)
        #expect(inode("about/index.html") == about && inode("images/chart.png") == image)
        #expect(inode("blog/third.html") != post)
        #expect(site.text("blog/third.html")?.contains("One more line.") == true)
        let third = try await site.build()
        #expect(third.unchanged == third.files)
    }

    /// With nothing changed the previous output folder is kept as it is (no folder or file is made);
    /// a file that should not be there, or one changed by hand, makes the build publish a new folder.
    @Test func rebuildWithNothingChangedKeepsTheOutputFolder() async throws {
        let site = try makeSite()
        defer { site.cleanUp() }
        _ = try await site.build()
        func inode(_ rel: String) -> UInt64? {
            (try? FileManager.default.attributesOfItem(atPath: site.output.appendingPathComponent(rel).path))?[.systemFileNumber] as? UInt64
        }
        let folder = inode(""), postFolder = inode("blog")
        let again = try await site.build()
        #expect(again.unchanged == again.files)
        #expect(inode("") == folder && inode("blog") == postFolder)
        let entries = try FileManager.default.contentsOfDirectory(atPath: site.root.path)
        #expect(!entries.contains { $0.contains(".galley-") }, "no staging folder left: \(entries)")

        try site.write("public/stray.html", "not ours")
        _ = try await site.build()
        #expect(!site.exists("stray.html"))
        #expect(inode("") != folder)

        let edited = inode("about/index.html")
        try site.write("public/about/index.html", "edited by hand")
        let repaired = try await site.build()
        #expect(site.text("about/index.html")?.contains("edited by hand") == false)
        #expect(inode("about/index.html") != edited)
        #expect(repaired.unchanged == repaired.files - 1)
    }

    @Test func hiddenEntriesOfTheOutputSurvive() async throws {
        let site = try makeSite()
        defer { site.cleanUp() }
        _ = try await site.build()
        try site.write("public/.git/HEAD", "ref: refs/heads/gh-pages\n")
        try site.write("public/stale.html", "old")
        _ = try await site.build()
        #expect(site.text(".git/HEAD") == "ref: refs/heads/gh-pages\n")
        #expect(!site.exists("stale.html"))
    }

    @Test func baseURLOverridePrefixesEveryLink() async throws {
        let site = try makeSite()
        defer { site.cleanUp() }
        _ = try await SiteBuilder(options: BuildOptions(siteDirectory: site.root, baseURL: "https://preview.example.net/sub",
                                                        now: Date(timeIntervalSince1970: 1_790_000_000))).build()
        let home = try #require(site.html("index.html"))
        #expect(home.strings("//ol[@class='posts']/li/a/@href").first == "/sub/blog/third")
        let feed = try #require(site.data("feed.xml").flatMap(XMLDoc.init))
        #expect(feed.strings("//item/link").first == "https://preview.example.net/sub/blog/third")
    }
}
