import Foundation
import Testing
import TestSupport
@testable import Feed

/// Fuzz target: feeds (RSS, Atom, JSON Feed) mutated byte-wise through the validator `galley check` and
/// every build use. No crash, bounded time, and syntax errors located at a line and column.
@Suite struct FeedFuzzTests {
    static let samples: [String] = [
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>T &amp; U</title><link>https://s.example/</link>
        <description>D</description><atom:link href="https://s.example/feed.xml" rel="self" type="application/rss+xml"/>
        <item><title>P</title><link>https://s.example/p</link><guid>https://s.example/p</guid><pubDate>Mon, 02 Mar 2026 10:00:00 +0000</pubDate>
        <description><![CDATA[<p>Hi <a href="/x">x</a></p>]]></description><category>swift</category></item></channel></rss>
        """,
        """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><id>urn:uuid:1</id><updated>2026-03-02T10:00:00Z</updated>
        <link rel="self" href="https://s.example/atom.xml"/><author><name>A</name></author>
        <entry><title type="html">P &lt;b&gt;</title><id>https://s.example/p</id><updated>2026-03-02T10:00:00Z</updated>
        <link href="https://s.example/p"/><content type="html">&lt;p&gt;Hi&lt;/p&gt;</content></entry></feed>
        """,
        """
        {"version": "https://jsonfeed.org/version/1.1", "title": "T", "home_page_url": "https://s.example/",
         "feed_url": "https://s.example/feed.json", "items": [{"id": "1", "url": "https://s.example/p",
         "content_html": "<p>Hi</p>", "date_published": "2026-03-02T10:00:00Z", "tags": ["a"]}]}
        """,
    ]

    @Test func mutatedFeedsAreCheckedNotCrashedOn() {
        var fuzz = Fuzz(seed: 0x6665_6564)
        var worst = 0.0
        for n in 0..<600 {
            let sample = Self.samples[n % Self.samples.count]
            let text = fuzz.document(from: [sample], count: 1, mutations: 1 + n % 6)
            let started = ContinuousClock.now
            let found = FeedValidator.validate(Data(text.utf8))
            worst = max(worst, Double((ContinuousClock.now - started).components.attoseconds) / 1e18)
            for d in found where d.rule == "xml-well-formed" || d.rule == "json-well-formed" {
                #expect(d.line >= 1 && d.column >= 1, "case \(n): \(d.rule) at \(d.line):\(d.column)")
            }
        }
        // Random bytes, not UTF-8 at all.
        for _ in 0..<100 { _ = FeedValidator.validate(Data(fuzz.bytes(fuzz.rng.below(600)))) }
        #expect(worst < 1.0, "slowest feed took \(worst) s")
    }
}
