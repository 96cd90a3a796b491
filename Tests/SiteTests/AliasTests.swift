import Foundation
import Testing
@testable import Site

/// `aliases:` / `redirect_from:`: a redirect page at each old URL, `_redirects` with 301s, nothing in
/// the sitemap, and a collision with a page or another alias is an error naming both files.
@Suite struct AliasTests {
    static let site = "title: A\nurl: https://a.example.org\n"

    @Test func oldURLsRedirect() async throws {
        let fixture = try FixtureSite(files: [
            "site.yml": Self.site,
            "content/posts/2026-01-01-sync.md": "---\ntitle: Offline sync\naliases: [/2019/05/offline-sync/, /old.html]\n---\nBody.\n",
            "content/about.md": "---\ntitle: About\npermalink: /about/\nredirect_from: /me\n---\nMe.\n",
        ], withDefaults: false)
        defer { fixture.cleanUp() }
        let report = try await fixture.build()
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        for (path, target) in [("2019/05/offline-sync/index.html", "/2026/01/01/sync/"), ("old.html", "/2026/01/01/sync/"), ("me/index.html", "/about/")] {
            let html = try #require(fixture.text(path), "\(path)")
            let doc = try #require(HTMLDocument(Data(html.utf8)))
            #expect(doc.string("//meta[@http-equiv='refresh']/@content") == "0; url=\(target)", "\(path)")
            #expect(doc.string("//link[@rel='canonical']/@href") == "https://a.example.org\(target)")
            #expect(doc.string("//meta[@name='robots']/@content") == "noindex")
            #expect(doc.string("//a/@href") == target)
        }
        #expect(fixture.text("_redirects") == "/2019/05/offline-sync/ /2026/01/01/sync/ 301\n/me /about/ 301\n/old.html /2026/01/01/sync/ 301\n")
        let sitemap = try #require(fixture.text("sitemap.xml"))
        #expect(!sitemap.contains("offline-sync") && !sitemap.contains("old.html") && !sitemap.contains("/me"))
    }

    @Test func collisionsNameBothFiles() async throws {
        let fixture = try FixtureSite(files: [
            "site.yml": Self.site,
            "content/posts/2026-01-01-a.md": "---\ntitle: A\naliases:\n  - /about/\n---\nA.\n",
            "content/posts/2026-01-02-b.md": "---\ntitle: B\naliases: [/x/]\n---\nB.\n",
            "content/posts/2026-01-03-c.md": "---\ntitle: C\nredirect_from: /x/\n---\nC.\n",
            "content/about.md": "---\ntitle: About\npermalink: /about/\n---\nMe.\n",
        ], withDefaults: false)
        defer { fixture.cleanUp() }
        do {
            _ = try await fixture.build()
            Issue.record("the build must fail")
        } catch {
            let messages = error.errors.map { "\($0.file):\($0.line):\($0.column): \($0.message)" }
            #expect(messages.contains("content/posts/2026-01-01-a.md:4:5: alias `/about/` would write about/index.html, which `content/about.md` writes"), "\(messages)")
            #expect(messages.contains("content/posts/2026-01-03-c.md:3:16: alias `/x/` would write x/index.html, which an alias of `content/posts/2026-01-02-b.md` writes"), "\(messages)")
        }
    }

    @Test func aSitesOwnRedirectsFileWins() async throws {
        let fixture = try FixtureSite(files: [
            "site.yml": Self.site,
            "content/_redirects": "/feed /feed.xml 301\n",
            "content/about.md": "---\ntitle: About\npermalink: /about/\naliases: [/me/]\n---\nMe.\n",
        ], withDefaults: false)
        defer { fixture.cleanUp() }
        _ = try await fixture.build()
        #expect(fixture.text("_redirects") == "/feed /feed.xml 301\n")
        #expect(fixture.text("me/index.html")?.contains("url=/about/") == true)
    }
}
