import Foundation
import Testing
@testable import Feed

/// A valid minimal feed, one element per line so a broken variant can replace one line
/// and the test knows where the finding must point.
let rssLines = [
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
    "<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">",
    "<channel>",
    "<title>T</title>",
    "<link>https://example.com/</link>",
    "<description>D</description>",
    "<atom:link href=\"https://example.com/feed.xml\" rel=\"self\" type=\"application/rss+xml\"/>",
    "<item>",
    "<title>A</title>",
    "<link>https://example.com/a/</link>",
    "<guid>https://example.com/a/</guid>",
    "<pubDate>Fri, 06 Mar 2026 10:00:00 +0000</pubDate>",
    "<description>x</description>",
    "</item>",
    "</channel>",
    "</rss>",
]

let atomLines = [
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
    "<feed xmlns=\"http://www.w3.org/2005/Atom\">",
    "<title>T</title>",
    "<id>https://example.com/</id>",
    "<updated>2026-03-06T10:00:00Z</updated>",
    "<link href=\"https://example.com/atom.xml\" rel=\"self\"/>",
    "<author><name>A</name></author>",
    "<entry>",
    "<title>E</title>",
    "<id>https://example.com/e/</id>",
    "<updated>2026-03-06T10:00:00Z</updated>",
    "<link href=\"https://example.com/e/\"/>",
    "<content type=\"html\">x</content>",
    "</entry>",
    "</feed>",
]

let jsonLines = [
    "{",
    "  \"version\": \"https://jsonfeed.org/version/1.1\",",
    "  \"title\": \"T\",",
    "  \"feed_url\": \"https://example.com/feed.json\",",
    "  \"items\": [",
    "    {",
    "      \"id\": \"1\",",
    "      \"content_html\": \"<p>x</p>\",",
    "      \"date_published\": \"2026-03-06T10:00:00Z\"",
    "    }",
    "  ]",
    "}",
]

func feed(_ lines: [String], _ changes: [Int: String]) -> Data {
    var l = lines
    for (line, text) in changes { l[line - 1] = text }
    return Data(l.joined(separator: "\n").utf8)
}

struct BrokenFeed: Sendable, CustomStringConvertible {
    var rule: String
    var line: Int
    var severity: FeedDiagnostic.Severity = .error
    var data: Data
    var expectedSelf: String? = nil
    /// Most rules do not depend on it; those Galley is stricter about than W3C are tested under both.
    var policy: FeedPolicy = .galley
    var description: String { "\(rule)@\(line)\(policy == .foreign ? " (foreign)" : "")" }
}

let rssSelf = "https://example.com/feed.xml"

