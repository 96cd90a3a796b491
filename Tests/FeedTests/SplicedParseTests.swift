import Foundation
import Testing
@testable import Feed

/// Feeds that share items are validated from one parse per item (`XMLTree.parse(_:layout:trees:)`): the tree,
/// lines and columns included, and so the findings, must be exactly the whole document's.
@Suite struct SplicedParseTests {
    static func same(_ a: XMLElementNode, _ b: XMLElementNode) -> Bool {
        a.name == b.name && a.namespace == b.namespace && a.attributes == b.attributes && a.text == b.text
            && a.textDigest == b.textDigest && a.line == b.line && a.column == b.column
            && a.children.count == b.children.count && zip(a.children, b.children).allSatisfy { same($0, $1) }
    }

    static let html = "<p>Caf\u{00E9} <a href=\"/rel/\">r</a> ]]> end</p>\n<pre><code>x &lt; y\n  z</code></pre>\n\n"

    /// Items of every shape the writers make: content over many lines, a CDATA end inside, other languages,
    /// categories, authors, an enclosure.
    static let items: [FeedItem] = (0..<7).map { i in
        var item = FeedItem(id: "https://example.com/\(i)/", title: "Post \(i) — \u{1F600}", link: "https://example.com/\(i)/",
                            published: Date(timeIntervalSince1970: 1_700_000_000 + Double(i) * 86400), summary: i == 3 ? "" : "S \(i) & more",
                            contentHTML: String(repeating: html, count: i + 1), author: i % 2 == 0 ? FeedAuthor(name: "A \(i)") : nil,
                            categories: Array(["swift", "kotlin", "café"].prefix(i % 4)))
        if i == 2 { item.language = "fr" }
        if i == 4 { item.enclosure = FeedEnclosure(url: "https://example.com/i.png", length: 10, mimeType: "image/png") }
        return item
    }

    /// Feeds over overlapping subsets of the items, so an item sits at different lines in each.
    static func feeds(_ cache: FeedFragmentCache) -> [FeedOutput] {
        let subsets = [Array(items), [items[1], items[4], items[6]], [items[4]], [items[0], items[2], items[4], items[6]], []]
        var out: [FeedOutput] = []
        for (n, subset) in subsets.enumerated() {
            var channel = FeedChannel(title: "Feed \(n)", link: "https://example.com/", description: n == 1 ? "" : "About \(n)",
                                      feedURL: "https://example.com/\(n)/feed.xml", author: n == 2 ? nil : FeedAuthor(name: "Me"))
            if n == 3 { channel.imageURL = "https://example.com/logo.png" }
            if n == 4 { channel.language = "de" }
            let options = FeedOptions(fullContent: true)
            out.append(RSSWriter.write(channel: channel, items: subset, options: options, cache: cache))
            out.append(AtomWriter.write(channel: channel, items: subset, options: options, cache: cache))
        }
        return out
    }

    @Test func theSplicedTreeIsTheWholeDocumentsTree() throws {
        let trees = XMLItemTrees()
        let feeds = Self.feeds(FeedFragmentCache())
        var distinct = Set<String>()
        for feed in feeds {
            let data = Data(feed.text.utf8)
            let layout = try #require(feed.layout)
            let whole = try XMLTree.parse(data).get()
            let spliced = try #require(XMLTree.parse(data, layout: layout, trees: trees), "\(feed.text.prefix(200))")
            #expect(Self.same(whole, spliced), "\(feed.text.prefix(200))")
            let context = String(decoding: Data(feed.text.utf8).prefix(layout.contextBytes), as: UTF8.self)
            for item in layout.items { distinct.insert(context + "\u{0}" + item) }
        }
        // Each item once per context (format and language), however many feeds it is in.
        #expect(trees.itemsParsed == distinct.count, "\(trees.itemsParsed) parses for \(distinct.count) distinct items")
        #expect(distinct.count < feeds.reduce(0) { $0 + $1.layout!.items.count })
    }

