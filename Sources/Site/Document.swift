import Foundation
import TextBytes

extension SourceDocument {
    /// Each tag and category with its kind and slug.
    var terms: [(kind: Term.Kind, name: String, slug: String)] {
        zip(tags, tagSlugs).map { (.tag, $0, $1) } + zip(categories, categorySlugs).map { (.category, $0, $1) }
    }
}

/// A Markdown source after loading: front matter read, URL decided, body not yet rendered.
final class SourceDocument: @unchecked Sendable {
    enum Kind: String, Sendable { case post, page }

    let kind: Kind
    /// Path relative to the site folder, e.g. `content/posts/2026-03-06-hello.md`.
    let sourcePath: String
    /// The Markdown text. A one-shot build drops it once rendered (`releaseBody`), as nothing reads it again;
    /// that is the only write, made by the one task that rendered it (hence `@unchecked Sendable`).
    private(set) var body: String
    /// Lines before the body in the file (front matter), to turn body lines into file lines.
    let bodyLineOffset: Int
    let title: String
    let date: Date?
    let updated: Date?
    let description: String?
    let categories: [String]
    let tags: [String]
    /// `Slug.term` of each tag and category, made once at load (lists and feeds look them up often).
    let tagSlugs: [String]
    let categorySlugs: [String]
    let layout: String?
    /// Line of the `layout:` key, for unknown-layout errors.
    let layoutLine: Int
    let draft: Bool
    /// `author:` names, in order (a list in front matter gives several).
    let authors: [String]
    /// The names as one line (`Ada, Grace`): `page.author.name`, the meta tag and feeds.
    var author: String? { authors.isEmpty ? nil : authors.joined(separator: ", ") }
    let image: String?
    let slug: String
    let permalink: Permalink
    /// `series:` and its `Slug.term`; `series_order:` (parts without one are ordered by date) and where it is written.
    let series: String?
    let seriesSlug: String?
    let seriesOrder: Int?
    let seriesOrderPosition: (line: Int, column: Int)
    /// The page's language: `lang:` in its front matter, else the site's; and its words and date names.
    let lang: String
    let language: LanguagePack
    /// Where `lang:` was written, for the warning when Galley has no words for it.
    let langPosition: (line: Int, column: Int)?
    /// Every front matter key, for templates (`page.params.x`).
    let params: [(String, YAMLValue)]
    /// Front matter keys a post's list entry shows beyond its summary (`post.author`): a list page whose
    /// template reads one of them is made again when the post changes.
    let listExtraKeys: [String]
    /// Its `aliases:` and `redirect_from:` (see `Aliases`), found once per load, not per save.
    let aliases: [String]
    /// Changes whenever the file's bytes change: the key of every cache built from this document.
    let fingerprint: Int

    /// A class, not a struct: lists pass thousands of documents around on every rebuild.
    /// `contentHash` has the path and every byte of the file; the date is added here (an undated draft
    /// takes its file's time, which the bytes do not show).
    func releaseBody() { body = "" }

    init(kind: Kind, sourcePath: String, body: String, bodyLineOffset: Int, title: String, date: Date?, updated: Date?,
         description: String?, categories: [String], tags: [String], layout: String?, layoutLine: Int, draft: Bool,
         authors: [String], image: String?, slug: String, permalink: Permalink, params: [(String, YAMLValue)],
         series: String? = nil, seriesOrder: Int? = nil, seriesOrderPosition: (Int, Int) = (1, 1), contentHash: Hasher,
         language: LanguagePack, langPosition: (line: Int, column: Int)? = nil) {
        self.lang = language.tag
        self.language = language
        self.langPosition = langPosition
        self.kind = kind
        self.sourcePath = sourcePath
        self.body = body
        self.bodyLineOffset = bodyLineOffset
        self.title = title
        self.date = date
        self.updated = updated
        self.description = description
        self.categories = categories
        self.tags = tags
        self.tagSlugs = tags.map(Slug.term)
        self.categorySlugs = categories.map(Slug.term)
        self.layout = layout
        self.layoutLine = layoutLine
        self.draft = draft
        self.authors = authors
        self.image = image
        self.slug = slug
        self.permalink = permalink
        self.params = params
        self.listExtraKeys = params.compactMap { ContextBuilder.summaryKeys.contains($0.0) ? nil : $0.0 }
        self.aliases = Aliases.values(params)
        self.series = series
        self.seriesSlug = series.map(Slug.term)
        self.seriesOrder = seriesOrder
        self.seriesOrderPosition = seriesOrderPosition
        var h = contentHash
        h.combine(date)
        self.fingerprint = h.finalize()
    }
}

