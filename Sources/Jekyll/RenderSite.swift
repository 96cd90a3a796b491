import Foundation
import Liquid
import Sass
import Site

/// One build's shared render state: a `DocumentState` and a drop per page and document, the `site` drop,
/// parsed layouts, and what every render needs (engine, Markdown, includes). Set up once, then read from
/// many tasks; the only mutation afterwards is each document's own state and the diagnostics.
final class RenderSite: @unchecked Sendable {
    let source: JekyllSiteSource
    let config: JekyllConfig
    /// Pages first, then every collection's documents (written or not), in Jekyll's orders.
    private(set) var states: [DocumentState] = []
    private(set) var drops: [any LiquidDrop] = []
    /// Collection label → indices into `states`, in the collection's order (oldest post first).
    private(set) var collectionIndices: [String: [Int]] = [:]
    let siteDrop: SiteDrop
    /// `site.posts` as values, newest first (shared by every render).
    private(set) var postsNewestFirst: [Value] = []
    let pageExcerpts: Bool
    var converter: Converter!
    var engine: LiquidEngine!
    var includes: IncludeFiles!
    /// Layouts parsed once; a layout that failed to parse is absent and its error is in `diagnostics`.
    private(set) var layoutTemplates: [String: LiquidTemplate] = [:]
    /// Values every render passes as registers (URL settings, plugin state).
    var registers: [String: any Sendable] = [:]
    /// Lines to add to a template's line numbers (its front matter), by template file name.
    private(set) var lineOffsets: [String: Int] = [:]
    let sink = DiagnosticList()
    var plugins: [any JekyllPlugin] = []
    /// Gems listed under `plugins:` that Galley does not run (named in "Unknown tag" errors).
    var unsupportedGems: [String] = []
    /// JEKYLL_ENV (Jekyll's default: development).
    var environment = "development"
    /// Source path → URL of every written page, document and static file (`{% link %}`).
    private(set) var urlsBySourcePath: [String: String] = [:]
    /// Source path → index into `states`.
    private(set) var stateIndexBySourcePath: [String: Int] = [:]
    /// Normalized `baseurl`: "" or `/path` without a trailing slash.
    private(set) var baseurl = ""
    var view: JekyllSiteView { JekyllSiteView(render: self) }

    init(source: JekyllSiteSource) {
        self.source = source
        config = source.config
        siteDrop = SiteDrop(config: source.config.raw)
        pageExcerpts = source.config.raw["page_excerpts"]?.isTruthy ?? false
    }

    /// Makes the states and drops and fills `site.*`. Separate from `init` because drops point back here.
    func setUp() {
        var states: [DocumentState] = []
        for page in source.pages { states.append(DocumentState(doc: page, index: states.count)) }
        for c in config.collections {
            var indices: [Int] = []
            for doc in source.collectionDocuments[c.label] ?? [] {
                indices.append(states.count)
                states.append(DocumentState(doc: doc, index: states.count))
            }
            collectionIndices[c.label] = indices
        }
        self.states = states
        drops = states.map { s -> any LiquidDrop in
            s.doc.kind == .page ? PageDrop(state: s, site: self) : DocumentDrop(state: s, site: self)
        }
        for s in states {
            lineOffsets[s.doc.relativePath] = s.doc.bodyLine - 1
            // The first of a path wins, as Jekyll's `link` takes the first (paginated copies come later).
            if stateIndexBySourcePath[s.doc.relativePath] == nil { stateIndexBySourcePath[s.doc.relativePath] = s.index }
            if s.doc.isWritten, urlsBySourcePath[s.doc.relativePath] == nil { urlsBySourcePath[s.doc.relativePath] = s.doc.url }
        }
        for f in source.staticFiles where f.outputPath != nil {
            urlsBySourcePath[f.relativePath.hasPrefix("/") ? String(f.relativePath.dropFirst()) : f.relativePath] = f.url
        }
        var base = config.baseurl.trimmingCharacters(in: .whitespaces)
        while base.hasSuffix("/") { base.removeLast() }
        if !base.isEmpty && !base.hasPrefix("/") { base = "/" + base }
        baseurl = base
        for l in source.layouts.values { lineOffsets[l.relativePath] = l.bodyLine - 1 }
        fillSiteDrop()
    }

