import Foundation
import Testing
@testable import Feed

/// Fixed instants so every run writes the same bytes.
let march6 = Date(timeIntervalSince1970: 1_772_791_200)  // Fri, 06 Mar 2026 10:00:00 UTC
let testNow = Date(timeIntervalSince1970: 1_780_000_000)  // May 2026

func sampleChannel() -> FeedChannel {
    FeedChannel(title: "Galley Blog", link: "https://example.com/", description: "Notes on building things",
                language: "en", feedURL: "https://example.com/feed.xml", author: FeedAuthor(name: "Ada Lovelace", email: "ada@example.com"),
                imageURL: "https://example.com/logo.png")
}

func sampleItems() -> [FeedItem] {
    [
        FeedItem(id: "https://example.com/blog/second/", title: "Second post", link: "https://example.com/blog/second/",
                 published: march6, updated: march6.addingTimeInterval(3600), summary: "The second one.",
                 contentHTML: "<p>See <a href=\"../first/\">the first</a> and <img src=\"diagram.png\" alt=\"d\"></p>",
                 author: FeedAuthor(name: "Grace Hopper"), categories: ["swift", "feeds"],
                 enclosure: FeedEnclosure(url: "https://example.com/blog/second/cover.png", length: 12345, mimeType: "image/png"),
                 sourcePath: "content/blog/second.md"),
        FeedItem(id: "https://example.com/blog/first/", title: "First post", link: "https://example.com/blog/first/",
                 published: march6.addingTimeInterval(-86400 * 30), summary: "The first one.",
                 contentHTML: "<p>Hello <code>&lt;world&gt;</code></p>", sourcePath: "content/blog/first.md"),
    ]
}

@Test func rfc822IsStrictAndLocaleFree() {
    #expect(FeedDates.rfc822(march6) == "Fri, 06 Mar 2026 10:00:00 +0000")
    #expect(FeedDates.rfc822(march6, timeZone: TimeZone(secondsFromGMT: 3600)!) == "Fri, 06 Mar 2026 11:00:00 +0100")
    #expect(FeedDates.rfc822(march6, timeZone: TimeZone(secondsFromGMT: -9000)!) == "Fri, 06 Mar 2026 07:30:00 -0230")
    #expect(FeedDates.rfc3339(march6) == "2026-03-06T10:00:00Z")
    #expect(FeedDates.rfc3339(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
    let parsed = FeedDates.parseRFC822("Fri, 06 Mar 2026 10:00:00 +0000")
    #expect(parsed?.date == march6)
    #expect(parsed?.actualWeekday == "Fri")
    #expect(FeedDates.parseRFC822("Thu, 06 Mar 2026 11:00:00 +0100")?.writtenWeekday == "Thu")
    #expect(FeedDates.parseRFC822("6 Mar 2026 05:00 EST")?.date == march6)
    #expect(FeedDates.parseRFC822("2026-03-06T10:00:00Z") == nil)
    #expect(FeedDates.parseRFC822("Fri, 30 Feb 2026 10:00:00 +0000") == nil)
    #expect(FeedDates.parseRFC3339("2026-03-06T11:00:00.5+01:00") == march6.addingTimeInterval(0.5))
    #expect(FeedDates.parseRFC3339("2026-03-06 10:00:00Z") == nil)
}

@Test func dateRoundTripOverManyYears() {
    var t = -2_000_000_000.0
    while t < 5_000_000_000 {
        let d = Date(timeIntervalSince1970: t)
        #expect(FeedDates.parseRFC822(FeedDates.rfc822(d))?.date == d)
        #expect(FeedDates.parseRFC3339(FeedDates.rfc3339(d)) == d)
        t += 86_399 * 37 + 17
    }
}

@Test(arguments: [
    ("img.png", "https://ex.com/blog/post/", "https://ex.com/blog/post/img.png"),
    ("../a/b.png", "https://ex.com/blog/post/", "https://ex.com/blog/a/b.png"),
    ("/root.css", "https://ex.com/blog/post/", "https://ex.com/root.css"),
    ("//cdn.ex.com/x.js", "https://ex.com/blog/post/", "https://cdn.ex.com/x.js"),
    ("#frag", "https://ex.com/blog/post/?q=1", "https://ex.com/blog/post/?q=1#frag"),
    ("?page=2", "https://ex.com/blog/post", "https://ex.com/blog/post?page=2"),
    ("mailto:a@b.c", "https://ex.com/", "mailto:a@b.c"),
    ("data:image/png;base64,AA==", "https://ex.com/", "data:image/png;base64,AA=="),
    ("./x/../y.html#t", "https://ex.com/a/b.html", "https://ex.com/a/y.html#t"),
    ("x.png", "https://ex.com", "https://ex.com/x.png"),
    ("../../../../x", "https://ex.com/a/", "https://ex.com/x"),
])
func urlResolution(ref: String, base: String, expected: String) {
    #expect(FeedURL.resolve(ref, against: base) == expected)
}

