import Foundation
import Testing
@testable import Feed

/// The validator's fast paths must agree with the general code they stand in front of, on the inputs a build gives them.
@Suite struct ValidationFastPathTests {
    /// Dates as Galley writes them (many instants and offsets) and near misses: where the byte reader answers,
    /// the general parser gives the same answer.
    @Test func canonicalDatesParseAsTheGeneralParserDoes() {
        var texts: [String] = []
        var t = -2_500_000_000.0
        while t < 7_000_000_000 {
            for offset in [0, 3600, -5 * 3600, 5 * 3600 + 1800, -(9 * 3600 + 2700), 14 * 3600] {
                texts.append(FeedDates.rfc822(Date(timeIntervalSince1970: t), timeZone: TimeZone(secondsFromGMT: offset)!))
            }
            t += 86_400 * 13.37 + 3_719
        }
        texts += ["Sat, 29 Feb 2025 10:00:00 +0000", "Sat, 29 Feb 2024 10:00:00 +0000", "Tue, 29 Feb 2000 10:00:00 +0000",
                  "Sun, 29 Feb 1900 10:00:00 +0000", "Mon, 31 Apr 2026 10:00:00 +0000", "Mon, 00 Apr 2026 10:00:00 +0000",
                  "Fri, 06 Mar 2026 24:00:00 +0000", "Fri, 06 Mar 2026 10:60:00 +0000", "Fri, 06 Mar 2026 10:00:60 +0000",
                  "Fri, 06 Mar 2026 10:00:61 +0000", "Fri, 06 Mar 2026 10:00:00 +0060", "Fri, 06 Mar 2026 10:00:00 -1259",
                  "Mon, 06 Mar 2026 10:00:00 +0000", "fri, 06 Mar 2026 10:00:00 +0000", "Fri, 06 mar 2026 10:00:00 +0000",
                  "Fri, 06 Mar 0099 10:00:00 +0000", "Fri, 06 Mar 2026 10:00:00 GMT", "Fri,  6 Mar 2026 10:00:00 +0000",
                  "Fri, 06 Mar 2026 10:00 +0000", "Fri, 06 Mar 26 10:00:00 +0000", "Fri, 06 Mar 2026 10:00:00 +00:0",
                  "Fri, 0x Mar 2026 10:00:00 +0000", "Fri, 06 Mar 2026 1a:00:00 +0000", "Fri, 06 Mar 2026 10:00:00 *0000",
                  " Fri, 06 Mar 2026 10:00:00 +0000", "Fri, 06 Mar 2026 10:00:00 +0000 ", "06 Mar 2026 10:00:00 +0000",
                  "Fri, 06 Mär 2026 10:00:00 +0000", "Fri, 06 Mar 2026 10:00:00 +0000\u{301}", ""]
        var fast = 0
        for text in texts {
            let general = FeedDates.parseRFC822General(text)
            if let canonical = FeedDates.parseCanonicalRFC822(text) {
                fast += 1
                #expect(canonical == general, "\(text)")
            }
            #expect(FeedDates.parseRFC822(text) == general, "\(text)")
        }
        #expect(fast > texts.count / 2)
    }

    /// Where the ASCII trim answers, it is Foundation's trim.
    @Test func asciiTrimIsFoundationsTrim() {
        let cores = ["", "a", "Field Notes", "x y", "\u{00E9}t\u{00E9}", "a\u{301}", "\u{00A0}a", "a\u{0085}", "\u{1C}a", "a\u{1F}", "é", "<p>"]
        let pads = ["", " ", "\n", "\n    ", "\t\r\n", "\u{0B}\u{0C}", "\r\n  ", "\u{00A0}", "\u{2028}", " \u{3000}"]
        var answered = 0
        for core in cores {
            for lead in pads {
                for trail in pads {
                    let text = lead + core + trail
                    let foundation = text.trimmingCharacters(in: .whitespacesAndNewlines)
                    if let ascii = XMLElementNode.trimmedASCII(text) {
                        answered += 1
                        #expect(ascii == foundation, "\(text.debugDescription)")
                    }
                    let node = XMLElementNode(name: "t", namespace: nil, attributes: [:], children: [], text: text, line: 1, column: 1)
                    #expect(node.trimmedText == foundation, "\(text.debugDescription)")
                }
            }
        }
        #expect(answered > 100)
    }

    /// A feed with mis-encoded text in the channel, in items (several elements, long and short texts), in an item
    /// of another namespace and after the channel: the item results replayed give the walk's findings, in order.
    @Test func itemTextsReplayedEqualTheWalk() throws {
        let long = String(repeating: "Measured on two cores; the numbers follow. ", count: 10)
        func item(_ n: Int, _ bad: String) -> String {
            """
                <item>
                  <title>Item \(n) \(bad)</title>
                  <link>https://example.com/\(n)/</link>
                  <description><![CDATA[\(long)\(n % 2 == 0 ? bad : "")]]></description>
                  <dc:creator>A\(n % 3 == 0 ? "\u{0085}" : "")</dc:creator>
                </item>

            """
        }
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:x="urn:x">
          <channel>
            <title>Caf\u{00C3}\u{00A9}</title>
            <link>https://example.com/</link>
            <description>D\u{0090}</description>
        \(item(1, "Caf\u{00C3}\u{00A9}"))\(item(2, "\u{0091}quoted\u{0092}"))    <x:item><title>Caf\u{00C3}\u{00A9}</title></x:item>
        \(item(3, "plain"))\(item(4, "\u{00E2}\u{20AC}\u{2122}"))  </channel>
          <x:after>Caf\u{00C3}\u{00A9}</x:after>
        </rss>
        """
        let root = try XMLTree.parse(Data(xml.utf8)).get()
        let channel = try #require(root.first("channel"))
        for memo in [nil, TextCheckMemo()] {
            let items = channel.all("item").filter { $0.namespace == nil }.map { RSSRules.itemChecks($0, policy: .galley, memo: memo) }
            var replayed = Findings(), walked = Findings()
            replayed.memo = memo
            RSSRules.texts(root, items: items, into: &replayed)
            root.walk { el in TextChecks.check(el.text, field: "<\(el.name)>", line: el.line, column: el.column, into: &walked) }
            #expect(walked.list.count >= 8)
            #expect(replayed.list == walked.list)
        }
    }
}