let brokenFeeds: [BrokenFeed] = [
    // XML
    BrokenFeed(rule: "xml-well-formed", line: 9, data: feed(rssLines, [9: "<title>A</titl>"])),
    BrokenFeed(rule: "xml-content-before-declaration", line: 1, data: feed(rssLines, [1: " <?xml version=\"1.0\" encoding=\"UTF-8\"?>"])),
    BrokenFeed(rule: "xml-declaration-missing", line: 1, severity: .warning, data: feed(rssLines, [1: ""])),
    BrokenFeed(rule: "feed-format-unknown", line: 2, data: Data("<?xml version=\"1.0\"?>\n<html></html>".utf8)),
    BrokenFeed(rule: "xml-version", line: 1, data: feed(rssLines, [1: "<?xml version=\"1.1\" encoding=\"UTF-8\"?>"])),
    // RSS
    BrokenFeed(rule: "rss-guid-empty", line: 11, data: feed(rssLines, [11: "<guid isPermaLink=\"false\"> </guid>"])),
    BrokenFeed(rule: "rss-version", line: 2, data: feed(rssLines, [2: "<rss version=\"0.93\" xmlns:atom=\"http://www.w3.org/2005/Atom\">"])),
    BrokenFeed(rule: "rss-version", line: 2, data: feed(rssLines, [2: "<rss xmlns:atom=\"http://www.w3.org/2005/Atom\">"])),
    BrokenFeed(rule: "rss-channel-missing", line: 2, data: Data("<?xml version=\"1.0\"?>\n<rss version=\"2.0\"></rss>".utf8)),
    BrokenFeed(rule: "rss-channel-required", line: 3, data: feed(rssLines, [4: ""])),
    BrokenFeed(rule: "rss-channel-required", line: 3, data: feed(rssLines, [6: ""])),
    BrokenFeed(rule: "rss-item-title-or-description", line: 8, data: feed(rssLines, [9: "", 13: ""])),
    BrokenFeed(rule: "rss-duplicate-element", line: 9, data: feed(rssLines, [9: "<title>A</title><title>B</title>"])),
    BrokenFeed(rule: "rss-duplicate-element", line: 5, data: feed(rssLines, [5: "<link>https://example.com/</link><link>https://example.com/</link>"])),
    BrokenFeed(rule: "rss-date-format", line: 12, data: feed(rssLines, [12: "<pubDate>2026-03-06T10:00:00Z</pubDate>"])),
    BrokenFeed(rule: "rss-date-format", line: 12, data: feed(rssLines, [12: "<pubDate>Fri, 06 March 2026 10:00:00 +0000</pubDate>"])),
    BrokenFeed(rule: "rss-date-weekday", line: 12, data: feed(rssLines, [12: "<pubDate>Thu, 06 Mar 2026 10:00:00 +0000</pubDate>"])),
    BrokenFeed(rule: "rss-date-year", line: 12, data: feed(rssLines, [12: "<pubDate>06 Mar 26 10:00:00 +0000</pubDate>"])),
    BrokenFeed(rule: "rss-date-year", line: 12, data: feed(rssLines, [12: "<pubDate>06 Mar 1890 10:00:00 +0000</pubDate>"])),
    BrokenFeed(rule: "rss-date-future", line: 12, severity: .warning, data: feed(rssLines, [12: "<pubDate>06 Mar 2100 10:00:00 +0000</pubDate>"])),
    BrokenFeed(rule: "rss-date-format", line: 5, data: feed(rssLines, [5: "<link>https://example.com/</link><lastBuildDate>yesterday</lastBuildDate>"])),
    BrokenFeed(rule: "rss-url-not-absolute", line: 10, data: feed(rssLines, [10: "<link>/a/</link>"])),
    BrokenFeed(rule: "rss-url-not-absolute", line: 5, data: feed(rssLines, [5: "<link>example.com</link>"])),
    BrokenFeed(rule: "rss-url-not-absolute", line: 7, data: feed(rssLines, [7: "<atom:link href=\"/feed.xml\" rel=\"self\"/>"])),
    BrokenFeed(rule: "rss-guid-ispermalink", line: 11, data: feed(rssLines, [11: "<guid isPermaLink=\"yes\">https://example.com/a/</guid>"])),
    BrokenFeed(rule: "rss-guid-not-url", line: 11, data: feed(rssLines, [11: "<guid>post-1</guid>"])),
    BrokenFeed(rule: "rss-guid-not-url", line: 11, data: feed(rssLines, [11: "<guid isPermaLink=\"true\">/a/</guid>"])),
    BrokenFeed(rule: "rss-guid-duplicate", line: 14, data: feed(rssLines, [14: "</item><item><title>B</title><guid>https://example.com/a/</guid></item>"])),
    BrokenFeed(rule: "rss-enclosure-url", line: 13, data: feed(rssLines, [13: "<description>x</description><enclosure url=\"a.png\" length=\"1\" type=\"image/png\"/>"])),
    BrokenFeed(rule: "rss-enclosure-length", line: 13, data: feed(rssLines, [13: "<description>x</description><enclosure url=\"https://example.com/a.png\" length=\"-1\" type=\"image/png\"/>"])),
    BrokenFeed(rule: "rss-enclosure-length", line: 13, data: feed(rssLines, [13: "<description>x</description><enclosure url=\"https://example.com/a.png\" type=\"image/png\"/>"])),
    BrokenFeed(rule: "rss-enclosure-type", line: 13, data: feed(rssLines, [13: "<description>x</description><enclosure url=\"https://example.com/a.png\" length=\"1\" type=\"png\"/>"])),
    BrokenFeed(rule: "rss-self-link-missing", line: 3, data: feed(rssLines, [7: ""])),
    BrokenFeed(rule: "rss-self-link-mismatch", line: 7, data: feed(rssLines, [:]), expectedSelf: "https://example.com/rss.xml"),
    BrokenFeed(rule: "rss-relative-url-in-html", line: 13, severity: .warning, data: feed(rssLines, [13: "<description>&lt;img src=\"a.png\"&gt;</description>"])),
    BrokenFeed(rule: "rss-relative-url-in-html", line: 13, severity: .warning, data: feed(rssLines, [13: "<description>x</description><content:encoded><![CDATA[<a href=\"/b/\">b</a>]]></content:encoded>"])),
    BrokenFeed(rule: "feed-html-in-text", line: 9, severity: .warning, data: feed(rssLines, [9: "<title>&lt;b&gt;A&lt;/b&gt;</title>"])),
    BrokenFeed(rule: "feed-double-escaped", line: 9, severity: .warning, data: feed(rssLines, [9: "<title>AT&amp;amp;T</title>"])),
    BrokenFeed(rule: "feed-c1-control", line: 9, severity: .warning, data: feed(rssLines, [9: "<title>A\u{0092}s</title>"])),
    BrokenFeed(rule: "feed-mojibake", line: 9, severity: .warning, data: feed(rssLines, [9: "<title>Caf\u{00C3}\u{00A9} \u{00E2}\u{20AC}\u{2122}</title>"])),
    BrokenFeed(rule: "rss-content-without-description", line: 13, severity: .warning, data: feed(rssLines, [13: "<content:encoded>x</content:encoded>"])),
    BrokenFeed(rule: "rss-email", line: 9, data: feed(rssLines, [9: "<title>A</title><author>Ada Lovelace</author>"])),
    BrokenFeed(rule: "rss-email", line: 6, data: feed(rssLines, [6: "<description>D</description><managingEditor>editor</managingEditor>"])),
    BrokenFeed(rule: "rss-language", line: 6, data: feed(rssLines, [6: "<description>D</description><language>English</language>"])),
    BrokenFeed(rule: "rss-ttl", line: 6, data: feed(rssLines, [6: "<description>D</description><ttl>soon</ttl>"])),
    // Atom
    BrokenFeed(rule: "atom-required", line: 2, data: feed(atomLines, [4: ""])),
    BrokenFeed(rule: "atom-required", line: 2, data: feed(atomLines, [3: ""])),
    BrokenFeed(rule: "atom-required", line: 8, data: feed(atomLines, [10: ""])),
    BrokenFeed(rule: "atom-required", line: 8, data: feed(atomLines, [11: ""])),
    BrokenFeed(rule: "atom-date-format", line: 11, data: feed(atomLines, [11: "<updated>Fri, 06 Mar 2026 10:00:00 +0000</updated>"])),
    BrokenFeed(rule: "atom-date-format", line: 5, data: feed(atomLines, [5: "<updated>2026-03-06</updated>"])),
    BrokenFeed(rule: "atom-date-future", line: 11, severity: .warning, data: feed(atomLines, [11: "<updated>2100-03-06T10:00:00Z</updated>"])),
    BrokenFeed(rule: "atom-author-missing", line: 8, data: feed(atomLines, [7: ""])),
    BrokenFeed(rule: "atom-self-link-missing", line: 2, data: feed(atomLines, [6: ""])),
    BrokenFeed(rule: "atom-self-link-mismatch", line: 6, data: feed(atomLines, [:]), expectedSelf: "https://example.com/feed.atom"),
    BrokenFeed(rule: "atom-duplicate-element", line: 9, data: feed(atomLines, [9: "<title>E</title><title>F</title>"])),
    BrokenFeed(rule: "atom-id-duplicate", line: 14, data: feed(atomLines, [14: "</entry><entry><title>F</title><id>https://example.com/e/</id><updated>2026-03-06T10:00:00Z</updated><content>s</content></entry>"])),
    BrokenFeed(rule: "atom-id-not-iri", line: 10, data: feed(atomLines, [10: "<id>entry-1</id>"])),
    BrokenFeed(rule: "atom-entry-content", line: 8, data: feed(atomLines, [12: "", 13: ""])),
    BrokenFeed(rule: "atom-url-not-absolute", line: 12, severity: .warning, data: feed(atomLines, [12: "<link href=\"/e/\"/>"])),
    BrokenFeed(rule: "atom-link-href", line: 12, data: feed(atomLines, [12: "<link rel=\"alternate\"/>"])),
    BrokenFeed(rule: "atom-relative-url-in-html", line: 13, severity: .warning, data: feed(atomLines, [13: "<content type=\"html\">&lt;img src=\"x.png\"&gt;</content>"])),
    BrokenFeed(rule: "feed-html-in-text", line: 9, severity: .warning, data: feed(atomLines, [9: "<title>&lt;em&gt;E&lt;/em&gt;</title>"])),
    BrokenFeed(rule: "atom-entry-content", line: 8, data: feed(atomLines, [12: "", 13: "<summary>s</summary>"])),
    BrokenFeed(rule: "atom-summary-required", line: 13, data: feed(atomLines, [13: "<content src=\"https://example.com/e.txt\" type=\"text/plain\"/>"])),
    BrokenFeed(rule: "atom-summary-required", line: 13, data: feed(atomLines, [13: "<content type=\"image/png\">iVBORw0KGgo=</content>"])),
    BrokenFeed(rule: "atom-date-format", line: 11, data: feed(atomLines, [11: "<updated>2026-02-30T10:00:00Z</updated>"])),
    BrokenFeed(rule: "atom-date-format", line: 11, data: feed(atomLines, [11: "<updated>2025-02-29T10:00:00Z</updated>"])),
    BrokenFeed(rule: "atom-date-format", line: 11, data: feed(atomLines, [11: "<updated>2026-03-06t10:00:00Z</updated>"])),
    BrokenFeed(rule: "atom-date-format", line: 11, data: feed(atomLines, [11: "<updated>2026-03-06T10:00:00z</updated>"])),
    BrokenFeed(rule: "atom-date-format", line: 11, data: feed(atomLines, [11: "<updated>2026-04-31T10:00:00Z</updated>"])),
    // Galley's own feeds versus anyone's: what W3C only warns about is an error in Galley's feeds only.
    BrokenFeed(rule: "rss-self-link-missing", line: 3, severity: .warning, data: feed(rssLines, [7: ""]), policy: .foreign),
    BrokenFeed(rule: "rss-self-link-mismatch", line: 7, severity: .warning, data: feed(rssLines, [:]), expectedSelf: "https://example.com/rss.xml", policy: .foreign),
    BrokenFeed(rule: "atom-self-link-missing", line: 2, severity: .warning, data: feed(atomLines, [6: ""]), policy: .foreign),
    BrokenFeed(rule: "rss-date-year", line: 12, severity: .warning, data: feed(rssLines, [12: "<pubDate>06 Mar 26 10:00:00 +0000</pubDate>"]), policy: .foreign),
    BrokenFeed(rule: "rss-date-year", line: 12, severity: .warning, data: feed(rssLines, [12: "<pubDate>06 Mar 1890 10:00:00 +0000</pubDate>"]), policy: .foreign),
    BrokenFeed(rule: "rss-guid-not-url", line: 11, data: feed(rssLines, [11: "<guid> </guid>"]), policy: .foreign),
    BrokenFeed(rule: "rss-guid-empty", line: 11, data: feed(rssLines, [11: "<guid isPermaLink=\"false\"> </guid>"])),
    BrokenFeed(rule: "rss-guid-empty", line: 11, severity: .warning, data: feed(rssLines, [11: "<guid isPermaLink=\"false\"> </guid>"]), policy: .foreign),
    BrokenFeed(rule: "rss-email", line: 9, data: feed(rssLines, [9: "<title>A</title><author>mailto:ada@example.com</author>"])),
    BrokenFeed(rule: "rss-email", line: 9, severity: .warning, data: feed(rssLines, [9: "<title>A</title><author>mailto:ada@example.com</author>"]), policy: .foreign),
    BrokenFeed(rule: "rss-email", line: 9, severity: .warning, data: feed(rssLines, [9: "<title>A</title><author>Ada Lovelace &lt;ada@example.com&gt;</author>"]), policy: .foreign),
    BrokenFeed(rule: "rss-email", line: 9, data: feed(rssLines, [9: "<title>A</title><author>Ada Lovelace</author>"]), policy: .foreign),
    BrokenFeed(rule: "atom-id-duplicate", line: 14, severity: .warning, data: feed(atomLines, [14: "</entry><entry><title>F</title><id>https://example.com/e/</id><updated>2026-03-06T10:00:00Z</updated><content>s</content></entry>"]), policy: .foreign),
    BrokenFeed(rule: "atom-id-duplicate", line: 14, severity: .warning, data: feed(atomLines, [14: "</entry><entry><title>F</title><id>https://example.com/e/</id><updated>2026-03-05T10:00:00Z</updated><content>s</content></entry>"]), policy: .foreign),
    BrokenFeed(rule: "atom-id-duplicate", line: 14, data: feed(atomLines, [14: "</entry><entry><title>F</title><id>https://example.com/e/</id><updated>2026-03-05T10:00:00Z</updated><content>s</content></entry>"])),
    // JSON Feed
    BrokenFeed(rule: "json-title", line: 3, data: feed(jsonLines, [3: "  \"title\": 7,"])),
    BrokenFeed(rule: "json-author", line: 3, data: feed(jsonLines, [3: "  \"title\": \"T\", \"authors\": {\"name\": \"Ada\"},"])),
    BrokenFeed(rule: "json-author", line: 3, data: feed(jsonLines, [3: "  \"title\": \"T\", \"authors\": [\"Ada\"],"])),
    BrokenFeed(rule: "json-author", line: 3, data: feed(jsonLines, [3: "  \"title\": \"T\", \"authors\": [{}],"])),
    BrokenFeed(rule: "json-author", line: 7, data: feed(jsonLines, [7: "      \"id\": \"1\", \"authors\": [{\"name\": 1}],"])),
    BrokenFeed(rule: "json-type", line: 7, data: feed(jsonLines, [7: "      \"id\": \"1\", \"tags\": \"swift\","])),
    BrokenFeed(rule: "json-type", line: 7, data: feed(jsonLines, [7: "      \"id\": \"1\", \"tags\": [\"swift\", 2],"])),
    BrokenFeed(rule: "json-type", line: 3, data: feed(jsonLines, [3: "  \"title\": \"T\", \"expired\": \"no\","])),
    BrokenFeed(rule: "json-language", line: 3, data: feed(jsonLines, [3: "  \"title\": \"T\", \"language\": 1,"])),
    BrokenFeed(rule: "json-language", line: 3, data: feed(jsonLines, [3: "  \"title\": \"T\", \"language\": \"English\","])),
    BrokenFeed(rule: "json-date-format", line: 9, data: feed(jsonLines, [9: "      \"date_published\": \"2026-03-06t10:00:00z\""])),
    BrokenFeed(rule: "json-date-format", line: 9, data: feed(jsonLines, [9: "      \"date_published\": \"2026-02-30T10:00:00Z\""])),
    BrokenFeed(rule: "json-feed-object", line: 1, data: Data("[\n{\"version\": \"https://jsonfeed.org/version/1.1\"}\n]".utf8)),
    BrokenFeed(rule: "json-item-object", line: 6, data: feed(jsonLines, [6: "    \"item\", {"])),
    BrokenFeed(rule: "feed-c1-control", line: 8, severity: .warning, data: feed(jsonLines, [8: "      \"content_html\": \"<p>x\\u0093</p>\","])),
    BrokenFeed(rule: "json-well-formed", line: 4, data: feed(jsonLines, [3: "  \"title\": \"T\""])),
    BrokenFeed(rule: "json-well-formed", line: 8, data: feed(jsonLines, [8: "      \"content_html\": \"<p>x\u{01}</p>\","])),
    BrokenFeed(rule: "json-version", line: 2, data: feed(jsonLines, [2: "  \"version\": \"1.1\","])),
    BrokenFeed(rule: "json-title", line: 3, data: feed(jsonLines, [3: "  \"title\": \"\","])),
    BrokenFeed(rule: "json-items", line: 5, data: feed(jsonLines, [5: "  \"items\": null, \"x\": ["])),
    BrokenFeed(rule: "json-item-id", line: 6, data: feed(jsonLines, [7: "      \"idx\": \"1\","])),
    BrokenFeed(rule: "json-item-content", line: 6, data: feed(jsonLines, [8: "      \"summary\": \"x\","])),
    BrokenFeed(rule: "json-item-id-duplicate", line: 10, data: feed(jsonLines, [10: "    }, {\"id\": \"1\", \"content_text\": \"y\"}"])),
    BrokenFeed(rule: "json-date-format", line: 9, data: feed(jsonLines, [9: "      \"date_published\": \"06 Mar 2026\""])),
    BrokenFeed(rule: "json-date-future", line: 9, severity: .warning, data: feed(jsonLines, [9: "      \"date_published\": \"2100-03-06T10:00:00Z\""])),
    BrokenFeed(rule: "json-feed-url-mismatch", line: 4, data: feed(jsonLines, [:]), expectedSelf: "https://example.com/other.json"),
    BrokenFeed(rule: "json-feed-url-missing", line: 1, severity: .warning, data: feed(jsonLines, [4: "  \"home_page_url\": \"https://example.com/\","])),
    BrokenFeed(rule: "json-url-not-absolute", line: 8, data: feed(jsonLines, [8: "      \"url\": \"/x/\", \"content_html\": \"<p>x</p>\","])),
    BrokenFeed(rule: "json-relative-url-in-html", line: 8, severity: .warning, data: feed(jsonLines, [8: "      \"content_html\": \"<img src=\\\"x.png\\\">\","])),
    BrokenFeed(rule: "json-duplicate-key", line: 3, data: feed(jsonLines, [3: "  \"title\": \"T\", \"title\": \"U\","])),
    BrokenFeed(rule: "json-attachment", line: 9, data: feed(jsonLines, [9: "      \"attachments\": [{\"url\": \"https://example.com/a.mp3\"}]"])),
]

