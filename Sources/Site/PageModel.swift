import Foundation
import Liquid
import TextBytes

/// `page` for each kind of page. Every page has every key below (nil where it does not apply), so
/// `{% if page.updated %}` is a question, not a strict-variables warning.
extension ContextBuilder {
    static let pageKeys = [
        "title", "url", "absolute_url", "lang", "other_language", "t", "kind", "is_post", "date", "display_date",
        "updated", "display_updated", "excerpt", "summary", "description", "content", "reading_time", "word_count",
        "tags", "categories", "has_code", "show_toc", "notice", "source", "author", "authors", "image", "params",
        "previous", "next", "related", "headings", "series", "term", "feeds", "posts", "years", "layout",
    ]

    /// A page hash with every key of `pageKeys`, nil unless set in `known`.
    static func pageHash(_ known: LiquidHash) -> LiquidHash {
        var h = known
        h.putFirst(pageKeyOrder, missing: .null)
        return h
    }

    static let pageKeyOrder = LiquidKeyOrder(pageKeys)

    /// Every page key, nil: what `pageHash` makes of an empty hash. A page starts from this one (shared by all)
    /// and sets its values in place, so its keys are in order from the start: no reordering after, no key
    /// hashed into a new index per page. Keys that are not page keys follow in the order they were set, as
    /// `pageHash` puts them.
    static let blankPage = pageHash(LiquidHash())

    /// Where `page`'s keys sit in `blankPage`: a post's page sets two dozen of them in place by position, not by
    /// name (a hashed lookup each, ~30 % of building a post's page).
    struct Slots {
        let kind, isPost, absoluteURL, content, hasCode, wordCount, headings, showTOC, notice, source, updated,
            displayUpdated, author, authors, image, params, previous, next, related, series, layout: Int
        /// The keys `summary` sets first, in its order, and their places.
        let entry: [(key: String, slot: Int)]

        init(_ page: LiquidHash) {
            func at(_ k: String) -> Int { page.index(forKey: k)! }
            kind = at("kind"); isPost = at("is_post"); absoluteURL = at("absolute_url"); content = at("content")
            hasCode = at("has_code"); wordCount = at("word_count"); headings = at("headings"); showTOC = at("show_toc")
            notice = at("notice"); source = at("source"); updated = at("updated"); displayUpdated = at("display_updated")
            author = at("author"); authors = at("authors"); image = at("image"); params = at("params")
            previous = at("previous"); next = at("next"); related = at("related"); series = at("series"); layout = at("layout")
            entry = ContextBuilder.summaryKeyOrder.map { ($0, at($0)) }
        }
    }

    static let slots = Slots(blankPage)

