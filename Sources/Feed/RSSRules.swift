import Foundation

/// RSS 2.0 rules, at least as strict as the W3C Feed Validation Service on what readers trip over.
enum RSSRules {
    static let contentNS = "http://purl.org/rss/1.0/modules/content/"
    static let atomNS = "http://www.w3.org/2005/Atom"
    static let dcNS = "http://purl.org/dc/elements/1.1/"

    static let channelSingles: Set<String> = ["title", "link", "description", "language", "copyright", "managingEditor", "webMaster",
                                              "pubDate", "lastBuildDate", "generator", "docs", "cloud", "ttl", "image", "rating",
                                              "textInput", "skipHours", "skipDays"]
    static let itemSingles: Set<String> = ["title", "link", "description", "author", "comments", "guid", "pubDate", "source"]

    static func check(_ rss: XMLElementNode, expectedSelf: SelfExpectation?, now: Date, into f: inout Findings) {
        // 0.91 and 0.92 are still published and read; the W3C validator judges them by 2.0's rules.
        if let v = rss.attributes["version"] {
            if !["0.91", "0.92", "2.0"].contains(v) {
                f.error("rss-version", "rss@version must be \"2.0\" (or \"0.91\", \"0.92\" for older feeds; found \"\(v)\")", at: rss)
            }
        } else {
            f.error("rss-version", "rss has no version=\"…\" attribute; write version=\"2.0\"", at: rss)
        }
        let channels = rss.all("channel")
        guard let channel = channels.first else {
            f.error("rss-channel-missing", "rss has no channel element", at: rss)
            return
        }
        if channels.count > 1 { f.error("rss-duplicate-element", "rss has more than one channel", at: channels[1]) }
        duplicates(in: channel, singles: channelSingles, contentEncoded: false, into: &f)
        for required in ["title", "link", "description"] {
            guard let el = channel.plain(required) else {
                f.error("rss-channel-required", "channel is missing <\(required)>", at: channel)
                continue
            }
            if required == "title", el.trimmedText.isEmpty {
                f.galleyRule("rss-channel-required", "channel title is empty", at: el)
            } else if required == "link", el.trimmedText.isEmpty {
                f.error("rss-channel-required", "channel link is empty", at: el)
            }
        }
        plainText(channel, field: "channel title", name: "title", into: &f)
        for name in ["link", "docs"] { absoluteURL(channel, name, into: &f) }
        if let image = channel.plain("image") {
            for name in ["url", "title", "link"] where image.plain(name) == nil {
                f.error("rss-channel-required", "image is missing <\(name)>", at: image)
            }
            absoluteURL(image, "url", into: &f)
            absoluteURL(image, "link", into: &f)
        }
        for name in ["pubDate", "lastBuildDate"] {
            if let d = channel.plain(name) { date(d, now: now, into: &f) }
        }
        selfLink(channel, expectedSelf: expectedSelf, into: &f)
        for name in ["managingEditor", "webMaster"] { email(channel, name, into: &f) }
        if let lang = channel.plain("language"), !isLanguageTag(lang.trimmedText) {
            f.error("rss-language", "language \"\(lang.trimmedText)\" is not a language code like en or en-us", at: lang)
        }
        if let ttl = channel.plain("ttl"), Int(ttl.trimmedText).map({ $0 > 0 }) != true {
            f.error("rss-ttl", "ttl must be a positive number of minutes (found \"\(ttl.trimmedText)\")", at: ttl)
        }

        var guids: [String: Int] = [:]
        var items: [ItemChecks] = []
        for item in channel.all("item") where item.namespace == nil {
            items.append(checkItem(item, guids: &guids, now: now, into: &f))
        }
        RSSStructure.check(channel: channel, items: items, into: &f)
        ITunesRules.check(channel: channel, items: items, into: &f)
        extensions(rss, items: items, into: &f)
        texts(rss, items: items, into: &f)
    }

