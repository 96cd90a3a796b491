import Foundation
import Testing
@testable import Site

/// A "billion laughs" front matter fails at once, at the alias, in bounded time and memory; ordinary
/// anchors and merges keep working.
@Suite(.timeLimit(.minutes(1))) struct YAMLAliasTests {
    static func bomb(block: Bool) -> String {
        var lines = ["title: Bomb"]
        lines += block ? ["a: &a"] + Array(repeating: "  - lol", count: 9) : ["a: &a [\(Array(repeating: "\"lol\"", count: 9).joined(separator: ","))]"]
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            lines += block ? ["\(name): &\(name)"] + Array(repeating: "  - *\(previous)", count: 9)
                : ["\(name): &\(name) [\(Array(repeating: "*\(previous)", count: 9).joined(separator: ","))]"]
            previous = name
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: [false, true])
    func aliasBombIsAnErrorAtTheAlias(block: Bool) {
        let started = ContinuousClock.now
        let result = YAMLDocument.parse(Self.bomb(block: block), file: "content/posts/x.md", lineOffset: 1)
        guard case .failure(let d) = result else { Issue.record("the bomb parsed"); return }
        // 9^5 = 59049 values by `*e`, 9^6 past the bound at the first `*f`.
        #expect(d.message == "YAML aliases expand to more than 100000 values by `*f` here")
        #expect(d.line == (block ? 64 : 9) && d.column == (block ? 5 : 8))
        #expect(ContinuousClock.now - started < .seconds(5))   // generous: it takes milliseconds
    }

    @Test func ordinaryAnchorsAndMergesWork() throws {
        let yaml = "title: M\ndefaults: &d\n  author: Ana\n  tags: [a, b]\nparams:\n  <<: *d\n  mood: calm\nother: *d\n"
        guard case .success(let doc) = YAMLDocument.parse(yaml, file: "x.md", lineOffset: 0) else { Issue.record("did not parse"); return }
        #expect(doc["params"]?["author"]?.text == "Ana" && doc["params"]?["mood"]?.text == "calm")
        #expect(doc["other"]?["tags"].map { if case .list(let l) = $0 { l.count } else { 0 } } == 2)
        #expect(doc.values.first { $0.key == "other" }?.line == 8)
    }

    @Test func theBuildFailsFastAndKeepsThePreviousOutput() async throws {
        let site = try FixtureSite(files: ["content/posts/2026-01-01-a.md": "---\ntitle: A\n---\nA.\n"])
        defer { site.cleanUp() }
        _ = try await site.build()
        let before = site.snapshot()
        try site.write("content/posts/2026-01-02-bomb.md", "---\n" + Self.bomb(block: false) + "---\nBoom.\n")
        let failure = try #require(await site.failure())
        #expect(failure.errors.map(\.description).first?.hasPrefix("content/posts/2026-01-02-bomb.md:9:8: error: YAML aliases expand") == true)
        #expect(site.snapshot() == before)
    }
}
