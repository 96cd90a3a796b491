import Foundation
import Liquid
import Site

/// What `JekyllSession` keeps of the last good build to decide what a save touches.
struct ServeSnapshot: Sendable {
    /// Everything a document was read from (front matter, URL, body…), by `DocumentKey`.
    var signatures: [String: DocumentSignature] = [:]
    /// Converted content and whole output, by key (what other pages read through drops).
    var content: [String: String] = [:]
    var output: [String: String] = [:]
    var reads: [String: PageReads] = [:]
    /// Layout names each document's chain goes through (a missing one included: adding it matters).
    var layoutChains: [String: [String]] = [:]
    /// The order and membership of site-level lists (`posts`, `tags`, a collection…), by `site` key.
    var shapes: [String: [String]] = [:]
    /// Source maps of Sass entry points, carried while their entry is not recompiled.
    var sourceMaps: [OutputFile] = []
}

/// Everything a document's render starts from, compared whole: a front matter edit, a new date or URL, a
/// body edit all make it differ. (`modificationTime` is left out: generated pages get a new one every read.)
struct DocumentSignature: Sendable, Equatable {
    let meta: String
    /// Compared as values, not printed: printing every post's front matter on every save was a fifth of it.
    let frontMatter: LiquidHash
    let body: String

    init(_ d: JekyllDocument) {
        meta = [String(describing: d.kind), d.collection ?? "", d.url, d.outputPath ?? "\u{0}",
                d.date.map { String($0.timeIntervalSince1970) } ?? "", String(d.utcOffset), d.layout ?? "\u{0}",
                d.title ?? "\u{0}", d.categories.joined(separator: "\u{1}"), d.tags.joined(separator: "\u{1}"),
                String(d.published), d.ext, d.outputExt, d.excerptSeparator, String(d.renderWithLiquid),
                String(d.bodyLine), d.slug, d.name, d.dir, d.id ?? "", String(d.dateIsDefault)].joined(separator: "\u{1F}")
        frontMatter = d.frontMatter
        body = d.body
    }

    static func == (a: DocumentSignature, b: DocumentSignature) -> Bool {
        a.meta == b.meta && a.body == b.body && same(.hash(a.frontMatter), .hash(b.frontMatter))
    }

    /// Structural equality of front-matter values (in key order, as `inspect` would show them).
    static func same(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
        case (.string(let x), .string(let y)): return x == y
        case (.range(let x), .range(let y)): return x == y
        case (.date(let x, let o), .date(let y, let p)): return x == y && o == p
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.hash(let x), .hash(let y)):
            return x.keys == y.keys && zip(x.orderedValues, y.orderedValues).allSatisfy { same($0, $1) }
        case (.drop(let x), .drop(let y)): return x === y
        default: return false
        }
    }
}

/// The changed source paths of one rebuild (site-relative), read as the watcher reports them: a path may be
/// a folder moved or deleted as a whole, standing for everything under it.
struct TouchedPaths: Sendable {
    let exact: Set<String>
    /// Entries that are folders now, or no longer exist (they may have been folders).
    let folders: [String]

    init(_ paths: Set<String>, root: URL) {
        exact = paths
        var isDir: ObjCBool = false
        folders = paths.filter { p in
            !FileManager.default.fileExists(atPath: root.appendingPathComponent(p).path, isDirectory: &isDir) || isDir.boolValue
        }.sorted()
    }

    func contains(_ path: String) -> Bool {
        exact.contains(path) || folders.contains { path.hasPrefix($0 + "/") }
    }

    /// Something at or under `folder` changed (or the folder itself went away).
    func any(under folder: String) -> Bool {
        let f = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return exact.contains { $0 == f || $0.hasPrefix(f + "/") || f.hasPrefix($0 + "/") }
    }
}

/// Decides which documents a save touches before rendering: new or changed documents, readers of an
/// include, layout, data or Sass file that changed, and readers of a site list whose shape changed.
/// Readers of documents whose rendered text then changes are found by `JekyllSession` as it renders.
struct ServePlan {
    let site: RenderSite
    let old: ServeSnapshot
    let touched: TouchedPaths
    /// Site keys whose lists changed (plus `data` when a data file changed).
    let changedShapes: Set<String>
    let changedLayouts: Set<String>
    let sassTouched: Bool

