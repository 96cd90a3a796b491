import Foundation

/// Atom 1.0's structure and value syntax (RFC 4287 §3–4): which Atom elements may appear where,
/// text and content constructs, person constructs, and every IRI, language and MIME value.
enum AtomStructure {
    static let ns = AtomRules.ns
    static let xhtmlNS = "http://www.w3.org/1999/xhtml"
    static let feedChildren: Set<String> = ["author", "category", "contributor", "generator", "icon", "id", "link", "logo",
                                            "rights", "subtitle", "title", "updated", "entry"]
    static let entryChildren: Set<String> = ["author", "category", "content", "contributor", "id", "link", "published",
                                             "rights", "source", "summary", "title", "updated"]
    static let textConstructs: Set<String> = ["title", "subtitle", "summary", "rights"]

    static func check(_ root: XMLElementNode, into f: inout Findings) {
        if root.name == "feed" {
            children(root, allowed: feedChildren, into: &f)
            var sawEntry = false
            for c in root.children where c.namespace == ns {
                if c.name == "entry" { sawEntry = true } else if sawEntry {
                    f.error("atom-misplaced-metadata", "<\(c.name)> describes the feed and must come before the first entry", at: c)
                }
            }
            alternates(root, into: &f)
            // Every entry with one id is a generator bug (a constant where the post's id belongs):
            // readers keep one entry. Two entries sharing an id may be versions, a warning elsewhere.
            let ids = root.all("entry", ns: ns).map { $0.first("id", ns: ns)?.trimmedText ?? "" }
            if ids.count > 2, let first = ids.first, !first.isEmpty, ids.allSatisfy({ $0 == first }) {
                f.error("atom-id-duplicate", "all \(ids.count) entries have the same id \"\(first)\"; readers will show one", at: root.all("entry", ns: ns)[1])
            }
        }
        for entry in root.name == "entry" ? [root] : root.all("entry", ns: ns) {
            children(entry, allowed: entryChildren, into: &f)
            alternates(entry, into: &f)
            if let source = entry.first("source", ns: ns) {
                children(source, allowed: feedChildren.subtracting(["entry"]), into: &f)
                AtomRules.duplicates(source, singles: AtomRules.feedSingles, into: &f)
                alternates(source, into: &f)
            }
        }
        visit(root, into: &f)
    }

    /// Every Atom element below `el`, and the xml:base / xml:lang of every element.
    static func visit(_ el: XMLElementNode, into f: inout Findings) {
        if let base = el.attributes["{http://www.w3.org/XML/1998/namespace}base"], let why = FeedURL.problem(base, iri: true), !base.isEmpty {
            f.error("atom-iri", "xml:base \"\(base)\" is not a valid IRI: \(why)", at: el)
        }
        if let lang = el.attributes["{http://www.w3.org/XML/1998/namespace}lang"], !lang.isEmpty, !RSSRules.isLanguageTag(lang) {
            f.error("atom-language", "xml:lang \"\(lang)\" is not a language tag like en or en-US", at: el)
        }
        guard el.namespace == ns else { return }
        switch el.name {
        case "title", "subtitle", "summary", "rights": textConstruct(el, into: &f)
        case "content": content(el, into: &f)
        case "author", "contributor": person(el, into: &f)
        case "id", "icon", "logo": iriElement(el, into: &f)
        case "updated", "published":
            if el.text != el.trimmedText {
                f.error("atom-whitespace", "<\(el.name)> has white space around its date", at: el)
            }
        case "generator":
            if let uri = el.attributes["uri"] { iri(uri, "generator@uri", at: el, into: &f) }
            if let child = el.children.first {
                f.error("atom-unexpected-element", "generator holds text only, not <\(child.name)>", at: child)
            }
        case "category":
            if el.attributes["term"] == nil { f.error("atom-category-term", "category has no term=\"…\"", at: el) }
            if let scheme = el.attributes["scheme"] {
                iri(scheme, "category@scheme", at: el, into: &f)
                if FeedURL.problem(scheme, iri: true) == nil, !FeedURL.isAbsolute(scheme) {
                    f.error("atom-iri", "category@scheme \"\(scheme)\" must be an absolute IRI", at: el)
                }
            }
        case "link": link(el, into: &f)
        default: break
        }
        for c in el.children where el.name != "content" || c.namespace == ns { visit(c, into: &f) }
    }

