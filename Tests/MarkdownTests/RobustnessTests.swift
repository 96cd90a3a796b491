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

    @Test func crlfLineEndings() {
        let md = "# Title\r\n\r\n| a | b |\r\n|---|---|\r\n| 1 | 2 |\r\n\r\nText[^n]\r\n\r\n[^n]: note\r\n"
        let doc = render(md)
        #expect(doc.headings.first?.id == "title")
        #expect(doc.html.contains("<td>1</td>\n<td>2</td>"))
        #expect(doc.html.contains("<li id=\"fn-n\">\n<p>note"))
    }
}