    /// Told how many feeds carry each item, the table lets each go after its last feed; told too few, it
    /// parses again rather than guess.
    @Test func anItemIsLetGoAfterItsLastFeed() throws {
        let feeds = Self.feeds(FeedFragmentCache())
        var count: [String: Int] = [:]
        func key(_ feed: FeedOutput, _ item: String) -> String {
            String(decoding: feed.data.prefix(feed.layout!.contextBytes), as: UTF8.self) + "\u{0}" + item
        }
        for feed in feeds { for item in feed.layout!.items { count[key(feed, item), default: 0] += 1 } }
        let trees = XMLItemTrees(), short = XMLItemTrees()
        for feed in feeds {
            let layout = try #require(feed.layout)
            let whole = try XMLTree.parse(feed.data).get()
            let exact = try #require(XMLTree.parse(feed.data, layout: layout, trees: trees, uses: layout.items.map { count[key(feed, $0)]! }))
            let once = try #require(XMLTree.parse(feed.data, layout: layout, trees: short, uses: layout.items.map { _ in 1 }))
            #expect(Self.same(whole, exact) && Self.same(whole, once))
        }
        #expect(trees.itemsHeld == 0 && short.itemsHeld == 0)
        #expect(trees.itemsParsed == count.count)
        #expect(short.itemsParsed == count.values.reduce(0, +))
    }

    /// A feed joined by hand from a head, items and a tail, with its layout.
    static func handFeed(_ items: [String]) -> (Data, FeedLayout) {
        let context = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\">\n  <channel>\n"
        let head = context + "    <title>T</title>\n    <link>https://example.com/</link>\n    <description>D</description>\n"
        let text = head + items.joined() + "  </channel>\n</rss>\n"
        return (Data(text.utf8), FeedLayout(contextBytes: context.utf8.count, headBytes: head.utf8.count, items: items))
    }

    /// CDATA sections are checked by Galley and their texts put back in libxml2's tree of the rest: adjacent
    /// sections (one node), sections between text, empty ones, an element after one on its last line, tabs,
    /// other scripts. Where a section breaks a rule or holds a carriage return, libxml2 reads it all.
    @Test func cdataSectionsGiveTheWholeDocumentsTree() throws {
        let items = [
            "    <item><title>a</title><content:encoded><![CDATA[<p>x ]]]]><![CDATA[> y</p>\n<pre>\tcode\n</pre>]]></content:encoded></item>\n",
            "    <item>\n      <description>before <![CDATA[in <b>]]> between <![CDATA[]]> after <![CDATA[\nCaf\u{00E9} \u{1F600}\n]]></description><link>https://example.com/x</link>\n    </item>\n",
            "    <item><title><![CDATA[]]></title><description><![CDATA[one\ntwo\nthree]]><![CDATA[four]]> five</description>\n      <guid>g</guid></item>\n",
            // A section's last line naming the element after it: columns are found as in the whole file.
            "    <item><description><![CDATA[first\nsee <link> and <guid>]]></description><link>u</link><guid>g</guid></item>\n",
            "    <item><description><![CDATA[a carriage\r\nreturn]]></description></item>\n",
        ]
        let trees = XMLItemTrees()
        for n in 1...items.count {
            let (data, layout) = Self.handFeed(Array(items.prefix(n)))
            // The push parse, as validation reads Galley's feeds (libxml2 2.9's push parser keeps a CR of CDATA).
            let whole = try XMLTree.parse(data, bulkCDATA: true).get()
            let spliced = try #require(XMLTree.parse(data, layout: layout, trees: trees))
            #expect(Self.same(whole, spliced), "\(n) items")
        }
        #expect(items.prefix(4).allSatisfy { item in item.utf8.withContiguousStorageIfAvailable { CDATASections($0) } != nil })
        #expect(items[4].utf8.withContiguousStorageIfAvailable { CDATASections($0) } ?? nil == nil)
        // The writer's items take this path.
        let feed = RSSWriter.write(channel: FeedChannel(title: "T", link: "https://example.com/", description: "D", feedURL: "https://example.com/feed.xml"), items: Self.items)
        #expect(try #require(feed.layout).items.allSatisfy { item in item.utf8.withContiguousStorageIfAvailable { CDATASections($0) } != nil })
    }

