import Foundation
import Liquid
import Site

/// jekyll-paginate 1.1: `paginate: N` splits `site.posts` (minus `hidden: true`) over the `index.html` page
/// nearest `paginate_path` and copies of it at `/page2/`, `/page3/`…; each sees `paginator`.
struct PaginatePlugin: JekyllPlugin {
    var name: String { "jekyll-paginate" }
    /// The template page, found once per build (every page's payload asks).
    private let template = Once<JekyllDocument?>()

    func generate(_ site: inout JekyllSiteSource) throws -> [SiteDiagnostic] {
        guard let perPage = site.config.paginate, perPage > 0, !site.pages.isEmpty else { return [] }
        guard let template = Self.templatePage(site) else {
            return [.warning("_config.yml", "Pagination is enabled, but no index.html page can be the pagination template; pagination skipped")]
        }
        let posts = site.posts.filter { !($0.frontMatter["hidden"]?.isTruthy ?? false) }
        let pages = (posts.count + perPage - 1) / perPage
        guard pages > 1 else { return [] }
        for n in 2...pages {
            var copy = template
            // The copy is an index page: Jekyll's URL for it is its folder, with a slash even when
            // `paginate_path` has none (`/blog/page/:num` writes blog/page/2/index.html).
            var url = Self.path(site.config.paginatePath, n)
            if !url.hasSuffix("/") { url += "/" }
            copy.url = url
            copy.dir = url
            copy.outputPath = (url.hasPrefix("/") ? String(url.dropFirst()) : url) + (url.hasSuffix("/") ? "index.html" : "")
            site.pages.append(copy)
        }
        return []
    }

    func variables(for document: JekyllDocument, site: JekyllSiteView) -> LiquidHash {
        guard document.kind == .page, let perPage = site.config.paginate, perPage > 0,
              let template = self.template.get({ Self.templatePage(site.source) }), template.relativePath == document.relativePath
        else { return LiquidHash() }
        let posts = site.posts.filter { v in
            guard case .drop(let d) = v else { return true }
            return !(d.value(forKey: "hidden")?.isTruthy ?? false)
        }
        let total = (posts.count + perPage - 1) / perPage
        guard total > 0 else { return LiquidHash() }
        let number = document.url == template.url ? 1 : (1...total).first { Self.sameFolder(Self.path(site.config.paginatePath, $0), document.url) } ?? 1
        let first = (number - 1) * perPage
        let slice = first < posts.count ? Array(posts[first..<min(first + perPage, posts.count)]) : []
        func url(_ n: Int?) -> Value {
            guard let n else { return .null }
            return .string(n <= 1 ? template.url : Self.path(site.config.paginatePath, n))
        }
        var pager = LiquidHash()
        pager["page"] = .int(number)
        pager["per_page"] = .int(perPage)
        pager["posts"] = .array(slice)
        pager["total_posts"] = .int(posts.count)
        pager["total_pages"] = .int(total)
        pager["previous_page"] = number > 1 ? .int(number - 1) : .null
        pager["previous_page_path"] = number > 1 ? url(number - 1) : .null
        pager["next_page"] = number < total ? .int(number + 1) : .null
        pager["next_page_path"] = number < total ? url(number + 1) : .null
        return LiquidHash([("paginator", .hash(pager))])
    }

    /// `/page:num/` with the number in, with a leading slash.
    static func path(_ format: String, _ n: Int) -> String {
        let p = format.replacingOccurrences(of: ":num", with: String(n))
        return p.hasPrefix("/") ? p : "/" + p
    }

    static func sameFolder(_ a: String, _ b: String) -> Bool {
        a == b || a + "/" == b || a == b + "/"
    }

    /// The `index.html` page in the folder of `paginate_path` or above it, the deepest first.
    static func templatePage(_ site: JekyllSiteSource) -> JekyllDocument? {
        var base = site.config.paginatePath
        while base.hasPrefix("/") { base.removeFirst() }
        let folder = (base as NSString).deletingLastPathComponent
        var ancestors: Set<String> = [""]
        var f = folder
        while !f.isEmpty { ancestors.insert(f); f = (f as NSString).deletingLastPathComponent }
        return site.pages.filter { p in
            p.name == "index.html" && ancestors.contains((p.relativePath as NSString).deletingLastPathComponent)
        }.max { $0.relativePath.count < $1.relativePath.count }   // ties: the first, the original (copies come after)
    }
}

/// A value computed by the first caller and kept (thread-safe).
final class Once<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T?
    private var done = false
    func get(_ make: () -> T) -> T {
        lock.lock(); defer { lock.unlock() }
        if !done { value = make(); done = true }
        return value!
    }
}
