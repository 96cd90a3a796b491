import Foundation
import Testing
@testable import Site

@Suite struct ScaffoldTests {
    @Test func newPostIsDatedAndRefusesToOverwrite() throws {
        let site = try FixtureSite(files: [:])
        defer { site.cleanUp() }
        let date = try #require(SiteDates.parse("2026-11-22T09:30:00Z", timeZone: .init(identifier: "UTC")!))
        let file = try Scaffold.newPost(siteDirectory: site.root, title: "Why \"fast\" matters: a 50× story", date: date)
        #expect(file.lastPathComponent == "2026-11-22-why-fast-matters-a-50-story.md")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("title: \"Why \\\"fast\\\" matters: a 50× story\""))
        #expect(throws: Scaffold.Failure.self) { try Scaffold.newPost(siteDirectory: site.root, title: "Why fast matters: a 50× story", date: date) }
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
    }

    @Test func newPostBuilds() async throws {
        let site = try FixtureSite(files: [:])
        defer { site.cleanUp() }
        let date = try #require(SiteDates.parse("2026-01-05T08:00:00Z", timeZone: .init(identifier: "UTC")!))
        _ = try Scaffold.newPost(siteDirectory: site.root, title: "Fresh: post", date: date)
        _ = try await site.build()
        #expect(site.html("blog/fresh-post.html")?.string("//h1[@class='title']") == "Fresh: post")
    }

    @Test func initCreatesASiteThatBuilds() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("galley-init-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let date = try #require(SiteDates.parse("2026-01-05T08:00:00Z", timeZone: .init(identifier: "UTC")!))
        try Scaffold.initSite(at: dir, title: "New Site", date: date)
        let report = try await SiteBuilder(options: BuildOptions(siteDirectory: dir, now: date.addingTimeInterval(60))).build()
        #expect(report.posts == 1)
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let out = dir.appendingPathComponent("public")
        let home = try #require(HTMLDocument(try Data(contentsOf: out.appendingPathComponent("index.html"))))
        // The permalink `galley init` writes ends in `/`: blog/hello-world/index.html, which every static host serves.
        #expect(home.strings("//a/@href").contains("/blog/hello-world/"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("blog/hello-world/index.html").path))
        // A second init into the same folder refuses.
        #expect(throws: Scaffold.Failure.self) { try Scaffold.initSite(at: dir) }
    }

    /// The embedded default theme is templates/ as committed; scripts/embed-theme regenerates it.
    @Test func embeddedThemeMatchesTemplatesFolder() throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let theme = repo.appendingPathComponent("templates")
        var onDisk: [String: String] = [:]
        let e = try #require(FileManager.default.enumerator(at: theme, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]))
        for case let url as URL in e where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            let rel = String(url.standardizedFileURL.path.dropFirst(theme.standardizedFileURL.path.count + 1))
            onDisk[rel] = try String(contentsOf: url, encoding: .utf8)
        }
        #expect(!onDisk.isEmpty)
        #expect(Set(onDisk.keys) == Set(DefaultTheme.files.keys), "run scripts/embed-theme")
        for (k, v) in onDisk { #expect(DefaultTheme.files[k] == v, "templates/\(k) differs from the embedded copy; run scripts/embed-theme") }
    }
}
