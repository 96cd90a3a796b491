import Foundation
import Testing
@testable import Feed

/// `XMLText.escape` and `FeedHTML.numericEntities` work on bytes with fast paths; these compare them with
/// plain character-by-character definitions on many generated strings.
@Suite struct XMLTextTests {
    /// What escaping means, one scalar at a time.
    static func referenceEscape(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\r": out += "&#13;"
            default: if XMLText.isLegal(u) { out.unicodeScalars.append(u) }
            }
        }
        return out
    }

    static let pieces = ["a", "ab c", "&", "<", ">", "\"", "'", "\r", "\n", "\t", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}",
                         "é", "€", "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "\u{EFBF}", "\u{1F600}", "&amp;", "]]>", "<span class=\"k\">"]

    @Test func escapeMatchesTheDefinition() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let s = (0..<Int.random(in: 0...12, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
            #expect(XMLText.escape(s) == Self.referenceEscape(s), "input: \(s.debugDescription)")
        }
        let plain = String(repeating: "plain text without specials ", count: 100)
        #expect(XMLText.escape(plain) == plain)
    }

    @Test func numericEntitiesKeepXMLEntitiesAndRewriteHTMLOnes() {
        let (out, removed) = FeedHTML.numericEntities(in: "a &lt;b&gt; &amp; &quot;q&quot; &apos; &nbsp;x&eacute; &#8212; &#x1; &bogus; & end")
        #expect(out == "a &lt;b&gt; &amp; &quot;q&quot; &apos; &#160;x&#233; &#8212;  &bogus; & end")
        #expect(removed == 1)
        let untouched = "no references at all"
        #expect(FeedHTML.numericEntities(in: untouched).html == untouched)
    }
    /// Whatever `cdata` writes must read back, with libxml2, as the text itself (escape's fallback drops
    /// only what XML forbids), and markup-only text must really be one CDATA section, not escaped.
    @Test func cdataReadsBackAsTheText() throws {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<1500 {
            let s = (0..<Int.random(in: 0...12, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
            let written = XMLText.cdata(s)
            let doc = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<r>" + written + "</r>"
            let root = try XMLTree.parse(Data(doc.utf8)).get()
            let expected = String(String.UnicodeScalarView(s.unicodeScalars.filter(XMLText.isLegal)))
            #expect(root.text == expected, "input: \(s.debugDescription), written: \(written.debugDescription)")
            let (kept, removed) = XMLText.removingIllegal(s)
            #expect(kept == expected && removed == s.unicodeScalars.count - expected.unicodeScalars.count, "input: \(s.debugDescription)")
        }
        #expect(XMLText.cdata("<p class=\"a\">x &amp; y</p>") == "<![CDATA[<p class=\"a\">x &amp; y</p>]]>")
        #expect(XMLText.cdata("a]]>b]]>") == "<![CDATA[a]]]]><![CDATA[>b]]]]><![CDATA[>]]>")
        #expect(XMLText.cdata("a\r\nb") == "a&#13;\nb")
        #expect(XMLText.cdata("") == "")
    }
    static let htmlPieces = ["<a href=\"x.html\">", "<A HREF='/y'>", "<img src=pic.png alt=\"a>b\">", "<span class=\"k\">", "</span>",
                             "<span style=\"color:#000\">", "<!-- <a href=\"c\"> -->", "<!doctype html>", "<script>var a = '<a href=\"s\">'</script>",
                             "<STYLE>a{}</style>", "<source srcset=\"a.png 1x, b.png 2x\">", "<q cite=\"q\">", "text &lt;a href=&quot;t&quot;&gt;",
                             "<video poster = \"p.jpg\" >", "<form action=/f>", "<td background=bg.gif>", "<br/>", "<a href", "=\"", "<", ">", "'",
                             "<x-y data-src=\"d\">", "<span class=\"a b\">", "<span class=\"k\"", "<span class=\"k\" href=\"h\">",
                             "<span  class=\"k\">", "<span class='k'>", "<span style=\"x\"/>", "<span class=\"", "<span style=\"a>b\">",
                             "<span src=\"s\">", "<spanx class=\"k\">", "<a\thref=\"tab\"\n>", "plain", " ", "<!", "<!-", "<a href=\"unterminated",
                             "<span stylo=\"x\">", "<span classy=\"k\">", "<span style='x'>", "<span cl", "<span style=\"color:#abc\" href=\"h\">"]

    /// The raw-pointer URL-attribute scanner reports exactly what the array-subscript original did.
    @Test func urlScannerMatchesTheOriginal() {
        var rng = SystemRandomNumberGenerator()
        func scan(_ f: ([UInt8], (FeedHTML.Attribute) -> Void) -> Void, _ s: String) -> [String] {
            var out: [String] = []
            f(Array(s.utf8)) { out.append("\($0.name)=\($0.value)@\($0.valueRange)/\($0.quoted)") }
            return out
        }
        for _ in 0..<3000 {
            let s = (0..<Int.random(in: 0...10, using: &rng)).map { _ in Self.htmlPieces.randomElement(using: &rng)! }.joined()
            #expect(scan(FeedHTML.scanURLAttributes, s) == scan(ScannerReference.referenceScan, s), "input: \(s.debugDescription)")
        }
    }

    /// The memchr-based C1 check agrees with a scalar-by-scalar definition.
    @Test func c1CheckMatchesTheDefinition() {
        var rng = SystemRandomNumberGenerator()
        let pieces = ["a", "\u{80}", "\u{9F}", "\u{A0}", "\u{C2}", "\u{92}", "é", "€", "\u{1F600}", " "]
        for _ in 0..<2000 {
            let s = (0..<Int.random(in: 0...8, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            #expect(TextChecks.hasC1Control(s) == s.unicodeScalars.contains { $0.value >= 0x80 && $0.value <= 0x9F }, "\(s.debugDescription)")
        }
    }
}

/// A post of more than 10 MB is one text node of its feed item: libxml2's default limit would refuse it.
@Suite struct HugeTextNodeTests {
    @Test func aTextNodeOverTenMegabytesParses() throws {
        let text = String(repeating: "word &amp; more ", count: 800_000)   // 12.8 MB
        let xml = "<?xml version=\"1.0\"?><rss><channel><item><description>" + text + "</description></item></channel></rss>"
        switch XMLTree.parse(Data(xml.utf8)) {
        case .success(let root): #expect(root.name == "rss")
        case .failure(let e): Issue.record("\(e)")
        }
    }
}
