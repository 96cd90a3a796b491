import Testing
@testable import Markdown

/// Tables as kramdown 2.4 reads them (GFM input); expected strings are its output, whitespace between
/// tags removed (`KramdownTests.normalized`).
@Suite struct KramdownTableTests {
    func kd(_ markdown: String) -> String { KramdownTests.normalized(html(markdown, KramdownTests.options)) }

    @Test func pipesInCodeSpansDoNotSplit() {
        #expect(kd("| `x|y` | z |\n|---|---|\n| `a|b` | c |")
                == "<table><thead><tr><th><code>x|y</code></th><th>z</th></tr></thead><tbody><tr><td><code>a|b</code></td><td>c</td></tr></tbody></table>")
        // GFM splits there.
        #expect(html("| `x|y` | z |\n|---|---|---|\n| a | b | c |").contains("<th>`x</th>"))
    }

    @Test func headerWithoutBodyIsAParagraph() {
        #expect(kd("| A |\n|---|") == "<p>| A |\n|—|</p>")
        #expect(html("| A |\n|---|").contains("<table>"))
    }

    @Test func everyLineWithAPipeIsATableWithoutHeader() {
        #expect(kd("Use a | b here.") == "<table><tbody><tr><td>Use a</td><td>b here.</td></tr></tbody></table>")
        // kramdown 2.4 pads a short row with a cell holding a space.
        #expect(kd("| a | b |\n| c |") == "<table><tbody><tr><td>a</td><td>b</td></tr><tr><td>c</td><td> </td></tr></tbody></table>")
        #expect(kd("- a | b\n- c") == "<ul><li><table><tbody><tr><td>a</td><td>b</td></tr></tbody></table></li><li>c</li></ul>")
        #expect(kd("> x | y") == "<blockquote><table><tbody><tr><td>x</td><td>y</td></tr></tbody></table></blockquote>")
        #expect(kd("[a](/x) | [b](/y)") == "<table><tbody><tr><td><a href=\"/x\">a</a></td><td><a href=\"/y\">b</a></td></tr></tbody></table>")
        #expect(kd("Some `a|b` code") == "<p>Some <code>a|b</code> code</p>")
        #expect(kd("## A | B") == "<h2 id=\"a--b\">A | B</h2>")
        // A line without one: a paragraph, in both readings; and CommonMark never makes such a table.
        #expect(kd("Text with a | pipe\nand more") == "<p>Text with a | pipe\nand more</p>")
        #expect(html("Use a | b here.") == "<p>Use a | b here.</p>\n")
    }
}
