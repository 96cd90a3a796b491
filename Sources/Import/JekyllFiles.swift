import Foundation
import Site

/// The files of a Jekyll site: which are posts, drafts, pages, assets and which belong to the old theme.
struct JekyllFiles: Sendable {
    let source: URL
    let destination: URL
    /// The site keeps its own theme (`galley import jekyll`'s default): layouts, includes and data carry over.
    var ownTheme = false
    /// With the site's own theme: collections Jekyll writes (`output: true`), imported as pages under `content/<name>/`.
    var collections: Set<String> = []

    /// What one source file becomes.
    enum Kind: Equatable {
        case post(String), draft(String), page(String)
        case asset
        /// Kept in `jekyll-leftovers/` and listed, with why and what it means for the site.
        case leftover(String, JekyllImport.Consequence = .needsHand)
        /// A Liquid feed template (`rss`, `atom` or `json`): Galley's own feed goes to its URL.
        case feedTemplate(String)
        /// Not copied at all (Jekyll does not publish it either), listed.
        case skipped(String)
        /// With the site's own theme: a layout, an include or a data file, copied to this path.
        case theme(String)
        /// With the site's own theme: a Sass or SCSS file with front matter, compiled at import (see `JekyllStyles`).
        case style
    }

    /// Never published by Jekyll (its default `exclude` list), wherever they are; `_site` is its output.
    static let skippedNames: Set<String> = ["Gemfile", "Gemfile.lock", "node_modules", "_site", ".jekyll-cache", ".sass-cache",
                                            ".bundle", "gemfiles"]
    static let skippedPaths: Set<String> = ["vendor/bundle", "vendor/cache", "vendor/gems", "vendor/ruby"]
    static let markdownExtensions: Set<String> = ["md", "markdown", "mkd", "mkdn", "mdown"]

    /// Every file to consider, relative and sorted. `excluded` are `_config.yml`'s `exclude` entries:
    /// paths from the site root (a folder excludes what is inside it), or a `*` pattern on names.
    func list(excluding excluded: [String]) -> [String] { listing(excluding: excluded).files }

