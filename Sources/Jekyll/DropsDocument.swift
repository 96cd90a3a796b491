import Foundation
import Liquid

/// `page` of a collection document (posts included): Jekyll's `DocumentDrop`. One per document, shared by
/// every template that lists it; `content` follows the document's render (raw, then converted).
final class DocumentDrop: LiquidDrop, @unchecked Sendable {
    let state: DocumentState
    unowned let site: RenderSite
    /// Jekyll's `data` for the document: merged front matter plus the keys Jekyll adds when reading.
    let data: LiquidHash

    init(state: DocumentState, site: RenderSite) {
        self.state = state
        self.site = site
        data = DocumentDrop.documentData(state.doc, siteTime: site.source.time)
    }

    /// Keys Jekyll sets on a document's data (`title`, `slug`, `categories`, `tags`, `date`, `ext`, `draft`).
    static func documentData(_ doc: JekyllDocument, siteTime: Date) -> LiquidHash {
        var h = doc.frontMatter
        if h["title"] == nil, let t = doc.title { h["title"] = .string(t) }
        h["slug"] = h["slug"] ?? .string(doc.slug)
        h["ext"] = h["ext"] ?? .string(doc.ext)
        h["categories"] = .array(doc.categories.map(Value.string))
        h["tags"] = .array(doc.tags.map(Value.string))
        h["date"] = doc.dateValue ?? .date(siteTime, utcOffset: doc.utcOffset)
        if doc.collection == "posts" { h["draft"] = .bool(doc.kind == .draft) }
        return h
    }

    static let methodKeys = ["collection", "content", "date", "excerpt", "id", "name", "next", "output", "path",
                             "previous", "relative_path", "url", "title", "categories", "tags"]

    var keys: [String] {
        var seen = Set(DocumentDrop.methodKeys)
        return DocumentDrop.methodKeys + data.keys.filter { seen.insert($0).inserted }
    }

    func value(forKey key: String) -> Value? {
        let doc = state.doc
        JekyllReads.document(state.index)
        if key == "next" || key == "previous", let label = doc.collection { JekyllReads.site(label) }
        switch key {
        case "content": return .string(state.content)
        case "output": return state.output.map(Value.string) ?? .null
        case "path", "relative_path": return .string(doc.relativePath)
        case "id": return doc.id.map(Value.string) ?? .null
        case "url": return .string(doc.url)
        case "date": return data["date"]
        case "collection": return doc.collection.map(Value.string) ?? .null
        case "excerpt": return .string(site.excerpt(of: state))
        case "name": return data["name"] ?? .string(doc.name)
        case "next": return site.neighbour(of: state, offset: 1)
        case "previous": return site.neighbour(of: state, offset: -1)
        default: return data[key]
        }
    }

    /// `{{ post }}` prints the output (or content), as Ruby's `Document#to_s`.
    var liquidString: String? { state.output ?? state.content }
}

/// `page` of a page (Jekyll's `Page#to_liquid`, a hash there): front matter plus `content`, `dir`,
/// `excerpt`, `name`, `path`, `url`. The page being rendered sees its raw content throughout (Jekyll
/// snapshots the hash before converting); others see it as it is when they read it.
final class PageDrop: LiquidDrop, @unchecked Sendable {
    let state: DocumentState
    unowned let site: RenderSite
    /// Jekyll's hash for the page being rendered holds the source text, not the converted one.
    let rawContent: Bool

    init(state: DocumentState, site: RenderSite, rawContent: Bool = false) {
        self.state = state
        self.site = site
        self.rawContent = rawContent
    }

    static let ownKeys = ["content", "dir", "excerpt", "name", "path", "url"]

    var keys: [String] {
        let own = Set(PageDrop.ownKeys)
        return state.doc.frontMatter.keys.filter { !own.contains($0) } + PageDrop.ownKeys
    }

    func value(forKey key: String) -> Value? {
        let doc = state.doc
        JekyllReads.document(state.index)
        switch key {
        case "content": return .string(rawContent ? doc.body : state.content)
        case "dir": return .string(doc.dir)
        case "excerpt":
            if let e = doc.frontMatter["excerpt"] { return .string(e.liquidString) }
            return site.pageExcerpts ? .string(site.excerpt(of: state)) : .null
        case "name": return .string(doc.name)
        case "path": return doc.frontMatter["path"] ?? .string(doc.relativePath)
        case "url": return .string(doc.url)
        default: return doc.frontMatter[key]
        }
    }
}

/// `page` while an excerpt renders, and what `post.excerpt` is before printing: the document's data
/// without `layout` and `excerpt`, its content the excerpt's (Jekyll's `ExcerptDrop`).
final class ExcerptDrop: LiquidDrop, @unchecked Sendable {
    let document: DocumentDrop
    let content: String

    init(document: DocumentDrop, content: String) {
        self.document = document
        self.content = content
    }

    var keys: [String] { document.keys.filter { $0 != "excerpt" } + ["layout"] }

    func value(forKey key: String) -> Value? {
        switch key {
        case "content": return .string(content)
        case "excerpt", "output": return .null
        case "layout": return document.data["layout"]
        case "path", "relative_path": return .string(document.state.doc.relativePath + "/#excerpt")
        case "id": return document.state.doc.id.map { .string($0 + "#excerpt") } ?? .null
        default: return document.value(forKey: key)
        }
    }
}
