import Foundation
import Testing
import TestSupport
@testable import Site

/// Fuzz target: generated and mutated front matter (the SimpleYAML fast path and Yams behind it).
/// No crash, bounded time, and every failure points inside the text with a line and column.
@Suite struct FrontMatterFuzzTests {
    static let fragments = [
        "title: Hello\n", "title: \"Quoted: yes\"\n", "date: 2026-03-06 10:00:00 +0100\n", "tags: [swift, \"kotlin\", 3]\n",
        "tags:\n  - a\n  - b\n", "author:\n  name: Ana\n  email: a@b.c\n", "draft: true\n", "description: >\n  folded\n  text\n",
        "defaults: &d\n  x: 1\n", "params:\n  <<: *d\n  y: 2\n", "other: *d\n", "list: &l [1, 2, 3]\n", "more: [*l, *l]\n",
        "weird: 'it''s'\n", "empty:\n", "nul: ~\n", "num: 0x1F\n", "emoji: 😀\n", "  bad indent: x\n", "- not a map\n", "key: [unclosed\n",
        "tab:\tvalue\n", "colon: a: b\n", "? complex\n: key\n", "%YAML 1.2\n", "---\n",
    ]

    @Test func generatedFrontMatterParsesOrFailsAtALine() {
        var fuzz = Fuzz(seed: 0x7961_6D6C)
        var worst = 0.0
        for n in 0..<500 {
            let yaml = fuzz.document(from: Self.fragments, count: 1 + fuzz.rng.below(10), mutations: 4)
            let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).count
            let started = ContinuousClock.now
            let result = YAMLDocument.parse(yaml, file: "content/posts/x.md", lineOffset: 1)
            worst = max(worst, Double((ContinuousClock.now - started).components.attoseconds) / 1e18)
            if case .failure(let d) = result {
                #expect(d.severity == .error && d.line >= 1 && d.line <= lines + 2 && d.column >= 1, "case \(n): \(d) for \(yaml.debugDescription)")
            }
        }
        #expect(worst < 1.0, "slowest front matter took \(worst) s")
    }

    @Test func wholeFilesLoadOrReportAtALine() throws {
        var fuzz = Fuzz(seed: 99)
        let site = try FixtureSite(files: [:])
        defer { site.cleanUp() }
        let loader = ContentLoader(siteDirectory: site.root, config: SiteConfig())
        for n in 0..<150 {
            let text = "---\n" + fuzz.document(from: Self.fragments, count: 1 + fuzz.rng.below(6), mutations: 3) + "---\nBody \(n).\n"
            try site.write("content/posts/2026-01-01-f\(n).md", text)
            let sink = DiagnosticSink()
            _ = loader.load("content/posts/2026-01-01-f\(n).md", diagnostics: sink)
            for d in sink.all where d.severity == .error {
                #expect(d.line >= 1, "case \(n): \(d)")
            }
        }
    }
}
