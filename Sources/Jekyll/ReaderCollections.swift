import Foundation
import Liquid
import Site

extension ReadState {
    /// `CollectionReader`: every configured collection but posts, documents and static files.
    mutating func readCollections(_ diagnostics: inout [SiteDiagnostic]) {
        for collection in config.collections where collection.label != "posts" && collection.label != "data" {
            let folder = config.source.appendingPathComponent(collection.directory)
            guard walker.isDirectory(folder), walker.allowSymlink(folder, &diagnostics) else { continue }
            var docs: [JekyllDocument] = []
            let entries = walker.allFiles(folder, dotMatch: true, &diagnostics)
            for entry in filter.filter(entries, base: "_" + collection.label) {
                let url = folder.appendingPathComponent(entry)
                if walker.isDirectory(url) { continue }
                if JekyllFrontMatter.fileHasHeader(url) {
                    guard let doc = builder.document(url, collection: collection, relativePath: "_\(collection.label)/" + entry,
                                                     draft: false, cache: cache, &diagnostics) else { continue }
                    if config.unpublished || doc.published { docs.append(doc) }
                } else {
                    staticFiles.append(builder.collectionStaticFile(url, collection: collection, pathInCollection: entry))
                }
            }
            collectionDocuments[collection.label] = sortCollection(docs, collection, &diagnostics)
        }
    }

    /// `Collection#sort_docs!`: `order:` list first, else `sort_by:` key, else date/path.
    func sortCollection(_ docs: [JekyllDocument], _ collection: JekyllCollection, _ diagnostics: inout [SiteDiagnostic]) -> [JekyllDocument] {
        let sorted = Self.sortDocuments(docs)
        if let order = collection.order {
            var result: [JekyllDocument] = []
            var used = Set<String>()
            for entry in order {
                let rel = "_\(collection.label)/" + entry
                if let d = sorted.first(where: { $0.relativePath == rel }), used.insert(rel).inserted { result.append(d) }
            }
            return result + sorted.filter { !used.contains($0.relativePath) }
        }
        guard let key = collection.sortBy else { return sorted }
        var warned = Set<String>()
        var out = docs.map { ($0, $0.frontMatter[key]) }
        out.sort { a, b in
            switch (a.1.flatMap { $0.isYAMLNull ? nil : $0 }, b.1.flatMap { $0.isYAMLNull ? nil : $0 }) {
            case (nil, nil): return Self.documentLess(a.0, b.0)
            case (nil, _): warned.insert(a.0.relativePath); return false
            case (_, nil): warned.insert(b.0.relativePath); return true
            case (let x?, let y?):
                if let c = Self.rubyCompare(x, y), c != 0 { return c < 0 }
                return Self.documentLess(a.0, b.0)
            }
        }
        for path in warned.sorted() {
            diagnostics.append(.warning(path, "Sort warning: '\(key)' not defined in \(path)"))
        }
        return out.map(\.0)
    }

    static func documentLess(_ a: JekyllDocument, _ b: JekyllDocument) -> Bool {
        sortDocuments([b, a]).first!.sourceURL == a.sourceURL
    }

    /// Ruby `<=>` for values of the same kind; nil when they do not compare.
    static func rubyCompare(_ a: Value, _ b: Value) -> Int? {
        switch (a, b) {
        case (.string(let x), .string(let y)): return x == y ? 0 : (bytesLess(x, y) ? -1 : 1)
        case (.int(let x), .int(let y)): return x == y ? 0 : (x < y ? -1 : 1)
        case (.double(let x), .double(let y)): return x == y ? 0 : (x < y ? -1 : 1)
        case (.int(let x), .double(let y)): return Double(x) == y ? 0 : (Double(x) < y ? -1 : 1)
        case (.double(let x), .int(let y)): return x == Double(y) ? 0 : (x < Double(y) ? -1 : 1)
        case (.date(let x, _), .date(let y, _)): return x == y ? 0 : (x < y ? -1 : 1)
        default: return nil
        }
    }

    /// `ThemeAssetsReader`: the theme's `assets/` as pages and static files, unless the site has the path.
    mutating func readThemeAssets(_ theme: JekyllTheme, _ diagnostics: inout [SiteDiagnostic]) {
        guard let assets = theme.path("assets") else { return }
        for rel in walker.allFiles(assets, dotMatch: true, &diagnostics) {
            let url = assets.appendingPathComponent(rel)
            if walker.isDirectory(url) { continue }
            let full = "assets/" + rel
            let dirPart = (full as NSString).deletingLastPathComponent
            let name = url.lastPathComponent
            if JekyllFrontMatter.fileHasHeader(url) {
                guard !pages.contains(where: { $0.relativePath == full }),
                      var page = builder.page(url, dir: dirPart, name: name, &diagnostics) else { continue }
                page.relativePath = full
                pages.append(page)
            } else {
                guard !staticFiles.contains(where: { $0.relativePath == "/" + full }) else { continue }
                staticFiles.append(builder.staticFile(url, dir: "/" + dirPart, name: name))
            }
        }
    }
}
