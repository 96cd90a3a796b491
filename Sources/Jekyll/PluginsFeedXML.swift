import Foundation
import Liquid

/// One jekyll-feed Atom document, element by element as the gem's template renders once its whitespace
/// after `>` and `}` is removed (so the file is one long line, except inside entries' HTML).
struct FeedXML {
    let site: JekyllSiteView
    let document: JekyllDocument
    let spec: FeedPlugin.Spec

    struct Written {
        var text: String
        /// Each entry's first line (1-based), the post it came from, and its URL, id and title.
        var entries: [(line: Int, source: String, keys: [String])]
    }

    var f: PluginFilters { site.filters }

    func build() -> Written {
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>"
        if document.frontMatter["xsl"]?.isTruthy ?? false {
            out += "<?xml-stylesheet type=\"text/xml\" href=\"\(f.absoluteURL("/feed.xslt.xml"))\"?>"
        }
        let lang = site.siteValue("lang").flatMap { $0.isTruthy ? $0.liquidString : nil }
        out += "<feed xmlns=\"http://www.w3.org/2005/Atom\" " + (lang.map { "xml:lang=\"\($0)\"" } ?? "") + ">"
        out += "<generator uri=\"https://jekyllrb.com/\" version=\"4.3.1\">Jekyll</generator>"
        let selfURL = f.absoluteURL(document.url)
        out += "<link href=\"\(selfURL)\" rel=\"self\" type=\"application/atom+xml\" />"
        out += "<link href=\"\(f.absoluteURL("/"))\" rel=\"alternate\" type=\"text/html\" " + (lang.map { "hreflang=\"\($0)\" " } ?? "") + "/>"
        out += "<updated>\(f.xmlschema(site.siteValue("time") ?? .null))</updated>"
        out += "<id>\(f.xmlEscape(selfURL))</id>"
        if let title = title() { out += "<title type=\"html\">\(f.xmlEscape(f.string("smartify", .string(title))))</title>" }
        if let d = site.siteValue("description"), d.isTruthy { out += "<subtitle>\(f.xmlEscape(d.liquidString))</subtitle>" }
        if let author = site.siteValue("author"), author.isTruthy {
            let name = PluginValue.orDefault(PluginValue.dig(author, "name"), author) ?? author
            out += "<author><name>\(f.xmlEscape(name.liquidString))</name>"
            if let e = PluginValue.dig(author, "email"), e.isTruthy { out += "<email>\(f.xmlEscape(e.liquidString))</email>" }
            if let u = PluginValue.dig(author, "uri"), u.isTruthy { out += "<uri>\(f.xmlEscape(u.liquidString))</uri>" }
            out += "</author>"
        }
        var entries: [(Int, String, [String])] = []
        var line = out.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        for post in posts() {
            if case .drop(let d) = post, let path = d.value(forKey: "relative_path")?.liquidString {
                let keys = ["url", "id"].map { f.string("absolute_url", d.value(forKey: $0) ?? .null) } + [d.value(forKey: "title")?.liquidString ?? ""]
                entries.append((line, path, keys))
            }
            let text = entry(post)
            out += text
            line += text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        }
        out += "</feed>"
        return Written(text: out, entries: entries)
    }

    /// `site.title` (or `site.name`), then ` | Collection` and ` | Category` (capitalized).
    func title() -> String? {
        var title = PluginValue.orDefault(site.siteValue("title"), site.siteValue("name")).map(\.liquidString)
        if spec.collection != "posts" { title = (title ?? "") + " | " + Self.capitalize(spec.collection) }
        if let c = spec.category { title = (title ?? "") + " | " + Self.capitalize(c) }
        return title
    }

    /// Liquid's `capitalize`: the first character upper case, the rest lower case.
    static func capitalize(_ s: String) -> String {
        guard let first = s.first else { return s }
        return first.uppercased() + s.dropFirst().lowercased()
    }

    /// The posts listed: the collection (or the tag's posts), the category's, no drafts unless shown,
    /// newest first by date, at most `feed.posts_limit` (10).
    func posts() -> [Value] {
        var list: Value
        if let tag = spec.tag {
            list = PluginValue.dig(site.siteValue("tags"), tag) ?? .array([])
        } else {
            list = spec.collection == "posts" ? .array(site.posts) : (site.siteValue(spec.collection) ?? .array([]))
        }
        if let c = spec.category { list = f.apply("where", list, ["categories", .string(c)]) }
        guard case .array(var items) = list else { return [] }
        if !(site.siteValue("show_drafts")?.isTruthy ?? false) {
            items = items.filter { !(PluginValue.dig($0, "draft").map { if case .bool(true) = $0 { return true }; return false } ?? false) }
        }
        guard case .array(let sorted) = f.apply("sort", .array(items), ["date"]) else { return [] }
        let limitValue = PluginValue.orDefault(PluginValue.dig(site.siteValue("feed"), "posts_limit"), .int(10))
        let limit: Int
        switch limitValue {
        case .int(let i)?: limit = i
        case .double(let d)?: limit = Int(d)
        case .string(let s)?: limit = Int(s.trimmingCharacters(in: .whitespaces)) ?? 0
        default: limit = 10
        }
        return Array(sorted.reversed().prefix(max(limit, 0)))
    }