@Test(arguments: brokenFeeds)
func brokenFeedIsReported(_ broken: BrokenFeed) {
    let diags = FeedValidator.validate(broken.data, expectedSelfURL: broken.expectedSelf, policy: broken.policy, now: testNow)
    let hit = diags.first { $0.rule == broken.rule }
    #expect(hit != nil, "expected \(broken.rule), got \(diags.map { "\($0.rule)@\($0.line)" })")
    #expect(hit?.line == broken.line, "\(diags)")
    #expect(hit?.severity == broken.severity)
    if broken.severity == .error, broken.rule.hasPrefix("xml-") == false {
        // A finding is only about what is broken: the rest of the feed stays quiet.
        let others = diags.filter { $0.rule != broken.rule && $0.severity == .error }
        #expect(others.isEmpty || broken.rule == "rss-version" || broken.rule == "atom-required", "\(others)")
    }
}

/// The close variants of the broken feeds above: each differs from a failing feed in the one thing the rule is about.
let passingVariants: [(String, Data)] = [
    ("content without alternate link", feed(atomLines, [12: ""])),
    ("alternate link without content", feed(atomLines, [13: ""])),
    ("content src with summary", feed(atomLines, [13: "<content src=\"https://example.com/e.txt\" type=\"text/plain\"/><summary>s</summary>"])),
    ("base64 content with summary", feed(atomLines, [13: "<content type=\"image/png\">iVBORw0KGgo=</content><summary>s</summary>"])),
    ("xml content without summary", feed(atomLines, [13: "<content type=\"application/xml\"><x/></content>"])),
    ("29 February of a leap year", feed(atomLines, [11: "<updated>2024-02-29T10:00:00Z</updated>"])),
    ("30 April", feed(atomLines, [11: "<updated>2026-04-30T10:00:00Z</updated>"])),
    ("JSON authors, tags, expired, language", feed(jsonLines, [3: "  \"title\": \"T\", \"authors\": [{\"name\": \"Ada\"}, {\"url\": \"https://ada.example/\"}], \"expired\": false, \"language\": \"en-US\",", 7: "      \"id\": \"1\", \"tags\": [\"swift\", \"feeds\"], \"language\": \"de\","])),
    ("JSON 1.0 author object", feed(jsonLines, [3: "  \"title\": \"T\", \"author\": {\"avatar\": \"https://ada.example/a.png\"},"])),
    ("author with name in parentheses", feed(rssLines, [9: "<title>A</title><author>ada@example.com (Ada Lovelace)</author>"])),
]

