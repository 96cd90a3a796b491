import Testing
@testable import Markdown

@Suite struct QuoteTests {
    func quoted(_ markdown: String, _ style: QuoteStyle) -> String {
        var o = MarkdownOptions()
        o.quotes = style
        return html(markdown, o)
    }

    @Test func frenchGuillemetsWithNarrowNoBreakSpaces() {
        #expect(quoted(#"Il a dit "bonjour" puis est parti."#, .french)
                == "<p>Il a dit «\u{202F}bonjour\u{202F}» puis est parti.</p>\n")
    }

    @Test func germanLowThenHigh() {
        #expect(quoted(#"Er sagte "Hallo" und ging."#, .german) == "<p>Er sagte „Hallo“ und ging.</p>\n")
    }

    @Test func englishIsCmarksOwn() {
        #expect(quoted(#"She said "hi"."#, .english) == "<p>She said “hi”.</p>\n")
    }

    @Test func quotesAroundEmphasisAndInsideLinks() {
        #expect(quoted(#""*Ja*", sagte er: [„x" "y"](/a)"#, .german)
                == "<p>„<em>Ja</em>“, sagte er: <a href=\"/a\">„x“ „y“</a></p>\n")
    }

    @Test func apostrophesAndCodeAndTypedQuotesStay() {
        #expect(quoted(#"l'été, `"code"` and “typed”"#, .french)
                == "<p>l’été, <code>&quot;code&quot;</code> and “typed”</p>\n")
    }

    /// A German writer's own „…“ ends with “, which is also English's opening mark: a block with typed
    /// curly quotes keeps them; other blocks still get the language's marks.
    @Test func typedGermanQuotesAreNotTurnedAround() {
        #expect(quoted("Er schrieb „Hallo“ selbst.\n\nUnd \"dann\" cmark.", .german)
                == "<p>Er schrieb „Hallo“ selbst.</p>\n<p>Und „dann“ cmark.</p>\n")
    }

    @Test func attributeListValuesStillRead() {
        #expect(quoted(#"[lien](/a){: title="x"} et "fin""#, .french)
                == "<p><a href=\"/a\" title=\"x\">lien</a> et «\u{202F}fin\u{202F}»</p>\n")
    }

    /// The contents entry shows the heading's marks; its id (from the source) is the same in every language.
    @Test func headingsKeepTheirIdsAndListTheirMarks() {
        var o = MarkdownOptions()
        o.quotes = .german
        let doc = render(#"## Der "Trick" dabei"#, o)
        #expect(doc.html == "<h2 id=\"der-trick-dabei\">Der „Trick“ dabei</h2>\n")
        #expect(doc.headings.map(\.text) == ["Der „Trick“ dabei"])
    }

    @Test func withoutSmartPunctuationNothingChanges() {
        var o = MarkdownOptions(smartPunctuation: false)
        o.quotes = .french
        #expect(html(#"a "b" c"#, o) == "<p>a &quot;b&quot; c</p>\n")
    }

    @Test(arguments: [("fr", QuoteStyle.french), ("fr-CA", .french), ("de", .german), ("de-AT", .german), ("de-CH", .guillemets),
                      ("es", .guillemets), ("it", .guillemets), ("pt", .english), ("pt-BR", .english), ("pt-PT", .guillemets),
                      ("en", .english), ("nl", .english)])
    func styleForLanguage(tag: String, style: QuoteStyle) {
        #expect(QuoteStyle.forLanguage(tag) == style)
    }
}
