import Foundation

/// Widely used RSS/Atom extension modules whose values have a fixed syntax: geographic
/// positions, trackback and Creative Commons URIs, Slashdot's hit parade. A wrong value here
/// breaks the map, the ping or the licence a reader's software builds from it.
enum FeedExtensions {
    static let trackbackNS = "http://madskills.com/public/xml/rss/module/trackback/"
    static let creativeCommonsNS = "http://backend.userland.com/creativeCommonsRssModule"
    static let slashNS = "http://purl.org/rss/1.0/modules/slash/"
    /// (namespace, latitude element, longitude element)
    static let positions: [(String, String, String)] = [
        ("http://www.w3.org/2003/01/geo/wgs84_pos#", "lat", "long"),
        ("http://postneo.com/icbm", "latitude", "longitude"),
        ("http://postneo.com/icbm/", "latitude", "longitude"),
        ("http://geourl.org/rss/module/", "latitude", "longitude"),
    ]

    /// Checks every element of the document; `itemNames` are the elements that are items or entries.
    /// `rdf`: an RSS 1.0 document, where trackback URIs are `rdf:resource` attributes, not text.
    static func check(_ root: XMLElementNode, itemNames: Set<String>, rdf: Bool = false, into f: inout Findings) {
        visit(root, parent: nil, itemNames: itemNames, rdf: rdf, into: &f)
    }

    /// `children`: false checks `el` alone, not its subtree.
    static func visit(_ el: XMLElementNode, parent: XMLElementNode?, itemNames: Set<String>, rdf: Bool, children: Bool = true, into f: inout Findings) {
        if let ns = el.namespace {
            for (pns, lat, long) in positions where ns == pns && (el.name == lat || el.name == long) {
                let limit = el.name == lat ? 90.0 : 180.0
                if Double(el.trimmedText).map({ abs($0) <= limit }) != true || el.trimmedText.contains(where: { $0.isLetter }) {
                    f.error("ext-geo", "<\(el.name)> \"\(el.trimmedText)\" must be decimal degrees from -\(Int(limit)) to \(Int(limit))", at: el)
                }
            }
            if ns == trackbackNS, el.name == "ping" || el.name == "about" {
                if let parent, !itemNames.contains(parent.name) {
                    f.error("ext-trackback", "trackback:\(el.name) belongs in an item or entry, not in <\(parent.name)>", at: el)
                } else if rdf {
                    let resource = el.attributes["{\(RDFRules.rdfNS)}resource"]
                    if resource.map(isFullURI) != true {
                        f.error("ext-trackback", "trackback:\(el.name) in RSS 1.0 needs rdf:resource=\"…\" with an absolute URL"
                                + (el.trimmedText.isEmpty ? "" : " (not the URL as text)"), at: el)
                    }
                } else if el.attributes.keys.contains(where: { $0.hasSuffix("resource") }) || !isFullURI(el.trimmedText) {
                    f.error("ext-trackback", "trackback:\(el.name) must hold an absolute URL as its text (RSS 1.0's rdf:resource form does not apply)", at: el)
                }
            }
            if ns == creativeCommonsNS, el.name == "license", !isFullURI(el.trimmedText) {
                f.error("ext-license", "creativeCommons:license must be the licence's absolute URL (found \"\(el.trimmedText)\")", at: el)
            }
            if ns == slashNS, el.name == "hit_parade", !isIntegerList(el.trimmedText) {
                f.error("ext-slash", "slash:hit_parade must be comma-separated whole numbers (found \"\(el.trimmedText)\")", at: el)
            }
            if ns == ITunesRules.ns, el.name == "duration", let parent, !itemNames.contains(parent.name) {
                f.error("itunes-placement", "itunes:duration belongs in an item, not in <\(parent.name)>", at: el)
            }
        }
        guard children else { return }
        for c in el.children { visit(c, parent: el, itemNames: itemNames, rdf: rdf, into: &f) }
    }

    static func isFullURI(_ s: String) -> Bool {
        FeedURL.isAbsolute(s) && FeedURL.problem(s, iri: false) == nil
    }

    static func isIntegerList(_ s: String) -> Bool {
        let parts = s.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}
