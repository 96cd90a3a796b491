import Foundation
import TextBytes
import Highlight
import Markdown

/// Site settings from `site.yml` (or a Jekyll `_config.yml` when there is no site.yml).
public struct SiteConfig: Sendable {
    public struct MenuItem: Sendable, Hashable { public var title: String; public var url: String }
    public struct Author: Sendable, Hashable { public var name: String; public var email: String?; public var url: String? }

    public var title = "My Galley site"
    public var description = ""
    /// Scheme and host, no trailing slash: `https://example.org`.
    public var origin = "http://localhost:4000"
    /// Path prefix for every URL ("" or "/blog"), from the url's path and Jekyll's `baseurl`.
    public var basePath = ""
    public var author: Author?
    public var language = "en"
    /// Word sets: built in, and the site's `i18n/XX.yml` (see `SiteLanguages`).
    var languages = SiteLanguages()
    public var timeZone = TimeZone(identifier: "UTC")!
    /// Default permalink for posts (Jekyll placeholders or a style name such as `date`, `pretty`).
    public var permalink = "/:year/:month/:day/:title/"
    /// Posts per list page; 0 = no pagination.
    public var paginate = 10
    /// Where the post list's pages go, Jekyll's `paginate_path`: page 1 at the folder of the pattern
    /// (`/blog/page-:num/` → `/blog/`), page n at the pattern with `:num` = n. Default `/page/:num/`.
    public var paginatePath = "/page/:num/"
    /// How dates show on pages (`date.display` in templates), strftime style (`%b %-d, %Y`); nil: `6 March 2026`.
    public var dateFormat: String?
    /// Real paths of folders outside the site that symbolic links may lead to (`--allow-symlinks-to`, never site.yml).
    public var symlinkRoots: [String] = []
    /// Repair double-encoded text (`â€œ` → `“`) in the output; the source is never rewritten.
    public var repairEncoding = false
    /// Front matter keys of the site's own, beyond those Galley reads (`front_matter_keys` in site.yml):
    /// templates see them as `page.params.x`; any other unknown key is reported as a likely typo.
    public var frontMatterKeys: Set<String> = []
    /// Extra copies of the site feed at other paths (an imported Jekyll feed template's URL), with their format.
    public var feedAliases: [(path: String, format: FeedFormat)] = []
    public var menu: [MenuItem] = []
    public var feedItems = 20
    public var feedFullContent = true
    /// Which feed formats each feed folder gets (site-wide and per term), in this order.
    public var feedFormats: [FeedFormat] = FeedFormat.allCases
    public var highlightTheme = "galley"
    /// The built-in search (`search:` in site.yml).
    public var search = SearchSettings()
    public var unlabeled: UnlabeledPolicy = .auto
    /// Pages get lazy loading for all images but the first, and warnings for images without alt text.
    public var markdown: MarkdownOptions = {
        var m = MarkdownOptions()
        m.lazyImages = true
        m.altTextWarnings = true
        return m
    }()
    /// Fail the build on unknown fence languages instead of warning.
    public var strictLanguages = false
    /// The file the settings came from, relative to the site folder.
    public var file = "site.yml"
    /// `theme:` and `params:` (see `SiteThemeSettings`).
    public var theme = SiteThemeSettings()

    public init() {}

    /// A feed format and the file name it is written as in each feed folder.
    public enum FeedFormat: String, Sendable, CaseIterable {
        case rss, atom, json
        public var fileName: String {
            switch self { case .rss: "feed.xml"; case .atom: "atom.xml"; case .json: "feed.json" }
        }
    }

    /// Feed URLs of a feed folder by format name (`rss`, `atom`, `json`), for templates: only the formats written.
    func feedLinks(dir: String) -> [String: String] {
        Dictionary(uniqueKeysWithValues: feedFormats.map { ($0.rawValue, dir + $0.fileName) })
    }

    /// Absolute URL of a root-relative path that already includes `basePath`.
    public func absolute(_ path: String) -> String { origin + path }

    /// Root-relative URL with the base path: `/x` → `/blog/x`.
    public func url(_ path: String) -> String { basePath + path }

