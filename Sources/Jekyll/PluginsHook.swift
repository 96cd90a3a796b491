import Foundation
import Liquid
import Site

/// A Jekyll plugin gem re-implemented in Swift (jekyll-feed, jekyll-seo-tag, jekyll-sitemap, ...).
///
/// Each step is optional and mirrors a Jekyll extension point, in build order:
/// `tags`/`filters` (registered on the Liquid engine), `generate` (a Generator: add or change pages,
/// documents, static files before anything renders; pages added here render like any other, so a feed
/// can be a Liquid template page), `variables` (per-page payload, e.g. `paginator`), `postRender`
/// (a `:post_render` hook rewriting a page's output), `files` (extra files once everything is rendered).
public protocol JekyllPlugin: Sendable {
    /// The gem name as `_config.yml`'s `plugins:` lists it.
    var name: String { get }
    /// Liquid tags it defines. Their render closures find the build with
    /// `context.register("jekyll.site", as: JekyllSiteView.self)` and the page with `"jekyll.page"` (a `Value`).
    var tags: [String: LiquidTag] { get }
    var filters: [String: LiquidFilter] { get }
    /// Runs after reading, before rendering. Returns warnings; throw a `SiteDiagnostic` to fail the build.
    func generate(_ site: inout JekyllSiteSource) throws -> [SiteDiagnostic]
    /// Extra top-level Liquid variables for one page or document (every template of it sees them).
    func variables(for document: JekyllDocument, site: JekyllSiteView) -> LiquidHash
    /// The page's final output (after layouts), rewritten.
    func postRender(_ output: String, document: JekyllDocument, site: JekyllSiteView) -> String
    /// Files to write besides the rendered pages, once every page is rendered.
    func files(site: JekyllSiteView) throws -> [OutputFile]
}

extension JekyllPlugin {
    public var tags: [String: LiquidTag] { [:] }
    public var filters: [String: LiquidFilter] { [:] }
    public func generate(_ site: inout JekyllSiteSource) throws -> [SiteDiagnostic] { [] }
    public func variables(for document: JekyllDocument, site: JekyllSiteView) -> LiquidHash { LiquidHash() }
    public func postRender(_ output: String, document: JekyllDocument, site: JekyllSiteView) -> String { output }
    public func files(site: JekyllSiteView) throws -> [OutputFile] { [] }
}

/// What plugins see of a build while it renders: the site as read, the `site` drop, each document's drop,
/// rendered content and output, and a way to render Liquid the way pages are rendered.
public struct JekyllSiteView: Sendable {
    let render: RenderSite

    public var source: JekyllSiteSource { render.source }
    public var config: JekyllConfig { render.config }
    /// `site` as templates see it (shared drop; `related_posts` is nil here).
    public var site: Value { .drop(render.siteDrop) }
    /// `site.posts`: newest first.
    public var posts: [Value] { JekyllReads.site("posts"); return render.postsNewestFirst }
    /// `baseurl` + `path`, as Jekyll's `relative_url`.
    public func relativeURL(_ path: String) -> String { render.relativeURL(path) }
    /// `url` + `baseurl` + `path`, as `absolute_url`.
    public func absoluteURL(_ path: String) -> String { render.config.url + render.relativeURL(path) }

    /// The drop a template sees for the page or document at this source path.
    public func drop(forSourcePath path: String) -> Value? {
        render.stateIndexBySourcePath[path].map { JekyllReads.document($0); return .drop(render.drops[$0]) }
    }
    /// Converted content (no layout) once rendered, else the source body.
    public func content(ofSourcePath path: String) -> String? {
        render.stateIndexBySourcePath[path].map { JekyllReads.document($0); return render.states[$0].content }
    }
    /// The whole output once rendered.
    public func output(ofSourcePath path: String) -> String? {
        render.stateIndexBySourcePath[path].flatMap { JekyllReads.document($0); return render.states[$0].output }
    }
    /// A document's rendered excerpt.
    public func excerpt(ofSourcePath path: String) -> String? {
        render.stateIndexBySourcePath[path].map { JekyllReads.document($0); return render.excerpt(of: render.states[$0]) }
    }
    /// Renders Liquid with the build's engine, tags, filters and includes; `page` defaults to nil.
    public func renderLiquid(_ text: String, file: String, page: Value = .null, variables: LiquidHash = LiquidHash()) throws(LiquidError) -> String {
        let template = try render.engine.parse(text, file: file)
        var vars = LiquidHash()
        vars["site"] = site
        vars["page"] = page
        vars["jekyll"] = ["version": "4.3.1", "environment": .string(render.environment)]
        for (k, v) in variables.pairs { vars[k] = v }
        var registers = render.registers
        registers["jekyll.site"] = self
        registers["jekyll.page"] = page
        return try render.engine.render(template, variables: vars, registers: registers,
                                        fileSystem: PageIncludes(shared: render.includes, pagePath: file)).output
    }
}

extension JekyllSiteSource {
    /// A page that has no file (Jekyll's `PageWithoutAFile`), for generators: rendered like any page.
    /// `path` is where it would live in the source (`feed.xml`); `url` where it is served.
    public static func generatedPage(path: String, url: String, body: String, frontMatter: LiquidHash = LiquidHash(),
                                     source: URL) -> JekyllDocument {
        let name = (path as NSString).lastPathComponent
        let ext = "." + (name as NSString).pathExtension
        var output = url.hasPrefix("/") ? String(url.dropFirst()) : url
        if output.isEmpty || output.hasSuffix("/") { output += "index.html" }
        let layout = frontMatter["layout"].map(\.liquidString)
        return JekyllDocument(kind: .page, collection: nil, relativePath: path, sourceURL: source.appendingPathComponent(path),
                              frontMatter: frontMatter, bodyLine: 1, body: body, url: url,
                              outputPath: output.removingPercentEncoding ?? output, date: nil, utcOffset: 0,
                              slug: (name as NSString).deletingPathExtension, title: frontMatter["title"].map(\.liquidString),
                              categories: [], tags: [], layout: layout, published: true, ext: ext,
                              outputExt: ext == ".md" ? ".html" : ext, excerptSeparator: "", renderWithLiquid: true,
                              isMarkdown: ext == ".md" || ext == ".markdown", id: nil, name: name,
                              dir: url.hasSuffix("/") ? url : String(url[..<(url.lastIndex(of: "/").map { url.index(after: $0) } ?? url.startIndex)]),
                              modificationTime: Date())
    }
}
