import Foundation
import Testing
@testable import Feed

/// One rule of the W3C feed validator's that `galley check` now applies: a feed that must fail
/// it (at `line`, with `severity`) and the closest feed that must pass it.
struct RulePair: Sendable, CustomStringConvertible {
    var rule: String
    var line: Int
    var severity: FeedDiagnostic.Severity = .error
    var policy: FeedPolicy = .foreign
    var failing: Data
    var passing: Data
    var description: String { "\(rule)@\(line)" }
}

let itunesNS = "xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\""

func rss(_ changes: [Int: String]) -> Data { feed(rssLines, changes) }
func atom(_ changes: [Int: String]) -> Data { feed(atomLines, changes) }
func channelExtra(_ s: String) -> [Int: String] { [6: "<description>D</description>" + s] }
func itemExtra(_ s: String) -> [Int: String] { [9: "<title>A</title>" + s] }
func entryExtra(_ s: String) -> [Int: String] { [9: "<title>E</title>" + s] }

let image = "<image><url>https://example.com/i.png</url><title>T</title><link>https://example.com/</link>"
let textInput = "<textInput><title>Search</title><description>D</description><link>https://example.com/s</link>"

let rulePairs: [RulePair] = [
    // RSS structure
    RulePair(rule: "rss-unknown-element", line: 6, failing: rss(channelExtra("<foo>x</foo>")), passing: rss(channelExtra("<x:foo xmlns:x=\"https://example.com/ns\">x</x:foo>"))),
    RulePair(rule: "rss-unknown-element", line: 9, failing: rss(itemExtra("<textinput/>")), passing: rss(itemExtra(""))),
    RulePair(rule: "rss-unexpected-text", line: 3, failing: rss(channelExtra("stray words")), passing: rss(channelExtra(""))),
    RulePair(rule: "rss-duplicate-element", line: 6, failing: rss(channelExtra(image + "<title>U</title></image>")), passing: rss(channelExtra(image + "</image>"))),
    RulePair(rule: "rss-image-size", line: 6, failing: rss(channelExtra(image + "<width>145</width></image>")), passing: rss(channelExtra(image + "<width>144</width></image>"))),
    RulePair(rule: "rss-image-size", line: 6, failing: rss(channelExtra(image + "<height>0</height></image>")), passing: rss(channelExtra(image + "<height>400</height></image>"))),
    RulePair(rule: "rss-cloud", line: 6, failing: rss(channelExtra("<cloud domain=\"rpc.example.com\" path=\"/RPC2\" registerProcedure=\"p\" protocol=\"xml-rpc\"/>")),
             passing: rss(channelExtra("<cloud domain=\"rpc.example.com\" port=\"80\" path=\"/RPC2\" registerProcedure=\"p\" protocol=\"xml-rpc\"/>"))),
    RulePair(rule: "rss-cloud", line: 6, failing: rss(channelExtra("<cloud domain=\"d\" port=\"0\" path=\"/\" registerProcedure=\"p\" protocol=\"soap\"/>")),
             passing: rss(channelExtra("<cloud domain=\"d\" port=\"1\" path=\"/\" registerProcedure=\"p\" protocol=\"soap\"/>"))),
    RulePair(rule: "rss-skip-value", line: 6, failing: rss(channelExtra("<skipHours><hour>25</hour></skipHours>")), passing: rss(channelExtra("<skipHours><hour>23</hour></skipHours>"))),
    RulePair(rule: "rss-skip-value", line: 6, failing: rss(channelExtra("<skipHours><hour>0</hour><hour>24</hour></skipHours>")), passing: rss(channelExtra("<skipHours><hour>0</hour><hour>12</hour></skipHours>"))),
    RulePair(rule: "rss-skip-value", line: 6, failing: rss(channelExtra("<skipDays><day>monday</day></skipDays>")), passing: rss(channelExtra("<skipDays><day>Monday</day></skipDays>"))),
    RulePair(rule: "rss-textinput", line: 6, failing: rss(channelExtra(textInput + "</textInput>")), passing: rss(channelExtra(textInput + "<name>q</name></textInput>"))),
    RulePair(rule: "rss-textinput", line: 6, failing: rss(channelExtra(textInput + "<name>9q</name></textInput>")), passing: rss(channelExtra(textInput + "<name>q9</name></textInput>"))),
    RulePair(rule: "rss-ttl", line: 6, failing: rss(channelExtra("<ttl>0</ttl>")), passing: rss(channelExtra("<ttl>60</ttl>"))),
    RulePair(rule: "rss-language", line: 6, failing: rss(channelExtra("<language></language>")), passing: rss(channelExtra("<language>en-us</language>"))),
    RulePair(rule: "rss-language", line: 6, failing: rss(channelExtra("<dc:language>English</dc:language>")), passing: rss(channelExtra("<dc:language>en</dc:language>"))),
    RulePair(rule: "rss-dc-date", line: 9, failing: rss(itemExtra("<dc:date>2026-03-06T10:00</dc:date>")), passing: rss(itemExtra("<dc:date>2026-03-06T10:00Z</dc:date>"))),
    RulePair(rule: "rss-source-url", line: 9, failing: rss(itemExtra("<source>Other</source>")), passing: rss(itemExtra("<source url=\"https://example.org/rss\">Other</source>"))),
    RulePair(rule: "rss-unknown-attribute", line: 11, failing: rss([11: "<guid ispermalink=\"false\">a1</guid>"]), passing: rss([11: "<guid isPermaLink=\"false\">a1</guid>"])),
    RulePair(rule: "rss-guid-not-url", line: 11, failing: rss([11: "<guid isPermaLink=\"true\"></guid>"]), passing: rss([11: "<guid isPermaLink=\"false\">a1</guid>"])),
    // RSS values
    RulePair(rule: "rss-url-invalid", line: 10, failing: rss([10: "<link>https://example.com/a b/</link>"]), passing: rss([10: "<link>https://example.com/a%20b/</link>"])),
    RulePair(rule: "rss-url-invalid", line: 5, failing: rss([5: "<link>http://www.詹姆斯.com/</link>"]), passing: rss([5: "<link>http://www.xn--8ws00zhy3a.com/</link>"])),
    RulePair(rule: "rss-url-not-absolute", line: 10, severity: .warning, failing: rss([10: "<link>ftp://example.com/a</link>"]), passing: rss([10: "<link>https://example.com/a</link>"])),
    RulePair(rule: "rss-url-not-absolute", line: 10, policy: .galley, failing: rss([10: "<link>ftp://example.com/a</link>"]), passing: rss([10: "<link>https://example.com/a</link>"])),
    RulePair(rule: "rss-email", line: 9, failing: rss(itemExtra("<author>Ada (ada@example.com)</author>")), passing: rss(itemExtra("<author>ada@example.com (Ada)</author>"))),
    RulePair(rule: "rss-email", line: 9, severity: .warning, failing: rss(itemExtra("<author>Ada Lovelace &lt;ada@example.com&gt;</author>")), passing: rss(itemExtra("<author>ada@example.com (Ada Lovelace)</author>"))),
    RulePair(rule: "rss-email", line: 9, severity: .warning, failing: rss(itemExtra("<author>mailto:ada@example.com</author>")), passing: rss(itemExtra("<author>ada@example.com</author>"))),
    RulePair(rule: "rss-date-format", line: 12, severity: .warning, failing: rss([12: "<pubDate>fri, 6 Mar 2026 10:00:00 (noon-ish) Z</pubDate>"]), passing: rss([12: "<pubDate>Fri, 06 Mar 2026 10:00:00 GMT</pubDate>"])),
    RulePair(rule: "rss-date-format", line: 12, policy: .galley, failing: rss([12: "<pubDate>Fri, 06 Mar 2026 10:00:00 A</pubDate>"]), passing: rss([12: "<pubDate>Fri, 06 Mar 2026 10:00:00 +0100</pubDate>"])),
    RulePair(rule: "rss-item-title-or-description", line: 8, severity: .warning, failing: rss([9: "<title></title>", 13: ""]), passing: rss([13: ""])),
    // Extensions
    RulePair(rule: "ext-geo", line: 9, failing: rss(itemExtra("<geo:lat xmlns:geo=\"http://www.w3.org/2003/01/geo/wgs84_pos#\">91</geo:lat>")),
             passing: rss(itemExtra("<geo:lat xmlns:geo=\"http://www.w3.org/2003/01/geo/wgs84_pos#\">51.48</geo:lat>"))),
    RulePair(rule: "ext-trackback", line: 9, failing: rss(itemExtra("<tb:ping xmlns:tb=\"http://madskills.com/public/xml/rss/module/trackback/\">tb.cgi</tb:ping>")),
             passing: rss(itemExtra("<tb:ping xmlns:tb=\"http://madskills.com/public/xml/rss/module/trackback/\">https://example.com/tb.cgi</tb:ping>"))),
    RulePair(rule: "ext-slash", line: 9, failing: rss(itemExtra("<slash:hit_parade xmlns:slash=\"http://purl.org/rss/1.0/modules/slash/\">1;2</slash:hit_parade>")),
             passing: rss(itemExtra("<slash:hit_parade xmlns:slash=\"http://purl.org/rss/1.0/modules/slash/\">1, 2</slash:hit_parade>"))),
    // iTunes
    RulePair(rule: "itunes-explicit", line: 6, failing: rss(channelExtra("<itunes:explicit \(itunesNS)>yes</itunes:explicit>")), passing: rss(channelExtra("<itunes:explicit \(itunesNS)>false</itunes:explicit>"))),
    RulePair(rule: "itunes-category", line: 6, failing: rss(channelExtra("<itunes:category \(itunesNS) text=\"Technolgy\"/>")), passing: rss(channelExtra("<itunes:category \(itunesNS) text=\"Technology\"/>"))),
    RulePair(rule: "itunes-category", line: 6, severity: .warning, failing: rss(channelExtra("<itunes:category \(itunesNS) text=\"Technology\"><itunes:category text=\"Gadgets\"/></itunes:category>")),
             passing: rss(channelExtra("<itunes:category \(itunesNS) text=\"Technology\"/>"))),
    RulePair(rule: "itunes-owner", line: 6, failing: rss(channelExtra("<itunes:owner \(itunesNS)><itunes:name>A</itunes:name></itunes:owner>")),
             passing: rss(channelExtra("<itunes:owner \(itunesNS)><itunes:name>A</itunes:name><itunes:email>a@example.com</itunes:email></itunes:owner>"))),
    RulePair(rule: "itunes-image", line: 6, failing: rss(channelExtra("<itunes:image \(itunesNS) href=\"cover.jpg\"/>")), passing: rss(channelExtra("<itunes:image \(itunesNS) href=\"https://example.com/cover.jpg\"/>"))),
    RulePair(rule: "itunes-too-long", line: 6, failing: rss(channelExtra("<itunes:subtitle \(itunesNS)>\(String(repeating: "a", count: 256))</itunes:subtitle>")),
             passing: rss(channelExtra("<itunes:subtitle \(itunesNS)>\(String(repeating: "a", count: 255))</itunes:subtitle>"))),
    RulePair(rule: "itunes-duration", line: 9, failing: rss(itemExtra("<itunes:duration \(itunesNS)>1:5</itunes:duration>")), passing: rss(itemExtra("<itunes:duration \(itunesNS)>1:05</itunes:duration>"))),
    RulePair(rule: "itunes-episode-type", line: 9, failing: rss(itemExtra("<itunes:episodeType \(itunesNS)>Full</itunes:episodeType>")), passing: rss(itemExtra("<itunes:episodeType \(itunesNS)>full</itunes:episodeType>"))),
    RulePair(rule: "itunes-placement", line: 6, failing: rss(channelExtra("<itunes:duration \(itunesNS)>60</itunes:duration>")), passing: rss(itemExtra("<itunes:duration \(itunesNS)>60</itunes:duration>"))),
    // Atom structure
    RulePair(rule: "atom-unknown-element", line: 9, failing: atom(entryExtra("<foo>x</foo>")), passing: atom(entryExtra("<x:foo xmlns:x=\"https://example.com/ns\">x</x:foo>"))),
    RulePair(rule: "atom-misplaced-metadata", line: 14, failing: atom([14: "</entry><subtitle>S</subtitle>"]), passing: atom([3: "<title>T</title><subtitle>S</subtitle>"])),
    RulePair(rule: "atom-duplicate-alternate", line: 12, failing: atom([12: "<link href=\"https://example.com/e/\"/><link href=\"https://example.com/f/\"/>"]),
             passing: atom([12: "<link href=\"https://example.com/e/\"/><link href=\"https://example.com/de/e/\" hreflang=\"de\"/>"])),
    RulePair(rule: "atom-person-name", line: 7, failing: atom([7: "<author><email>a@example.com</email></author>"]), passing: atom([7: "<author><name>A</name><email>a@example.com</email></author>"])),
    RulePair(rule: "atom-duplicate-element", line: 7, failing: atom([7: "<author><name>A</name><name>B</name></author>"]), passing: atom([7: "<author><name>A B</name></author>"])),
    RulePair(rule: "atom-email", line: 7, failing: atom([7: "<author><name>A</name><email>A &lt;a@example.com&gt;</email></author>"]), passing: atom([7: "<author><name>A</name><email>a@example.com</email></author>"])),
    RulePair(rule: "atom-category-term", line: 9, failing: atom(entryExtra("<category scheme=\"https://example.com/tags\"/>")), passing: atom(entryExtra("<category term=\"swift\" scheme=\"https://example.com/tags\"/>"))),
    RulePair(rule: "atom-iri", line: 9, failing: atom(entryExtra("<category term=\"swift\" scheme=\"tags\"/>")), passing: atom(entryExtra("<category term=\"swift\" scheme=\"https://example.com/tags\"/>"))),
    // Atom values
    RulePair(rule: "atom-iri", line: 12, failing: atom([12: "<link href=\"https://example.com/e f/\"/>"]), passing: atom([12: "<link href=\"https://example.com/e%20f/\"/>"])),
    RulePair(rule: "atom-iri", line: 2, failing: atom([2: "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:base=\"https://example.com/a b/\">"]), passing: atom([2: "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:base=\"https://example.com/\">"])),
    RulePair(rule: "atom-whitespace", line: 10, failing: atom([10: "<id> https://example.com/e/</id>"]), passing: atom([10: "<id>https://example.com/e/</id>"])),
    RulePair(rule: "atom-whitespace", line: 11, failing: atom([11: "<updated>2026-03-06T10:00:00Z </updated>"]), passing: atom([11: "<updated>2026-03-06T10:00:00Z</updated>"])),
    RulePair(rule: "atom-language", line: 2, failing: atom([2: "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"en_us\">"]), passing: atom([2: "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"en-us\">"])),
    RulePair(rule: "atom-language", line: 12, failing: atom([12: "<link href=\"https://example.com/e/\" hreflang=\"any language\"/>"]), passing: atom([12: "<link href=\"https://example.com/e/\" hreflang=\"en\"/>"])),
    RulePair(rule: "atom-link-type", line: 12, failing: atom([12: "<link href=\"https://example.com/e/\" type=\"html\"/>"]), passing: atom([12: "<link href=\"https://example.com/e/\" type=\"text/html\"/>"])),
    RulePair(rule: "atom-link-href", line: 12, severity: .warning, failing: atom([12: "<link href=\"\"/>"]), passing: atom([12: "<link href=\"https://example.com/e/\"/>"])),
    RulePair(rule: "atom-text-type", line: 9, failing: atom([9: "<title type=\"text/plain\">E</title>"]), passing: atom([9: "<title type=\"text\">E</title>"])),
    RulePair(rule: "atom-unexpected-element", line: 9, failing: atom([9: "<title type=\"html\"><b>E</b></title>"]), passing: atom([9: "<title type=\"html\">&lt;b>E&lt;/b></title>"])),
    RulePair(rule: "atom-xhtml-div", line: 13, failing: atom([13: "<content type=\"xhtml\">x</content>"]), passing: atom([13: "<content type=\"xhtml\"><div xmlns=\"http://www.w3.org/1999/xhtml\">x</div></content>"])),
    RulePair(rule: "atom-xhtml-namespace", line: 13, failing: atom([13: "<content type=\"xhtml\"><div xmlns=\"http://www.w3.org/1999/xhtml\"><b xmlns=\"\">x</b></div></content>"]),
             passing: atom([13: "<content type=\"xhtml\"><div xmlns=\"http://www.w3.org/1999/xhtml\"><b>x</b></div></content>"])),
    RulePair(rule: "atom-content-type", line: 13, failing: atom([13: "<content src=\"https://example.com/e\" type=\"html\"/><summary>s</summary>"]), passing: atom([13: "<content src=\"https://example.com/e\" type=\"text/html\"/><summary>s</summary>"])),
    RulePair(rule: "atom-content-type", line: 13, failing: atom([13: "<content type=\"multipart/alternative\">eA==</content><summary>s</summary>"]), passing: atom([13: "<content type=\"image/png\">eA==</content><summary>s</summary>"])),
    RulePair(rule: "atom-base64", line: 13, failing: atom([13: "<content type=\"image/png\">not base64!</content><summary>s</summary>"]), passing: atom([13: "<content type=\"image/png\">bm90IGJhc2U2NCE=</content><summary>s</summary>"])),
]

