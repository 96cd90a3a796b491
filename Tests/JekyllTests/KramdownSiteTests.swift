import Foundation
import Testing
@testable import Jekyll
import Site

/// `Fixtures/kramdown-site`, posts and pages made of cases held back from real Jekyll sites (issue 30),
/// built by Galley against `Fixtures/kramdown-site-expected`, Jekyll 4.3.1's output of it (see the fixture's
/// README.md): every path, and every page's visible text, heading ids and block structure, as
/// `jekyll-compare.py` compares them.
@Suite struct KramdownSiteTests {
    @Test func buildsWhatJekyllBuilds() async throws {
        let site = try RenderFixture.copy("kramdown-site")
        let report = try await RenderFixture.build(site).get()
        let galley = site.appendingPathComponent("_site")
        #expect(report.outputDirectory.standardizedFileURL.path == galley.standardizedFileURL.path)
        let jekyll = try RenderFixture.expected("kramdown-site-expected")
        // What Jekyll accepts silently or with a deprecation is said once, at its line, with a hint.
        let said = report.warnings.map { "\($0.file):\($0.line) \($0.hint != nil)" }.sorted()
        #expect(said == ["_posts/2016-1-29-heading-ids.md:5 true", "about.md:11 true"], "\(report.warnings)")

        let expectedFiles = RenderFixture.files(in: jekyll)
        let madeFiles = Set(RenderFixture.files(in: galley))
        #expect(expectedFiles.count >= 18, "the fixture's pages are all there")
        #expect(expectedFiles.filter { !madeFiles.contains($0) } == [], "paths Jekyll writes and Galley does not")
        #expect(madeFiles.subtracting(expectedFiles).sorted() == [], "paths Galley writes and Jekyll does not")

        for page in expectedFiles where page.hasSuffix(".html") && madeFiles.contains(page) {
            let want = try String(contentsOf: jekyll.appendingPathComponent(page), encoding: .utf8)
            let got = try String(contentsOf: galley.appendingPathComponent(page), encoding: .utf8)
            let same = { (part: String, read: (String) -> [String]) in
                let known = Self.knownDifferences["\(page) \(part)"]
                withKnownIssue(Comment(rawValue: known ?? ""), isIntermittent: false) {
                    #expect(read(got) == read(want), "\(part) of \(page)")
                } when: { known != nil }
            }
            same("visible text") { [PageText.visible($0)] }
            same("heading ids", PageText.headingIDs)
            same("block structure", PageText.blocks)
        }
        for file in madeFiles.sorted() {
            let text = (try? String(contentsOf: galley.appendingPathComponent(file), encoding: .utf8)) ?? ""
            #expect(!text.contains("galley-html"), "a placeholder in \(file)")
        }
    }

    /// Parts of pages where Galley still differs from Jekyll, each with the reason ("<page> <part>"): none now.
    static let knownDifferences: [String: String] = [:]

    /// The block-structure reading itself: blocks in order, nothing from inside `<pre>`, comments or scripts.
    @Test func blockStructureAsTheCompareScriptReadsIt() {
        let page = """
        <body><header><p>nav</p></header><main><h2 id="a">A</h2><p>x</p><!-- <p>no</p> -->
        <ul><li>one</li></ul><pre><code><p>not a block</p></code></pre><script>"<table>"</script><hr/></main></body>
        """
        #expect(PageText.blocks(page) == ["h2", "p", "ul", "li", "pre", "hr"])
    }
}
