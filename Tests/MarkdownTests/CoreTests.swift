import Testing
@testable import Markdown

@Suite struct CodeBlockTests {
    @Test func defaultWrapperMatchesJekyllRouge() {
        #expect(html("```swift\nlet a = 1 < 2\n```") == """
        <div class="language-swift highlighter-rouge"><div class="highlight"><pre class="highlight"><code>let a = 1 &lt; 2
        </code></pre></div></div>

        """)
        #expect(html("    indented\n") == """
        <div class="language-plaintext highlighter-rouge"><div class="highlight"><pre class="highlight"><code>indented
        </code></pre></div></div>

        """)
    }

    @Test func hookReceivesInfoAttributesAndLine() {
        let seen = Box()
        let renderer = MarkdownRenderer(codeBlockRenderer: { block in
            seen.set(block)
            return "<pre>hooked</pre>\n"
        })
        let doc = renderer.render("Intro\n\n```swift {3,5-7} title=\"Store.swift\" linenos\nlet a = 1\n```\n")
        #expect(doc.html == "<p>Intro</p>\n<pre>hooked</pre>\n")
        let block = seen.get()
        #expect(block?.language == "swift")
        #expect(block?.code == "let a = 1\n")
        #expect(block?.info == "swift {3,5-7} title=\"Store.swift\" linenos")
        #expect(block?.attributes == ["title": "Store.swift", "linenos": ""])
        #expect(block?.highlightedLines == [3, 5, 6, 7])
        #expect(block?.line == 3)
    }

    @Test func infoStringVariants() {
        #expect(CodeInfo("").language == nil)
        #expect(CodeInfo("{1,2}").language == nil)
        #expect(CodeInfo("{1,2}").highlightedLines == [1, 2])
        #expect(CodeInfo("ruby startline=3").attributes == ["startline": "3"])
        #expect(CodeInfo("js title='a b.js'").attributes == ["title": "a b.js"])
        #expect(CodeInfo("py {9-1,x,2}").highlightedLines == [2])
    }

    @Test func neverExtendedInsideCode() {
        let md = "```\n| a | b |\n|---|---|\n~~x~~ www.example.com [^1] {: .x}\n```\n\n`~~x~~ www.example.com`\n\n[^1]: note"
        let out = html(md)
        #expect(out.contains("| a | b |\n|---|---|\n~~x~~ www.example.com [^1] {: .x}\n</code>"))
        #expect(out.contains("<code>~~x~~ www.example.com</code>"))
        #expect(!out.contains("<table>"))
        #expect(!out.contains("<del>"))
    }
}

final class Box: @unchecked Sendable {
    private var block: CodeBlock?
    func set(_ b: CodeBlock) { block = b }
    func get() -> CodeBlock? { block }
}

@Suite struct ExcerptTests {
    @Test func firstParagraphByDefault() {
        let doc = render("# Title\n\nFirst *para* & more.\n\nSecond.")
        #expect(doc.excerptHTML == "<p>First <em>para</em> &amp; more.</p>\n")
        #expect(doc.excerptText == "First para & more.")
    }

    @Test func moreMarkerBlock() {
        let doc = render("Intro *text*.\n\nSecond \"para\".\n\n<!--more-->\n\nRest.")
        #expect(doc.excerptHTML == "<p>Intro <em>text</em>.</p>\n<p>Second “para”.</p>\n")
        #expect(doc.excerptText == "Intro text. Second “para”.")
        #expect(doc.html.contains("<!--more-->"))
    }

    @Test func moreMarkerInline() {
        let doc = render("Intro with inline <!--more--> marker.\n\nMore.")
        #expect(doc.excerptHTML == "<p>Intro with inline</p>\n")
        #expect(doc.html == "<p>Intro with inline <!--more--> marker.</p>\n<p>More.</p>\n")
    }

    @Test func moreMarkerWithRawHTMLOff() {
        let doc = render("A\n\n<!--more-->\n\nB", MarkdownOptions(allowRawHTML: false))
        #expect(doc.excerptHTML == "<p>A</p>\n")
        #expect(doc.html == "<p>A</p>\n<!-- raw HTML omitted -->\n<p>B</p>\n")
    }

    @Test func noParagraph() {
        let doc = render("## Only a heading")
        #expect(doc.excerptHTML == "")
        #expect(doc.excerptText == "")
    }

    @Test func wordCount() {
        #expect(render("One two three.\n\n- four\n- five six").wordCount == 6)
        #expect(render("Don't split *smart* words").wordCount == 4)
    }
}

@Suite struct OptionTests {
    @Test func smartPunctuationConfigurable() {
        #expect(html("\"Hi\" -- it's ...") == "<p>“Hi” – it’s …</p>\n")
        #expect(html("\"Hi\" -- it's ...", MarkdownOptions(smartPunctuation: false)) == "<p>&quot;Hi&quot; -- it's ...</p>\n")
    }

    @Test func rawHTMLPassesThroughByDefault() {
        #expect(html("<figure>\n<img src=\"a.png\">\n</figure>") == "<figure>\n<img src=\"a.png\">\n</figure>\n")
        #expect(html("<details><summary>x</summary>y</details>") == "<details><summary>x</summary>y</details>\n")
        #expect(html("a <iframe src=\"x\"></iframe>", MarkdownOptions(allowRawHTML: false))
                == "<p>a <!-- raw HTML omitted --><!-- raw HTML omitted --></p>\n")
        #expect(html("[x](javascript:alert(1))", MarkdownOptions(allowRawHTML: false)) == "<p><a href=\"\">x</a></p>\n")
    }

    @Test func hardBreaks() {
        #expect(html("a\nb", MarkdownOptions(hardBreaks: true)) == "<p>a<br />\nb</p>\n")
    }
}

@Suite struct ConcurrencyTests {
    @Test func rendersInParallel() async {
        let docs = (0..<16).map { i in "# Post \(i)\n\n| a | b |\n|---|---|\n| \(i) | ~~x~~ |\n\nText[^n] www.example.com/\(i)\n\n[^n]: note \(i)\n" }
        let renderer = MarkdownRenderer()
        let sequential = docs.map { renderer.render($0).html }
        let parallel = await withTaskGroup(of: (Int, String).self) { group in
            for (i, d) in docs.enumerated() { group.addTask { (i, renderer.render(d).html) } }
            var out = [String](repeating: "", count: docs.count)
            for await (i, html) in group { out[i] = html }
            return out
        }
        #expect(parallel == sequential)
    }

    @Test func hookAssignedAfterInitIsUsed() {
        var renderer = MarkdownRenderer()
        renderer.codeBlockRenderer = { _ in "<pre>custom</pre>\n" }
        #expect(renderer.render("```\nx\n```").html == "<pre>custom</pre>\n")
    }
}

/// kramdown's raw-HTML rules for sites written against kramdown (`markdown.html_blocks: kramdown`).
/// Expected output read off kramdown 2.4 (`Kramdown::Document.new(text, input: "GFM").to_html`).
@Suite struct KramdownHTMLTests {
    static let source = "# T\n\n<div class=\"skillset\">\n    <div class=\"skill\">Swift</div>\n\n    <div class=\"skill\">Kotlin</div>\n</div>\n\n<iframe src=\"https://e.example/x\"></iframe>\nWatch my **talk**.\n\n<div class=\"compare\">\n\n```swift\nlet a = 1\n```\n\n</div>\n\n<p>one</p>\nafter\n"

    @Test func elementsStayWholeAndMarkdownResumesAfterThem() {
        var options = MarkdownOptions()
        options.kramdownHTMLBlocks = true
        let doc = render(Self.source, options)
        #expect(doc.html == """
        <h1 id="t">T</h1>
        <div class="skillset">
            <div class="skill">Swift</div>

            <div class="skill">Kotlin</div>
        </div>
        <iframe src="https://e.example/x"></iframe>
        <p>Watch my <strong>talk</strong>.</p>
        <div class="compare">

        ```swift
        let a = 1
        ```

        </div>
        <p>one</p>
        <p>after</p>

        """)
        #expect(doc.diagnostics.isEmpty)
    }

    @Test func commonMarkReadingWarnsWhereKramdownDiffers() {
        let doc = render(Self.source)
        // The indented div after a blank line became a code block, the line after the iframe stayed raw:
        // both said, at their lines. The `compare` idiom (Markdown inside a div) is meant, and not warned about.
        #expect(doc.html.contains("<pre class=\"highlight\">") && doc.html.contains("Watch my **talk**."))
        #expect(doc.diagnostics.map { "\($0.line):\($0.column)" } == ["6:1", "10:1", "21:1"])
        #expect(doc.diagnostics[0].message.hasPrefix("this indented HTML inside `<div>` follows a blank line"))
        #expect(doc.diagnostics[1].message.hasPrefix("this line follows raw HTML `<iframe>`"))
    }

    @Test func linesStayWhereTheyWereAndCodeFencesAreLeftAlone() {
        var options = MarkdownOptions()
        options.kramdownHTMLBlocks = true
        let input = "a\n\n<div>\n\nx\n</div>\nb\n```\n<div>\n\n</div>\nc\n```\n"
        let (text, originals) = KramdownHTML.protect(input)
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == input.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(originals == ["<div>\n\nx\n</div>"])
        #expect(render("```\n<div>\n\n</div>\nc\n```\n", options).html.contains("&lt;div&gt;"))
    }
}
