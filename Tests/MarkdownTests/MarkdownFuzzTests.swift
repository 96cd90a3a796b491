import Foundation
import Testing
import TestSupport
@testable import Markdown

/// Fuzz target: generated and mutated Markdown through every option set. No crash, bounded time per
/// document, and — with raw HTML off, so every tag is ours — output whose tags balance.
@Suite struct MarkdownFuzzTests {
    static let fragments = [
        "# Heading {#id}\n", "Setext\n===\n", "Para with *em*, **strong**, `code`, ~~del~~ and [link](/x \"t\").\n\n",
        "- item\n  - nested [ ] task\n- [x] done\n\n", "1. one\n2. two\n\n", "> quote\n> > deeper\n\n", "```swift {2} title=\"a.swift\"\nlet x = 1\n```\n",
        "    indented code\n\n", "| a | b |\n|---|:-:|\n| 1 | `|` |\n\n", "{: .note #n}\n", "Text[^1].\n\n[^1]: Note *here*.\n\n",
        "<div class=\"x\">\n\n*md*\n\n</div>\n\n", "<iframe src=\"https://e.example\"></iframe>\nafter\n", "www.example.org/path?q=1 ",
        "mail me@example.org or ftp://ftp.example.org/x ", "![alt](/img.png){:class=\"img-responsive\"}\n", "<!--more-->\n",
        "{:toc}\n", "***\n", "line  \nbreak\n", "&copy; &#x1F600; &bogus;\n", "[ref]: /target\n[ref]\n", "{{ liquid }} {% tag %}\n",
    ]

    static let optionSets: [MarkdownOptions] = {
        var kramdown = MarkdownOptions(); kramdown.kramdownHTMLBlocks = true
        var filtered = MarkdownOptions(); filtered.tagFilter = true
        return [MarkdownOptions(), kramdown, filtered, MarkdownOptions(smartPunctuation: false, hardBreaks: true, headingAnchors: true)]
    }()

    static let void: Set<String> = ["br", "hr", "img", "input", "col", "wbr", "meta", "link", "source"]

    /// Whether every tag the renderer wrote is closed in order.
    static func balanced(_ html: String) -> Bool {
        var stack: [String] = []
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(of: ">") else { return false }
            let tag = rest[..<close]
            rest = rest[rest.index(after: close)...]
            if tag.hasPrefix("!--") { continue }
            let closing = tag.hasPrefix("/")
            let name = (closing ? tag.dropFirst() : tag).prefix { $0.isLetter || $0.isNumber }.lowercased()
            if name.isEmpty || void.contains(name) || tag.hasSuffix("/") { continue }
            if closing { guard stack.popLast() == name else { return false } } else { stack.append(name) }
        }
        return stack.isEmpty
    }

    @Test func generatedDocumentsRenderAndBalance() {
        #expect(Self.balanced("<p><em>x</em><br /></p>") && !Self.balanced("<p><em>x</p></em>") && !Self.balanced("<p>"))
        var fuzz = Fuzz(seed: 0x6D61_726B)
        var worst = 0.0
        for n in 0..<400 {
            let doc = fuzz.document(from: Self.fragments, count: 1 + fuzz.rng.below(12), mutations: 6)
            for (k, options) in Self.optionSets.enumerated() where k == n % 4 || n < 100 {
                let started = ContinuousClock.now
                let out = MarkdownRenderer(options: options).render(doc)
                worst = max(worst, Double((ContinuousClock.now - started).components.attoseconds) / 1e18)
                var noRaw = options
                noRaw.allowRawHTML = false
                if k == 0 {
                    let safe = MarkdownRenderer(options: noRaw).render(doc)
                    #expect(Self.balanced(safe.html), "unbalanced output for seed case \(n): \(doc.debugDescription.prefix(200))")
                }
                #expect(out.diagnostics.allSatisfy { $0.line >= 1 && $0.column >= 1 })
            }
        }
        #expect(worst < 1.0, "slowest document took \(worst) s")
    }

    @Test func randomBytesRender() {
        var fuzz = Fuzz(seed: 7)
        for _ in 0..<200 {
            let text = String(decoding: fuzz.bytes(fuzz.rng.below(400)), as: UTF8.self)
            _ = MarkdownRenderer().render(text)
        }
    }
}
