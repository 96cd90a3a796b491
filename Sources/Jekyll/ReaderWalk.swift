import Foundation
import Liquid
import Site

/// The mutable part of a read: `Reader#read_directories` and friends, in Jekyll's order.
struct ReadState {
    var config: JekyllConfig
    var walker: JekyllSiteWalker
    var builder: JekyllDocumentBuilder
    var filter: JekyllEntryFilter
    var pages: [JekyllDocument] = []
    var staticFiles: [JekyllStaticFile] = []
    var collectionDocuments: [String: [JekyllDocument]] = [:]
    var layouts: [String: JekyllLayout] = [:]
    /// A serve session's documents from its last read (nil for a one-shot build).
    var cache: JekyllReadCache?

    init(config: JekyllConfig, walker: JekyllSiteWalker, builder: JekyllDocumentBuilder, cache: JekyllReadCache? = nil) {
        self.cache = cache
        self.config = config
        self.walker = walker
        self.builder = builder
        self.filter = JekyllEntryFilter(source: config.source.path, include: config.include, exclude: config.exclude)
    }

    var posts: JekyllCollection { config.collection("posts")! }

    /// `dir` is Jekyll's relative folder: "" for the root, `/blog`, `/blog/2020`.
    mutating func readDirectory(_ dir: String, _ diagnostics: inout [SiteDiagnostic]) {
        let base = dir.isEmpty ? config.source : config.source.appendingPathComponent(String(dir.dropFirst()))
        guard walker.isDirectory(base) else { return }
        var dirs: [String] = [], pageNames: [String] = [], statics: [String] = []
        for entry in filter.filter(walker.entries(base), base: dir) {
            let url = base.appendingPathComponent(entry)
            guard walker.allowSymlink(url, &diagnostics) else { continue }
            if walker.isDirectory(url) { dirs.append(entry) } else if cache?.hasHeader(url) ?? JekyllFrontMatter.fileHasHeader(url) { pageNames.append(entry) } else { statics.append(entry) }
        }
        retrievePosts(dir, &diagnostics)
        let destination = config.destination.standardizedFileURL.path
        for d in dirs {
            let child = dir + "/" + d
            if config.source.appendingPathComponent(String(child.dropFirst())).standardizedFileURL.path == destination { continue }
            readDirectory(child, &diagnostics)
        }
        for name in pageNames {
            if let page = builder.page(base.appendingPathComponent(name), dir: dir, name: name, cache: cache, &diagnostics) { pages.append(page) }
        }
        for name in statics { staticFiles.append(builder.staticFile(base.appendingPathComponent(name), dir: dir, name: name)) }
    }

    /// `retrieve_posts`: `<dir>/_posts` (and `<dir>/_drafts` with drafts shown). With `collections_dir`
    /// set, only folders under it count.
    mutating func retrievePosts(_ dir: String, _ diagnostics: inout [SiteDiagnostic]) {
        if !config.collectionsDir.isEmpty, !dir.hasPrefix("/" + config.collectionsDir) { return }
        var found = readPublishable(dir, "_posts", draft: false, &diagnostics)
        if config.showDrafts { found += readPublishable(dir, "_drafts", draft: true, &diagnostics) }
        collectionDocuments["posts", default: []] += found
    }

    mutating func readPublishable(_ dir: String, _ magic: String, draft: Bool, _ diagnostics: inout [SiteDiagnostic]) -> [JekyllDocument] {
        let folderRel = (dir.isEmpty ? "" : String(dir.dropFirst()) + "/") + magic
        let folder = config.source.appendingPathComponent(folderRel)
        guard walker.isDirectory(folder) else { return [] }
        var out: [JekyllDocument] = []
        let entries = walker.allFiles(folder, dotMatch: false, &diagnostics)
        for entry in filter.filter(entries, base: "/" + folderRel) {
            let url = folder.appendingPathComponent(entry)
            if walker.isDirectory(url) { continue }
            if draft ? JekyllDocumentBuilder.datelessName(entry) == nil : JekyllDocumentBuilder.datedName(entry) == nil { continue }
            let relative = relativeToCollections(folderRel + "/" + entry)
            guard let doc = builder.document(url, collection: posts, relativePath: relative, draft: draft, cache: cache, &diagnostics) else { continue }
            // PostReader keeps what the publisher publishes (and says so for future posts).
            guard doc.outputPath != nil else {
                if doc.published || config.unpublished, let d = doc.date, d > builder.now {
                    diagnostics.append(.warning(doc.relativePath, "Skipping: \(doc.relativePath) has a future date",
                                                hint: "build with --future to include it"))
                }
                continue
            }
            out.append(doc)
        }
        return out
    }

    /// A path inside `collections_dir` (Jekyll's `Document#relative_path`).
    func relativeToCollections(_ path: String) -> String {
        guard !config.collectionsDir.isEmpty, path.hasPrefix(config.collectionsDir + "/") else { return path }
        return String(path.dropFirst(config.collectionsDir.count + 1))
    }

    /// `read_included_excludes`: files named in `include:` that the walk did not reach.
    mutating func readIncludedFiles(_ diagnostics: inout [SiteDiagnostic]) {
        for entry in config.include {
            let url = config.source.appendingPathComponent(entry)
            guard FileManager.default.fileExists(atPath: url.path), !walker.isDirectory(url), walker.allowSymlink(url, &diagnostics) else { continue }
            let rel = url.standardizedFileURL.path.dropFirst(config.source.path.count + 1)
            let dirPart = (String(rel) as NSString).deletingLastPathComponent
            let dir = dirPart.isEmpty ? "" : "/" + dirPart
            let name = url.lastPathComponent
            if JekyllFrontMatter.fileHasHeader(url) {
                guard !pages.contains(where: { $0.relativePath == String(rel) }) else { continue }
                if let page = builder.page(url, dir: dir, name: name, cache: cache, &diagnostics) { pages.append(page) }
            } else {
                guard !staticFiles.contains(where: { $0.relativePath == "/" + rel }) else { continue }
                staticFiles.append(builder.staticFile(url, dir: dir, name: name))
            }
        }
    }

    /// `sort_files!`: posts by date then path, pages by name, static files by path.
    mutating func sortFiles() {
        collectionDocuments["posts"] = Self.sortDocuments(collectionDocuments["posts"] ?? [])
        pages = pages.enumerated().sorted { a, b in
            a.element.name != b.element.name ? Self.bytesLess(a.element.name, b.element.name) : a.offset < b.offset
        }.map(\.element)
        staticFiles.sort { Self.bytesLess($0.relativePath, $1.relativePath) }
    }

    static func bytesLess(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

    /// `Document#<=>`: by date when both have one, then by path.
    static func sortDocuments(_ docs: [JekyllDocument]) -> [JekyllDocument] {
        docs.sorted { a, b in
            if a.collection == "posts" || (!a.dateIsDefault && !b.dateIsDefault), let da = a.date, let db = b.date, da != db { return da < db }
            return bytesLess(a.sourceURL.path, b.sourceURL.path)
        }
    }

    /// `limit_posts`: the newest N.
    mutating func limitPosts() {
        guard config.limitPosts > 0, let all = collectionDocuments["posts"], all.count > config.limitPosts else { return }
        collectionDocuments["posts"] = Array(all.suffix(config.limitPosts))
    }
}
