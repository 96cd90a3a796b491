/// A post's tags or categories as the site uses them: one per URL, and not so many that the site
/// explodes. Every term is a page and three feeds that list the post with all its terms, so one
/// post's term count squared is what gets written (4,000 tags: 2 GB); past `limit` the rest is dropped.
enum TermLists {
    /// Terms a post may carry per kind; more is a warning and the rest is left out.
    static let limit = 50

    /// `names` without the ones whose URL an earlier one already has (`Swift` then `swift`,
    /// `node.js` then `nodejs`), and at most `limit`, each change a warning at the front matter key.
    static func clean(_ names: [String], kind: Term.Kind, keys: [String], front: YAMLDocument, file: String,
                      diagnostics: DiagnosticSink) -> [String] {
        guard !names.isEmpty else { return names }
        let (line, column) = keys.lazy.compactMap { front.position(of: $0) }.first ?? (1, 1)
        let folder = kind == .tag ? "tags" : "categories"
        var seen: [String: String] = [:]
        seen.reserveCapacity(names.count)   // (growing it was a sixth of this function)
        var out: [String] = []
        out.reserveCapacity(names.count)
        var merged: [(String, String)] = []
        for name in names {
            let slug = Slug.term(name)
            if let first = seen[slug] {
                if first != name { merged.append((first, name)) }
                continue
            }
            seen[slug] = name
            out.append(name)
        }
        for (first, other) in merged.prefix(3) {
            diagnostics.add(.warning(file, line: line, column: column,
                                     "\(kind.rawValue)s `\(first)` and `\(other)` make one URL, /\(folder)/\(Slug.term(first))/: the post is listed there once, as `\(first)`",
                                     hint: "remove `\(other)`, or spell both the same way"))
        }
        if merged.count > 3 {
            diagnostics.add(.warning(file, line: line, column: column, "\(merged.count - 3) more \(kind.rawValue)s share a URL with an earlier one"))
        }
        if out.count > limit {
            diagnostics.add(.warning(file, line: line, column: column,
                                     "\(out.count) \(folder) on one post: only the first \(limit) are used",
                                     hint: "each \(kind.rawValue) makes a page and feeds that list the post with all its \(folder); keep the few a reader would browse by"))
            out.removeLast(out.count - limit)
        }
        return out
    }
}
