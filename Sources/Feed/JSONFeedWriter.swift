import Foundation

/// Writes JSON Feed 1.1 by hand: keys sorted, two-space indent, so builds are byte-stable
/// on every platform (JSONSerialization's escaping of `/` and number formatting differ).
public enum JSONFeedWriter {
    public static func render(channel: FeedChannel, items: [FeedItem], options: FeedOptions = FeedOptions()) -> String {
        write(channel: channel, items: items, options: options).text
    }

    public static func write(channel: FeedChannel, items: [FeedItem], options: FeedOptions = FeedOptions(),
                             cache: FeedFragmentCache? = nil) -> FeedOutput {
        var (ch, items, diags) = FeedSanitizer.order(channel: channel, items: items, options: options)
        var feed: [String: JSON] = [
            "version": .string("https://jsonfeed.org/version/1.1"),
            "title": .string(ch.title),
            "home_page_url": .string(ch.link),
            "feed_url": .string(ch.feedURL),
        ]
        if !ch.description.isEmpty { feed["description"] = .string(ch.description) }
        if let lang = ch.language, !lang.isEmpty { feed["language"] = .string(lang) }
        if let image = ch.imageURL { feed["icon"] = .string(image) }
        if let author = ch.author { feed["authors"] = .array([authorJSON(author)]) }
        feed["items"] = .array(items.map { item in
            let (text, d) = FeedFragmentCache.text(cache, "json", item) { clean, _ in
                var out = ""
                itemJSON(clean, options: options).write(to: &out, indent: 2)   // items sit two levels deep
                return out
            }
            diags += d
            return .raw(text)
        })
        var text = ""
        JSON.object(feed).write(to: &text, indent: 0)
        text += "\n"
        return FeedOutput(text: text, diagnostics: diags)
    }

    static func itemJSON(_ item: FeedItem, options: FeedOptions) -> JSON {
        let tz = options.timeZone
        var o: [String: JSON] = [
            "id": .string(item.id),
            "url": .string(item.link),
            "title": .string(item.title),
            "date_published": .string(FeedDates.rfc3339(item.published, timeZone: tz)),
        ]
        if let updated = item.updated, updated > item.published {
            o["date_modified"] = .string(FeedDates.rfc3339(updated, timeZone: tz))
        }
        if !item.summary.isEmpty { o["summary"] = .string(item.summary) }
        if options.fullContent, !item.contentHTML.isEmpty {
            o["content_html"] = .string(item.contentHTML)
        } else {
            o["content_text"] = .string(item.summary)
        }
        if let author = item.author { o["authors"] = .array([authorJSON(author)]) }
        if let lang = item.language { o["language"] = .string(lang) }
        if !item.categories.isEmpty { o["tags"] = .array(item.categories.map(JSON.string)) }
        if let enc = item.enclosure {
            if enc.mimeType.hasPrefix("image/") { o["image"] = .string(enc.url) }
            o["attachments"] = .array([.object([
                "url": .string(enc.url), "mime_type": .string(enc.mimeType), "size_in_bytes": .int(max(0, enc.length)),
            ])])
        }
        return .object(o)
    }

    static func authorJSON(_ a: FeedAuthor) -> JSON {
        var o: [String: JSON] = ["name": .string(a.name)]
        if let url = a.url { o["url"] = .string(url) }
        return .object(o)
    }

    /// The JSON the writer needs; no floats, so no formatting surprises.
    enum JSON {
        case string(String), int(Int), array([JSON]), object([String: JSON])
        /// Already written at the right indent (an item fragment).
        case raw(String)

        func write(to out: inout String, indent: Int) {
            let pad = String(repeating: "  ", count: indent + 1)
            let closePad = String(repeating: "  ", count: indent)
            switch self {
            case .string(let s): out += XMLText.jsonString(s)
            case .int(let n): out += String(n)
            case .raw(let text): out += text
            case .array(let a):
                if a.isEmpty { out += "[]"; return }
                out += "[\n"
                for (i, v) in a.enumerated() {
                    out += pad
                    v.write(to: &out, indent: indent + 1)
                    out += i == a.count - 1 ? "\n" : ",\n"
                }
                out += closePad + "]"
            case .object(let o):
                if o.isEmpty { out += "{}"; return }
                out += "{\n"
                let keys = o.keys.sorted()
                for (i, k) in keys.enumerated() {
                    out += pad + XMLText.jsonString(k) + ": "
                    o[k]!.write(to: &out, indent: indent + 1)
                    out += i == keys.count - 1 ? "\n" : ",\n"
                }
                out += closePad + "}"
            }
        }
    }
}
