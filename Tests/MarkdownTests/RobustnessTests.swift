import Testing
@testable import Markdown

/// Nasty input must never crash, hang or lose text.
@Suite struct RobustnessTests {
    @Test func deeplyNestedQuotes() {
        let md = String(repeating: ">", count: 10_000) + " deep"
        let out = html(md)
        #expect(out.contains("deep"))
        #expect(out == cmarkHTML(md))
    }

    @Test func deeplyNestedBracketsAndEmphasis() {
        for md in [String(repeating: "[", count: 10_000) + "x" + String(repeating: "]", count: 10_000),
                   String(repeating: "*a ", count: 5_000) + String(repeating: " b*", count: 5_000),
                   String(repeating: "- ", count: 3_000) + "item",
                   String(repeating: "~~", count: 10_000),
                   String(repeating: "{: ", count: 5_000),
                   String(repeating: "[^", count: 10_000) + "\n\n[^x]: y",
                   String(repeating: "| ", count: 5_000) + "\n" + String(repeating: "|-", count: 5_000),
                   String(repeating: "<div>", count: 5_000),
                   String(repeating: "`", count: 10_000)] {
            let out = html(md)
            #expect(!out.isEmpty)
        }
    }

    @Test func unbalancedInput() {
        for md in ["*unclosed **strong", "[link](unclosed", "```\nno end", "<div>\nno end", "| a |\n|---", "~~no end",
                   "{:", "{: #", "![img](", "<!--", "&#xFFFFFFFF;", "\\", "#", "-", "1."] {
            let doc = render(md)
            #expect(!doc.html.isEmpty || md.isEmpty)
        }
        // Valid (if odd) link reference definitions, exactly as cmark reads them.
        for md in ["[^]: empty label", "[^ ]: space"] {
            #expect(html(md) == cmarkHTML(md))
        }
    }

    @Test func nulAndReplacementCharacters() {
        let doc = render("a\u{0}b \u{FFFD} c\n\n| x\u{0} |\n|---|\n| \u{0} |")
        #expect(doc.html.hasPrefix("<p>a\u{FFFD}b \u{FFFD} c</p>\n<table>"))
        #expect(doc.html.contains("<th>x\u{FFFD}</th>"))
        #expect(html("a\u{0}") == cmarkHTML("a\u{0}"))
    }

    /// The API takes a String, so invalid UTF-8 is repaired (U+FFFD) before it reaches us,
    /// as `galley markdown` does with a warning; the replacement renders like any text.
    @Test func invalidUTF8BecomesReplacementCharacters() {
        let bytes: [UInt8] = Array("# T\u{e9}\n\n| a |\n|---|\n| ".utf8) + [0xC3, 0x28, 0xFF, 0x20, 0x7C, 0x0A, 0x0A] + Array("x".utf8) + [0xE2, 0x82]
        let doc = render(String(decoding: bytes, as: UTF8.self), MarkdownOptions(smartPunctuation: false))
        #expect(doc.html == "<h1 id=\"té\">Té</h1>\n<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>\u{FFFD}(\u{FFFD}</td>\n</tr>\n</tbody>\n</table>\n<p>x\u{FFFD}</p>\n")
    }

    @Test func tenMegabyteDocument() {
        var md = ""
        let chunk = """
        ## Section heading

        Some *emphasis*, `code`, a [link](https://example.com) and www.example.org.
        ~~Struck~~ text with a footnote[^1].

        | a | b |
        |---|---|
        | 1 | 2 |

        - [ ] task
        - item

        ```swift
        let x = 1
        ```


        """
        md.reserveCapacity(10_500_000)
        while md.utf8.count < 10_000_000 { md += chunk }
        md += "\n[^1]: The note.\n"
        let doc = render(md)
        #expect(doc.html.utf8.count > md.utf8.count)
        #expect(doc.headings.count > 10_000)
        #expect(doc.headings.last?.id.hasPrefix("section-heading-") == true)
        #expect(doc.html.hasSuffix("</section>\n"))
    }

    /// cmark's memory is a per-render arena; a code block hook that renders Markdown itself
    /// (on the same thread, mid-render) gets its own and leaves the outer one intact.
    @Test func hookRenderingMarkdownInsideARender() {
        let inner = MarkdownRenderer(options: MarkdownOptions(smartPunctuation: false))
        var outer = MarkdownRenderer(options: MarkdownOptions(smartPunctuation: false))
        outer.codeBlockRenderer = { block in "<div class=\"md\">" + inner.render(block.code).html + "</div>\n" }
        let doc = outer.render("| a |\n|---|\n| *x* |\n\n```md\n| b |\n|---|\n| **y** |\n```\n\nafter[^1]\n\n[^1]: note\n")
        #expect(doc.html.hasPrefix("<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td><em>x</em></td>\n</tr>\n</tbody>\n</table>\n"
            + "<div class=\"md\"><table>\n<thead>\n<tr>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td><strong>y</strong></td>\n</tr>\n</tbody>\n</table>\n</div>\n"
            + "<p>after<sup class=\"footnote-ref\">"))
        #expect(doc.html.contains("<li id=\"fn-1\">\n<p>note "))
    }

    @Test func crlfLineEndings() {
        let md = "# Title\r\n\r\n| a | b |\r\n|---|---|\r\n| 1 | 2 |\r\n\r\nText[^n]\r\n\r\n[^n]: note\r\n"
        let doc = render(md)
        #expect(doc.headings.first?.id == "title")
        #expect(doc.html.contains("<td>1</td>\n<td>2</td>"))
        #expect(doc.html.contains("<li id=\"fn-n\">\n<p>note"))
    }
}
