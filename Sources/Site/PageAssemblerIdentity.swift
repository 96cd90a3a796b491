import Foundation

/// What a page is made from, as one fingerprint per page: computed for every page on every build, without rendering it.
extension PageAssembler {
    /// Whether each template reads the site-wide lists, and its revision: looked up once per run of pages
    /// with one template (most pages share a few), not once per page.
    struct TemplateInfo {
        let templates: TemplateSet
        let entryKeys: Set<String>
        var name = "", readsLists = false, readsExtras = false, revision = 0

        init(_ templates: TemplateSet, entryKeys: Set<String>) { (self.templates, self.entryKeys) = (templates, entryKeys) }

        /// `readsExtras`: the template reads a key of a post's list entry beyond its summary.
        mutating func of(_ template: String) -> (readsLists: Bool, readsExtras: Bool, revision: Int) {
            if template != name {
                name = template
                readsLists = templates.readsSiteLists.contains(template)
                let keys = templates.keysRead[template] ?? []
                readsExtras = keys.contains("*") || !keys.isDisjoint(with: entryKeys)
                revision = templates.revision(template)
            }
            return (readsLists, readsExtras, revision)
        }
    }

    /// The fingerprint of document `i`'s page, computed without rendering it.
    func identity(document i: Int, postIndex: [Int?], siteRevision: Int, info: inout TemplateInfo) -> Int {
        var h = Hasher()
        h.combine(siteRevision)
        let template = info.of(layouts[i])
        // `site.posts`, `site.tags` …: every post's entry and terms.
        if template.readsLists { h.combine(allPostsPrint) }
        if template.readsLists && template.readsExtras { h.combine(allPostsExtrasPrint) }
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
        if template.readsLists && template.readsExtras { h.combine(allPostsExtrasPrint) }
        h.combine(template.revision)
        h.combine(generated.prints[k])
        switch generated.shows[k] {
        case .nothing: break
        case .items(let items): for i in items { itemPrint(i, extras: template.readsExtras, into: &h) }
        case .tags: for t in terms where t.kind != .series { h.combine(t.name); h.combine(t.kind.rawValue); h.combine(t.posts.count) }
        case .seriesIndex: for t in terms where t.kind == .series { h.combine(Prints.term(t)) }
        case .archive: for i in posts.indices { itemPrint(i, extras: template.readsExtras, into: &h) }
        case .newest: for i in posts.indices.prefix(5) { itemPrint(i, extras: template.readsExtras, into: &h) }
        }
        return h.finalize()
    }

    /// A post as lists show it.
    func itemPrint(_ i: Int, extras: Bool, into h: inout Hasher) {
        h.combine(postSummaryPrints[i])
        if extras { h.combine(posts[i].fingerprint) }
    }
}
