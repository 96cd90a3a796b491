/// Prepares channel and items for writing: the writers only escape, this decides content.
public enum FeedSanitizer {
    /// Sorts newest first (ties by id, so output is stable), applies `maxItems`, and cleans the channel.
    /// Items are cleaned as they are written (`FeedFragmentCache.text`), once per format.
    static func order(channel: FeedChannel, items: [FeedItem], options: FeedOptions) -> (FeedChannel, [FeedItem], [FeedDiagnostic]) {
        var diags: [FeedDiagnostic] = []
        var ch = channel
        for (name, keyPath) in [("title", \FeedChannel.title), ("description", \FeedChannel.description), ("generator", \FeedChannel.generator)] {
            let (clean, removed) = XMLText.removingIllegal(ch[keyPath: keyPath])
            if removed > 0 {
                ch[keyPath: keyPath] = clean
                diags.append(FeedDiagnostic(severity: .warning, rule: "feed-illegal-character",
                                            message: "removed \(removed) character(s) illegal in XML 1.0 from the feed \(name)"))
            }
        }
        var sorted = items.sorted { a, b in a.published != b.published ? a.published > b.published : a.id < b.id }
        if let max = options.maxItems, sorted.count > max { sorted = Array(sorted.prefix(Swift.max(0, max))) }
        return (ch, sorted, diags)
    }

    /// Sorts, limits and cleans channel and items, for callers that want the cleaned items themselves.
    public static func prepare(channel: FeedChannel, items: [FeedItem], options: FeedOptions) -> (FeedChannel, [FeedItem], [FeedDiagnostic]) {
        var (ch, sorted, diags) = order(channel: channel, items: items, options: options)
        sorted = sorted.map { item -> FeedItem in
            let (clean, d) = sanitize(item)
            diags += d
            return clean
        }
        return (ch, sorted, diags)
    }

    /// Removes XML-illegal characters from every text field, turns HTML named entities into
    /// numeric references and makes every relative URL in the content absolute against `link`.
    public static func sanitize(_ item: FeedItem) -> (FeedItem, [FeedDiagnostic]) {
        let (clean, diags, _) = sanitizeNotingCDATA(item)
        return (clean, diags)
    }

    /// `sanitize`, and whether the cleaned content goes into one CDATA section as it is (`XMLText.isPlainCDATA`) when
    /// the scan for illegal characters could tell (nil otherwise): that scan stops at the same bytes, and the
    /// writers' own scan of every post's content for it was a visible share of writing feeds (measured).
    static func sanitizeNotingCDATA(_ item: FeedItem) -> (FeedItem, [FeedDiagnostic], plainCDATA: Bool?) {
        var out = item
        var removedByField: [(String, Int)] = []
        func clean(_ field: String, _ kp: WritableKeyPath<FeedItem, String>) {
            let (s, r) = XMLText.removingIllegal(out[keyPath: kp])
            if r > 0 { out[keyPath: kp] = s; removedByField.append((field, r)) }
        }
        clean("title", \.title)
        clean("summary", \.summary)
        let (content, removedFromContent, plain) = XMLText.removingIllegalNotingCDATA(out.contentHTML)
        if removedFromContent > 0 { out.contentHTML = content; removedByField.append(("content", removedFromContent)) }
        clean("id", \.id)
        clean("link", \.link)
        out.categories = out.categories.map { c in
            let (s, r) = XMLText.removingIllegal(c)
            if r > 0 { removedByField.append(("category", r)) }
            return s
        }
        if var a = out.author {
            let (s, r) = XMLText.removingIllegal(a.name)
            if r > 0 { a.name = s; out.author = a; removedByField.append(("author", r)) }
        }
        let cleaned = out.contentHTML
        let (html, removedRefs) = FeedHTML.numericEntities(in: cleaned)
        if removedRefs > 0 { removedByField.append(("content (character references)", removedRefs)) }
        // What the scan saw holds for the text it scanned (the reference rewrite gives its input back when it changes
        // nothing) and, when it was plain, after URLs were made absolute with values safe in CDATA.
        var plainCDATA = html.utf8.count == cleaned.utf8.count && html == cleaned ? plain : nil
        if FeedURL.isAbsolute(out.link) {
            let absolute = FeedHTML.absolutizeURLsNoting(in: html, base: out.link)
            out.contentHTML = absolute.html
            if absolute.edited, !(plainCDATA == true && absolute.insertsCDATASafe) { plainCDATA = nil }
        } else {
            out.contentHTML = html
        }
        let diags = removedByField.map { field, count in
            FeedDiagnostic(severity: .warning, rule: "feed-illegal-character",
                           message: "removed \(count) character(s) illegal in XML 1.0 from the \(field) of \"\(out.title)\"",
                           path: item.sourcePath)
        }
        return (out, diags, plainCDATA)
    }

    /// The date a feed was last changed: the newest published or updated date of its items.
    /// Never the build time, so rebuilding an unchanged site gives byte-identical feeds.
    static func newestDate(_ items: [FeedItem]) -> Date? {
        items.map { max($0.published, $0.updated ?? $0.published) }.max()
    }
}

import Foundation
