import Foundation

/// `galley import jekyll`: turns a Jekyll site into a Galley site with the same URLs.
/// What cannot be converted is kept as written and listed, never dropped.
public struct JekyllImport: Sendable {
    public struct Leftover: Sendable, Hashable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var text: String
        public var why: String
        public var description: String { "\(file)\(line > 0 ? ":\(line)" : ""): \(why): \(text)" }
    }

    public struct Report: Sendable {
        public var posts = 0
        public var drafts = 0
        public var pages = 0
        public var assets = 0
        public var converted = 0
        public var leftovers: [Leftover] = []
    }

    public struct Failure: Error, CustomStringConvertible { public var description: String }

    public var source: URL
    public var destination: URL

    public init(source: URL, destination: URL) {
        self.source = source
        self.destination = destination
    }

    /// Jekyll never publishes these; Galley generates its own home, feeds and 404.
    static let skipped: Set<String> = ["Gemfile", "Gemfile.lock", "node_modules", "vendor", "_site", ".jekyll-cache",
                                       ".sass-cache", ".bundle", "_config.yml", "feed.xml", "sitemap.xml"]

    public func run() throws(Failure) -> Report {
        let fm = FileManager.default
        guard fm.fileExists(atPath: source.appendingPathComponent("_config.yml").path) ||
              fm.fileExists(atPath: source.appendingPathComponent("_posts").path) else {
            throw Failure(description: "\(source.path) does not look like a Jekyll site (no _config.yml or _posts/)")
        }
        do {
            try Scaffold.initSite(at: destination, title: "Imported")
        } catch { throw Failure(description: error.description) }
        // initSite wrote a sample post, About page and site.yml; the imported site replaces them.
        for sample in ["content/about.md", "site.yml"] { try? fm.removeItem(at: destination.appendingPathComponent(sample)) }
        try? fm.removeItem(at: destination.appendingPathComponent("content/posts"))
        var report = Report()
        let jekyll = jekyllConfig()
        try writeSiteYML(jekyll)

        var documents: [(String, String)] = []   // (destination rel path, text)
        let files = listFiles(excluding: jekyllExcludes(jekyll))
        for rel in files {
            let parts = rel.split(separator: "/").map(String.init)
            let from = source.appendingPathComponent(rel)
            let ext = (rel as NSString).pathExtension.lowercased()
            let isMarkdown = ext == "md" || ext == "markdown"
            if let i = parts.firstIndex(of: "_posts"), isMarkdown {
                documents.append(("content/posts/" + parts[(i + 1)...].joined(separator: "/"), try read(from, rel)))
                report.posts += 1
            } else if let i = parts.firstIndex(of: "_drafts"), isMarkdown {
                documents.append(("content/drafts/" + parts[(i + 1)...].joined(separator: "/"), try read(from, rel)))
                report.drafts += 1
            } else if parts.contains(where: { $0.hasPrefix("_") }) {
                // _layouts, _includes, _sass, _data: Liquid theme code Galley cannot run. Kept aside.
                try copy(from, to: "jekyll-leftovers/" + rel)
                report.leftovers.append(Leftover(file: rel, line: 0, text: "copied to jekyll-leftovers/\(rel)", why: "Jekyll theme file not converted"))
            } else if isMarkdown || ext == "html" {
                let text = try read(from, rel)
                if text.hasPrefix("---") && isMarkdown {
                    documents.append(("content/" + rel, text))
                    report.pages += 1
                } else if text.hasPrefix("---") {
                    // An HTML page with front matter is a Liquid template (index.html, archive.html…).
                    try copy(from, to: "jekyll-leftovers/" + rel)
                    report.leftovers.append(Leftover(file: rel, line: 0, text: "copied to jekyll-leftovers/\(rel)",
                                                     why: "Liquid HTML page not converted; Galley's templates/ make home, archive and tag pages"))
                } else {
                    // No front matter: Jekyll copies it as a static file, and so does Galley (renamed if Markdown).
                    let target = isMarkdown ? "jekyll-leftovers/" + rel : "content/" + rel
                    try copy(from, to: target)
                    if isMarkdown {
                        report.leftovers.append(Leftover(file: rel, line: 0, text: "copied to \(target)",
                                                         why: "Markdown without front matter is a static file in Jekyll"))
                    } else { report.assets += 1 }
                }
            } else {
                try copy(from, to: "content/" + rel)
                report.assets += 1
            }
        }
        let urls = postURLs(documents)
        let siteValues = ["site.baseurl": SiteConfig.normalizedBase(jekyll["baseurl"]?.text ?? ""),
                          "site.url": String((jekyll["url"]?.text ?? "").reversed().drop { $0 == "/" }.reversed())]
        for (rel, text) in documents {
            let (converted, count, leftovers) = convert(text, file: rel, postURLs: urls, siteValues: siteValues)
            report.converted += count
            report.leftovers += leftovers
            try write(converted, to: rel)
        }
        report.leftovers.sort { ($0.file, $0.line) < ($1.file, $1.line) }
        return report
    }

    // MARK: - Files

    private func listFiles(excluding jekyllExcluded: Set<String>) -> [String] {
        let fm = FileManager.default
        var out: [String] = []
        let exclude = Self.skipped.union(jekyllExcluded)
        guard let e = fm.enumerator(at: source, includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey]) else { return [] }
        let base = source.standardizedFileURL.path
        for case let url as URL in e {
            let rel = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
            let name = url.lastPathComponent
            if exclude.contains(rel) || exclude.contains(name) || name.hasPrefix(".") {
                if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true { e.skipDescendants() }
                continue
            }
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { out.append(rel) }
        }
        return out.sorted()
    }

    /// `_config.yml`, read once per import (an empty document when it is missing or unreadable).
    private func jekyllConfig() -> YAMLDocument {
        guard let text = try? String(contentsOf: source.appendingPathComponent("_config.yml"), encoding: .utf8),
              case .success(let doc) = YAMLDocument.parse(text, file: "_config.yml", lineOffset: 0) else { return YAMLDocument() }
        return doc
    }

    private func jekyllExcludes(_ doc: YAMLDocument) -> Set<String> {
        guard case .list(let items)? = doc["exclude"] else { return [] }
        return Set(items.compactMap { $0.text?.trimmingCharacters(in: CharacterSet(charactersIn: "/")) })
    }

    private func read(_ url: URL, _ rel: String) throws(Failure) -> String {
        guard let data = FileManager.default.contents(atPath: url.path) else { throw Failure(description: "cannot read \(rel)") }
        switch SourceText.decode(data, file: rel) {
        case .success(let t): return t
        case .failure(let d): throw Failure(description: d.description)
        }
    }

    private func copy(_ from: URL, to rel: String) throws(Failure) {
        let to = destination.appendingPathComponent(rel)
        do {
            try FileManager.default.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: from, to: to)
        } catch { throw Failure(description: "cannot copy \(from.path) to \(to.path): \(error.localizedDescription)") }
    }

    private func write(_ text: String, to rel: String) throws(Failure) {
        let to = destination.appendingPathComponent(rel)
        do {
            try FileManager.default.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: to, options: .withoutOverwriting)
        } catch { throw Failure(description: "cannot write \(to.path): \(error.localizedDescription)") }
    }

    /// site.yml from _config.yml: the keys Galley reads, in Galley's names; Jekyll's default permalink style kept.
    private func writeSiteYML(_ doc: YAMLDocument) throws(Failure) {
        var lines = ["# Imported from a Jekyll _config.yml by `galley import jekyll`."]
        func add(_ key: String, _ value: String?) { if let value { lines.append("\(key): \(Scaffold.yamlQuoted(value))") } }
        add("title", doc["title"]?.text ?? "Imported site")
        add("description", doc["description"]?.text)
        add("url", doc["url"]?.text)
        add("baseurl", doc["baseurl"]?.text)
        if let author = doc["author"] {
            if let name = author.text { add("author", name) }
            else if let name = author["name"]?.text {
                lines.append("author:")
                lines.append("  name: \(Scaffold.yamlQuoted(name))")
                if let e = author["email"]?.text { lines.append("  email: \(Scaffold.yamlQuoted(e))") }
            }
        }
        add("timezone", doc["timezone"]?.text)
        add("language", doc["lang"]?.text ?? doc["language"]?.text)
        // Jekyll's default is the `date` style; keep it so URLs do not change.
        add("permalink", doc["permalink"]?.text ?? "date")
        if case .int(let n)? = doc["paginate"] { lines.append("paginate: \(n)") }
        try write(lines.joined(separator: "\n") + "\n", to: "site.yml")
    }

    // MARK: - Conversion

    /// Galley URLs of the imported posts by Jekyll post name (`2026-03-06-hello`), for `{% post_url %}`.
    private func postURLs(_ documents: [(String, String)]) -> [String: String] {
        let sink = DiagnosticSink()
        guard let config = SiteConfig.load(siteDirectory: destination, diagnostics: sink) else { return [:] }
        var urls: [String: String] = [:]
        // Documents are written after conversion, so load each from a scratch copy of its text.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("galley-import-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let loader = ContentLoader(siteDirectory: scratch, config: config)
        for (rel, text) in documents where rel.hasPrefix("content/posts/") || rel.hasPrefix("content/drafts/") {
            let file = scratch.appendingPathComponent(rel)
            try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(text.utf8).write(to: file)
            if let doc = loader.load(rel, diagnostics: sink) {
                let name = ((rel as NSString).lastPathComponent as NSString).deletingPathExtension
                urls[name] = config.url(doc.permalink.url)
            }
        }
        return urls
    }

    /// Converts what has a Galley equivalent; reports the rest with its line.
    func convert(_ text: String, file: String, postURLs: [String: String], siteValues: [String: String]) -> (String, Int, [Leftover]) {
        var out: [String] = []
        var leftovers: [Leftover] = []
        var converted = 0
        var inFence = false
        let lines = text.components(separatedBy: "\n")
        var lineNo = 0
        for raw in lines {
            lineNo += 1
            var line = raw
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle(); out.append(line); continue }
            if inFence { out.append(line); continue }
            // {% highlight lang [linenos] %} … {% endhighlight %} → fenced code.
            if let tag = liquidTag(trimmed), tag.name == "highlight", trimmed.hasPrefix("{%"), trimmed.hasSuffix("%}") {
                let lang = tag.args.first ?? ""
                let flags = tag.args.dropFirst().contains("linenos") ? " linenos" : ""
                out.append("```" + lang + flags)
                converted += 1
                continue
            }
            if let tag = liquidTag(trimmed), tag.name == "endhighlight", trimmed.hasPrefix("{%") {
                out.append("```"); continue
            }
            if let tag = liquidTag(trimmed), tag.name == "raw" || tag.name == "endraw", trimmed.hasPrefix("{%"), trimmed.hasSuffix("%}") {
                converted += 1; continue
            }
            line = replaceInline(line, file: file, line: lineNo, postURLs: postURLs, siteValues: siteValues,
                                 converted: &converted, leftovers: &leftovers)
            out.append(line)
        }
        return (out.joined(separator: "\n"), converted, leftovers)
    }

    private func replaceInline(_ line: String, file: String, line lineNo: Int, postURLs: [String: String], siteValues: [String: String],
                               converted: inout Int, leftovers: inout [Leftover]) -> String {
        var result = ""
        var rest = Substring(line)
        while let open = rest.range(of: "{%") ?? rest.range(of: "{{") {
            let isTag = rest[open] == "{%"
            let closer = isTag ? "%}" : "}}"
            guard let close = rest.range(of: closer, range: open.upperBound..<rest.endIndex) else { break }
            result += rest[..<open.lowerBound]
            let whole = String(rest[open.lowerBound..<close.upperBound])
            let inner = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: CharacterSet(charactersIn: "- ").union(.whitespaces))
            var replacement: String? = nil
            if isTag, let tag = liquidTag(whole), tag.name == "post_url", let name = tag.args.first, let url = postURLs[name] {
                replacement = url
            } else if !isTag, let value = siteValues[inner] {
                replacement = value
            }
            if let replacement {
                result += replacement
                converted += 1
            } else {
                result += whole
                leftovers.append(Leftover(file: file, line: lineNo, text: whole, why: isTag ? "Liquid tag left as is" : "Liquid output left as is"))
            }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// `{% name args %}` → (name, args).
    private func liquidTag(_ s: String) -> (name: String, args: [String])? {
        guard s.hasPrefix("{%") else { return nil }
        guard let end = s.range(of: "%}") else { return nil }
        let inner = s[s.index(s.startIndex, offsetBy: 2)..<end.lowerBound].trimmingCharacters(in: CharacterSet(charactersIn: "-").union(.whitespaces))
        let words = inner.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let first = words.first else { return nil }
        return (first, Array(words.dropFirst()))
    }
}
