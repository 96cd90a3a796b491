import Foundation
import Liquid
import Site

/// jekyll-redirect-from 0.16: a redirect page at each `redirect_from` path of a page or written document,
/// `redirect_to` turning a page into one, and `redirects.json` (from → to) unless
/// `redirect_from: {json: false}` or the source has one. A site's own `_layouts/redirect.html` renders the
/// pages (with `page.redirect.from`/`to`); otherwise they are the gem's HTML.
struct RedirectFromPlugin: JekyllPlugin {
    var name: String { "jekyll-redirect-from" }

    func generate(_ site: inout JekyllSiteSource) throws -> [SiteDiagnostic] {
        let urls = GenerateFilters(config: site.config)
        let ownLayout = site.layouts["redirect"] != nil
        var redirects = LiquidHash()
        var added: [JekyllDocument] = []

        func page(from: String, to: String) -> JekyllDocument {
            var fm = LiquidHash()
            fm["sitemap"] = false
            fm["layout"] = "redirect"
            fm["permalink"] = .string(from)
            fm["redirect"] = .hash(LiquidHash([("from", .string(from)), ("to", .string(to))]))
            var p = JekyllSiteSource.generatedPage(path: "redirect.html", url: from, body: "", frontMatter: fm, source: site.config.source)
            p.outputPath = Self.outputPath(from)
            p.dir = from.hasSuffix("/") ? from : (from as NSString).deletingLastPathComponent
            Self.useLayout(&p, own: ownLayout, to: to)
            return p
        }

        func visit(_ doc: inout JekyllDocument) {
            for raw in Self.list(doc.frontMatter["redirect_from"]) {
                var from = raw.liquidString
                if !from.hasPrefix("/") { from = "/" + from }
                while from.contains("//") { from = from.replacingOccurrences(of: "//", with: "/") }
                let to = urls.absoluteURL(doc.url)
                added.append(page(from: from, to: to))
                redirects[from] = .string(to)
            }
            if let target = Self.list(doc.frontMatter["redirect_to"]).first {
                let t = target.liquidString
                let to = t.range(of: "^https?://", options: .regularExpression) != nil ? t : urls.absoluteURL(t)
                doc.frontMatter["sitemap"] = false
                doc.frontMatter["layout"] = "redirect"
                doc.frontMatter["permalink"] = .string(doc.url)
                doc.frontMatter["redirect"] = .hash(LiquidHash([("from", .string(doc.url)), ("to", .string(to))]))
                doc.body = ""
                Self.useLayout(&doc, own: ownLayout, to: to)
                redirects[doc.url] = .string(to)
            }
        }

        // Jekyll's order: documents to write, then pages.
        for label in site.config.collections.map(\.label) {
            guard var docs = site.collectionDocuments[label] else { continue }
            for i in docs.indices where docs[i].isWritten { visit(&docs[i]) }
            site.collectionDocuments[label] = docs
        }
        for i in site.pages.indices { visit(&site.pages[i]) }
        site.pages += added

        let json = PluginValue.dig(site.config.raw["redirect_from"], "json")
        if case .bool(false)? = json { return [] }
        if FileManager.default.fileExists(atPath: site.config.source.appendingPathComponent("redirects.json").path) { return [] }
        var p = JekyllSiteSource.generatedPage(path: "redirects.json", url: "/redirects.json", body: urls.string("jsonify", .hash(redirects)),
                                               frontMatter: LiquidHash([("layout", .null)]), source: site.config.source)
        p.renderWithLiquid = false
        site.pages.append(p)
        return []
    }

    /// `redirect_from`/`redirect_to` as a list: an array without nils, or the one value.
    static func list(_ v: Value?) -> [Value] {
        switch v {
        case .array(let a)?: return a.filter { !$0.isNil }
        case nil, .null?: return []
        case let x?: return [x]
        }
    }

    /// With the site's `redirect` layout the page renders through it; else its output is the gem's page.
    static func useLayout(_ doc: inout JekyllDocument, own: Bool, to: String) {
        if own {
            doc.layout = "redirect"
        } else {
            doc.layout = nil
            doc.body = html(to: to)
            doc.isMarkdown = false
        }
        doc.renderWithLiquid = own
    }

    /// Where Jekyll writes a page served at `url`: `index.html` in folders, `.html` added when missing.
    static func outputPath(_ url: String) -> String {
        var path = url.removingPercentEncoding ?? url
        while path.hasPrefix("/") { path.removeFirst() }
        if url.hasSuffix("/") { path += "index" }
        if !path.hasSuffix(".html") { path += ".html" }
        return path
    }

    /// The redirect page: canonical link, script and meta refresh to `to`, a link to click.
    static func html(to: String) -> String {
        let head = ["<meta charset=\"utf-8\">", "<title>Redirecting&hellip;</title>", "<link rel=\"canonical\" href=\"\(to)\">",
                    "<script>location=\"\(to)\"</script>", "<meta http-equiv=\"refresh\" content=\"0; url=\(to)\">",
                    "<meta name=\"robots\" content=\"noindex\">", "<h1>Redirecting&hellip;</h1>",
                    "<a href=\"\(to)\">Click here if you are not redirected.</a>"]
        return "<!DOCTYPE html>\n<html lang=\"en-US\">\n" + head.map { "  " + $0 + "\n" }.joined() + "</html>\n"
    }
}

/// The URL filters before rendering starts (generators run before the engine exists).
struct GenerateFilters: LiquidFilterContext {
    let urls: JekyllURLSettings
    init(config: JekyllConfig) { urls = JekyllEngine.urlSettings(config) }
    var options: LiquidOptions { LiquidOptions() }
    func register<T>(_ key: String, as: T.Type) -> T? { key == "jekyll.urls" ? urls as? T : nil }
    func evaluate(_ expression: String, binding name: String, to value: Value) throws(LiquidError) -> Value { .null }
    func warn(_ message: String) {}
    func string(_ name: String, _ input: Value) -> String {
        guard let f = JekyllFilters.pure[name] ?? StandardFilters.all[name] else { return input.liquidString }
        return ((try? f(input, [], LiquidHash(), self)) ?? input).liquidString
    }
    func absoluteURL(_ path: String) -> String { string("absolute_url", .string(path)) }
}