    /// The files, and the symbolic links not followed (outside the site, or to folders), with their targets.
    func listing(excluding excluded: [String]) -> (files: [String], links: [(path: String, target: String)]) {
        var out: [String] = []
        var links: [(path: String, target: String)] = []
        let site = FileWalk.realPath(source)
        let base = source.standardizedFileURL.path
        guard let e = FileManager.default.enumerator(atPath: base) else { return ([], []) }
        while let rel = e.nextObject() as? String {
            let name = (rel as NSString).lastPathComponent
            let isDirectory = (e.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory
            let skip = Self.skippedNames.contains(name) || Self.skippedPaths.contains(rel)
                || (name.hasPrefix(".") && name != ".htaccess") || excluded.contains { Self.matches(rel, name: name, pattern: $0) }
            if skip {
                if isDirectory { e.skipDescendants() }
                continue
            }
            let type = e.fileAttributes?[.type] as? FileAttributeType
            if type == .typeSymbolicLink {
                // Never read through a link out of the site (a "post" linking to /etc/passwd).
                let (inside, target) = FileWalk.resolvesInside(source.appendingPathComponent(rel).path, site: site, allowed: [])
                var isFile: ObjCBool = false
                if inside, FileManager.default.fileExists(atPath: target, isDirectory: &isFile), !isFile.boolValue { out.append(rel) }
                else { links.append((rel, target)) }
                continue
            }
            if type == .typeRegular { out.append(rel) }
        }
        return (out.sorted(), links.sorted { $0.0 < $1.0 })
    }

    static func matches(_ rel: String, name: String, pattern raw: String) -> Bool {
        let pattern = raw.trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
        if pattern.isEmpty { return false }
        if pattern.contains("*") {
            return fnmatch(pattern, name, 0) == 0 || fnmatch(pattern, rel, 0) == 0
        }
        return rel == pattern || rel.hasPrefix(pattern + "/")
    }

    func classify(_ rel: String) throws(JekyllImport.Failure) -> Kind {
        let parts = rel.split(separator: "/").map(String.init)
        let ext = (rel as NSString).pathExtension.lowercased()
        let isMarkdown = Self.markdownExtensions.contains(ext)
        // Jekyll posts may be HTML: their body is raw HTML, which Markdown passes through (read as kramdown).
        let isHTML = ext == "html" || ext == "htm"
        func asMarkdown(_ rest: ArraySlice<String>) -> String {
            let path = rest.joined(separator: "/")
            return isHTML ? (path as NSString).deletingPathExtension + ".md" : path
        }
        if let i = parts.firstIndex(of: "_posts") {
            guard isMarkdown || isHTML else { return .leftover("a post that is neither Markdown nor HTML") }
            return .post("content/posts/" + asMarkdown(parts[(i + 1)...]))
        }
        if let i = parts.firstIndex(of: "_drafts") {
            guard isMarkdown || isHTML else { return .leftover("a draft that is neither Markdown nor HTML") }
            return .draft("content/drafts/" + asMarkdown(parts[(i + 1)...]))
        }
        if ownTheme, let to = Self.themePath(rel, parts: parts) { return .theme(to) }
        if let first = parts.first, first.hasPrefix("_"), collections.contains(String(first.dropFirst())), parts.count > 1 {
            guard isMarkdown || isHTML else { return .asset }
            return .page("content/" + String(first.dropFirst()) + "/" + asMarkdown(parts[1...]))
        }
        if let first = parts.first, first.hasPrefix("_") {
            switch first {
            case "_sass" where ownTheme:
                return .leftover("Sass partial: compiled into the site's CSS at import (the CSS is what the Galley site serves)", .carried)
            case "_layouts", "_includes", "_sass", "_data", "_plugins":
                return .leftover("Jekyll theme file (\(first.dropFirst())) not converted")
            default:
                return .leftover("collection `\(first.dropFirst())` not imported (Galley has posts and pages; move its files to content/ to publish them)", .pageNotCarried)
            }
        }
        if parts.contains(where: { $0.hasPrefix("_") }) {
            return .leftover("a file under a folder whose name starts with `_`, which Jekyll does not publish")
        }
        let head = prefix(rel)
        let hasFrontMatter = head.hasPrefix("---\n") || head.hasPrefix("---\r\n")
        if isMarkdown {
            return hasFrontMatter ? .page("content/" + rel) : .leftover("Markdown without front matter is a static file in Jekyll")
        }
        guard hasFrontMatter else { return .asset }
        if ownTheme, ext == "scss" || ext == "sass" { return .style }
        if ownTheme, ext == "html" || ext == "htm" { return .page("content/" + (rel as NSString).deletingPathExtension + ".md") }
        if ext == "html" || ext == "htm" {
            if rel == "404.html" { return .leftover("Galley writes its own 404 page (templates/404.liquid)") }
            return .leftover("Liquid HTML page not converted; Galley's templates/ make the post list, archive and tag pages", .pageNotCarried)
        }
        if ["xml", "rss", "atom", "json"].contains(ext) {
            let text = try read(rel)
            if text.contains("<rss") { return .feedTemplate("rss") }
            if text.contains("<feed") { return .feedTemplate("atom") }
            if text.contains("jsonfeed.org") { return .feedTemplate("json") }
        }
        return .leftover("a .\(ext) file with front matter (Sass or Liquid) belongs to the Jekyll theme; not copied to the output")
    }

    /// `_layouts/post.html` → `templates/post.liquid`; `_includes/head.html` → `templates/partials/head.html.liquid`
    /// (so `{% include head.html %}` finds it by the same name); `_data/x.yml` → `data/x.yml`.
    static func themePath(_ rel: String, parts: [String]) -> String? {
        guard parts.count > 1 else { return nil }
        let rest = parts.dropFirst().joined(separator: "/")
        switch parts[0] {
        case "_layouts": return "templates/" + (rest as NSString).deletingPathExtension + ".liquid"
        case "_includes": return "templates/partials/" + rest + ".liquid"
        case "_data": return "data/" + rest
        default: return nil
        }
    }

    /// The site path Jekyll writes a page or feed template to: its `permalink:`, else its own path.
    func outputURL(of rel: String) -> String {
        if let text = try? read(rel), let fm = ImportSupport.split(text).frontMatter,
           let entries = ImportSupport.entries(fm, file: rel),
           let p = entries.first(where: { $0.key == "permalink" }).flatMap({ ImportSupport.text($0.value) }), p.hasPrefix("/") {
            return p
        }
        return "/" + rel
    }

    private func prefix(_ rel: String) -> String {
        guard let h = FileHandle(forReadingAtPath: source.appendingPathComponent(rel).path) else { return "" }
        defer { try? h.close() }
        return String(decoding: (try? h.read(upToCount: 5)) ?? Data(), as: UTF8.self)
    }

    func read(_ rel: String) throws(JekyllImport.Failure) -> String {
        guard let data = FileManager.default.contents(atPath: source.appendingPathComponent(rel).path) else {
            throw JekyllImport.Failure(description: "cannot read \(rel)")
        }
        switch ImportSupport.decode(data, file: rel) {
        case .success(let t): return t
        case .failure(let d): throw JekyllImport.Failure(description: d.description)
        }
    }

    func copy(_ rel: String, to target: String) throws(JekyllImport.Failure) {
        let from = source.appendingPathComponent(rel)
        let to = destination.appendingPathComponent(target)
        do {
            try FileManager.default.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: from, to: to)
        } catch { throw JekyllImport.Failure(description: "cannot copy \(from.path) to \(to.path): \(error.localizedDescription)") }
    }

    func write(_ text: String, to rel: String) throws(JekyllImport.Failure) {
        let to = destination.appendingPathComponent(rel)
        do {
            try FileManager.default.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: to, options: .withoutOverwriting)
        } catch { throw JekyllImport.Failure(description: "cannot write \(to.path): \(error.localizedDescription)") }
    }
}