    /// `FeedExtensions.check(rss, itemNames: ["item"])`, with the channel's items' findings taken from their `ItemChecks`
    /// (an item in no namespace is not checked itself, and its subtree's checks read nothing outside it).
    static func extensions(_ rss: XMLElementNode, items: [ItemChecks], into f: inout Findings) {
        let names: Set<String> = ["item"]
        walkOutsideItems(rss, items: items, list: \.extensions, into: &f,
                         own: { el, parent, f in FeedExtensions.visit(el, parent: parent, itemNames: names, rdf: false, children: false, into: &f) },
                         subtree: { el, parent, f in FeedExtensions.visit(el, parent: parent, itemNames: names, rdf: false, into: &f) })
    }

    /// `TextChecks.check` of every element in document order, with the channel's items' results taken from their `ItemChecks`.
    static func texts(_ rss: XMLElementNode, items: [ItemChecks], into f: inout Findings) {
        func check(_ el: XMLElementNode, _ f: inout Findings) {
            TextChecks.check(el.text, field: "<\(el.name)>", line: el.line, column: el.column, digest: el.textDigest, into: &f)
        }
        walkOutsideItems(rss, items: items, list: \.texts, into: &f,
                         own: { el, _, f in check(el, &f) },
                         subtree: { el, _, f in el.walk { check($0, &f) } })
    }

    /// The feed-wide passes' walk of `rss` in document order: `own` gets `rss` and its channel (the element alone, with
    /// its parent), `subtree` every other child of either, and each of the channel's items in no namespace is its
    /// `ItemChecks`' `list`, replayed at the item's place.
    static func walkOutsideItems(_ rss: XMLElementNode, items: [ItemChecks], list: KeyPath<ItemChecks, [FeedDiagnostic]>,
                                 into f: inout Findings,
                                 own: (XMLElementNode, XMLElementNode?, inout Findings) -> Void,
                                 subtree: (XMLElementNode, XMLElementNode, inout Findings) -> Void) {
        own(rss, nil, &f)
        let channelAt = rss.children.firstIndex { $0.name == "channel" }
        for (i, c) in rss.children.enumerated() {
            guard i == channelAt else { subtree(c, rss, &f); continue }
            own(c, rss, &f)
            var next = 0
            for el in c.children {
                if el.name == "item", el.namespace == nil {
                    items[next].replay(list, itemLine: el.line, into: &f)
                    next += 1
                } else {
                    subtree(el, c, &f)
                }
            }
        }
    }

    /// `list` of each of the channel's items in no namespace (`items`, in order), at the item's place.
    static func replay(_ list: KeyPath<ItemChecks, [FeedDiagnostic]>, of items: [ItemChecks], in channel: XMLElementNode, into f: inout Findings) {
        var next = 0
        for item in channel.children where item.name == "item" && item.namespace == nil {
            items[next].replay(list, itemLine: item.line, into: &f)
            next += 1
        }
    }

    static func checkItem(_ item: XMLElementNode, guids: inout [String: Int], now: Date, into f: inout Findings) -> ItemChecks {
        let policy = f.policy, memo = f.memo
        let checks = memo?.itemChecks(ItemChecks.key(item, policy: policy)) { itemChecks(item, policy: policy, memo: memo) }
            ?? itemChecks(item, policy: policy, memo: memo)
        checks.replay(itemLine: item.line, guids: &guids, now: now, into: &f)
        return checks
    }

