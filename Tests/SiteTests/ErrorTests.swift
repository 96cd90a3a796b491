import Foundation
import Testing
@testable import Site

/// Each class of bad input: a clear `file:line:col` error, all errors together, previous output untouched.
@Suite struct ErrorTests {
    static let good = "---\ntitle: Good\ndate: 2026-01-02\n---\nFine.\n"

    /// Builds a good site, applies `breakIt`, builds again, and returns the failure after checking the output survived.
    func failAfterGoodBuild(_ breakIt: (FixtureSite) throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) async throws -> BuildFailure {
        let site = try FixtureSite(files: ["content/posts/2026-01-02-good.md": Self.good])
        defer { site.cleanUp() }
        _ = try await site.build()
        let before = site.snapshot()
        #expect(!before.isEmpty, sourceLocation: sourceLocation)
        try breakIt(site)
        let failure = try #require(await site.failure(), "the build should fail", sourceLocation: sourceLocation)
        #expect(site.snapshot() == before, "previous output must survive a failed build", sourceLocation: sourceLocation)
        // Pages written before the failure went to a staging folder, which is gone again.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains(".galley-") }
        #expect(leftovers.isEmpty, "staging folders left behind: \(leftovers)", sourceLocation: sourceLocation)
        #expect(!failure.errors.isEmpty, sourceLocation: sourceLocation)
        return failure
    }

    @Test func invalidYAMLNamesFileAndLine() async throws {
        let f = try await failAfterGoodBuild { site in
            try site.write("content/posts/2026-02-01-bad.md", "---\ntitle: Bad\ntags: [a, b\ndate: 2026-02-01\n---\nBody\n")
        }
        let e = try #require(f.errors.first)
        #expect(e.file == "content/posts/2026-02-01-bad.md")
        // The unclosed `[` is on line 3, column 7: point there, not where libyaml noticed it.
        #expect(e.line == 3 && e.column == 7)
        #expect(e.message.contains("invalid YAML"))
        #expect(e.hint != nil)
        #expect(e.description.hasPrefix("content/posts/2026-02-01-bad.md:\(e.line):\(e.column): error: "))
    }

    @Test func invalidUTF8NamesLineAndColumn() async throws {
        let f = try await failAfterGoodBuild { site in
            var bytes = Array("---\ntitle: Latin\n---\nCaf".utf8)
            bytes.append(0xE9)   // é in Latin-1
            bytes += Array(" au lait\n".utf8)
            try site.write("content/posts/2026-02-02-latin.md", Data(bytes))
        }
        let e = try #require(f.errors.first)
        #expect(e.file == "content/posts/2026-02-02-latin.md")
        #expect(e.line == 4 && e.column == 4)
        #expect(e.message.contains("UTF-8"))
    }

    @Test func missingTitleAndDate() async throws {
        let f = try await failAfterGoodBuild { site in
            try site.write("content/posts/undated.md", "---\ntitle: Undated\n---\nNo date anywhere.\n")
            try site.write("content/posts/2026-03-01.md", "---\ndate: 2026-03-01\n---\nNo title anywhere.\n")
        }
        // All errors of one build are reported together.
        #expect(f.errors.contains { $0.file == "content/posts/undated.md" && $0.message.contains("no date") })
        #expect(f.errors.contains { $0.file == "content/posts/2026-03-01.md" && $0.message.contains("no title") })
    }

    @Test func badDateValuePointsAtTheKey() async throws {
        let f = try await failAfterGoodBuild { site in
            try site.write("content/posts/x.md", "---\ntitle: X\ndate: next tuesday\n---\nBody\n")
        }
        let e = try #require(f.errors.first)
        #expect(e.file == "content/posts/x.md" && e.line == 3)
        #expect(e.message.contains("next tuesday"))
    }

    @Test func unknownLayoutPointsAtTheLayoutLine() async throws {
        // A warning (the page falls back to the post template); an error under --strict.
        let site = try FixtureSite(files: ["content/posts/2026-02-03-x.md": "---\ntitle: X\nlayout: fancy\n---\nBody\n"])
        defer { site.cleanUp() }
        let report = try await site.build()
        let w = try #require(report.warnings.first)
        #expect(w.file == "content/posts/2026-02-03-x.md" && w.line == 3)
        #expect(w.message.contains("unknown layout `fancy`"))
    }

