import Foundation

/// Writes RSS 2.0 with full content (`content:encoded`).
public enum RSSWriter {
    public static func render(channel: FeedChannel, items: [FeedItem], options: FeedOptions = FeedOptions()) -> String {
        // Minimal placeholder; the Feeds work completes it.
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\">\n<channel>\n"
        out += "<title>\(xmlEscape(channel.title))</title>\n<link>\(xmlEscape(channel.link))</link>\n<description>\(xmlEscape(channel.description))</description>\n"
        out += "<atom:link href=\"\(xmlEscape(channel.feedURL))\" rel=\"self\" type=\"application/rss+xml\"/>\n"
        for item in items {
            out += "<item>\n<title>\(xmlEscape(item.title))</title>\n<link>\(xmlEscape(item.link))</link>\n<guid>\(xmlEscape(item.id))</guid>\n"
            out += "<description>\(xmlEscape(item.summary))</description>\n"
            if options.fullContent { out += "<content:encoded>\(xmlEscape(item.contentHTML))</content:encoded>\n" }
            out += "</item>\n"
        }
        out += "</channel>\n</rss>\n"
        return out
    }
}

/// Escapes text for XML character data and attribute values.
func xmlEscape(_ s: String) -> String {
    var out = ""
    for c in s.unicodeScalars {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default: out.unicodeScalars.append(c)
        }
    }
    return out
}
