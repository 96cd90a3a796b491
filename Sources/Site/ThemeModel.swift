import Foundation
import Highlight
import Liquid
import Markdown

// What themes written for Jekyll read beyond Galley's own model: `site.pages`, `jekyll.environment`, tags
// and categories that print as their names, and the `seo` and `feed_meta` tags of jekyll-seo-tag and jekyll-feed.

/// A tag or category on a page or list entry: `{name, slug, url, count, kind}`, printed as its name, as
/// Jekyll's themes print a tag (`{{ tag }}`, `{{ tag | slugify }}`).
final class TermDrop: LiquidDrop {
    let hash: LiquidHash
    init(_ hash: LiquidHash) { self.hash = hash }
    func value(forKey key: String) -> Value? { key == "size" ? hash["name"].map { .int($0.liquidString.count) } : hash[key] }
    var keys: [String] { hash.keys }
    var liquidString: String? { hash["name"]?.liquidString }
    var equalsItsString: Bool { true }
}

extension ContextBuilder {
    /// `site.pages`: every page (not posts), with Jekyll's `path` (from `content/`, `about.md`), `name`,
    /// `url`, `title`, `layout`, `content` and its front matter; a key a page lacks is nil. A page whose front
    /// matter says `collection: docs` (a Jekyll collection's document, as imported) is in `site.docs` instead,
    /// those ordered by path as Jekyll orders them. Adds them to `site`.
    func addPageEntries(_ docs: [RenderedDocument], to site: inout LiquidHash) {
        var pages: [Value] = []
        var collections: [(String, [(String, Value)])] = []
        for d in docs where d.source.kind == .page {
            let entry = pageEntry(d)
            if let c = d.source.params.first(where: { $0.0 == "collection" })?.1.text, !c.isEmpty {
                if let i = collections.firstIndex(where: { $0.0 == c }) { collections[i].1.append((d.source.sourcePath, entry)) }
                else { collections.append((c, [(d.source.sourcePath, entry)])) }
            } else { pages.append(entry) }
        }
        site["pages"] = .array(pages)
        for (name, entries) in collections where site[name] == nil {
            site[name] = .array(entries.sorted { $0.0 < $1.0 }.map(\.1))
        }
    }

    private func pageEntry(_ d: RenderedDocument) -> Value {
        do {
            let src = d.source
            var h = LiquidHash()
            for (k, v) in src.params { h[k] = v.liquid }
            let path = src.sourcePath.hasPrefix("content/") ? String(src.sourcePath.dropFirst("content/".count)) : src.sourcePath
            h["path"] = .string(path)
            h["name"] = .string((path as NSString).lastPathComponent)
            h["url"] = .string(config.url(src.permalink.url))
            // Jekyll's `title` of a page is its front matter's: nil without one (a theme's menu skips it).
            h["title"] = src.params.contains { $0.0 == "title" } ? .string(src.title) : .null
            h["layout"] = src.layout.map(Value.string) ?? .null
            h["content"] = .string(d.html)
            h["date"] = src.date.map(date) ?? .null
            return .drop(FrontMatterDrop(h))
        }
    }

    /// Jekyll's `jekyll` variable: `jekyll.environment` is `JEKYLL_ENV` as Jekyll reads it, else `development`.
    static let jekyllValue: Value = .hash(LiquidHash([
        ("environment", .string(ProcessInfo.processInfo.environment["JEKYLL_ENV"] ?? "development")),
        ("version", .string("4.3.1")),
    ]))
}

/// `{% seo %}` and `{% feed_meta %}` (jekyll-seo-tag, jekyll-feed): the page's title, description, canonical
/// link and Open Graph tags, and a link to the site's feed. `{% seo title=false %}` leaves out `<title>`. Also
/// Jekyll's `{% highlight %}` (`HighlightTag`) and the import's `{% jekyll_only %}`.
enum ThemeTags {
    static func all(config: SiteConfig) -> [String: LiquidTag] {
        ["seo": LiquidTag { markup, _, context in seo(markup, context) },
         "feed_meta": LiquidTag { _, _, context in feedMeta(context, origin: config.origin) },
         "jekyll_only": LiquidTag { markup, _, context in jekyllOnly(markup, context) },
         "highlight": HighlightTag.tag]
    }

    private static func string(_ v: Value?) -> String? {
        guard let v, v.isTruthy else { return nil }
        let s = v.liquidString.trimmingCharacters(in: .whitespacesAndNewlines)
        return s.isEmpty ? nil : s
    }

