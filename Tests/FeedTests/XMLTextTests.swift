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
}
