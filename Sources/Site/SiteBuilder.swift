import Foundation
import Highlight
import Markdown

/// `galley build`: load → parse → render → write, with every error of the build reported together.
public struct SiteBuilder: Sendable {
    public static let generator = "Galley 0.1.0"
    public var options: BuildOptions

    public init(options: BuildOptions) { self.options = options }

    /// Builds the site into the output folder. Throws every error found; the old output is then untouched.
    public func build() async throws(BuildFailure) -> BuildReport {
        let started = Date()
        // Pages and feeds go into a staging folder as they are made; it replaces the output only at the end.
        let staging: OutputWriter.Staging
        do { staging = try OutputWriter.Staging(output: options.output) } catch {
            throw BuildFailure([BuildSession.writeError(options.output, error)])
        }
        let site: BuildSession.Assembled
        let session = BuildSession(options: options)
        // The session's caches (every document, render and page) serve only a next build, which a one-shot build
        // never makes: they are kept until the process ends, or freed on a background task.
        defer { ExitParking.keep(session, parked: options.processExitsAfter) }
        do {
            site = try await session.assemble(changed: nil, stream: staging)
        } catch {
            staging.discard()
            throw error
        }
        var report = site.report
        if options.strict, !report.warnings.isEmpty {
            staging.discard()
            throw BuildFailure(site.diagnostics.map { d in
                var e = d
                e.severity = .error
                return e
            })
        }
        do {
            try staging.write(site.files.filter { !site.streamed.contains($0.path) })
            try staging.copy(site.assets.map { (options.siteDirectory.appendingPathComponent($0.source), $0.path) })
            try staging.publish(paths: Set(site.files.map(\.path) + site.assets.map(\.path)))
            report.unchanged = staging.unchanged
        } catch {
            staging.discard()
            throw BuildFailure(site.diagnostics + [BuildSession.writeError(options.output, error)])
        }
        report.seconds = Date().timeIntervalSince(started)
        ExitParking.keep(site, parked: options.processExitsAfter)
        return report
    }

    /// The base path the site at `siteDirectory` is published under ("" or `/project`), from its settings
    /// (`--base-url` wins), for `galley serve` to serve under it; "" when the settings cannot be read.
    public static func basePath(siteDirectory: URL, baseURL: String? = nil) -> String {
        let sink = DiagnosticSink()
        guard var config = SiteConfig.load(siteDirectory: siteDirectory, diagnostics: sink) else { return "" }
        if let baseURL { applyBaseURL(baseURL, to: &config, sink: sink) }
        return config.basePath
    }

    /// Which source wrote each page of the built site (output path → site-relative source path), without
    /// rendering anything: `galley check` uses it to report a page's broken link at the Markdown that wrote it.
    public static func sourceMap(siteDirectory: URL) -> [String: String] {
        let sink = DiagnosticSink()
        guard let config = SiteConfig.load(siteDirectory: siteDirectory, diagnostics: sink) else { return [:] }
        let loader = ContentLoader(siteDirectory: siteDirectory, config: config)
        var map: [String: String] = [:]
        for rel in loader.list().markdown {
            if let doc = loader.load(rel, diagnostics: sink) { map[doc.permalink.outputPath] = rel }
        }
        return map
    }

    /// Line and column where the Markdown file at `path` writes `url` (as a link destination first).
    public static func locate(_ url: String, inFile path: URL) -> (line: Int, column: Int)? {
        guard let text = try? String(contentsOf: path, encoding: .utf8) else { return nil }
        return LinkAudit.position(of: url, in: text)
    }

    /// `content/images/a.png` → `images/a.png`; `templates/assets/x.css` → `assets/x.css`.
    static func assetPath(_ rel: String) -> String {
        String(rel.drop { $0 != "/" }.dropFirst())
    }

    static func applyBaseURL(_ base: String, to config: inout SiteConfig, sink: DiagnosticSink) {
        guard let c = URLComponents(string: base), let scheme = c.scheme, ["http", "https"].contains(scheme), let host = c.host else {
            sink.add(.error("--base-url", "`\(base)` is not an absolute http(s) URL", hint: "e.g. --base-url https://preview.example.org/blog"))
            return
        }
        config.origin = "\(scheme)://\(host)" + (c.port.map { ":\($0)" } ?? "")
        config.basePath = SiteConfig.normalizedBase(c.path)
    }