    /// What `checkItem` finds from the item alone (lines relative to the item's), with the two checks that
    /// depend on more, the date's distance from now and the guid's uniqueness in the feed, left as marks.
    static func itemChecks(_ item: XMLElementNode, policy: FeedPolicy, memo: TextCheckMemo?) -> ItemChecks {
        var f = Findings()
        f.policy = policy
        f.memo = memo
        var checks = ItemChecks()
        duplicates(in: item, singles: itemSingles, contentEncoded: true, into: &f)
        let title = item.plain("title")
        let description = item.plain("description")
        if title == nil, description == nil {
            f.error("rss-item-title-or-description", "item has neither a title nor a description", at: item)
        } else if (title?.trimmedText ?? "").isEmpty, (description?.trimmedText ?? "").isEmpty {
            f.galleyRule("rss-item-title-or-description", "item's title and description are both empty", at: item)
        }
        plainText(item, field: "item title", name: "title", into: &f)
        if let creator = item.first("creator", ns: dcNS), TextChecks.looksLikeHTML(creator.text) {
            f.warning("feed-html-in-text", "dc:creator is plain text but contains HTML markup", at: creator)
        }
        for category in item.all("category") where category.namespace == nil && TextChecks.looksLikeHTML(category.text) {
            f.warning("feed-html-in-text", "category is plain text but contains HTML markup", at: category)
        }
        absoluteURL(item, "link", into: &f)
        absoluteURL(item, "comments", into: &f)
        email(item, "author", into: &f)
        if let pub = item.plain("pubDate"), let d = dateChecks(pub, into: &f) {
            checks.future = .init(at: f.list.count, date: d, line: pub.line - item.line, column: pub.column, name: pub.name, text: pub.trimmedText)
        }
        if let guid = item.plain("guid") {
            let value = guid.trimmedText
            let isPermaLink = guid.attributes["isPermaLink"]
            if let p = isPermaLink, p != "true", p != "false" {
                f.error("rss-guid-ispermalink", "guid@isPermaLink must be \"true\" or \"false\" (found \"\(p)\")", at: guid)
            }
            if isPermaLink != "false", let why = FeedURL.httpProblem(value) {
                f.error("rss-guid-not-url", "guid is a permalink (isPermaLink is \(isPermaLink == nil ? "true by default" : "true")) but \"\(value)\" is not an absolute URL: \(why)", at: guid)
            } else if value.isEmpty {
                f.galleyRule("rss-guid-empty", "guid is empty", at: guid)
            } else {
                checks.guid = .init(at: f.list.count, value: value, line: guid.line - item.line, column: guid.column)
            }
        }
        for enclosure in item.all("enclosure") { checkEnclosure(enclosure, into: &f) }
        let encoded = item.first("encoded", ns: contentNS)
        if let encoded, description == nil {
            f.warning("rss-content-without-description", "item has content:encoded but no description; some readers show nothing", at: encoded)
        }
        for html in [description, encoded].compactMap({ $0 }) {
            let relative = TextChecks.relativeURLs(inHTML: html.text, memo: f.memo, digest: html.textDigest)
            if !relative.isEmpty {
                let shown = relative.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
                f.warning("rss-relative-url-in-html", "\(html.namespace == nil ? "description" : "content:encoded") has relative URLs (\(shown)\(relative.count > 3 ? ", …" : "")) that readers cannot resolve", at: html)
            }
        }
        checks.findings = f.list.map { d in var d = d; d.line -= item.line; return d }
        var texts = Findings()
        texts.memo = memo
        item.walk { el in TextChecks.check(el.text, field: "<\(el.name)>", line: el.line - item.line, column: el.column, digest: el.textDigest, into: &texts) }
        checks.texts = texts.list
        // The item's share of the feed-wide passes, made here once for every feed carrying the item.
        func relative(_ check: (inout Findings) -> Void) -> [FeedDiagnostic] {
            var found = Findings()
            found.policy = policy
            found.memo = memo
            check(&found)
            return found.list.map { d in var d = d; d.line -= item.line; return d }
        }
        checks.structure = relative { RSSStructure.check(item: item, into: &$0) }
        checks.dublinCore = relative { RSSStructure.dublinCore(item, into: &$0) }
        checks.itunes = relative { ITunesRules.check(item: item, into: &$0) }
        checks.extensions = relative { FeedExtensions.visit(item, parent: nil, itemNames: ["item"], rdf: false, into: &$0) }
        return checks
    }

