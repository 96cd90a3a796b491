import Foundation
import Liquid
import Site

/// jekyll-seo-tag 2.8: `{% seo %}` (`{% seo title=false %}` leaves out `<title>`) writes the page's
/// title, description, canonical URL, Open Graph and Twitter tags, verification tags and JSON-LD, line
/// for line as the gem's minified template does.
struct SEOPlugin: JekyllPlugin {
    var name: String { "jekyll-seo-tag" }

    var tags: [String: LiquidTag] {
        ["seo": LiquidTag { (markup: String, body: String?, context: LiquidTagContext) throws(LiquidError) -> String in
            guard let site = context.register("jekyll.site", as: JekyllSiteView.self) else { return "" }
            let page = context.register("jekyll.page", as: Value.self) ?? .null
            let seo = SEOData(site: site, page: page, paginator: context.variable("paginator"), markup: markup)
            return seo.html()
        }]
    }
}

/// What the gem's `Jekyll::SeoTag::Drop` computes for one page.
struct SEOData {
    let site: JekyllSiteView
    let page: Value
    let paginator: Value?
    let markup: String
    var f: PluginFilters { site.filters }

    func pageValue(_ key: String) -> Value? { PluginValue.dig(page, key) }
    func siteValue(_ key: String) -> Value? { site.siteValue(key) }

    /// Ruby's `a || b`: only nil and false give way.
    static func or(_ a: Value?, _ b: Value?) -> Value? {
        guard let a, a.isTruthy else { return b }
        return a
    }

    /// markdownify, strip_html, normalize_whitespace, escape_once; nil when that leaves nothing.
    func format(_ v: Value?) -> String? {
        let s = f.chain(v ?? .null, ["markdownify", "strip_html", "normalize_whitespace", "escape_once"])
        return s.isEmpty ? nil : s
    }

    var siteTitle: String? { format(Self.or(siteValue("title"), siteValue("name"))) }
    var siteDescription: String? { format(siteValue("description")) }
    var pageTitle: String? { format(pageValue("title")) ?? siteTitle }

    var title: String? {
        let siteTitle = siteTitle, pageTitle = pageTitle
        var t: String?
        if let s = siteTitle, pageTitle != s {
            t = (pageTitle ?? "") + " | " + s
        } else if let d = siteDescription, let s = siteTitle {
            t = s + " | " + (format(siteValue("tagline")) ?? d)
        } else {
            t = pageTitle ?? siteTitle
        }
        if let t, let n = pageNumber { return n + t }
        return t
    }

    /// `Page 2 of 5 for ` on paginated pages after the first (`seo_paginator_message`).
    var pageNumber: String? {
        guard let current = PluginValue.dig(paginator, "page"), case .int(let c) = current, c > 1 else { return nil }
        let total = PluginValue.dig(paginator, "total_pages")?.liquidString ?? ""
        let message = siteValue("seo_paginator_message")?.liquidString ?? "Page %<current>s of %<total>s for "
        return message.replacingOccurrences(of: "%<current>s", with: String(c)).replacingOccurrences(of: "%<total>s", with: total)
    }

    var showTitle: Bool { title != nil && markup.range(of: "title=false", options: .caseInsensitive) == nil }

    var isHomeOrAbout: Bool {
        let url = pageValue("url")?.liquidString ?? ""
        return ["/", "/index.html", "/index.htm", "/about/", "/about/index.html", "/about/index.htm"].contains(url)
    }

    var pageSEO: LiquidHash { if case .hash(let h)? = pageValue("seo") { return h }; return LiquidHash() }
    var siteSocial: LiquidHash { if case .hash(let h)? = siteValue("social") { return h }; return LiquidHash() }

    var name: String? {
        if let n = pageSEO["name"], n.isTruthy { return format(n) }
        guard isHomeOrAbout else { return nil }
        if let n = siteSocial["name"], n.isTruthy { return format(n) }
        return siteTitle
    }

    var description: String? { format(Self.or(pageValue("description"), pageValue("excerpt"))) ?? siteDescription }

    var author: SEOAuthor { SEOAuthor(page: page, site: site) }

