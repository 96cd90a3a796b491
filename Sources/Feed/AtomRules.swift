import Foundation

/// Atom 1.0 (RFC 4287) rules: the required elements readers rely on, dates, ids and links.
enum AtomRules {
    static let ns = "http://www.w3.org/2005/Atom"
    static let feedSingles: Set<String> = ["id", "title", "updated", "subtitle", "rights", "icon", "logo", "generator"]
    static let entrySingles: Set<String> = ["id", "title", "updated", "published", "summary", "content", "rights", "source"]

    static func check(_ feed: XMLElementNode, expectedSelf: SelfExpectation?, now: Date, into f: inout Findings) {
        required(feed, in: "feed", into: &f)
        duplicates(feed, singles: feedSingles, into: &f)
        let feedHasAuthor = feed.first("author", ns: ns) != nil
        let links = feed.all("link", ns: ns)
        links.forEach { link($0, into: &f) }
        if let selfLink = links.first(where: { $0.attributes["rel"] == "self" }) {
            if let expected = expectedSelf, let href = selfLink.attributes["href"], !expected.matches(href) {
                f.galleyRule("atom-self-link-mismatch", "link rel=\"self\" is \"\(href)\" but the feed is published at \(expected)", at: selfLink)
            }
        } else {
            f.galleyRule("atom-self-link-missing", "feed has no <link rel=\"self\"> giving its own URL", at: feed)
        }
        var ids: [String: (line: Int, updated: String)] = [:]
        for entry in feed.all("entry", ns: ns) {
            required(entry, in: "entry", into: &f)
            duplicates(entry, singles: entrySingles, into: &f)
            if !feedHasAuthor, entry.first("author", ns: ns) == nil, entry.first("source", ns: ns)?.first("author", ns: ns) == nil {
                f.error("atom-author-missing", "entry has no author and the feed has none either", at: entry)
            }
            entry.all("link", ns: ns).forEach { link($0, into: &f) }
            if let id = entry.first("id", ns: ns)?.trimmedText, !id.isEmpty {
                let updated = entry.first("updated", ns: ns)?.trimmedText ?? ""
                if let first = ids[id] {
                    // RFC 4287 §4.1.1: entries sharing an id are versions of one entry, legal only if `updated` differs.
                    if first.updated == updated {
                        f.galleyRule("atom-id-duplicate", "entry id \"\(id)\" is also used by the entry on line \(first.line), with the same updated date", at: entry.first("id", ns: ns)!)
                    } else {
                        f.galleyRule("atom-id-duplicate", "entry id \"\(id)\" is also used by the entry on line \(first.line) (an older version of the same entry)", at: entry.first("id", ns: ns)!)
                    }
                } else {
                    ids[id] = (entry.line, updated)
                }
            }
            contentRules(entry, into: &f)
            for name in ["content", "summary"] {
                guard let el = entry.first(name, ns: ns), el.attributes["type"] == "html" else { continue }
                let relative = TextChecks.relativeURLs(inHTML: el.text, memo: f.memo)
                if !relative.isEmpty, el.attributes["base"] == nil {
                    f.warning("atom-relative-url-in-html", "\(name) has relative URLs (\(relative.prefix(3).map { "\"\($0)\"" }.joined(separator: ", "))) that readers cannot resolve", at: el)
                }
            }
        }
        AtomStructure.check(feed, into: &f)
        FeedExtensions.check(feed, itemNames: ["entry"], into: &f)
        walk(feed, now: now, into: &f)
    }

    /// An Atom entry document (RFC 4287 §4.1.2 as a root element): an entry that must name its own author.
    static func check(entryDocument entry: XMLElementNode, now: Date, into f: inout Findings) {
        required(entry, in: "entry", into: &f)
        duplicates(entry, singles: entrySingles, into: &f)
        if entry.first("author", ns: ns) == nil, entry.first("source", ns: ns)?.first("author", ns: ns) == nil {
            f.error("atom-author-missing", "entry has no author", at: entry)
        }
        entry.all("link", ns: ns).forEach { link($0, into: &f) }
        contentRules(entry, into: &f)
        AtomStructure.check(entry, into: &f)
        walk(entry, now: now, into: &f)
    }

    static func walk(_ root: XMLElementNode, now: Date, into f: inout Findings) {
        root.walk { el in
            if el.namespace == ns, ["updated", "published"].contains(el.name) { date(el, now: now, into: &f) }
            if el.namespace == ns, el.name == "title", (el.attributes["type"] ?? "text") == "text", TextChecks.looksLikeHTML(el.text) {
                f.warning("feed-html-in-text", "title is plain text (type=\"text\") but contains HTML markup", at: el)
            }
            TextChecks.check(el.text, field: "<\(el.name)>", line: el.line, column: el.column, into: &f)
        }
    }

    /// RFC 4287 §4.1.1 and §4.1.3: an entry needs content or an alternate link (a summary does not
    /// stand in for either), and a summary whenever its content is not readable text (src or base64).
    static func contentRules(_ entry: XMLElementNode, into f: inout Findings) {
        let content = entry.first("content", ns: ns)
        if content == nil, !entry.all("link", ns: ns).contains(where: { ($0.attributes["rel"] ?? "alternate") == "alternate" }) {
            f.error("atom-entry-content", "entry has no content and no alternate link (a summary alone is not enough)", at: entry)
        }
        guard let content, entry.first("summary", ns: ns) == nil else { return }
        let type = content.attributes["type"] ?? "text"
        let isText = ["text", "html", "xhtml"].contains(type) || type.hasPrefix("text/") || type.hasSuffix("+xml") || type.hasSuffix("/xml")
        if content.attributes["src"] != nil {
            f.error("atom-summary-required", "entry content has src=\"…\" (content elsewhere) so the entry needs a <summary>", at: content)
        } else if !isText {
            f.error("atom-summary-required", "entry content is \(type) (base64) so the entry needs a <summary>", at: content)
        }
    }

    static func required(_ el: XMLElementNode, in what: String, into f: inout Findings) {
        for name in ["id", "title", "updated"] {
            guard let child = el.first(name, ns: ns) else {
                f.error("atom-required", "\(what) is missing <\(name)>", at: el)
                continue
            }
            if name == "id" {
                let id = child.trimmedText
                if id.isEmpty || !FeedURL.isAbsolute(id) {
                    f.error("atom-id-not-iri", "\(what) id \"\(id)\" must be an absolute IRI (a URL or urn:…)", at: child)
                }
            }
        }
    }

    static func duplicates(_ parent: XMLElementNode, singles: Set<String>, into f: inout Findings) {
        var seen: Set<String> = []
        for c in parent.children where c.namespace == ns && singles.contains(c.name) {
            if !seen.insert(c.name).inserted {
                f.error("atom-duplicate-element", "<\(c.name)> appears more than once in <\(parent.name)>", at: c)
            }
        }
    }

    static func link(_ el: XMLElementNode, into f: inout Findings) {
        guard let href = el.attributes["href"] else {
            f.error("atom-link-href", "link has no href", at: el)
            return
        }
        if href.isEmpty {
            // An empty reference is legal (it means the document itself), but no reader can use it.
            f.galleyRule("atom-link-href", "link has an empty href", at: el)
            return
        }
        if !FeedURL.isAbsolute(href) {
            f.warning("atom-url-not-absolute", "link@href \"\(href)\" is relative; many readers ignore xml:base", at: el)
        }
    }

    static func date(_ el: XMLElementNode, now: Date, into f: inout Findings) {
        let text = el.trimmedText
        guard let d = FeedDates.parseRFC3339(text) else {
            f.error("atom-date-format", "<\(el.name)> \"\(text)\" is not an RFC 3339 date-time like \"2026-03-06T10:00:00Z\"", at: el)
            return
        }
        if d > now.addingTimeInterval(86400) {
            f.warning("atom-date-future", "<\(el.name)> \"\(text)\" is in the future", at: el)
        }
    }
}