@Test(arguments: rulePairs)
func w3cRuleFailsAndItsVariantPasses(_ pair: RulePair) {
    let failing = FeedValidator.validate(pair.failing, policy: pair.policy, now: testNow)
    let hit = failing.first { $0.rule == pair.rule }
    #expect(hit != nil, "expected \(pair.rule), got \(failing.map { "\($0.rule)@\($0.line) \($0.message)" })")
    #expect(hit?.line == pair.line, "\(failing)")
    #expect(hit?.severity == pair.severity, "\(failing)")
    #expect(hit?.column ?? 0 > 0)
    let passing = FeedValidator.validate(pair.passing, policy: pair.policy, now: testNow)
    let stillFlagged = passing.filter { $0.severity == .error && !$0.rule.hasSuffix("self-link-missing") }
    #expect(stillFlagged.isEmpty, "the close variant must pass: \(stillFlagged)")
    #expect(!passing.contains { $0.rule == pair.rule }, "\(passing)")
}

/// An Atom entry document (a root <entry>) is validated as an entry, which must name its author.
@Test func atomEntryDocuments() {
    let entry = { (author: String) in
        Data("""
        <?xml version="1.0" encoding="utf-8"?>
        <entry xmlns="http://www.w3.org/2005/Atom">
        <title>E</title><link href="https://example.com/e/"/><id>https://example.com/e/</id>
        <updated>2026-03-06T10:00:00Z</updated>\(author)<summary>s</summary>
        </entry>
        """.utf8)
    }
    #expect(FeedValidator.validate(entry("<author><name>A</name></author>"), now: testNow).filter { $0.severity == .error }.isEmpty)
    #expect(FeedValidator.validate(entry(""), now: testNow).contains { $0.rule == "atom-author-missing" && $0.line == 2 })
}