@Test func htmlURLsBecomeAbsolute() {
    let html = """
    <p><a href="../first/">one</a> <a href=rel.html>unquoted</a> <a href='#top'>top</a>
    <a href="mailto:x@y.z">m</a> <img src="//cdn.example.com/i.png" srcset="a.png 1x, b.png 2x,c.png 3x">
    <img src="data:image/gif;base64,R0lGOD=="> <!-- <a href="no.html"> --> <code>&lt;a href="code.html"&gt;</code>
    <script>var s = '<a href="x.html">';</script><a HREF = "caps.html">c</a></p>
    """
    let out = FeedHTML.absolutizeURLs(in: html, base: "https://example.com/blog/second/")
    #expect(out.contains("href=\"https://example.com/blog/first/\""))
    #expect(out.contains("href=\"https://example.com/blog/second/rel.html\""))
    #expect(out.contains("href='https://example.com/blog/second/#top'"))
    #expect(out.contains("href=\"mailto:x@y.z\""))
    #expect(out.contains("src=\"https://cdn.example.com/i.png\""))
    #expect(out.contains("srcset=\"https://example.com/blog/second/a.png 1x, https://example.com/blog/second/b.png 2x, https://example.com/blog/second/c.png 3x\""))
    #expect(out.contains("src=\"data:image/gif;base64,R0lGOD==\""))
    #expect(out.contains("<!-- <a href=\"no.html\"> -->"))
    #expect(out.contains("&lt;a href=\"code.html\"&gt;"))
    #expect(out.contains("'<a href=\"x.html\">'"))
    #expect(out.contains("HREF = \"https://example.com/blog/second/caps.html\""))
}

/// The rewrite splices by bytes: text around the links, even a combining mark right after a quote (which
/// `String` slicing would join to the quote as one Character), comes through unchanged.
@Test func absolutizingKeepsEveryOtherByte() {
    let html = "<p>Caf\u{E9} \u{1F600}<a href=\"\u{301}x/\">\u{E9}</a><img src=ab\u{301}c alt=\"\u{2014}\"> \"q\"</p>"
    let out = FeedHTML.absolutizeURLs(in: html, base: "https://example.com/b/")
    #expect(Array(out.utf8) == Array("<p>Caf\u{E9} \u{1F600}<a href=\"https://example.com/b/\u{301}x/\">\u{E9}</a><img src=\"https://example.com/b/ab\u{301}c\" alt=\"\u{2014}\"> \"q\"</p>".utf8),
            "\(out)")
}

@Test func namedEntitiesBecomeNumeric() {
    let (out, removed) = FeedHTML.numericEntities(in: "a&nbsp;b &mdash; &amp; &lt;x&gt; &unknownthing; &#x1; &#233; AT&T")
    #expect(out == "a&#160;b &#8212; &amp; &lt;x&gt; &unknownthing;  &#233; AT&T")
    #expect(removed == 1)
}

@Test func rssWriterOutput() throws {
    let out = RSSWriter.write(channel: sampleChannel(), items: sampleItems())
    let xml = out.text
    #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\""))
    #expect(xml.contains("<lastBuildDate>Fri, 06 Mar 2026 11:00:00 +0000</lastBuildDate>"))
    #expect(xml.contains("<pubDate>Fri, 06 Mar 2026 10:00:00 +0000</pubDate>"))
    #expect(xml.contains("<guid isPermaLink=\"true\">https://example.com/blog/second/</guid>"))
    #expect(xml.contains("<dc:creator>Grace Hopper</dc:creator>"))
    #expect(xml.contains("<dc:creator>Ada Lovelace</dc:creator>"))
    #expect(xml.contains("<category>swift</category>"))
    #expect(xml.contains("<enclosure url=\"https://example.com/blog/second/cover.png\" length=\"12345\" type=\"image/png\"/>"))
    #expect(xml.contains("<content:encoded><![CDATA[<p>See <a href=\"https://example.com/blog/first/\">"))
    #expect(xml.contains("https://example.com/blog/second/diagram.png"))
    #expect(xml.contains("<atom:link href=\"https://example.com/feed.xml\" rel=\"self\" type=\"application/rss+xml\"/>"))
    // Newest first, stable.
    #expect(xml.range(of: "Second post")!.lowerBound < xml.range(of: "First post")!.lowerBound)
    #expect(RSSWriter.render(channel: sampleChannel(), items: sampleItems().reversed()) == xml)
    #expect(out.diagnostics.isEmpty)
    let diags = FeedValidator.validate(Data(xml.utf8), expectedSelfURL: "https://example.com/feed.xml", policy: .galley, now: testNow)
    #expect(diags.isEmpty, "\(diags)")
}

