import Foundation
import Testing
@testable import Feed

/// Feeds nobody here wrote: RSS 0.91/0.92 and RSS 1.0 (RDF) are judged as the W3C validator judges
/// them, and URL, tag: and XML faults are reported once, first, and by what is wrong.

/// RSS 1.0 in the shape of the specification's own sample, one element per line.
let rdfLines = [
    "<?xml version=\"1.0\"?>",
    "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://purl.org/rss/1.0/\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:trackback=\"http://madskills.com/public/xml/rss/module/trackback/\">",
    "<channel rdf:about=\"https://example.com/index.rdf\">",
    "<title>T</title>",
    "<link>https://example.com/</link>",
    "<description>D</description>",
    "<items><rdf:Seq><rdf:li rdf:resource=\"https://example.com/a\"/></rdf:Seq></items>",
    "</channel>",
    "<item rdf:about=\"https://example.com/a\">",
    "<title>A</title>",
    "<link>https://example.com/a</link>",
    "<dc:date>2026-03-06T10:00:00Z</dc:date>",
    "</item>",
    "</rdf:RDF>",
]

func rdf(_ changes: [Int: String]) -> Data { feed(rdfLines, changes) }

func errors(_ data: Data, policy: FeedPolicy = .foreign) -> [FeedDiagnostic] {
    FeedValidator.validate(data, policy: policy, now: testNow).filter { $0.severity == .error }
}

@Test func rss091And092AreFeeds() {
    for version in ["0.91", "0.92"] {
        let data = rss([2: "<rss version=\"\(version)\" xmlns:atom=\"http://www.w3.org/2005/Atom\">"])
        #expect(errors(data).isEmpty, "\(version): \(errors(data))")
    }
    // 0.91 as written in 2000: a DOCTYPE, no guid, no namespaces.
    let netscape = Data("""
    <?xml version="1.0"?>
    <!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://www.rssboard.org/rss-0.91.dtd">
    <rss version="0.91"><channel><title>T</title><link>http://example.com/</link><description>D</description>
    <language>en-us</language><item><title>A</title><link>http://example.com/a</link></item></channel></rss>
    """.utf8)
    #expect(errors(netscape).isEmpty, "\(errors(netscape))")
    #expect(FeedValidator.sniff(netscape) == .rss)
}

@Test func netscapesGoneDTDIsAnError() {
    let data = Data("""
    <?xml version="1.0"?>
    <!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">
    <rss version="0.91"><channel><title>T</title><link>http://example.com/</link><description>D</description></channel></rss>
    """.utf8)
    #expect(errors(data).map(\.rule) == ["rss-deprecated-dtd"])
    #expect(errors(data).first?.line == 2)
}

@Test func rss10AndRss090AreFeeds() {
    #expect(FeedValidator.sniff(rdf([:])) == .rss)
    #expect(errors(rdf([:])).isEmpty, "\(errors(rdf([:])))")
    // Trackback in RSS 1.0 is written as rdf:resource, which RSS 2.0's rule forbids.
    let trackback = rdf([11: "<link>https://example.com/a</link><trackback:ping rdf:resource=\"https://example.com/tb?id=1\"/>"])
    #expect(errors(trackback).isEmpty, "\(errors(trackback))")
    let v090 = Data("""
    <?xml version="1.0"?>
    <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://my.netscape.com/rdf/simple/0.9/">
    <channel><title>Mozilla</title><link>http://www.mozilla.org</link><description>D</description></channel>
    <image><title>M</title><url>http://www.mozilla.org/moz.gif</url><link>http://www.mozilla.org</link></image>
    <item><title>New</title><link>http://www.mozilla.org/status/</link></item>
    </rdf:RDF>
    """.utf8)
    #expect(errors(v090).isEmpty, "\(errors(v090))")
}

/// Each broken RSS 1.0 feed fails with its rule at its line; the valid sample above passes (checked there).
@Test(arguments: [
    ("rdf-about", 3, rdf([3: "<channel>"])),
    ("rdf-about", 3, rdf([3: "<channel rdf:about=\"http:///example.com/index.rdf\">"])),
    ("rdf-required", 3, rdf([5: ""])),
    ("rdf-items-missing", 3, rdf([7: ""])),
    ("rdf-items", 7, rdf([7: "<items><rdf:Seq><rdf:li rdf:resources=\"https://example.com/a\"/></rdf:Seq></items>"])),
    ("rdf-required", 9, rdf([11: ""])),
    ("rdf-about", 9, rdf([9: "<item>"])),
    ("rdf-about-duplicate", 9, rdf([9: "<item rdf:about=\"https://example.com/index.rdf\">"])),
    ("rdf-unknown-element", 12, rdf([12: "<pubDate>Fri, 06 Mar 2026 10:00:00 +0000</pubDate>"])),
    ("rdf-unknown-element", 6, rdf([6: "<description>D</description><language>en</language>"])),
    ("rdf-element-content", 10, rdf([10: "<title>A</title><description><content>foo</content></description>"])),
    ("rss-dc-date", 12, rdf([12: "<dc:date>2026-03-06 10:00</dc:date>"])),
    ("ext-trackback", 11, rdf([11: "<link>https://example.com/a</link><trackback:ping>https://example.com/tb</trackback:ping>"])),
    ("rdf-channel-missing", 2, rdf([3: "", 4: "", 5: "", 6: "", 7: "", 8: ""])),
] as [(String, Int, Data)])
func brokenRSS10IsReported(_ rule: String, _ line: Int, _ data: Data) {
    let found = errors(data)
    #expect(found.contains { $0.rule == rule && $0.line == line }, "expected \(rule)@\(line), got \(found.map { "\($0.rule)@\($0.line) \($0.message)" })")
}