    var canonicalURL: String {
        if let c = pageValue("canonical_url"), !c.liquidString.isEmpty { return c.liquidString }
        let abs = f.string("absolute_url", pageValue("url") ?? .null)
        return abs.hasSuffix("/index.html") ? String(abs.dropLast(10)) : abs
    }

    var pageLocale: String {
        let lang = Self.or(Self.or(pageValue("lang"), siteValue("lang")), .string("en_US"))!
        return (Self.or(Self.or(pageValue("locale"), siteValue("locale")), lang)!).liquidString.replacingOccurrences(of: "-", with: "_")
    }

    var image: SEOImage? { SEOImage(page: page, filters: f) }

    var dateModified: String? {
        guard let d = Self.or(Self.or(pageSEO["date_modified"], pageValue("last_modified_at")), pageValue("date")) else { return nil }
        return f.xmlschema(d)
    }

    var datePublished: String? { pageValue("date").map { f.xmlschema($0) } }

    var type: String {
        if let t = pageSEO["type"], t.isTruthy { return t.liquidString }
        if isHomeOrAbout { return "WebSite" }
        return pageValue("date") != nil ? "BlogPosting" : "WebPage"
    }

    var links: Value? {
        if let l = pageSEO["links"], l.isTruthy { return l }
        if isHomeOrAbout, let l = siteSocial["links"], l.isTruthy { return l }
        return nil
    }

    var logo: String? {
        guard let logo = siteValue("logo"), logo.isTruthy else { return nil }
        let s = logo.liquidString
        return f.string("uri_escape", .string(SEOImage.isAbsolute(s) ? s : f.absoluteURL(s)))
    }
}

/// The gem's `AuthorDrop`: `page.author`, the first of `page.authors`, or `site.author` (the first not
/// empty); a name is looked up in `site.data.authors` for more.
struct SEOAuthor {
    var hash = LiquidHash()

    init(page: Value, site: JekyllSiteView) {
        var sources: [Value?] = [PluginValue.dig(page, "author")]
        if case .array(let a)? = PluginValue.dig(page, "authors") { sources.append(a.first ?? .null) }
        sources.append(site.siteValue("author"))
        guard let found = sources.compactMap({ $0 }).first(where: { !$0.liquidString.isEmpty && !$0.isNil }) else { return }
        switch found {
        case .hash(let h): hash = h
        case .drop: hash = PluginValue.hash(found) ?? LiquidHash()
        case .string(let s):
            hash["name"] = .string(s)
            if case .hash(let more)? = PluginValue.dig(site.siteValue("data"), "authors", s) {
                for (k, v) in more.pairs { hash[k] = v }
            }
        default: break
        }
    }

    var name: Value? { hash["name"].flatMap { $0.isNil ? nil : $0 } }
    var twitter: String? {
        guard case .string(var t)? = SEOData.or(hash["twitter"], hash["name"]) else { return nil }
        if t.hasPrefix("@") { t.removeFirst() }
        return t
    }
}

/// The gem's `ImageDrop`: `page.image` as a string, or a hash with `path` (else `facebook`, `twitter`),
/// `height`, `width`, `alt`; the path made absolute and URI-escaped.
struct SEOImage {
    var data: LiquidHash
    var path: String

    init?(page: Value, filters f: PluginFilters) {
        var h = LiquidHash()
        h["path"] = .null
        switch PluginValue.dig(page, "image") {
        case .hash(let given)?: for (k, v) in given.pairs { h[k] = v }
        case .string(let s)?: h["path"] = .string(s)
        default: break
        }
        guard let raw = SEOData.or(SEOData.or(h["path"], h["facebook"]), h["twitter"]) else { return nil }
        var absolute = raw
        if case .string(let s) = raw, !Self.isAbsolute(s) { absolute = f.apply("absolute_url", raw) }
        data = h
        path = f.string("uri_escape", absolute)
    }

    /// Addressable's `absolute?`: the URL has a scheme.
    static func isAbsolute(_ s: String) -> Bool {
        guard let colon = s.firstIndex(of: ":"), colon != s.startIndex else { return false }
        let scheme = s[..<colon]
        return scheme.first!.isLetter && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    func value(_ key: String) -> Value? { data[key].flatMap { $0.isTruthy ? $0 : nil } }
}
