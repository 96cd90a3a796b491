import Feed
import Foundation
import Highlight

/// A site being built again and again (by `galley serve`), keeping what did not change.
///
/// A clean `galley build` runs the same code with empty caches, so an incremental result is the same
/// as a clean one by construction: caches are keyed by fingerprints of everything a result is made
/// from (file bytes, template revisions, neighbours), never by "what the watcher said changed".
public actor BuildSession {
    public let options: BuildOptions

    private var configBytes: Data?
    private var loaded: [String: (doc: SourceDocument?, diagnostics: [SiteDiagnostic])] = [:]
    private var rendered: [String: (fingerprint: Int, doc: RenderedDocument, diagnostics: [SiteDiagnostic])] = [:]
    private var feedHTML: [String: (fingerprint: Int, html: String)] = [:]
    private var pageCache: [String: CachedPage] = [:]
    private var feedCache: [String: CachedFeed] = [:]
    /// Related posts depend only on which post has which tags, in order: kept while that is unchanged.
    private var relatedCache: (signature: Int, related: [[Int]])? = nil
    /// Feed items as written, reused while an item is unchanged (they depend on settings too: reset with them).
    private var feedFragments = FeedFragmentCache()
    /// What the last successful incremental write left in the output folder.
    private var written: [String: Data]? = nil
    private var copiedAssets: [String: (source: String, stamp: String)] = [:]

    public init(options: BuildOptions) { self.options = options }

    struct Assembled: Sendable {
        var files: [OutputFile]
        /// Paths whose bytes are known unchanged since the previous assemble of this session.
        var reused: Set<String>
        var assets: [(source: String, path: String)]
        var diagnostics: [SiteDiagnostic]
        var report: BuildReport
    }

    /// Loads, renders and lays out the whole site. `changed` are site-relative paths known to have changed
    /// since the last call (nil: anything may have). Throws every error found.
    func assemble(changed: Set<String>?) async throws(BuildFailure) -> Assembled {
        let sink = DiagnosticSink()
        let configFile = ["site.yml", "_config.yml"].map { options.siteDirectory.appendingPathComponent($0) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
        let bytes = configFile.flatMap { FileManager.default.contents(atPath: $0.path) }
        if bytes != configBytes {
            // Settings touch every page: start over.
            configBytes = bytes
            loaded = [:]; rendered = [:]; feedHTML = [:]; pageCache = [:]; feedCache = [:]; feedFragments = FeedFragmentCache()
            relatedCache = nil
        }
        guard var config = SiteConfig.load(siteDirectory: options.siteDirectory, diagnostics: sink) else { throw BuildFailure(sink.all) }
        if let base = options.baseURL { SiteBuilder.applyBaseURL(base, to: &config, sink: sink) }
        SiteBuilder.refuseUnsafeOutput(options, sink)
        let templates = TemplateSet.load(siteDirectory: options.siteDirectory, diagnostics: sink)
        let loader = ContentLoader(siteDirectory: options.siteDirectory, config: config)
        let listing = loader.list()

        // Load what is new or changed; keep the rest.
        let stale = listing.markdown.filter { rel in loaded[rel] == nil || changed.map { Self.touches($0, rel) } ?? true }
        let fresh = await parallelMap(stale) { rel -> (String, SourceDocument?, [SiteDiagnostic]) in
            let local = DiagnosticSink()
            let doc = loader.load(rel, diagnostics: local)
            return (rel, doc, local.all)
        }
        for (rel, doc, diags) in fresh { loaded[rel] = (doc, diags) }
        let present = Set(listing.markdown)
        loaded = loaded.filter { present.contains($0.key) }
        var report = BuildReport(outputDirectory: options.output)
        var docs: [SourceDocument] = []
        for rel in listing.markdown {
            guard let entry = loaded[rel] else { continue }
            sink.add(contentsOf: entry.diagnostics)
            guard let doc = entry.doc else { continue }
            // Drafts and scheduled posts stay out unless asked for; the summary says what was held back.
            if doc.draft && !options.includeDrafts {
                report.heldBack.append(.init(source: doc.sourcePath, reason: "draft", due: nil)); continue
            }
            if doc.kind == .post, let d = doc.date, d > options.now, !options.includeFuture {
                report.heldBack.append(.init(source: doc.sourcePath, reason: "scheduled", due: d)); continue
            }
            docs.append(doc)
        }
        guard let templates else { throw BuildFailure(sink.all) }
        let layouts = SiteBuilder.resolveLayouts(docs, templates: templates, sink: sink)
        if sink.hasErrors { throw BuildFailure(sink.all) }

        let renderedDocs = await render(docs, config: config, sink: sink)
        let assembler = PageAssembler(config: config, templates: templates, documents: renderedDocs, layouts: layouts,
                                      relatedCache: relatedCache)
        relatedCache = (assembler.tagSignature, assembler.related)
        let pages = await assembler.pages(cache: pageCache)
        var reused = Set<String>()
        for p in pages where pageCache[p.file.path]?.fingerprint == p.fingerprint { reused.insert(p.file.path) }
        pageCache = Dictionary(pages.map { ($0.file.path, $0) }, uniquingKeysWith: { a, _ in a })
        var files = pages.map(\.file)
        files.append(OutputFile(path: "assets/syntax.css", data: Data((Highlighter.css(theme: config.highlightTheme) ?? "").utf8),
                                source: "highlight theme `\(config.highlightTheme)`"))

        // Feeds use inline colours (feed readers drop stylesheets).
        let feedBuilder = FeedBuilder(config: config, siteDirectory: options.siteDirectory)
        let feedJobs = feedBuilder.jobs(assembler.posts)
        let inFeeds = Set(feedJobs.flatMap(\.posts)).sorted().map { assembler.posts[$0] }
        let feedHTML = await inlineStyledHTML(inFeeds)
        let feeds = await feedBuilder.feeds(feedJobs, posts: assembler.posts, contentHTML: feedHTML, cache: feedCache, fragments: feedFragments)
        for f in feeds {
            sink.add(contentsOf: f.diagnostics)
            if feedCache[f.dir]?.fingerprint == f.fingerprint { reused.formUnion(f.files.map(\.path)) }
            files += f.files
        }
        feedCache = Dictionary(feeds.map { ($0.dir, $0) }, uniquingKeysWith: { a, _ in a })
        files += SiteFiles(config: config).files(documents: renderedDocs, posts: assembler.posts, terms: assembler.terms)

        let assets = listing.assets.map { (source: $0, path: SiteBuilder.assetPath($0)) }
        SiteBuilder.resolveCollisions(files: &files, assets: assets, sink: sink)
        if sink.hasErrors { throw BuildFailure(sink.all) }
        report.posts = assembler.posts.count
        report.pages = files.filter { $0.path.hasSuffix(".html") }.count
        report.feeds = feeds.reduce(0) { $0 + $1.files.count }
        report.assets = assets.count
        report.files = files.count + assets.count
        let diagnostics = sink.all
        report.warnings = diagnostics.filter { $0.severity == .warning }
        return Assembled(files: files, reused: reused, assets: assets, diagnostics: diagnostics, report: report)
    }

    /// Whether `rel` or a folder holding it is in `changed` (a moved or deleted folder arrives as itself).
    static func touches(_ changed: Set<String>, _ rel: String) -> Bool {
        if changed.contains(rel) { return true }
        var path = Substring(rel)
        while let slash = path.lastIndex(of: "/") {
            path = path[..<slash]
            if changed.contains(String(path)) { return true }
        }
        return false
    }

    /// Markdown for each document, re-rendered only when its file changed.
    private func render(_ docs: [SourceDocument], config: SiteConfig, sink: DiagnosticSink) async -> [RenderedDocument] {
        let stale = docs.filter { rendered[$0.sourcePath]?.fingerprint != $0.fingerprint }
        for (doc, diags) in await SiteBuilder.renderMarkdown(stale, config: config) {
            rendered[doc.source.sourcePath] = (doc.source.fingerprint, doc, diags)
        }
        let keep = Set(docs.map(\.sourcePath))
        rendered = rendered.filter { keep.contains($0.key) }
        return docs.map { doc in
            // Same fingerprint: same file bytes and settings, so the cached document is this one.
            let entry = rendered[doc.sourcePath]!
            sink.add(contentsOf: entry.diagnostics)
            return entry.doc
        }
    }

    /// Feed HTML (inline-styled code) by source path, for the posts that appear in some feed: derived from
    /// the page HTML by `Highlighter.inlineStyles(in:)`, so nothing is parsed or highlighted twice.
    private func inlineStyledHTML(_ posts: [RenderedDocument]) async -> [String: String] {
        let stale = posts.filter { feedHTML[$0.source.sourcePath]?.fingerprint != $0.source.fingerprint }
        for (path, print, html) in await parallelMap(stale, { ($0.source.sourcePath, $0.source.fingerprint, Highlighter.inlineStyles(in: $0.html)) }) {
            feedHTML[path] = (print, html)
        }
        let keep = Set(posts.map(\.source.sourcePath))
        feedHTML = feedHTML.filter { keep.contains($0.key) }
        return feedHTML.mapValues(\.html)
    }

    // MARK: - Writing

    /// What a rebuild changed in the output folder.
    public struct Outcome: Sendable {
        public var report: BuildReport
        /// Output paths written or removed, relative to the output folder.
        public var changedPaths: [String]
    }

    /// Builds and writes only what changed. The first call writes the whole site atomically; later calls
    /// replace changed files one by one (write to a temporary file, then rename) and remove stale ones.
    /// On failure nothing is written: the last good output stays.
    public func rebuild(changed: Set<String>?) async throws(BuildFailure) -> Outcome {
        let started = Date()
        let site = try await assemble(changed: written == nil ? nil : changed)
        let root = options.output
        do {
            guard let previous = written else {
                try OutputWriter(output: root).commit(files: site.files, assets: site.assets.map { (options.siteDirectory.appendingPathComponent($0.source), $0.path) })
                written = Dictionary(site.files.map { ($0.path, $0.data) }, uniquingKeysWith: { a, _ in a })
                copiedAssets = Dictionary(site.assets.map { ($0.path, ($0.source, stamp($0.source))) }, uniquingKeysWith: { a, _ in a })
                var report = site.report
                report.seconds = Date().timeIntervalSince(started)
                return Outcome(report: report, changedPaths: site.files.map(\.path) + site.assets.map(\.path))
            }
            var changedPaths: [String] = []
            var now: [String: Data] = [:]
            for f in site.files {
                now[f.path] = f.data
                if site.reused.contains(f.path), previous[f.path] != nil { continue }
                if previous[f.path] == f.data { continue }
                try writeAtomically(f.data, to: root.appendingPathComponent(f.path))
                changedPaths.append(f.path)
            }
            var assetsNow: [String: (source: String, stamp: String)] = [:]
            for a in site.assets {
                let s = stamp(a.source)
                assetsNow[a.path] = (a.source, s)
                if let old = copiedAssets[a.path], old.source == a.source, old.stamp == s { continue }
                let data = try Data(contentsOf: options.siteDirectory.appendingPathComponent(a.source))
                try writeAtomically(data, to: root.appendingPathComponent(a.path))
                changedPaths.append(a.path)
            }
            for path in Set(previous.keys).union(copiedAssets.keys) where now[path] == nil && assetsNow[path] == nil {
                try? FileManager.default.removeItem(at: root.appendingPathComponent(path))
                removeEmptyParents(of: path)
                changedPaths.append(path)
            }
            written = now
            copiedAssets = assetsNow
            var report = site.report
            report.seconds = Date().timeIntervalSince(started)
            return Outcome(report: report, changedPaths: changedPaths.sorted())
        } catch {
            written = nil   // unknown state on disk: the next build writes everything again
            throw BuildFailure(site.diagnostics + [.error(root.path, "cannot write the output folder: \(error.localizedDescription)")])
        }
    }

    private func stamp(_ rel: String) -> String {
        let attrs = try? FileManager.default.attributesOfItem(atPath: options.siteDirectory.appendingPathComponent(rel).path)
        let size = attrs?[.size] as? Int ?? -1
        let time = (attrs?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(size)-\(time)"
    }

    private func writeAtomically(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }

    private func removeEmptyParents(of path: String) {
        var dir = (path as NSString).deletingLastPathComponent
        while !dir.isEmpty {
            let url = options.output.appendingPathComponent(dir)
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: url.path), entries.isEmpty else { return }
            try? FileManager.default.removeItem(at: url)
            dir = (dir as NSString).deletingLastPathComponent
        }
    }
}
