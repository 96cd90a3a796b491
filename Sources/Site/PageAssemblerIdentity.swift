import Foundation

/// What a page is made from, as one fingerprint per page: computed for every page on every build, without rendering it.
extension PageAssembler {
    /// Whether each template reads the site-wide lists, and its revision: looked up once per run of pages
    /// with one template (most pages share a few), not once per page.
    struct TemplateInfo {
        let templates: TemplateSet
        var name = "", readsLists = false, revision = 0

        init(_ templates: TemplateSet) { self.templates = templates }

        mutating func of(_ template: String) -> (readsLists: Bool, revision: Int) {
            if template != name {
                name = template
                readsLists = templates.readsSiteLists.contains(template)
                revision = templates.revision(template)
            }
            return (readsLists, revision)
        }
    }

    /// The fingerprint of document `i`'s page, computed without rendering it.
    func identity(document i: Int, postIndex: [Int?], siteRevision: Int, info: inout TemplateInfo) -> Int {
        var h = Hasher()
        h.combine(siteRevision)
        let template = info.of(layouts[i])
        // `site.posts`, `site.tags` …: every post's entry and terms.
        if template.readsLists { h.combine(allPostsPrint) }
        h.combine(docPrints[i])
        h.combine(layouts[i])
        h.combine(template.revision)
        h.combine(docTermPrints[i])
        if let index = postIndex[i] {
            // What the page shows of other posts: links to its neighbours and related posts.
            h.combine(index + 1 < posts.count ? postLinkPrints[index + 1] : 0)
            h.combine(index > 0 ? postLinkPrints[index - 1] : 0)
            for j in related[index] { h.combine(postLinkPrints[j]) }
            h.combine(seriesPrints[index])
        }
        return h.finalize()
    }

    /// The fingerprint of generated page `k`: its kept print (what the job is) and what it shows.
    func identity(_ generated: GeneratedJobs, _ k: Int, siteRevision: Int, info: inout TemplateInfo) -> Int {
        var h = Hasher()
        h.combine(siteRevision)
        let template = info.of(generated.templates[k])
        if template.readsLists { h.combine(allPostsPrint) }
        h.combine(template.revision)
        h.combine(generated.prints[k])
        switch generated.shows[k] {
        case .nothing: break
        case .items(let items): for i in items { itemPrint(i, into: &h) }
        case .tags: for t in terms where t.kind != .series { h.combine(t.name); h.combine(t.kind.rawValue); h.combine(t.posts.count) }
        case .seriesIndex: for t in terms where t.kind == .series { h.combine(Prints.term(t)) }
        case .archive: for i in posts.indices { itemPrint(i, into: &h) }
        case .newest: for i in posts.indices.prefix(5) { itemPrint(i, into: &h) }
        }
        return h.finalize()
    }

    /// A post as lists show it.
    func itemPrint(_ i: Int, into h: inout Hasher) {
        h.combine(postSummaryPrints[i])
    }
}
