import Foundation
import Jekyll
import Site

/// What the import learns by building both sites: the source as Jekyll builds it (Galley's Jekyll front end),
/// for the CSS its Sass compiles to, and the new site, for every page whose URL is not what it was.
struct JekyllImportCheck {
    let source: URL
    let destination: URL
    /// The pages and files Jekyll writes, by output path, with their sources; nil when the source does not build.
    let jekyll: [OutputFile]?
    let failure: String?

    /// `themePlugins`: plugins the theme's tags need that `_config.yml` does not list (a theme gem's own
    /// repository, such as minima's, gets jekyll-seo-tag and jekyll-feed from its gemspec).
    init(source: URL, destination: URL, config: JekyllConfig, themePlugins: [String]) async {
        self.source = source
        self.destination = destination
        var options = JekyllBuildOptions(source: source)
        let listed: [String] = { if case .list(let l)? = config["plugins"] { return l.compactMap(ImportSupport.text) } else { return [] } }()
        let missing = themePlugins.filter { !listed.contains($0) }
        let overlay = FileManager.default.temporaryDirectory.appendingPathComponent("galley-import-plugins-\(UUID().uuidString).yml")
        defer { try? FileManager.default.removeItem(at: overlay) }
        if !missing.isEmpty, (try? Data("plugins: [\((listed + missing).joined(separator: ", "))]\n".utf8).write(to: overlay)) != nil {
            options.configFiles = [source.appendingPathComponent("_config.yml").path, overlay.path]
        }
        do {
            let (_, rendered) = try await JekyllBuilder(options: options).render()
            jekyll = rendered.files
            failure = nil
        } catch {
            jekyll = nil
            failure = error.errors.first?.description ?? error.description
        }
    }

    /// Writes the CSS (and source maps) compiled from `styles` (`assets/css/style.scss`) under `content/`,
    /// where the new site serves them at the same URLs. Returns how many files were written.
    func writeStyles(_ styles: [String], files: JekyllFiles, leftovers: inout [JekyllImport.Leftover]) throws(JekyllImport.Failure) -> Int {
        var written = 0
        for rel in styles {
            guard let jekyll else {
                try files.copy(rel, to: "jekyll-leftovers/" + rel)
                leftovers.append(.init(file: rel, line: 0, text: "kept in jekyll-leftovers/\(rel)",
                                       why: "Sass not compiled: the Jekyll site does not build (\(failure ?? "?")); the pages have no stylesheet there"))
                continue
            }
            let outputs = jekyll.filter { $0.source == rel }
            try files.copy(rel, to: "jekyll-leftovers/" + rel)
            for out in outputs {
                try files.write(String(decoding: out.data, as: UTF8.self), to: "content/" + out.path)
                written += 1
            }
            leftovers.append(.init(file: rel, line: 0, text: outputs.map { "/" + $0.path }.joined(separator: ", "),
                                   why: "Sass compiled at import to the CSS at the same URL (the source is kept in jekyll-leftovers/; compile it again after editing it)",
                                   kind: outputs.isEmpty ? .needsHand : .carried))
        }
        return written
    }

    /// HTML pages Jekyll writes that the new site does not, and those only the new site has (`.urlChanges`),
    /// after building the new site into a scratch folder. A new site that does not build is one leftover saying why.
    func changedURLs() async -> [JekyllImport.Leftover] {
        guard let jekyll else {
            return [.init(file: "_config.yml", line: 0, text: failure ?? "", why: "the Jekyll site does not build here, so its URLs were not compared", kind: .needsHand)]
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("galley-import-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            _ = try await SiteBuilder(options: BuildOptions(siteDirectory: destination, outputDirectory: scratch)).build()
        } catch {
            return [.init(file: "site.yml", line: 0, text: error.errors.first?.description ?? "",
                          why: "the new site does not build yet: fix this, then `galley build`", kind: .urlChanges)]
        }
        var built = Set<String>()
        if let e = FileManager.default.enumerator(atPath: scratch.path) {
            while let rel = e.nextObject() as? String { if rel.hasSuffix(".html") { built.insert(rel) } }
        }
        var out: [JekyllImport.Leftover] = []
        let old = jekyll.filter { $0.path.hasSuffix(".html") }
        for page in old where !built.contains(page.path) {
            out.append(.init(file: page.source, line: 0, text: Self.url(page.path), why: "Jekyll wrote this page; the new site does not", kind: .urlChanges))
        }
        let oldPaths = Set(old.map(\.path))
        for path in built.sorted() where !oldPaths.contains(path) {
            out.append(.init(file: "(new site)", line: 0, text: Self.url(path), why: "a page only the new site has", kind: .urlChanges))
        }
        return out
    }

    /// `link:<source path>` and `post_url:<post name>` (`2016-01-05-b`, also with its folder under `_posts/`)
    /// → the URL Jekyll gave that file, for `{% link %}` and `{% post_url %}` in templates.
    var links: [String: String] {
        var out: [String: String] = [:]
        for f in jekyll ?? [] where f.path.hasSuffix(".html") || !f.path.contains(".") {
            let url = Self.url(f.path)
            out["link:" + f.source] = url
            if let r = f.source.range(of: "_posts/") {
                out["post_url:" + (String(f.source[r.upperBound...]) as NSString).deletingPathExtension] = url
            }
        }
        return out
    }

    /// The URL Jekyll gives source file `rel` (`_docs/usage.md` → `/docs/usage/`), when it writes it.
    func url(of rel: String) -> String? {
        (jekyll?.first { $0.source == rel && ($0.path.hasSuffix(".html") || !$0.path.contains(".")) }).map { Self.url($0.path) }
    }

    static func url(_ path: String) -> String {
        path == "index.html" ? "/" : path.hasSuffix("/index.html") ? "/" + path.dropLast("index.html".count) : "/" + path
    }
}
