import Foundation
import Liquid
import Site

/// jekyll-relative-links 0.7: in Markdown pages (and written documents with `collections: true`),
/// `[text](other.md)` and `[ref]: other.md` pointing at a page, document or file of the site become its
/// URL (with `baseurl`), keeping `#fragment` and `"title"`; `exclude:` globs and `enabled: false` as the gem.
struct RelativeLinksPlugin: PagesGem {
    var name: String { "jekyll-relative-links" }

    /// Inline `[text](path#frag "title")` or a reference definition line `[text]: path#frag "title"`.
    /// (The gem's single-quoted title form opens with `"`; kept, so the same links match.)
    static let link: NSRegularExpression = {
        let title = #"(\s+"(?:\\"|[^"])*(?<!\\)"|\s+"(?:\\'|[^'])*(?<!\\)')?"#
        let inline = #"\[(.*?)\]\(([^)]+?)(#.+?|)?"# + title + #"\)"#
        let reference = #"^\s*?\[(.*?)\]: (.+?)(#.+?|)?"# + title + #"\s*?$"#
        return try! NSRegularExpression(pattern: "(" + inline + "|" + reference + ")", options: [.anchorsMatchLines])
    }()

    func run(_ site: inout JekyllSiteSource) -> [SiteDiagnostic] {
        let options = PluginValue.hash(site.config.raw["relative_links"]) ?? LiquidHash()
        if case .bool(false)? = options["enabled"] { return [] }
        let excludes = (options["exclude"] ?? .null).yamlArray.map(\.liquidString)
        let urls = GenerateFilters(config: site.config)
        var targets: [String: String] = [:]
        let written = site.documents.filter(\.isWritten)
        for (path, url) in site.pages.map({ ($0.relativePath, $0.url) }) + site.staticFiles.map({ ($0.relativePath, $0.url) })
            + written.map({ ($0.relativePath, $0.url) }) {
            var p = path
            if p.hasPrefix("/") { p.removeFirst() }
            if targets[p] == nil { targets[p] = url }
        }
        func visit(_ doc: inout JekyllDocument) {
            guard doc.isMarkdown, !excludes.contains(where: { Self.glob($0, doc.relativePath) }) else { return }
            doc.body = Self.rewrite(doc.body, from: doc.relativePath) { path in targets[path].map { urls.string("relative_url", .string($0)) } }
        }
        for i in site.pages.indices { visit(&site.pages[i]) }
        if case .bool(true)? = options["collections"] {
            for label in site.config.collections.map(\.label) {
                guard var docs = site.collectionDocuments[label] else { continue }
                for i in docs.indices where docs[i].isWritten { visit(&docs[i]) }
                site.collectionDocuments[label] = docs
            }
        }
        return []
    }

    /// Replaces each link whose target `url(for:)` knows.
    static func rewrite(_ text: String, from relativePath: String, url: (String) -> String?) -> String {
        let ns = text as NSString
        var out = ""
        var last = 0
        for m in link.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            func group(_ i: Int) -> String? { m.range(at: i).location == NSNotFound ? nil : ns.substring(with: m.range(at: i)) }
            let inline = group(2) != nil
            let base = inline ? 2 : 6
            let linkText = group(base) ?? "", path = group(base + 1) ?? ""
            let fragment = group(base + 2) ?? "", title = group(base + 3) ?? ""
            guard !path.hasPrefix("#"), !SEOImage.isAbsolute(path),
                  let target = url(Self.fromRoot(path, relativePath).removingPercentEncoding ?? path) else { continue }
            out += ns.substring(with: NSRange(location: last, length: m.range.location - last))
            out += inline ? "[\(linkText)](\(target)\(fragment)\(title))" : "\n[\(linkText)]: \(target)\(fragment)\(title)"
            last = m.range.location + m.range.length
        }
        return out + ns.substring(from: last)
    }

    /// The site-relative path a link names, resolved against the linking file's folder (`/x` from the root).
    static func fromRoot(_ link: String, _ relativePath: String) -> String {
        var parts: [String] = []
        if !link.hasPrefix("/") { parts = (relativePath as NSString).deletingLastPathComponent.split(separator: "/").map(String.init) }
        for piece in link.split(separator: "/", omittingEmptySubsequences: true) {
            if piece == "." { continue }
            if piece == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(String(piece))
        }
        return parts.joined(separator: "/")
    }

    /// Jekyll's `glob_include?`: a pattern matches the path, or a folder prefix of it.
    static func glob(_ pattern: String, _ path: String) -> Bool {
        let p = pattern.hasPrefix("/") ? String(pattern.dropFirst()) : pattern
        if fnmatch(p, path, 0) == 0 || path.hasPrefix(p.hasSuffix("/") ? p : p + "/") { return true }
        return false
    }
}
