import Foundation
import Testing
@testable import Feed

/// The sanitizer notes whether an item's content is plain CDATA from its scan for illegal characters; where it says,
/// `XMLText.isPlainCDATA` of the cleaned content must say the same, and the item and findings are `sanitize`'s.
@Suite struct SanitizeCDATAFastPathTests {
    static let pieces = ["<p>Plain text.</p>", "]]>", "]]", "]", ">", "\r", "\r\n", "\u{1}", "\u{FFFE}", "\u{FFFF}", "\u{EFFF}",
                         "&nbsp;", "&#1;", "&#x1F;", "&amp;", "<a href=\"/rel/\">r</a>", "<img src=\"img.png\">", "<a href=https://x.example/>a</a>",
                         "<pre><code><span style=\"color:#c41d2a\">enum</span></code></pre>", "caf\u{E9}", "\t", "\n", "",
                         "<a href=\"/x]]>y\">", "<a href=/a]]>b>", "<a href=\"]]>/../x\">", "<a href='q]]'>", "<img src=\"a\u{1}b\">",
                         "<a href=\"x\ry\">", "<a href=\"/\u{FFFF}\">", "<img srcset=\"a.png 1x, b.png]] 2x\">"]

    static var contents: [String] {
        var out = pieces
        for a in pieces { for b in pieces { out.append(a + b) } }
        // "]]&#1;>" becomes "]]>" once the illegal reference is removed: the scan's answer no longer holds.
        out += ["]]&#1;>", String(repeating: "<p>long and plain</p>\n", count: 200), String(repeating: "x]", count: 300) + "]>"]
        return out
    }

    @Test func notedCDATAIsTheCleanedContents() {
        var noted = 0
        for content in Self.contents {
            for link in ["https://example.com/p/", "relative/"] {
                let item = FeedItem(id: link, title: "T", link: link, published: Date(timeIntervalSince1970: 0), summary: "S", contentHTML: content)
                let (clean, diags, plain) = FeedSanitizer.sanitizeNotingCDATA(item)
                let (general, generalDiags) = FeedSanitizer.sanitize(item)
                #expect(clean == general && diags == generalDiags, "\(content.debugDescription)")
                if let plain {
                    noted += 1
                    #expect(plain == XMLText.isPlainCDATA(clean.contentHTML), "\(content.debugDescription)")
                }
                var fast = "", slow = ""
                XMLText.appendCDATA(clean.contentHTML, to: &fast, plain: plain)
                XMLText.appendCDATA(clean.contentHTML, to: &slow)
                #expect(fast == slow, "\(content.debugDescription)")
                let options = FeedOptions()
                #expect(RSSWriter.itemXML(clean, channelAuthor: nil, options: options, plainCDATA: plain)
                    == RSSWriter.itemXML(clean, channelAuthor: nil, options: options))
            }
        }
        #expect(noted > Self.contents.count / 2)   // most of the 2 × contents cases (illegal characters and entities leave it open)
    }
}
