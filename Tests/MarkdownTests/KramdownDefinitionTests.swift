import Testing
@testable import Markdown

/// kramdown's definition lists and abbreviations (`MarkdownOptions.kramdown`). Expected strings are
/// kramdown 2.4.0's output (GFM input, `hard_wrap: false` as Jekyll sets it), whitespace between tags removed.
@Suite struct KramdownDefinitionTests {
    static let kramdown = KramdownTests.options

    func kd(_ markdown: String) -> String { KramdownTests.normalized(html(markdown, Self.kramdown)) }

    @Test func definitionLists() {
        #expect(kd("Term\n: Its *definition*.") == "<dl><dt>Term</dt><dd>Its <em>definition</em>.</dd></dl>")
        // Two terms, a definition continued on the next line, a second definition, then a second group.
        #expect(kd("A\nB\n: one\n  more\n: two\n\nC\n: three")
                == "<dl><dt>A</dt><dt>B</dt><dd>one\nmore</dd><dd>two</dd><dt>C</dt><dd>three</dd></dl>")
        // Lines keep their numbers: the paragraph after the list is still on line 4.
        let doc = render("Term\n: def\n\nAfter [x][nowhere].", Self.kramdown)
        #expect(KramdownTests.normalized(doc.html) == "<dl><dt>Term</dt><dd>def</dd></dl><p>After [x][nowhere].</p>")
        // A definition after a blank line: another <dd> of the same term, its text a paragraph (kramdown 2.4).
        #expect(kd("Term\n: First,\n  more\n\n: Second,\n  more\n\nAfter")
                == "<dl><dt>Term</dt><dd>First,\nmore</dd><dd><p>Second,\nmore</p></dd></dl><p>After</p>")
        // Not a list: in code, after a list item's marker, or in CommonMark reading.
        #expect(kd("```\nTerm\n: def\n```").contains("Term\n: def"))
        #expect(html("Term\n: def") == "<p>Term\n: def</p>\n")
    }

    @Test func commentAndNomarkdownExtensions() {
        // kramdown 2.4: <!-- gone --> then the raw lines; inline, the raw content and nothing.
        #expect(kd("{::comment}\ngone\n{:/comment}\n\n{::nomarkdown}\n<p class=\"raw\">*as is*</p>\n{:/nomarkdown}")
                == "<!-- gone --><p class=\"raw\">*as is*</p>")
        #expect(kd("Inline {::nomarkdown}<b>*raw*</b>{:/} and {::comment}hidden{:/comment}span.")
                == "<p>Inline <b>*raw*</b> and span.</p>")
        // In a code fence: as written.
        #expect(kd("```\n{::comment}\nx\n{:/comment}\n```").contains("{::comment}"))
    }

    @Test func abbreviations() {
        #expect(kd("*[HTML]: HyperText Markup\n\nSome HTML and `HTML` and HTMLX.")
                == "<p>Some <abbr title=\"HyperText Markup\">HTML</abbr> and <code>HTML</code> and HTMLX.</p>")
        // The definition line leaves nothing behind; CommonMark reading keeps it as text.
        #expect(kd("Text.\n\n*[W3C]: World Wide Web Consortium") == "<p>Text.</p>")
        #expect(html("*[W3C]: x").contains("[W3C]: x"))
    }
}
