import Foundation
import Testing
@testable import Site

/// `highlight.theme` in site.yml: every built-in name is accepted and becomes assets/syntax.css;
/// a misspelt one is an error at its line with the nearest name as a hint.
@Suite struct HighlightThemeSiteTests {
    static let post = "---\ntitle: Code\ndate: 2026-01-02\n---\n```swift\nlet x = \"s\"\n```\n"

    func site(theme: String) throws -> FixtureSite {
        try FixtureSite(files: ["site.yml": FixtureSite.siteYML + "\nhighlight:\n  theme: \(theme)\n",
                                "content/posts/2026-01-02-code.md": Self.post])
    }

    @Test func popularThemesBecomeTheSiteStylesheet() async throws {
        for (theme, expected) in [("tokyo-night", "prefers-color-scheme: dark"), ("solarized-dark", ".highlight { background: #002b36;"),
                                  ("catppuccin-latte", ".highlight { background: #eff1f5;")] {
            let site = try site(theme: theme)
            defer { site.cleanUp() }
            _ = try await site.build()
            let css = try #require(site.text("assets/syntax.css"), "\(theme)")
            #expect(css.contains(expected), "\(theme): \(css.prefix(200))")
        }
    }

    @Test func aMisspeltThemeSuggestsTheNearest() async throws {
        let site = try site(theme: "solarised")
        defer { site.cleanUp() }
        let f = try #require(await site.failure())
        let e = try #require(f.errors.first { $0.message.contains("unknown highlight theme `solarised`") }, "\(f)")
        #expect(e.file == "site.yml")
        #expect(e.hint?.hasPrefix("did you mean `solarized`?") == true, "\(e.hint ?? "no hint")")
        #expect(e.hint?.contains("galley highlight css --list") == true)
    }
}
