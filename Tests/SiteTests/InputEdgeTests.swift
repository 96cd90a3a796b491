import Foundation
import Testing
import TestSupport
@testable import Site

/// Inputs at the edges a careless paste or an old archive reaches: control characters in the text,
/// dates far in the past or future. Each builds or fails at its source line, never in a feed check.
@Suite struct InputEdgeTests {
    static let controls: [UInt32] = Array(0x01...0x08) + [0x0B, 0x0C] + Array(0x0E...0x1F) + [0x7F, 0xFFFE, 0xFFFF]

    @Test func controlCharactersAreRemovedEverywhereWithAWarningAtTheirLine() async throws {
        var rng = SplitMix(seed: 0xC0C0)
        for round in 0..<12 {
            var lines = ["Intro line.", "", "Second *paragraph* with `code`.", "", "```swift", "let x = 1", "```", "", "- item one", "- item two"]
            var expected: Set<Int> = []
            for _ in 0..<(1 + rng.below(4)) {
                let l = rng.below(lines.count)
                var scalars = Array(lines[l].unicodeScalars)
                scalars.insert(Unicode.Scalar(Self.controls[rng.below(Self.controls.count)])!, at: rng.below(scalars.count + 1))
                var v = String.UnicodeScalarView(); v.append(contentsOf: scalars); lines[l] = String(v)
                expected.insert(l + 5)   // front matter is lines 1–4
            }
            let site = try FixtureSite(files: ["content/posts/2026-01-01-c.md": "---\ntitle: C\ntags: [x]\n---\n" + lines.joined(separator: "\n") + "\n"])
            defer { site.cleanUp() }
            let report = try await site.build()
            let warned = Set(report.warnings.filter { $0.message.contains("control character") }.map(\.line))
            #expect(warned == expected, "round \(round): \(lines)")
            for file in ["blog/c.html", "feed.xml", "atom.xml", "feed.json", "tags/x/feed.xml", "index.html"] {
                let text = try #require(site.text(file), "\(file)")
                #expect(!text.unicodeScalars.contains { ControlCharacters.isControl($0.value) }, "round \(round): control left in \(file)")
            }
            #expect(site.text("blog/c.html")?.contains("Intro line") == true)
        }
    }

    @Test func datesOutsideTheFeedsYearsAreErrorsAtTheDateLine() async throws {
        for (date, builds) in [("0001-01-01", false), ("0100-06-01", false), ("1969-12-31", false), ("1989-12-31 23:00:00 +0000", false),
                               ("9999-12-31", false), ("2201-01-01", false), ("1990-01-02", true), ("2026-03-06", true), ("2025-12-30", true)] {
            for zone in ["UTC", "America/Los_Angeles", "Pacific/Kiritimati"] {
                let yml = FixtureSite.siteYML.replacingOccurrences(of: "timezone: UTC", with: "timezone: \(zone)")
                let site = try FixtureSite(files: ["site.yml": yml, "content/posts/2026-01-01-d.md": "---\ntitle: D\ndate: \(date)\n---\nText.\n"])
                defer { site.cleanUp() }
                let failure = await site.failure()
                if builds {
                    #expect(failure == nil, "\(date) \(zone): \(failure?.description ?? "")")
                    #expect(site.text("feed.xml")?.contains("<item>") == true)
                } else {
                    let errors = try #require(failure, "\(date) \(zone) built").errors
                    #expect(errors.count == 1 && errors[0].file == "content/posts/2026-01-01-d.md" && errors[0].line == 3, "\(date) \(zone): \(errors)")
                    #expect((errors.first?.hint ?? "").contains("bug in Galley") == false)
                }
            }
        }
    }
}

/// Where the output goes: never inside what the build reads, and nothing left beside it.
@Suite struct OutputPlaceTests {
    @Test func anOutputInsideTheSourcesIsRefusedAndNothingNests() async throws {
        for place in ["content/out", "content/posts/x/y", "templates/build", "i18n/out"] {
            let site = try FixtureSite(files: ["content/posts/2026-01-01-a.md": "---\ntitle: A\n---\nA.\n"])
            defer { site.cleanUp() }
            let out = site.root.appendingPathComponent(place)
            var failure: BuildFailure?
            do { _ = try await SiteBuilder(options: BuildOptions(siteDirectory: site.root, outputDirectory: out)).build() } catch { failure = error }
            let e = try #require(failure?.errors.first, "\(place) built")
            #expect(e.message.contains("inside") && e.message.contains("which the build reads"), "\(e)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }

    @Test func aReadOnlyOutputIsReplacedWithoutLeftovers() async throws {
        let site = try FixtureSite(files: ["content/posts/2026-01-01-a.md": "---\ntitle: A\n---\nA.\n"])
        defer { site.cleanUp() }
        _ = try await site.build()
        // Read-only folders in the old output (as a deploy tool or `chmod -R a-w` leaves them).
        for dir in ["blog", "tags", ""] { chmod(site.output.appendingPathComponent(dir).path, 0o555) }
        try site.write("content/posts/2026-01-02-b.md", "---\ntitle: B\n---\nB.\n")
        _ = try await site.build()
        #expect(site.exists("blog/b.html"))
        let beside = try FileManager.default.contentsOfDirectory(atPath: site.root.path)
        #expect(!beside.contains { $0.contains("galley-old") || $0.contains("galley-new") }, "\(beside)")
        chmod(site.output.path, 0o755)
    }
}
