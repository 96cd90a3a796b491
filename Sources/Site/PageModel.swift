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

    /// The `page` of a post or page; `summary` is `summary(p)` when the caller already has it.
    /// Front matter keys the model does not use are on `page` too, as in Jekyll (`page.mood`), and under `page.params`.
    func page(_ p: RenderedDocument, index: Int?, related: [Int], summary known: LiquidHash? = nil) -> LiquidHash {
        let src = p.source
        var d = Self.blankPage
        let entry = known ?? summary(p)
        let entryKeys = entry.keys, entryValues = entry.orderedValues
        for i in entryKeys.indices { d[entryKeys[i]] = entryValues[i] }
        let url = config.url(src.permalink.url)
        d["kind"] = .string(src.kind.rawValue)
        d["is_post"] = .bool(src.kind == .post)
        d["absolute_url"] = .string(config.absolute(url))
        d["content"] = .string(p.html)
        // Code's stylesheet and scripts load only where there is code.
        d["has_code"] = .bool(containsBytes(p.html, "<pre"))
        d["word_count"] = .int(p.wordCount)
        d["headings"] = .array(p.headings.map { .hash(LiquidHash([("level", .int($0.level)), ("id", .string($0.id)), ("text", .string($0.text))])) })
        // The theme's contents box: not when the body placed its own ({:toc}) or front matter says `toc: false`.
        let tocOff = src.params.contains { key, value in if key == "toc", case .bool(false) = value { return true } else { return false } }
        d["show_toc"] = .bool(!p.hasTableOfContents && !tocOff && !p.headings.isEmpty)
        // `notice:` (Jekyll themes' "this post is outdated") is shown as a callout above the post.
        if let notice = src.params.first(where: { $0.0 == "notice" })?.1, case .string(let text) = notice,
           !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            d["notice"] = .string(text)
        }
        d["source"] = .string(src.sourcePath)
        d["path"] = .string(src.sourcePath.hasPrefix("content/") ? String(src.sourcePath.dropFirst("content/".count)) : src.sourcePath)
        if let u = src.updated {
            d["updated"] = date(u)
            d["display_updated"] = displayDate(u, src.language)
        }
        if let a = src.author ?? config.author?.name { d["author"] = .hash(LiquidHash([("name", .string(a))])) }
        // Each author on its own (`author: [Ada, Grace]`); the site's author when the page names none.
        let names = src.authors.isEmpty ? (config.author?.name).map { [$0] } ?? [] : src.authors
        d["authors"] = .array(names.map { .hash(LiquidHash([("name", .string($0))])) })
        if let img = src.image { d["image"] = .string(config.absoluteURL(img, relativeTo: url)) }
        // Every front matter key, and the keys under `params:` beside them (`page.params.x` either way).
        var params = LiquidHash()
        for (k, v) in src.params { params[k] = v.liquid }
        if let nested = src.params.first(where: { $0.0 == "params" })?.1, case .map(let pairs) = nested {
            for (k, v) in pairs where params[k] == nil { params[k] = v.liquid }
        }
        d["params"] = .drop(FrontMatterDrop(params))
        if let i = index {
            // posts are newest first: the previous (older) post is the next index.
            if i + 1 < posts.count { d["previous"] = .hash(link(posts[i + 1])) }
            if i > 0 { d["next"] = .hash(link(posts[i - 1])) }
        }
        d["related"] = .array(related.map { .hash(link(posts[$0])) })
        if let i = index, i < seriesPlaces.count, let place = seriesPlaces[i] {
            d["series"] = .hash(Series.context(place, terms: terms, posts: posts, link: link))
        }
        d["layout"] = src.layout.map(Value.string) ?? .null
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