    /// Atom-namespace elements that RFC 4287 does not define in this place.
    static func children(_ parent: XMLElementNode, allowed: Set<String>, into f: inout Findings) {
        for c in parent.children where c.namespace == ns && !allowed.contains(c.name) {
            f.error("atom-unknown-element", "<\(c.name)> is not an Atom element of <\(parent.name)>", at: c)
        }
        if !parent.trimmedText.isEmpty {
            f.error("atom-unexpected-text", "<\(parent.name)> holds text outside any element", at: parent)
        }
    }

    static func textConstruct(_ el: XMLElementNode, into f: inout Findings) {
        let type = el.attributes["type"] ?? "text"
        switch type {
        case "text", "html":
            if let child = el.children.first {
                f.error("atom-unexpected-element", "<\(el.name)> has type=\"\(type)\" so it holds escaped text, not a <\(child.name)> element", at: child)
            }
        case "xhtml": xhtmlDiv(el, into: &f)
        default:
            f.error("atom-text-type", "<\(el.name)> type must be text, html or xhtml (found \"\(type)\")", at: el)
        }
    }

    /// type="xhtml": exactly one xhtml:div, nothing else, and XHTML elements throughout.
    static func xhtmlDiv(_ el: XMLElementNode, into f: inout Findings) {
        guard el.children.count == 1, let div = el.children.first, div.name == "div", div.namespace == xhtmlNS,
              el.trimmedText.isEmpty else {
            f.error("atom-xhtml-div", "<\(el.name)> has type=\"xhtml\" so its content must be one <div xmlns=\"\(xhtmlNS)\">", at: el)
            return
        }
        // SVG, MathML and other vocabularies may be embedded; elements without a namespace, or
        // Atom and AtomPub elements, are mistakes (a missing xmlns, or metadata in the wrong place).
        div.walk { d in
            if d.namespace == nil {
                f.error("atom-xhtml-namespace", "<\(d.name)> inside XHTML content has no namespace (it must be in \(xhtmlNS))", at: d)
            } else if d.namespace == ns || d.namespace == "http://www.w3.org/2007/app" {
                f.error("atom-unknown-element", "<\(d.name)> (namespace \(d.namespace!)) does not belong inside XHTML content", at: d)
            }
        }
    }

    static func content(_ el: XMLElementNode, into f: inout Findings) {
        let type = el.attributes["type"] ?? "text"
        if let src = el.attributes["src"] {
            iri(src, "content@src", at: el, into: &f)
            if let type = el.attributes["type"], ["text", "html", "xhtml"].contains(type) || !RSSRules.isMIMEType(type) {
                f.error("atom-content-type", "content with src=\"…\" needs type to be a MIME type like application/pdf (found \"\(type)\")", at: el)
            }
            if let child = el.children.first {
                f.error("atom-unexpected-element", "content with src=\"…\" must be empty (found <\(child.name)>)", at: child)
            } else if !el.trimmedText.isEmpty {
                f.error("atom-unexpected-text", "content with src=\"…\" must be empty", at: el)
            }
            return
        }
        switch type {
        case "text", "html":
            if let child = el.children.first {
                f.error("atom-unexpected-element", "content has type=\"\(type)\" so it holds escaped text, not a <\(child.name)> element", at: child)
            }
        case "xhtml": xhtmlDiv(el, into: &f)
        default:
            let main = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            guard RSSRules.isMIMEType(type), !main.hasPrefix("multipart/") else {
                f.error("atom-content-type", "content type must be text, html, xhtml or a MIME type like image/png (found \"\(type)\")", at: el)
                return
            }
            if main.hasSuffix("+xml") || main.hasSuffix("/xml") {
                if el.children.count != 1 || !el.trimmedText.isEmpty {
                    f.error("atom-unexpected-text", "content of type \(type) must be exactly one XML element", at: el)
                }
            } else if main.hasPrefix("text/") {
                if let child = el.children.first {
                    f.error("atom-unexpected-element", "content of type \(type) holds text, not a <\(child.name)> element", at: child)
                }
            } else if let child = el.children.first {
                f.error("atom-unexpected-element", "content of type \(type) holds base64 text, not a <\(child.name)> element", at: child)
            } else if !isBase64(el.text) {
                f.error("atom-base64", "content of type \(type) must be base64-encoded", at: el)
            }
        }
    }