@Test func maxItemsAndSummaryOnly() {
    let xml = RSSWriter.render(channel: sampleChannel(), items: sampleItems(), options: FeedOptions(fullContent: false, maxItems: 1))
    #expect(xml.contains("Second post"))
    #expect(!xml.contains("First post"))
    #expect(!xml.contains("content:encoded>"))
    let json = JSONFeedWriter.render(channel: sampleChannel(), items: sampleItems(), options: FeedOptions(fullContent: false))
    #expect(json.contains("\"content_text\": \"The second one.\""))
    #expect(FeedValidator.validate(Data(xml.utf8), now: testNow).isEmpty)
}

@Test func emptyFeedsAreValid() {
    var ch = sampleChannel()
    ch.author = nil
    for (text, url) in [(RSSWriter.render(channel: ch, items: []), ch.feedURL),
                        (AtomWriter.render(channel: ch, items: []), ch.feedURL),
                        (JSONFeedWriter.render(channel: ch, items: []), ch.feedURL)] {
        let diags = FeedValidator.validate(Data(text.utf8), expectedSelfURL: url, policy: .galley, now: testNow).filter { $0.severity == .error }
        #expect(diags.isEmpty, "\(diags)")
    }
}

@Test func atomWriterOutputIsValid() {
    var ch = sampleChannel()
    ch.feedURL = "https://example.com/atom.xml"
    let xml = AtomWriter.render(channel: ch, items: sampleItems())
    #expect(xml.contains("<updated>2026-03-06T11:00:00Z</updated>"))
    #expect(xml.contains("<published>2026-03-06T10:00:00Z</published>"))
    #expect(xml.contains("<category term=\"swift\"/>"))
    #expect(xml.contains("<content type=\"html\"><![CDATA[<p>See <a href=\"https://example.com/blog/first/\""))
    let diags = FeedValidator.validate(Data(xml.utf8), expectedSelfURL: "https://example.com/atom.xml", policy: .galley, now: testNow)
    #expect(diags.isEmpty, "\(diags)")
    // Without any author, the site title stands in so every entry has one.
    ch.author = nil
    let noAuthor = AtomWriter.render(channel: ch, items: sampleItems())
    #expect(FeedValidator.validate(Data(noAuthor.utf8), now: testNow).isEmpty)
}

@Test func jsonFeedWriterOutputIsValidAndStable() throws {
    var ch = sampleChannel()
    ch.feedURL = "https://example.com/feed.json"
    let json = JSONFeedWriter.render(channel: ch, items: sampleItems())
    #expect(json == JSONFeedWriter.render(channel: ch, items: sampleItems()))
    #expect(json.hasPrefix("{\n  \"authors\": ["))
    let diags = FeedValidator.validate(Data(json.utf8), expectedSelfURL: "https://example.com/feed.json", policy: .galley, now: testNow)
    #expect(diags.isEmpty, "\(diags)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["version"] as? String == "https://jsonfeed.org/version/1.1")
    let items = try #require(object["items"] as? [[String: Any]])
    #expect(items.count == 2)
    #expect(items[0]["id"] as? String == "https://example.com/blog/second/")
    #expect(items[0]["date_modified"] as? String == "2026-03-06T11:00:00Z")
    #expect(items[0]["tags"] as? [String] == ["swift", "feeds"])
    #expect((items[0]["content_html"] as? String)?.contains("https://example.com/blog/second/diagram.png") == true)
    let attachment = try #require((items[0]["attachments"] as? [[String: Any]])?.first)
    #expect(attachment["size_in_bytes"] as? Int == 12345)
}