    /// Makes `ref` absolute: `https://…` stays, `/x` gets the origin (and base path), `x` is taken relative to `pageURL`.
    func absoluteURL(_ ref: String, relativeTo pageURL: String) -> String {
        if ref.hasPrefix("http://") || ref.hasPrefix("https://") { return ref }
        if ref.hasPrefix("/") {
            return absolute(ref.hasPrefix(basePath + "/") ? ref : url(ref))
        }
        let dir = pageURL.hasSuffix("/") ? pageURL : String(pageURL[...(pageURL.lastIndex(of: "/") ?? pageURL.startIndex)])
        return absolute(dir + ref)
    }

    /// Loads `site.yml`, else `_config.yml`, from the site folder.
    static func load(siteDirectory: URL, diagnostics: DiagnosticSink) -> SiteConfig? {
        let fm = FileManager.default
        var config = SiteConfig()
        let jekyllOnly: Bool
        if fm.fileExists(atPath: siteDirectory.appendingPathComponent("site.yml").path) {
            config.file = "site.yml"; jekyllOnly = false
        } else if fm.fileExists(atPath: siteDirectory.appendingPathComponent("_config.yml").path) {
            if fm.fileExists(atPath: siteDirectory.appendingPathComponent("_posts").path),
               !fm.fileExists(atPath: siteDirectory.appendingPathComponent("content").path) {
                diagnostics.add(.error("_config.yml", "this is a Jekyll site (_config.yml, _posts/): Galley reads posts from content/posts/",
                                       hint: "run `galley import jekyll \(siteDirectory.path) NEW-FOLDER`, then `galley build --site NEW-FOLDER`"))
                return nil
            }
            config.file = "_config.yml"; jekyllOnly = true
            config.permalink = "/:categories/:year/:month/:day/:title:output_ext"   // Jekyll's default `date` style
        } else {
            diagnostics.add(.error(siteDirectory.path, "no site.yml in this folder",
                                   hint: "run `galley build` in a site folder, pass `--site DIR`, or create one with `galley init DIR`"))
            return nil
        }
        let file = config.file
        let settingsPath = siteDirectory.appendingPathComponent(file).path
        if let link = try? fm.destinationOfSymbolicLink(atPath: settingsPath), !link.isEmpty {
            let (inside, target) = FileWalk.resolvesInside(settingsPath, site: FileWalk.realPath(siteDirectory), allowed: [])
            if !inside {
                diagnostics.add(.error(file, "\(file) is a symbolic link to \(target.isEmpty ? link : target), outside the site folder: it is not read",
                                       hint: "a build reads nothing outside its site folder through links; copy the file into the site"))
                return nil
            }
        }
        guard let data = fm.contents(atPath: settingsPath) else {
            diagnostics.add(.error(file, "cannot read \(file)")); return nil
        }
        let text: String
        switch SourceText.decode(data, file: file) {
        case .success(let t): text = t
        case .failure(let d): diagnostics.add(d); return nil
        }
        let doc: YAMLDocument
        switch YAMLDocument.parse(text, file: file, lineOffset: 0) {
        case .success(let d): doc = d; diagnostics.add(contentsOf: d.warnings)
        case .failure(let d): diagnostics.add(d); return nil
        }
        config.languages = SiteLanguages.load(siteDirectory: siteDirectory)
        diagnostics.add(contentsOf: config.languages.diagnostics)
        config.apply(doc, text: text, jekyll: jekyllOnly, diagnostics: diagnostics)
        if !jekyllOnly { config.theme.data = SiteData.load(siteDirectory: siteDirectory, diagnostics: diagnostics) }
        return config
    }

