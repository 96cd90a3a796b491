import Foundation

/// Front matter keys of a document read beside `makeDocument`: the known keys, `author`, `series`.
extension ContentLoader {
    /// `author:` as a name, `{name: …}`, or a list of either (several authors, in order).
    func readAuthors(_ fm: YAMLDocument, _ fail: (String, String, String?) -> Void) -> [String] {
        func name(_ v: YAMLValue) -> String? {
            if case .map = v { return v["name"]?.text }
            return v.text
        }
        switch fm["author"] {
        case nil, .null?: return []
        case .list(let items)?:
            var names: [String] = []
            for item in items {
                guard let n = name(item) else {
                    fail("author", "`author` items must be names or `{name: …}`", "write e.g. `author: [Ada, Grace]`")
                    return []
                }
                if !n.isEmpty && !names.contains(n) { names.append(n) }
            }
            return names
        case let v?:
            if let n = name(v) { return n.isEmpty ? [] : [n] }
            if case .map = v { fail("author", "`author` needs a `name`, e.g. `author: {name: Ada}`", nil) }
            else { fail("author", "`author` must be a name, `{name: …}` or a list of names", "write e.g. `author: Ada` or `author: [Ada, Grace]`") }
            return []
        }
    }

    /// Front matter keys a build reads. Anything else is a site's own key (declared in `front_matter_keys`
    /// or written under `params:`) or a typo: `tgas:` would drop every tag, `draf: true` publish a draft.
    static let knownKeys: [String] = ["title", "date", "updated", "last_modified_at", "description", "excerpt", "categories",
                                      "category", "tags", "tag", "layout", "draft", "published", "author", "image", "slug",
                                      "permalink", "sitemap", "params", "toc", "notice", "lang",
                                      "aliases", "redirect_from", "series", "series_order"]
    static let knownKeySet = Set(knownKeys)

    func warnAboutUnknownKeys(_ fm: YAMLDocument, _ rel: String, _ diagnostics: DiagnosticSink) {
        for entry in fm.values where !Self.knownKeySet.contains(entry.key) && !config.frontMatterKeys.contains(entry.key) {
            let near = Suggest.nearest(entry.key, in: Self.knownKeys)
            diagnostics.add(.warning(rel, line: entry.line, column: 1,
                                     "unknown front matter key `\(entry.key)`" + (near.map { "; did you mean `\($0)`?" } ?? ""),
                                     hint: "a key of your own goes under `params:` (templates read `page.params.\(entry.key)`), or list it once in \(config.file) as `front_matter_keys: [\(entry.key)]`"))
        }
    }

    /// `series:` and `series_order:`. A bad order or one without a series is a warning, never dropped silently:
    /// the post then keeps its series (ordered by date) or stays out of any.
    func readSeries(_ fm: YAMLDocument, _ rel: String, _ name: String?, _ diagnostics: DiagnosticSink) -> (String?, Int?) {
        var series = name?.trimmingCharacters(in: .whitespaces)
        if series?.isEmpty == true {
            let (l, c) = fm.position(of: "series") ?? (1, 1)
            diagnostics.add(.warning(rel, line: l, column: c, "`series` is empty; the post is in no series",
                                     hint: "write the series' name, e.g. `series: \"Offline-first sync\"`, or remove the key"))
            series = nil
        }
        guard let raw = fm["series_order"], let (l, c) = fm.position(of: "series_order") else { return (series, nil) }
        guard series != nil else {
            diagnostics.add(.warning(rel, line: l, column: c, "`series_order` without `series` does nothing",
                                     hint: "add `series: \"Name of the series\"` to make this post a part, or remove `series_order`"))
            return (nil, nil)
        }
        var order: Int?
        switch raw {
        case .int(let i): order = i
        case .string(let t): order = Int(t.trimmingCharacters(in: .whitespaces))
        default: order = nil
        }
        if order == nil {
            let shown = raw.text.map { "`\($0)`" } ?? "this value"
            diagnostics.add(.warning(rel, line: l, column: c, "`series_order` must be a whole number, not \(shown); the part is placed by its date",
                                     hint: "write e.g. `series_order: 2`, or remove the key to order the series by date"))
        }
        return (series, order)
    }

}
