import Foundation
import Testing
import TestSupport
import Highlight
import Markdown
@testable import Site

/// The page passes that jump over highlighted code (`CodeRegions`) against the same passes reading every byte.
@Suite struct CodeRegionFastPathTests {
    /// Code that looks like what the passes look for: HTML samples with links, ids and tables, quotes after `=`.
    static let codes: [(String?, String)] = [
        ("swift", "let x = \"a\"\nif x == y { print(\"<table>\") }\n"),
        ("html", "<a href=\"/nowhere/\" id=\"x\">link</a>\n<table><tr><td>1</td></tr></table>\n<pre>raw</pre>\n"),
        (nil, "<a href=\"/missing.html\">x</a> <img src=\"/img/none.png\">\n<figure><img src=\"/a.png\" width=\"900\"></figure>\n"),
        ("text", "plain id=\"t\" href=\"#gone\" and a README.md\" mention\n"),
        ("python", "def f(a=\"x\", b='y'):\n    return {\"k\": a} # <input type=\"checkbox\" disabled=\"\" />\n"),
        ("js", "const s = `<span class=\"k\">${x}</span>`; // <pre tabindex=\"1\">\nlet q = a<b && c>d;\n"),
        ("shell", "X=1 Y=\"two\" ./run.sh --id=\"3\" > out.txt\n"),
        ("diff", "- old <b>\n+ new &amp; id=\"d\"\n"),
        ("go", "func main() {\n\tfmt.Println(\"=\\\"\")\n}\n"),
        ("c", ""),
    ]

    static let prose = [
        "Some [link](/a/) and ![img](/i.png) and [gone](/nope/#frag).\n",
        "| a | b |\n|---|---|\n| 1 | [x](#y) |\n",
        "- [ ] todo\n- [x] done\n",
        "<div id=\"raw\"><a href=\"/raw/\">raw</a></div>\n",
        "## A heading {#custom}\n",
        "<pre>unclosed <a href=\"/pre/\">in pre</a></pre>\n",
        "Text with \"quotes\" and a=\"b\" outside code.\n",
    ]

    /// A page as the site renders it, with the regions its hook recorded.
    static func render(_ body: String) -> (html: String, code: CodeRegions, ranges: [Range<Int>]) {
        let highlighter = Highlighter()
        let code = CodeRegions()
        var options = MarkdownOptions()
        options.plainText = true
        let renderer = MarkdownRenderer(options: options) { block in
            let opts = HighlightOptions(lineNumbers: block.attributes["linenos"] != nil, highlightedLines: block.highlightedLines,
                                        title: block.attributes["title"], unlabeled: .auto)
            let html = MarkdownRenderer.addingAttributes(block.htmlAttributes, toWrapper: highlighter.highlight(block.code, language: block.language, options: opts).html)
            code.add(html: html, code: block.code)
            return html
        }
        let out = renderer.render(body)
        return (out.html, code, out.codeBlockRanges)
    }

    static func fence(_ c: (String?, String), _ extra: String) -> String {
        "```\(c.0 ?? "")\(extra)\n\(c.1)```\n"
    }

    static func check(_ body: String) -> Int {
        let (page, code, ranges) = render(body)
        var regions = code.regions(in: page, at: ranges)
        let fast = ScrollBoxes.apply(page, code: &regions)
        #expect(fast == ScrollBoxes.apply(page), "\(body)")
        let skipped = code.quoteless(code.verified(regions, in: fast))
        #expect(skipped.count == code.quoteless(regions).count, "regions moved wrongly: \(body)")
        let a = LinkAudit.references(html: fast, skipping: skipped), b = LinkAudit.references(html: fast)
        #expect(a.refs == b.refs && a.ids == b.ids, "\(body)")
        return regions.count
    }

    @Test func skippingCodeChangesNothing() {
        var rng = SplitMix(seed: 7)
        var found = 0
        let extras = ["", " {linenos=true}", " {hl_lines=[1]}", " {title=\"t\"}"]
        for _ in 0..<400 {
            var body = ""
            for _ in 0..<(1 + rng.below(6)) {
                if rng.below(2) == 0 {
                    body += Self.prose[rng.below(Self.prose.count)] + "\n"
                } else {
                    body += Self.fence(Self.codes[rng.below(Self.codes.count)], extras[rng.below(extras.count)]) + "\n"
                }
            }
            if rng.below(4) == 0 { body = "* toc\n{:toc}\n\n## One\n\n" + body }
            if rng.below(4) == 0 { body += "Note[^1].\n\n[^1]: A footnote.\n\n" + Self.fence(Self.codes[0], "") }
            found += Self.check(body)
        }
        #expect(found > 400)   // the shortcut is taken
    }

    @Test func aRewrittenPageIsReadWhole() {
        let (page, code, ranges) = Self.render(Self.fence(Self.codes[0], "") + "\n" + Self.fence(Self.codes[1], ""))
        #expect(code.regions(in: page, at: ranges).count == 2)
        #expect(code.regions(in: "<p>x</p>" + page, at: ranges).isEmpty)
        #expect(code.regions(in: String(page.dropLast(40)), at: ranges).count == 1)
        #expect(code.quoteless(code.regions(in: page, at: ranges)).count == 1)   // the HTML sample has ` href="`
    }

    @Test func sourcesThatMayHoldReferences() {
        for code in ["<a href=\"/x\">", "<img src=\"a.png\">", "<p id=\"i\">", "x=\"open", "a=\"b\" c=\"d"] {
            #expect(CodeRegions.mayHoldReference(code), "\(code)")
        }
        for code in ["", "\"", "a = \"b\"", "f(a=\"x\", b=\"y\")", "class=\"k\" data-id=\"3\"", "hrefs=\"x\"", "=\"\""] {
            #expect(!CodeRegions.mayHoldReference(code), "\(code)")
        }
    }
}