    static func checkEnclosure(_ enc: XMLElementNode, into f: inout Findings) {
        let url = enc.attributes["url"] ?? ""
        if url.isEmpty {
            f.error("rss-enclosure-url", "enclosure has no url", at: enc)
        } else if let why = FeedURL.httpProblem(url) {
            f.error("rss-enclosure-url", "enclosure@url \"\(url)\" is not an absolute http(s) URL: \(why)", at: enc)
        }
        let length = enc.attributes["length"]
        if length == nil || length!.isEmpty || !length!.allSatisfy({ $0.isASCII && $0.isNumber }) {
            f.error("rss-enclosure-length", "enclosure@length must be a non-negative integer (found \(length.map { "\"\($0)\"" } ?? "none"))", at: enc)
        }
        let type = enc.attributes["type"] ?? ""
        if !isMIMEType(type) {
            f.error("rss-enclosure-type", "enclosure@type must be a MIME type like image/png (found \"\(type)\")", at: enc)
        }
    }

    /// RSS `author`, `managingEditor` and `webMaster` are e-mail addresses (`ada@example.com (Ada)`);
    /// a bare name belongs in `dc:creator`.
    static func email(_ parent: XMLElementNode, _ name: String, into f: inout Findings) {
        guard let el = parent.plain(name) else { return }
        var text = el.trimmedText
        if text.hasPrefix("mailto:") {
            // A mailto: URL carries an address in a form RSS 2.0 does not define; the W3C validator
            // warns and reads the address, Galley never writes it.
            text = String(text.dropFirst(7)).removingPercentEncoding ?? text
            f.galleyRule("rss-email", "<\(name)> should be a plain e-mail address, not a mailto: URL, e.g. \"ada@example.com (Ada Lovelace)\"", at: el)
        }
        if let at = text.firstIndex(of: "@"), at > text.startIndex, !text.hasSuffix(")") {
            // "Ada <ada@example.com>", "Ada, ada@example.com": an address readers can find, in an unusual form.
            if text.contains(" "), !text.hasPrefix("mailto:") {
                f.galleyRule("rss-email", "<\(name)> should read \"ada@example.com (Ada Lovelace)\": the address first, the name in parentheses", at: el)
            }
            return
        }
        let address = text.split(separator: "(", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        if !ITunesRules.isAddrSpec(address) {
            f.error("rss-email", "<\(name)> must start with an e-mail address, e.g. \"ada@example.com (Ada Lovelace)\"; use dc:creator for a name", at: el)
        }
    }

    /// BCP 47-ish: `en`, `en-us`, `zh-Hant-TW`.
    static func isLanguageTag(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// `type/subtype` with RFC 6838 token characters, optional parameters.
    static func isMIMEType(_ s: String) -> Bool {
        let main = s.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let parts = main.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let ok: (Character) -> Bool = { $0.isASCII && ($0.isLetter || $0.isNumber || "!#$&-^_.+".contains($0)) }
        return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(ok) }
    }

    static func duplicates(in parent: XMLElementNode, singles: Set<String>, contentEncoded: Bool, into f: inout Findings) {
        var seen: Set<String> = []
        for child in parent.children {
            let key: String
            if child.namespace == nil, singles.contains(child.name) {
                key = child.name
            } else if contentEncoded, child.namespace == contentNS, child.name == "encoded" {
                key = "content:encoded"
            } else {
                continue
            }
            if !seen.insert(key).inserted {
                f.error("rss-duplicate-element", "<\(key)> appears more than once in <\(parent.name)>", at: child)
            }
        }
    }

    static func plainText(_ parent: XMLElementNode, field: String, name: String, into f: inout Findings) {
        guard let el = parent.plain(name) else { return }
        if TextChecks.looksLikeHTML(el.text) {
            f.warning("feed-html-in-text", "\(field) is plain text but contains HTML markup", at: el)
        } else if TextChecks.looksDoubleEscaped(el.text) {
            f.warning("feed-double-escaped", "\(field) is escaped twice: readers will show \"&amp;\" or \"&lt;\" literally", at: el)
        }
    }

    static func absoluteURL(_ parent: XMLElementNode, _ name: String, into f: inout Findings) {
        for el in parent.all(name) where el.namespace == nil {
            urlValue(el.trimmedText, field: "<\(name)>", at: el, into: &f)
        }
    }

    /// An absolute URI in ASCII. Another scheme than http(s) (ftp:, javascript:) is legal RSS
    /// that readers may not follow: a warning, as the W3C validator has it, and an error in Galley's feeds.
    static func urlValue(_ v: String, field: String, at el: XMLElementNode, into f: inout Findings) {
        if let problem = FeedURL.problem(v, iri: false) {
            f.error("rss-url-invalid", "\(field) \"\(v)\" is not a valid URL: \(problem)", at: el)
        } else if !FeedURL.isAbsolute(v) {
            f.error("rss-url-not-absolute", "\(field) must be an absolute URL (found \"\(v)\")", at: el)
        } else if !FeedURL.isAbsoluteHTTP(v) {
            f.galleyRule("rss-url-not-absolute", "\(field) \"\(v)\" is not an http(s) URL; readers may not follow it", at: el)
        }
    }

    static func date(_ el: XMLElementNode, now: Date, into f: inout Findings) {
        if let d = dateChecks(el, into: &f), d > now.addingTimeInterval(86400) { future(el.name, el.trimmedText, line: el.line, column: el.column, into: &f) }
    }

    static func future(_ name: String, _ text: String, line: Int, column: Int, into f: inout Findings) {
        f.warning("rss-date-future", "<\(name)> \"\(text)\" is in the future", line: line, column: column)
    }

    /// The date's checks but the one against now: returns the date when that one is still to make.
    static func dateChecks(_ el: XMLElementNode, into f: inout Findings) -> Date? {
        let text = el.trimmedText
        guard let parsed = FeedDates.parseRFC822(text) else {
            if let loose = FeedDates.parseLooseRFC822(text), loose.year >= 1900 {
                f.galleyRule("rss-date-format", "<\(el.name)> \"\(text)\" is readable but not a strict RFC 822 date (write \"\(FeedDates.rfc822(loose.date))\")", at: el)
                return nil
            }
            f.error("rss-date-format", "<\(el.name)> \"\(text)\" is not an RFC 822 date like \"Fri, 06 Mar 2026 10:00:00 +0000\"", at: el)
            return nil
        }
        if let written = parsed.writtenWeekday, written != parsed.actualWeekday {
            f.error("rss-date-weekday", "<\(el.name)> says \(written) but that date is a \(parsed.actualWeekday)", at: el)
        }
        if parsed.yearDigits == 2 {
            f.galleyRule("rss-date-year", "<\(el.name)> has a 2-digit year; use 4 digits", at: el)
        } else if parsed.year < 1990 || parsed.year > 2200 {
            f.galleyRule("rss-date-year", "<\(el.name)> has an implausible year \(parsed.year)", at: el)
        } else {
            return parsed.date
        }
        return nil
    }

    static func selfLink(_ channel: XMLElementNode, expectedSelf: SelfExpectation?, into f: inout Findings) {
        let links = channel.all("link", ns: atomNS)
        for l in links {
            let href = l.attributes["href"] ?? ""
            if href.isEmpty {
                f.error("rss-url-not-absolute", "atom:link needs href=\"…\" with the feed's absolute URL", at: l)
            } else if let why = FeedURL.problem(href, iri: true) {
                f.error("rss-url-invalid", "atom:link@href \"\(href)\" is not a valid URL: \(why)", at: l)
            } else if let why = FeedURL.httpProblem(href, iri: true) {
                // A relative href resolves against the feed's own URL: readers may cope; the W3C validator warns.
                f.galleyRule("rss-url-not-absolute", "atom:link@href \"\(href)\" should be an absolute http(s) URL: \(why)", at: l)
            }
        }
        guard let selfLink = links.first(where: { $0.attributes["rel"] == "self" }) else {
            f.galleyRule("rss-self-link-missing", "channel has no <atom:link rel=\"self\"> giving the feed's own URL", at: channel)
            return
        }
        if let expected = expectedSelf, let href = selfLink.attributes["href"], !expected.matches(href) {
            f.galleyRule("rss-self-link-mismatch", "atom:link rel=\"self\" is \"\(href)\" but the feed is published at \(expected)", at: selfLink)
        }
    }
}
