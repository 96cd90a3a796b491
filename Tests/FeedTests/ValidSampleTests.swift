import Foundation
import Testing
@testable import Feed

/// Hand-written feeds in styles other generators use; all are valid and must produce no findings.
let validSamples: [(String, String)] = [
    ("rss-podcast", """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
      <channel>
        <title>Podcast &amp; Notes</title>
        <link>https://pod.example.net/</link>
        <description>Audio</description>
        <language>en-gb</language>
        <managingEditor>host@example.net (The Host)</managingEditor>
        <ttl>60</ttl>
        <pubDate>Mon, 02 Mar 2026 08:00:00 GMT</pubDate>
        <atom:link href="https://pod.example.net/rss" rel="self" type="application/rss+xml"/>
        <image><url>https://pod.example.net/art.jpg</url><title>Podcast</title><link>https://pod.example.net/</link></image>
        <item>
          <title>Episode 1</title>
          <guid isPermaLink="false">tag:pod.example.net,2026:ep1</guid>
          <pubDate>Sun, 1 Mar 2026 20:00:00 EST</pubDate>
          <author>host@example.net (The Host)</author>
          <category domain="https://pod.example.net/topics">Audio</category>
          <description>First episode.</description>
          <content:encoded><![CDATA[<p>Show notes with <a href="https://pod.example.net/ep1">a link</a> &amp; an <img src="https://pod.example.net/ep1.jpg" alt="">.</p>]]></content:encoded>
          <enclosure url="https://pod.example.net/ep1.mp3" length="31415926" type="audio/mpeg"/>
        </item>
        <item>
          <description>An item with only a description is fine.</description>
          <guid isPermaLink="true">https://pod.example.net/notes/2</guid>
        </item>
      </channel>
    </rss>
    """),
    ("atom-xhtml", """
    <?xml version="1.0" encoding="utf-8"?>
    <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="fr">
      <title type="html">Carnet &lt;b&gt;technique&lt;/b&gt;</title>
      <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id>
      <updated>2026-03-06T10:00:00+01:00</updated>
      <link rel="self" href="https://carnet.example.fr/atom.xml"/>
      <link rel="alternate" type="text/html" href="https://carnet.example.fr/"/>
      <entry>
        <title>Été</title>
        <id>tag:carnet.example.fr,2026:1</id>
        <updated>2026-03-06T09:59:59.250Z</updated>
        <published>2026-03-01T00:00:00Z</published>
        <author><name>Camille</name><uri>https://carnet.example.fr/camille</uri></author>
        <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Bonjour <a href="https://carnet.example.fr/a">à tous</a></p></div></content>
      </entry>
      <entry>
        <title>Lien seul</title>
        <id>https://carnet.example.fr/2</id>
        <updated>2026-03-02T00:00:00-05:00</updated>
        <author><name>Camille</name></author>
        <link href="https://carnet.example.fr/2"/>
      </entry>
    </feed>
    """),
    ("json-feed-1.0", """
    {
      "version": "https://jsonfeed.org/version/1",
      "title": "Micro \\u00e9t\\u00e9 \\ud83d\\ude80",
      "home_page_url": "https://micro.example.com/",
      "feed_url": "https://micro.example.com/feed.json",
      "author": {"name": "M"},
      "items": [
        {"id": "https://micro.example.com/1", "content_text": "Hello", "date_published": "2026-03-06T10:00:00-08:00"},
        {"id": "2", "content_html": "<p>Hi <a href=\\"https://micro.example.com/\\">home</a></p>", "tags": ["a", "b"],
         "attachments": [{"url": "https://micro.example.com/a.m4a", "mime_type": "audio/x-m4a", "size_in_bytes": 123}]}
      ]
    }
    """),
]

@Test(arguments: validSamples.map(\.0))
func validSampleHasNoFindings(_ name: String) {
    let text = validSamples.first { $0.0 == name }!.1
    let diags = FeedValidator.validate(Data(text.utf8), now: testNow)
    #expect(diags.isEmpty, "\(name): \(diags)")
}
