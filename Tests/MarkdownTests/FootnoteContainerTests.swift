import Testing
@testable import Markdown

/// Footnote definitions inside block quotes and list items, rendered as GitHub does: the
/// definition leaves its container (a list item it filled stays, empty).
@Suite struct FootnoteContainerTests {
    private func backref(_ label: String, _ n: Int) -> String {
        "<a href=\"#fnref-\(label)\" class=\"footnote-backref\" data-footnote-backref data-footnote-backref-idx=\"\(n)\" aria-label=\"Back to reference \(n)\">↩</a>"
    }

    private func ref(_ label: String, _ n: Int) -> String {
        "<sup class=\"footnote-ref\"><a href=\"#fn-\(label)\" id=\"fnref-\(label)\" data-footnote-ref>\(n)</a></sup>"
    }

    @Test func definitionsInAQuoteAndAListItem() {
        let doc = render("Text[^1] and[^2].\n\n> quote\n> [^1]: In a quote.\n> more quote\n\n- item\n- [^2]: In a list.\n- after\n",
                         MarkdownOptions(smartPunctuation: false))
        #expect(doc.html == """
        <p>Text\(ref("1", 1)) and\(ref("2", 2)).</p>
        <blockquote>
        <p>quote</p>
        </blockquote>
        <ul>
        <li>item</li>
        <li></li>
        <li>after</li>
        </ul>
        <section class="footnotes" data-footnotes>
        <ol>
        <li id="fn-1">
        <p>In a quote.
        more quote \(backref("1", 1))</p>
        </li>
        <li id="fn-2">
        <p>In a list. \(backref("2", 2))</p>
        </li>
        </ol>
        </section>

        """)
        #expect(doc.diagnostics.isEmpty)
    }

    @Test func nestedListItemStaysTightAndNoSetextHeading() {
        // Dropping `- [^d]: deep` must not turn `- b` + a bare `-` into a heading or loosen the list.
        let doc = render("z[^c] w[^d]\n\n- a\n  [^c]: tight def\n- b\n  - [^d]: deep\n  - sibling\n", MarkdownOptions(smartPunctuation: false))
        #expect(doc.html.hasPrefix("""
        <p>z\(ref("c", 1)) w\(ref("d", 2))</p>
        <ul>
        <li>a</li>
        <li>b
        <ul>
        <li></li>
        <li>sibling</li>
        </ul>
        </li>
        </ul>
        <section class="footnotes" data-footnotes>
        """))
        #expect(doc.html.contains("<li id=\"fn-c\">\n<p>tight def \(backref("c", 1))</p>\n</li>\n<li id=\"fn-d\">\n<p>deep \(backref("d", 2))</p>"))
    }

    @Test func orderedListItemEndsTheDefinition() {
        let doc = render("y[^b]\n\n1. item\n\n   [^b]: nested def\n   lazy line\n2. two\n", MarkdownOptions(smartPunctuation: false))
        #expect(doc.html.hasPrefix("<p>y\(ref("b", 1))</p>\n<ol>\n<li>\n<p>item</p>\n</li>\n<li>\n<p>two</p>\n</li>\n</ol>\n"))
        #expect(doc.html.contains("<p>nested def\nlazy line \(backref("b", 1))</p>"))
    }

    @Test func diagnosticsKeepTheAuthorsLineNumbers() {
        // Lines are dropped from the parsed text; warnings still point at the body's lines.
        let doc = render("> [^x]: unused\n> more\n\n- [^y]: also unused\n\nText {: bad\n\n{: #}\n")
        #expect(doc.diagnostics.map(\.line) == [1, 4, 8])
    }

    @Test func definitionsInFencedCodeInAQuoteStayCode() {
        let doc = render("> ```\n> [^r]: quoted code\n> ```\n\n[^r]", MarkdownOptions(smartPunctuation: false))
        #expect(doc.html.contains("<code>[^r]: quoted code\n</code>"))
        #expect(doc.html.hasSuffix("<p>[^r]</p>\n"))
    }
}
