import Testing
@testable import Markdown

@Suite struct HeadingTests {
    @Test(arguments: [
        ("## What I measured", "what-i-measured"),
        ("## 🌍 AI IN THE INDUSTRY", "-ai-in-the-industry"),
        ("### 💰 Industry & Infrastructure", "-industry--infrastructure"),
        ("# Ünïcödé Straße", "ünïcödé-straße"),
        ("## snake_case and dash-ed", "snake_case-and-dash-ed"),
        ("## Version 2.0: what's new?", "version-20-whats-new"),
        ("## Closing hashes ##", "closing-hashes"),
        ("Setext heading\n--------------", "setext-heading"),
        // Followed by a blank line and more text, cmark's end line is past the underline: the id must not take it in.
        ("Intro to the CoR pattern\n-------------------------\n\nText after.", "intro-to-the-cor-pattern"),
        ("Title two\n===\n\nMore.", "title-two"),
        ("Spaces after\n===   \n\nx", "spaces-after"),
        ("## `code` in *heading*", "code-in-heading"),
        ("## 日本語 見出し", "日本語-見出し"),
    ])
    func kramdownIDs(markdown: String, id: String) {
        let doc = render(markdown)
        #expect(doc.headings.first?.id == id)
        #expect(doc.html.contains("id=\"\(id)\""))
    }

    @Test func duplicatesAreNumbered() {
        let doc = render("## Intro\n\n## Intro\n\n## Intro\n\n## Other")
        #expect(doc.headings.map(\.id) == ["intro", "intro-1", "intro-2", "other"])
        #expect(doc.html == """
        <h2 id="intro">Intro</h2>
        <h2 id="intro-1">Intro</h2>
        <h2 id="intro-2">Intro</h2>
        <h2 id="other">Other</h2>

        """)
    }

    @Test func customIDWinsAndIsRemoved() {
        #expect(html("## Custom heading {#my-id}") == "<h2 id=\"my-id\">Custom heading</h2>\n")
        // cmark splits text at `-` with smart punctuation on; the id must still be found.
        #expect(html("### Dash-ed {#custom-id}") == "<h3 id=\"custom-id\">Dash-ed</h3>\n")
        let doc = render("## A {#a}\n\n## A")
        #expect(doc.headings.map(\.id) == ["a", "a-1"])
    }

    @Test func headingTextForTablesOfContents() {
        let doc = render("# *Emph* and `code`\n\n## Second\nline\n===")
        #expect(doc.headings == [Heading(level: 1, id: "emph-and-code", text: "Emph and code"),
                                 Heading(level: 2, id: "second", text: "Second"),
                                 Heading(level: 1, id: "line", text: "line")])
    }

    @Test func anchorsAreOptional() {
        let withAnchors = html("## Hello world", MarkdownOptions(headingAnchors: true))
        #expect(withAnchors == "<h2 id=\"hello-world\"><a class=\"heading-anchor\" href=\"#hello-world\" aria-hidden=\"true\">#</a>Hello world</h2>\n")
        #expect(html("## Hello world") == "<h2 id=\"hello-world\">Hello world</h2>\n")
        #expect(html("## Hello world", MarkdownOptions(headingIDs: false)) == "<h2>Hello world</h2>\n")
    }

    @Test func slugFunction() {
        #expect(HeadingIDGenerator.slug("Hello, World!") == "hello-world")
        #expect(HeadingIDGenerator.slug("  two  spaces ") == "--two--spaces-")
        var gen = HeadingIDGenerator()
        #expect(gen.id(for: "🌍") == "section")
        #expect(gen.id(for: "x") == "x")
        #expect(gen.id(for: "x") == "x-1")
    }

    @Test func headingWithoutIDTextInKramdown() {
        // kramdown 2.4 (GFM input): <h2>—</h2> then <h2 id="-1">!</h2>; no `section` fallback there.
        var o = MarkdownOptions()
        o.kramdown = true
        #expect(html("## ---\n\n## !", o) == "<h2>—</h2>\n<h2 id=\"-1\">!</h2>\n")
        #expect(html("## ---") == "<h2 id=\"section\">—</h2>\n")
    }
}
