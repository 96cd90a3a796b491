import Foundation

/// What the `Import` module needs of the site model: reading YAML and front matter the way a build
/// does, and the URL a post will get. `package`, not `public`: it is no API for other users of `Site`.
package enum ImportSupport {
    /// One top-level key of a YAML mapping, with its value and line.
    package struct Entry: Sendable {
        package var key: String
        package var value: YAMLValue
        package var line: Int
    }

    /// A file split as a build splits it.
    package struct Split: Sendable {
        package var frontMatter: String?
        package var bodyLineOffset: Int
        package var body: String
    }

    package static func split(_ text: String) -> Split {
        let s = SplitSource(text)
        return Split(frontMatter: s.frontMatter, bodyLineOffset: s.bodyLineOffset, body: s.body)
    }

    /// The top-level keys of a YAML mapping (nil when it does not parse).
    package static func entries(_ yaml: String, file: String, lineOffset: Int = 0) -> [Entry]? {
        guard case .success(let doc) = YAMLDocument.parse(yaml, file: file, lineOffset: lineOffset) else { return nil }
        return doc.values.map { Entry(key: $0.key, value: $0.value, line: $0.line) }
    }

    /// A value as text (strings, numbers, booleans); nil for lists, maps and null.
    package static func text(_ v: YAMLValue) -> String? { v.text }

    package static func child(_ v: YAMLValue, _ key: String) -> YAMLValue? { v[key] }

    /// Text the way site.yml writes it: quoted when YAML would read it otherwise.
    package static func quoted(_ s: String) -> String { Scaffold.yamlQuoted(s) }

    /// Why a strftime pattern cannot be used for `date_format` (the directive), nil when it can.
    package static func unsupportedDateDirective(_ format: String) -> String? { DateFormat.firstUnsupported(format) }

    package static func decode(_ data: Data, file: String) -> Result<String, SiteDiagnostic> { SourceText.decode(data, file: file) }

    package static func normalizedBase(_ path: String) -> String { SiteConfig.normalizedBase(path) }

    /// The front matter keys a build reads (anything else is for templates, as `page.params.x`).
    package static let frontMatterKeys = Set(ContentLoader.knownKeys)
    /// What templates see on `page` whatever the front matter holds (`page.url`, `page.content` …).
    package static let pageModelKeys = Set(ContextBuilder.pageKeys + ["path"])

    /// Root-relative URLs (with base path) the posts among `documents` (site-relative path, text) will have
    /// in the site at `siteDirectory` (its site.yml already written), by Jekyll post name (`2026-03-06-hello`).
    package static func postURLs(_ documents: [(String, String)], siteDirectory: URL) -> [String: String] {
        let sink = DiagnosticSink()
        guard let config = SiteConfig.load(siteDirectory: siteDirectory, diagnostics: sink) else { return [:] }
        var urls: [String: String] = [:]
        // The documents are not written yet: load each from a scratch copy of its text.
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
}
