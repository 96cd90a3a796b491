import Foundation
import Testing
import TestSupport
@testable import Site

/// Tag sets as careless or hostile authors write them: names that make one URL (`Swift`/`swift`,
/// `node.js`/`nodejs`, `!!!`/`???`), repeats, hundreds of tags on one post. Every site builds (its
/// feeds pass their own check), each URL is one tag page listing each post once, a merge is a
/// warning at the front matter line, and output grows linearly, not with the square of the tag count.
@Suite struct TagSetTests {
    static let variants = ["Swift", "swift", "SWIFT", "node.js", "nodejs", "Node JS", "C++", "c++", "C#", "C", "!!!", "???", "é", "É",
                           "Café", "cafe", "a b", "a-b", "a_b", "performance", "Performance!", "x", "x "]

    /// Files under `tags/` of the output: folder name → its index.html.
    static func tagPages(_ site: FixtureSite) -> [String: String] {
        let dir = site.output.appendingPathComponent("tags")
        var out: [String: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] {
            if let text = site.text("tags/\(name)/index.html") { out[name] = text }
        }
        return out
    }

    @Test func namesOfOneURLMakeOnePageListingEachPostOnce() async throws {
        var rng = SplitMix(seed: 0x7A65)
        for round in 0..<25 {
            var files = ["site.yml": FixtureSite.siteYML.replacingOccurrences(of: "paginate: 2", with: "paginate: 0")]
            var expected = Set<String>()
            var lines: [String] = []
            for p in 0..<(1 + rng.below(3)) {
                let names = (0..<(1 + rng.below(6))).map { _ in Self.variants[rng.below(Self.variants.count)] }
                for n in names { expected.insert(Slug.term(n)) }
                let yaml = "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
                lines.append(yaml)
                files["content/posts/2026-01-0\(p + 1)-p\(p).md"] = "---\ntitle: P\(p)\ntags: \(yaml)\n---\nBody \(p).\n"
            }
            let site = try FixtureSite(files: files)
            defer { try? FileManager.default.removeItem(at: site.root) }
            let report: BuildReport
            do { report = try await site.build() } catch { Issue.record("round \(round) \(lines): \(error)"); continue }
            let pages = Self.tagPages(site)
            #expect(Set(pages.keys) == expected, "round \(round) \(lines)")
            for (slug, html) in pages {
                // Each post at most once on its tag's page.
                for p in 0..<3 { #expect(html.components(separatedBy: "/blog/p\(p)\"").count <= 2, "post \(p) twice on \(slug): \(lines)") }
                let rss = try #require(site.text("tags/\(slug)/feed.xml"), "no feed for \(slug)")
                #expect(rss.components(separatedBy: "<item>").count - 1 == html.components(separatedBy: "<li><a href=\"/blog/p").count - 1)
            }
            for w in report.warnings where w.message.contains("make one URL") {
                #expect(w.line == 3 && w.file.hasPrefix("content/posts/"), "\(w)")
            }
        }
    }

    @Test func manyTagsOnOnePostGrowTheOutputLinearlyAndWarn() async throws {
        var sizes: [Int: Int] = [:]
        for count in [100, 400] {
            let tags = (0..<count).map { "tag\($0)" }.joined(separator: ", ")
            let site = try FixtureSite(files: ["content/posts/2026-01-01-many.md": "---\ntitle: Many\ntags: [\(tags)]\n---\nText.\n"])
            defer { try? FileManager.default.removeItem(at: site.root) }
            let report = try await site.build()
            let warning = try #require(report.warnings.first { $0.message.contains("tags on one post") })
            #expect(warning.line == 3 && warning.message.contains("\(count) tags"))
            var total = 0
            for case let url as URL in FileManager.default.enumerator(at: site.output, includingPropertiesForKeys: [.fileSizeKey])! {
                total += (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            }
            sizes[count] = total
            #expect(Self.tagPages(site).count == TermLists.limit)
        }
        // Four times the tags: at most four times the bytes (quadratic growth was sixteen).
        #expect(Double(sizes[400]!) <= 4.0 * Double(sizes[100]!), "\(sizes)")
    }
}
