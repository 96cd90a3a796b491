import Foundation
import Testing
@testable import Site

/// A build cannot be turned against its machine: nothing outside the site folder is read through a link.
@Suite struct SymlinkTests {
    /// A file outside the site, standing in for /etc/passwd or a CI runner's secrets.
    static func secret() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("galley-secret-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("token.md")
        try Data("---\ntitle: Token\n---\nSECRET-TOKEN-42\n".utf8).write(to: file)
        return file
    }

    func link(_ site: FixtureSite, _ path: String, to target: String) throws {
        let url = site.root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    @Test func aLinkOutOfTheSiteFailsTheBuildAndLeavesTheOutput() async throws {
        let secret = try Self.secret()
        defer { try? FileManager.default.removeItem(at: secret.deletingLastPathComponent()) }
        let site = try FixtureSite(files: ["content/posts/2026-01-01-a.md": "---\ntitle: A\n---\nA.\n"])
        defer { site.cleanUp() }
        _ = try await site.build()
        let before = site.snapshot()
        try link(site, "content/posts/2026-01-02-leak.md", to: secret.path)
        try link(site, "templates/partials/leak.liquid", to: secret.path)
        try link(site, "content/shared", to: secret.deletingLastPathComponent().path)   // a folder out of the site
        let failure = try #require(await site.failure())
        let messages = failure.errors.map(\.description)
        #expect(messages.contains { $0.hasPrefix("content/shared: error: content/shared is a symbolic link to \(FileWalk.realPath(secret.deletingLastPathComponent())), outside the site folder") })
        #expect(messages.contains { $0.hasPrefix("content/posts/2026-01-02-leak.md: error: content/posts/2026-01-02-leak.md is a symbolic link to \(FileWalk.realPath(secret)), outside the site folder: it is not read") })
        #expect(messages.contains { $0.hasPrefix("templates/partials/leak.liquid: error: templates/partials/leak.liquid is a symbolic link to") })
        #expect(site.snapshot() == before)
        #expect(!site.snapshot().values.contains { String(decoding: $0, as: UTF8.self).contains("SECRET-TOKEN-42") })
    }

    @Test func linksInsideTheSiteWorkAndFolderLinksAreNamed() async throws {
        let site = try FixtureSite(files: ["content/posts/2026-01-01-a.md": "---\ntitle: A\n---\nA.\n", "content/shared/logo.txt": "logo\n"])
        defer { site.cleanUp() }
        try link(site, "content/logo.txt", to: "shared/logo.txt")
        try link(site, "content/alias", to: "shared")
        let report = try await site.build()
        #expect(site.text("logo.txt") == "logo\n")
        #expect(report.warnings.map(\.description).contains { $0.hasPrefix("content/alias: warning: content/alias is a symbolic link to a folder") })
        #expect(!site.exists("alias/logo.txt"))
    }

    @Test func anOutsideFolderMayBeLinkedToOnlyByTheRunnersFlag() async throws {
        let secret = try Self.secret()
        defer { try? FileManager.default.removeItem(at: secret.deletingLastPathComponent()) }
        let site = try FixtureSite(files: [:])
        defer { site.cleanUp() }
        try link(site, "content/posts/2026-01-02-shared.md", to: secret.path)
        var options = BuildOptions(siteDirectory: site.root, now: Date(timeIntervalSince1970: 1_790_000_000))
        options.allowSymlinksTo = [secret.deletingLastPathComponent().path]
        _ = try await SiteBuilder(options: options).build()
        #expect(site.text("blog/shared.html")?.contains("SECRET-TOKEN-42") == true)
    }

    /// site.yml is the content's (a pull request's) to write: `allow_symlinks_to` there widens nothing.
    @Test func settingsCannotAllowOutsideReads() async throws {
        let secret = try Self.secret()
        defer { try? FileManager.default.removeItem(at: secret.deletingLastPathComponent()) }
        for allowed in ["/", secret.deletingLastPathComponent().path] {
            let site = try FixtureSite(files: ["site.yml": FixtureSite.siteYML + "\nallow_symlinks_to: [\(allowed)]\n"])
            defer { site.cleanUp() }
            try link(site, "content/posts/2026-01-02-shared.md", to: secret.path)
            try link(site, "templates/partials/footer.liquid", to: secret.path)
            try FileManager.default.createDirectory(at: site.root.appendingPathComponent("i18n"), withIntermediateDirectories: true)
            try link(site, "i18n/es.yml", to: secret.path)
            let failure = try #require(await site.failure())
            let text = failure.description
            #expect(text.contains("site.yml:9:") && text.contains("`allow_symlinks_to` is not read from site.yml") && text.contains("--allow-symlinks-to"), "\(text)")
            for file in ["content/posts/2026-01-02-shared.md", "templates/partials/footer.liquid", "i18n/es.yml"] {
                #expect(failure.errors.contains { $0.file == file && $0.message.contains("outside the site folder") }, "\(file): \(text)")
            }
            #expect(!text.contains("SECRET-TOKEN-42") && !site.exists("blog/shared.html"))
        }
    }

    @Test func settingsThatLinkOutAreRefused() async throws {
        let secret = try Self.secret()
        defer { try? FileManager.default.removeItem(at: secret.deletingLastPathComponent()) }
        let site = try FixtureSite(files: [:])
        defer { site.cleanUp() }
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("site.yml"))
        try link(site, "site.yml", to: secret.path)
        let failure = try #require(await site.failure())
        #expect(failure.errors.first?.message.hasPrefix("site.yml is a symbolic link to") == true)
    }
}
