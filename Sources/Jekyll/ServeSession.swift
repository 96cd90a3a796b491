import Foundation
import Sass
import Site

/// What one `JekyllSession.rebuild` did.
public struct JekyllRebuildOutcome: Sendable {
    /// Output paths written or removed, relative to the output folder.
    public var changedPaths: [String]
    /// Warnings the last good build did not have (each is printed when it appears, not on every save).
    public var warnings: [SiteDiagnostic]
    /// Source paths of the pages and documents rendered again (paginated copies listed by their URL).
    public var rendered: [String]
    /// Whether everything was rendered (first build, config change).
    public var full: Bool
}

/// `galley serve` for a Jekyll folder: one long-lived session that renders on each save only what the save
/// touched, then brings the served folder to what a clean build would write.
///
/// Every rebuild reads the whole folder again (cheap next to rendering) and compares it with the last good
/// build. A page renders again when its source changed, when an include, layout, data or Sass file it read
/// changed, when a site list it read (`site.posts`, `site.tags`, a collection, `paginator`, …) changed
/// order or members, or when a document it read renders to different text. Everything else keeps its last
/// rendered text, so the output equals a clean build's. A config change renders everything.
/// A failed rebuild changes nothing: the changes are kept and tried again with the next save.
public actor JekyllSession {
    public let options: JekyllBuildOptions
    private let now: @Sendable () -> Date
    private var output: ServeOutput
    private var last: ServeSnapshot?
    /// Changes since the last good build; nil entries mean "everything".
    private var pending: Set<String> = []
    private var pendingAll = false
    private var shown = WarningLedger()
    private var sass: SassCompiler?
    private var sassResolved = false
    /// Documents read by the last rebuild, reused while their file is unchanged (a settings change drops them).
    private(set) var readCache = JekyllReadCache()

    /// - Parameters:
    ///   - options: the folder, `--config`, `--drafts`, `--future`; `destination` is the served folder.
    ///   - now: the clock (`site.time`, what counts as future); tests pin it.
    public init(options: JekyllBuildOptions, now: @escaping @Sendable () -> Date = { Date() }) {
        self.options = options
        self.now = now
        output = ServeOutput(root: options.destination ?? options.source.appendingPathComponent("_site"))
    }

    /// The config files a change to which renders everything.
    var configNames: Set<String> {
        let root = options.source.standardizedFileURL.path + "/"
        let given = options.configFiles.map { name -> String in
            let path = URL(fileURLWithPath: name).standardizedFileURL.path
            return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
        }
        return Set(given + ["_config.yml", "_config.yaml", "_config.toml", "Gemfile", ""])
    }

    /// Rebuilds after `changed` (site-relative source paths; nil: everything) and brings the output folder
    /// up to date. Throws every error found; the output is then left as the last good build made it.
    public func rebuild(changed: Set<String>?) async throws(BuildFailure) -> JekyllRebuildOutcome {
        if let changed { pending.formUnion(changed) } else { pendingAll = true }
        let configs = options.configFiles.isEmpty ? nil : options.configFiles.map { URL(fileURLWithPath: $0).standardizedFileURL }
        if pendingAll || last == nil || !pending.isDisjoint(with: configNames) { readCache = JekyllReadCache() }
        readCache.forget(pending, root: options.source)
        let source = try JekyllReader.read(source: options.source, configFiles: configs, destination: options.destination,
                                           drafts: options.drafts, future: options.future, now: now(), cache: readCache)
        if source.diagnostics.contains(where: { $0.severity == .error }) { throw BuildFailure(source.diagnostics) }
        if !sassResolved {
            sass = JekyllRenderer.sassIfNeeded(source)
            sassResolved = true
        }
        let site = JekyllRenderer(plugins: options.plugins, sass: sass).prepare(source)
        let keys = site.states.map { DocumentKey.of($0.doc) }
        let signatures = site.states.map { DocumentSignature($0.doc) }
        let shapes = ServePlan.shapes(site, keys: keys)
        let touched = TouchedPaths(pending, root: options.source)
        let full = pendingAll || last == nil || !pending.isDisjoint(with: configNames)
        let old = full ? ServeSnapshot() : last!
        let plan = ServePlan(site: site, old: old, touched: touched, newShapes: shapes)

        var dirty = Set<Int>()
        for s in site.states where full || plan.directCause(s, key: keys[s.index], signature: signatures[s.index]) != nil {
            dirty.insert(s.index)
        }
        // Documents whose inputs differ from the last build: removed ones, and those just marked.
        var changedKeys = Set(old.signatures.keys).subtracting(keys)
        for i in dirty where old.signatures[keys[i]] != signatures[i] { changedKeys.insert(keys[i]) }

        let recorders = site.states.map { _ in ReadRecorder() }
        let renderer = DocumentRenderer(site: site)
        var rendered = Set<Int>()
        // Documents first, then pages, as a clean build: pages see documents' converted content.
        for pages in [false, true] {
            let group = site.states.filter { ($0.doc.kind == .page) == pages }
            for s in group where !dirty.contains(s.index) {
                if let c = old.content[keys[s.index]] { s.content = c }
                s.output = old.output[keys[s.index]]
            }
            // Readers of what changed render again (their recorded reads are from the last build).
            func readsChanged(_ s: DocumentState) -> Bool {
                !(old.reads[keys[s.index]]?.documents.isDisjoint(with: changedKeys) ?? false)
            }
            var frontier = group.filter { dirty.contains($0.index) || readsChanged($0) }
            while !frontier.isEmpty {
                await JekyllRenderer.concurrently(frontier) { s in
                    ReadRecorder.$current.withValue(recorders[s.index]) { renderer.renderContent(s) }
                }
                await JekyllRenderer.concurrently(frontier.filter(\.doc.isWritten)) { s in
                    ReadRecorder.$current.withValue(recorders[s.index]) { renderer.renderLayouts(s) }
                }
                for s in frontier {
                    rendered.insert(s.index)
                    let k = keys[s.index]
                    if old.content[k] != s.content || old.output[k] != s.output { changedKeys.insert(k) }
                }
                frontier = group.filter { !rendered.contains($0.index) && readsChanged($0) }
            }
        }

        var result = JekyllRenderer.collect(site)
        let recompiled = Set(rendered.map { site.states[$0].doc.relativePath })
        let made = Set(result.files.map(\.path))
        // Sass entries not compiled this time keep their source maps (the converter only has the new ones).
        let entries = Set(site.states.compactMap { s in s.doc.outputPath.map { s.doc.relativePath + "\u{1}" + $0 + ".map" } })
        let carried = old.sourceMaps.filter {
            !recompiled.contains($0.source) && !made.contains($0.path) && entries.contains($0.source + "\u{1}" + $0.path)
        }
        result.files += carried
        if !result.errors.isEmpty { throw BuildFailure(result.diagnostics) }

        let changedPaths = try output.apply(result, keepFiles: source.config.keepFiles) { url in
            let root = self.options.source.standardizedFileURL.path + "/"
            let path = url.standardizedFileURL.path
            return full || touched.contains(path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path)
        }

        var next = ServeSnapshot()
        next.shapes = shapes
        next.sourceMaps = site.converter.sourceMaps + carried
        for s in site.states {
            let k = keys[s.index]
            next.signatures[k] = signatures[s.index]
            next.content[k] = s.content
            next.output[k] = s.output
            next.reads[k] = rendered.contains(s.index) ? recorders[s.index].reads(keys: keys) : old.reads[k]
            next.layoutChains[k] = ServePlan.layoutChain(s.doc, site.source.layouts)
        }
        last = next
        pending = []
        pendingAll = false
        let fresh = shown.fresh(result.warnings).new
        var copies: [String: Int] = [:]
        for s in site.states { copies[s.doc.relativePath, default: 0] += 1 }
        let names = rendered.sorted().map { i -> String in
            let d = site.states[i].doc
            return copies[d.relativePath, default: 0] > 1 ? d.relativePath + " (" + d.url + ")" : d.relativePath
        }
        return JekyllRebuildOutcome(changedPaths: changedPaths, warnings: fresh, rendered: names, full: full)
    }
}
