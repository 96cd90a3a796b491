import Foundation

extension PageAssembler {
    /// The post order and the tag and category lists, kept by a session: a save that moves no date and
    /// changes no post's terms (most saves) finds them here instead of sorting and indexing every post again
    /// (a tenth of a one-post save at 5000 posts).
    struct Structure: Sendable {
        /// Over every document's `structurePrint`, in order.
        let key: Int
        /// Indexes in `documents` of the posts, newest first.
        let order: [Int]
        /// Tags and categories (no series), each list newest first, and each post's term indexes.
        let terms: [Term]
        let postTermIndexes: [[Int]]
        let tagSlugs: [String: Int]
        let categorySlugs: [String: Int]
        /// Each term by `kind:slug`, each term's print, and each post's print of its terms (`Prints.terms`).
        let termIndex: [String: Int]
        let termPrints: [Int]
        let postTermPrints: [Int]
    }

    /// The posts newest first and one pass over them for every term's list (already newest first) and each
    /// post's term indexes.
    static func structure(_ documents: [RenderedDocument], key: Int, config: SiteConfig) -> Structure {
        let order = documents.indices.filter { documents[$0].source.kind == .post }.sorted {
            let a = documents[$0].source, b = documents[$1].source
            return (a.date ?? .distantPast, a.sourcePath) > (b.date ?? .distantPast, b.sourcePath)
        }
        var terms: [Term] = []
        var tagSlugs: [String: Int] = [:], categorySlugs: [String: Int] = [:]
        var postTermIndexes: [[Int]] = []
        postTermIndexes.reserveCapacity(order.count)
        func add(_ kind: Term.Kind, _ slugs: [String], _ names: [String], post i: Int, to mine: inout [Int],
                 table: inout [String: Int]) {
            for (slug, name) in zip(slugs, names) {
                if let t = table[slug] {
                    // Two names of one URL on one post (loaded documents are cleaned; others may not be): listed once.
                    if terms[t].posts.last != i { terms[t].posts.append(i); mine.append(t) }
                    continue
                }
                table[slug] = terms.count
                mine.append(terms.count)
                let prefix = kind == .tag ? "/tags/" : "/categories/"
                terms.append(Term(name: name, slug: slug, kind: kind, url: config.url(prefix + Slug.escapePath(slug) + "/"), posts: [i]))
            }
        }
        for (i, d) in order.enumerated() {
            let p = documents[d].source
            var mine: [Int] = []
            add(.tag, p.tagSlugs, p.tags, post: i, to: &mine, table: &tagSlugs)
            add(.category, p.categorySlugs, p.categories, post: i, to: &mine, table: &categorySlugs)
            postTermIndexes.append(mine)
        }
        var termIndex: [String: Int] = [:]
        for (t, term) in terms.enumerated() { termIndex["\(term.kind.rawValue):\(term.slug)"] = t }
        let termPrints = terms.map(Prints.term)
        return Structure(key: key, order: order, terms: terms, postTermIndexes: postTermIndexes,
                         tagSlugs: tagSlugs, categorySlugs: categorySlugs, termIndex: termIndex, termPrints: termPrints,
                         postTermPrints: postTermIndexes.map { Prints.terms($0, termPrints) })
    }
}