    static func isBase64(_ s: String) -> Bool {
        var count = 0, padding = 0
        for c in s.utf8 {
            switch c {
            case 32, 9, 10, 13: continue
            case 61: padding += 1
            case 65...90, 97...122, 48...57, 43, 47: guard padding == 0 else { return false }
            default: return false
            }
            count += 1
        }
        return count % 4 == 0 && padding <= 2
    }

    static func person(_ el: XMLElementNode, into f: inout Findings) {
        var seen: Set<String> = []
        for c in el.children where c.namespace == ns {
            guard ["name", "uri", "email"].contains(c.name) else {
                f.error("atom-unknown-element", "<\(c.name)> is not part of an Atom \(el.name) (name, uri, email)", at: c)
                continue
            }
            if !seen.insert(c.name).inserted {
                f.error("atom-duplicate-element", "<\(c.name)> appears more than once in <\(el.name)>", at: c)
            }
        }
        if !seen.contains("name") { f.error("atom-person-name", "<\(el.name)> has no <name>", at: el) }
        if let uri = el.first("uri", ns: ns) { iriElement(uri, into: &f) }
        if let email = el.first("email", ns: ns), !ITunesRules.isAddrSpec(email.text) {
            let parts = email.text.split(separator: "@", omittingEmptySubsequences: false)
            if parts.count == 2, !parts[0].isEmpty, parts[1].first?.isLetter == true, ITunesRules.isAddrSpec(email.text + ".invalid") {
                f.warning("atom-email", "<email> \"\(email.text)\" has a host name without a domain", at: email)
            } else {
                f.error("atom-email", "<email> \"\(email.text)\" must be a plain address like ada@example.com (no name, no mailto:)", at: email)
            }
        }
        if !el.trimmedText.isEmpty { f.error("atom-unexpected-text", "<\(el.name)> holds text outside its elements", at: el) }
    }

    /// id, icon, logo and a person's uri: an IRI with no white space around it.
    static func iriElement(_ el: XMLElementNode, into f: inout Findings) {
        if el.text != el.trimmedText {
            f.error("atom-whitespace", "<\(el.name)> has white space around its IRI", at: el)
        } else {
            iri(el.text, "<\(el.name)>", at: el, into: &f)
        }
    }

    static func iri(_ value: String, _ field: String, at el: XMLElementNode, into f: inout Findings) {
        guard !value.isEmpty, let why = FeedURL.problem(value, iri: true) else { return }
        f.error("atom-iri", "\(field) \"\(value)\" is not a valid IRI: \(why)", at: el)
    }

    static func link(_ el: XMLElementNode, into f: inout Findings) {
        if let href = el.attributes["href"] { iri(href, "link@href", at: el, into: &f) }
        if let type = el.attributes["type"], !RSSRules.isMIMEType(type) {
            f.error("atom-link-type", "link type \"\(type)\" is not a MIME type like text/html", at: el)
        }
        if let lang = el.attributes["hreflang"], !RSSRules.isLanguageTag(lang) {
            f.error("atom-language", "link hreflang \"\(lang)\" is not a language tag like en or en-US", at: el)
        }
        if let length = el.attributes["length"], !(length.allSatisfy { $0.isASCII && $0.isNumber } && !length.isEmpty) {
            f.error("atom-link-length", "link length must be a whole number of bytes (found \"\(length)\")", at: el)
        }
        if el.attributes["rel"] == "license", let href = el.attributes["href"], !FeedURL.isAbsolute(href) {
            f.error("atom-iri", "license link \"\(href)\" must be an absolute IRI", at: el)
        }
    }

    /// RFC 4287 §4.1.1: at most one alternate link per type and hreflang.
    static func alternates(_ parent: XMLElementNode, into f: inout Findings) {
        var seen: Set<String> = []
        for l in parent.all("link", ns: ns) where (l.attributes["rel"] ?? "alternate") == "alternate" {
            let key = (l.attributes["type"] ?? "").lowercased() + "|" + (l.attributes["hreflang"] ?? "").lowercased()
            if !seen.insert(key).inserted {
                f.error("atom-duplicate-alternate", "a second alternate link with the same type and hreflang", at: l)
            }
        }
    }
}
