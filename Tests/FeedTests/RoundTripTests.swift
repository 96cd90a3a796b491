import Foundation
import Testing
import TestSupport
@testable import Feed

/// What readers will see: parse our RSS back with libxml2 and compare every field with the source items.
@Test func rssRoundTrip() throws {
    let items = sampleItems()
    let xml = RSSWriter.render(channel: sampleChannel(), items: items)
    let root = try XMLTree.parse(Data(xml.utf8)).get()
    let channel = try #require(root.plain("channel"))
    #expect(channel.plain("title")?.text == "Galley Blog")
    #expect(channel.plain("link")?.text == "https://example.com/")
    #expect(channel.plain("description")?.text == "Notes on building things")
    #expect(channel.plain("language")?.text == "en")
    #expect(channel.plain("generator")?.text == "Galley")
    #expect(channel.plain("image")?.plain("url")?.text == "https://example.com/logo.png")
    let parsedItems = channel.all("item")
    #expect(parsedItems.count == items.count)
    for (source, parsed) in zip(items, parsedItems) {
        let expected = FeedSanitizer.sanitize(source).0
        #expect(parsed.plain("title")?.text == source.title)
        #expect(parsed.plain("link")?.text == source.link)
        #expect(parsed.plain("guid")?.text == source.id)
        #expect(parsed.plain("guid")?.attributes["isPermaLink"] == "true")
        #expect(FeedDates.parseRFC822(parsed.plain("pubDate")?.text ?? "")?.date == source.published)
        #expect(parsed.plain("description")?.text == source.summary)
        #expect(parsed.first("encoded", ns: RSSRules.contentNS)?.text == expected.contentHTML)
        #expect(parsed.first("creator", ns: RSSRules.dcNS)?.text == (source.author ?? sampleChannel().author)?.name)
        #expect(parsed.all("category").map(\.text) == source.categories)
        let enclosure = parsed.plain("enclosure")
        #expect(enclosure?.attributes["url"] == source.enclosure?.url)
        #expect(enclosure?.attributes["length"] == source.enclosure.map { String($0.length) })
        #expect(enclosure?.attributes["type"] == source.enclosure?.mimeType)
        #expect(TextChecks.relativeURLs(inHTML: expected.contentHTML).isEmpty)
    }
}

@Test func atomRoundTrip() throws {
    let items = sampleItems()
    let xml = AtomWriter.render(channel: sampleChannel(), items: items)
    let root = try XMLTree.parse(Data(xml.utf8)).get()
    let ns = AtomRules.ns
    let entries = root.all("entry", ns: ns)
    #expect(entries.count == items.count)
    for (source, entry) in zip(items, entries) {
        let expected = FeedSanitizer.sanitize(source).0
        #expect(entry.first("title", ns: ns)?.text == source.title)
        #expect(entry.first("id", ns: ns)?.text == source.id)
        #expect(entry.first("link", ns: ns)?.attributes["href"] == source.link)
        #expect(FeedDates.parseRFC3339(entry.first("published", ns: ns)?.text ?? "") == source.published)
        #expect(FeedDates.parseRFC3339(entry.first("updated", ns: ns)?.text ?? "") == (source.updated ?? source.published))
        #expect(entry.first("summary", ns: ns)?.text == source.summary)
        #expect(entry.first("content", ns: ns)?.text == expected.contentHTML)
        #expect(entry.first("author", ns: ns)?.first("name", ns: ns)?.text == source.author?.name)
        #expect(entry.all("category", ns: ns).map { $0.attributes["term"] } == source.categories)
    }
}

@Test func jsonFeedRoundTrip() throws {
    let items = sampleItems()
    let json = JSONFeedWriter.render(channel: sampleChannel(), items: items)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let parsed = try #require(object["items"] as? [[String: Any]])
    for (source, item) in zip(items, parsed) {
        let expected = FeedSanitizer.sanitize(source).0
        #expect(item["id"] as? String == source.id)
        #expect(item["url"] as? String == source.link)
        #expect(item["title"] as? String == source.title)
        #expect(item["summary"] as? String == source.summary)
        #expect(item["content_html"] as? String == expected.contentHTML)
        #expect(FeedDates.parseRFC3339(item["date_published"] as? String ?? "") == source.published)
        #expect((item["tags"] as? [String] ?? []) == source.categories)
        #expect(((item["authors"] as? [[String: Any]])?.first?["name"] as? String) == source.author?.name)
    }
}