    private mutating func apply(_ doc: YAMLDocument, text: String, jekyll: Bool, diagnostics: DiagnosticSink) {
        let file = self.file
        func problem(_ key: String, _ message: String, hint: String? = nil) {
            let (l, c) = doc.position(of: key) ?? (1, 1)
            diagnostics.add(.error(file, line: l, column: c, message, hint: hint))
        }
        func int(_ key: String) -> Int? {
            guard let v = doc[key] else { return nil }
            if case .int(let i) = v, i >= 0 { return i }
            problem(key, "`\(key)` must be a whole number ≥ 0"); return nil
        }
        if let t = doc["title"]?.text { title = t }
        if let d = doc["description"]?.text { description = d }
        if let u = doc["url"]?.text, !u.isEmpty {
            if let parsed = URLComponents(string: u), let scheme = parsed.scheme, ["http", "https"].contains(scheme), let host = parsed.host {
                origin = "\(scheme)://\(host)" + (parsed.port.map { ":\($0)" } ?? "")
                basePath = Self.normalizedBase(parsed.path)
            } else {
                problem("url", "`url` must be an absolute http(s) URL, e.g. https://example.org")
            }
        }
        if let b = doc["baseurl"]?.text { basePath = Self.normalizedBase(basePath + "/" + b) }
        switch doc["author"] {
        case .string(let name)?: author = Author(name: name)
        case .map?:
            let a = doc["author"]!
            if let name = a["name"]?.text { author = Author(name: name, email: a["email"]?.text, url: a["url"]?.text) }
        default: break
        }
        if let l = doc["language"]?.text ?? doc["lang"]?.text {
            let key = doc["language"] != nil ? "language" : "lang"
            let (line, column) = doc.position(of: key) ?? (1, 1)
            if let tag = LanguageTag.canonical(l.trimmingCharacters(in: .whitespaces)) {
                language = tag
                if !languages.isSupported(tag) { diagnostics.add(LanguageTag.unsupported(tag, file: file, line: line, column: column)) }
            } else {
                diagnostics.add(.warning(file, line: line, column: column, "`\(key): \(l)` is not a language tag; the site is in `en`", hint: LanguageTag.hint(for: l)))
            }
        }
        if let tz = doc["timezone"]?.text {
            if let zone = TimeZone(identifier: tz) { timeZone = zone } else {
                problem("timezone", "unknown time zone `\(tz)`", hint: "use an IANA name such as `UTC` or `Europe/Berlin`")
            }
        }
        if let p = doc["permalink"]?.text { permalink = p }
        if let p = int("paginate") { paginate = p }
        if let p = doc["paginate_path"]?.text {
            if let normal = Self.paginatePattern(p) { paginatePath = normal } else {
                problem("paginate_path", "`paginate_path` must be a site path holding `:num`, e.g. `/blog/page-:num/`",
                        hint: "page 1 of the post list goes to the folder of the pattern (`/blog/`), page n replaces `:num` with n")
            }
        }
        // Which outside folders a build may read is the runner's choice (`--allow-symlinks-to`), not the
        // content's: a pull request could otherwise allow `/` and publish the machine's files.
        if doc["allow_symlinks_to"] != nil {
            let (l, c) = doc.position(of: "allow_symlinks_to") ?? (1, 1)
            diagnostics.add(.warning(file, line: l, column: c, "`allow_symlinks_to` is not read from \(file): settings the site's authors control cannot widen what a build reads",
                                     hint: "pass `--allow-symlinks-to DIR` to `galley build` or `galley serve` instead (repeatable)"))
        }
        switch doc["front_matter_keys"] {
        case nil: break
        case .list(let items)?: frontMatterKeys = Set(items.compactMap(\.text))
        default: problem("front_matter_keys", "`front_matter_keys` must be a list of key names, e.g. `[notice, comments]`")
        }
        if let f = doc["date_format"]?.text {
            if let bad = DateFormat.firstUnsupported(f) {
                problem("date_format", "`date_format` uses `\(bad)`, which Galley does not know",
                        hint: "supported: " + DateFormat.supported)
            } else { dateFormat = f }
        }
        if case .list(let items)? = doc["menu"] {
            for item in items {
                if let t = item["title"]?.text, let u = item["url"]?.text {
                    menu.append(MenuItem(title: t, url: u.hasPrefix("/") ? url(u) : u))
                }
            }
        }
        if let feed = doc["feed"] {
            if case .int(let n)? = feed["items"] { feedItems = n }
            if case .bool(let b)? = feed["full_content"] { feedFullContent = b }
            if case .list(let extra)? = feed["also"] {
                for entry in extra {
                    let path = entry["path"]?.text ?? entry.text ?? ""
                    let name = entry["format"]?.text ?? (path.hasSuffix(".json") ? "json" : "rss")
                    guard path.hasPrefix("/"), !path.hasSuffix("/"), !path.contains(".."), let format = FeedFormat(rawValue: name.lowercased()) else {
                        problem("feed", "`feed.also` entries need a file path and a format, e.g. `{path: /blog/feed/index.xml, format: rss}`",
                                hint: "format is one of: rss, atom, json; the path is a file inside the site")
                        continue
                    }
                    feedAliases.append((path, format))
                }
            }
            if let f = feed["formats"] {
                let names: [String]? = {
                    if case .list(let items) = f { return items.map { $0.text ?? "" } }
                    return f.text.map { [$0] }
                }()
                let parsed = names?.map { FeedFormat(rawValue: $0.lowercased()) } ?? []
                if let names, !names.isEmpty, parsed.allSatisfy({ $0 != nil }) {
                    feedFormats = FeedFormat.allCases.filter { parsed.contains($0) }
                } else {
                    problem("feed", "`feed.formats` must list one or more of: rss, atom, json",
                            hint: "e.g. `formats: [rss, atom]`; leave it out to write all three")
                }
            }
        }
        if let h = doc["highlight"] {
            if let t = h["theme"]?.text {
                if Highlighter.css(theme: t) == nil {
                    problem("highlight", "unknown highlight theme `\(t)`",
                            hint: (Suggest.nearest(t, in: Highlighter.themeNames).map { "did you mean `\($0)`? " } ?? "")
                                + "`galley highlight css --list` lists the themes")
                } else { highlightTheme = t }
            }
            switch h["unlabeled"]?.text {
            case nil, "auto"?: unlabeled = .auto
            case "plaintext"?, "none"?, "text"?: unlabeled = .plaintext
            case let lang?: unlabeled = .language(lang)
            }
            if let f = h["fallback_language"]?.text {
                if Highlighter.language(named: f) == nil {
                    problem("highlight", "unknown `highlight.fallback_language` `\(f)`", hint: "`galley highlight --list` shows the languages and aliases")
                } else if case .auto = unlabeled {
                    unlabeled = .fallback(f)
                } else {
                    problem("highlight", "`highlight.fallback_language` needs `unlabeled: auto`",
                            hint: "fallback_language only decides between two close guesses of detection; `unlabeled: \(f)` labels every unlabelled block instead")
                }
            }
            if case .bool(let b)? = h["strict"] { strictLanguages = b }
        }
        if let m = doc["markdown"] {
            if case .bool(let b)? = m["smart"] { markdown.smartPunctuation = b }
            if case .bool(let b)? = m["raw_html"] { markdown.allowRawHTML = b }
            if case .bool(let b)? = m["hard_breaks"] { markdown.hardBreaks = b }
            if case .bool(let b)? = m["heading_anchors"] { markdown.headingAnchors = b }
            if case .bool(let b)? = m["tagfilter"] { markdown.tagFilter = b }
            if case .bool(let b)? = m["figures"] { markdown.figures = b }
            switch m["html_blocks"]?.text {
            case nil, "commonmark"?: break
            case "kramdown"?: markdown.kramdownHTMLBlocks = true
            case let other?: problem("markdown", "`markdown.html_blocks` is `kramdown` or `commonmark`, not `\(other)`",
                                     hint: "kramdown keeps a raw HTML element whole up to its end tag (Jekyll sites); commonmark ends it at a blank line")
            }
        }
        if case .bool(let b)? = doc["markdown"]?["repair_encoding"] { repairEncoding = b }
        if let sr = doc["search"] {
            if case .bool(let b) = sr { search.enabled = b }
            if case .bool(let b)? = sr["enabled"] { search.enabled = b }
            if let f = sr["fallback"]?.text {
                if let engine = SearchSettings.Fallback(rawValue: f) { search.fallback = engine } else {
                    let (l, c) = Self.nestedKeyPosition("fallback", under: "search", in: doc, text: text) ?? doc.position(of: "search") ?? (1, 1)
                    diagnostics.add(.error(file, line: l, column: c, "unknown `search.fallback` `\(f)`",
                            hint: "one of: " + SearchSettings.Fallback.allCases.map(\.rawValue).joined(separator: ", ")
                                + " (where the search box sends a query when JavaScript is off)"))
                }
            }
        }
        // A misspelt `figures:` or `fallback:` would silently do nothing.
        for (section, keys) in [("markdown", Self.markdownKeys), ("search", Self.searchKeys)] where !jekyll {
            guard case .map(let entries)? = doc[section] else { continue }
            for (key, _) in entries where !keys.contains(key) {
                let (l, c) = Self.nestedKeyPosition(key, under: section, in: doc, text: text) ?? doc.position(of: section) ?? (1, 1)
                diagnostics.add(.warning(file, line: l, column: c, "unknown setting `\(section).\(key)` is ignored",
                                         hint: (Suggest.nearest(key, in: keys.sorted()).map { "did you mean `\($0)`? " } ?? "")
                                            + "see README.md, section site.yml, for the settings Galley reads"))
            }
        }
        if !jekyll { theme.apply(doc, file: file, diagnostics: diagnostics) }
        if !jekyll {
            let known: Set = ["theme", "params", "title", "description", "url", "baseurl", "author", "language", "lang", "timezone", "permalink",
                              "paginate", "paginate_path", "date_format", "front_matter_keys", "allow_symlinks_to", "menu", "feed", "highlight", "markdown", "search"]
            for entry in doc.values where !known.contains(entry.key) {
                diagnostics.add(.warning(file, line: entry.line, column: 1, "unknown setting `\(entry.key)` is ignored",
                                         hint: "see README.md, section site.yml, for the settings Galley reads"))
            }
        }
    }

