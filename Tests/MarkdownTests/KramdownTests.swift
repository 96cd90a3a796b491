import Testing
@testable import Markdown

/// Galley's kramdown reading (`MarkdownOptions.kramdown`) against kramdown itself. Each expected string is
/// kramdown 2.4.0's output (kramdown-parser-gfm 1.1.0, `input: "GFM", hard_wrap: false`, as Jekyll sets it),
/// pasted from running it on the Markdown beside it. kramdown indents the children of HTML elements and
/// puts blank lines between blocks; browsers ignore that whitespace, so it is taken out of both before comparing.
@Suite struct KramdownTests {
    static let options: MarkdownOptions = {
        var o = MarkdownOptions()
        o.kramdown = true
        return o
    }()

    /// The HTML with whitespace between tags and at line starts removed, `&quot;` as `"` (kramdown writes text quotes bare).
    static func normalized(_ html: String) -> String {
        var out = ""
        for line in html.split(separator: "\n", omittingEmptySubsequences: true) {
            let t = line.drop { $0 == " " }
            if !out.isEmpty && !(out.last == ">" && t.first == "<") { out += "\n" }
            out += t
        }
        return out.replacing("&quot;", with: "\"")
    }

    @Test(arguments: [
        ("placeholderNextToHTML", "<div>\n</div>\n<section>\n  <div></div>\n</section>\nx -- y",
         "<div>\n</div>\n<section>\n  <div></div>\n</section>\n<p>x – y</p>\n"),
        ("scriptAfterHTMLLine", "<div id=\"tip\"></div>\n<script>\nconst a = 'x';\n\nconst f = () => a;\n</script>",
         "<div id=\"tip\"></div>\n<script>\nconst a = 'x';\n\nconst f = () => a;\n</script>\n\n"),
        ("styleAfterParagraphElement", "<p>intro</p>\n<style>\n.a { color: red }\n\n.b { color: blue }\n</style>\n*after*",
         "<p>intro</p>\n<style>\n.a { color: red }\n\n.b { color: blue }\n</style>\n\n<p><em>after</em></p>\n"),
        ("preAfterDiv", "<div class=\"x\"></div>\n<pre>\nline 1\n\n  line *3*\n</pre>\n\nText.",
         "<div class=\"x\"></div>\n<pre>\nline 1\n\n  line *3*\n</pre>\n\n<p>Text.</p>\n"),
        ("textareaAfterDiv", "<div></div>\n<textarea>\na\n\nb\n</textarea>",
         "<div></div>\n<textarea>\na\n\nb\n</textarea>\n"),
        ("markdownOne", "<div markdown=\"1\">\nSome [text](http://x.y) and <address@host.com>.\n\n* a\n* b\n</div>\nafter",
         "<div>\n  <p>Some <a href=\"http://x.y\">text</a> and <a href=\"mailto:address@host.com\">address@host.com</a>.</p>\n\n  <ul>\n    <li>a</li>\n    <li>b</li>\n  </ul>\n</div>\n<p>after</p>\n"),
        ("markdownOneNested", "<div class=\"x\" markdown=\"1\">\n<div>inner</div>\n# Head\n</div>",
         "<div class=\"x\">\n  <div>inner</div>\n  <h1 id=\"head\">Head</h1>\n</div>\n"),
        ("markdownOneSpanElement", "<p markdown=\"1\">\n*a* [l][r]\n</p>\n\n[r]: /ref",
         "<p>\n<em>a</em> <a href=\"/ref\">l</a>\n</p>\n\n"),
        ("markdownSpan", "<section markdown=\"span\">\n*s*\nb\n</section>",
         "<section>\n<em>s</em>\nb\n</section>\n"),
        ("markdownZero", "<div markdown=\"0\">\n*e*\n\nx\n</div>",
         "<div>\n*e*\n\nx\n</div>\n"),
        ("markdownDetails", "<details markdown=\"1\">\n<summary>Sum *s*</summary>\n\nBody *b*\n</details>",
         "<details>\n  <summary>Sum *s*</summary>\n\n  <p>Body <em>b</em></p>\n</details>\n"),
        ("markdownRawModel", "<table markdown=\"1\">\n<tr><td>*x*</td></tr>\n</table>",
         "<table>\n<tr><td>*x*</td></tr>\n</table>\n"),
        ("markdownBogus", "<div markdown=\"bogus\">\n*z*\n</div>",
         "<div>\n*z*\n</div>\n"),
        ("headingLink", "#### [LibYAML](https://github.com/yaml/libyaml)",
         "<h4 id=\"libyaml\"><a href=\"https://github.com/yaml/libyaml\">LibYAML</a></h4>\n"),
        ("headingInlineHTML", "### Faster inspection with <code>p</code>",
         "<h3 id=\"faster-inspection-with-p\">Faster inspection with <code>p</code></h3>\n"),
        ("headingMixed", "## `code` in *heading* & stuff <span>x</span> [a][b]\n\n[b]: /u",
         "<h2 id=\"code-in-heading--stuff-x-a\"><code>code</code> in <em>heading</em> &amp; stuff <span>x</span> <a href=\"/u\">a</a></h2>\n\n"),
        ("headingPunctuation", "## a -- b... \"c\" it's & &copy; \\*x\\* snake\\_case ~~del~~ <span title=\"T\">s</span>",
         "<h2 id=\"a--b-c-its---x-snake_case-del-s\">a – b… “c” it’s &amp; © *x* snake_case <del>del</del> <span title=\"T\">s</span></h2>\n"),
        ("headingKbd", "## <kbd>Ctrl</kbd>+<kbd>C</kbd>",
         "<h2 id=\"ctrlc\"><kbd>Ctrl</kbd>+<kbd>C</kbd></h2>\n"),
        ("headingImageAutolink", "## Head ![alt text](x.png) <https://a.b/c> end",
         "<h2 id=\"head--httpsabc-end\">Head <img src=\"x.png\" alt=\"alt text\" /> <a href=\"https://a.b/c\">https://a.b/c</a> end</h2>\n"),
        ("rawCodeContent", "<code>``Name``</code> <code>a < b *x* &amp;</code> <kbd>*k*</kbd> <span>*s*</span> <samp>`x`</samp>",
         "<p><code>``Name``</code> <code>a &lt; b *x* &amp;</code> <kbd>*k*</kbd> <span><em>s</em></span> <samp>`x`</samp></p>\n"),
        ("rawCodeQuotes", "<code><b>x</b> \"q\" -- a_b_c</code> and \"q\"",
         "<p><code><b>x</b> \"q\" -- a_b_c</code> and “q”</p>\n"),
        ("listOneLooseItem", "- a\n- b\n\n- c\n- d",
         "<ul>\n  <li>a</li>\n  <li>\n    <p>b</p>\n  </li>\n  <li>c</li>\n  <li>d</li>\n</ul>\n"),
        ("listFirstLoose", "- a\n\n- b\n- c",
         "<ul>\n  <li>\n    <p>a</p>\n  </li>\n  <li>b</li>\n  <li>c</li>\n</ul>\n"),
        ("listTrailingBlank", "* a\n* b\n* c\n\ntext",
         "<ul>\n  <li>a</li>\n  <li>b</li>\n  <li>c</li>\n</ul>\n\n<p>text</p>\n"),
        ("listNested", "1. a\n   - n1\n\n   - n2\n2. b",
         "<ol>\n  <li>a\n    <ul>\n      <li>\n        <p>n1</p>\n      </li>\n      <li>\n        <p>n2</p>\n      </li>\n    </ul>\n  </li>\n  <li>b</li>\n</ol>\n"),
        ("listTwoParagraphs", "- a\n\n  para\n- b\n- c\n  > q",
         "<ul>\n  <li>\n    <p>a</p>\n\n    <p>para</p>\n  </li>\n  <li>b</li>\n  <li>c\n    <blockquote>\n      <p>q</p>\n    </blockquote>\n  </li>\n</ul>\n"),
        ("bareURLs", "see https://x.com and www.y.com and a@b.co",
         "<p>see https://x.com and www.y.com and a@b.co</p>\n"),
        ("tildes", "~x~ and ~~y~~ and [a](/u~x)",
         "<p>~x~ and <del>y</del> and <a href=\"/u~x\">a</a></p>\n"),
    ])
    func matchesKramdown(name: String, markdown: String, kramdown: String) {
        let doc = render(markdown, Self.options)
        #expect(Self.normalized(doc.html) == Self.normalized(kramdown), "\(name)")
    }
}