    /// The `page` of a post or page; `summary` is `summary(p)` when the caller already has it.
    /// Front matter keys the model does not use are on `page` too, as in Jekyll (`page.mood`), and under `page.params`.
    func page(_ p: RenderedDocument, index: Int?, related: [Int], summary known: LiquidHash? = nil) -> LiquidHash {
        let src = p.source
        var d = Self.blankPage
        let s = Self.slots
        let entry = known ?? summary(p)
        let entryKeys = entry.keys, entryValues = entry.orderedValues
        for i in entryKeys.indices {
            if i < s.entry.count, entryKeys[i] == s.entry[i].key { d.setValue(entryValues[i], at: s.entry[i].slot) } else { d[entryKeys[i]] = entryValues[i] }
        }
        let url = config.url(src.permalink.url)
        d.setValue(.string(src.kind.rawValue), at: s.kind)
        d.setValue(.bool(src.kind == .post), at: s.isPost)
        d.setValue(.string(config.absolute(url)), at: s.absoluteURL)
        d.setValue(.string(p.html), at: s.content)
        // Code's stylesheet and scripts load only where there is code.
        d.setValue(.bool(containsBytes(p.html, "<pre")), at: s.hasCode)
        d.setValue(.int(p.wordCount), at: s.wordCount)
        d.setValue(.array(p.headings.map { .hash(LiquidHash(Self.headingKeys, values: [.int($0.level), .string($0.id), .string($0.text)])) }), at: s.headings)
        // The theme's contents box: not when the body placed its own ({:toc}) or front matter says `toc: false`.
        let tocOff = src.params.contains { key, value in if key == "toc", case .bool(false) = value { return true } else { return false } }
        d.setValue(.bool(!p.hasTableOfContents && !tocOff && !p.headings.isEmpty), at: s.showTOC)
        // `notice:` (Jekyll themes' "this post is outdated") is shown as a callout above the post.
        if let notice = src.params.first(where: { $0.0 == "notice" })?.1, case .string(let text) = notice,
           !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            d.setValue(.string(text), at: s.notice)
        }
        d.setValue(.string(src.sourcePath), at: s.source)
        d["path"] = .string(src.sourcePath.hasPrefix("content/") ? String(src.sourcePath.dropFirst("content/".count)) : src.sourcePath)
        if let u = src.updated {
            d.setValue(date(u), at: s.updated)
            d.setValue(displayDate(u, src.language), at: s.displayUpdated)
        }
        if let a = src.author ?? config.author?.name { d.setValue(.hash(LiquidHash(Self.nameKeys, values: [.string(a)])), at: s.author) }
        // Each author on its own (`author: [Ada, Grace]`); the site's author when the page names none.
        let names = src.authors.isEmpty ? (config.author?.name).map { [$0] } ?? [] : src.authors
        d.setValue(.array(names.map { .hash(LiquidHash(Self.nameKeys, values: [.string($0)])) }), at: s.authors)
        if let img = src.image { d.setValue(.string(config.absoluteURL(img, relativeTo: url)), at: s.image) }
        // Every front matter key, and the keys under `params:` beside them (`page.params.x` either way).
        var params = LiquidHash()
        for (k, v) in src.params { params[k] = v.liquid }
        if let nested = src.params.first(where: { $0.0 == "params" })?.1, case .map(let pairs) = nested {
            for (k, v) in pairs where params[k] == nil { params[k] = v.liquid }
        }
        d.setValue(.drop(FrontMatterDrop(params)), at: s.params)
        if let i = index {
            // posts are newest first: the previous (older) post is the next index.
            if i + 1 < posts.count { d.setValue(.hash(link(posts[i + 1])), at: s.previous) }
            if i > 0 { d.setValue(.hash(link(posts[i - 1])), at: s.next) }
        }
        d.setValue(.array(related.map { .hash(link(posts[$0])) }), at: s.related)
        if let i = index, i < seriesPlaces.count, let place = seriesPlaces[i] {
            d.setValue(.hash(Series.context(place, terms: terms, posts: posts, link: link)), at: s.series)
        }
        d.setValue(src.layout.map(Value.string) ?? .null, at: s.layout)
        if config.theme.own { ownThemeValues(src, into: &d) }
        var page = d
        for (k, v) in params.pairs where page[k] == nil { page[k] = v }
        // Keys the site declared (`front_matter_keys`) are on every page, nil where a page lacks them, as in Jekyll.
        for k in config.frontMatterKeys where page[k] == nil { page[k] = .null }
        return page
    }

    /// `page` of a generated page (home, tag, archive …), before the caller adds what its kind has: every page
    /// key already in place (see `blankPage`).
    func basicPage(kind: String, title: String, url: String) -> LiquidHash {
        let full = config.url(url)
        var h = Self.blankPage
        for (k, v) in [("kind", Value.string(kind)), ("is_post", .bool(false)), ("title", .string(title)), ("url", .string(full)),
                       ("lang", .string(config.language)), ("other_language", .bool(false)),
                       ("absolute_url", .string(config.absolute(full))), ("description", .string(config.description)),
                       ("summary", .string(config.description)), ("tags", .array([])), ("categories", .array([])),
                       ("related", .array([])), ("headings", .array([])), ("has_code", .bool(false)), ("show_toc", .bool(false))] {
            h[k] = v
        }
        return h
    }
}

/// Front matter for templates (`page.params`): free-form, so a key a page does not have is nil, not a
/// strict-variables warning (one page has `mood:`, the next does not).
final class FrontMatterDrop: LiquidDrop {
    let hash: LiquidHash
    init(_ hash: LiquidHash) { self.hash = hash }
    func value(forKey key: String) -> Value? {
        if let v = hash[key] { return v }
        return key == "size" ? .int(hash.count) : .null
    }
    var keys: [String] { hash.keys }
}

extension YAMLValue {
    /// Front matter as Liquid sees it: maps are free-form drops (see `FrontMatterDrop`), null is nil.
    var liquid: Value {
        switch self {
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .double(let d): return .double(d)
        case .null: return .null
        case .list(let l): return .array(l.map(\.liquid))
        case .map(let m):
            var h = LiquidHash()
            for (k, v) in m { h[k] = v.liquid }
            return .drop(FrontMatterDrop(h))
        }
    }
}
