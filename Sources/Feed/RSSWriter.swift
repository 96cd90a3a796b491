import Foundation

/// Writes RSS 2.0 with full content (`content:encoded`), `dc:creator` and a self link.
public enum RSSWriter {
    /// The feed text only; see `write` for the warnings.
    public static func render(channel: FeedChannel, items: [FeedItem], options: FeedOptions = FeedOptions()) -> String {
        write(channel: channel, items: items, options: options).text
    }

    /// Sorts newest first, applies `options.maxItems`, sanitises and writes. Items already written
    /// for another feed of the same build are taken from `cache`.
    public static func write(channel: FeedChannel, items: [FeedItem], options: FeedOptions = FeedOptions(),
                             cache: FeedFragmentCache? = nil) -> FeedOutput {
        var (ch, items, diags) = FeedSanitizer.order(channel: channel, items: items, options: options)
        let e = XMLText.escape
        let tz = options.timeZone
        var o = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        o += "<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n"
        o += "  <channel>\n"
        let context = o.utf8.count
        o += "    <title>\(e(ch.title))</title>\n"
        o += "    <link>\(e(ch.link))</link>\n"
        o += "    <description>\(e(ch.description))</description>\n"
        if let lang = ch.language, !lang.isEmpty { o += "    <language>\(e(lang))</language>\n" }
        if let newest = FeedSanitizer.newestDate(items) {
            o += "    <lastBuildDate>\(FeedDates.rfc822(newest, timeZone: tz))</lastBuildDate>\n"
        }
        o += "    <generator>\(e(ch.generator))</generator>\n"
        o += "    <atom:link href=\"\(e(ch.feedURL))\" rel=\"self\" type=\"application/rss+xml\"/>\n"
        if let image = ch.imageURL {
            o += "    <image>\n      <url>\(e(image))</url>\n      <title>\(e(ch.title))</title>\n      <link>\(e(ch.link))</link>\n    </image>\n"
        }
        var sections: [String?] = []
        let texts = items.map { item in
            let (text, d, section) = FeedFragmentCache.textNotingSection(cache, "rss", item) {
                itemXMLNotingSection($0, channelAuthor: ch.author, options: options, plainCDATA: $1)
            }
            diags += d
            sections.append(section)
            return text
        }
        return FeedOutput(head: o, contextBytes: context, items: texts, sections: sections, tail: "  </channel>\n</rss>\n", diagnostics: diags)
    }

    /// `plainCDATA`, when given, is `XMLText.isPlainCDATA(item.contentHTML)` already known.
    static func itemXML(_ item: FeedItem, channelAuthor: FeedAuthor?, options: FeedOptions, plainCDATA: Bool? = nil) -> String {
        itemXMLNotingSection(item, channelAuthor: channelAuthor, options: options, plainCDATA: plainCDATA).text
    }

    /// `itemXML`, and the content when it went into the item as one CDATA section holding it as it is.
    static func itemXMLNotingSection(_ item: FeedItem, channelAuthor: FeedAuthor?, options: FeedOptions, plainCDATA: Bool? = nil) -> (text: String, section: String?) {
        var section: String?
        let e = XMLText.escape
        let tz = options.timeZone
        var o = "    <item>\n"
        o.reserveCapacity(item.contentHTML.utf8.count + 1024)
        o += "      <title>\(e(item.title))</title>\n"
        o += "      <link>\(e(item.link))</link>\n"
        let permalink = FeedURL.isAbsoluteHTTP(item.id)
        o += "      <guid isPermaLink=\"\(permalink)\">\(e(item.id))</guid>\n"
        o += "      <pubDate>\(FeedDates.rfc822(item.published, timeZone: tz))</pubDate>\n"
        if let author = item.author ?? channelAuthor { o += "      <dc:creator>\(e(author.name))</dc:creator>\n" }
        for category in item.categories { o += "      <category>\(e(category))</category>\n" }
        o += "      <description>\(e(item.summary))</description>\n"
        if options.fullContent, !item.contentHTML.isEmpty {
            o += "      <content:encoded>"
            if XMLText.appendCDATA(item.contentHTML, to: &o, plain: plainCDATA) { section = item.contentHTML }
            o += "</content:encoded>\n"
        }
        if let enc = item.enclosure {
            o += "      <enclosure url=\"\(e(enc.url))\" length=\"\(max(0, enc.length))\" type=\"\(e(enc.mimeType))\"/>\n"
        }
        o += "    </item>\n"
        return (o, section)
    }
}
