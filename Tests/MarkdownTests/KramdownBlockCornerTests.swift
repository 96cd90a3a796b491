import Testing
@testable import Markdown

/// Block-level corners found building jekyllrb.com (jekyll/jekyll's docs/) with Galley and Jekyll 4.3.1.
/// Expected strings are kramdown 2.4.0's output (`input: "GFM", hard_wrap: false`), compared after
/// `KramdownTests.normalized` (kramdown's indentation and blank lines between blocks taken out).
@Suite struct KramdownBlockCornerTests {
    static func kramdown(_ markdown: String) -> String {
        KramdownTests.normalized(html(markdown, KramdownTests.options))
    }

    @Test func noCalloutsInKramdown() {
        // Galley's callouts (GitHub alerts, theme notice classes) are its own: kramdown keeps the marker
        // as text and the class as a class, with no "Warning" title added.
        #expect(Self.kramdown("> [!NOTE]\n> Hi\n\nText\n{: .note .warning}\n\n> q\n{: .notice--info}\n")
                == KramdownTests.normalized("""
                <blockquote>
                  <p>[!NOTE]
                Hi</p>
                </blockquote>

                <p class="note warning">Text</p>

                <blockquote class="notice--info">
                  <p>q</p>
                </blockquote>
                """))
        // A Galley site keeps them.
        #expect(html("Text\n{: .warning}\n").contains("callout-warning"))
    }

    @Test func spanTagAloneOnALineStartsAParagraph() {
        // kramdown 2.4: <p><img src="a.png" alt="x" /></p>\n\n<p>text</p>
        #expect(Self.kramdown("<img src=\"a.png\" alt=\"x\" />\n\ntext\n") == "<p><img src=\"a.png\" alt=\"x\" /></p><p>text</p>")
        // kramdown 2.4: <p><em>\n  Do <em>note</em> <a href="/p">p</a>.\n</em></p>
        #expect(Self.kramdown("<em>\n  Do *note* [p](/p).\n</em>\n") == "<p><em>\nDo <em>note</em> <a href=\"/p\">p</a>.\n</em></p>")
        // Block tags, fenced code and a Galley site (CommonMark's HTML block) are read as before; no joiner is left.
        #expect(Self.kramdown("<div>\n<img src=\"a.png\" />\n</div>\n") == "<div><img src=\"a.png\" /></div>")
        #expect(html("```\n<em>\n```\n", KramdownTests.options).contains("&lt;em&gt;\n</code>"))
        #expect(html("<em>\n  *x*\n</em>\n") == "<em>\n  *x*\n</em>\n")
        #expect(!html("<em>\n*x*\n</em>\n\n# <span>h</span>\n", KramdownTests.options).contains(KramdownSpanLines.joiner))
    }
}
