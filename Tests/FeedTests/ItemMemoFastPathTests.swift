import Foundation
import Testing
@testable import Feed

/// What validation now does once per item instead of once per feed, against the general path it stands in front of:
/// an item's share of the feed-wide rules (structure, Dublin Core, iTunes, extensions), its memo key kept in the
/// parsed item, and its CDATA sections' texts taken from the item's String or the writer's content.
@Suite struct ItemMemoFastPathTests {
    static let context = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\""
        + " xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\""
        + " xmlns:geo=\"http://www.w3.org/2003/01/geo/wgs84_pos#\" xmlns:trackback=\"http://madskills.com/public/xml/rss/module/trackback/\""
        + " xmlns:x=\"urn:x\">\n  <channel>\n"

    static func feed(_ items: [String], title: String) -> (Data, FeedLayout) {
        let head = context + "    <title>\(title)</title>\n    <link>https://example.com/</link>\n    <description>D</description>\n"
            + "    <dc:language>nope nope</dc:language>\n"
        let text = head + items.joined() + "  </channel>\n</rss>\n"
        return (Data(text.utf8), FeedLayout(contextBytes: context.utf8.count, headBytes: head.utf8.count, items: items))
    }

    /// Items that the per-item parts of the feed-wide passes fault, and clean ones, on one line or several.
    static let items = [
        "    <item><title>a</title><foo>x</foo><source>s</source><guid isPermaLink=\"false\" bogus=\"1\">g1</guid></item>\n",
        "    <item>\n      <title>b</title>\n      <dc:language>english!</dc:language>\n      <dc:date>yesterday</dc:date>\n      <guid isPermaLink=\"false\">g2</guid>\n    </item>\n",
        "    <item><title>c</title><itunes:duration>abc</itunes:duration><itunes:explicit>maybe</itunes:explicit><itunes:explicit>no</itunes:explicit></item>\n",
        "    <item><title>d</title><geo:lat>999</geo:lat><trackback:ping>not a url</trackback:ping><description>See <b>this</b></description></item>\n",
        "    <x:item><title>e</title><dc:date>never</dc:date></x:item>\n",
        "    <item><title>f</title><link>https://example.com/f</link><content:encoded><![CDATA[<p>ok]]]]><![CDATA[> \u{00E9}</p>\n<a href=\"/rel\">r</a>]]></content:encoded></item>\n",
        "    <item><title>g</title><source url=\"https://example.com/s.xml\">S</source><guid isPermaLink=\"false\">g7</guid></item>\n",
    ]

    /// Feeds sharing items at different places, validated with one memo and one table of parsed items as a build
    /// does, give exactly the findings of a whole parse checked without any memo.
    @Test func sharedItemFindingsAreTheWholeFeedsFindings() throws {
        let subsets = [Array(0..<7), [6, 5, 3, 1], [2, 2, 0], [4, 1, 6], [3]]
        let memo = TextCheckMemo(), trees = XMLItemTrees()
        var rules = Set<String>()
        for round in 0..<2 {
            for (n, subset) in subsets.enumerated() {
                let (data, layout) = Self.feed(subset.map { Self.items[$0] }, title: "Feed \(n)")
                let shared = FeedValidator.validate(data, policy: .galley, memo: memo, layout: layout, trees: trees)
                let alone = FeedValidator.validate(data, policy: .galley)
                #expect(shared == alone, "round \(round) feed \(n)")
                rules.formUnion(alone.map(\.rule))
            }
        }
        for rule in ["rss-unknown-element", "rss-source-url", "rss-unknown-attribute", "rss-language", "rss-dc-date",
                     "itunes-duration", "itunes-explicit", "itunes-duplicate-element", "ext-geo", "ext-trackback", "rss-relative-url-in-html"] {
            #expect(rules.contains(rule), "\(rule) not found: \(rules.sorted())")
        }
        // Each item's checks were made once, for all feeds and both rounds (the namespaced item is not an RSS item).
        #expect(memo.itemsChecked == 6)
    }

    /// The key kept in a parsed item is the key computed from the item; moving its lines keeps it, changing it clears it.
    @Test func theKeptItemKeyIsTheComputedOne() throws {
        let (data, layout) = Self.feed(Self.items, title: "T")
        let tree = try #require(XMLTree.parse(data, layout: layout, trees: XMLItemTrees()))
        let items = try #require(tree.first("channel")).all("item").filter { $0.namespace == nil }
        #expect(items.count == 6)
        for item in items {
            let kept = try #require(item.itemKey)
            var fresh = item
            fresh.itemKey = nil
            #expect(kept == RSSRules.ItemChecks.contentKey(fresh))
            #expect(RSSRules.ItemChecks.key(item, policy: .galley) == RSSRules.ItemChecks.key(fresh, policy: .galley))
            #expect(RSSRules.ItemChecks.key(item, policy: .galley) != RSSRules.ItemChecks.key(item, policy: .foreign))
            let moved = item.shiftingLines(by: 7)
            #expect(moved.itemKey == kept && moved.line == item.line + 7)
            var changed = item
            changed.children[0].text += "!"
            #expect(changed.itemKey == nil)
            #expect(RSSRules.ItemChecks.key(changed, policy: .galley) != RSSRules.ItemChecks.key(item, policy: .galley))
            var later = item
            later.children[0].line += 1
            #expect(later.itemKey == nil)
        }
    }

    /// Sections' texts from the item's String (sliced, or the writer's String when the bytes are its bytes) are the
    /// texts decoded from the bytes, on the writer's items and on generated ones.
    @Test func sectionTextsFromTheStringAreTheDecodedOnes() {
        var rng = SystemRandomNumberGenerator()
        let pieces = ["<p>", "x", "\u{00E9}", "\u{1F600}", "]]>", "]", "\n", "\t", "<![CDATA[", "&amp;", " "]
        var items: [(String, String?)] = []
        for _ in 0..<2000 {
            let content = (0..<Int.random(in: 0...12, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            var o = "    <item><description>"
            let plain = XMLText.appendCDATA(content, to: &o)
            o += "</description>\n<title>t</title></item>\n"
            items.append((o, plain ? content : nil))
            items.append((o, content + "x"))   // a known String that is not the section's
        }
        // The writer's items: content with `]]>` (split, so no section String) and plain content (its String).
        let plain = SplicedParseTests.items.map { item in
            var item = item
            item.contentHTML = item.contentHTML.replacingOccurrences(of: "]]>", with: "] ]>")
            return item
        }
        for written in [SplicedParseTests.items, plain] {
            let layout = RSSWriter.write(channel: FeedChannel(title: "T", link: "https://example.com/", description: "D", feedURL: "https://example.com/feed.xml"),
                                         items: written).layout!
            #expect(layout.sections.count == layout.items.count)
            #expect(layout.sections.allSatisfy { ($0 != nil) == (written == plain) })
            items += zip(layout.items, layout.sections).map { ($0, $1) }
        }
        for (item, known) in items {
            let decoded = item.utf8.withContiguousStorageIfAvailable { CDATASections($0) } ?? nil
            for fast in [CDATASections(item), CDATASections(item, known: known)] {
                #expect(fast?.texts.map { Array($0.utf8) } == decoded?.texts.map { Array($0.utf8) }, "\(item.debugDescription)")
                #expect(fast?.placeholder == decoded?.placeholder && fast?.placeholderTexts == decoded?.placeholderTexts)
            }
        }
    }
}