@Test func passingVariantsHaveNoErrors() {
    for (name, data) in passingVariants {
        for policy in [FeedPolicy.galley, .foreign] {
            let errors = FeedValidator.validate(data, policy: policy, now: testNow).filter { $0.severity == .error && !$0.rule.hasSuffix("self-link-missing") }
            #expect(errors.isEmpty, "\(name): \(errors)")
        }
    }
}

/// Feeds Galley writes say why a rule W3C only warns about fails them.
@Test func galleyPolicyMessagesSaySo() {
    let strict = FeedValidator.validate(feed(atomLines, [6: ""]), policy: .galley, now: testNow).first { $0.rule == "atom-self-link-missing" }
    #expect(strict?.message.contains("Galley requires this") == true)
    let foreign = FeedValidator.validate(feed(atomLines, [6: ""]), policy: .foreign, now: testNow).first { $0.rule == "atom-self-link-missing" }
    #expect(foreign?.message.contains("Galley requires this") == false)
}

@Test func baseFeedsAreClean() {
    #expect(FeedValidator.validate(feed(rssLines, [:]), expectedSelfURL: rssSelf, now: testNow).isEmpty)
    #expect(FeedValidator.validate(feed(atomLines, [:]), expectedSelfURL: "https://example.com/atom.xml", now: testNow).isEmpty)
    #expect(FeedValidator.validate(feed(jsonLines, [:]), expectedSelfURL: "https://example.com/feed.json", now: testNow).isEmpty)
}