    func entry(_ post: Value) -> String {
        func get(_ k: String) -> Value? { PluginValue.dig(post, k) }
        var out = "<entry"
        if let l = get("lang"), l.isTruthy { out += " xml:lang=\"\(l.liquidString)\"" }
        out += ">"
        let title = f.xmlEscape(f.chain(get("title") ?? .null, ["smartify", "strip_html", "normalize_whitespace"]))
        let url = f.absoluteURL(get("url")?.liquidString ?? "")
        out += "<title type=\"html\">\(title)</title>"
        out += "<link href=\"\(url)\" rel=\"alternate\" type=\"text/html\" title=\"\(title)\" />"
        out += "<published>\(f.xmlschema(get("date") ?? .null))</published>"
        out += "<updated>\(f.xmlschema(PluginValue.orDefault(get("last_modified_at"), get("date")) ?? .null))</updated>"
        out += "<id>\(f.xmlEscape(f.string("absolute_url", get("id") ?? .null)))</id>"
        let excerptOnly = PluginValue.orDefault(PluginValue.dig(post, "feed", "excerpt_only"), PluginValue.dig(site.siteValue("feed"), "excerpt_only"))
        if !(excerptOnly?.isTruthy ?? false) {
            let content = (get("content")?.liquidString ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            out += "<content type=\"html\" xml:base=\"\(f.xmlEscape(url))\"><![CDATA[\(content)]]></content>"
        }
        out += author(post)
        if let c = get("category"), c.isTruthy {
            out += "<category term=\"\(f.xmlEscape(c.liquidString))\" />"
        } else if let cs = get("categories"), cs.isTruthy {
            for c in Self.items(cs) { out += "<category term=\"\(f.xmlEscape(c.liquidString))\" />" }
        }
        for t in Self.items(get("tags") ?? .null) { out += "<category term=\"\(f.xmlEscape(t.liquidString))\" />" }
        if let summary = PluginValue.orDefault(get("description"), get("excerpt")), summary.isTruthy, !Self.isEmptyValue(summary) {
            out += "<summary type=\"html\"><![CDATA[\(f.chain(summary, ["strip_html", "normalize_whitespace"]))]]></summary>"
        }
        if var image = PluginValue.orDefault(PluginValue.dig(post, "image", "path"), get("image")), image.isTruthy {
            if !image.liquidString.contains("://") { image = f.apply("absolute_url", image) }
            let u = f.xmlEscape(image.liquidString)
            out += "<media:thumbnail xmlns:media=\"http://search.yahoo.com/mrss/\" url=\"\(u)\" />"
            out += "<media:content medium=\"image\" url=\"\(u)\" xmlns:media=\"http://search.yahoo.com/mrss/\" />"
        }
        return out + "</entry>"
    }

    /// The entry's author: `author`, else the first of `authors`, else `site.author`; a name found in
    /// `site.data.authors` brings its email and uri.
    func author(_ post: Value) -> String {
        var first: Value?
        if case .array(let a)? = PluginValue.dig(post, "authors") { first = a.first }
        var a = PluginValue.orDefault(PluginValue.orDefault(PluginValue.dig(post, "author"), first), site.siteValue("author"))
        if let key = a, case .string(let s) = key, let found = PluginValue.dig(site.siteValue("data"), "authors", s) {
            a = PluginValue.orDefault(found, a)
        }
        let name = PluginValue.orDefault(PluginValue.dig(a, "name"), a)
        var out = "<author><name>\(f.xmlEscape(name?.liquidString ?? ""))</name>"
        if let e = PluginValue.dig(a, "email"), e.isTruthy { out += "<email>\(f.xmlEscape(e.liquidString))</email>" }
        if let u = PluginValue.dig(a, "uri"), u.isTruthy { out += "<uri>\(f.xmlEscape(u.liquidString))</uri>" }
        return out + "</author>"
    }

    /// What `for x in value` iterates.
    static func items(_ v: Value) -> [Value] {
        switch v {
        case .array(let a): return a
        case .null: return []
        case .string(let s): return s.isEmpty ? [] : [v]
        default: return [v]
        }
    }

    /// Liquid's `== empty`.
    static func isEmptyValue(_ v: Value) -> Bool {
        switch v {
        case .string(let s): return s.isEmpty
        case .array(let a): return a.isEmpty
        case .hash(let h): return h.isEmpty
        default: return false
        }
    }
}
