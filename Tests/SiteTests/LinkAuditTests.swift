import Foundation
import Testing
@testable import Site

/// A link, anchor or image that leads nowhere is a build warning at the Markdown line that wrote it.
@Suite struct LinkAuditTests {
    static let files = [
        "content/posts/2026-01-01-offline-first-sync-engine.md": "---\ntitle: Sync\n---\n## What I measured\n\nText.\n",
        "content/posts/2026-01-02-b.md": """
        ---
        title: B
        ---
        See [the sync post](/blog/offline-first-sync-engin) and [its numbers](/blog/offline-first-sync-engine#what-i-mesured).

        Fine: [sync](/blog/offline-first-sync-engine#what-i-measured), [tags](/tags/), [up](#notes), [feed](/feed.xml), ![ok](/images/a.png).

        ## Notes

        ![missing](/images/nope.png) and [mail](mailto:a@b.org) and [ext](https://example.org/x).
        """,
        "content/images/a.png": "GIF89a\u{10}\u{0}\u{0C}\u{0}",   // a GIF header, as far as sizes are read: 16×12
    ]

    @Test func brokenLinksAnchorsAndImagesAreWarnedAtTheirSource() async throws {
        let site = try FixtureSite(files: Self.files)
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } == [
            "content/posts/2026-01-02-b.md:4:21: link `/blog/offline-first-sync-engin` leads to nothing in the site; did you mean `/blog/offline-first-sync-engine`?",
            "content/posts/2026-01-02-b.md:4:71: `#what-i-mesured` is not an id on `/blog/offline-first-sync-engine`; did you mean `#what-i-measured`?",
            "content/posts/2026-01-02-b.md:10:12: image `/images/nope.png` leads to nothing in the site",
        ])
    }

    @Test func underABasePathRootRelativeLinksGetIt() async throws {
        var files = Self.files
        files["site.yml"] = FixtureSite.siteYML.replacingOccurrences(of: "url: https://blog.example.org", with: "url: https://u.github.io/project")
        files["content/posts/2026-01-02-b.md"] = "---\ntitle: B\n---\n[with](/project/blog/offline-first-sync-engine) [without](/blog/offline-first-sync-engine) ![i](/images/a.png) [gone](/blog/nope)\n"
        let site = try FixtureSite(files: files)
        defer { site.cleanUp() }
        let report = try await site.build()
        // Written without the base path, a root-relative link gets it once; one that already has it keeps it.
        let page = try #require(site.text("blog/b.html"))
        #expect(page.contains("<a href=\"/project/blog/offline-first-sync-engine\">with</a> <a href=\"/project/blog/offline-first-sync-engine\">without</a>"))
        #expect(page.contains("src=\"/project/images/a.png\""))
        #expect(report.warnings.map(\.message) == ["link `/project/blog/nope` leads to nothing in the site"])
    }
}