    static let searchKeys: Set = ["enabled", "fallback"]
    static let markdownKeys: Set = ["smart", "raw_html", "hard_breaks", "heading_anchors", "tagfilter", "html_blocks",
                                    "repair_encoding", "figures"]

    /// Line and column of `key:` indented under `parent:` in the settings text (nested keys carry no position).
    static func nestedKeyPosition(_ key: String, under parent: String, in doc: YAMLDocument, text: String) -> (Int, Int)? {
        guard let (valueLine, _) = doc.position(of: parent) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // The position is the value's: the line of `parent:` or, for a block mapping, of its first key.
        var l = valueLine - 1
        if l >= 0, l < lines.count, lines[l].hasPrefix(parent + ":") { l += 1 }
        while l >= 0, l < lines.count {
            let line = lines[l]
            let indent = line.prefix { $0 == " " }.count
            if indent == 0 && !line.trimmingCharacters(in: .whitespaces).isEmpty && !line.hasPrefix("#") { break }
            if line.dropFirst(indent).hasPrefix(key + ":") { return (l + 1, indent + 1) }
            l += 1
        }
        return nil
    }

    /// `blog/page-:num` → `/blog/page-:num/`; nil without `:num` or with `..`.
    static func paginatePattern(_ text: String) -> String? {
        let parts = text.split(separator: "/").filter { !$0.isEmpty }
        guard parts.contains(where: { $0.contains(":num") }), !parts.contains(".."), parts.last?.contains(":num") == true else { return nil }
        return "/" + parts.joined(separator: "/") + "/"
    }