@Test func wellFormednessErrorsHaveColumns() {
    let d = FeedValidator.validate(feed(rssLines, [9: "<title>A</titl>"]), now: testNow)
    #expect(d.first?.column ?? 0 > 1)
}

@Test func elementFindingsHaveColumns() {
    let d = FeedValidator.validate(feed(rssLines, [9: "<title>A</title><title>B</title>"]), now: testNow)
    let dup = d.first { $0.rule == "rss-duplicate-element" }
    #expect(dup?.column == 17)
}

/// Entities are never expanded: nested definitions cannot blow up memory, and the feed is still judged.
@Test func entityExpansionIsNotPerformed() {
    var lines = rssLines
    lines[0] = "<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"><!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\"><!ENTITY e \"&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;\">]>"
    lines[8] = "<title>&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;</title>"
    let diags = FeedValidator.validate(Data(lines.joined(separator: "\n").utf8), now: testNow)
    #expect(!diags.contains { $0.severity == .error && $0.rule.hasPrefix("rss-") }, "\(diags)")
}

@Test func jsonWithoutVersionIsStillJudgedAsJSON() {
    let diags = FeedValidator.validate(Data("{\"title\": \"x\", \"items\": []}".utf8), now: testNow)
    #expect(diags.map(\.rule) == ["json-version", "json-feed-url-missing"])
}

