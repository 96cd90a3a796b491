import Foundation
import Testing
@testable import Site

/// `lang:` per page, `i18n/XX.yml` word files and the default theme's words, dates and feeds in the page's language.
@Suite struct LanguageTests {
    static func yml(_ language: String = "en", extra: String = "") -> String {
        "title: Bitácora\nurl: https://blog.example.org\nlanguage: \(language)\ntimezone: UTC\npermalink: /:title/\npaginate: 10\n" + extra
    }

    static func post(_ title: String, lang: String? = nil, date: String = "2026-03-06", body: String = "Body.\n\n## Part one\n\nText.\n") -> String {
        "---\ntitle: \(title)\ndate: \(date)\n" + (lang.map { "lang: \($0)\n" } ?? "") + "tags: [bench]\n---\n" + body
    }

    /// A site with the built-in theme (no templates/ folder).
    static func site(_ files: [String: String]) throws -> FixtureSite {
        try FixtureSite(files: files, withDefaults: false)
    }

    @Test func htmlLangPerPageAndOnListEntriesInAnotherLanguage() async throws {
        let site = try Self.site(["site.yml": Self.yml(), "content/posts/2026-03-06-hola.md": Self.post("Hola", lang: "es"),
                                  "content/posts/2026-03-05-hello.md": Self.post("Hello", date: "2026-03-05"),
                                  "content/posts/2026-03-04-ola.md": Self.post("Olá", lang: "pt-br", date: "2026-03-04")])
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(site.html("hola/index.html")?.string("/html/@lang") == "es")
        #expect(site.html("ola/index.html")?.string("/html/@lang") == "pt-BR")
        #expect(site.html("hello/index.html")?.string("/html/@lang") == "en")
        let home = try #require(site.html("index.html"))
        #expect(home.string("/html/@lang") == "en")
        // Entries in the site's language carry no lang; others carry theirs, and read in it.
        #expect(home.strings("//ol[@class='post-list']/li/article/@lang") == ["es", "pt-BR"])
        #expect(home.string("//article[@lang='es']//a[@class='read-more']/text()") == "Seguir leyendo")
        #expect(home.string("//article[not(@lang)]//a[@class='read-more']/text()") == "Continue reading")
        #expect(home.string("//article[@lang='es']//p[@class='post-meta']/time") == "6 de marzo de 2026")
        #expect(site.html("404.html")?.string("/html/@lang") == "en")
        #expect(site.html("404.html")?.strings("//ul[@class='recent-posts']/li/@lang") == ["es", "pt-BR"])
        #expect(site.html("404.html")?.string("//h2[@class='section-label']") == "Recent posts")   // the newest post is Spanish
    }