    /// URL of page `n` of the post list (site path, no base path).
    func postListURL(page n: Int) -> String { Self.listPageURL(paginatePath, n) }

    /// Page `n` of a list whose pages follow `pattern`: `:num` replaced for n > 1; page 1 is the folder
    /// above the `:num` segment, and above a segment that is `:num` alone, the folder above its parent
    /// (`/blog/page-:num/` and `/blog/page/:num/` both start at `/blog/`, as jekyll-paginate does).
    static func listPageURL(_ pattern: String, _ n: Int) -> String {
        if n > 1 { return replacingBytes(pattern, ":num", with: String(n)) }
        var parts = pattern.split(separator: "/")
        guard let i = parts.lastIndex(where: { $0.contains(":num") }) else { return pattern }
        let alone = parts[i] == ":num"
        parts.removeSubrange(i...)
        if alone && !parts.isEmpty { parts.removeLast() }
        return parts.isEmpty ? "/" : "/" + parts.joined(separator: "/") + "/"
    }

    static func normalizedBase(_ path: String) -> String {
        let parts = path.split(separator: "/").filter { !$0.isEmpty }
        return parts.isEmpty ? "" : "/" + parts.joined(separator: "/")
    }
}

/// `search:` in site.yml. The index and the search box are on unless `enabled: false`.
public struct SearchSettings: Sendable, Equatable {
    public var enabled = true
    /// Where the box sends a query with JavaScript off: a web search restricted to the site.
    public var fallback: Fallback = .duckduckgo

    public enum Fallback: String, Sendable, CaseIterable {
        case duckduckgo, google, none
        /// The form's action and the hidden field that restricts results to the site.
        var form: (action: String, field: String)? {
            switch self {
            case .duckduckgo: ("https://duckduckgo.com/", "sites")
            case .google: ("https://www.google.com/search", "as_sitesearch")
            case .none: nil
            }
        }
    }
}
