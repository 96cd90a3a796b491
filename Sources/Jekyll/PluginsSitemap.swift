import Foundation
import Liquid
import Site

/// jekyll-sitemap 1.4: `sitemap.xml` listing the documents of collections that are written, the HTML
/// pages (not `/404.html`), and static HTML/PDF files, each not marked `sitemap: false`; and `robots.txt`
/// pointing at it when the site has none. Both are pages without a file, added only when the site does not
/// serve that URL already.
struct SitemapPlugin: JekyllPlugin {
    var name: String { "jekyll-sitemap" }

    static let staticExtensions: Set<String> = [".htm", ".html", ".xhtml", ".pdf"]

    func generate(_ site: inout JekyllSiteSource) throws -> [SiteDiagnostic] {
        if !site.serves("/sitemap.xml") {
            var fm = LiquidHash()
            fm["layout"] = .null
            fm["xsl"] = .bool(site.serves("/sitemap.xsl"))
            var page = JekyllSiteSource.generatedPage(path: "sitemap.xml", url: "/sitemap.xml", body: "", frontMatter: fm, source: site.config.source)
            page.renderWithLiquid = false
            site.pages.append(page)
        }
        if !site.serves("/robots.txt") {
            let page = JekyllSiteSource.generatedPage(path: "robots.txt", url: "/robots.txt", body: "",
                                                      frontMatter: LiquidHash([("layout", .null)]), source: site.config.source)
            site.pages.append(page)
        }
        return []
    }

    /// Generated pages are recognised by path, empty body and missing source file.
    static func isGenerated(_ doc: JekyllDocument, _ path: String) -> Bool {
        doc.kind == .page && doc.relativePath == path && doc.body.isEmpty
            && !FileManager.default.fileExists(atPath: doc.sourceURL.path)
    }

    func postRender(_ output: String, document: JekyllDocument, site: JekyllSiteView) -> String {
        if Self.isGenerated(document, "robots.txt") { return "Sitemap: \(site.filters.absoluteURL("sitemap.xml"))\n" }
        guard Self.isGenerated(document, "sitemap.xml"), document.frontMatter["xsl"] != nil else { return output }
        return Self.xml(site, xsl: document.frontMatter["xsl"]?.isTruthy ?? false)
    }

    static func xml(_ site: JekyllSiteView, xsl: Bool) -> String {
        let f = site.filters
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        if xsl { out += "<?xml-stylesheet type=\"text/xsl\" href=\"\(f.absoluteURL("/sitemap.xsl"))\"?>\n" }
        out += "<urlset xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"http://www.sitemaps.org/schemas/sitemap/0.9 http://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd\" xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        func loc(_ path: String) -> String {
            f.xmlEscape(f.absoluteURL(path.replacingOccurrences(of: "/index.html", with: "/")))
        }
        func entry(_ path: String, _ lastmod: Value?) {
            out += "<url>\n<loc>\(loc(path))</loc>\n"
            if let lastmod { out += "<lastmod>\(f.xmlschema(lastmod))</lastmod>\n" }
            out += "</url>\n"
        }
        func listed(_ v: Value) -> Bool {
            if case .bool(false)? = PluginValue.dig(v, "sitemap") { return false }
            return true
        }
        // Collections by label, those with `output: false` left out.
        for c in site.config.collections.sorted(by: { $0.label < $1.label }) where c.output {
            let ordered = (site.render.collectionIndices[c.label] ?? []).map { Value.drop(site.render.drops[$0]) }
            for doc in ordered where listed(doc) {
                let lastmod = PluginValue.orDefault(PluginValue.dig(doc, "last_modified_at"), PluginValue.dig(doc, "date"))
                entry(PluginValue.dig(doc, "url")?.liquidString ?? "", lastmod?.isTruthy == true ? lastmod : nil)
            }
        }
        if case .array(let pages)? = site.siteValue("html_pages") {
            for page in pages where listed(page) && PluginValue.dig(page, "url")?.liquidString != "/404.html" {
                let lastmod = PluginValue.dig(page, "last_modified_at")
                entry(PluginValue.dig(page, "url")?.liquidString ?? "", lastmod?.isTruthy == true ? lastmod : nil)
            }
        }
        let zone = site.config.timeZone
        for file in site.source.staticFiles where staticExtensions.contains(file.extname) && file.name != "404.html" {
            if case .bool(false)? = file.data["sitemap"] { continue }
            let t = file.modificationTime
            entry(file.relativePath, .date(t, utcOffset: zone.secondsFromGMT(for: t)))
        }
        return out + "</urlset>\n"
    }
}
