import Foundation
import Testing
@testable import Site

/// The passes that run at the end of a build, split over all cores: the same results, in the same order,
/// as one pass over everything.
@Suite struct BuildTailTests {
    @Test func partsOnAllCoresJoinToTheWholeInOrder() {
        for count in [0, 1, 2, 3, 7, 63, 64, 255, 256, 1001] {
            for minimum in [1, 64, 256, Int.max] {
                let parts = onAllCores(count, minimum: minimum) { range in range.map { $0 * $0 } }
                #expect(Array(parts.joined()) == (0..<count).map { $0 * $0 }, "count \(count), minimum \(minimum)")
                // One part below the minimum; otherwise one per core at most, none empty unless there are more cores than items.
                if count < minimum { #expect(parts.count == 1) }
                #expect(parts.count <= max(1, ProcessInfo.processInfo.activeProcessorCount))
            }
        }
    }

    /// 300 posts (the audit splits from 256), each with a broken link, a broken anchor on another post and a
    /// broken image: every warning is there once, at its own line and column, in page order.
    @Test func aLargeSiteLinkAuditWarnsAsOnePassWould() async throws {
        let count = 300
        var files: [String: String] = [:]
        var expected: [String] = []
        /// A warning's place: the line in the file and the column where the URL starts in it.
        func at(_ url: String, in line: String, _ n: Int) -> String {
            "\(n):\(line.components(separatedBy: url)[0].utf8.count + 1)"
        }
        for i in 0..<count {
            let name = String(format: "p%03d", i)
            let next = String(format: "p%03d", (i + 1) % count)
            let file = "content/posts/2025-01-01-\(name).md"
            let fine = "Fine: [next](/blog/\(next)#real-heading). Gone: [x](/nowhere/\(i)/)."
            let anchor = "Anchor: [y](/blog/\(next)#missing-\(i)) and ![z](/images/none-\(i).png)."
            files[file] = "---\ntitle: Post \(i)\n---\n## Real heading\n\n\(fine)\n\n\(anchor)\n"
            expected.append("\(file):\(at("/nowhere/\(i)/", in: fine, 6)): link `/nowhere/\(i)/` leads to nothing in the site")
            expected.append("\(file):\(at("/blog/\(next)#missing-\(i)", in: anchor, 8)): `#missing-\(i)` is not an id on `/blog/\(next)`")
            expected.append("\(file):\(at("/images/none-\(i).png", in: anchor, 8)): image `/images/none-\(i).png` leads to nothing in the site")
        }
        let site = try FixtureSite(files: files)
        defer { site.cleanUp() }
        let report = try await site.build()
        let got = report.warnings.filter { $0.file.hasPrefix("content/posts/") }
            .map { "\($0.file):\($0.line):\($0.column): \($0.message.components(separatedBy: "; did you mean").first!)" }
        #expect(got.count == 3 * count)
        // In page order: each post's three warnings together, posts one after another.
        #expect(got == expected)
    }

    /// A one-shot build (the CLI's) keeps its tables until exit; any other build lets them go.
    @Test func onlyAOneShotBuildParksItsTables() async throws {
        let site = try FixtureSite(files: ["content/posts/2025-01-01-a.md": "---\ntitle: A\n---\nText.\n"])
        defer { site.cleanUp() }
        let before = ExitParking.count
        var options = BuildOptions(siteDirectory: site.root, outputDirectory: site.root.appendingPathComponent("out-a"))
        _ = try await SiteBuilder(options: options).build()
        #expect(ExitParking.count == before)
        options.processExitsAfter = true
        options.outputDirectory = site.root.appendingPathComponent("out-b")
        let report = try await SiteBuilder(options: options).build()
        #expect(ExitParking.count == before + 2)   // the session and what it assembled
        #expect(report.posts == 1)
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("out-b/blog/a.html").path))
    }
}
