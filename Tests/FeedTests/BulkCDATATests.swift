import Foundation
import Testing
@testable import Feed

/// The push parse Galley uses for its own feeds (`bulkCDATA`) must give the pull parse's tree, and its
/// errors, to the character: only the work differs.
@Suite struct BulkCDATATests {
    static func same(_ a: XMLElementNode, _ b: XMLElementNode) -> Bool {
        a.name == b.name && a.namespace == b.namespace && a.attributes == b.attributes && a.text == b.text
            && a.line == b.line && a.column == b.column && a.children.count == b.children.count
            && zip(a.children, b.children).allSatisfy { same($0, $1) }
    }

    static let documents: [String] = [
        // CDATA split around "]]>", over many lines, with non-ASCII and an empty section.
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
          <channel><title>Caf\u{00E9} &amp; more</title>
            <item><title>One</title><content:encoded><![CDATA[<p>a ]]]]><![CDATA[> b</p>
        <pre>line 2
        line 3 — \u{1F600}</pre>]]></content:encoded><description><![CDATA[]]></description></item>
            <item><title>Two</title><content:encoded><![CDATA[x]]>tail &lt;b&gt; &#233; &amp;</content:encoded></item>
          </channel>
        </rss>
        """,
        // No declaration, attributes with namespaces, a CDATA section right at a chunk's start.
        "<feed xmlns=\"http://www.w3.org/2005/Atom\"><![CDATA[\(String(repeating: "long text ", count: 500))]]><entry xml:lang=\"en\"><content type=\"html\"><![CDATA[<b>x</b>]]></content></entry></feed>",
        "\u{FEFF}<?xml version=\"1.0\"?><a><![CDATA[\n\n]]><b/></a>",
    ]

    @Test func pushAndPullGiveTheSameTree() throws {
        for doc in Self.documents {
            let data = Data(doc.utf8)
            let pull = try XMLTree.parse(data).get(), push = try XMLTree.parse(data, bulkCDATA: true).get()
            #expect(Self.same(pull, push), "\(doc.prefix(60))")
        }
    }

    @Test func aFaultIsReportedAsThePullParserReportsIt() {
        let broken = [
            "<?xml version=\"1.0\"?><a><![CDATA[never closed",
            "<?xml version=\"1.0\"?><a><![CDATA[bad \u{1} control]]></a>",
            "<?xml version=\"1.0\"?><a><b></a>",
            "<?xml version=\"1.0\"?><a>\n<![CDATA[ok]]></a><extra/>",
            "<a>\u{FFFE}</a>",
        ]
        for doc in broken {
            let data = Data(doc.utf8) + Data([0xC3, 0x28])
            for d in [Data(doc.utf8), data] {
                guard case .failure(let pull) = XMLTree.parse(d), case .failure(let push) = XMLTree.parse(d, bulkCDATA: true) else {
                    Issue.record("\(doc) should not parse"); continue
                }
                #expect(pull.message == push.message && pull.line == push.line && pull.column == push.column)
            }
        }
    }

    @Test func aWrittenFeedParsesAlikeEitherWay() throws {
        let html = "<p>Caf\u{00E9} <a href=\"/rel/\">r</a> ]]> end</p>\n<pre><code>x &lt; y</code></pre>"
        let items = (0..<5).map { i in
            FeedItem(id: "https://example.com/\(i)/", title: "Post \(i)", link: "https://example.com/\(i)/",
                     published: Date(timeIntervalSince1970: 1_700_000_000 + Double(i) * 86400), summary: "S \(i)",
                     contentHTML: String(repeating: html, count: i + 1))
        }
        let channel = FeedChannel(title: "T", link: "https://example.com/", description: "D", feedURL: "https://example.com/feed.xml")
        let text = RSSWriter.render(channel: channel, items: items, options: FeedOptions(fullContent: true))
        let data = Data(text.utf8)
        let pull = try XMLTree.parse(data).get(), push = try XMLTree.parse(data, bulkCDATA: true).get()
        #expect(Self.same(pull, push))
    }
}
