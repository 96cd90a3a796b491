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
}