    /// A section with a character XML does not allow is not taken on trust: libxml2 reads the item and the
    /// error is the whole file's, at the same line and column.
    @Test func aSectionThatBreaksTheRulesIsFoundWhereTheWholeParseFindsIt() throws {
        for bad in ["\u{1}", "\u{FFFE}", "\u{FFFF}", "\u{0}"] {
            let items = ["    <item><title>ok</title></item>\n", "    <item>\n      <description><![CDATA[line\nx\(bad)y]]></description>\n    </item>\n"]
            let (data, layout) = Self.handFeed(items)
            guard case .failure(let e) = XMLTree.parse(data) else { Issue.record("should not parse: \(bad.unicodeScalars.first!.value)"); continue }
            #expect(XMLTree.parse(data, layout: layout, trees: XMLItemTrees()) == nil)
            let found = FeedValidator.validate(data, policy: .galley, layout: layout, trees: XMLItemTrees())
            #expect(found.contains { $0.rule == "xml-well-formed" && $0.line == e.line && $0.column == e.column }, "\(found)")
            #expect(items[1].utf8.withContiguousStorageIfAvailable { CDATASections($0) } ?? nil == nil)
        }
        // Not UTF-8: a lone continuation byte inside a section.
        var bytes = Array("    <item><description><![CDATA[a".utf8) + [0x80] + Array("b]]></description></item>\n".utf8)
        #expect(bytes.withUnsafeBufferPointer { CDATASections($0) } == nil)
        bytes = Array("    <item><description><![CDATA[never closed</description></item>\n".utf8)
        #expect(bytes.withUnsafeBufferPointer { CDATASections($0) } == nil)
    }

