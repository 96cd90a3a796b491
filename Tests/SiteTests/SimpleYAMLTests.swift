import Foundation
import Testing
@testable import Site

/// SimpleYAML answers only with exactly what Yams gives; everything else must go to Yams.
@Suite struct SimpleYAMLTests {
    static func same(_ a: YAMLValue, _ b: YAMLValue) -> Bool {
        switch (a, b) {
        case let (.string(x), .string(y)): return x.utf8.elementsEqual(y.utf8)
        case let (.bool(x), .bool(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.double(x), .double(y)): return x.bitPattern == y.bitPattern
        case (.null, .null): return true
        case let (.list(x), .list(y)): return x.count == y.count && zip(x, y).allSatisfy(same)
        case let (.map(x), .map(y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && same($0.1, $1.1) }
        default: return false
        }
    }

    /// Checks one input; returns whether the fast path answered.
    @discardableResult
    static func check(_ yaml: String, lineOffset: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let fast = SimpleYAML.parse(yaml, lineOffset: lineOffset) else { return false }
        switch YAMLDocument.parseWithYams(yaml, file: "x.md", lineOffset: lineOffset) {
        case .failure(let d):
            Issue.record("fast path accepted what Yams rejects (\(d.message)):\n\(yaml)", sourceLocation: sourceLocation)
        case .success(let slow):
            let ok = fast.values.count == slow.values.count && zip(fast.values, slow.values).allSatisfy {
                $0.key == $1.key && $0.line == $1.line && $0.column == $1.column && same($0.value, $1.value)
            }
            #expect(ok, "fast \(fast.values) != Yams \(slow.values) for:\n\(yaml)", sourceLocation: sourceLocation)
        }
        return true
    }

    @Test func commonFrontMatterTakesTheFastPathAndMatchesYams() {
        let common = [
            "title: \"Debugging an incremental event (part 5)\"\ndate: 2024-02-06T06:35:00Z\ndescription: \"It is tempting, but: no.\"\ncategories: [\"Engineering\"]\ntags: [\"typescript\", \"swift\", \"kotlin\", \"http\"]",
            "title: \"Inside Galley: one pipeline\"\ndate: 2026-10-08 14:00:00\ndescription: How a Galley build goes from Markdown to a published folder (load, parse, render), and why.\nauthor: The Galley authors\nimage: /images/pipeline.svg\ncategories:\n  - Architecture\ntags:\n  - swift\n  - kotlin\n  - libxml2",
            "layout: post\ntitle: Hello world\ndraft: false\npublished: yes\ntags: [a, b, c]",
            "title: 'It''s here'\nslug: its-here\npermalink: /:year/:title/\nweight: 3\nratio: 2.5\nempty_list: []",
            "# a comment\ntitle: Spaced   \n\ntags:\n- one\n- two # trailing comment\n\n# another\ncategories: [x]   # comment",
            "title: C# and F# # the comment\nurl: https://example.com/a:b?c=d#frag\nlist: [\"a, b\", 'c]d', e]",
            "title: Café 🌍 — “quotes”\ntags: [über, naïve]\ndescription: \"Ünïcödé: fine\"",
            "a: true\nb: False\nc: YES\nd: no\ne: On\nf: OFF\ng: null\nh: ~\ni: NULL\nj: yEs\nk: y\nl: n",
            "n1: 0\nn2: 42\nn3: 123456789012345678\nn4: 1.5\nn5: 1e3\nn6: 2026-03-06\nn7: 10 things\nn8: 1.2.3\nn9: 3rd",
            "date: 2026-03-06 10:00:00 +0100\nupdated: 2026-03-06T10:00:00+01:00\nother: 12:30 pm",
            "",
            "# only a comment",
            "title: x\n",
            "tags:\n    - deep\n    - deeper\nnext: value",
        ]
        for yaml in common {
            #expect(Self.check(yaml), "fast path should answer for:\n\(yaml)")
        }
    }

    @Test func trickyYAMLGoesToYamsOrMatches() {
        let tricky = [
            "title: \"escaped \\\" quote\"", "title: \"multi\n  line\"", "title: plain\n  continued", "title:\n  indented value",
            "a: &anchor x\nb: *anchor", "text: |\n  block\n  scalar", "text: >\n  folded", "title: !tag x",
            "key: value: more", "key:value", "key : value", "title: x\ntitle: y", "map:\n  nested: 1", "map: {a: 1}",
            "list: [a, [b]]", "list: [a, {b: c}]", "list: [a,]", "list: [a, , b]", "list: [a: b]", "list: [a", "list: [a] trailing",
            "tags:\n  - a\n  -b", "tags:\n  - a\n - b", "tags:\n  - [a]", "tags:\n  - a: b", "tags:\n  -", "empty:", "empty:\nnext: 1",
            "n: 0123", "n: 0x1F", "n: 1_000", "n: +5", "n: -5", "n: 1:30", "n: 12:30:00", "n: 99999999999999999999", "n: .5", "n: -.inf",
            "n: .nan", "n: 1e", "n: 1.5e+3", "n: 1:3x", "n: 2026-03-06T10:00:00Z",
            "t: \"tab\there\"", "t: a\tb", "t: cr\r\nu: x", "t: \u{85}x", "t: x\u{FEFF}", "t: \u{1}", "  title: indented mapping",
            "- just a list", "just a scalar", "%YAML 1.1\n---\nx: 1", "title: x # c\n  # indented comment\nb: 1",
            "title: \"a\"b", "title: 'unterminated", "title: \"unterminated", "title: 'a''", "q: ''", "q: \"\"", "q: '#'", "q: a #",
            "q: a#b", "q: @at", "q: `tick`", "q: %pct", "q: -dash", "q: ?what", "q: :colon", "q: ,comma", "q: [x]y",
            "q: x]y", "q: x}y", "q: a [b] {c}", "q: /path/to:thing", "q: yes please", "q: trueish", "q: Null-ish", "q: ~x",
            "? complex\n: key", "<<: {a: 1}", "k: =", "k: v\n\n\n  more", "list:\n- a\n- b\nnext: c", "list:\n  - a\n\n  - b\n",
            "list: # comment\n  - a", "list:\n  # comment\n  - a", "x: 1\n---", "x: 'it''s'\ny: 'a''''b'", "tags: [\"x\", 'y', z]",
            "title: \u{E9}t\u{E9}", "t: a\u{2028}b", "t: a\u{2029}", "k: ½", "k: ٣", "k: [½, é]", "k: Kelvin\u{212A}", "k\u{E9}y: v", "2fa: yes", "_private: x", "with-dash: y", "k: \"\u{301}\"",
            String(repeating: "k", count: 200) + ": long key", "k: " + String(repeating: "v", count: 5000),
        ]
        var answered = 0
        for yaml in tricky where Self.check(yaml) { answered += 1 }
        // Several of these are plain and should be fast; the rest must have gone to Yams.
        #expect(answered > 10)
    }

    @Test func generatedVariationsMatchYams() {
        // Values in every position: plain, quoted, in flow and block lists, with comments and blank lines.
        let scalars = ["hello", "Hello World", "\"quoted: yes\"", "'single # not comment'", "yes", "No", "null", "~", "0", "7",
                       "3.25", "1e2", "2026-01-02", "2026-01-02 03:04:05", "/a/:b", "https://x.y/z", "C++ & C#", "Ünïcode",
                       "a,b", "x]", "\"\"", "''", "true", "TRUE", "tRUE", "10 things", "1.2.3", "123456789012345678"]
        var fast = 0
        for (i, s) in scalars.enumerated() {
            let t = scalars[(i * 7 + 3) % scalars.count]
            let variants = [
                "k: \(s)", "k: \(s) # c", "a: x\nk: \(s)\nz: y", "k: [\(s)]", "k: [\(s), \(t)]", "k:\n  - \(s)\n  - \(t)",
                "k:\n- \(s)\n\n- \(t)\nz: 1", "\n\nk: \(s)\n\n", "# c\nk: [ \(s) ,\(t) ]",
            ]
            for v in variants where Self.check(v, lineOffset: i % 3) { fast += 1 }
        }
        #expect(fast > 100)
    }

    @Test func errorsStillNameTheLineAndColumn() {
        // Not for the fast path: Yams reports it, with the file line (front matter starts on line 2).
        guard case .failure(let d) = YAMLDocument.parse("title: ok\ntags: [a, b\nnext: 1", file: "content/x.md", lineOffset: 1) else {
            Issue.record("expected an error"); return
        }
        #expect(d.file == "content/x.md")
        #expect(d.line == 3)
        // A key given twice: the last wins (as Ruby's YAML), with one warning at the repeat's line.
        guard case .success(let dup) = YAMLDocument.parse("title: a\ntitle: b", file: "content/y.md", lineOffset: 1) else {
            Issue.record("expected the last value"); return
        }
        #expect(dup["title"]?.text == "b")
        #expect(dup.warnings.map { "\($0.file):\($0.line)" } == ["content/y.md:3"])
    }
}