@Test func genericsInTitlesAreNotHTML() {
    for title in ["Result&lt;T, E&gt; in Swift", "Array&lt;Element&gt; and Vec&lt;T&gt;", "a &lt; b &amp;&amp; c &gt; d", "&lt;-- arrows --&gt;"] {
        let diags = FeedValidator.validate(feed(rssLines, [9: "<title>\(title)</title>"]), now: testNow)
        #expect(diags.isEmpty, "\(title): \(diags)")
    }
}

/// The syntax-only check for JSON that is not a feed agrees with the full parser on what is
/// well-formed, and says where the first problem is.
@Test func jsonSyntaxCheckAgreesWithTheParser() {
    let good = ["{}", "[]", "{\"a\":[1,-2.5e3,0,true,false,null,\"x\\u00e9\\ud83d\\ude00\\n\"]}", " [ 0.5 , {\"k\" : \"é\"} ] ", "\u{FEFF}{\"b\":1}"]
    let bad: [(String, Int, Int)] = [("{\"a\":01}", 1, 7), ("[1,]", 1, 4), ("{\"a\" 1}", 1, 6), ("[\"x\ny\"]", 1, 4), ("[1.]", 1, 4),
                                     ("[\"\\ud800\"]", 1, 9), ("[\"\\q\"]", 1, 5), ("{\"a\":1}\n x", 2, 2), ("[tru]", 1, 2)]
    for g in good {
        #expect(JSONParser.syntaxError(Array(g.utf8)) == nil, "\(g)")
        if case .failure(let e) = JSONParser.parse(Data(g.utf8)) { Issue.record("parser rejects \(g): \(e.message)") }
    }
    for (text, line, column) in bad {
        let e = JSONParser.syntaxError(Array(text.utf8))
        #expect(e != nil, "\(text) passes")
        #expect(e?.line == line && e?.column == column, "\(text): \(String(describing: e))")
        if case .success = JSONParser.parse(Data(text.utf8)) { Issue.record("the parser accepts \(text)") }
    }
    var invalid = Array("{\"a\":\"".utf8) + [0xC3, 0x28] + Array("\"}".utf8)
    #expect(JSONParser.syntaxError(invalid)?.message == "invalid UTF-8")
    invalid = Array("[\"ok\"]".utf8)
    #expect(JSONParser.syntaxError(invalid) == nil)
}
