import Foundation
import Testing
@testable import Site

/// First contact: a folder with only content/ and site.yml builds with the built-in theme, which a
/// site's own templates/ overrides file by file.
@Suite struct ThemeFallbackTests {
    static let files = ["site.yml": "title: Bare\nurl: https://bare.example.org\n",
                        "content/posts/2026-01-01-hi.md": "---\ntitle: Hi\n---\nHello **there**.\n"]

    @Test func contentAloneBuildsWithTheBuiltInTheme() async throws {
        let site = try FixtureSite(files: Self.files, withDefaults: false)
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.isEmpty)
        let post = try #require(site.text("2026/01/01/hi/index.html"))
        #expect(post.contains("<strong>there</strong>") && post.contains("href=\"/assets/galley.css\""))
        // The theme's assets are written too, byte for byte as built in.
        #expect(site.data("assets/galley.css") == Data(DefaultTheme.files["assets/galley.css"]!.utf8))
        for page in ["index.html", "archive/index.html", "tags/index.html", "404.html"] { #expect(site.exists(page), "\(page)") }
    }

    @Test func aSiteTemplateOrAssetOverridesItsBuiltInFile() async throws {
        var files = Self.files
        files["templates/partials/footer.liquid"] = "<footer class=\"mine\">My footer</footer>"
        files["templates/assets/galley.css"] = "body { color: red }\n"
        let site = try FixtureSite(files: files, withDefaults: false)
        defer { site.cleanUp() }
        _ = try await site.build()
        #expect(site.text("2026/01/01/hi/index.html")?.contains("<footer class=\"mine\">My footer</footer>") == true)
        #expect(site.text("assets/galley.css") == "body { color: red }\n")
    }

    @Test func ejectCopiesWithoutOverwriting() throws {
        let site = try FixtureSite(files: Self.files.merging(["templates/post.liquid": "mine"]) { a, _ in a }, withDefaults: false)
        defer { site.cleanUp() }
        let (written, kept) = try Scaffold.ejectTheme(siteDirectory: site.root, names: ["post", "partials/head", "assets/galley.css"])
        #expect(written == ["templates/partials/head.liquid", "templates/assets/galley.css"] && kept == ["templates/post.liquid"])
        #expect(try String(contentsOf: site.root.appendingPathComponent("templates/post.liquid"), encoding: .utf8) == "mine")
        #expect(throws: Scaffold.Failure.self) { try Scaffold.ejectTheme(siteDirectory: site.root, names: ["psot"]) }
    }

    @Test func aJekyllFolderGetsTheImportHint() async throws {
        let site = try FixtureSite(files: ["_config.yml": "title: J\n", "_posts/2026-01-01-a.md": "---\ntitle: A\n---\nA\n"], withDefaults: false)
        defer { site.cleanUp() }
        let failure = try #require(await site.failure())
        #expect(failure.errors.first?.hint?.contains("galley import jekyll") == true)
    }
}