/// A generator that writes one constant id for every entry is an error; two versions of one entry are not.
@Test func everyEntrySharingOneIDIsAnError() {
    let entries = (0..<3).map { _ in "<entry><title>E</title><id>urn:x:1</id><updated>2026-03-06T10:00:00Z</updated><link href=\"https://example.com/e/\"/></entry>" }.joined()
    let data = atom([8: entries, 9: "", 10: "", 11: "", 12: "", 13: "", 14: ""])
    let errors = FeedValidator.validate(data, now: testNow).filter { $0.severity == .error }
    #expect(errors.contains { $0.rule == "atom-id-duplicate" }, "\(errors)")
}

/// Two false alarms of the past: footnote links (`#fn1`) are not relative URLs, and a UTF-16
/// feed's declaration is found in its own encoding.
@Test func fragmentLinksAndUTF16Declarations() {
    let footnote = rss([13: "<description>&lt;a href=\"#fn1\"&gt;1&lt;/a&gt;</description>"])
    #expect(!FeedValidator.validate(footnote, now: testNow).contains { $0.rule == "rss-relative-url-in-html" })
    let relative = rss([13: "<description>&lt;a href=\"notes/\"&gt;1&lt;/a&gt;</description>"])
    #expect(FeedValidator.validate(relative, now: testNow).contains { $0.rule == "rss-relative-url-in-html" })

    let text = String(decoding: rss([:]), as: UTF8.self).replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
    for bigEndian in [false, true] {
        var utf16 = Data(bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE])
        for unit in text.utf16 {
            utf16.append(contentsOf: bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)])
        }
        let diags = FeedValidator.validate(utf16, now: testNow)
        #expect(!diags.contains { $0.rule.hasPrefix("xml-declaration") || $0.rule == "xml-content-before-declaration" }, "\(diags)")
        #expect(!diags.contains { $0.severity == .error && !$0.rule.hasSuffix("self-link-missing") }, "\(diags)")
    }
}