/// Reads `content/`: Markdown becomes documents, everything else is an asset to copy.
struct ContentLoader: Sendable {
    var siteDirectory: URL
    var config: SiteConfig

    struct Listing: Sendable {
        var markdown: [String] = []   // relative to the site folder
        var assets: [String] = []
        /// Symbolic links not followed: outside the site (errors) or to folders (warnings).
        var refused: [FileWalk.Refused] = []
    }

    /// Lists `content/` (and non-template files under `templates/`), skipping hidden and editor temp files.
    func list() -> Listing {
        var listing = Listing()
        let site = FileWalk.realPath(siteDirectory)
        for root in ["content", "templates"] {
            let (files, refused) = FileWalk.walk(siteDirectory.appendingPathComponent(root), site: site, allowed: config.symlinkRoots)
            listing.refused += refused.map { var r = $0; r.path = root + "/" + r.path; return r }
            // Plain string tests rather than NSString path methods: this runs on every save in `serve`.
            for path in files {
                let name = path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? Substring(path)
                if name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasPrefix("#") { continue }
                let rel = root + "/" + path
                let lower = name.lowercased()
                if root == "content" && (lower.hasSuffix(".md") || lower.hasSuffix(".markdown")) {
                    listing.markdown.append(rel)
                } else if root == "templates" && (lower.hasSuffix(".liquid") || lower.hasSuffix(".mustache")) {
                    continue
                } else {
                    listing.assets.append(rel)
                }
            }
        }
        return listing
    }

    /// Loads one Markdown file. Problems go to `diagnostics`; nil when the file cannot be used.
    func load(_ rel: String, diagnostics: DiagnosticSink) -> SourceDocument? {
        // The path by concatenation: URL.appendingPathComponent cost more than reading the file.
        let dir = siteDirectory.path
        guard let data = FileManager.default.contents(atPath: dir.hasSuffix("/") ? dir + rel : dir + "/" + rel) else {
            diagnostics.add(.error(rel, "cannot read file", hint: "check its permissions")); return nil
        }
        let text: String
        switch SourceText.decode(data, file: rel) {
        case .success(let t): text = t
        case .failure(let d): diagnostics.add(d); return nil
        }
        let split = SplitSource(text)
        if split.unterminated {
            diagnostics.add(.error(rel, line: 1, column: 1, "front matter starts with `---` but never ends",
                                   hint: "add a line `---` after the last front matter key"))
            return nil
        }
        var fm = YAMLDocument()
        if let yaml = split.frontMatter {
            switch YAMLDocument.parse(yaml, file: rel, lineOffset: 1) {
            case .success(let d): fm = d; diagnostics.add(contentsOf: d.warnings)
            case .failure(let d): diagnostics.add(d); return nil
            }
        }
        var h = Hasher()
        h.combine(rel)
        // Every byte (Foundation's own Data hash looks only at the length and the first 80 bytes), digested
        // word at a time: SipHash over every source byte was a visible share of loading.
        h.combine(data.withUnsafeBytes { byteDigest($0) })
        return makeDocument(rel, split: split, fm: fm, contentHash: h, diagnostics: diagnostics)
    }