    private func fillSiteDrop() {
        let utc = config.timeZone.secondsFromGMT(for: source.time)
        let postIndices = collectionIndices["posts"] ?? []
        postsNewestFirst = postIndices.reversed().map { .drop(drops[$0]) }
        var m: [String: Value] = [:]
        m["posts"] = .array(postsNewestFirst)
        m["pages"] = .array(states.indices.filter { states[$0].doc.kind == .page }.map { .drop(drops[$0]) })
        m["html_pages"] = .array(states.indices.filter {
            let d = states[$0].doc
            return d.kind == .page && ([".html", ".xhtml", ".htm"].contains(d.outputExt) || d.url.hasSuffix("/"))
        }.map { .drop(drops[$0]) })
        m["time"] = .date(source.time, utcOffset: utc)
        m["data"] = config.raw["data"] ?? source.data
        m["documents"] = .array(config.collections.flatMap { collectionIndices[$0.label] ?? [] }.map { .drop(drops[$0]) })
        let statics = source.staticFiles.map { StaticFileDrop(file: $0, utcOffset: utc) }
        m["static_files"] = .array(statics.filter { $0.file.collection == nil }.map { .drop($0) })
        m["categories"] = postAttribute(postIndices) { $0.categories }
        m["tags"] = postAttribute(postIndices) { $0.tags }
        var collections: [(String, Value)] = []
        for c in config.collections {
            let docs = Value.array((collectionIndices[c.label] ?? []).map { .drop(drops[$0]) })
            let files = Value.array(statics.filter { $0.file.collection == c.label }.map { .drop($0) })
            collections.append((c.label, .drop(CollectionDrop(collection: c, docs: docs, files: files, source: config.source))))
            siteDrop.collections[c.label] = docs
        }
        m["collections"] = .array(collections.sorted { $0.0 < $1.0 }.map(\.1))
        siteDrop.members = m
    }

    /// `site.categories` / `site.tags`: name → posts, newest first; names in the order posts first use them.
    private func postAttribute(_ postIndices: [Int], _ names: (JekyllDocument) -> [String]) -> Value {
        var order: [String] = []
        var posts: [String: [Value]] = [:]
        for i in postIndices {
            for name in names(states[i].doc) {
                if posts[name] == nil { order.append(name) }
                posts[name, default: []].append(.drop(drops[i]))
            }
        }
        var h = LiquidHash()
        for name in order { h[name] = .array(posts[name]!.reversed()) }
        return .hash(h)
    }

    /// Jekyll's `relative_url`: baseurl + path, with a leading slash.
    func relativeURL(_ path: String) -> String {
        let p = path.hasPrefix("/") || path.isEmpty ? path : "/" + path
        let joined = baseurl + p
        return joined.isEmpty ? "/" : joined
    }

    /// `sassify`/`scssify`: compiles with the site's Sass settings (no source map).
    func sassify(_ text: String, syntax: SassSyntaxKind) throws(LiquidError) -> String {
        guard let sass = converter.sass else { throw LiquidError("Sass is not available", hint: SassCompiler.installHint) }
        var options = converter.sassOptions
        options.sourceMap = false
        let entry = SassEntry(source: text, url: config.source.appendingPathComponent("sassify." + (syntax == .sass ? "sass" : "scss")),
                              syntax: syntax == .sass ? .sass : .scss)
        do {
            return try sass.compile(entry, options: options).css + "\n"
        } catch {
            throw LiquidError("Sass error: \(error.message)")
        }
    }

    /// Parses every layout once; errors go to the diagnostics.
    func parseLayouts() {
        for (name, layout) in source.layouts.sorted(by: { $0.key < $1.key }) {
            do {
                layoutTemplates[name] = try engine.parse(layout.body, file: layout.relativePath)
            } catch {
                sink.add(diagnostic(error))
            }
        }
    }

    /// Jekyll's non-LSI related posts: the ten most recent posts other than this one (pages: nil).
    func relatedPosts(_ state: DocumentState) -> Value {
        guard state.doc.kind != .page else { return .null }
        let posts = collectionIndices["posts"] ?? []
        let recent = posts.suffix(11).reversed().filter { $0 != state.index }.prefix(10)
        return .array(recent.map { .drop(drops[$0]) })
    }

