import Testing
@testable import Markdown

@Suite struct FootnoteTests {
    @Test func numberedByFirstReferenceWithBackLinks() {
        let doc = render("""
        Second[^b] first? No: first[^a]… and[^b] again.

        [^a]: Note *A*.
        [^b]: https://example.com/b
        """)
        #expect(doc.html == """
        <p>Second<sup class="footnote-ref"><a href="#fn-b" id="fnref-b" data-footnote-ref>1</a></sup> first? No: first<sup class="footnote-ref"><a href="#fn-a" id="fnref-a" data-footnote-ref>2</a></sup>… and<sup class="footnote-ref"><a href="#fn-b" id="fnref-b-2" data-footnote-ref>1</a></sup> again.</p>
        <section class="footnotes" data-footnotes>
        <ol>
        <li id="fn-b">
        <p><a href="https://example.com/b">https://example.com/b</a> <a href="#fnref-b" class="footnote-backref" data-footnote-backref data-footnote-backref-idx="1" aria-label="Back to reference 1">↩</a> <a href="#fnref-b-2" class="footnote-backref" data-footnote-backref data-footnote-backref-idx="1-2" aria-label="Back to reference 1-2">↩<sup class="footnote-ref">2</sup></a></p>
        </li>
        <li id="fn-a">
        <p>Note <em>A</em>. <a href="#fnref-a" class="footnote-backref" data-footnote-backref data-footnote-backref-idx="2" aria-label="Back to reference 2">↩</a></p>
        </li>
        </ol>
        </section>

        """)
        #expect(doc.diagnostics.isEmpty)
    }

    @Test func multiParagraphDefinitionAndCode() {
        let doc = render("""
        Text[^long].

        [^long]: First paragraph
            lazy? no, indented.

            Second paragraph.

                code in note

        After the note.
        """)
        #expect(doc.html == """
        <p>Text<sup class="footnote-ref"><a href="#fn-long" id="fnref-long" data-footnote-ref>1</a></sup>.</p>
        <p>After the note.</p>
        <section class="footnotes" data-footnotes>
        <ol>
        <li id="fn-long">
        <p>First paragraph
        lazy? no, indented.</p>
        <p>Second paragraph.</p>
        <div class="language-plaintext highlighter-rouge"><div class="highlight"><pre class="highlight"><code>code in note
        </code></pre></div></div>
        <a href="#fnref-long" class="footnote-backref" data-footnote-backref data-footnote-backref-idx="1" aria-label="Back to reference 1">↩</a>
        </li>
        </ol>
        </section>

        """)
    }

    @Test func unusedAndDuplicateDefinitionsAreWarned() {
        let doc = render("Used[^u].\n\n[^u]: yes\n[^u]: again\n\n[^never]: unused\n")
        #expect(doc.diagnostics.map(\.line) == [4, 6])
        #expect(doc.diagnostics.map(\.message) == ["footnote [^u] is defined more than once; the first definition is used",
                                                   "footnote [^never] is defined but never referenced"])
        #expect(doc.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(!doc.html.contains("unused"))
    }

    @Test func undefinedReferenceStaysText() {
        #expect(html("a[^missing] b") == "<p>a[^missing] b</p>\n")
        #expect(html("no defs [^x]") == "<p>no defs [^x]</p>\n")
    }

    @Test func notInCodeAndDefinitionInFenceIgnored() {
        let doc = render("`[^a]` and [^a]\n\n```\n[^a]: inside code\n```\n\n[^a]: real")
        #expect(doc.html.hasPrefix("<p><code>[^a]</code> and <sup class=\"footnote-ref\">"))
        #expect(doc.html.contains("<code>[^a]: inside code\n</code>"))
        #expect(doc.html.contains("<p>real <a href=\"#fnref-a\""))
    }

    @Test func referencesInsideFootnotesAndTables() {
        let doc = render("| h |\n|---|\n| cell[^t] |\n\n[^t]: from table[^n]\n[^n]: nested\n")
        #expect(doc.html.contains("<td>cell<sup class=\"footnote-ref\"><a href=\"#fn-t\" id=\"fnref-t\" data-footnote-ref>1</a></sup></td>"))
        #expect(doc.html.contains("<li id=\"fn-n\">\n<p>nested"))
        #expect(doc.diagnostics.isEmpty)
    }

    @Test func unclosedFenceBeforeDefinitions() {
        let doc = render("Ref[^1]\n\n[^1]: note\n\n```\nnever closed")
        #expect(doc.html.contains("<code>never closed\n</code>"))
        #expect(doc.html.contains("<li id=\"fn-1\">"))
    }

    @Test func swallowedSectionFallsBack() {
        // An unclosed HTML comment runs to the end of the document; render without footnotes rather than lose text.
        let doc = render("Ref[^1]\n\n[^1]: note\n\n<!-- open comment")
        #expect(doc.html.contains("<!-- open comment"))
        #expect(!doc.html.contains("galley"))
    }

    @Test func diagnosticsInsideFootnotesUseBodyLines() {
        let doc = render("Ref[^1]\n\nMiddle\n\n[^1]: note *x*{: =bad}\n")
        #expect(doc.diagnostics.count == 1)
        #expect(doc.diagnostics.first?.line == 5)
    }
}

@Suite struct FootnoteEdgeTests {
    @Test func noReferenceInsideLinkText() {
        let doc = render("[see [^1]](/u) and [^1]\n\n[^1]: n")
        #expect(doc.html.hasPrefix("<p><a href=\"/u\">see [^1]</a> and <sup class=\"footnote-ref\">"))
    }
}
