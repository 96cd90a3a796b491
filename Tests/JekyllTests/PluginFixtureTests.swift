import Foundation
import Testing
@testable import Jekyll
import Site

/// `Fixtures/plugins-site` (every GitHub Pages gem Galley re-implements, `plugins:` in an order unlike
/// Jekyll's priorities) built by Galley against `Fixtures/plugins-site-expected`, Jekyll 4.3.1's output with
/// the Debian gems (see the fixture's README.fixture.md). What the plugins write must be the same bytes;
/// posts' HTML inside feeds is the Markdown converter's, so feeds are compared without `<content>`.
@Suite struct PluginFixtureTests {
    static func built() async throws -> (galley: URL, jekyll: URL) {
        let site = try RenderFixture.copy("plugins-site")
        _ = try await RenderFixture.build(site).get()
        return (site.appendingPathComponent("_site"), try RenderFixture.expected("plugins-site-expected"))
    }

    static func text(_ folder: URL, _ path: String) -> String {
        (try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)) ?? "<missing \(path)>"
    }

    @Test func writesTheSamePathsAsJekyll() async throws {
        let (galley, jekyll) = try await Self.built()
        #expect(RenderFixture.files(in: galley) == RenderFixture.files(in: jekyll))
    }

    @Test func sitemapRobotsAndRedirectsAreIdentical() async throws {
        let (galley, jekyll) = try await Self.built()
        for path in ["sitemap.xml", "robots.txt", "redirects.json", "old-first/index.html", "old/first.html", "old.html", "recipes/cake.html"] {
            #expect(Self.text(galley, path) == Self.text(jekyll, path), "\(path)")
        }
    }

    @Test func feedsMatchApartFromPostHTML() async throws {
        let (galley, jekyll) = try await Self.built()
        func withoutContent(_ s: String) -> String {
            s.replacingOccurrences(of: #"<content type="html"[^>]*><!\[CDATA\[[\s\S]*?\]\]></content>"#, with: "<content/>", options: .regularExpression)
        }
        for path in ["feed.xml", "feed/news.xml", "feed/by_tag/alpha.xml", "feed/by_tag/beta.xml"] {
            let want = withoutContent(Self.text(jekyll, path)), got = withoutContent(Self.text(galley, path))
            #expect(got == want, "\(path)")
            #expect(got.components(separatedBy: "<entry>").count == want.components(separatedBy: "<entry>").count, "\(path) entries")
        }
    }

    @Test func seoBlocksAreIdentical() async throws {
        let (galley, jekyll) = try await Self.built()
        let re = try NSRegularExpression(pattern: "<!-- Begin Jekyll SEO[\\s\\S]*?End Jekyll SEO tag -->")
        func block(_ s: String) -> String? {
            re.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)).flatMap { Range($0.range, in: s) }.map { String(s[$0]) }
        }
        var compared = 0
        for path in RenderFixture.files(in: jekyll) where path.hasSuffix(".html") {
            guard let want = block(Self.text(jekyll, path)) else { continue }
            #expect(block(Self.text(galley, path)) == want, "\(path)")
            compared += 1
        }
        #expect(compared == 8)
    }

    @Test func mentionsMetadataAndCachedIncludes() async throws {
        let (galley, jekyll) = try await Self.built()
        func line(_ path: String, _ prefix: String, _ folder: URL) -> String? {
            Self.text(folder, path).split(separator: "\n").first { $0.hasPrefix(prefix) }.map(String.init)
        }
        #expect(line("notes.html", "<main>", galley) == line("notes.html", "<main>", jekyll))
        for page in ["index.html", "notes.html", "news/2024/01/10/first.html"] {
            #expect(line(page, "<footer>", galley) == line(page, "<footer>", jekyll), "\(page)")
        }
    }
}
