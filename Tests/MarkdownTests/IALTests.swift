import Testing
@testable import Markdown

@Suite struct IALTests {
    @Test func spanIALs() {
        #expect(html("![alt](src.png){:class=\"img-responsive\"}") == "<p><img src=\"src.png\" alt=\"alt\" class=\"img-responsive\" /></p>\n")
        #expect(html("*em*{: .note #intro data-x=\"1\"} and **s**{:.b} and [l](/u \"t\"){: target=\"_blank\"}")
                == "<p><em id=\"intro\" class=\"note\" data-x=\"1\">em</em> and <strong class=\"b\">s</strong> and <a href=\"/u\" title=\"t\" target=\"_blank\">l</a></p>\n")
        #expect(html("![a](b \"T\"){: width='50%' .x .y} rest") == "<p><img src=\"b\" alt=\"a\" title=\"T\" class=\"x y\" width=\"50%\" /> rest</p>\n")
    }

    @Test func blockIALs() {
        #expect(html("A paragraph\n{: .note #p1}") == "<p id=\"p1\" class=\"note\">A paragraph</p>\n")
        #expect(html("> quote\n{: .q}") == "<blockquote class=\"q\">\n<p>quote</p>\n</blockquote>\n")
        #expect(html("> quote\n> {: .inner}") == "<blockquote>\n<p class=\"inner\">quote</p>\n</blockquote>\n")
        #expect(html("- a\n- b\n{: .list}") == "<ul class=\"list\">\n<li>a</li>\n<li>b</li>\n</ul>\n")
        // kramdown 2.4: after a blank line an IAL applies to the next block; with none, to nothing (and we say so).
        #expect(html("1. a\n\n{: .after}") == "<ol>\n<li>a</li>\n</ol>\n")
        #expect(render("1. a\n\n{: .after}").diagnostics.map(\.line) == [3])
        #expect(html("Para one.\n\n{: .x}\n\nPara two.") == "<p>Para one.</p>\n<p class=\"x\">Para two.</p>\n")
        #expect(html("## Title\n{: .h}") == "<h2 id=\"title\" class=\"h\">Title</h2>\n")
        #expect(html("---\n{: .rule}") == "<hr class=\"rule\" />\n")
        // An IAL on the line before a block (kramdown allows it).
        #expect(html("{: .first}\nParagraph after") == "<p class=\"first\">Paragraph after</p>\n")
        #expect(html("{: .before}\n> quote") == "<blockquote class=\"before\">\n<p>quote</p>\n</blockquote>\n")
        #expect(html("{: .lead}\n\nParagraph after") == "<p class=\"lead\">Paragraph after</p>\n")
    }

    @Test func codeBlockIALReachesHookAndWrapper() {
        #expect(html("```swift\nlet x = 1\n```\n{: .wide #listing}") == """
        <div class="language-swift highlighter-rouge wide" id="listing"><div class="highlight"><pre class="highlight"><code>let x = 1
        </code></pre></div></div>

        """)
    }

    @Test func invalidIALIsLeftAsTextWithWarning() {
        let doc = render("Para\n\n{: .broken=}\n\nText *x*{: \"unterminated}")
        #expect(doc.html == "<p>Para</p>\n<p>{: .broken=}</p>\n<p>Text <em>x</em>{: “unterminated}</p>\n")
        #expect(doc.diagnostics.count == 2)
        #expect(doc.diagnostics.map(\.line) == [3, 5])
        #expect(doc.diagnostics.map(\.column) == [1, 9])
        #expect(doc.diagnostics.allSatisfy { $0.message.hasPrefix("invalid attribute list") })
    }

    @Test func insideTableCells() {
        let doc = render("Intro\n\n| a |\n|---|\n| *x*{: .hl} |\n| *y*{: =bad} |")
        #expect(doc.html.contains("<td><em class=\"hl\">x</em></td>"))
        #expect(doc.diagnostics.map(\.line) == [3])
    }

    @Test func escapesAttributeValues() {
        #expect(html("*x*{: title='a \"b\" & c'}", MarkdownOptions(smartPunctuation: false))
                == "<p><em title=\"a &quot;b&quot; &amp; c\">x</em></p>\n")
    }

    @Test func referenceNamesAreIgnored() {
        #expect(html("* item\n{:some-ald}") == "<ul>\n<li>item</li>\n</ul>\n")
        #expect(html("Para\n{:toc}") == "<p>Para</p>\n") // {:toc} only means something on a list
    }

    @Test func parser() {
        guard case .attributes(let a, let n) = parseIAL(Array("{: #i .c k=v}tail".utf8)) else {
            Issue.record("expected attributes")
            return
        }
        #expect(n == 13)
        #expect(a.id == "i" && a.classes == ["c"] && a.pairs.map(\.0) == ["k"] && a.pairs.map(\.1) == ["v"])
        if case .none = parseIAL(Array("{not}".utf8)) {} else { Issue.record("not an IAL") }
        if case .invalid = parseIAL(Array("{: .a".utf8)) {} else { Issue.record("unclosed must be invalid") }
    }
}

@Suite struct TableOfContentsTests {
    @Test func kramdownTOC() {
        let doc = render("""
        # Post title
        {:.no_toc}

        * TOC
        {:toc}

        ## First & *one*

        ### Nested

        ## Second
        """)
        #expect(doc.html == """
        <h1 id="post-title" class="no_toc">Post title</h1>
        <ul id="markdown-toc">
        <li><a href="#first--one" id="markdown-toc-first--one">First &amp; one</a>
        <ul>
        <li><a href="#nested" id="markdown-toc-nested">Nested</a></li>
        </ul>
        </li>
        <li><a href="#second" id="markdown-toc-second">Second</a></li>
        </ul>
        <h2 id="first--one">First &amp; <em>one</em></h2>
        <h3 id="nested">Nested</h3>
        <h2 id="second">Second</h2>

        """)
    }

    @Test func tocWithoutHeadings() {
        // kramdown 2.4: "\n<p>text</p>\n" (no list at all)
        #expect(html("1. x\n{:toc}\n\ntext") == "<p>text</p>\n")
    }
}
