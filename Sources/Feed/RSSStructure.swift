import Foundation

/// RSS 2.0's element structure: which children each element may have, how often, and the
/// values of the small fixed-format elements (image size, cloud, skipHours, textInput).
/// Readers and the W3C validator reject what RSS 2.0 does not define in its own (empty) namespace;
/// extensions belong in a namespace of their own.
enum RSSStructure {
    static let channelChildren: Set<String> = RSSRules.channelSingles.union(["item", "category"])
    static let itemChildren: Set<String> = RSSRules.itemSingles.union(["category", "enclosure"])
    static let imageChildren: Set<String> = ["url", "title", "link", "width", "height", "description"]
    static let textInputChildren: Set<String> = ["title", "description", "name", "link"]
    /// Elements that hold text only.
    static let textElements: Set<String> = ["title", "link", "description", "language", "copyright", "managingEditor", "webMaster",
                                            "pubDate", "lastBuildDate", "generator", "docs", "ttl", "rating", "author", "comments",
                                            "guid", "source", "category", "url", "width", "height", "name"]
    static let days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// `items`: the `ItemChecks` of the channel's items (those in no namespace), in order, whose `structure` and
    /// `dublinCore` findings stand in for checking each item here (they depend on the item alone).
    static func check(channel: XMLElementNode, items: [RSSRules.ItemChecks], into f: inout Findings) {
        children(of: channel, allowed: channelChildren, into: &f)
        if let image = channel.plain("image") {
            children(of: image, allowed: imageChildren, into: &f)
            RSSRules.duplicates(in: image, singles: imageChildren, contentEncoded: false, into: &f)
            size(image, "width", max: 144, into: &f)
            size(image, "height", max: 400, into: &f)
        }
        if let input = channel.plain("textInput") { textInput(input, into: &f) }
        if let cloud = channel.plain("cloud") { self.cloud(cloud, into: &f) }
        if let hours = channel.plain("skipHours") {
            skip(hours, child: "hour", into: &f) { Int($0).map { (0...24).contains($0) } == true && $0.allSatisfy(\.isNumber) }
        }
        if let skipDays = channel.plain("skipDays") {
            skip(skipDays, child: "day", into: &f) { days.contains($0) }
            if skipDays.all("day").count > 7 {
                f.error("rss-skip-value", "skipDays lists more than seven days", at: skipDays.all("day")[7])
            }
        }
        RSSRules.replay(\.structure, of: items, in: channel, into: &f)
        dublinCore(channel, into: &f)
        var next = 0
        for item in channel.children where item.name == "item" {
            guard item.namespace == nil else { dublinCore(item, into: &f); continue }
            items[next].replay(\.dublinCore, itemLine: item.line, into: &f)
            next += 1
        }
    }

    /// What `check(channel:)` finds in one item of the channel, from the item alone.
    static func check(item: XMLElementNode, into f: inout Findings) {
        children(of: item, allowed: itemChildren, into: &f)
        if let source = item.plain("source") {
            if let url = source.attributes["url"] {
                RSSRules.urlValue(url, field: "source@url", at: source, into: &f)
            } else {
                f.error("rss-source-url", "source needs a url=\"…\" attribute (the feed the item came from)", at: source)
            }
        }
        if let guid = item.plain("guid") {
            for name in guid.attributes.keys.sorted() where name != "isPermaLink" && !name.hasPrefix("{") && !guid.attributes.keys.contains(where: { $0.hasPrefix("{") && $0.hasSuffix("}" + name) }) {
                f.error("rss-unknown-attribute", "guid has an attribute \(name)=\"…\" RSS does not define\(name.lowercased() == "ispermalink" ? " (did you mean isPermaLink?)" : "")", at: guid)
            }
        }
    }

    /// Dublin Core's language and date in the channel or an item.
    static func dublinCore(_ parent: XMLElementNode, into f: inout Findings) {
        if let lang = parent.first("language", ns: RSSRules.dcNS), !RSSRules.isLanguageTag(lang.trimmedText) {
            f.error("rss-language", "dc:language \"\(lang.trimmedText)\" is not a language code like en or en-us", at: lang)
        }
        for date in parent.all("date", ns: RSSRules.dcNS) where !FeedDates.isW3CDTF(date.trimmedText) {
            f.error("rss-dc-date", "dc:date \"\(date.trimmedText)\" is not a W3C date like 2026-03-06 or 2026-03-06T10:00:00Z (a time needs a time zone)", at: date)
        }
    }

