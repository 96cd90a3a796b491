import Feed
import Foundation
import Highlight
import Search

/// A site being built again and again (by `galley serve`), keeping what did not change.
///
/// A clean `galley build` runs the same code with empty caches, so an incremental result is the same
/// as a clean one by construction: caches are keyed by fingerprints of everything a result is made
/// from (file bytes, template revisions, neighbours), never by "what the watcher said changed".
public actor BuildSession {
    public let options: BuildOptions

    private var configBytes: Data?
    private var loaded: [String: (doc: SourceDocument?, diagnostics: [SiteDiagnostic])] = [:]
    /// `loaded` in the order of `listedSources.sources`, and each source's place there (empty until a
    /// build loaded them all): a save finds its few files by place, not every file by path.
    private var loadedInOrder: [(doc: SourceDocument?, diagnostics: [SiteDiagnostic])] = []
    private var sourcePlaces: [String: Int] = [:]
    /// The output's HTML files counted for the report, by the print of the output paths.
    private var htmlCount: (pathsPrint: Int, count: Int)?
    /// The last build's feed jobs and the posts in any of them (see `makeFeeds`).
    var feedPlan: (jobs: [FeedBuilder.FeedJob], inFeeds: [Int])?
    var rendered: [String: (fingerprint: Int, doc: RenderedDocument, diagnostics: [SiteDiagnostic])] = [:]
    /// The last render's documents in order, and each source's URL by path (see `render`).
    var renderOrder: [RenderEntry] = []
    var lastSourceURLs: [String: String] = [:]
    var feedHTML: [String: (fingerprint: Int, html: String)] = [:]
    private var pageCache: [String: CachedPage] = [:]
    /// The last build's pages in order, and its generated pages' jobs (see `PageAssembler.pages`).
    private var lastPages = PageAssembler.LastPages()
    private var generatedJobs: PageAssembler.GeneratedJobs? = nil
    var feedCache: [String: CachedFeed] = [:]
    /// Related posts depend only on which post has which tags, in order: kept while that is unchanged.
    private var relatedCache: (signature: Int, related: [[Int]])? = nil
    private var structureCache: PageAssembler.Structure? = nil
    /// Feed items as written, reused while an item is unchanged (they depend on settings too: reset with them).
    var feedFragments = FeedFragmentCache()
    /// Settings, templates and the source listing of the last build, reused while nothing they come from changed.
    private var settings: (config: SiteConfig, diagnostics: [SiteDiagnostic])?
    private var templateSet: (templates: TemplateSet, diagnostics: [SiteDiagnostic], settings: String)?
    private var contentListing: (listing: ContentLoader.Listing, paths: Set<String>, folders: Set<String>)?
    /// The listing's drafts left out (without `--drafts`) and the sources read, kept with the listing.
    private var listedSources: (skippedDrafts: [String], sources: [String]) = ([], [])
    private var sitemap: (signature: Int, files: [OutputFile])?
    private var searchIndex: (signature: Int, files: [OutputFile])?
    private var linkAudit = LinkAuditMemo()
    var fenceLabels = FenceLabelMemo()
    /// The last index's counted runs, shards and fragment files: a save recounts only its run.
    private var searchReuse: SearchFiles.Kept?
    private var syntaxCSS: (theme: String, css: Data)?
    /// An assemble failed since the last write: caches may hold results that never reached the disk,
    /// so the next write compares every file instead of trusting `fresh`.
    var unwrittenResults = false
    var collisions: (signature: Int, removed: Set<Int>, diagnostics: [SiteDiagnostic],
                     paths: [String], sources: [String], rawSources: [String], assets: [(source: String, path: String)])?
    var documentClashes: (docs: [SourceDocument], diagnostics: [SiteDiagnostic])?
    /// Validation's text checks by content, shared by every feed (they depend on the text alone).
    let feedMemo = TextCheckMemo()
    /// What the last successful incremental write left in the output folder.
    var written: [String: Data]? = nil
    /// The paths print (`Assembled.pathsPrint`) of what `written` holds.
    var writtenPrint = 0
    var copiedAssets: [String: (source: String, stamp: String)] = [:]
    /// The last written files and the pages they begin with (see `pageFiles`).
    var keptFiles: (files: [OutputFile], pagesSerial: Int, pages: Int)?

    public init(options: BuildOptions) { self.options = options }

    var lastWork = Work()

    /// How many things the session keeps between builds (documents, pages, feeds, written files,
    /// index parts): a count that must not grow with the number of saves.
    var heldCount: Int {
        loaded.count + rendered.count + feedHTML.count + pageCache.count + feedCache.count + (written?.count ?? 0)
            + (searchIndex?.files.count ?? 0) + (searchReuse?.heldCount ?? 0) + copiedAssets.count + fenceLabels.count
    }

    /// `templates/assets/*` of the built-in theme, as output paths and bytes.
    static let builtInAssets: [(String, Data)] = DefaultTheme.files.filter { $0.key.hasPrefix("assets/") }
        .sorted { $0.key < $1.key }.map { ($0.key, Data($0.value.utf8)) }
    /// The built-in assets were written by an earlier rebuild of this session (they never change).
    private var builtInWritten = false

    /// Where the current phase began (`GALLEY_TRACE`).
    var phaseStart = (wall: DispatchTime.now(), cpu: BuildSession.cpuMicroseconds())
    struct Assembled: Sendable {
        var files: [OutputFile]
        /// Paths made anew by this assemble; every other file's bytes are as the previous assemble made them.
        var fresh: Set<String>
        /// Paths already written into the staging folder (their `data` here is empty).
        var streamed: Set<String> = []
        /// `files` begin with the pages of this `LastPages.serial` (a session's build that dropped no file), as many as `pages`.
        var pagesSerial: Int? = nil
        var pages = 0
        /// A print of the files' and assets' paths (and sources): equal prints, the same paths.
        var pathsPrint = 0
        var assets: [(source: String, path: String)]
        var diagnostics: [SiteDiagnostic]
        var report: BuildReport
    }

    /// Loads, renders and lays out the whole site. `changed` are site-relative paths known to have changed
    /// since the last call (nil: anything may have). Throws every error found.
    ///
    /// With `stream` (a one-shot build), pages and feeds are written into the staging folder as soon as they
    /// are made and their bytes dropped, so the whole site is never in memory at once; `Assembled.streamed`
    /// names them. Nothing is cached between calls then.
    func assemble(changed: Set<String>?, stream: OutputWriter.Staging? = nil) async throws(BuildFailure) -> Assembled {
        let sink = DiagnosticSink()
        lastWork = Work()
        if feedMemo.count > 100_000 { feedMemo.removeAll() }   // a long serve session: keep memory bounded
        let itemsCheckedBefore = feedMemo.itemsChecked
        phase("start")
        let configFile = ["site.yml", "_config.yml"].map { options.siteDirectory.appendingPathComponent($0) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
        // The word files are settings too: a changed `i18n/es.yml` touches every page in Spanish.
        let bytes = configFile.flatMap { FileManager.default.contents(atPath: $0.path) }.map { $0 + SiteLanguages.fileBytes(options.siteDirectory) }
        // `data/` is read with the settings (`site.data`, which any template may show): a saved data file reloads them.
        let dataSaved = changed?.contains { $0 == SiteData.folder || $0.hasPrefix(SiteData.folder + "/") } ?? false
        if bytes != configBytes || configFile?.lastPathComponent != settings?.config.file || dataSaved {
            // Settings touch every page: start over.
            configBytes = bytes
            settings = nil
            loaded = [:]; loadedInOrder = []; rendered = [:]; renderOrder = []; lastSourceURLs = [:]; feedHTML = [:]; feedPlan = nil; pageCache = [:]; lastPages = PageAssembler.LastPages(); generatedJobs = nil; feedCache = [:]; feedFragments = FeedFragmentCache(); sitemap = nil; searchIndex = nil; searchReuse = nil
            linkAudit = LinkAuditMemo()
            syntaxCSS = nil
            relatedCache = nil
            structureCache = nil
        }
        var config: SiteConfig
        if let (kept, diags) = settings, bytes == configBytes {
            config = kept; sink.add(contentsOf: diags)
        } else {
            let local = DiagnosticSink()
            guard let loadedConfig = SiteConfig.load(siteDirectory: options.siteDirectory, diagnostics: local) else {
                settings = nil; throw BuildFailure(local.all)
            }
            config = loadedConfig; settings = (config, local.all); sink.add(contentsOf: local.all)
        }
        config.symlinkRoots = options.allowSymlinksTo.map { FileWalk.realPath(URL(fileURLWithPath: $0)) }
        if let base = options.baseURL { SiteBuilder.applyBaseURL(base, to: &config, sink: sink) }
        if feedFragments.keepsCleanedItems != (config.feedFormats.count > 1) {
            feedFragments = FeedFragmentCache(keepsCleanedItems: config.feedFormats.count > 1)
        }
        SiteBuilder.refuseUnsafeOutput(options, sink)
        var templates: TemplateSet?
        // The templates' engine knows the site's URL and time zone (`relative_url`, `date`): kept while they hold.
        let templateSettings = "\(config.origin)|\(config.basePath)|\(config.timeZone.identifier)"
        let templateLoad: Task<(TemplateSet?, [SiteDiagnostic]), Never>?
        if let kept = templateSet, kept.settings == templateSettings, let changed,
           !changed.contains(where: { $0 == "templates" || $0.hasPrefix("templates/") }) {
            templates = kept.templates; sink.add(contentsOf: kept.diagnostics); templateLoad = nil
        } else {
            // Parsed on another core while the content is listed and read (neither needs the other): on one
            // thread it was about 8 ms of a cold 1000-post build that nothing else ran beside.
            let (directory, settings) = (options.siteDirectory, config)
            templateLoad = Task.detached {
                let local = DiagnosticSink()
                let loaded = TemplateSet.load(siteDirectory: directory, config: settings, allowedRoots: settings.symlinkRoots, diagnostics: local)
                return (loaded, local.all)
            }
        }
        let loader = ContentLoader(siteDirectory: options.siteDirectory, config: config)
        let listing: ContentLoader.Listing
        let listingChanged: Bool
        if let kept = contentListing, let changed, Self.listingUnchanged(kept, by: changed, siteDirectory: options.siteDirectory) {
            listing = kept.listing; listingChanged = false
        } else {
            listing = loader.list(); listingChanged = true
            let paths = Set(listing.markdown).union(listing.assets)
            contentListing = (listing, paths, Self.folders(of: paths))
            // Drafts are not even read without --drafts (as Jekyll): a draft cannot fail the build it is not part of.
            let skipped = options.includeDrafts ? [] : listing.markdown.filter { $0.utf8.starts(with: "content/drafts/".utf8) }
            listedSources = (skipped, skipped.isEmpty ? listing.markdown : listing.markdown.filter { !$0.utf8.starts(with: "content/drafts/".utf8) })
        }
        SiteBuilder.reportRefusedLinks(listing.refused, settingsFile: config.file, sink: sink)
        phase("config+list")

        // Load what is new or changed; keep the rest.
        let touched = changed.map(Touched.init)
        let (skippedDrafts, sources) = listedSources
        // The same listing, every source loaded before, no folder saved: the saved files are found by place;
        // looking every source up by path was a twentieth of a one-post save at 5000 posts.
        let inOrder = !listingChanged && loadedInOrder.count == sources.count
        let stale: [String]
        if inOrder, let touched, !touched.paths.contains(where: { sourcePlaces[$0] == nil && Self.isFolder(options.siteDirectory.appendingPathComponent($0)) }) {
            stale = touched.paths.compactMap { sourcePlaces[$0] }.sorted().map { sources[$0] }
        } else {
            stale = sources.filter { rel in loaded[rel] == nil || touched?.covers(rel) ?? true }
        }
        let reloaded = await parallelMap(stale) { rel -> (String, SourceDocument?, [SiteDiagnostic]) in
            let local = DiagnosticSink()
            let doc = loader.load(rel, diagnostics: local)
            return (rel, doc, local.all)
        }
        for (rel, doc, diags) in reloaded { loaded[rel] = (doc, diags) }
        if let templateLoad {
            let (loadedTemplates, diagnostics) = await templateLoad.value
            templates = loadedTemplates
            templateSet = loadedTemplates.map { ($0, diagnostics, templateSettings) }
            sink.add(contentsOf: diagnostics)
        }
        phase("load")
        if listingChanged {   // (only sources are ever loaded: drafts left out never enter the table)
            let present = Set(sources)
            loaded = loaded.filter { present.contains($0.key) }
        }
        if inOrder {
            for (rel, doc, diags) in reloaded { loadedInOrder[sourcePlaces[rel]!] = (doc, diags) }
        } else {
            sourcePlaces = Dictionary(sources.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            loadedInOrder = sources.map { loaded[$0] ?? (nil, []) }
        }
        var report = BuildReport(outputDirectory: options.output)
        let now = options.now ?? Date()
        var docs: [SourceDocument] = []
        report.heldBack = skippedDrafts.map { .init(source: $0, reason: "draft", due: nil) }
        for entry in loadedInOrder {
            sink.add(contentsOf: entry.diagnostics)
            guard let doc = entry.doc else { continue }
            // Drafts and scheduled posts stay out unless asked for; the summary says what was held back.
            if doc.draft && !options.includeDrafts {
                report.heldBack.append(.init(source: doc.sourcePath, reason: "draft", due: nil)); continue
            }
            if doc.kind == .post, let d = doc.date, d > now, !options.includeFuture {
                report.heldBack.append(.init(source: doc.sourcePath, reason: "scheduled", due: d)); continue
            }
            docs.append(doc)
        }
        phase("docs")
        SiteLanguages.warnUnsupported(docs, config: config, sink: sink)
        guard let templates else { throw BuildFailure(sink.all) }
        let layouts = SiteBuilder.resolveLayouts(docs, templates: templates, strict: options.strict,
                                                 ownTheme: config.theme.own, sink: sink)
        documentCollisions(docs, sink: sink)
        if sink.hasErrors { throw BuildFailure(sink.all) }

        phase("layouts")
        let images = ImageFiles(siteDirectory: options.siteDirectory, assets: listing.assets, basePath: config.basePath)
        // No file added, gone or saved among the assets: every image a kept page used is as it was.
        let assetsUnchanged = !listingChanged && touched.map { t in !listing.assets.contains(where: t.covers) } ?? false
        let renderedDocs = await render(docs, config: config, images: images, assetsUnchanged: assetsUnchanged,
                                        releaseBodies: stream != nil, sink: sink)
        phase("render")
        let assembler = PageAssembler(config: config, templates: templates, documents: renderedDocs, layouts: layouts,
                                      relatedCache: relatedCache, structureCache: structureCache)
        relatedCache = (assembler.tagSignature, assembler.related)
        structureCache = assembler.structure
        lastWork.postsIndexed = assembler.structureReused ? 0 : assembler.posts.count
        sink.add(contentsOf: assembler.seriesDiagnostics)
        SiteBuilder.warnIfListReplaced(assembler.pageDocuments, config: config, sink: sink)   // (only a page can)
        phase("assembler")
        // A user's file wins over a generated one at its path (see `SiteBuilder.collisions`): when streaming,
        // generated files there are never written.
        let userPaths: Set<String> = stream == nil ? [] : Set(renderedDocs.lazy.map(\.source.permalink.outputPath))
            .union(listing.assets.lazy.map(SiteBuilder.assetPath))
        let writable: @Sendable (OutputFile) -> Bool = { f in f.source.utf8.starts(with: "content/".utf8) || !userPaths.contains(f.path) }
        let pageWrites = WriteState()
        var emit: (@Sendable (OutputFile) -> OutputFile)? = nil
        if let staging = stream {
            // Streaming: each page goes to disk from the task that rendered it; only its path is kept.
            emit = { file in
                if writable(file) {
                    do { try staging.writeHere([file]) } catch { pageWrites.fail(error) }
                }
                return file.written
            }
        }
        // Feeds need only the posts and terms: they are made while the pages are (page writes wait on the
        // kernel, and feed work fills those gaps on the same cores).
        let feedBuilder = FeedBuilder(config: config, siteDirectory: options.siteDirectory)
        // The jobs are kept while the post order and term lists are (their titles and folders are strings to make).
        let feedJobs: [FeedBuilder.FeedJob]
        if assembler.structureReused, let kept = feedPlan {
            feedJobs = kept.jobs
        } else {
            feedJobs = feedBuilder.jobs(assembler.posts, terms: assembler.terms)
        }
        // The search index too (nil: the last one still holds).
        // (A one-shot build keeps nothing for next time: no signature to compare.)
        let searchSignature = stream == nil ? SearchFiles.signature(posts: assembler.posts, all: renderedDocs, config: config) : 0
        let searchStale = stream != nil || searchIndex?.signature != searchSignature
        let searchPosts = assembler.posts, reuse = searchReuse
        // Streaming, the index's files are written by the task that made them, while the pages are rendered:
        // written after the pages, they were the longest part of the build's tail (about 40 ms on one core at
        // 1000 posts, as the links were checked on the other).
        let searchWrites = WriteState(), searchConfig = config
        async let searchMade: (files: [OutputFile], made: [String], kept: SearchFiles.Kept?)? = {
            guard searchStale else { return nil }
            var made = await SearchFiles.files(posts: searchPosts, all: renderedDocs, config: searchConfig,
                                               reusing: stream == nil ? reuse : nil, keep: stream == nil)
            if let staging = stream {
                do { try staging.writeHere(made.files.filter(writable)) } catch { searchWrites.fail(error) }
                made.files = made.files.map(\.written)
            }
            return made
        }()
        async let feedsMade = makeFeeds(feedBuilder, jobs: feedJobs, posts: assembler.posts, stream: stream.map { ($0, userPaths) })
        // Taken from the session (it is updated in place, and put back below); what is left of it is freed off the save's path.
        var last = lastPages
        lastPages = PageAssembler.LastPages()
        let lastSerial = last.serial
        let (made, renderedPages, generated, pageLookups) = await assembler.pages(cache: pageCache, last: &last, generated: generatedJobs, emit: emit)
        let pages = made.pages
        lastWork.pagesLookedUp = pageLookups
        lastWork.summariesMade = made.summaries?.made ?? 0
        lastWork.generatedJobsMade = generatedJobs?.key == generated.key ? 0 : generated.jobs.count
        // Template warnings and errors at their template lines: the sink reports each once, not once per page.
        for page in pages where !page.diagnostics.isEmpty { sink.add(contentsOf: page.diagnostics) }
        phase("pages")
        if let problem = pageWrites.problem { throw BuildFailure(sink.all + [Self.writeError(options.output, problem)]) }
        // Only what was made anew can differ from the last output; the rest is known unchanged.
        var fresh = Set(renderedPages.map { pages[$0].file.path })
        lastWork.pagesRendered = renderedPages.map { pages[$0].file.path }
        var files = stream == nil ? pageFiles(made, from: lastSerial) : pages.map { $0.file }
        var streamed = Set<String>()
        if stream != nil {
            streamed.formUnion(files.lazy.filter(writable).map { $0.path })
        } else {
            lastPages = made
            generatedJobs = generated
            for i in renderedPages { pageCache[pages[i].file.path] = pages[i] }
            if pageCache.count != pages.count {   // pages went away (every current path is in the cache now)
                pageCache = Dictionary(pages.map { ($0.file.path, $0) }, uniquingKeysWith: { a, _ in a })
            }
        }
        if syntaxCSS?.theme != config.highlightTheme {
            syntaxCSS = (config.highlightTheme, Data((Highlighter.css(theme: config.highlightTheme) ?? "").utf8))
            fresh.insert("assets/syntax.css")
        }
        files.append(OutputFile(path: "assets/syntax.css", data: syntaxCSS!.css, source: "highlight theme `\(config.highlightTheme)`"))
        // The built-in theme's assets, where the site has no file of its own at that path (as its templates).
        let ownAssets = Set(listing.assets.map(SiteBuilder.assetPath))
        for (path, data) in Self.builtInAssets where !ownAssets.contains(path) {
            files.append(OutputFile(path: path, data: data, source: "built-in theme"))
            if !builtInWritten { fresh.insert(path) }
        }
        builtInWritten = stream == nil
        // Charts' and diagrams' standalone SVG files (feeds show them as images).
        var chartPaths = Set<String>()
        for doc in renderedDocs where !doc.charts.isEmpty {   // (sorting every document's empty table was a visible part of a save)
            for (path, svg) in doc.charts.sorted(by: { $0.key < $1.key }) where chartPaths.insert(path).inserted {
                files.append(OutputFile(path: path, data: Data(svg.utf8), source: doc.source.sourcePath))
            }
        }

        let feeds = await feedsMade
        lastWork.feedItemsChecked = feedMemo.itemsChecked - itemsCheckedBefore
        var madeFeeds: [CachedFeed] = []
        for f in feeds {
            sink.add(contentsOf: f.diagnostics)
            if feedCache[f.dir]?.fingerprint != f.fingerprint {
                fresh.formUnion(f.files.map(\.path))
                lastWork.feedsMade.append(f.dir)
                madeFeeds.append(f)
            }
            if stream != nil { streamed.formUnion(f.files.lazy.map(\.path).filter { !userPaths.contains($0) }) }
            files += f.files
        }
        if stream == nil {
            // The feeds made anew go in; the table is made again only when some feed went (a term gone or renamed).
            for f in madeFeeds { feedCache[f.dir] = f }
            if feedCache.count != feeds.count { feedCache = Dictionary(feeds.map { ($0.dir, $0) }, uniquingKeysWith: { a, _ in a }) }
        }
        phase("feeds")
        let siteFiles = SiteFiles(config: config)
        let mapSignature = siteFiles.signature(documents: renderedDocs, posts: assembler.posts, terms: assembler.terms)
        if let kept = sitemap, kept.signature == mapSignature {
            files += kept.files
        } else {
            let made = siteFiles.files(documents: renderedDocs, posts: assembler.posts, terms: assembler.terms)
            sitemap = (mapSignature, made)
            files += made
            fresh.formUnion(made.map(\.path))
        }
        phase("sitefiles")
        if let kept = searchIndex, kept.signature == searchSignature {
            files += kept.files
        } else {
            let (made, madeAnew, reuse) = await searchMade ?? ([], [], nil)
            if let problem = searchWrites.problem { throw BuildFailure(sink.all + [Self.writeError(options.output, problem)]) }
            if stream != nil {
                streamed.formUnion(made.lazy.filter(writable).map(\.path))
            } else {
                searchIndex = (searchSignature, made)
                searchReuse = reuse
                lastWork.searchDocumentsCounted = reuse?.index.countedDocuments ?? 0
                lastWork.searchPostingsRead = reuse?.index.postingsRead ?? 0
            }
            files += made
            fresh.formUnion(madeAnew)
            lastWork.searchFilesMade = madeAnew
        }
        phase("search")

        SiteBuilder.warnAboutTemplatedAssets(listing.assets, siteDirectory: options.siteDirectory, sink: sink)
        let assets = listing.assets.map { (source: $0, path: SiteBuilder.assetPath($0)) }
        // Old URLs (aliases, redirect_from): checked against every page and generated file first.
        let aliases = Aliases.collect(renderedDocs, generated: { Set(files.lazy.filter { !$0.source.utf8.starts(with: "content/".utf8) }.map(\.path)) },
                                      siteDirectory: options.siteDirectory, sink: sink)
        let aliasFiles = Aliases.files(aliases, config: config, hasOwnRedirects: assets.contains { $0.path == "_redirects" })
        fresh.formUnion(aliasFiles.map(\.path))
        files += aliasFiles
        let unresolved = files.count
        let pathsPrint = resolveCollisions(&files, assets: assets, sink: sink)
        // (Nothing is thrown while the index is being written: the staging folder may go after a throw.)
        if sink.hasErrors { throw BuildFailure(sink.all) }
        if stream == nil {
            // A session checks again only the links whose findings can differ (see `LinkAuditMemo`).
            sink.add(contentsOf: linkAudit.audit(renderedDocs, files: files, assets: assets, pathsPrint: pathsPrint, config: config,
                                                 siteDirectory: options.siteDirectory))
            lastWork.linksChecked = linkAudit.checked
            lastWork.pagesIdsIndexed = linkAudit.idsIndexed
            report.suggestionComputations = linkAudit.computations
        } else {
            let audit = LinkAudit.auditCounting(renderedDocs, outputPaths: Set(files.lazy.map(\.path)).union(assets.lazy.map(\.path)), config: config,
                                                siteDirectory: options.siteDirectory)
            sink.add(contentsOf: audit.diagnostics)
            report.suggestionComputations = audit.computations
        }
        if !templates.ownLinks.isEmpty {
            let paths = Set(files.lazy.map(\.path)).union(assets.lazy.map(\.path))
            sink.add(contentsOf: TemplateLink.audit(templates.ownLinks, outputPaths: paths,
                                                    pageURLs: TemplateLink.pageURLs(paths, basePath: config.basePath), config: config))
        }
        phase("links")
        report.posts = assembler.posts.count
        // Counted again only when the output paths moved (equal prints, equal paths).
        if htmlCount?.pathsPrint != pathsPrint {
            htmlCount = (pathsPrint, files.reduce(0) { n, f in n + (f.path.utf8.last == UInt8(ascii: "l") && f.path.hasSuffix(".html") ? 1 : 0) })
        }
        report.pages = htmlCount!.count
        report.feeds = feeds.reduce(0) { $0 + $1.files.count }
        report.assets = assets.count
        report.files = files.count + assets.count
        let diagnostics = SiteDiagnostic.foldingUnknownLanguages(sink.all)
        report.warnings = diagnostics.filter { $0.severity == .warning }
        // This build's own tables (page prints, term lists, post entries) are freed on another thread: at 5000
        // posts that was a few ms the saved page would wait for.
        // (A session keeps its pages for the next save; a one-shot build's go too.)
        let leftovers = (consume assembler, consume renderedDocs, consume docs, consume layouts, consume feeds, consume last,
                         stream == nil ? nil : made)
        Task.detached(priority: .utility) { withExtendedLifetime(leftovers) {} }
        return Assembled(files: files, fresh: fresh, streamed: streamed,
                         pagesSerial: stream == nil && files.count == unresolved ? made.serial : nil, pages: pages.count, pathsPrint: pathsPrint,
                         assets: assets, diagnostics: diagnostics, report: report)
    }
}
