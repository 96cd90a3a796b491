import Foundation
import Liquid
import Site

extension JekyllDocumentBuilder {
    static let htmlExtensions = [".html", ".xhtml", ".htm"]

    /// `Jekyll::Page`: `dir` is Jekyll's `@dir` ("" at the root, `/blog` below it). Nil when not published.
    func page(_ file: URL, dir: String, name: String, _ diagnostics: inout [SiteDiagnostic]) -> JekyllDocument? {
        let shown = walker.shown(file)
        guard let text = walker.readText(file, &diagnostics) else { return nil }
        let fm = JekyllFrontMatter.read(text, file: shown, timeZone: tz, strict: strictFrontMatter)
        diagnostics += fm.diagnostics
        var relativePath = dir.isEmpty ? name : dir + "/" + name
        while relativePath.hasPrefix("/") { relativePath.removeFirst() }
        // Publisher#publish? reads `published` from the front matter alone (`fetch` skips the defaults).
        if let p = fm.data["published"], !p.yamlTruthy, !config.unpublished { return nil }
        let defaultValues = defaults.all(path: relativePath, type: "pages")
        let data = RubyMerge.deep(defaultValues, fm.data)
        let ext = Self.extname(name)
        let basename = Self.dropTrailingDots(String(name.dropLast(ext.count)))
        var permalink: String?
        if let p = data["permalink"], !p.isYAMLNull {
            permalink = p.yamlString
            if permalink!.isEmpty {
                diagnostics.append(.error(shown, line: 2, column: 1, "Invalid permalink in \(shown)", hint: "give a path such as /about/ or remove `permalink:`"))
                permalink = nil
            }
        }
        let outExt = outputExt(ext: ext, permalink: permalink)
        let template: String
        if !Self.htmlExtensions.contains(outExt) {
            template = "/:path/:basename:output_ext"
        } else if basename == "index" {
            template = "/:path/"
        } else {
            template = JekyllPermalink.addSuffix("/:path/:basename", style: config.permalink)
        }
        let url = JekyllPermalink.sanitize(JekyllPermalink.fromHash(permalink ?? template,
                                                                   [("path", dir), ("basename", basename), ("output_ext", outExt)]))
        var urlDir = url
        if !url.hasSuffix("/") {
            urlDir = (url as NSString).deletingLastPathComponent
            if !urlDir.hasSuffix("/") { urlDir += "/" }
        }
        let lowerExt = ext.lowercased()
        var date: Date?
        if case .date(let d, _)? = data["date"] { date = d }
        return JekyllDocument(
            kind: .page, collection: nil, relativePath: relativePath, sourceURL: file, frontMatter: data,
            bodyLine: fm.bodyLine, body: fm.body, url: url, outputPath: Self.outputPath(url: url, outputExt: outExt, page: true),
            date: date, utcOffset: date.map(offset) ?? 0, slug: basename,
            title: data["title"].flatMap { $0.isYAMLNull ? nil : $0.yamlString }, categories: [], tags: [],
            layout: data["layout"].flatMap { $0.isYAMLNull ? nil : $0.yamlString }, published: true, ext: ext, outputExt: outExt,
            excerptSeparator: data["excerpt_separator"].map(\.yamlString) ?? config.excerptSeparator,
            renderWithLiquid: !(data["render_with_liquid"].map { if case .bool(false) = $0 { return true }; return false } ?? false),
            isMarkdown: config.markdownExtensions.contains(lowerExt), id: nil, name: name, dir: urlDir,
            modificationTime: walker.modificationTime(file))
    }

    /// A site static file: `dir` as for pages. Nil output path when `published: false` applies to its URL.
    func staticFile(_ file: URL, dir: String, name: String) -> JekyllStaticFile {
        let relativePath = dir.isEmpty ? "/" + name : (dir.hasPrefix("/") ? dir : "/" + dir) + "/" + name
        let ext = Self.extname(name)
        let url = Self.dropTrailingDots(String(relativePath.dropLast(ext.count))) + ext
        let publish = defaults.all(path: url, type: nil)["published"]?.yamlTruthy ?? true
        return JekyllStaticFile(relativePath: relativePath, sourceURL: file,
                                outputPath: publish ? Self.outputPath(url: url, outputExt: ext, page: false) : nil,
                                url: url, modificationTime: walker.modificationTime(file), collection: nil, extname: ext,
                                basename: Self.dropTrailingDots(String(name.dropLast(ext.count))), name: name,
                                data: defaults.all(path: relativePath, type: nil))
    }

    /// A collection's file without front matter. `pathInCollection` is relative to the collection folder.
    func collectionStaticFile(_ file: URL, collection: JekyllCollection, pathInCollection: String) -> JekyllStaticFile {
        let name = file.lastPathComponent
        let relativePath = "_\(collection.label)/" + pathInCollection
        let ext = Self.extname(name)
        var cleaned = Self.dropTrailingDots(String(relativePath.dropLast(ext.count)))
        if let r = cleaned.range(of: "_\(collection.label)") { cleaned.removeSubrange(r) }
        let basename = Self.dropTrailingDots(String(name.dropLast(ext.count)))
        let template = collection.permalink ?? "/:collection/:path"
        var url = JekyllPermalink.sanitize(JekyllPermalink.fromHash(template, [
            ("collection", collection.label), ("path", cleaned), ("output_ext", ""), ("name", basename), ("title", ""),
        ]))
        while url.hasSuffix("/") { url.removeLast() }
        url += ext
        let publish = defaults.all(path: url, type: collection.label)["published"]?.yamlTruthy ?? true
        return JekyllStaticFile(relativePath: relativePath, sourceURL: file,
                                outputPath: publish && collection.output ? Self.outputPath(url: url, outputExt: ext, page: false) : nil,
                                url: url, modificationTime: walker.modificationTime(file), collection: collection.label,
                                extname: ext, basename: basename, name: name,
                                data: defaults.all(path: relativePath, type: collection.label))
    }
}
