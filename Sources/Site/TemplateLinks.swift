import Foundation

/// Links a site's own templates write as literal URLs (`<a href="/about/">` in a footer), checked by the
/// build against the files it writes: a menu link that leads nowhere is on every page, and the page
/// check (`galley check`) only sees the copies. One warning, at the template's line.
struct TemplateLink: Sendable, Hashable {
    var file: String
    var line: Int
    var column: Int
    var url: String
    var isImage: Bool

    /// Literal root-relative `href`/`src` values of `text` (a template with its front matter), with their
    /// 1-based line and column. Values holding Liquid (`{{ page.url }}`), other hosts, schemes, fragments
    /// alone and relative paths (they depend on the page) are left out.
    static func scan(_ text: String, file: String) -> [TemplateLink] {
        var out: [TemplateLink] = []
        let b = Array(text.utf8)
        var line = 1, lineStart = 0, counted = 0
        var i = 0
        while i + 6 < b.count {
            guard b[i] == 0x3D, b[i + 1] == 0x22 || b[i + 1] == 0x27 else { i += 1; continue }   // ="  or ='
            let quote = b[i + 1]
            let isHref = i >= 5 && b[(i - 5)..<i].elementsEqual(" href".utf8)
            let isSrc = i >= 4 && b[(i - 4)..<i].elementsEqual(" src".utf8)
            let start = i + 2
            var end = start
            while end < b.count, b[end] != quote, b[end] != 0x0A { end += 1 }
            defer { i = end + 1 }
            guard isHref || isSrc, end < b.count, b[end] == quote, end - start >= 1, b[start] == 0x2F,
                  end - start < 2 || b[start + 1] != 0x2F else { continue }
            let value = b[start..<end]
            if value.contains(0x7B) || value.contains(0x7D) { continue }   // `{` `}`: Liquid inside
            while counted < start {
                if b[counted] == 0x0A { line += 1; lineStart = counted + 1 }
                counted += 1
            }
            let column = String(decoding: b[lineStart..<start], as: UTF8.self).count + 1
            out.append(TemplateLink(file: file, line: line, column: column, url: String(decoding: value, as: UTF8.self), isImage: isSrc))
        }
        return out
    }

    /// The URLs of the pages among `paths` (output files), for suggestions.
    static func pageURLs(_ paths: Set<String>, basePath: String) -> [String] {
        paths.filter { $0.hasSuffix(".html") }.map { p in
            basePath + "/" + (p == "index.html" ? "" : p.hasSuffix("/index.html") ? String(p.dropLast("index.html".count)) : p)
        }
    }

    /// A warning for each link that resolves to no output file, with the nearest page or file.
    static func audit(_ links: [TemplateLink], outputPaths: Set<String>, pageURLs: [String], config: SiteConfig) -> [SiteDiagnostic] {
        let broken = links.filter { link in
            var path = link.url
            if let h = path.firstIndex(of: "#") { path = String(path[..<h]) }
            if let q = path.firstIndex(of: "?") { path = String(path[..<q]) }
            return LinkAudit.lookup(path, basePath: config.basePath, in: outputPaths) == nil
        }
        guard !broken.isEmpty else { return [] }
        let pages = URLSuggestions(urls: pageURLs, basePath: config.basePath)
        let files = URLSuggestions(urls: outputPaths.filter { !$0.hasSuffix(".html") }.map { config.url("/" + $0) }, basePath: config.basePath)
        return broken.map { link in
            let near = (link.isImage ? files : pages).nearest(link.url).url
            let base = config.basePath.isEmpty || link.url.hasPrefix(config.basePath + "/") ? ""
                : "; the site is served under \(config.basePath)/: write `{{ '\(link.url)' | relative_url }}`"
            return .warning(link.file, line: link.line, column: link.column,
                            "\(link.isImage ? "image" : "link") `\(link.url)` leads to nothing in the site" + (near.map { "; did you mean `\($0)`?" } ?? ""),
                            hint: "a template's link is on every page that uses it" + base)
        }
    }
}
