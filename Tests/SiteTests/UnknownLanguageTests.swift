import Foundation
import Testing
@testable import Site

/// A code block language Galley does not know is reported once, at its first fence, with a count of the
/// rest (not once per fence: an imported Elixir blog had 286 of them), and each other language once too.
@Suite struct UnknownLanguageTests {
    @Test func oneWarningPerUnknownLanguageAtItsFirstFence() async throws {
        let fence = "```elixir\nIO.puts(\"hi\")\n```\n"
        let files = ["site.yml": "title: Langs\nurl: https://langs.example.org\n",
                     "content/posts/2026-01-01-a.md": "---\ntitle: A\n---\nOne.\n\n" + fence + "\nTwo.\n\n" + fence,
                     "content/posts/2026-01-02-b.md": "---\ntitle: B\n---\n" + fence + "\n```zig\nconst x = 1;\n```\n"]
        let site = try FixtureSite(files: files, withDefaults: false)
        defer { site.cleanUp() }
        let report = try await site.build()
        let unknown = report.warnings.filter { $0.message.hasPrefix("unknown code block language") }
        #expect(unknown.count == 2, "\(unknown)")
        let elixir = try #require(unknown.first { $0.message.contains("`elixir`") })
        #expect(elixir.file.hasSuffix("2026-01-01-a.md") && elixir.line == 6)
        #expect(elixir.message.contains("and 2 more fences with it, in 1 other file"), "\(elixir.message)")
        #expect(unknown.contains { $0.message.contains("`zig`") && !$0.message.contains("more fence") })
        // The fences themselves still render, as plain text.
        #expect(site.text("2026/01/02/b/index.html")?.contains("IO.puts") == true)
    }
}