@Test func httpURLsNeedAHost() {
    // An Atom author's <uri>http://</uri>: the W3C validator rejects it.
    let author = atom([7: "<author><name>A</name><uri>http://</uri></author>"])
    let hit = errors(author).first { $0.rule == "atom-iri" }
    #expect(hit?.line == 7 && hit?.message.contains("no host") == true, "\(errors(author))")
    #expect(errors(atom([7: "<author><name>A</name><uri>http://example.com/</uri></author>"])).isEmpty)
    #expect(errors(rss([5: "<link>http:///example.com/</link>"])).map(\.rule) == ["rss-url-invalid"])
    #expect(FeedURL.problem("https://user@:8080/", iri: false) != nil)
    #expect(FeedURL.problem("https://[::1]:8080/x", iri: false) == nil)
}

@Test(arguments: ["tag:example.com,2026:post-1", "tag:example.com,2026-03:post-1", "tag:ada@example.com,2026-03-06:/a/b?c#frag",
                  "tag:blog.example.org,2004-11-02:archive/2004/11"])
func wellFormedTagURIsPass(_ id: String) {
    #expect(TagURI.problem(id) == nil)
    #expect(errors(atom([10: "<id>\(id)</id>"])).isEmpty)
}

@Test(arguments: ["tag:example.com:post-1", "tag:example.com,26:post-1", "tag:example.com,2026-13:x", "tag:Example.com,2026:x",
                  "tag:,2026:x", "tag:example.com,2026", "tag:example.com,2026:a b"])
func malformedTagURIsFail(_ id: String) {
    let hit = errors(atom([10: "<id>\(id)</id>"])).first { $0.rule == "atom-iri" }
    #expect(hit?.line == 10, "\(id): \(errors(atom([10: "<id>\(id)</id>"])))")
}

@Test func relativeSelfLinkInRSSWarnsInForeignFeedsOnly() {
    let data = rss([7: "<atom:link href=\"/feed.xml\" rel=\"self\" type=\"application/rss+xml\"/>"])
    let found = FeedValidator.validate(data, policy: .foreign, now: testNow).filter { $0.rule == "rss-url-not-absolute" }
    #expect(found.map(\.severity) == [.warning])
    #expect(found.first?.message.contains("relative") == true)
    #expect(errors(data, policy: .galley).map(\.rule) == ["rss-url-not-absolute"])
}

@Test func aURLWithASpaceSaysSo() {
    for data in [rss([11: "<guid>https://example.com/a b/</guid>"]),
                 rss([7: "<atom:link href=\"https://example.com/my feed.xml\" rel=\"self\"/>"]),
                 rss([9: "<title>A</title><enclosure url=\"https://example.com/a b.mp3\" length=\"1\" type=\"audio/mpeg\"/>"])] {
        let found = errors(data)
        #expect(found.count == 1 && found[0].message.contains("white space") && !found[0].message.contains("not absolute"), "\(found)")
    }
    let json = Data(#"{"version":"https://jsonfeed.org/version/1.1","title":"T","items":[{"id":"1","url":"https://example.com/a b","content_text":"x"}]}"#.utf8)
    #expect(errors(json).contains { $0.message.contains("white space") }, "\(errors(json))")
}

@Test func theFirstXMLFaultIsReported() {
    // An undeclared prefix (libxml2 goes on) on line 3, then a mismatched end tag on line 5.
    let data = Data("<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel>\n<x:title>T</x:title>\n<link>https://example.com/</link>\n</chanel></rss>\n".utf8)
    let found = errors(data)
    #expect(found.count == 1)
    #expect(found.first?.rule == "xml-well-formed")
    #expect(found.first?.line == 3, "\(found)")
    #expect(found.first?.message.contains("x") == true)
}

@Test func rtfIsNotCalledMalformedJSON() {
    let rtf = Data("{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}}\\f0 <rss version=\"2.0\">}".utf8)
    let found = errors(rtf)
    #expect(found.map(\.rule) == ["file-format"])
    #expect(found.first?.message.contains("RTF") == true)
    #expect(FeedValidator.wellFormedJSON(rtf).first?.message.contains("RTF") == true)
}
