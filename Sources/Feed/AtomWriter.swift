import Foundation

/// Writes Atom 1.0 (RFC 4287) with the same items as the RSS feed.
public enum AtomWriter {
    public static func render(channel: FeedChannel, items: [FeedItem], options: FeedOptions = FeedOptions()) -> String {
        write(channel: channel, items: items, options: options).text
    }

    /// The feed `id` is its own URL (stable and unique per feed); `updated` is the newest
    /// item date, or 1970 for an empty feed so that output never depends on build time.
    public static func write(channel: FeedChannel, items: [FeedItem], options: FeedOptions = FeedOptions(),
                             cache: FeedFragmentCache? = nil) -> FeedOutput {
        var (ch, items, diags) = FeedSanitizer.order(channel: channel, items: items, options: options)
        let e = XMLText.escape
        let tz = options.timeZone
        var o = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        o += "<feed xmlns=\"http://www.w3.org/2005/Atom\""
        if let lang = ch.language, !lang.isEmpty { o += " xml:lang=\"\(e(lang))\"" }
        o += ">\n"
        let context = o.utf8.count
        o += "  <title>\(e(ch.title))</title>\n"
        if !ch.description.isEmpty { o += "  <subtitle>\(e(ch.description))</subtitle>\n" }
        o += "  <link href=\"\(e(ch.link))\" rel=\"alternate\" type=\"text/html\"/>\n"
        o += "  <link href=\"\(e(ch.feedURL))\" rel=\"self\" type=\"application/atom+xml\"/>\n"
        o += "  <id>\(e(ch.feedURL))</id>\n"
        let newest = FeedSanitizer.newestDate(items) ?? Date(timeIntervalSince1970: 0)
        o += "  <updated>\(FeedDates.rfc3339(newest, timeZone: tz))</updated>\n"
        o += "  <generator>\(e(ch.generator))</generator>\n"
        if let image = ch.imageURL { o += "  <logo>\(e(image))</logo>\n" }
        // Atom requires an author on every entry: fall back to the channel's, then to the site title.
        let everyItemHasAuthor = items.allSatisfy { $0.author != nil }
        if let author = ch.author {
            o += authorXML(author, indent: "  ")
        } else if !everyItemHasAuthor || items.isEmpty {
            o += authorXML(FeedAuthor(name: ch.title), indent: "  ")
        }
        let texts = items.map { item in
            let (text, d) = FeedFragmentCache.text(cache, "atom", item) { clean, _ in entryXML(clean, options: options) }
            diags += d
            return text
        }
        return FeedOutput(head: o, contextBytes: context, items: texts, tail: "</feed>\n", diagnostics: diags)
    }

    static func entryXML(_ item: FeedItem, options: FeedOptions) -> String {
        let e = XMLText.escape
        let tz = options.timeZone
        var o = item.language.map { "  <entry xml:lang=\"\(e($0))\">\n" } ?? "  <entry>\n"
        o += "    <title type=\"text\">\(e(item.title))</title>\n"
        o += "    <link href=\"\(e(item.link))\" rel=\"alternate\" type=\"text/html\"/>\n"
        o += "    <id>\(e(item.id))</id>\n"
        o += "    <published>\(FeedDates.rfc3339(item.published, timeZone: tz))</published>\n"
        o += "    <updated>\(FeedDates.rfc3339(max(item.published, item.updated ?? item.published), timeZone: tz))</updated>\n"
        if let author = item.author { o += authorXML(author, indent: "    ") }
        for category in item.categories { o += "    <category term=\"\(e(category))\"/>\n" }
        if !item.summary.isEmpty { o += "    <summary type=\"text\">\(e(item.summary))</summary>\n" }
        if options.fullContent, !item.contentHTML.isEmpty {
            o += "    <content type=\"html\">\(XMLText.cdata(item.contentHTML))</content>\n"
        }
        if let enc = item.enclosure {
            o += "    <link href=\"\(e(enc.url))\" rel=\"enclosure\" type=\"\(e(enc.mimeType))\" length=\"\(max(0, enc.length))\"/>\n"
        }
        o += "  </entry>\n"
        return o
    }

    static func authorXML(_ a: FeedAuthor, indent: String) -> String {
        let e = XMLText.escape
        var o = "\(indent)<author>\n\(indent)  <name>\(e(a.name))</name>\n"
        if let email = a.email { o += "\(indent)  <email>\(e(email))</email>\n" }
        if let url = a.url { o += "\(indent)  <uri>\(e(url))</uri>\n" }
        return o + "\(indent)</author>\n"
    }
}
