import Foundation
import Testing
@testable import Feed

/// A `TextCheckMemo` shared by many feeds must change nothing but the work done: the same findings,
/// at each feed's own lines, as validating without one.
@Suite struct MemoTests {
    /// Long enough to be remembered (the memo skips short texts), with a relative link and mojibake.
    static let body = String(repeating: "Measured on two cores; the table below has the numbers. ", count: 6)
        + "Caf\u{00C3}\u{00A9} <a href=\"/notes/\">notes</a>"

    func rss(descriptionLine: Int) -> Data {
        var lines = rssLines
        let escaped = Self.body.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        // Padding comments move the item down so the two feeds place the same text on different lines.
        lines.insert(contentsOf: Array(repeating: "<!-- padding -->", count: descriptionLine - 13), at: 8)
        lines[descriptionLine - 1] = "<description>\(escaped)</description>"
        return Data(lines.joined(separator: "\n").utf8)
    }

    @Test func memoGivesTheSameFindingsAtEachFeedsOwnLines() {
        let memo = TextCheckMemo()
        let first = rss(descriptionLine: 13), second = rss(descriptionLine: 17)
        let plain1 = FeedValidator.validate(first, expectedSelfURL: "https://example.com/feed.xml")
        let plain2 = FeedValidator.validate(second, expectedSelfURL: "https://example.com/feed.xml")
        let memo1 = FeedValidator.validate(first, expectedSelfURL: "https://example.com/feed.xml", memo: memo)
        #expect(memo.count > 0)
        let memo2 = FeedValidator.validate(second, expectedSelfURL: "https://example.com/feed.xml", memo: memo)
        #expect(memo1 == plain1)
        #expect(memo2 == plain2)
        for (found, line) in [(memo1, 13), (memo2, 17)] {
            #expect(found.contains { $0.rule == "rss-relative-url-in-html" && $0.line == line })
            #expect(found.contains { $0.rule == "feed-mojibake" && $0.line == line })
        }
    }

    /// One RSS item, laid out as Galley writes them (the item's lines are its own).
    static func item(_ n: Int, guid: String? = nil, date: String = "Fri, 06 Mar 2026 10:00:00 +0000") -> String {
        """
            <item>
              <title>Item \(n)</title>
              <link>https://example.com/\(n)/</link>
              <guid isPermaLink="true">\(guid ?? "https://example.com/\(n)/")</guid>
              <pubDate>\(date)</pubDate>
              <description>\(n) &lt;a href="/rel-\(n)/"&gt;relative&lt;/a&gt; \(String(repeating: "words ", count: 60))</description>
              <enclosure url="https://example.com/\(n).png" length="x" type="image/png"/>
            </item>

        """
    }

    static func feed(_ items: [String]) -> Data {
        Data(("""
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
          <channel>
            <title>T</title>
            <link>https://example.com/</link>
            <description>D</description>
            <atom:link href="https://example.com/feed.xml" rel="self" type="application/rss+xml"/>

        """ + items.joined() + "  </channel>\n</rss>\n").utf8)
    }

    /// Items repeated across feeds, at other lines, are checked once; the findings, with the checks that
    /// depend on the feed (a repeated guid) and on now (a future date), are what validating without a memo finds.
    @Test func anItemInManyFeedsIsCheckedOnceWithTheSameFindings() {
        let memo = TextCheckMemo()
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let future = Self.item(3, date: "Tue, 06 Mar 2040 10:00:00 +0000")
        let feeds = [
            Self.feed([Self.item(1), Self.item(2), future]),
            Self.feed([Self.item(2), future, Self.item(1), Self.item(4, guid: "https://example.com/2/")]),
            Self.feed([future, Self.item(1), Self.item(1)]),
        ]
        for (n, feed) in feeds.enumerated() {
            for policy in [FeedPolicy.galley, .foreign] {
                let plain = FeedValidator.validate(feed, expectedSelfURL: "https://example.com/feed.xml", policy: policy, now: now)
                let memoised = FeedValidator.validate(feed, expectedSelfURL: "https://example.com/feed.xml", policy: policy, now: now, memo: memo)
                #expect(memoised == plain, "feed \(n) \(policy)")
                #expect(plain.contains { $0.rule == "rss-enclosure-length" } && plain.contains { $0.rule == "rss-date-future" })
            }
        }
        #expect(FeedValidator.validate(feeds[2], expectedSelfURL: "https://example.com/feed.xml", policy: .galley, now: now, memo: memo)
            .contains { $0.rule == "rss-guid-duplicate" })
        // Four items, each in two policies.
        #expect(memo.itemsChecked == 8, "\(memo.itemsChecked)")
        // Later, the future date is not in the future any more: the kept checks say so.
        let later = Date(timeIntervalSince1970: 2_300_000_000)
        #expect(FeedValidator.validate(feeds[0], policy: .galley, now: later, memo: memo)
            == FeedValidator.validate(feeds[0], policy: .galley, now: later))
        #expect(memo.itemsChecked == 8)
    }
}
