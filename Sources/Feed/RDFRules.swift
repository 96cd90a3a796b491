import Foundation

/// RSS 1.0 (RDF Site Summary) and its ancestor RSS 0.90: `<rdf:RDF>` holding a channel, then items,
/// an image and a text input as its siblings. Still published (and subscribed to) by older CMSs and
/// institutional sites; judged as the W3C validator does: the elements each part needs, the rdf:about
/// that names it, the channel's `items` list, and no RSS 2.0 elements in the RSS 1.0 namespace.
enum RDFRules {
    static let rdfNS = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let rss10NS = "http://purl.org/rss/1.0/"
    static let rss090NS = "http://my.netscape.com/rdf/simple/0.9/"

    /// What each part needs, which is also all it may hold in the RSS namespace.
    static let parts: [String: [String]] = [
        "channel": ["title", "link", "description"],
        "item": ["title", "link"],
        "image": ["title", "link", "url"],
        "textinput": ["title", "description", "name", "link"],
    ]
    static let optional: [String: Set<String>] = [
        "channel": ["image", "items", "textinput"], "item": ["description"], "image": [], "textinput": [],
    ]

    static func isRDF(_ root: XMLElementNode) -> Bool { root.name == "RDF" && root.namespace == rdfNS }

    static func check(_ rdf: XMLElementNode, now: Date, into f: inout Findings) {
        let channels = rdf.children.filter { $0.name == "channel" && ($0.namespace == rss10NS || $0.namespace == rss090NS) }
        guard let channel = channels.first, let ns = channel.namespace else {
            f.error("rdf-channel-missing", "rdf:RDF has no RSS 1.0 <channel> (namespace \(rss10NS))", at: rdf)
            return
        }
        let isV1 = ns == rss10NS
        var abouts: [String: Int] = [:]
        var seen: Set<String> = []
        for c in rdf.children where c.namespace == ns {
            guard parts[c.name] != nil else {
                f.error("rdf-unknown-element", "<\(c.name)> is not an RSS \(isV1 ? "1.0" : "0.90") element of rdf:RDF", at: c)
                continue
            }
            if c.name != "item", !seen.insert(c.name).inserted {
                f.error("rdf-duplicate-element", "rdf:RDF has more than one <\(c.name)>", at: c)
            }
            part(c, ns: ns, isV1: isV1, abouts: &abouts, into: &f)
        }
        if isV1 {
            if let items = channel.first("items", ns: ns) { itemsList(items, into: &f) } else if channel.attributes["{\(rdfNS)}about"] != nil {
                f.error("rdf-items-missing", "channel has no <items> listing its items (an rdf:Seq of rdf:li resource=\"…\")", at: channel)
            }
        }
        for parent in [channel] + rdf.all("item", ns: ns) {
            if let lang = parent.first("language", ns: RSSRules.dcNS), !RSSRules.isLanguageTag(lang.trimmedText) {
                f.error("rss-language", "dc:language \"\(lang.trimmedText)\" is not a language code like en or en-us", at: lang)
            }
            for date in parent.all("date", ns: RSSRules.dcNS) where !FeedDates.isW3CDTF(date.trimmedText) {
                f.error("rss-dc-date", "dc:date \"\(date.trimmedText)\" is not a W3C date like 2026-03-06 or 2026-03-06T10:00:00Z (a time needs a time zone)", at: date)
            }
        }
        FeedExtensions.check(rdf, itemNames: ["item"], rdf: true, into: &f)
        rdf.walk { el in TextChecks.check(el.text, field: "<\(el.name)>", line: el.line, column: el.column, into: &f) }
    }

    /// A channel, item, image or text input: its rdf:about, its required elements, nothing else of RSS's.
    static func part(_ el: XMLElementNode, ns: String, isV1: Bool, abouts: inout [String: Int], into f: inout Findings) {
        let required = parts[el.name]!
        if isV1 {
            if let about = el.attributes["{\(rdfNS)}about"] {
                if let why = FeedURL.problem(about, iri: false) {
                    f.error("rdf-about", "\(el.name) rdf:about \"\(about)\" is not a valid URI: \(why)", at: el)
                } else if let first = abouts[about] {
                    f.error("rdf-about-duplicate", "rdf:about \"\(about)\" also names the element on line \(first)", at: el)
                } else {
                    abouts[about] = el.line
                }
            } else {
                f.error("rdf-about", "<\(el.name)> needs rdf:about=\"…\", the URI it describes", at: el)
            }
        }
        var seen: Set<String> = []
        for c in el.children where c.namespace == ns {
            if !required.contains(c.name) && !(optional[el.name]!.contains(c.name)) {
                let hint = el.name == "item" && c.name == "item" ? "; items follow the channel, listed in its <items>" : ""
                f.error("rdf-unknown-element", "<\(c.name)> is not an RSS \(isV1 ? "1.0" : "0.90") element of <\(el.name)>\(hint); an extension needs its own namespace", at: c)
                continue
            }
            if !seen.insert(c.name).inserted {
                f.error("rdf-duplicate-element", "<\(c.name)> appears more than once in <\(el.name)>", at: c)
            }
            if c.name != "items", let child = c.children.first, c.attributes["{\(rdfNS)}parseType"] != "Literal" {
                f.error("rdf-element-content", "<\(c.name)> holds text, not a <\(child.name)> element (escape markup, or say rdf:parseType=\"Literal\")", at: child)
            }
            if c.name == "link" || c.name == "url" {
                RSSRules.urlValue(c.trimmedText, field: "<\(c.name)>", at: c, into: &f)
            }
        }
        for name in required where !seen.contains(name) {
            f.error("rdf-required", "<\(el.name)> is missing <\(name)>", at: el)
        }
        if el.name == "channel" || el.name == "item", let title = el.first("title", ns: ns), TextChecks.looksLikeHTML(title.text) {
            f.warning("feed-html-in-text", "\(el.name) title is plain text but contains HTML markup", at: title)
        }
    }

    /// `<items><rdf:Seq><rdf:li resource="…"/>…`: the channel's table of contents.
    static func itemsList(_ items: XMLElementNode, into f: inout Findings) {
        guard let seq = items.first("Seq", ns: rdfNS) else {
            if !items.children.isEmpty {
                f.error("rdf-items", "<items> must hold an rdf:Seq of rdf:li resource=\"…\"", at: items)
            }
            return
        }
        for li in seq.children {
            guard li.name == "li", li.namespace == rdfNS else {
                f.error("rdf-items", "rdf:Seq holds rdf:li elements, not <\(li.name)>", at: li)
                continue
            }
            let resource = li.attributes["{\(rdfNS)}resource"] ?? li.attributes["resource"]
            for name in li.attributes.keys where !name.hasPrefix("{") && name != "resource" {
                f.error("rdf-items", "rdf:li has an attribute \(name)=\"…\" that RSS 1.0 does not define (it takes resource=\"…\")", at: li)
            }
            if resource == nil {
                f.error("rdf-items", "rdf:li needs rdf:resource=\"…\" naming an item's rdf:about", at: li)
            }
        }
    }
}
