import Testing
@testable import Markdown

@Suite struct TableTests {
    @Test func alignmentAndInlineMarkdown() {
        #expect(html("| Left | Center | Right | None |\n|:-----|:------:|------:|------|\n| *a* | **b** | `c` | [d](/d) |") == """
        <table>
        <thead>
        <tr>
        <th align="left">Left</th>
        <th align="center">Center</th>
        <th align="right">Right</th>
        <th>None</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td align="left"><em>a</em></td>
        <td align="center"><strong>b</strong></td>
        <td align="right"><code>c</code></td>
        <td><a href="/d">d</a></td>
        </tr>
        </tbody>
        </table>

        """)
    }

    /// GitHub splits rows before inline parsing: `\|` is a literal pipe (in code spans too,
    /// backslash removed); an unescaped pipe inside backticks still ends the cell.
    @Test func escapedPipesAndPipesInCode() {
        #expect(html("| f\\|oo | `\\|` |\n| --- | --- |\n| b `\\|` az | b **\\|** im |\n| `a|b` | c |") == """
        <table>
        <thead>
        <tr>
        <th>f|oo</th>
        <th><code>|</code></th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td>b <code>|</code> az</td>
        <td>b <strong>|</strong> im</td>
        </tr>
        <tr>
        <td>`a</td>
        <td>b`</td>
        </tr>
        </tbody>
        </table>

        """)
    }

    @Test func pipeInCodeSpanChangesTheCellCount() {
        // Three cells in the header against two delimiters: not a table (as on GitHub).
        #expect(html("| `a|b` | c |\n| --- | --- |", MarkdownOptions(smartPunctuation: false)) == "<p>| <code>a|b</code> | c |\n| --- | --- |</p>\n")
    }

    @Test func raggedRowsAndNoOuterPipes() {
        #expect(html("a | b\n--- | ---\n1\n2 | 3 | 4") == """
        <table>
        <thead>
        <tr>
        <th>a</th>
        <th>b</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td>1</td>
        <td></td>
        </tr>
        <tr>
        <td>2</td>
        <td>3</td>
        </tr>
        </tbody>
        </table>

        """)
    }

    @Test func headerOnlyAndEndAtBlankLine() {
        #expect(html("| a |\n| - |\n\nafter") == """
        <table>
        <thead>
        <tr>
        <th>a</th>
        </tr>
        </thead>
        </table>
        <p>after</p>

        """)
    }

    @Test func tableInterruptsParagraph() {
        #expect(html("Some *intro*\ntext\n| x | y |\n|---|---|\n| 1 | 2 |") == """
        <p>Some <em>intro</em>
        text</p>
        <table>
        <thead>
        <tr>
        <th>x</th>
        <th>y</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td>1</td>
        <td>2</td>
        </tr>
        </tbody>
        </table>

        """)
    }

    @Test func notATableWhenCellCountsDiffer() {
        #expect(html("| a | b |\n| --- |\n| c |", MarkdownOptions(smartPunctuation: false)) == "<p>| a | b |\n| --- |\n| c |</p>\n")
        #expect(html("no pipes here\n---") == "<h2 id=\"no-pipes-here\">no pipes here</h2>\n")
    }

    @Test func cellsThatLookLikeBlocksStayInline() {
        let out = html("| # h | - x | 1. y | > q | <b>t</b> | [r] |\n|---|---|---|---|---|---|\n| ``` | *** | [r]: /x | + z | ~~~ | <div> |\n\n[r]: /ref")
        #expect(out.contains("<th># h</th>\n<th>- x</th>\n<th>1. y</th>\n<th>&gt; q</th>\n<th><b>t</b></th>\n<th><a href=\"/ref\">r</a></th>"))
        #expect(out.contains("<td>```</td>\n<td>***</td>\n<td><a href=\"/ref\">r</a>: /x</td>\n<td>+ z</td>\n<td>~~~</td>\n<td><div></td>"))
        #expect(!out.contains("\u{200B}"))
    }

    @Test func tablesInContainers() {
        #expect(html("> | a | b |\n> |---|---|\n> | 1 | 2 |") == """
        <blockquote>
        <table>
        <thead>
        <tr>
        <th>a</th>
        <th>b</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td>1</td>
        <td>2</td>
        </tr>
        </tbody>
        </table>
        </blockquote>

        """)
        let inList = html("- item\n\n  | a |\n  |---|\n  | 1 |")
        #expect(inList.contains("<li>\n<p>item</p>\n<table>\n<thead>\n<tr>\n<th>a</th>"))
    }

    @Test func extensionsOffLeavesParagraph() {
        #expect(html("| a |\n|---|", MarkdownOptions(smartPunctuation: false, extensions: false)) == "<p>| a |\n|---|</p>\n")
    }

    @Test func splitRowFunction() {
        #expect(splitRow(ArraySlice("| a | b |".utf8)).map { String(decoding: $0, as: UTF8.self) } == ["a", "b"])
        #expect(splitRow(ArraySlice("a|b|".utf8)).map { String(decoding: $0, as: UTF8.self) } == ["a", "b"])
        #expect(splitRow(ArraySlice("|``a|`b``|c\\|d|".utf8)).map { String(decoding: $0, as: UTF8.self) } == ["``a", "`b``", "c|d"])
        #expect(splitRow(ArraySlice("a \\\\| b \\\\\\| c".utf8)).map { String(decoding: $0, as: UTF8.self) } == ["a \\\\", "b \\\\| c"])
        #expect(splitRow(ArraySlice("| `unclosed | x |".utf8)).map { String(decoding: $0, as: UTF8.self) } == ["`unclosed", "x"])
    }
}

@Suite struct TableEdgeTests {
    @Test func blockIALOnATable() {
        #expect(html("| a |\n|---|\n| 1 |\n{: .data}") == """
        <table class="data">
        <thead>
        <tr>
        <th>a</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td>1</td>
        </tr>
        </tbody>
        </table>

        """)
    }

    @Test func extensionsInCells() {
        let out = html("| a | b |\n|---|---|\n| ~~x~~ | www.example.com |\n| [l](/u) | `~~no~~` |")
        #expect(out.contains("<td><del>x</del></td>\n<td><a href=\"http://www.example.com\">www.example.com</a></td>"))
        #expect(out.contains("<td><a href=\"/u\">l</a></td>\n<td><code>~~no~~</code></td>"))
    }

    @Test func tableInTightListItem() {
        #expect(html("- | a |\n  |---|\n  | 1 |\n- next").contains("<li>\n<table>\n<thead>"))
    }
}
