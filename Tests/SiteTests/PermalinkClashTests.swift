import Foundation
import Testing
import TestSupport
@testable import Site

/// Permalinks and slugs against the files a build generates (feeds, sitemap, search index, home, tag
/// pages) and against each other: a build either succeeds with every generated file intact and every
/// page written as `.html` under a visible name, or fails with errors at the content files, none of
/// them "bug in Galley". Dotted slugs are pages; `..`, hidden and over-long names are errors.
@Suite struct PermalinkClashTests {
    static let generated = ["/feed.xml", "/atom.xml", "/feed.json", "/sitemap.xml", "/robots.txt", "/search/manifest.json",
                            "/tags/swift/feed.xml", "/index.html", "/", "/404.html", "/tags/", "/archive/", "/tags/swift/"]
    static let slugs = ["index", "swift-5.9-released", "v1.2.3", "../../../x", ".hidden", "..", "a/../../b", "feed.xml", "sitemap",
                        String(repeating: "long-", count: 60), "ok", "ok", "tags", "page"]

    @Test func generatedFilesAreNeverReplacedAndPagesAreVisibleHTML() async throws {
        var rng = SplitMix(seed: 0xFEED)
        for round in 0..<40 {
            var files: [String: String] = ["content/about.md": "---\ntitle: About\n---\nHi.\n"]
            var described: [String] = []
            let count = 1 + rng.below(3)
            for p in 0..<count {
                let slug = Self.slugs[rng.below(Self.slugs.count)]
                files["content/posts/2026-01-0\(p + 1)-p\(p).md"] = "---\ntitle: P\(p)\nslug: \"\(slug)\"\ntags: [Swift]\n---\nBody.\n"
                described.append("post slug \(slug)")
            }
            if rng.below(2) == 0 {
                let permalink = Self.generated[rng.below(Self.generated.count)]
                files["content/page.md"] = "---\ntitle: Page\npermalink: \(permalink)\n---\nText.\n"
                described.append("page at \(permalink)")
            }
            let site = try FixtureSite(files: files)
            defer { try? FileManager.default.removeItem(at: site.root) }
            let context = "round \(round): \(described)"
            do {
                _ = try await site.build()
            } catch {
                for e in error.errors {
                    #expect(e.file.hasPrefix("content/") && e.line > 0, "\(e) \(context)")
                    #expect(!(e.hint ?? "").contains("bug in Galley"), "\(e) \(context)")
                }
                continue
            }
            // Generated files are what they claim to be.
            for xml in ["feed.xml", "atom.xml", "sitemap.xml", "tags/swift/feed.xml"] {
                let text = try #require(site.text(xml), "\(xml) missing: \(context)")
                #expect(text.hasPrefix("<?xml"), "\(xml) replaced: \(context)")
            }
            #expect(site.text("feed.json")?.hasPrefix("{") == true, "feed.json replaced: \(context)")
            #expect(site.text("index.html")?.contains("P\(count - 1)<") == true, "home replaced: \(context)")
            // Every post is a visible .html file (a dotted slug included).
            let all = FileManager.default.enumerator(atPath: site.output.path)!.compactMap { $0 as? String }
            #expect(!all.contains { $0.split(separator: "/").contains { $0.hasPrefix(".") } }, "hidden output: \(context)")
            for p in 0..<3 where files["content/posts/2026-01-0\(p + 1)-p\(p).md"] != nil {
                #expect(all.contains { $0.hasSuffix(".html") && (site.text($0)?.contains("<h1 class=\"title\">P\(p)</h1>") ?? false) }, "P\(p) not an .html page: \(context)")
            }
        }
    }

    @Test func dottedSlugIsAPageAndBadSlugsAreErrorsAtTheirLine() async throws {
        let site = try FixtureSite(files: ["content/posts/2026-01-01-a.md": "---\ntitle: A\nslug: swift-5.9-released\n---\nA.\n"])
        defer { try? FileManager.default.removeItem(at: site.root) }
        _ = try await site.build()
        #expect(site.exists("blog/swift-5.9-released.html"))
        for (slug, words) in [("../../../x", "hidden"), (String(repeating: "é", count: 130), "bytes")] {
            let bad = try FixtureSite(files: ["content/posts/2026-01-01-a.md": "---\ntitle: A\nslug: \"\(slug)\"\n---\nA.\n"])
            defer { try? FileManager.default.removeItem(at: bad.root) }
            let e = try #require(await bad.failure()?.errors.first)
            #expect(e.file == "content/posts/2026-01-01-a.md" && e.line == 3 && e.message.contains(words), "\(e)")
            #expect(!(e.hint ?? "").contains("permission"))
        }
    }
}
