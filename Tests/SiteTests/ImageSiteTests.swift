import Foundation
import Testing
@testable import Site

/// Images on built pages: sizes read from the site's files, figures by setting, warnings at the Markdown.
@Suite struct ImageSiteTests {
    /// A real GIF (ImageSizeTests' `screen.gif`): a `width`×`height` logical screen holding one 3×2 LZW-coded frame.
    static func gif(width: UInt8, height: UInt8) -> Data {
        Data([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, width, 0, height, 0, 0x80, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF,
              0x2C, 0, 0, 0, 0, 3, 0, 2, 0, 0, 2, 4, 0x44, 0x88, 0x30, 0x28, 0, 0x3B])
    }

    static let post = """
    ---
    title: Pictures
    ---
    ![The first](/images/a.gif "A caption")

    See ![a relative one](../images/a.gif) and ![](/images/a.gif) and ![Broken](/images/bad.png).

    ![Gone](/images/gone.png) ![](/images/a.gif){: role="presentation"}
    """

    func makeSite(figures: Bool) throws -> FixtureSite {
        let site = try FixtureSite(files: [
            "site.yml": FixtureSite.siteYML + (figures ? "\nmarkdown:\n  smart: true\n  figures: true\n" : ""),
            "content/posts/2026-01-01-pictures.md": Self.post,
            "content/images/bad.png": "this is text",
        ])
        try site.write("content/images/a.gif", Self.gif(width: 3, height: 2))
        return site
    }

    @Test func pagesGetSizesLazyLoadingAndFigures() async throws {
        let site = try makeSite(figures: true)
        defer { site.cleanUp() }
        let report = try await site.build()
        let page = try #require(site.data("blog/pictures.html").flatMap(HTMLDocument.init))
        #expect(page.strings("//figure/img/@width") == ["3"])
        #expect(page.strings("//figure/img/@loading").isEmpty)
        #expect(page.string("//figure/figcaption") == "A caption")
        let images = page.strings("//div[@class='content']//img/@src")
        #expect(images == ["/images/a.gif", "../images/a.gif", "/images/a.gif", "/images/bad.png", "/images/gone.png", "/images/a.gif"])
        #expect(page.strings("//div[@class='content']//img/@height") == ["2", "2", "2", "2"])
        #expect(page.strings("//div[@class='content']//img[@loading='lazy'][@decoding='async']").count == 5)
        // Each problem once, at the Markdown that wrote it: the missing file by the link check (at its URL), the rest here (at `![`).
        #expect(report.warnings.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } == [
            "content/posts/2026-01-01-pictures.md:6:44: image `/images/a.gif` has no alt text; screen readers say only that there is an image",
            "content/posts/2026-01-01-pictures.md:6:67: cannot read the size of image `/images/bad.png`: not a PNG, JPEG, GIF, WebP or SVG file; it is shown without width and height",
            "content/posts/2026-01-01-pictures.md:8:9: image `/images/gone.png` leads to nothing in the site",
        ])
        // Feeds keep the sizes (and the same lazy loading).
        let feed = try #require(site.text("feed.xml"))
        #expect(feed.contains("<![CDATA[<figure><img src=\"https://blog.example.org/images/a.gif\" alt=\"The first\" width=\"3\" height=\"2\" /><figcaption>"))
    }

    @Test func withoutFiguresTheTitleStaysATitle() async throws {
        let site = try makeSite(figures: false)
        defer { site.cleanUp() }
        _ = try await site.build()
        let page = try #require(site.data("blog/pictures.html").flatMap(HTMLDocument.init))
        #expect(page.strings("//figure").isEmpty)
        #expect(page.strings("//p/img[@title='A caption']/@width") == ["3"])
    }

    /// `galley serve`: replacing an image with one of another size re-renders the pages that show it.
    @Test func aResizedImageIsSeenByTheNextRebuild() async throws {
        let site = try makeSite(figures: true)
        defer { site.cleanUp() }
        let session = BuildSession(options: BuildOptions(siteDirectory: site.root))
        _ = try await session.rebuild(changed: nil)
        try site.write("content/images/a.gif", Self.gif(width: 5, height: 4))
        let outcome = try await session.rebuild(changed: ["content/images/a.gif"])
        #expect(outcome.changedPaths.contains("blog/pictures.html"))
        let page = try #require(site.data("blog/pictures.html").flatMap(HTMLDocument.init))
        #expect(page.strings("//figure/img/@width") == ["5"])
        #expect(outcome.changedPaths.contains("feed.xml"))
    }

    @Test func aMisspeltMarkdownSettingIsWarnedWithTheNearestName() async throws {
        let site = try FixtureSite(files: [
            "site.yml": FixtureSite.siteYML + "\nmarkdown:\n  smart: true\n  figurs: true\n",
            "content/posts/2026-01-01-a.md": "---\ntitle: A\n---\nText.\n",
        ])
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.map { "\($0.file):\($0.line):\($0.column): \($0.message) | \($0.hint ?? "")" } == [
            "site.yml:11:3: unknown setting `markdown.figurs` is ignored | did you mean `figures`? see README.md, section site.yml, for the settings Galley reads",
        ])
    }
}
