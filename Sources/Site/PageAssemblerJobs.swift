import Foundation

extension PageAssembler {
    /// The last build's pages in order (documents' first, then the generated ones), kept by a session with
    /// what they were made for: the same document object at the same place has the same output path, as
    /// the same jobs do, and each page's fingerprint is in a flat array (no page is looked at to compare).
    /// A session hands these back whole, and the next build updates them in place.
    struct LastPages: Sendable {
        var pages: [CachedPage] = []
        var documents: [RenderedDocument] = []
        var generatedKey: Int? = nil
        var fingerprints: [Int] = []
        /// The posts' list entries (see `summaries(for:postIndex:all:kept:)`).
        var summaries: PostSummaries? = nil
        /// These pages' number (never given twice in a process), and the places whose page this build put
        /// anew into the last build's (nil: the pages were not the last build's updated in place).
        var serial = 0
        var changed: [Int]? = nil
    }

    /// Galley's own pages' jobs (home, term lists, series, tags, archive, 404, search), each with its
    /// output path and a print of what it is (template, title, URL, page, term), kept by a session while
    /// what they are made from holds: making them and hashing their strings on every save was a tenth of
    /// a one-post save's page pass at 5000 posts.
    struct GeneratedJobs: Sendable {
        /// `generatedKey()` of the assembler that made them.
        let key: Int
        let jobs: [PageJob]
        let paths: [String]
        let prints: [Int]
        /// Each job's first template and what else of the site its page shows, taken out of the jobs once:
        /// copying a job (its strings and items) for each page on every save was a visible part of the page pass.
        let templates: [String]
        let shows: [Shows]

        enum Shows: Sendable {
            case nothing, items([Int]), tags, seriesIndex, archive, newest
        }

        init(key: Int, jobs: [PageJob]) {
            self.key = key
            self.jobs = jobs
            var paths: [String] = [], prints: [Int] = [], templates: [String] = [], shows: [Shows] = []
            paths.reserveCapacity(jobs.count)
            prints.reserveCapacity(jobs.count)
            for job in jobs {
                var h = Hasher()
                switch job {
                case .document(let i):
                    h.combine(i)
                    paths.append("")
                    templates.append(""); shows.append(.nothing)   // (never a generated job)
                case let .list(template, kind, title, url, items, page, total, base, term):
                    h.combine(template); h.combine(kind); h.combine(title); h.combine(url)
                    h.combine(page); h.combine(total); h.combine(base); h.combine(term)
                    paths.append(PageAssembler.filePath(url))
                    templates.append(template); shows.append(.items(items))
                case let .special(template, url, title):
                    h.combine(template); h.combine(url); h.combine(title)
                    paths.append(PageAssembler.filePath(url))
                    templates.append(template)
                    switch template {
                    case "tags": shows.append(.tags)
                    case "series-index": shows.append(.seriesIndex)
                    case "archive": shows.append(.archive)
                    default: shows.append(.newest)
                    }
                }
                prints.append(h.finalize())
            }
            self.paths = paths
            self.prints = prints
            self.templates = templates
            self.shows = shows
        }
    }

    /// Everything `generatedJobs()` reads: the post order and term lists (the structure's key), the series,
    /// which templates exist, and the settings the jobs' titles and URLs come from. (A changed settings or
    /// word file starts a session over, so those are here only to keep the key honest on its own.)
    func generatedKey() -> Int {
        var h = Hasher()
        h.combine(structure.key)
        h.combine(posts.count)
        h.combine(terms.count)
        for t in terms {
            // Tag and category lists are the structure's; a series' parts are in their reading order.
            if t.kind == .series { h.combine(Prints.term(t)); h.combine(t.posts) }
        }
        for name in ["tag", "tags", "series", "series-index", "archive", "404", "search"] { h.combine(templates.has(name)) }
        h.combine(config.title); h.combine(config.paginatePath); h.combine(config.paginate); h.combine(config.basePath)
        h.combine(config.search.enabled); h.combine(config.theme.own)
        h.combine(words.phrase("tags")); h.combine(words.phrase("archive")); h.combine(words.phrase("page_not_found"))
        h.combine(words.phrase("search")); h.combine(words.phrase("series"))
        return h.finalize()
    }
}