    init(site: RenderSite, old: ServeSnapshot, touched: TouchedPaths, newShapes: [String: [String]]) {
        self.site = site
        self.old = old
        self.touched = touched
        var shapes = Set(newShapes.keys.filter { old.shapes[$0] != newShapes[$0] })
        shapes.formUnion(old.shapes.keys.filter { newShapes[$0] == nil })
        if touched.any(under: site.config.dataDir) { shapes.insert("data") }
        changedShapes = shapes
        let layouts = Array(site.source.layouts.values)
        changedLayouts = Set(layouts.filter { touched.contains($0.relativePath) }.map(\.name))
            .union(touched.exact.compactMap { Self.layoutName($0, dir: site.config.layoutsDir) })
        sassTouched = touched.any(under: (site.source.sassDirectories.first?.path).map { Self.relative($0, site) } ?? "_sass")
            || touched.exact.contains { ["scss", "sass", "css"].contains(($0 as NSString).pathExtension.lowercased()) }
    }

    /// Why this document must render again before anything else has rendered (nil: it need not).
    func directCause(_ state: DocumentState, key: String, signature: DocumentSignature) -> String? {
        let doc = state.doc
        guard let reads = old.reads[key], old.signatures[key] == signature else { return "changed" }
        if doc.kind == .page, !FileManager.default.fileExists(atPath: doc.sourceURL.path) { return "generated" }
        if reads.files.contains(where: touched.contains) { return "include" }
        let chain = Set(Self.layoutChain(doc, site.source.layouts) + (old.layoutChains[key] ?? []))
        if !chain.isDisjoint(with: changedLayouts) { return "layout" }
        if !reads.siteKeys.isDisjoint(with: changedShapes) { return "site" }
        if sassTouched, [".scss", ".sass"].contains(doc.ext.lowercased()) { return "sass" }
        return nil
    }

    /// The layouts a document is placed in, innermost first; a name with no layout ends the chain.
    static func layoutChain(_ doc: JekyllDocument, _ layouts: [String: JekyllLayout]) -> [String] {
        var names: [String] = []
        var next = doc.layout
        while let n = next, !n.isEmpty, !names.contains(n) {
            names.append(n)
            guard let layout = layouts[n], case .string(let s)? = layout.frontMatter["layout"] else { break }
            next = s
        }
        return names
    }

    /// `_layouts/nested/page.html` → `nested/page`.
    static func layoutName(_ path: String, dir: String) -> String? {
        let prefix = (dir.hasSuffix("/") ? dir : dir + "/")
        guard path.hasPrefix(prefix) else { return nil }
        let rest = String(path.dropFirst(prefix.count))
        guard let dot = rest.lastIndex(of: ".") else { return nil }
        return String(rest[..<dot])
    }

    static func relative(_ path: String, _ site: RenderSite) -> String {
        let root = site.config.source.standardizedFileURL.path + "/"
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }

    /// The lists `site.*` answers, as keys in order, for comparing builds. `related_posts` and
    /// `page.next`/`previous` (recorded under the collection's label) move with their collection.
    static func shapes(_ site: RenderSite, keys: [String]) -> [String: [String]] {
        var s: [String: [String]] = [:]
        var all: [String] = []
        for c in site.config.collections {
            let docs = (site.collectionIndices[c.label] ?? []).map { keys[$0] }
            s[c.label] = docs
            all += docs
        }
        s["posts"] = s["posts"] ?? []
        s["related_posts"] = s["posts"]
        s["documents"] = all
        let pages = site.states.filter { $0.doc.kind == .page }.map { keys[$0.index] }
        s["pages"] = pages
        s["html_pages"] = pages
        let statics = site.source.staticFiles.map { "\($0.relativePath)\u{1}\($0.url)\u{1}\($0.modificationTime.timeIntervalSince1970)" }
        s["static_files"] = statics
        s["collections"] = all + statics
        for (key, names) in [("categories", \JekyllDocument.categories), ("tags", \JekyllDocument.tags)] {
            s[key] = (site.collectionIndices["posts"] ?? []).flatMap { i in site.states[i].doc[keyPath: names].map { $0 + "\u{1}" + keys[i] } }
        }
        s["urls"] = site.source.renderables.map { $0.relativePath + "\u{1}" + $0.url }
            + site.source.staticFiles.map { $0.relativePath + "\u{1}" + $0.url }
        return s
    }
}
