import Foundation
import Testing
import TextBytes
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

    /// A literal link in the site's own template (a footer menu) is checked once, at the template's line,
    /// with the nearest page; links holding Liquid and those that resolve are not reported.
    @Test func brokenTemplateLinksAreWarnedAtTheTemplateLine() async throws {
        var files = Self.files
        files["content/about.md"] = "---\ntitle: About\n---\nMe.\n"
        files["templates/base.liquid"] = FixtureSite.templates["templates/base.liquid"]!
            + "\n<footer><a href=\"/abot/\">About</a> <a href=\"/tags/\">Tags</a> <a href=\"{{ site.home }}x/\">Home</a>\n<img src=\"/images/logo.png\" alt=\"\"></footer>"
        let site = try FixtureSite(files: files)
        defer { site.cleanUp() }
        let report = try await site.build()
        let mine = report.warnings.filter { $0.file == "templates/base.liquid" }.map { "\($0.line):\($0.column): \($0.message)" }
        #expect(mine == ["5:18: link `/abot/` leads to nothing in the site; did you mean `/about.html`?",
                         "6:11: image `/images/logo.png` leads to nothing in the site"], "\(report.warnings)")
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

/// The cost of "did you mean", counted: each distinct broken target is compared only with pages
/// under its first segment whose length is within the distance allowed, once however often it is linked.
@Suite struct LinkSuggestionCostTests {
    @Test func editDistancesPerDistinctTargetAreBounded() async throws {
        var files: [String: String] = [:]
        // 60 posts under /blog/, 20 pages under /documentation/server/guides/.
        for i in 0..<60 { files["content/posts/2026-01-\(String(format: "%02d", i % 28 + 1))-post-number-\(i).md"] = "---\ntitle: P\(i)\n---\nText.\n" }
        for i in 0..<20 { files["content/documentation/server/guides/guide-\(i).md"] = "---\ntitle: G\(i)\n---\nText.\n" }
        // N broken links over D distinct targets, each written three times: typos of posts, other sections, images.
        var body = ""
        let distinct = 40
        for i in 0..<distinct {
            let target = i % 4 == 0 ? "/blog/post-numbr-\(i)" : i % 4 == 1 ? "/packages/thing-\(i).html" : i % 4 == 2 ? "/images/missing-\(i).png" : "/blog/\(String(repeating: "z", count: i))"
            for _ in 0..<3 { body += (i % 4 == 2 ? "![x](\(target)) " : "[x](\(target)) ") }
            body += "\n\n"
        }
        files["content/posts/2026-02-01-links.md"] = "---\ntitle: Links\n---\n" + body
        let site = try FixtureSite(files: files)
        defer { site.cleanUp() }
        let report = try await site.build()
        let broken = report.warnings.filter { $0.message.contains("leads to nothing") }
        #expect(broken.count == distinct)   // one warning per distinct target on a page
        // Only /blog/ typos are compared, each with the 61 /blog/ pages at most: far below 40 × 81.
        #expect(report.suggestionComputations <= (distinct / 4 + distinct / 4) * 61, "\(report.suggestionComputations)")
        #expect(report.suggestionComputations > 0)
        // Close typos are answered, far ones are not, and another section never is.
        #expect(broken.contains { $0.message.contains("`/blog/post-numbr-0`") && $0.message.contains("did you mean `/blog/post-number-0`?") })
        #expect(!broken.contains { $0.message.contains("/packages/") && $0.message.contains("did you mean") })
        #expect(!broken.contains { $0.message.contains("zzzz") && $0.message.contains("did you mean") })
    }

    @Test func boundedDistanceAgreesWithTheFullOneWithinItsLimit() {
        var rng = UInt64(0x51)
        func next() -> Int { rng = rng &* 6364136223846793005 &+ 1442695040888963407; return Int(rng >> 33) }
        for _ in 0..<3000 {
            let a = (0..<(next() % 12)).map { _ in UInt8(0x61 + next() % 4) }
            let b = (0..<(next() % 12)).map { _ in UInt8(0x61 + next() % 4) }
            let full = EditDistance.osa(a.map { Character(UnicodeScalar($0)) }, b.map { Character(UnicodeScalar($0)) })
            for limit in 0...5 {
                let bounded = BoundedEditDistance.osa(a, b, limit: limit)
                #expect(bounded == (full <= limit ? full : nil), "\(a) \(b) limit \(limit): \(String(describing: bounded)) vs \(full)")
            }
        }
    }
}
