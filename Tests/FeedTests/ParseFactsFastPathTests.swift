import Foundation
import Testing
@testable import Feed

/// Facts the parse records for the checks (a text's digest, the sniffed format) must be what the checks would
/// compute from the tree and the bytes themselves.
@Suite struct ParseFactsFastPathTests {
    static let longText = String(repeating: "Caf\u{E9} and <code>x</code> measured twice. ", count: 12)

    static func feed(_ body: String) -> Data {
        Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
          <channel><title>T</title><link>https://example.com/</link><description>D</description>
            <item><title>short</title><description>\(body.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;"))</description>
              <content:encoded><![CDATA[\(body)]]></content:encoded><dc:creator>Ada</dc:creator></item>
            <item><description>\(String(repeating: "x", count: 63))</description><content:encoded>a<![CDATA[\(body)]]>b &amp; c</content:encoded></item>
          </channel>
        </rss>
        """.utf8)
    }

    /// Every element's recorded digest is the digest of its text (nil below 64 bytes), and editing the text drops it.
    @Test func parsedDigestsAreTheTextsDigests() throws {
        for body in [Self.longText, String(repeating: "é", count: 40), "", String(repeating: "ab", count: 32)] {
            let root = try XMLTree.parse(Self.feed(body)).get()
            var seen = 0
            root.walk { el in
                #expect(el.textDigest == TextCheckMemo.digest(el.text), "\(el.name)")
                if el.textDigest != nil { seen += 1 }
            }
            #expect(body.utf8.count < 64 || seen >= 2)
            var edited = root
            edited.text = Self.longText
            #expect(edited.textDigest == nil)
        }
    }

    /// The memo's keys from a recorded digest equal those made from the text.
    @Test func keysFromRecordedDigestsAreTheTextKeys() {
        for text in [Self.longText, String(Self.longText.prefix(100)), String(repeating: "z", count: 256), String(repeating: "z", count: 255)] {
            #expect(TextCheckMemo.key(text, digest: TextCheckMemo.digest(text)) == TextCheckMemo.key(text))
        }
    }

    /// Where the byte search finds `<rss` between ASCII bytes, the Character search of `sniff` finds it too;
    /// elsewhere sniffing answers as before.
    @Test func rssTagSearchAgreesWithTheTextSearch() {
        let heads = ["<?xml version=\"1.0\"?>\n<rss version=\"2.0\">", "<rss>", "<rss", "x<rss", "<rs", "\u{E9}<rss>", "<rss\u{301}>",
                     "\u{600}<rss>", "<!-- <rss --><feed xmlns=\"http://www.w3.org/2005/Atom\">", "<rsss>", "<RSS>", "\r\n<rss>"]
        for head in heads {
            let bytes = Array(head.utf8)
            if FeedValidator.rssTagInASCII(bytes) {
                #expect(String(decoding: bytes, as: UTF8.self).contains("<rss"), "\(head.debugDescription)")
            }
        }
        #expect(FeedValidator.rssTagInASCII(Array(heads[0].utf8)))
        #expect(!FeedValidator.rssTagInASCII(Array("<rss\u{301}>".utf8)) && !FeedValidator.rssTagInASCII(Array("\u{600}<rss>".utf8)))
        #expect(FeedValidator.sniff(Data(heads[0].utf8)) == .rss)
    }
}