    /// `rel.split(separator: "/")` as Strings; on bytes when `rel` is ASCII (then bytes are Characters): the
    /// split on Characters cost 31 k instructions a file.
    static func pathComponents(_ rel: String) -> [String] {
        guard rel.utf8.allSatisfy({ $0 < 0x80 }) else { return rel.split(separator: "/").map(String.init) }
        return rel.utf8.split(separator: 0x2F).map { String(Substring($0)) }
    }

    private func makeDocument(_ rel: String, split: SplitSource, fm: YAMLDocument, contentHash: Hasher, diagnostics: DiagnosticSink) -> SourceDocument? {
        var ok = true
        func fail(_ key: String, _ message: String, hint: String? = nil) {
            let (l, c) = fm.position(of: key) ?? (1, 1)
            diagnostics.add(.error(rel, line: l, column: c, message, hint: hint))
            ok = false
        }
        func string(_ key: String) -> String? {
            guard let v = fm[key] else { return nil }
            if case .null = v { return nil }
            if let t = v.text { return t }
            fail(key, "`\(key)` must be text"); return nil
        }
        func date(_ key: String) -> Date? {
            guard let s = string(key) else { return nil }
            if let d = SiteDates.parse(s, timeZone: config.timeZone) { return d }
            fail(key, "cannot read `\(key)` value `\(s)` as a date",
                 hint: "write e.g. `2026-03-06`, `2026-03-06 10:00:00 +0100` or `2026-03-06T10:00:00Z`")
            return nil
        }
        func list(_ keys: [String]) -> [String] {
            var out: [String] = []
            for key in keys {
                switch fm[key] {
                case nil, .null?: continue
                case .list(let items)?:
                    for item in items {
                        if let t = item.text { out.append(t) } else { fail(key, "`\(key)` items must be text") }
                    }
                case let v?:
                    // Jekyll reads `tags: a b` as two tags, but `category: Deep Dives` as one category.
                    if let t = v.text, key == "category" || key == "tag" { out.append(t.trimmingCharacters(in: .whitespaces)) }
                    else if let t = v.text { out += t.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init) }
                    else { fail(key, "`\(key)` must be a list, e.g. `[swift, performance]`") }
                }
            }
            var seen = Set<String>()
            return out.filter { !$0.isEmpty && seen.insert($0).inserted }
        }
        func bool(_ key: String) -> Bool? {
            guard let v = fm[key] else { return nil }
            if case .bool(let b) = v { return b }
            fail(key, "`\(key)` must be `true` or `false`"); return nil
        }

        let path = Self.pathComponents(rel)
        let fileName = path.last!
        let baseName = Self.deletingExtension(fileName)
        let inPosts = path.count > 2 && path[1] == "posts"
        let inDrafts = path.count > 2 && path[1] == "drafts"
        let kind: SourceDocument.Kind = (inPosts || inDrafts) ? .post : .page

        // Jekyll file names: YYYY-MM-DD-slug.
        var nameDate: Date?
        var nameSlug = baseName
        if let (d, rest) = SiteDates.fileNameDate(baseName, timeZone: config.timeZone) {
            nameDate = d
            nameSlug = rest
        }
        let frontSlug = string("slug")
        let slugSource = frontSlug ?? nameSlug
        var title = string("title")
        var docDate = date("date") ?? (kind == .post ? nameDate : nil)
        let updated = date("updated") ?? date("last_modified_at")
        // Feeds are checked for plausible years (as readers sort and show them): say so at the date, not in a feed.
        for (key, value) in [("date", docDate), ("updated", updated)] {
            guard let d = value, !SiteDates.plausibleYears.contains(SiteDates.fields(d, config.timeZone).year) else { continue }
            let written = fm["date"] == nil && key == "date" ? "the file name's date" : "`\(fm["updated"] == nil && key == "updated" ? "last_modified_at" : key)`"
            fail(fm[key] == nil && key == "updated" ? "last_modified_at" : key, "\(written) is in \(SiteDates.fields(d, config.timeZone).year), outside the years feeds accept (\(SiteDates.plausibleYears.lowerBound)–\(SiteDates.plausibleYears.upperBound))",
                 hint: "feed readers and validators take such a date for a mistake; write the real date")
        }
        var draft = (bool("draft") ?? false) || inDrafts
        if bool("published") == false { draft = true }

