import Foundation

/// The URLs a feed points readers at, for `galley check` to resolve against the built site:
/// a feed can be valid and still link to images that were never published.
public struct FeedLinks: Sendable, Hashable {
    public struct Link: Sendable, Hashable {
        public var url: String
        /// Line of the element holding it (the content element for URLs inside HTML).
        public var line: Int
        /// True for `src`/`srcset`/enclosures, which readers fetch.
        public var isImage: Bool
    }
    /// The feed's self URL, from which the site root is derived.
    public var selfURL: String?
    public var links: [Link] = []

    /// Collects item links, enclosures and every URL in item HTML. Empty for unparseable data.
    public static func extract(from data: Data) -> FeedLinks {
        let out = FeedLinks()
        let firstByte = data.first { $0 != 32 && $0 != 9 && $0 != 10 && $0 != 13 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
        if firstByte == UInt8(ascii: "{") {
            guard case .success(let root) = JSONParser.parse(data) else { return out }
            return extract(json: root)
        }
        guard case .success(let root) = XMLTree.parse(data) else { return out }
        return extract(xml: root)
    }

    static func extract(json root: JSONNode) -> FeedLinks {
        var out = FeedLinks()
        out.selfURL = root["feed_url"]?.string
        for item in root["items"]?.array ?? [] {
            if let n = item["url"], let s = n.string { out.links.append(Link(url: s, line: n.line, isImage: false)) }
            for key in ["image", "banner_image"] {
                if let n = item[key], let s = n.string { out.links.append(Link(url: s, line: n.line, isImage: true)) }
            }
            if let n = item["content_html"], let html = n.string { out.addHTML(html, line: n.line) }
            for a in item["attachments"]?.array ?? [] {
                if let s = a["url"]?.string { out.links.append(Link(url: s, line: a.line, isImage: true)) }
            }
        }
        return out
    }

    static func extract(xml root: XMLElementNode) -> FeedLinks {
        var out = FeedLinks()
        if root.name == "rss", let channel = root.plain("channel") {
            out.selfURL = channel.all("link", ns: RSSRules.atomNS).first { $0.attributes["rel"] == "self" }?.attributes["href"]
            for item in channel.all("item") where item.namespace == nil {
                if let l = item.plain("link") { out.links.append(Link(url: l.trimmedText, line: l.line, isImage: false)) }
                for e in item.all("enclosure") { if let u = e.attributes["url"] { out.links.append(Link(url: u, line: e.line, isImage: true)) } }
                for html in [item.plain("description"), item.first("encoded", ns: RSSRules.contentNS)].compactMap({ $0 }) {
                    out.addHTML(html.text, line: html.line)
                }
            }
        } else if root.name == "feed", root.namespace == AtomRules.ns {
            out.selfURL = root.all("link", ns: AtomRules.ns).first { $0.attributes["rel"] == "self" }?.attributes["href"]
            for entry in root.all("entry", ns: AtomRules.ns) {
                for l in entry.all("link", ns: AtomRules.ns) {
                    if let href = l.attributes["href"] { out.links.append(Link(url: href, line: l.line, isImage: l.attributes["rel"] == "enclosure")) }
                }
                for el in ["content", "summary"].compactMap({ entry.first($0, ns: AtomRules.ns) }) where el.attributes["type"] == "html" {
                    out.addHTML(el.text, line: el.line)
                }
            }
        }
        return out
    }

    mutating func addHTML(_ html: String, line: Int) {
        FeedHTML.scanURLAttributes(Array(html.utf8)) { attr in
            let image = attr.name != "href" && attr.name != "cite" && attr.name != "action"
            if attr.name == "srcset" {
                for c in FeedHTML.srcsetCandidates(attr.value) { links.append(Link(url: c.url, line: line, isImage: true)) }
            } else {
                links.append(Link(url: FeedHTML.decodeAttributeEntities(attr.value), line: line, isImage: image))
            }
        }
    }
}
