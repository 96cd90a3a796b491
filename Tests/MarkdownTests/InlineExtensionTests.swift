import Testing
@testable import Markdown

@Suite struct StrikethroughTests {
    @Test(arguments: [
        ("~~Hi~~ Hello, world!", "<p><del>Hi</del> Hello, world!</p>\n"),
        ("This ~~has a\n\nnew paragraph~~.", "<p>This ~~has a</p>\n<p>new paragraph~~.</p>\n"),
        ("~~a *b* c~~ and ~~d~~", "<p><del>a <em>b</em> c</del> and <del>d</del></p>\n"),
        ("a ~~ b ~~ c", "<p>a ~~ b ~~ c</p>\n"),
        // GFM (extensions.txt, strikethrough): one tilde strikes through too; three never do.
        // kramdown reads only `~~` (KramdownTests.kramdownStrikesOnlyWithTwoTildes).
        ("x ~~~three~~~ and ~one~", "<p>x ~~~three~~~ and <del>one</del></p>\n"),
        ("**~~strong strike~~**", "<p><strong><del>strong strike</del></strong></p>\n"),
        ("~~multi\nline~~", "<p><del>multi\nline</del></p>\n"),
        ("`~~code~~` ~~unclosed", "<p><code>~~code~~</code> ~~unclosed</p>\n"),
        ("# ~~Old~~ New", "<h1 id=\"old-new\"><del>Old</del> New</h1>\n"),
    ])
    func strikethrough(markdown: String, expected: String) {
        #expect(html(markdown) == expected)
    }
}

@Suite struct TaskListTests {
    @Test func tightTaskList() {
        #expect(html("- [ ] foo\n- [x] bar\n- [X] baz") == """
        <ul>
        <li><input type="checkbox" disabled="" /> foo</li>
        <li><input type="checkbox" disabled="" checked="" /> bar</li>
        <li><input type="checkbox" disabled="" checked="" /> baz</li>
        </ul>

        """)
    }

    @Test func looseAndNested() {
        #expect(html("1. [x] done\n\n   more\n2. [ ] open\n   - [ ] sub") == """
        <ol>
        <li>
        <p><input type="checkbox" disabled="" checked="" /> done</p>
        <p>more</p>
        </li>
        <li>
        <p><input type="checkbox" disabled="" /> open</p>
        <ul>
        <li><input type="checkbox" disabled="" /> sub</li>
        </ul>
        </li>
        </ol>

        """)
    }

    @Test func notTasks() {
        #expect(html("- [] no\n- [ ]\n- text [ ] later\n- [y] other") == """
        <ul>
        <li>[] no</li>
        <li>[ ]</li>
        <li>text [ ] later</li>
        <li>[y] other</li>
        </ul>

        """)
        #expect(html("[ ] paragraph, not an item") == "<p>[ ] paragraph, not an item</p>\n")
    }
}

@Suite struct AutolinkTests {
    @Test(arguments: [
        ("www.commonmark.org", "<p><a href=\"http://www.commonmark.org\">www.commonmark.org</a></p>\n"),
        ("Visit www.commonmark.org/help for more information.",
         "<p>Visit <a href=\"http://www.commonmark.org/help\">www.commonmark.org/help</a> for more information.</p>\n"),
        ("Visit www.commonmark.org.", "<p>Visit <a href=\"http://www.commonmark.org\">www.commonmark.org</a>.</p>\n"),
        ("Visit www.commonmark.org/a.b.", "<p>Visit <a href=\"http://www.commonmark.org/a.b\">www.commonmark.org/a.b</a>.</p>\n"),
        ("www.google.com/search?q=Markup+(business)))",
         "<p><a href=\"http://www.google.com/search?q=Markup+(business)\">www.google.com/search?q=Markup+(business)</a>))</p>\n"),
        ("(www.google.com/search?q=Markup+(business))",
         "<p>(<a href=\"http://www.google.com/search?q=Markup+(business)\">www.google.com/search?q=Markup+(business)</a>)</p>\n"),
        ("www.google.com/search?q=commonmark&hl=en",
         "<p><a href=\"http://www.google.com/search?q=commonmark&amp;hl=en\">www.google.com/search?q=commonmark&amp;hl=en</a></p>\n"),
        ("www.google.com/search?q=commonmark&hl;",
         "<p><a href=\"http://www.google.com/search?q=commonmark\">www.google.com/search?q=commonmark</a>&amp;hl;</p>\n"),
        ("www.commonmark.org/he<lp", "<p><a href=\"http://www.commonmark.org/he\">www.commonmark.org/he</a>&lt;lp</p>\n"),
        ("https://example.com/a_b?c=d#e and http://x.org",
         "<p><a href=\"https://example.com/a_b?c=d#e\">https://example.com/a_b?c=d#e</a> and <a href=\"http://x.org\">http://x.org</a></p>\n"),
        ("*https://example.com*", "<p><em><a href=\"https://example.com\">https://example.com</a></em></p>\n"),
        ("see “https://example.com”", "<p>see “<a href=\"https://example.com\">https://example.com</a>”</p>\n"),
        ("www.x_y.com and https://", "<p>www.x_y.com and https://</p>\n"),
        ("notwww.example.com", "<p>notwww.example.com</p>\n"),
        ("[www.example.com](/local) `https://code.example`", "<p><a href=\"/local\">www.example.com</a> <code>https://code.example</code></p>\n"),
        ("<https://angle.example>", "<p><a href=\"https://angle.example\">https://angle.example</a></p>\n"),
    ])
    func autolinks(markdown: String, expected: String) {
        #expect(html(markdown) == expected)
    }
}