        if kind == .post {
            if title == nil {
                if !nameSlug.isEmpty {
                    // What Jekyll does: the title comes from the file name (a draft's has no date).
                    title = nameSlug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
                } else {
                    diagnostics.add(.error(rel, line: 1, column: 1, "post has no title",
                                           hint: "add `title: …` to the front matter"))
                    ok = false
                }
            }
            if docDate == nil {
                if inDrafts, let attrs = try? FileManager.default.attributesOfItem(atPath: siteDirectory.appendingPathComponent(rel).path),
                   let m = attrs[.modificationDate] as? Date {
                    docDate = m
                } else if fm["date"] == nil {
                    diagnostics.add(.error(rel, line: 1, column: 1, "post has no date",
                                           hint: "add `date: YYYY-MM-DD` to the front matter, or name the file `YYYY-MM-DD-slug.md`"))
                    ok = false
                }
            }
            if slugSource.isEmpty {
                diagnostics.add(.error(rel, line: 1, column: 1, "post has no slug",
                                       hint: "name the file `YYYY-MM-DD-slug.md` or add `slug: …`"))
                ok = false
            }
        } else if title == nil {
            title = firstHeading(split.body) ?? baseName.replacingOccurrences(of: "-", with: " ").capitalized
        }
        let categories = TermLists.clean(list(["categories", "category"]), kind: .category, keys: ["categories", "category"], front: fm, file: rel, diagnostics: diagnostics)
        let tags = TermLists.clean(list(["tags", "tag"]), kind: .tag, keys: ["tags", "tag"], front: fm, file: rel, diagnostics: diagnostics)
        var image = string("image")
        if image == nil, let m = fm["image"], let p = m["path"]?.text ?? m["url"]?.text { image = p }
        let authors = readAuthors(fm, fail)
        let layout = string("layout")
        var (series, seriesOrder) = readSeries(fm, rel, string("series"), diagnostics)
        if kind == .page, series != nil {
            let (l, c) = fm.position(of: "series") ?? (1, 1)
            diagnostics.add(.warning(rel, line: l, column: c, "only posts are parts of a series; this page is in none",
                                     hint: "move the file to content/posts/ (named YYYY-MM-DD-slug.md), or remove `series`"))
            (series, seriesOrder) = (nil, nil)
        }
        var lang = config.language
        var langPosition: (line: Int, column: Int)?
        if let raw = string("lang") {
            let (l, c) = fm.position(of: "lang") ?? (1, 1)
            if let tag = LanguageTag.canonical(raw.trimmingCharacters(in: .whitespaces)) {
                lang = tag
                langPosition = (l, c)
            } else {
                diagnostics.add(.warning(rel, line: l, column: c, "`lang: \(raw)` is not a language tag; the page is in `\(config.language)`",
                                         hint: LanguageTag.hint(for: raw)))
            }
        }
        warnAboutUnknownKeys(fm, rel, diagnostics)
        let pattern = string("permalink") ?? (kind == .post ? config.permalink : nil)
        guard ok else { return nil }

