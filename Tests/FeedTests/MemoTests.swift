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
}
