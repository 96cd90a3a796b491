import Foundation
import Testing
@testable import Site

/// `galley serve`: `data/` is `site.data`, which any template may show, so a saved data file is seen
/// by the next rebuild on every page that shows it.
@Suite struct SiteDataSessionTests {
    @Test func aSavedDataFileReachesThePagesThatShowIt() async throws {
        let files = ["site.yml": "title: Data\nurl: https://data.example.org\n",
                     "content/posts/2026-01-01-hi.md": "---\ntitle: Hi\n---\nHello.\n",
                     "data/links.yml": "- name: Alpha\n  url: /alpha/\n",
                     "templates/partials/footer.liquid": "<footer>{% for l in site.data.links %}<a class=\"data\">{{ l.name }}</a>{% endfor %}</footer>"]
        let site = try FixtureSite(files: files, withDefaults: false)
        defer { site.cleanUp() }
        let session = BuildSession(options: BuildOptions(siteDirectory: site.root))
        _ = try await session.rebuild(changed: nil)
        #expect(site.text("2026/01/01/hi/index.html")?.contains("<a class=\"data\">Alpha</a>") == true)
        try site.write("data/links.yml", "- name: Beta\n  url: /beta/\n")
        let outcome = try await session.rebuild(changed: ["data/links.yml"])
        #expect(outcome.changedPaths.contains("2026/01/01/hi/index.html"))
        let post = try #require(site.text("2026/01/01/hi/index.html"))
        #expect(post.contains("<a class=\"data\">Beta</a>") && !post.contains("Alpha"))
    }
}