        // Pages without a permalink keep their place: content/docs/a.md → /docs/a.html (as Jekyll).
        let folder = path.dropFirst().dropLast().joined(separator: "/")
        let pagePattern = "/:path/:basename:output_ext"
        let fields = Permalink.Fields(title: Slug.jekyll(slugSource, mode: .pretty, cased: true), slug: Slug.jekyll(slugSource),
                                      categories: categories, date: docDate, timeZone: config.timeZone,
                                      path: folder, basename: baseName)
        let expanded: Permalink
        switch Permalink.expand(pattern ?? pagePattern, fields) {
        case .success(let p): expanded = p
        case .failure(let f):
            let key = fm["permalink"] != nil ? "permalink" : "date"
            let line = fm.position(of: "permalink")?.0 ?? (fm["permalink"] == nil ? 0 : 1)
            let where_ = fm["permalink"] != nil ? rel : config.file
            // The slug's fault (`slug: ../x`, a 300-byte name) when the pattern expands fine with a plain one.
            var plain = fields
            (plain.title, plain.slug, plain.basename) = ("x", "x", "x")
            let fromSlug: Bool = if case .success = Permalink.expand(pattern ?? pagePattern, plain) { true } else { false }
            let at = fromSlug ? (fm.position(of: "slug") ?? (1, 1)) : (line, fm.position(of: key)?.1 ?? 1)
            let file = fromSlug ? rel : where_
            let whose = fromSlug ? "slug `\(slugSource.utf8.count > 60 ? String(slugSource.prefix(40)) + "…" : slugSource)`" : "permalink `\(pattern ?? "")`"
            switch f {
            case .leavesOutput:
                diagnostics.add(.error(file, line: at.0, column: at.1, "\(whose) would write outside the output folder",
                                       hint: fromSlug ? "give the post a `slug:` of letters, digits and `-`" : "remove `..` from the permalink"))
            case .hidden(let segment):
                diagnostics.add(.error(file, line: at.0, column: at.1, "\(whose) makes a hidden part `\(segment.prefix(60))` (it starts with `.`): servers, deploys and `galley check` skip it",
                                       hint: fromSlug ? "give the post a `slug:` of letters, digits and `-`" : "remove the leading `.` from the permalink"))
            case .tooLong(let segment):
                diagnostics.add(.error(file, line: at.0, column: at.1, "\(whose) makes a URL part of \(segment.utf8.count) bytes; a file name holds at most 250 (and `.html`)",
                                       hint: fromSlug ? "give the post a shorter `slug:`" : "shorten the permalink"))
            case .unknownPlaceholder(let name):
                diagnostics.add(.error(where_, line: line, column: 1, "unknown permalink placeholder `:\(name)`",
                                       hint: "use :year, :month, :day, :title, :slug, :categories (see README)"))
            }
            return nil
        }
        return SourceDocument(kind: kind, sourcePath: rel, body: split.body, bodyLineOffset: split.bodyLineOffset,
                              title: title ?? baseName, date: docDate, updated: updated,
                              description: (string("description") ?? string("excerpt")).flatMap { $0.isEmpty ? nil : $0 },
                              categories: categories, tags: tags, layout: layout, layoutLine: fm.position(of: "layout")?.0 ?? 1,
                              draft: draft, authors: authors, image: image, slug: Slug.jekyll(slugSource),
                              permalink: expanded, params: fm.values.map { ($0.key, $0.value) },
                              series: series, seriesOrder: seriesOrder, seriesOrderPosition: fm.position(of: "series_order") ?? (1, 1),
                              contentHash: contentHash, language: config.pack(lang), langPosition: langPosition)
    }

    /// `NSString.deletingPathExtension` of a file name, without bridging for the plain `name.ext` case.
    static func deletingExtension(_ name: String) -> String {
        let u = name.utf8
        if let dot = u.lastIndex(of: 0x2E), dot != u.startIndex, u[u.index(before: dot)] != 0x2E,
           u.first != 0x2E, !u.contains(0x2F), u.allSatisfy({ $0 < 0x80 }),
           u[u.index(after: dot)...].allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }),
           u.index(after: dot) != u.endIndex {
            return String(name[..<dot])
        }
        return (name as NSString).deletingPathExtension
    }

    /// Text of the first ATX `# Heading`, used as the title of pages that have none.
    private func firstHeading(_ body: String) -> String? {
        for line in body.split(separator: "\n", maxSplits: 40) where line.hasPrefix("# ") {
            return line.dropFirst(2).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }
}
