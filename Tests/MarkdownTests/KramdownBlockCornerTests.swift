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

    @Test func unindentedBlocksAfterAnItemLineStayInTheItem() {
        // kramdown 2.4: <ol><li>a<div class="language-sh highlighter-rouge">…<code>code\n</code>…</div></li><li>b</li></ol>
        let fence = html("1. a\n```sh\ncode\n```\n2. b\n", KramdownTests.options)
        #expect(fence.hasPrefix("<ol>\n<li>a\n<div class=\"language-sh"))
        #expect(fence.hasSuffix("</li>\n<li>b</li>\n</ol>\n") && fence.components(separatedBy: "<ol").count == 2)
        #expect(Self.kramdown("* a\n# h\n* b\n")
                == KramdownTests.normalized("<ul>\n  <li>a\n    <h1 id=\"h\">h</h1>\n  </li>\n  <li>b</li>\n</ul>\n"))
        #expect(Self.kramdown("* a\n> q\n* b\n")
                == KramdownTests.normalized("<ul>\n  <li>a\n    <blockquote>\n      <p>q</p>\n    </blockquote>\n  </li>\n  <li>b</li>\n</ul>\n"))
        // kramdown 2.4: <ul><li>a <pre>…code…</pre> <p>text</p></li><li>b</li></ul>
        let after = html("* a\n~~~\ncode\n~~~\ntext\n* b\n", KramdownTests.options)
        #expect(after.hasPrefix("<ul>\n<li>a\n<div") && after.hasSuffix("</div>\n<p>text</p>\n</li>\n<li>b</li>\n</ul>\n"))
        // After a blank line the list has ended; kramdown numbers the next list from 1 (no `start`).
        // kramdown 2.4: <ol><li>a</li></ol> <pre>…code…</pre> <ol><li>b</li></ol>
        let two = html("1. a\n\n~~~\ncode\n~~~\n2. b\n", KramdownTests.options)
        #expect(two.hasPrefix("<ol>\n<li>a</li>\n</ol>\n<div") && two.hasSuffix("</div>\n<ol>\n<li>b</li>\n</ol>\n"))
        // CommonMark (a Galley site) is unchanged.
        #expect(html("* a\n# h\n").contains("</ul>\n<h1"))
    }

    @Test func quoteAfterAnInlineElementFollowsKramdown() {
        // kramdown 2.4: <p><code>x</code>‘d and <code>y</code>’s and <strong>b</strong>’s and <a href="/b">a</a>’s
        //               and <em>e</em>’s and <code>z</code>“q” and it’s</p>
        #expect(html("`x`'d and `y`'s and **b**'s and [a](/b)'s and *e*'s and `z`\"q\" and it's\n", KramdownTests.options)
                == "<p><code>x</code>‘d and <code>y</code>’s and <strong>b</strong>’s and <a href=\"/b\">a</a>’s and <em>e</em>’s and <code>z</code>“q” and it’s</p>\n")
        // kramdown 2.4: <p>“<em>word</em>”. ‘<code>a</code>’, and the ’80s</p>
        #expect(html("\"*word*\". '`a`', and the '80s\n", KramdownTests.options) == "<p>“<em>word</em>”. ‘<code>a</code>’, and the ’80s</p>\n")
    }

    @Test func spanElementsWithMarkdownInsideRawHTML() {
        // kramdown 2.4: <div class="note"><h5>Diving <em>in</em></h5><p>Run <code>jekyll new</code>\n   now.</p></div>
        #expect(Self.kramdown("<div class=\"note\">\n  <h5 markdown=\"1\">Diving *in*</h5>\n  <p markdown=\"1\">Run `jekyll new`\n   now.</p>\n</div>\n")
                == "<div class=\"note\"><h5>Diving <em>in</em></h5><p>Run <code>jekyll new</code>\nnow.</p></div>")
        #expect(render("<div class=\"note\">\n  <p markdown=\"1\">x</p>\n</div>\n", KramdownTests.options).diagnostics.isEmpty)
    }

    @Test func tabIndentedCodeKeepsRawElementsAsWritten() {
        // rubyonrails.org's 2006 posts: HTML indented by a tab is code. kramdown 2.4:
        // <p>Intro</p>\n\n<pre><code>&lt;pre&gt;&lt;code&gt;page['foo'] = 1 # =&amp;gt; x.y&lt;/code&gt;&lt;/pre&gt;\n</code></pre>
        let out = html("Intro\n\n\t<pre><code>page['foo'] = 1 # =&gt; x.y</code></pre>\n", KramdownTests.options)
        #expect(out.contains("<code>&lt;pre&gt;&lt;code&gt;page['foo'] = 1 # =&amp;gt; x.y&lt;/code&gt;&lt;/pre&gt;\n</code></pre>"))
        #expect(KramdownInline.indentedFour([0x20, 0x09, 0x3C][...]) && !KramdownInline.indentedFour([0x20, 0x20, 0x20, 0x3C][...]))
    }

    @Test func hashesAloneAreText() {
        // rubyonrails.org's "This week in Rails" posts open with `#### `. kramdown 2.4: <p>####</p> <p>Hey</p>;
        // `## #` and `para\n####` are text too.
        #expect(html("#### \n\nHey\n", KramdownTests.options) == "<p>####</p>\n<p>Hey</p>\n")
        #expect(html("## #\n", KramdownTests.options) == "<p>## #</p>\n")
        #expect(html("para\n####\n", KramdownTests.options) == "<p>para\n####</p>\n")
        #expect(html("#### x\n", KramdownTests.options) == "<h4 id=\"x\">x</h4>\n")
        // CommonMark (a Galley site): an empty heading, as cmark reads it.
        #expect(html("####\n").hasPrefix("<h4") && html("####\n").hasSuffix("></h4>\n"))
    }

    @Test func blockElementsSharingALineComeOutOnLinesOfTheirOwn() {
        // rubyonrails.org's podcast posts: a description as `<p>…</p><p>…</p>` on one line. kramdown 2.4:
        // <p>Jean at <a href="https://x.example">Shopify</a>.</p>\n<p>They <b>explore</b>.</p>\n<p>Third</p>\n
        // (nested ones stay: <div><p>a</p><p>c</p></div>; `<div>a</div><p>b</p>` splits too).
        let out = html("<p>Jean at <a href=\"https://x.example\">Shopify</a>.</p><p>They <b>explore</b>.</p> <p>Third</p>\n\n<div><p>a</p><p>c</p></div>\n\n<div>a</div><p>b</p>\n", KramdownTests.options)
        #expect(out == "<p>Jean at <a href=\"https://x.example\">Shopify</a>.</p>\n<p>They <b>explore</b>.</p>\n<p>Third</p>\n<div><p>a</p><p>c</p></div>\n<div>a</div>\n<p>b</p>\n")
        #expect(KramdownHTML.splitSiblings("<p>a</p> text <p>b</p>") == nil)
    }

    @Test func spanTagLineAfterAnElementIsAParagraph() {
        // elixir-lang.org's v0.6.0 post: a Vimeo embed, then its caption line. kramdown 2.4:
        // <iframe src="/v" class="video"></iframe>\n<p><a href="/x">Tour</a> from <a href="/y">P</a>.</p>
        let out = html("<iframe src=\"/v\" class=\"video\"></iframe>\n<a href=\"/x\">Tour</a> from <a href=\"/y\">P</a>.\n", KramdownTests.options)
        #expect(out == "<iframe src=\"/v\" class=\"video\"></iframe>\n<p><a href=\"/x\">Tour</a> from <a href=\"/y\">P</a>.</p>\n")
    }

    @Test func quotesAfterPunctuationAndBeforeWordsFollowKramdown() {
        // rubyonrails.org's "This week in Rails". kramdown 2.4:
        // <p>cough ‘em up and good ‘ol x. autocomplete=”off” and {“channel”:”S”} and the ’80s, ‘quoted’ words and
        // <a title="x">y</a> <code>a='b'</code></p>
        let out = html("cough 'em up and good 'ol x. autocomplete=\"off\" and {\"channel\":\"S\"} and the '80s, 'quoted' words and <a title='x'>y</a> `a='b'`\n", KramdownTests.options)
        #expect(out == "<p>cough ‘em up and good ‘ol x. autocomplete=”off” and {“channel”:”S”} and the ’80s, ‘quoted’ words and <a title='x'>y</a> <code>a='b'</code></p>\n")
        // kramdown 2.4: <p>It’s “fine” and ‘so’ is “this”: ok. Key: “value” and x=’y’</p>
        #expect(html("It's \"fine\" and 'so' is \"this\": ok. Key: \"value\" and x='y'\n", KramdownTests.options)
                == "<p>It’s “fine” and ‘so’ is “this”: ok. Key: “value” and x=’y’</p>\n")
        // jekyllrb.com's options page: a tag's attributes on the next line keep their quotes.
        #expect(html("the various <code\nclass=\"option\">options</code> and\n", KramdownTests.options)
                == "<p>the various <code\nclass=\"option\">options</code> and</p>\n")
    }
}