    /// `next`/`previous` within the document's collection.
    func neighbour(of state: DocumentState, offset: Int) -> Value {
        guard let label = state.doc.collection, let list = collectionIndices[label],
              let at = list.firstIndex(of: state.index) else { return .null }
        let j = at + offset
        return list.indices.contains(j) ? .drop(drops[list[j]]) : .null
    }

    /// The document's excerpt, rendered (Liquid, then the converter) the first time something asks.
    func excerpt(of state: DocumentState) -> String {
        if let fm = state.frontMatterExcerpt { return fm }
        guard state.hasExcerpt || (pageExcerpts && state.doc.kind == .page) else { return "" }
        return state.excerpt { DocumentRenderer(site: self).renderExcerpt(state) }
    }

    /// A Liquid error as a diagnostic, its lines moved past the template's front matter.
    func diagnostic(_ error: any Error, file fallback: String = "") -> SiteDiagnostic {
        guard let e = error as? LiquidError else {
            if let d = error as? SiteDiagnostic { return d }
            return .error(fallback, "\(error)")
        }
        var hint = e.hint
        if e.message.hasPrefix("Unknown tag"), !unsupportedGems.isEmpty {
            let note = "it may come from a plugin Galley does not run: " + unsupportedGems.joined(separator: ", ")
            hint = hint.map { $0 + "; " + note } ?? note
        }
        if !e.includeChain.isEmpty {
            let chain = e.includeChain.reversed().map { "included from \(moved($0))" }.joined(separator: ", ")
            hint = hint.map { $0 + "; " + chain } ?? chain
        }
        let at = moved(e.location)
        let kind = e.kind == .syntax ? "Liquid syntax error: " : "Liquid error: "
        return SiteDiagnostic(.error, file: at.file.isEmpty ? fallback : at.file, line: at.line, column: at.column,
                              kind + e.message, hint: hint)
    }

    /// A template location with its file's front matter lines added.
    func moved(_ l: LiquidLocation) -> LiquidLocation {
        var l = l
        if l.line > 0 { l.line += lineOffsets[l.file] ?? 0 }
        return l
    }

    /// A Liquid warning as a diagnostic.
    func warning(_ w: LiquidDiagnostic) -> SiteDiagnostic {
        let at = moved(w.location)
        return .warning(at.file, line: at.line, column: at.column, w.message, hint: w.hint)
    }
}

/// Diagnostics from concurrent renders, reported together at the end.
final class DiagnosticList: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [SiteDiagnostic] = []
    func add(_ d: SiteDiagnostic) { lock.lock(); items.append(d); lock.unlock() }
    func add(contentsOf ds: [SiteDiagnostic]) { lock.lock(); items.append(contentsOf: ds); lock.unlock() }
    /// Sorted by file and place; the same finding reached twice (an include used by many pages) once.
    /// Its hint names the first page (by path) that reached it, and how many more did: the pages reach
    /// an include in whatever order the tasks ran, and one line per page was one problem reported dozens of times.
    var all: [SiteDiagnostic] {
        lock.lock()
        let found = items
        lock.unlock()
        struct Place: Hashable { var severity: SiteDiagnostic.Severity; var file: String; var line, column: Int; var message: String }
        var byPlace: [Place: [SiteDiagnostic]] = [:]
        for d in Set(found) {
            byPlace[Place(severity: d.severity, file: d.file, line: d.line, column: d.column, message: d.message), default: []].append(d)
        }
        let folded = byPlace.values.map { same -> SiteDiagnostic in
            let sorted = same.sorted { ($0.hint ?? "") < ($1.hint ?? "") }
            var first = sorted[0]
            if sorted.count > 1 {
                let more = sorted.count - 1
                first.hint = (first.hint.map { $0 + " " } ?? "") + "(and \(more) more page\(more == 1 ? "" : "s"))"
            }
            return first
        }
        return folded.sorted { ($0.file, $0.line, $0.column, $0.message) < ($1.file, $1.line, $1.column, $1.message) }
    }
}
