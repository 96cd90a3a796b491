import Foundation
import Liquid

/// `site`: the configuration plus what Jekyll computes from the documents (`posts`, `pages`,
/// `collections`, `categories`, `tags`, `data`, `static_files`, `html_pages`, `documents`, `time`, and each
/// collection's documents under its label). Built once per build; the lists hold shared drops.
final class SiteDrop: LiquidDrop, @unchecked Sendable {
    let config: LiquidHash
    /// Computed members, by key; filled once by `RenderSite` before any render.
    var members: [String: Value] = [:]
    /// Collection labels (`site.recipes`); `posts` is answered by `members` (newest first).
    var collections: [String: Value] = [:]

    init(config: LiquidHash) { self.config = config }

    static let memberKeys = ["categories", "collections", "data", "documents", "html_pages", "pages",
                             "posts", "related_posts", "static_files", "tags", "time"]

    var keys: [String] {
        let own = Set(SiteDrop.memberKeys)
        return SiteDrop.memberKeys + config.keys.filter { !own.contains($0) }
    }

    func value(forKey key: String) -> Value? {
        JekyllReads.site(key)
        if let m = members[key] { return m }
        if key != "posts", let c = collections[key] { return c }
        if key == "related_posts" { return .null }
        return config[key]
    }
}

/// The site drop as one render sees it: `related_posts` depends on the page being rendered (Jekyll sets
/// `current_document`), everything else is the shared drop's.
final class CurrentSiteDrop: LiquidDrop, @unchecked Sendable {
    let shared: SiteDrop
    let relatedPosts: Value

    init(shared: SiteDrop, relatedPosts: Value) {
        self.shared = shared
        self.relatedPosts = relatedPosts
    }

    var keys: [String] { shared.keys }

    func value(forKey key: String) -> Value? {
        if key == "related_posts" { JekyllReads.site(key); return relatedPosts }
        return shared.value(forKey: key)
    }
}

/// An entry of `site.collections`: the collection's metadata plus `label`, `docs`, `files`, `output`,
/// `directory`, `relative_directory`.
final class CollectionDrop: LiquidDrop, @unchecked Sendable {
    let collection: JekyllCollection
    let docs: Value
    let files: Value
    let absoluteDirectory: String

    init(collection: JekyllCollection, docs: Value, files: Value, source: URL) {
        self.collection = collection
        self.docs = docs
        self.files = files
        absoluteDirectory = source.appendingPathComponent(collection.directory).path
    }

    static let ownKeys = ["directory", "docs", "files", "label", "output", "relative_directory"]

    var keys: [String] {
        let own = Set(CollectionDrop.ownKeys)
        return CollectionDrop.ownKeys + collection.metadata.keys.filter { !own.contains($0) }
    }

    func value(forKey key: String) -> Value? {
        switch key {
        case "label": return .string(collection.label)
        case "docs": return docs
        case "files": return files
        case "output": return .bool(collection.output)
        case "directory": return .string(absoluteDirectory)
        case "relative_directory": return .string(collection.directory)
        default: return collection.metadata[key]
        }
    }

    /// Ruby prints a collection drop as its documents' array.
    var liquidString: String? { docs.liquidString }
}

/// A static file (`site.static_files[i]`): `name`, `extname`, `basename`, `modified_time`, `path`,
/// `collection`, `url`, plus front matter defaults that match it.
final class StaticFileDrop: LiquidDrop, @unchecked Sendable {
    let file: JekyllStaticFile
    let utcOffset: Int

    init(file: JekyllStaticFile, utcOffset: Int) {
        self.file = file
        self.utcOffset = utcOffset
    }

    static let ownKeys = ["basename", "collection", "extname", "modified_time", "name", "path", "url"]

    var keys: [String] {
        let own = Set(StaticFileDrop.ownKeys)
        return StaticFileDrop.ownKeys + file.data.keys.filter { !own.contains($0) }
    }

    func value(forKey key: String) -> Value? {
        switch key {
        case "name": return .string(file.name)
        case "extname": return .string(file.extname)
        case "basename": return .string(file.basename)
        case "modified_time": return .date(file.modificationTime, utcOffset: utcOffset)
        case "path": return .string("/" + file.relativePath)
        case "collection": return file.collection.map(Value.string) ?? .null
        case "url": return .string(file.url)
        default: return file.data[key]
        }
    }
}
