import Testing
import TestSupport
@testable import Markdown

/// Where Galley's kramdown reading knowingly differs from kramdown, the warnings it gives instead, and
/// the placeholders it uses never showing. Expected kramdown strings are kramdown 2.4.0's output.
@Suite struct KramdownCornerTests {
    static let kramdown = KramdownTests.options
    static let htmlBlocks: MarkdownOptions = {
        var o = MarkdownOptions()
        o.kramdownHTMLBlocks = true
        return o
    }()

    @Test func htmlBlockSwitchAloneReadsElementsAndMarkdownAttributes() {
        // The same HTML-block cases with only `kramdownHTMLBlocks` (what `markdown.html_blocks: kramdown` sets).
        #expect(html("<div>\n</div>\n<section>\n  <div></div>\n</section>\nx -- y", Self.htmlBlocks)
                == "<div>\n</div>\n<section>\n  <div></div>\n</section>\n<p>x – y</p>\n")
        #expect(html("<div id=\"tip\"></div>\n<script>\nconst a = 'x';\n\nconst f = () => a;\n</script>", Self.htmlBlocks)
                == "<div id=\"tip\"></div>\n<script>\nconst a = 'x';\n\nconst f = () => a;\n</script>\n")
        #expect(html("<div markdown=\"1\">\n[text](/u) <me@host.example>\n</div>", Self.htmlBlocks)
                == "<div>\n<p><a href=\"/u\">text</a> <a href=\"mailto:me@host.example\">me@host.example</a></p>\n</div>\n")
    }

    @Test func linkDestinationWithEscapedClosingParen() {
        // kramdown 2.4: <p><a href="https://en.wikipedia.org/wiki/Object_type_(object-oriented_programming\)#Boxing">boxing</a></p>
        // A link, as there; the backslash kramdown keeps is read by browsers as `/`, so the author's URL is written.
        #expect(html("[boxing](https://en.wikipedia.org/wiki/Object_type_(object-oriented_programming\\)#Boxing)", Self.kramdown)
                == "<p><a href=\"https://en.wikipedia.org/wiki/Object_type_(object-oriented_programming)#Boxing\">boxing</a></p>\n")
        // CommonMark (a Galley site): not a link, as cmark reads it.
        #expect(!html("[b](https://e.example/a_(b\\)#c)").contains("\">b</a>"))
    }

    @Test func escapedUnderscoreBeforeADelimiterRun() {
        // kramdown 2.4 for each; a closing `_` that starts exactly `__` does not end kramdown's emphasis.
        #expect(html("(\\__FILE__, etc)", Self.kramdown) == "<p>(__FILE__, etc)</p>\n")
        #expect(html("a \\__FILE__ b and \\__LINE__", Self.kramdown) == "<p>a __FILE__ b and __LINE__</p>\n")
        #expect(html("\\**FILE**", Self.kramdown) == "<p>**FILE**</p>\n")
        // A closer later on the line: emphasis, in both.
        #expect(html("\\__a_", Self.kramdown) == "<p>_<em>a</em></p>\n")
        #expect(html("\\_ __F__", Self.kramdown) == "<p>_ <strong>F</strong></p>\n")
        // In code, nothing changes; in CommonMark reading, cmark's emphasis.
        #expect(html("`\\__F__`", Self.kramdown) == "<p><code>\\__F__</code></p>\n")
        #expect(html("(\\__FILE__, etc)") == "<p>(_<em>FILE</em>_, etc)</p>\n")
    }

    @Test func listsAsKramdownReadsThem() {
        func kd(_ s: String) -> String { KramdownTests.normalized(html(s, Self.kramdown)) }
        // kramdown 2.4, whitespace between tags removed, for each.
        #expect(kd("- a\n+ b\n* c") == "<ul><li>a</li><li>b</li><li>c</li></ul>")
        #expect(kd("1) a\n2) b") == "<p>1) a\n2) b</p>")
        #expect(kd("Para\n3. x") == "<p>Para</p><ol><li>x</li></ol>")
        // `|` right after the marker: an item holding a one-row table (kramdown 2.4).
        #expect(kd("-|x") == "<ul><li><table><tbody><tr><td>x</td></tr></tbody></table></li></ul>")
        #expect(kd("|x\n- y") == "<p>|x</p><ul><li>y</li></ul>")   // a block right after: no table
        #expect(kd("|x\n\n- y") == "<table><tbody><tr><td>x</td></tr></tbody></table><ul><li>y</li></ul>")
        #expect(kd("-|a\n-| b | c") == "<ul><li><table><tbody><tr><td>a</td></tr></tbody></table></li><li><table><tbody><tr><td>b</td><td>c</td></tr></tbody></table></li></ul>")
        #expect(kd("    - a\n    + b").contains("<code>- a\n+ b\n</code>"))   // code, markers as written
        // CommonMark reading: three lists, a paren list, a paragraph.
        #expect(html("- a\n+ b").components(separatedBy: "<ul>").count == 3)
        #expect(html("Para\n3. x") == "<p>Para\n3. x</p>\n")
    }

    @Test func spanTagLinesAndBlocksCommonMarkDoesNotKnow() {
        // kramdown 2.4: a line that is one span tag starts a paragraph, Markdown read after it.
        #expect(html("<img src=\"/a.png\" alt=\"A\">\n*Caption* here", Self.kramdown)
                == "<p><img src=\"/a.png\" alt=\"A\">\n<em>Caption</em> here</p>\n")
        #expect(html("<a href=\"/big.jpg\">\n<img src=\"/small.jpg\">\n</a>", Self.kramdown).hasPrefix("<p><a href=\"/big.jpg\">"))
        // A block element CommonMark has no HTML block for, on one line: kept as a block, Markdown after it.
        #expect(html("<video src=\"/v.mp4\"></video>\nAfter.", Self.kramdown) == "<video src=\"/v.mp4\"></video>\n<p>After.</p>\n")
        // CommonMark reading: an HTML block, then a paragraph.
        #expect(html("<img src=\"/a.png\">\n*Caption*") == "<img src=\"/a.png\">\n*Caption*\n")
    }

    @Test func blockTagsAmidTextAreText() {
        // kramdown 2.4: <p>a &lt;p&gt;b&lt;/p&gt; c</p>, and so for other block elements; span ones stay tags.
        #expect(html("a <p>b</p> c", Self.kramdown) == "<p>a &lt;p&gt;b&lt;/p&gt; c</p>\n")
        #expect(html("Watch <iframe src=\"/v\"></iframe> now", Self.kramdown) == "<p>Watch &lt;iframe src=&quot;/v&quot;&gt;&lt;/iframe&gt; now</p>\n")
        #expect(html("a <video src=\"x\"></video> <span>c</span>", Self.kramdown) == "<p>a <video src=\"x\"></video> <span>c</span></p>\n")
        // A paragraph with a line that starts with a tag, and CommonMark reading: as written.
        #expect(html("<div>\na <p>b</p>\n</div>", Self.kramdown).contains("a <p>b</p>"))
        #expect(html("a <p>b</p> c") == "<p>a <p>b</p> c</p>\n")
        // kramdown 2.4: <p>A <span><em>marked</em> span</span>.</p> (the attribute is read, not written).
        #expect(html("A <span markdown=\"1\">*marked* span</span>.", Self.kramdown) == "<p>A <span><em>marked</em> span</span>.</p>\n")
    }

    @Test func mathAndLoneBackticks() {
        // kramdown 2.4 with Jekyll's MathJax engine.
        #expect(html("a $$x < y_1 * z$$ b", Self.kramdown) == "<p>a \\(x &lt; y_1 * z\\) b</p>\n")
        #expect(html("$$\na < b\n$$\n\nnext", Self.kramdown).hasSuffix("\\[a &lt; b\\]\n<p>next</p>\n"))
        #expect(html("`$$x$$`", Self.kramdown) == "<p><code>$$x$$</code></p>\n")
        #expect(html("a ` b ` c", Self.kramdown) == "<p>a ` b ` c</p>\n")
        #expect(html("a ` b ` c") == "<p>a <code>b</code> c</p>\n")
    }

    @Test func rawContentStaysInCodeSpansAndCodeBlocks() {
        // A backtick code span holding `<code>` is not raw content; nor is a fenced block.
        #expect(html("Use `<code>*a*</code>` here", Self.kramdown) == "<p>Use <code>&lt;code&gt;*a*&lt;/code&gt;</code> here</p>\n")
        #expect(html("```\n<code>*a* \"q\"</code>\n```", Self.kramdown).contains("&lt;code&gt;*a* &quot;q&quot;&lt;/code&gt;"))
        // A script's strings are left alone.
        #expect(html("<script>\nvar s = \"<code>'x'</code>\";\n</script>", Self.kramdown) == "<script>\nvar s = \"<code>'x'</code>\";\n</script>\n")
        // Without the switch, CommonMark: the code span inside `<code>` is read.
        #expect(html("<code>``Name``</code>") == "<p><code><code>Name</code></code></p>\n")
    }

    @Test func markdownAttributeWarnings() {
        // Nested in a raw element: kept as is, with a warning at its line.
        let nested = render("<div>\n<div markdown=\"1\">\n*x*\n</div>\n</div>", Self.kramdown)
        #expect(nested.diagnostics.map(\.line) == [2])
        #expect(!nested.html.contains("galley-html"))
        // Tags sharing a line with block content: read as inline Markdown, with a warning (kramdown swallows
        // the rest of the page here).
        let oneLine = render("<div markdown=\"1\">*one* line</div>\n\nnext", Self.kramdown)
        #expect(oneLine.html == "<div><em>one</em> line</div>\n<p>next</p>\n")
        #expect(oneLine.diagnostics.map(\.line) == [1])
        // An unknown value: raw, attribute removed, warned.
        let bogus = render("<div markdown=\"bogus\">\n*z*\n</div>", Self.kramdown)
        #expect(bogus.html == "<div>\n*z*\n</div>\n" && bogus.diagnostics.count == 1)
        // CommonMark reading: the attribute is not understood; said so at its line.
        let commonMark = render("Intro\n\n<div markdown=\"1\">\n*x*\n</div>")
        #expect(commonMark.diagnostics.map(\.line) == [3])
        #expect(commonMark.diagnostics[0].message.contains("markdown.html_blocks: kramdown"))
    }

    @Test func commonMarkReadingWarnsAboutAScriptCutShort() {
        let doc = render("<div id=\"tip\"></div>\n<script>\nconst a = 1;\n\nconst f = 2;\n</script>")
        #expect(doc.diagnostics.map { "\($0.line):\($0.column)" } == ["4:1"])
        // Starting its own block, CommonMark keeps it whole too: nothing to say.
        #expect(render("Text\n\n<script>\na;\n\nb;\n</script>\nafter").diagnostics.isEmpty)
    }

    @Test func headingIDsFromTextInEveryMode() {
        // kramdown 2.4: <h4 id="libyaml">, <h3 id="faster-inspection-with-p">; a Galley site gets the same ids.
        #expect(render("#### [LibYAML](https://github.com/yaml/libyaml)").headings.first?.id == "libyaml")
        #expect(render("### Faster inspection with <code>p</code>").headings.first?.id == "faster-inspection-with-p")
        #expect(render("## Notes[^1]\n\n[^1]: A note.").headings.first?.id == "notes")
        #expect(render("## a -- b").headings.first?.id == "a--b")
        #expect(render("## a -- b", MarkdownOptions(smartPunctuation: false)).headings.first?.id == "a----b")
    }

    @Test func tagFilterIsNeverKramdowns() {
        var options = Self.kramdown
        options.tagFilter = true
        // kramdown 2.4: <iframe src="https://e.example"></iframe>
        #expect(html("<iframe src=\"https://e.example\"></iframe>", options) == "<iframe src=\"https://e.example\"></iframe>\n")
    }

    /// Placeholders never reach the output, whatever HTML fragments sit next to each other or are cut short.
    @Test func placeholdersNeverShow() {
        let fragments = [
            "<div>\n", "</div>\n", "<section>\n", "  <div></div>\n", "</section>\n", "x -- y\n", "\n", "<script>\n", "</script>\n",
            "const a = 1;\n", "<pre>\n", "</pre>\n", "<div markdown=\"1\">\n", "<p markdown=\"span\">\n", "</p>\n", "*md* [l](/u)\n",
            "<div markdown=\"0\">\n", "<!-- c -->\n", "    <div>\n", "```\n", "- item\n", "> quote\n", "<iframe src=\"x\"></iframe>\n",
            "<style>\n", "</style>\n", "text --> more\n", "<code>`a`</code>\n", "<details markdown=\"1\">\n", "</details>\n",
        ]
        var fuzz = Fuzz(seed: 0x6A11E7_4B)
        for options in [Self.kramdown, Self.htmlBlocks] {
            for _ in 0..<400 {
                let doc = fuzz.document(from: fragments, count: 8, mutations: 2)
                let out = render(doc, options)
                #expect(!out.html.contains("galley-html") && !out.excerptHTML.contains("galley-html"), "\(doc.debugDescription)")
            }
        }
    }
}