/// Control characters, CDATA terminators, HTML entities, emoji and right-to-left text must all
/// come out as a valid feed, with a warning naming the source file for what had to be removed.
@Test func hostileContentStillMakesValidFeeds() throws {
    let hostile = FeedItem(
        id: "https://example.com/blog/hostile/", title: "Bell\u{07} ]]> & <tags> \u{1F680} \u{05E9}\u{05DC}\u{05D5}\u{05DD} \u{202E}abc",
        link: "https://example.com/blog/hostile/", published: march6,
        summary: "A ]]> summary with a NUL\u{00} and \u{FFFE} and &nbsp; as text",
        contentHTML: "<p>a&nbsp;b &mdash; ]]> <![CDATA[ x ]]> \u{0B}\u{1B}[0m &#x0; \u{1F469}\u{200D}\u{1F4BB} مرحبا <a href=\"x.html\">x</a> &copy; &hellip;</p>",
        author: FeedAuthor(name: "Ünïcödé \u{08}"), categories: ["c\u{01}", "עברית"], sourcePath: "content/blog/hostile.md")
    let items = [hostile] + sampleItems()
    for (name, output, selfURL) in [
        ("rss", RSSWriter.write(channel: sampleChannel(), items: items), "https://example.com/feed.xml"),
        ("atom", AtomWriter.write(channel: sampleChannel(), items: items), "https://example.com/feed.xml"),
        ("json", JSONFeedWriter.write(channel: sampleChannel(), items: items), "https://example.com/feed.xml"),
    ] {
        let diags = FeedValidator.validate(Data(output.text.utf8), expectedSelfURL: selfURL, policy: .galley, now: testNow)
        #expect(diags.filter { $0.severity == .error }.isEmpty, "\(name): \(diags)")
        if name != "json" {  // JSON has no entities or CDATA; the summary is plain text and keeps "&nbsp;" as typed.
            #expect(!output.text.contains("&nbsp;"), "\(name)")
            // Content goes in a CDATA section, so its own "]]>" must have been split: written whole, it would end the
            // section early and the text after it would be read as markup (the read-back below would differ).
            #expect(!output.text.contains("&#8212; ]]> <![CDATA[ x ]]>"), "\(name)")
        }
        #expect(output.text.contains("\u{1F680}"))
        #expect(output.text.contains("مرحبا"))
        #expect(output.diagnostics.contains { $0.rule == "feed-illegal-character" && $0.path == "content/blog/hostile.md" }, "\(name)")
        #expect(output.diagnostics.allSatisfy { $0.severity == .warning })
        let fields = output.diagnostics.map(\.message)
        #expect(fields.contains { $0.contains("from the title of") } && fields.contains { $0.contains("from the content of") }, "\(fields)")
    }
    let rss = try XMLTree.parse(Data(RSSWriter.render(channel: sampleChannel(), items: [hostile]).utf8)).get()
    let item = try #require(rss.plain("channel")?.plain("item"))
    #expect(item.plain("title")?.text == "Bell ]]> & <tags> \u{1F680} \u{05E9}\u{05DC}\u{05D5}\u{05DD} \u{202E}abc")
    let content = item.first("encoded", ns: RSSRules.contentNS)?.text ?? ""
    #expect(content.contains("a&#160;b &#8212; ]]> <![CDATA[ x ]]>"))
    #expect(content.contains("href=\"https://example.com/blog/hostile/x.html\""))
    #expect(!content.contains("&#x0;"))
    #expect(!content.unicodeScalars.contains { !XMLText.isLegal($0) })
}

/// The sanitizer is idempotent, so running it in each writer costs nothing in correctness.
@Test func sanitizeIsIdempotent() {
    for item in sampleItems() {
        let once = FeedSanitizer.sanitize(item).0
        let twice = FeedSanitizer.sanitize(once)
        #expect(twice.0 == once)
        #expect(twice.1.isEmpty)
    }
}

/// Feeds are byte-identical across builds: no build time anywhere.
@Test func outputIsStableAcrossRuns() {
    let a = RSSWriter.render(channel: sampleChannel(), items: sampleItems())
    let b = RSSWriter.render(channel: sampleChannel(), items: sampleItems().shuffled())
    #expect(a == b)
    #expect(AtomWriter.render(channel: sampleChannel(), items: sampleItems()) == AtomWriter.render(channel: sampleChannel(), items: sampleItems().reversed()))
}

@Test func feedsGalleyDidNotWriteAreChecked() {
    // A typical third-party RSS 0.9x-era feed with CDATA and named zones.
    let external = """
    <?xml version="1.0" encoding="ISO-8859-1"?>
    <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
      <channel>
        <title>Old blog</title>
        <link>http://old.example.org/</link>
        <description><![CDATA[Stuff & things]]></description>
        <atom:link href="http://old.example.org/rss" rel="self" type="application/rss+xml" />
        <item>
          <title>Caf\u{E9}</title>
          <link>http://old.example.org/cafe</link>
          <guid isPermaLink="false">cafe-1</guid>
          <pubDate>Mon, 2 Mar 2026 08:00 GMT</pubDate>
          <description><![CDATA[<p>Hi <a href="http://old.example.org/x">x</a></p>]]></description>
        </item>
      </channel>
    </rss>
    """
    let latin1 = external.data(using: .isoLatin1)!
    let diags = FeedValidator.validate(latin1, expectedSelfURL: "http://old.example.org/rss", now: testNow)
    #expect(diags.isEmpty, "\(diags)")
}

/// Random strings built from the characters that break feeds: every writer's output must still validate without errors.
@Test func randomHostileStringsNeverBreakFeeds() {
    var rng = SplitMix(seed: 42)
    let pieces = ["]]>", "<![CDATA[", "&", "&nbsp;", "&#0;", "&#x1F600;", "<", ">", "\"", "'", "\u{00}", "\u{07}", "\u{0B}", "\u{1F}",
                  "\u{7F}", "\u{85}", "\u{FFFE}", "\u{FFFF}", "\u{FEFF}", "\u{202E}", "\u{1F680}", "שלום", "é", "\r\n", "\t",
                  "<a href=\"x\">", "<img src=y.png>", "</p>", "--", "<!--", "text", " ", "\\", "\u{2028}"]
    for round in 0..<150 {
        func random() -> String { (0..<Int(rng.next() % 12)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined() }
        let item = FeedItem(id: "https://example.com/p/\(round)/", title: random() + "t", link: "https://example.com/p/\(round)/",
                            published: march6, summary: random(), contentHTML: random(), author: FeedAuthor(name: random() + "a"),
                            categories: [random() + "c"], sourcePath: "p\(round).md")
        for text in [RSSWriter.render(channel: sampleChannel(), items: [item]),
                     AtomWriter.render(channel: sampleChannel(), items: [item]),
                     JSONFeedWriter.render(channel: sampleChannel(), items: [item])] {
            let errors = FeedValidator.validate(Data(text.utf8), now: testNow).filter { $0.severity == .error }
            #expect(errors.isEmpty, "round \(round): \(errors)\n\(text)")
        }
    }
}