    /// The output folder is replaced whole, so it must not be (or contain) the sources; nor lie inside
    /// what the build reads (content/, templates/, i18n/), or each build copies the last one a level deeper.
    static func refuseUnsafeOutput(_ options: BuildOptions, _ sink: DiagnosticSink) {
        // The real path of the output's nearest existing folder, then the rest as named (it may not exist yet).
        var existing = options.output.standardizedFileURL, rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing = existing.deletingLastPathComponent()
        }
        let out = ([FileWalk.realPath(existing)] + rest).joined(separator: "/")
        let site = FileWalk.realPath(options.siteDirectory)
        for protected in [site, site + "/content", site + "/templates"] where protected == out || protected.hasPrefix(out + "/") {
            sink.add(.error(options.output.path, "the output folder would replace \(protected)",
                            hint: "choose an output folder of its own, e.g. --output \(site)/public"))
            return
        }
        for read in ["content", "templates", "i18n"] where out.hasPrefix(site + "/" + read + "/") {
            sink.add(.error(options.output.path, "the output folder is inside \(read)/, which the build reads: each build would copy the last one into itself",
                            hint: "choose an output folder outside \(read)/, e.g. --output \(site)/public"))
            return
        }
    }

    /// Each document's template. An unknown layout (say a Jekyll `layout: cv` whose Liquid file was left
    /// behind) is a warning at the `layout:` line and the page gets its kind's template; `strict`: an error.
    static func resolveLayouts(_ docs: [SourceDocument], templates: TemplateSet, strict: Bool = false, ownTheme: Bool = false,
                               sink: DiagnosticSink) -> [String] {
        var needed = Set<String>()
        // Most documents name no layout: their kind's template is noted once per kind, not once per document.
        var usedPost = false, usedPage = false
        let layouts = docs.map { doc -> String in
            let kindDefault = doc.kind == .post ? "post" : "page"
            guard var name = doc.layout else {
                if doc.kind == .post { usedPost = true } else { usedPage = true }
                return kindDefault
            }
            // Jekyll sites say `layout: default` or `layout: post`; without such a template, use the kind's.
            if name == "default" && !templates.has("default") { name = kindDefault }
            if !templates.has(name) {
                let names = templates.names.filter { !$0.contains("/") }.sorted()
                let near = Suggest.nearest(name, in: names).map { "did you mean `\($0)`? " } ?? ""
                sink.add(SiteDiagnostic(strict ? .error : .warning, file: doc.sourcePath, line: doc.layoutLine, column: 1,
                                        "unknown layout `\(name)`; the page uses the `\(kindDefault)` template",
                                        hint: near + "create templates/\(name).liquid or use one of: " + names.joined(separator: ", ")))
                needed.insert(kindDefault)
                return kindDefault
            }
            return name
        }
        if usedPost { needed.insert("post") }
        if usedPage { needed.insert("page") }
        if !ownTheme { needed.insert("home") }   // `theme: own` has no post list of Galley's
        for name in needed.sorted() where !templates.has(name) {
            sink.add(.error("templates/\(name).liquid", "template `\(name)` is missing",
                            hint: "every site needs templates/home.liquid, post.liquid and page.liquid; `galley init` writes them"))
        }
        return layouts
    }

    /// Renders every body in parallel; Markdown and highlighter warnings get file lines.
    /// `releaseBodies`: drop each Markdown text once rendered (a one-shot build never renders it again).
    /// `images`: the site's image files, for image sizes.
    /// `siteLanguages`: the labels of every post's fences (the site's language mix, for detecting unlabelled
    /// ones); nil counts those of `docs`.
    /// `sourceURLs`: each document's URL by its file (`content/posts/x.md`), for links to source files.
    static func renderMarkdown(_ docs: [SourceDocument], config: SiteConfig, images: ImageFiles, releaseBodies: Bool = false,
                               siteLanguages: [String: Int]? = nil, sourceURLs: [String: String] = [:]) async -> [(RenderedDocument, [SiteDiagnostic])] {
        let highlighter = Highlighter()
        let detecting: Bool
        switch config.unlabeled { case .auto, .fallback: detecting = true; default: detecting = false }
        // Detection's tables built while the posts are read, before the first unlabelled fence waits for them.
        if detecting { Highlighter.prepareDetection() }
        let mix = detecting ? (siteLanguages ?? CodeContext.siteLanguages(docs.lazy.map(\.body))) : [:]
        let mixPrint = DetectionContext.siteSignature(mix)
        return await parallelMap(docs) { doc in
            let usedMix = Flag()
            let code = CodeRegions()
            // What the post says about its unlabelled fences: its other labels, title, tags and categories.
            let markdownSource = doc.body
            // Made at the first unlabelled fence: most posts have none, and the labels are a scan of the whole body.
            let postContext = Deferred<DetectionContext?> {
                detecting
                    ? DetectionContext(postLanguages: CodeContext.fenceLabels(markdownSource), siteLanguages: mix, title: doc.title, tags: doc.tags + doc.categories)
                    : nil
            }
            let local = DiagnosticSink()
            let charts = ChartBlocks.Collector(dataLabel: doc.language.phrase("chart_data"), sourceLabel: doc.language.phrase("diagram_source"))
            var options = config.markdown
            options.quotes = doc.language.quotes   // « » in French, „ “ in German
            options.calloutTitles = doc.language.calloutTitles
            options.plainText = config.search.enabled   // the search index's text, made while the HTML is at hand
            var renderer = MarkdownRenderer(options: options) { block in
                if let chart = ChartBlocks.fence(block, file: doc.sourcePath, lineOffset: doc.bodyLineOffset, collector: charts, sink: local) {
                    return chart
                }
                if let diagram = DiagramBlocks.fence(block, file: doc.sourcePath, lineOffset: doc.bodyLineOffset, collector: charts, sink: local) {
                    return diagram
                }
                var context: DetectionContext?
                if block.language == nil, var c = postContext.value {
                    usedMix.set()
                    c.prose = CodeContext.prose(before: block.line, in: markdownSource)
                    context = c
                }
                let opts = HighlightOptions(lineNumbers: block.attributes["linenos"] != nil,
                                            highlightedLines: block.highlightedLines, title: block.attributes["title"],
                                            unlabeled: config.unlabeled, context: context)
                let result = highlighter.highlight(block.code, language: block.language, options: opts)
                if !result.languageKnown, let lang = block.language {
                    let d = SiteDiagnostic(config.strictLanguages ? .error : .warning, file: doc.sourcePath,
                                           line: block.line + doc.bodyLineOffset, column: 1,
                                           "unknown code block language `\(lang)`; rendered as plain text",
                                           hint: "`galley highlight --list` shows the languages and aliases")
                    local.add(d)
                }
                let html = MarkdownRenderer.addingAttributes(block.htmlAttributes, toWrapper: result.html)
                code.add(html: html, code: block.code)
                return html
            }

            for liquid in LiquidScan.find(in: doc.body) {
                local.add(.warning(doc.sourcePath, line: liquid.line + doc.bodyLineOffset, column: liquid.column,
                                   "Liquid is not run; `\(liquid.text)` shows as text",
                                   hint: "Galley does not run Liquid: write the value itself, or `\\\(liquid.text)` to show it as text on purpose"))
            }
            var body = doc.body
            if config.repairEncoding {
                body = Mojibake.repaired(body)
            } else {
                for m in Mojibake.find(in: body) {
                    local.add(.warning(doc.sourcePath, line: m.line + doc.bodyLineOffset, column: m.column,
                                       "text looks double-encoded (UTF-8 read as Windows-1252); meant: \(m.repaired.trimmingCharacters(in: .whitespaces))",
                                       hint: "fix the file (save it as UTF-8 once), or set `markdown.repair_encoding: true` in \(config.file) to repair it in the output"))
                }
            }
            let (cleaned, controls) = ControlCharacters.removing(from: body)
            body = cleaned
            for c in controls {
                local.add(.warning(doc.sourcePath, line: c.line + doc.bodyLineOffset, column: c.column,
                                   "\(c.count == 1 ? "a control character" : "\(c.count) control characters") (U+\(String(c.first, radix: 16, uppercase: true).leftPadded(4))\(c.count > 1 ? "…" : "")) removed: pages and feeds cannot carry \(c.count == 1 ? "it" : "them")",
                                   hint: "delete \(c.count == 1 ? "it" : "them") from the file (often pasted from a terminal or a PDF)"))
            }
            let source = body
            let usedImages = ImageFiles.Used()
            renderer.imageFile = images.hook(pageURL: doc.permalink.url, used: usedImages)
            renderer.tableRenderer = { table in
                ChartBlocks.table(table, body: source, file: doc.sourcePath, lineOffset: doc.bodyLineOffset, collector: charts, sink: local)
            }
            let out = renderer.render(body)
            if releaseBodies { doc.releaseBody() }
            for d in out.diagnostics {
                local.add(SiteDiagnostic(d.severity == .error ? .error : .warning, file: doc.sourcePath,
                                         line: d.line + doc.bodyLineOffset, column: d.column, d.message, hint: d.hint))
            }
            // Links to source files (`[b](2016-01-05-b.md)`) become those pages' URLs.
            let (linked, sourceLinks) = SourceLinks.apply(out.html, from: doc.sourcePath, urls: sourceURLs)
            let excerptLinked = SourceLinks.apply(out.excerptHTML, from: doc.sourcePath, urls: sourceURLs).html
            let based = BasePathLinks.apply(linked, basePath: config.basePath)
            var regions = code.regions(in: based, at: out.codeBlockRanges)
            let html = ScrollBoxes.apply(based, code: &regions)
            let excerpt = ScrollBoxes.apply(ExcerptLinks.rootRelative(BasePathLinks.apply(excerptLinked, basePath: config.basePath),
                                                                      pageURL: config.url(doc.permalink.url)))
            let (refs, ids) = LinkAudit.references(html: html, skipping: code.quoteless(code.verified(regions, in: html)))
            let rendered = RenderedDocument(source: doc, html: html, excerptHTML: excerpt, excerptText: out.excerptText,
                                            headings: out.headings, wordCount: out.wordCount, config: config, references: refs, ids: ids,
                                            hasTableOfContents: out.hasTableOfContents, charts: charts.files,
                                            images: usedImages.all, text: out.text, sourceLinks: sourceLinks,
                                            siteMix: usedMix.isSet ? mixPrint : nil)
            return (rendered, local.all)
        }
    }

    /// Two sources for one output file is an error naming both. Generated pages (home, tags, feeds)
    /// give way to a user's own file at the same place, which is how a theme default is overridden.
    /// Returns the positions in `files` of the generated files that give way (remove them with `dropping`).
    static func collisions(files: [OutputFile], assets: [(source: String, path: String)], sink: DiagnosticSink) -> Set<Int> {
        var owner: [String: String] = [:]
        owner.reserveCapacity(files.count + assets.count)
        var userPaths = Set<String>()
        var generated: [Int] = []
        for (i, f) in files.enumerated() {
            guard f.source.utf8.starts(with: "content/".utf8) else { generated.append(i); continue }
            if let first = owner[f.path] {
                sink.add(.error(f.source, "`\(first)` and `\(f.source)` both write \(f.path)",
                                hint: "give one of them another `permalink:` or file name"))
            } else { owner[f.path] = f.source; userPaths.insert(f.path) }
        }
        for a in assets {
            if let first = owner[a.path] {
                sink.add(.error(a.source, "`\(first)` and `\(a.source)` both write \(a.path)",
                                hint: "rename or move one of them"))
            } else { owner[a.path] = a.source; userPaths.insert(a.path) }
        }
        // A page may stand in for a generated page (home, 404, a tag page), never for a feed, the sitemap
        // or the search index (HTML where a reader or crawler wants XML or JSON); a post replaces nothing.
        var refused = Set<Int>()
        for i in generated where userPaths.contains(files[i].path) {
            let path = files[i].path
            guard let writer = owner[path], writer.hasSuffix(".md") || writer.hasSuffix(".markdown") else { continue }
            let isPost = writer.hasPrefix("content/posts/") || writer.hasPrefix("content/drafts/")
            guard isPost || !path.hasSuffix(".html") else { continue }
            refused.insert(i)
            sink.add(.error(writer, line: 1, column: 1, "`\(writer)` would replace the \(files[i].source) at /\(path)",
                            hint: isPost ? "a post never replaces a generated page; give it another `slug:` or `permalink:`"
                                         : "a page may replace a generated page, not a feed, the sitemap or the search index; give it another `permalink:`"))
        }
        return Set(generated.filter { userPaths.contains(files[$0].path) && !refused.contains($0) })
    }

    /// Two documents at one output file, found right after loading, before their feeds repeat the
    /// clash as duplicate entries: one error at the second, naming the first.
    static func documentCollisions(_ docs: [SourceDocument], sink: DiagnosticSink) {
        var owner: [String: String] = [:]
        for d in docs {
            if let first = owner[d.permalink.outputPath] {
                sink.add(.error(d.sourcePath, line: 1, column: 1, "`\(first)` and `\(d.sourcePath)` both write \(d.permalink.outputPath)",
                                hint: "give one of them another `permalink:`, `slug:` or file name"))
            } else { owner[d.permalink.outputPath] = d.sourcePath }
        }
    }

    /// A page written where page 1 of the post list goes (a Jekyll CV at `content/index.md`) wins, as any
    /// user file over a generated one; but then the newest posts are on no list page, so say so.
    static func warnIfListReplaced(_ docs: [RenderedDocument], config: SiteConfig, sink: DiagnosticSink) {
        if config.theme.own { return }   // no post list of Galley's to replace
        let listURL = config.postListURL(page: 1)
        let listPath = PageAssembler.filePath(listURL)
        for d in docs where d.source.permalink.outputPath == listPath && d.source.kind == .page {
            sink.add(.warning(d.source.sourcePath, line: 1, column: 1,
                              "this page replaces page 1 of the post list (templates/home.liquid) at \(config.url(listURL)); the newest posts are on no list page",
                              hint: "move the post list with `paginate_path: /blog/page-:num/` in \(config.file) (page 1 at /blog/), or give this page another `permalink:`"))
        }
    }

    /// `files` without the positions in `removed` (usually none: then nothing moves).
    static func dropping(_ removed: Set<Int>, from files: [OutputFile]) -> [OutputFile] {
        removed.isEmpty ? files : files.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
    }
}

extension String {
    /// `"1B"` → `"001B"`.
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