    private static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private static func seo(_ markup: String, _ context: LiquidTagContext) -> String {
        let page = context.variable("page") ?? .null, site = context.variable("site") ?? .null
        let siteTitle = string(site.lookup(.string("title")))
        let pageTitle = string(page.lookup(.string("title")))
        let isHome = page.lookup(.string("url"))?.liquidString == site.lookup(.string("home"))?.liquidString
        let siteDescription = string(site.lookup(.string("description")))
        var title = pageTitle ?? siteTitle ?? ""
        if let p = pageTitle, let s = siteTitle, p != s { title = "\(p) | \(s)" }
        if isHome, pageTitle == nil || pageTitle == siteTitle, let s = siteTitle, let d = siteDescription { title = "\(s) | \(d)" }
        let description = string(page.lookup(.string("description"))) ?? siteDescription
        let canonical = string(page.lookup(.string("absolute_url")))
        let isPost = page.lookup(.string("is_post"))?.isTruthy ?? false
        var out = ["<!-- Begin Jekyll SEO tag v2.8.0 -->"]
        let shownTitle = pageTitle ?? siteTitle ?? ""
        if !title.isEmpty, !markup.replacingOccurrences(of: " ", with: "").contains("title=false") { out.append("<title>\(escape(title))</title>") }
        out.append("<meta name=\"generator\" content=\"Galley\" />")
        if !shownTitle.isEmpty { out.append("<meta property=\"og:title\" content=\"\(escape(shownTitle))\" />") }
        if let l = string(page.lookup(.string("lang"))) { out.append("<meta property=\"og:locale\" content=\"\(escape(l.replacingOccurrences(of: "-", with: "_")))\" />") }
        if let d = description {
            out.append("<meta name=\"description\" content=\"\(escape(d))\" />")
            out.append("<meta property=\"og:description\" content=\"\(escape(d))\" />")
        }
        if let c = canonical {
            out.append("<link rel=\"canonical\" href=\"\(escape(c))\" />")
            out.append("<meta property=\"og:url\" content=\"\(escape(c))\" />")
        }
        if let s = siteTitle { out.append("<meta property=\"og:site_name\" content=\"\(escape(s))\" />") }
        if let img = string(page.lookup(.string("image"))) { out.append("<meta property=\"og:image\" content=\"\(escape(img))\" />") }
        out.append("<meta property=\"og:type\" content=\"\(isPost ? "article" : "website")\" />")
        if isPost, case .date(let d, let offset)? = page.lookup(.string("date")) {
            let f = ISO8601DateFormatter()
            f.timeZone = TimeZone(secondsFromGMT: offset)
            out.append("<meta property=\"article:published_time\" content=\"\(f.string(from: d))\" />")
        }
        out.append("<meta name=\"twitter:card\" content=\"summary\" />")
        if !shownTitle.isEmpty { out.append("<meta property=\"twitter:title\" content=\"\(escape(shownTitle))\" />") }
        out.append("<!-- End Jekyll SEO tag -->")
        return out.joined(separator: "\n") + "\n"
    }

    /// `{% jekyll_only "avatar user=x" "jekyll-avatar" %}`: a tag `galley import jekyll` could not carry (a
    /// plugin's), kept as written; it shows nothing, and says so at its line.
    private static func jekyllOnly(_ markup: String, _ context: LiquidTagContext) -> String {
        let parts = markup.split(separator: "\"", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let tag = parts.first ?? markup
        let from = parts.count > 1 ? "a tag of \(parts[1]), which Galley does not run" : "a tag Galley's templates do not have"
        context.warn("`{% \(tag) %}` shows nothing: \(from)",
                     hint: "write the HTML it made in its place, or remove it (`galley import jekyll` kept it as `jekyll_only`)")
        return ""
    }

    private static func feedMeta(_ context: LiquidTagContext, origin: String) -> String {
        let site = context.variable("site") ?? .null
        let feeds = site.lookup(.string("feeds")) ?? .null
        let title = string(site.lookup(.string("title"))) ?? ""
        for (key, type) in [("atom", "application/atom+xml"), ("rss", "application/rss+xml"), ("json", "application/feed+json")] {
            if let path = string(feeds.lookup(.string(key))) {
                return "<link type=\"\(type)\" rel=\"alternate\" href=\"\(escape(origin + path))\" title=\"\(escape(title))\" />"
            }
        }
        context.warn("`feed_meta`: the site writes no feed", hint: "`feed.formats` in site.yml lists none")
        return ""
    }
}

extension ContextBuilder {
    /// With `theme: own` (a Jekyll theme), `page.author` and a page's `title` are what the front matter says, as
    /// Jekyll has them: a theme loops over `page.author` and shows a page in its menu only when it has a title.
    func ownThemeValues(_ src: SourceDocument, into d: inout LiquidHash) {
        let front = Dictionary(src.params.map { ($0.0, $0.1) }, uniquingKeysWith: { _, last in last })
        d["author"] = front["author"]?.liquid ?? .null
        if src.kind == .page, front["title"] == nil { d["title"] = .null }
        // Jekyll's `page.description` is the front matter's, never an excerpt (themes fall back to site.description).
        d["description"] = front["description"]?.liquid ?? .null
    }
}

/// Jekyll's `markdownify` in templates: Markdown to HTML with the site's Markdown settings and highlighted
/// code (a page whose body runs Liquid captures it and converts it after, as Jekyll does).
enum ThemeFilters {
    static func markdownify(config: SiteConfig) -> LiquidFilter {
        let options = config.markdown
        let unlabeled = config.unlabeled
        return { input, _, _, _ in
            let highlighter = Highlighter()
            var renderer = MarkdownRenderer(options: options) { block in
                let opts = HighlightOptions(lineNumbers: block.attributes["linenos"] != nil, highlightedLines: block.highlightedLines,
                                            title: block.attributes["title"], unlabeled: unlabeled, context: nil)
                return MarkdownRenderer.addingAttributes(block.htmlAttributes, toWrapper: highlighter.highlight(block.code, language: block.language, options: opts).html)
            }
            renderer.options.plainText = false
            return .string(renderer.render(input.liquidString).html)
        }
    }
}
