import Testing
@testable import Markdown

/// Table edge cases from the GFM spec's rules, written as input → expected HTML. Where cmark's
/// paragraph rules and GFM's table rules disagree, the expectation is what GitHub renders.
@Suite struct GFMTableSpecTests {
    private let plain = MarkdownOptions(smartPunctuation: false)

    private func table(_ head: String, _ body: String = "") -> String {
        "<table>\n<thead>\n<tr>\n" + head + "</tr>\n</thead>\n" + (body.isEmpty ? "" : "<tbody>\n" + body + "</tbody>\n") + "</table>\n"
    }

    @Test func delimiterRowWithoutOuterPipesOrSpaces() {
        #expect(html("a | b\n-|-\n1 | 2", plain) == table("<th>a</th>\n<th>b</th>\n", "<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n"))
        #expect(html("a | b\n:-:|--\n1 | 2", plain)
                == table("<th align=\"center\">a</th>\n<th>b</th>\n", "<tr>\n<td align=\"center\">1</td>\n<td>2</td>\n</tr>\n"))
        #expect(html("| a |\n|:-|\n| 1 |", plain) == table("<th align=\"left\">a</th>\n", "<tr>\n<td align=\"left\">1</td>\n</tr>\n"))
    }

    @Test func delimiterRowStartingWithAListMarkerIsAList() {
        // `- | -` starts a bullet item, which interrupts the paragraph before any table is seen.
        #expect(html("a | b\n- | -\n1 | 2", plain) == "<p>a | b</p>\n<ul>\n<li>| -\n1 | 2</li>\n</ul>\n")
    }

    @Test func bodyRowsThatLookLikeBlocksWithoutLeadingPipe() {
        // `#x` and `-x` are not block starts (no space), so they stay rows; `- x` and `# h` are.
        #expect(html("| a | b |\n|---|---|\n#x | y\n-x | y\n- x\n# h", plain) == table(
            "<th>a</th>\n<th>b</th>\n",
            "<tr>\n<td>#x</td>\n<td>y</td>\n</tr>\n<tr>\n<td>-x</td>\n<td>y</td>\n</tr>\n")
            + "<ul>\n<li>x</li>\n</ul>\n<h1 id=\"h\">h</h1>\n")
    }

    @Test func tableEndsAtABlockQuoteOrThematicBreak() {
        #expect(html("| a |\n|---|\n| 1 |\n> q", plain) == table("<th>a</th>\n", "<tr>\n<td>1</td>\n</tr>\n")
            + "<blockquote>\n<p>q</p>\n</blockquote>\n")
        #expect(html("| a |\n|---|\n| 1 |\n***", plain) == table("<th>a</th>\n", "<tr>\n<td>1</td>\n</tr>\n") + "<hr />\n")
    }

    @Test func tableEndsAtIndentedCodeAndOrderedLists() {
        // cmark would continue the paragraph here; GFM starts the new block.
        let code = "<div class=\"language-plaintext highlighter-rouge\"><div class=\"highlight\"><pre class=\"highlight\"><code>| c |\n</code></pre></div></div>\n"
        #expect(html("| a |\n|---|\n| b |\n    | c |", plain) == table("<th>a</th>\n", "<tr>\n<td>b</td>\n</tr>\n") + code)
        #expect(html("| a |\n|---|\n| b |\n2. item", plain) == table("<th>a</th>\n", "<tr>\n<td>b</td>\n</tr>\n")
            + "<ol start=\"2\">\n<li>item</li>\n</ol>\n")
    }

    @Test func underlinesAfterRowsAreARowOrABreak() {
        // cmark would make the lines a setext heading; GFM keeps the table.
        #expect(html("| a |\n|---|\n| 1 |\n===", plain) == table("<th>a</th>\n", "<tr>\n<td>1</td>\n</tr>\n<tr>\n<td>===</td>\n</tr>\n"))
        #expect(html("| a |\n|---|\n| 1 |\n---", plain) == table("<th>a</th>\n", "<tr>\n<td>1</td>\n</tr>\n") + "<hr />\n")
        // An underline right under the header is a heading, not a delimiter row.
        #expect(html("| a |\n---", plain) == "<h2 id=\"-a-\">| a |</h2>\n")
    }

    @Test func raggedRows() {
        // Extra cells are dropped, missing ones are empty.
        #expect(html("| a | b |\n|---|---|\n| 1 | 2 | 3 |\n| 4 |\n|", plain) == table(
            "<th>a</th>\n<th>b</th>\n",
            "<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n<tr>\n<td>4</td>\n<td></td>\n</tr>\n<tr>\n<td></td>\n<td></td>\n</tr>\n"))
    }

    @Test func headerAndDelimiterCellCountsMustMatch() {
        #expect(html("| a | b |\n|---|\n| 1 |", plain) == "<p>| a | b |\n|---|\n| 1 |</p>\n")
        #expect(html("| a |\n|---|---|", plain) == "<p>| a |\n|---|---|</p>\n")
    }

    @Test func escapedBackslashBeforeAPipe() {
        // `\\` is an escaped backslash, so the pipe after it splits the row.
        #expect(html("| a | b |\n|---|---|\n| x\\\\| y |", plain) == table(
            "<th>a</th>\n<th>b</th>\n", "<tr>\n<td>x\\</td>\n<td>y</td>\n</tr>\n"))
    }

    /// Cells without inline syntax skip the cell parse; both kinds count words and keep order.
    @Test func plainAndParsedCellsTogether() {
        let doc = render("| a  b | *c* |\n|---|---|\n| 1 | [l][r] |\n| x & y | (p) {q} #r |\n\n[r]: /u", plain)
        #expect(doc.html == table("<th>a  b</th>\n<th><em>c</em></th>\n",
                                  "<tr>\n<td>1</td>\n<td><a href=\"/u\">l</a></td>\n</tr>\n<tr>\n<td>x &amp; y</td>\n<td>(p) {q} #r</td>\n</tr>\n"))
        #expect(doc.wordCount == 11)
    }

    @Test func inlineMarkupCannotSpanCells() {
        #expect(html("| a | b |\n|---|---|\n| *x | y* |", plain) == table(
            "<th>a</th>\n<th>b</th>\n", "<tr>\n<td>*x</td>\n<td>y*</td>\n</tr>\n"))
    }
}