    /// The eight-bytes-a-step character check against a byte-by-byte one, on random bytes rich in the
    /// bytes it looks for.
    @Test func theCharacterCheckIsTheBytewiseOne() {
        var rng = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x00, 0x01, 0x09, 0x0A, 0x1F, 0x20, 0x41, 0x7F, 0x80, 0xBE, 0xBF, 0xC3, 0xA9, 0xEF, 0xEF, 0xBF]
        func reference(_ b: [UInt8]) -> Bool {
            for (i, c) in b.enumerated() {
                if c < 0x20 && c != 9 && c != 10 { return false }
                if c == 0xEF, i + 2 < b.count, b[i + 1] == 0xBF, b[i + 2] == 0xBE || b[i + 2] == 0xBF { return false }
            }
            return true
        }
        for _ in 0..<20_000 {
            let n = Int.random(in: 0..<100, using: &rng)
            let bytes = (0..<n).map { _ in Bool.random(using: &rng) ? UInt8(ascii: "a") : alphabet.randomElement(using: &rng)! }
            #expect(bytes.withUnsafeBufferPointer { CDATASections.onlyXMLCharacters($0) } == reference(bytes), "\(bytes)")
        }
    }

    /// Items are told apart by their bytes: `é` written as one code point or as `e` and a combining accent are
    /// equal Strings, but their feeds' texts differ.
    @Test func itemsEqualAsStringsButNotAsBytesAreParsedApart() throws {
        let trees = XMLItemTrees()
        var titles: [String] = []
        for title in ["Caf\u{00E9}", "Cafe\u{0301}"] {
            let item = FeedItem(id: "https://example.com/1/", title: title, link: "https://example.com/1/", published: Date(timeIntervalSince1970: 0), summary: "", contentHTML: "<p>x</p>")
            let feed = RSSWriter.write(channel: FeedChannel(title: "T", link: "https://example.com/", description: "D", feedURL: "https://example.com/feed.xml"), items: [item])
            let layout = try #require(feed.layout)
            let tree = try #require(XMLTree.parse(Data(feed.text.utf8), layout: layout, trees: trees))
            titles.append(try #require(tree.first("channel")?.first("item")?.first("title")).text)
        }
        #expect(titles[0] == titles[1])   // as Strings
        #expect(Array(titles[0].utf8) != Array(titles[1].utf8))
        #expect(trees.itemsParsed == 2)
    }

    @Test func theFindingsAreTheWholeDocumentsFindings() {
        // Items that rules fault: a relative link in the content, an item without a title, a repeated guid.
        var bad = Self.items
        bad[1].contentHTML = "<p><img src=\"pic.png\"> and <a href=\"../up/\">up</a></p>"
        bad[3].title = ""
        bad[5].id = bad[4].id
        let trees = XMLItemTrees(), memo = TextCheckMemo()
        let cache = FeedFragmentCache()
        let now = Date(timeIntervalSince1970: 1_700_000_000 + 3 * 86400)
        for (n, subset) in [bad, Array(bad.suffix(4)), [bad[5], bad[4], bad[1]]].enumerated() {
            let channel = FeedChannel(title: "F", link: "https://example.com/", description: "D", feedURL: "https://example.com/\(n).xml")
            for out in [RSSWriter.write(channel: channel, items: subset, cache: cache), AtomWriter.write(channel: channel, items: subset, cache: cache)] {
                let data = Data(out.text.utf8)
                let plain = FeedValidator.validate(data, expectedSelfURL: channel.feedURL, policy: .galley, now: now)
                let shared = FeedValidator.validate(data, expectedSelfURL: channel.feedURL, policy: .galley, now: now, memo: memo, layout: out.layout, trees: trees)
                #expect(!plain.isEmpty)
                #expect(shared == plain, "feed \(n)")
            }
        }
    }

    /// A layout is a claim about the bytes: where it does not hold, or a part does not parse, the splice gives
    /// nothing and validation parses the whole feed, reporting the fault where a reader meets it.
    @Test func aLayoutIsCheckedNotTrusted() throws {
        let feed = RSSWriter.write(channel: FeedChannel(title: "T", link: "https://example.com/", description: "D", feedURL: "https://example.com/feed.xml"),
                                   items: Array(Self.items.prefix(3)))
        let layout = try #require(feed.layout)
        let data = Data(feed.text.utf8)
        let trees = XMLItemTrees()
        var changed = layout
        changed.items[1] = changed.items[1].replacingOccurrences(of: "Post", with: "Psot")
        #expect(XMLTree.parse(data, layout: changed, trees: trees) == nil)
        var short = layout
        short.headBytes -= 1
        #expect(XMLTree.parse(data, layout: short, trees: trees) == nil)
        var noContext = layout
        noContext.contextBytes = 0
        #expect(XMLTree.parse(data, layout: noContext, trees: trees) == nil)
        // An item that is not one element on lines of its own, and a tail with more than closing tags.
        for item in ["    <item><title>x</title></item><item/>\n", "    <item>\n", "    <item/>", "    text <item/>\n"] {
            var broken = layout
            broken.items[1] = item
            let text = feed.text.replacingOccurrences(of: layout.items[1], with: item)
            #expect(XMLTree.parse(Data(text.utf8), layout: broken, trees: trees) == nil, "\(item)")
            let plain = FeedValidator.validate(Data(text.utf8), expectedSelfURL: "https://example.com/feed.xml", policy: .galley)
            #expect(FeedValidator.validate(Data(text.utf8), expectedSelfURL: "https://example.com/feed.xml", policy: .galley,
                                           layout: broken, trees: XMLItemTrees()) == plain)
        }
        let extra = Data((feed.text + "<!-- after -->\n").utf8)
        #expect(XMLTree.parse(extra, layout: layout, trees: trees) == nil)
        // An item with an unclosed element: the error is the whole parse's, at its line in this feed.
        var unclosed = layout
        unclosed.items[2] = "    <item><title>x</title>\n      <b>\n    </item>\n"
        let text = feed.text.replacingOccurrences(of: layout.items[2], with: unclosed.items[2])
        let found = FeedValidator.validate(Data(text.utf8), expectedSelfURL: "https://example.com/feed.xml", policy: .galley, layout: unclosed, trees: trees)
        guard case .failure(let e) = XMLTree.parse(Data(text.utf8)) else { Issue.record("should not parse"); return }
        #expect(found.contains { $0.rule == "xml-well-formed" && $0.line == e.line && $0.column == e.column && $0.message == e.message })
        #expect(e.line > 1 + text.utf8.prefix(layout.headBytes).filter { $0 == 10 }.count)
    }
}