    /// Elements in RSS's own namespace that RSS does not define there, and stray text between elements.
    static func children(of parent: XMLElementNode, allowed: Set<String>, into f: inout Findings) {
        for c in parent.children where c.namespace == nil && !allowed.contains(c.name) {
            let near = allowed.first { $0.lowercased() == c.name.lowercased() }
            f.error("rss-unknown-element", "<\(c.name)> is not an RSS 2.0 element of <\(parent.name)>\(near.map { " (did you mean <\($0)>?)" } ?? "; an extension needs its own namespace")", at: c)
        }
        for c in parent.children where c.namespace == nil && allowed.contains(c.name) && textElements.contains(c.name) {
            // `<description>This is <i>not</i> it</description>`: markup that was meant to be escaped.
            if let markup = c.children.first(where: { $0.namespace == nil }) {
                f.error("rss-unknown-element", "<\(markup.name)> is not an RSS element; HTML in <\(c.name)> must be escaped (&lt;\(markup.name)&gt;) or in CDATA", at: markup)
            }
        }
        if !parent.trimmedText.isEmpty {
            f.error("rss-unexpected-text", "<\(parent.name)> holds text outside any element: \"\(parent.trimmedText.prefix(40))\"", at: parent)
        }
    }

    static func size(_ image: XMLElementNode, _ name: String, max: Int, into f: inout Findings) {
        guard let el = image.plain(name) else { return }
        let v = el.trimmedText
        guard v.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(v), n > 0, n <= max else {
            f.error("rss-image-size", "image \(name) must be a whole number of pixels from 1 to \(max) (found \"\(v)\")", at: el)
            return
        }
    }

    static func textInput(_ input: XMLElementNode, into f: inout Findings) {
        children(of: input, allowed: textInputChildren, into: &f)
        RSSRules.duplicates(in: input, singles: textInputChildren, contentEncoded: false, into: &f)
        for name in ["title", "description", "name", "link"] where input.plain(name) == nil {
            f.error("rss-textinput", "textInput is missing <\(name)>", at: input)
        }
        if let name = input.plain("name"), !isFormName(name.trimmedText) {
            f.error("rss-textinput", "textInput name \"\(name.trimmedText)\" must start with a letter (it names a form field)", at: name)
        }
        if let link = input.plain("link") { RSSRules.urlValue(link.trimmedText, field: "textInput link", at: link, into: &f) }
    }

    static func isFormName(_ s: String) -> Bool {
        guard let first = s.first, first.isASCII, first.isLetter else { return false }
        return true
    }

    static func cloud(_ cloud: XMLElementNode, into f: inout Findings) {
        for name in ["domain", "port", "path", "registerProcedure", "protocol"] where cloud.attributes[name] == nil {
            f.error("rss-cloud", "cloud is missing its \(name)=\"…\" attribute", at: cloud)
        }
        if let port = cloud.attributes["port"], !(port.allSatisfy { $0.isASCII && $0.isNumber } && (Int(port) ?? 0) > 0) {
            f.error("rss-cloud", "cloud port must be a positive whole number (found \"\(port)\")", at: cloud)
        }
    }

    /// skipHours and skipDays: at least one value, each valid and listed once.
    static func skip(_ el: XMLElementNode, child: String, into f: inout Findings, valid: (String) -> Bool) {
        children(of: el, allowed: [child], into: &f)
        let values = el.all(child).filter { $0.namespace == nil }
        if values.isEmpty { f.error("rss-skip-value", "\(el.name) has no <\(child)>", at: el) }
        var seen: Set<String> = []
        for v in values {
            let text = v.trimmedText
            if !valid(text) {
                f.error("rss-skip-value", "<\(child)> \"\(text)\" is not valid in \(el.name) (\(child == "hour" ? "0 to 23" : "Monday to Sunday"))", at: v)
            } else if !seen.insert(text == "24" ? "0" : text).inserted {
                f.error("rss-skip-value", "<\(child)> \(text) is listed twice in \(el.name)", at: v)
            }
        }
    }
}
