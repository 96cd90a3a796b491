import Foundation
import Testing
@testable import Jekyll
import Site

/// `Fixtures/render-site` built by Galley against `Fixtures/render-site-expected`, Jekyll 4.3.1's output of
/// it (`cd render-site && JEKYLL_NO_BUNDLER_REQUIRE=true jekyll build -d ../render-site-expected`):
/// every path, every page's visible text and heading ids, as the acceptance script compares them.
@Suite struct RenderFixtureTests {
    @Test func buildsWhatJekyllBuilds() async throws {
        let site = try RenderFixture.copy("render-site")
        let report = try await RenderFixture.build(site).get()
        let galley = site.appendingPathComponent("_site")
        #expect(report.outputDirectory.standardizedFileURL.path == galley.standardizedFileURL.path)
        let jekyll = try RenderFixture.expected("render-site-expected")

        let expectedFiles = RenderFixture.files(in: jekyll)
        let madeFiles = Set(RenderFixture.files(in: galley))
        #expect(expectedFiles.filter { !madeFiles.contains($0) } == [], "paths Jekyll writes and Galley does not")
        #expect(madeFiles.subtracting(expectedFiles).sorted() == [], "paths Galley writes and Jekyll does not")

        for page in expectedFiles where page.hasSuffix(".html") && madeFiles.contains(page) {
            let want = try String(contentsOf: jekyll.appendingPathComponent(page), encoding: .utf8)
            let got = try String(contentsOf: galley.appendingPathComponent(page), encoding: .utf8)
            #expect(PageText.visible(got) == PageText.visible(want), "visible text of \(page)")
            #expect(PageText.headingIDs(got) == PageText.headingIDs(want), "heading ids of \(page)")
        }
    }

    /// Pages list posts' converted content and rendered excerpts, as in Jekyll (documents render first).
    @Test func pagesSeeConvertedPostContent() async throws {
        let site = try RenderFixture.copy("render-site")
        _ = try await RenderFixture.build(site).get()
        let blog = try String(contentsOf: site.appendingPathComponent("_site/blog/index.html"), encoding: .utf8)
        #expect(blog.contains("<table>"))
        #expect(!blog.contains("{% post_url"))
        let home = try String(contentsOf: site.appendingPathComponent("_site/index.html"), encoding: .utf8)
        #expect(home.contains("<div class=\"excerpt\"><p>The excerpt of this post ends at the marker,\nand spans two lines.</p>"))
    }
}