    @Test func templateSyntaxErrorNamesTemplateAndLine() async throws {
        let f = try await failAfterGoodBuild { site in
            try site.write("templates/page.liquid", "---\nlayout: base\n---\n<main>\n{% for tag in page.tags %}\n<li>{{ tag.name }}</li>\n</main>\n")
        }
        let e = try #require(f.errors.first)
        #expect(e.file == "templates/page.liquid")
        #expect(e.line == 5)   // the file's own line: after three lines of front matter
        #expect(e.message.contains("for") && e.message.contains("never closed"), "\(e)")
    }

    @Test func missingPartialIsAnError() async throws {
        let f = try await failAfterGoodBuild { site in
            try site.write("templates/page.liquid", "<main>\n  {% include sidebar.liquid %}\n</main>\n")
        }
        let e = try #require(f.errors.first)
        #expect(e.file == "templates/page.liquid" && e.line == 2 && e.column == 3, "\(e)")
        #expect(e.message.contains("sidebar.liquid"), "\(e)")
    }

    /// A build that was killed leaves its staging folder; the next build removes it (its process is gone),
    /// but not the folder of a build still running.
    @Test func abandonedStagingFoldersAreRemoved() async throws {
        let site = try FixtureSite(files: ["content/posts/2026-01-02-good.md": Self.good])
        defer { site.cleanUp() }
        var dead: Int32 = 999_999   // above Linux's default pid_max: no such process
        while kill(dead, 0) == 0 { dead += 1 }
        let abandoned = site.root.appendingPathComponent(".public.galley-new-\(dead)-1234")
        let running = site.root.appendingPathComponent(".public.galley-new-\(getpid())-5678")
        for folder in [abandoned, running] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("blog"), withIntermediateDirectories: true)
        }
        _ = try await site.build()
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        #expect(FileManager.default.fileExists(atPath: running.path))
        #expect(site.exists("index.html"))
    }

    @Test func twoSourcesForOneURL() async throws {
        let f = try await failAfterGoodBuild { site in
            try site.write("content/posts/2026-02-04-same.md", "---\ntitle: A\n---\nA\n")
            try site.write("content/blog/same.md", "---\ntitle: B\npermalink: /blog/same\n---\nB\n")
        }
        let e = try #require(f.errors.first { $0.message.contains("both write") })
        #expect(e.message.contains("content/blog/same.md") && e.message.contains("content/posts/2026-02-04-same.md"))
        #expect(e.message.contains("blog/same.html"))
    }

    @Test func permalinkLeavingTheOutputIsAnError() async throws {
        let f = try await failAfterGoodBuild { site in
            try site.write("content/evil.md", "---\ntitle: Evil\npermalink: /../../etc/passwd\n---\nx\n")
        }
        let e = try #require(f.errors.first)
        #expect(e.file == "content/evil.md" && e.line == 3)
        #expect(e.message.contains("outside the output folder"))
    }

    @Test func unterminatedFrontMatter() async throws {
        let f = try await failAfterGoodBuild { site in
            try site.write("content/posts/2026-02-05-open.md", "---\ntitle: Open\n\nNo closing fence.\n")
        }
        #expect(f.errors.first?.message.contains("never ends") == true)
    }

    @Test func missingSiteFile() async throws {
        let site = try FixtureSite(files: ["content/a.md": "x"], withDefaults: false)
        defer { site.cleanUp() }
        let f = try #require(await site.failure())
        #expect(f.errors.first?.message.contains("no site.yml") == true)
        #expect(f.errors.first?.hint?.contains("galley init") == true)
    }

    @Test func badSiteSettingsPointAtTheirLine() async throws {
        let site = try FixtureSite(files: ["site.yml": "title: T\nurl: https://x.org\ntimezone: Mars/Olympus\n",
                                           "content/posts/2026-01-02-good.md": Self.good])
        defer { site.cleanUp() }
        let f = try #require(await site.failure())
        let e = try #require(f.errors.first)
        #expect(e.file == "site.yml" && e.line == 3)
        #expect(e.message.contains("Mars/Olympus"))
    }

    @Test func outputMayNotBeTheSiteFolder() async throws {
        let site = try FixtureSite(files: ["content/posts/2026-01-02-good.md": Self.good])
        defer { site.cleanUp() }
        do {
            _ = try await SiteBuilder(options: BuildOptions(siteDirectory: site.root, outputDirectory: site.root)).build()
            Issue.record("building into the site folder must fail")
        } catch {
            #expect(error.errors.first?.message.contains("would replace") == true)
        }
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("content/posts/2026-01-02-good.md").path))
    }
}