    @Test func feedsSayTheLanguageAndMarkEntriesThatDiffer() async throws {
        let site = try Self.site(["site.yml": Self.yml("fr"), "content/posts/2026-03-06-hola.md": Self.post("Hola", lang: "es"),
                                  "content/posts/2026-03-05-salut.md": Self.post("Salut", date: "2026-03-05")])
        defer { site.cleanUp() }
        _ = try await site.build()
        let rss = try #require(site.data("feed.xml").flatMap(XMLDoc.init))
        #expect(rss.strings("/rss/channel/language") == ["fr"])
        let atom = try #require(site.data("atom.xml").flatMap(XMLDoc.init))
        let ns = ["a": "http://www.w3.org/2005/Atom"]
        #expect(atom.strings("/a:feed/@xml:lang", namespaces: ns) == ["fr"])
        #expect(atom.strings("//a:entry[a:title='Hola']/@xml:lang", namespaces: ns) == ["es"])
        #expect(atom.strings("//a:entry[a:title='Salut']/@xml:lang", namespaces: ns).isEmpty)
        let jsonData = try #require(site.data("feed.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: jsonData) as? [String: Any])
        #expect(json["language"] as? String == "fr")
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.map { $0["language"] as? String } == ["es", nil])
    }

    @Test(arguments: [("en", "6 March 2026", "min read", "Contents"), ("es", "6 de marzo de 2026", "min de lectura", "Índice"),
                      ("fr", "6 mars 2026", "min de lecture", "Sommaire"), ("de", "6. März 2026", "Min. Lesezeit", "Inhalt"),
                      ("pt", "6 de março de 2026", "min de leitura", "Sumário"), ("it", "6 marzo 2026", "min di lettura", "Indice")])
    func datesAndWordsInEachLanguage(lang: String, date: String, minRead: String, contents: String) async throws {
        let site = try Self.site(["site.yml": Self.yml(lang), "content/posts/2026-03-06-one.md": Self.post("One")])
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let page = try #require(site.html("one/index.html"))
        #expect(page.string("//time[contains(@class,'dt-published')]") == date)
        #expect(page.string("//p[@class='post-meta']/span[last()]")?.hasSuffix(" " + minRead) == true)
        #expect(page.string("//details[@class='toc']/summary") == contents)
        // The archive's month heading is the standalone name, capitalised: "Marzo", "März".
        let month = try #require(site.html("archive/index.html")?.string("//div[@class='archive-month']/h3"))
        #expect(month.lowercased() == date.split(separator: " ").first { $0.first!.isLetter && $0 != "de" }!.lowercased())
        #expect(month.first!.isUppercase)
    }

    @Test func siteDateFormatWinsWithTheLanguagesMonthNames() async throws {
        let site = try Self.site(["site.yml": Self.yml("es", extra: "date_format: \"%A %-d %b %Y\"\n"), "content/posts/2026-03-06-uno.md": Self.post("Uno")])
        defer { site.cleanUp() }
        _ = try await site.build()
        #expect(site.html("uno/index.html")?.string("//time[contains(@class,'dt-published')]") == "viernes 6 mar 2026")
    }

    @Test func quotesFollowThePageLanguage() async throws {
        let site = try Self.site(["site.yml": Self.yml(), "content/posts/2026-03-06-fr.md": Self.post("Fr", lang: "fr", body: "Il a dit \"oui\".\n"),
                                  "content/posts/2026-03-05-de.md": Self.post("De", lang: "de", date: "2026-03-05", body: "Er sagte \"ja\".\n")])
        defer { site.cleanUp() }
        _ = try await site.build()
        #expect(site.html("fr/index.html")?.string("//div[contains(@class,'post-body')]/p") == "Il a dit «\u{202F}oui\u{202F}».")
        #expect(site.html("de/index.html")?.string("//div[contains(@class,'post-body')]/p") == "Er sagte „ja“.")
    }

    @Test func siteWordFilesOverrideAndAddLanguages() async throws {
        let site = try Self.site(["site.yml": Self.yml(), "i18n/es.yml": "min_read: \"min. de lectura\"\n",
                                  "i18n/nl.yml": "min_read: \"min leestijd\"\ncontents: Inhoud\n",
                                  "content/posts/2026-03-06-hola.md": Self.post("Hola", lang: "es"),
                                  "content/posts/2026-03-05-hallo.md": Self.post("Hallo", lang: "nl", date: "2026-03-05"),
                                  "content/posts/2026-03-04-dag.md": Self.post("Dag", lang: "nl", date: "2026-03-04")])
        defer { site.cleanUp() }
        let report = try await site.build()
        let hola = try #require(site.html("hola/index.html"))
        #expect(hola.string("//p[@class='post-meta']/span[last()]") == "1 min. de lectura")
        #expect(hola.string("//details[@class='toc']/summary") == "Índice")   // the rest stays built in
        let hallo = try #require(site.html("hallo/index.html"))
        #expect(hallo.string("//p[@class='post-meta']/span[last()]") == "1 min leestijd")
        #expect(hallo.string("//details[@class='toc']/summary") == "Inhoud")
        #expect(hallo.string("//a[@class='skip-link']") == "Skip to content")   // not in nl.yml: English
        #expect(hallo.string("//time[contains(@class,'dt-published')]") == "5 maart 2026")   // Foundation's Dutch names
        // One warning per missing word, at the file, however many pages are in Dutch.
        let missing = report.warnings.filter { $0.file == "i18n/nl.yml" && $0.message.contains("`skip_to_content`") }
        #expect(missing.count == 1)
        #expect(missing.first.map { ($0.line, $0.column) } ?? (0, 0) == (1, 1))
        #expect(!report.warnings.contains { $0.file == "i18n/es.yml" })
        #expect(!report.warnings.contains { $0.message.contains("min_read") || $0.message.contains("`contents`") })
    }

    @Test func warningsPointAtTheirLines() async throws {
        let site = try Self.site(["site.yml": Self.yml(), "i18n/es.yml": "min_read: x\nmin_raed: y\n",
                                  "content/posts/2026-03-06-bad.md": Self.post("Bad", lang: "pt_BR"),
                                  "content/posts/2026-03-05-sv.md": Self.post("Sv", lang: "sv", date: "2026-03-05"),
                                  "content/posts/2026-03-04-sv2.md": Self.post("Sv2", lang: "sv", date: "2026-03-04")])
        defer { site.cleanUp() }
        let report = try await site.build()
        let bad = try #require(report.warnings.first { $0.file == "content/posts/2026-03-06-bad.md" })
        #expect((bad.line, bad.column) == (4, 7))
        #expect(bad.message.contains("pt_BR") && bad.hint?.contains("`pt-BR`") == true)
        #expect(site.html("bad/index.html")?.string("/html/@lang") == "en")
        let typo = try #require(report.warnings.first { $0.file == "i18n/es.yml" })
        #expect(typo.line == 2 && typo.message.contains("did you mean `min_read`?"))
        // A language with no words: English words, one warning at the first page that asks for it.
        let sv = report.warnings.filter { $0.message.contains("`sv`") }
        #expect(sv.count == 1)
        #expect(sv.first?.file == "content/posts/2026-03-04-sv2.md" && sv.first?.line == 4)
        #expect(site.html("sv/index.html")?.string("//p[@class='post-meta']/span[last()]") == "1 min read")
        #expect(site.html("sv/index.html")?.string("/html/@lang") == "sv")
        #expect(!report.warnings.contains { $0.message.contains("unknown front matter key") })
    }

    @Test func invalidSiteLanguageIsAWarningAtItsLine() async throws {
        let site = try Self.site(["site.yml": Self.yml("english"), "content/posts/2026-03-06-one.md": Self.post("One")])
        defer { site.cleanUp() }
        let report = try await site.build()
        let w = try #require(report.warnings.first { $0.file == "site.yml" })
        #expect(w.line == 3 && w.message.contains("english"))
        #expect(site.html("one/index.html")?.string("/html/@lang") == "en")
    }

    @Test func searchFormCarriesTheScriptsWords() async throws {
        let site = try Self.site(["site.yml": Self.yml("de"), "content/posts/2026-03-06-eins.md": Self.post("Eins")])
        defer { site.cleanUp() }
        _ = try await site.build()
        let form = try #require(site.html("search/index.html"))
        #expect(form.string("//form[@data-results]/@data-no-results") == "Keine Ergebnisse für „{q}“")
        #expect(form.string("//form[@data-results]/@data-all-results") == "Alle {n} Ergebnisse")
        #expect(form.string("//h1") == "Suchen")
        let script = try #require(site.text("assets/search.js"))
        #expect(script.contains("form.dataset[key] || english[key]"))
    }

    /// What the renderer writes itself follows the page's language too: callout titles and the name
    /// of a chart's collapsed data table; an `i18n/XX.yml` word wins over the built-in one.
    @Test func calloutTitlesAndChartDataFollowThePageLanguage() async throws {
        let chart = "```chart type=\"line\" unit=\"ms\"\nDay,p99\n2026-01-01,34\n2026-02-01,30\n```\n"
        let site = try Self.site(["site.yml": Self.yml(), "i18n/de.yml": "callout_tip: Kniff\n",
                                  "content/posts/2026-03-06-es.md": Self.post("Es", lang: "es", body: "> [!WARNING]\n> Cuidado.\n\n" + chart),
                                  "content/posts/2026-03-05-de.md": Self.post("De", lang: "de", date: "2026-03-05", body: "> [!TIP]\n> Ein Tipp.\n"),
                                  "content/posts/2026-03-04-en.md": Self.post("En", date: "2026-03-04", body: "> [!NOTE]\n> A note.\n\n" + chart)])
        defer { site.cleanUp() }
        _ = try await site.build()
        let es = try #require(site.html("es/index.html"))
        #expect(es.string("//p[@class='callout-title']/strong") == "Advertencia")
        #expect(es.string("//details[@class='chart-data']/summary") == "Datos")
        #expect(site.html("de/index.html")?.string("//p[@class='callout-title']/strong") == "Kniff")
        let en = try #require(site.html("en/index.html"))
        #expect(en.string("//p[@class='callout-title']/strong") == "Note")
        #expect(en.string("//details[@class='chart-data']/summary") == "Data")
    }

    /// Every word a template can ask for exists in each built-in language, so no page mixes in English.
    @Test func builtInLanguagesHaveEveryWord() {
        for (lang, words) in Words.builtIn {
            #expect(Set(words.keys) == Set(Words.english.keys), "\(lang)")
            #expect(!words.values.contains { $0.isEmpty }, "\(lang)")
        }
    }
}

/// Phrases fill `{name}` placeholders in one pass: every placeholder with a value, the rest as written.
@Suite struct PhrasePlaceholderTests {
    let pack = LanguagePack(tag: "en", words: ["a": "Page {n} of {total}", "b": "{{n}} and {x} {n", "c": "{n}{n}é{n}"],
                            siteTitle: "S")

    @Test func fillsEveryPlaceholderWithAValue() {
        #expect(pack.phrase("a", ["n": "2", "total": "10"]) == "Page 2 of 10")
        #expect(pack.phrase("c", ["n": "1"]) == "11é1")
    }

    @Test func leavesOthersAsWritten() {
        #expect(pack.phrase("b", ["n": "5"]) == "{5} and {x} {n")
        #expect(pack.phrase("a") == "Page {n} of {total}")
        #expect(pack.phrase("a", ["n": "{total}", "total": "9"]) == "Page {total} of 9")
    }
}
