import Foundation
import Markdown

/// Old URLs that keep working: `aliases:` (Hugo) and `redirect_from:` (jekyll-redirect-from) in front
/// matter write a small page at each old URL that sends readers and crawlers on (meta refresh, canonical
/// link, a visible link, `noindex`), and a `_redirects` file (Netlify, Cloudflare Pages) with a 301 each.
enum Aliases {
    struct Alias {
        var url: String       // root-relative, as written (without base path)
        var outputPath: String
        var document: RenderedDocument
    }

    /// The aliases of every document, checked: well-formed, not taken by a page or another alias.
    /// `generated` is asked for only when some document has an alias (most sites have none, and a
    /// session's save would otherwise index every page and generated file for nothing).
    static func collect(_ docs: [RenderedDocument], generated makeGenerated: () -> Set<String>, siteDirectory: URL,
                        sink: DiagnosticSink) -> [Alias] {
        guard docs.contains(where: { !$0.source.aliases.isEmpty }) else { return [] }
        let written = docs.map(\.source.aliases)
        let generated = makeGenerated()
        var out: [Alias] = []
        var owner: [String: String] = [:]
        for d in docs { owner[d.source.permalink.outputPath] = d.source.sourcePath }
        var taken = owner
        for (d, values) in zip(docs, written) {
            for written in values {
                let at = { position(of: written, in: d.source.sourcePath, siteDirectory: siteDirectory) }
                guard let url = normalized(written) else {
                    let p = at()
                    sink.add(.error(d.source.sourcePath, line: p.line, column: p.column, "alias `\(written)` is not a path on this site",
                                    hint: "write the old URL root-relative, like /2019/05/old-title/"))
                    continue
                }
                let path = outputPath(url)
                if let other = taken[path] {
                    let p = at()
                    let what = owner[path] == nil ? "an alias of `\(other)`" : "`\(other)`"
                    sink.add(.error(d.source.sourcePath, line: p.line, column: p.column,
                                    "alias `\(written)` would write \(path), which \(what) writes",
                                    hint: other == d.source.sourcePath ? "remove the alias: it is this page's own URL" : "remove one of them"))
                    continue
                }
                if generated.contains(path) {
                    let p = at()
                    sink.add(.error(d.source.sourcePath, line: p.line, column: p.column,
                                    "alias `\(written)` would replace the generated page \(path)", hint: "remove the alias"))
                    continue
                }
                taken[path] = d.source.sourcePath
                out.append(Alias(url: url, outputPath: path, document: d))
            }
        }
        return out
    }

    /// One redirect page per alias and, unless the site has its own, `_redirects`.
    static func files(_ aliases: [Alias], config: SiteConfig, hasOwnRedirects: Bool) -> [OutputFile] {
        guard !aliases.isEmpty else { return [] }
        var files = aliases.map { a in
            OutputFile(path: a.outputPath, data: Data(page(to: config.url(a.document.source.permalink.url),
                                                           absolute: config.absolute(config.url(a.document.source.permalink.url)),
                                                           title: a.document.source.title, language: a.document.source.lang).utf8),
                       source: a.document.source.sourcePath)
        }
        if !hasOwnRedirects {
            let lines = aliases.map { "\(config.url($0.url)) \(config.url($0.document.source.permalink.url)) 301" }.sorted()
            files.append(OutputFile(path: "_redirects", data: Data((lines.joined(separator: "\n") + "\n").utf8), source: "generated redirects"))
        }
        return files
    }

    static func page(to url: String, absolute: String, title: String, language: String) -> String {
        let u = escapeHTML(url), a = escapeHTML(absolute), t = escapeHTML(title)
        return """
        <!DOCTYPE html>
        <html lang="\(escapeHTML(language))">
        <head>
        <meta charset="utf-8">
        <title>\(t)</title>
        <link rel="canonical" href="\(a)">
        <meta name="robots" content="noindex">
        <meta http-equiv="refresh" content="0; url=\(u)">
        </head>
        <body>
        <main>
        <p>This page has moved to <a href="\(u)">\(t)</a>.</p>
        </main>
        </body>
        </html>

        """
    }

    /// `aliases:` and `redirect_from:`, each a string or a list of strings.
    static func values(_ params: [(String, YAMLValue)]) -> [String] {
        var out: [String] = []
        for (key, value) in params where key == "aliases" || key == "redirect_from" {
            switch value {
            case .string(let s): out.append(s)
            case .list(let items): for case .string(let s) in items { out.append(s) }
            default: break
            }
        }
        return out
    }

    /// `/old/url/` as written, or nil for what is not a path on this site (`https://…`, `..`, empty).
    static func normalized(_ written: String) -> String? {
        var s = written.trimmingCharacters(in: .whitespaces)
        guard !s.isEmpty, !s.contains("://"), !s.hasPrefix("//"), !s.split(separator: "/").contains("..") else { return nil }
        if !s.hasPrefix("/") { s = "/" + s }
        return s
    }

    /// `/a/b/` and `/a/b` → `a/b/index.html`; `/a/b.html` → `a/b.html`.
    static func outputPath(_ url: String) -> String {
        let path = url.split(separator: "#").first.map(String.init) ?? url
        let trimmed = path.drop { $0 == "/" }
        if trimmed.hasSuffix(".html") || trimmed.hasSuffix(".htm") { return String(trimmed) }
        return trimmed.isEmpty ? "index.html" : (trimmed.hasSuffix("/") ? trimmed + "index.html" : trimmed + "/index.html")
    }

    /// Where the front matter writes `alias` (read again only for an error).
    static func position(of alias: String, in file: String, siteDirectory: URL) -> (line: Int, column: Int) {
        guard let text = try? String(contentsOf: siteDirectory.appendingPathComponent(file), encoding: .utf8) else { return (1, 1) }
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let r = line.range(of: alias) { return (n + 1, line.distance(from: line.startIndex, to: r.lowerBound) + 1) }
        }
        return (1, 1)
    }
}
