import Foundation
import Testing
@testable import Site

/// A save costs what changed: counted in work done (pages rendered, feeds made, documents whose
/// words were counted, files written), not in time, which shared machines make noise of.
@Suite struct SaveCostTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let posts = 40

    static func path(_ i: Int) -> String {
        "content/posts/2026-0\(i / 28 + 1)-\(String(format: "%02d", i % 28 + 1))-post-\(i).md"
    }

    static func post(_ i: Int, second: String = "Second paragraph, not in the excerpt.") -> String {
        let tags = ["all", "group-\(i % 5)", "solo-\(i)"]
        // Long enough (about 8 KB) that the index gives a post a fragment file and a run is a few posts, as on real blogs.
        let notes = String(repeating: "More text about lanterns \(i) and the harbour at night. ", count: 140)
        return "---\ntitle: Post \(i)\ntags: [\(tags.joined(separator: ", "))]\n---\nFirst paragraph of post \(i).\n\n\(second)\n\n## Notes\n\n\(notes)\n"
    }

    func makeSite() throws -> FixtureSite {
        var files: [String: String] = [:]
        for i in 0..<Self.posts { files[Self.path(i)] = Self.post(i) }
        // What real blogs have: a link to a post that is not there, an image that is missing, and a link to another page's heading.
        files[Self.path(5)] = Self.post(5, second: "See [the old draft](/blog/post-77) and ![a chart](/images/gone.png).")
        files[Self.path(8)] = Self.post(8, second: "See [its notes](/blog/post-17#notes).")
        return try FixtureSite(files: files)
    }

    @Test func aOnePostSaveRendersOnlyThePagesThatShowItAndWritesOnlyChangedBytes() async throws {
        let site = try makeSite()
        defer { site.cleanUp() }
        let session = BuildSession(options: BuildOptions(siteDirectory: site.root, now: Self.now))
        _ = try await session.rebuild(changed: nil)
        // A clean build checks each post's item once, though the 40 posts fill 1 + 3 × 40 + … feeds' item slots.
        let cleanChecks = await session.lastWork.feedItemsChecked
        #expect(await session.lastWork.postsIndexed == Self.posts)
        #expect(cleanChecks == Self.posts, "\(cleanChecks)")
        // Each post's item is parsed once per XML format (RSS, Atom) however many feeds carry it, and let go after the last.
        let cleanWork = await session.lastWork
        #expect(cleanWork.feedItemsParsed == 2 * Self.posts, "\(cleanWork.feedItemsParsed)")
        #expect(cleanWork.feedItemsHeld == 0)
        let before = site.snapshot(of: site.output)

        // An edit past the excerpt: the post's own page shows it, list pages and neighbours do not.
        let edited = Self.path(17)
        try site.write(edited, Self.post(17, second: "A new second paragraph with the word zeppelin."))
        let outcome = try await session.rebuild(changed: [edited])
        let work = await session.lastWork
        #expect(work.markdownRendered == 1)
        // The post order and term lists hold (no date or term moved): kept, not made again from every post.
        #expect(work.postsIndexed == 0, "\(work.postsIndexed)")
        // The site's language mix (an unlabelled fence's context) scans the changed body only.
        #expect(work.fenceBodiesScanned == 1, "\(work.fenceBodiesScanned)")
        // Links: the edited post's, the post that links to one of its headings, and (as the new word made
        // a new index file, and a broken link might lead there now) the post with broken links.
        #expect(work.linksChecked == 3, "\(work.linksChecked)")
        // Whole-site tables are updated by what changed, not made again: the edited post's ids are indexed
        // for the link check, and only its render is looked up by path (the others are where they were).
        #expect(work.pagesIdsIndexed == 1, "\(work.pagesIdsIndexed)")
        #expect(work.rendersLookedUp == 1, "\(work.rendersLookedUp)")
        // The page pass finds every last page at its place and keeps the generated pages' jobs (no tag moved).
        #expect(work.pagesLookedUp == 0, "\(work.pagesLookedUp)")
        #expect(work.generatedJobsMade == 0, "\(work.generatedJobsMade)")
        // The output table is the last one with the new page put in place.
        #expect(work.pageFilesTaken == 1, "\(work.pageFilesTaken)")
        // The index merge reads the postings of the groups it rewrites, not the site's.
        #expect(work.searchPostingsRead > 0)
        #expect(work.pagesRendered == ["blog/post-17.html"], "\(work.pagesRendered)")
        // Its feeds: the site's (it is among the newest 20? no: post 17 of 40 by date is), and its three tags'.
        #expect(Set(work.feedsMade).isSubset(of: ["/", "/tags/all/", "/tags/group-2/", "/tags/solo-17/"]), "\(work.feedsMade)")
        #expect(work.feedsMade.contains("/tags/solo-17/"))
        // Validating them checks the edited post's item once, not once per feed; the other items are as checked before.
        #expect(work.feedItemsChecked == 1, "\(work.feedItemsChecked)")
        // The feeds made again are parsed item by item: group-2's eight posts (2, 7, …, 37; solo-17's one is among
        // them) in RSS and Atom, each once, none held after.
        #expect(work.feedItemsParsed == 2 * 8, "\(work.feedItemsParsed) \(work.feedsMade)")
        #expect(work.feedItemsHeld == 0)
        // The index: one run's documents counted, a few files made (the manifest, its fragment file, the shards of its words).
        #expect(work.searchDocumentsCounted > 0 && work.searchDocumentsCounted <= Self.posts / 4, "\(work.searchDocumentsCounted)")
        #expect(work.searchFilesMade.contains("search/manifest.json"))
        #expect(work.searchFilesMade.count <= 12, "\(work.searchFilesMade)")
        // Written: exactly the files whose bytes changed.
        let after = site.snapshot(of: site.output)
        let differing = Set(after.keys.filter { before[$0] != after[$0] })
        #expect(Set(outcome.changedPaths) == differing, "\(Set(outcome.changedPaths).symmetricDifference(differing))")
        #expect(differing.contains("blog/post-17.html"))
        #expect(differing.count <= 20, "\(differing.sorted())")

        // And it is what a clean build writes.
        let clean = site.root.appendingPathComponent("clean")
        let report = try await SiteBuilder(options: BuildOptions(siteDirectory: site.root, outputDirectory: clean, now: Self.now)).build()
        #expect(outcome.report.warnings == report.warnings)
        #expect(report.warnings.count == 2, "\(report.warnings)")
        let expected = site.snapshot(of: clean)
        #expect(Set(after.keys) == Set(expected.keys))
        for (path, data) in expected where after[path] != data { Issue.record("\(path) differs from a clean build") }
    }

    /// A new tag adds a tag page: the generated pages' jobs are made again, and the output is a clean build's.
    @Test func aNewTagMakesTheGeneratedPagesJobsAgain() async throws {
        let site = try makeSite()
        defer { site.cleanUp() }
        let session = BuildSession(options: BuildOptions(siteDirectory: site.root, now: Self.now))
        _ = try await session.rebuild(changed: nil)
        let edited = Self.path(3)
        try site.write(edited, Self.post(3).replacingOccurrences(of: "solo-3]", with: "solo-3, brand-new]"))
        _ = try await session.rebuild(changed: [edited])
        let work = await session.lastWork
        #expect(work.generatedJobsMade > 0)
        #expect(work.pagesRendered.contains("tags/brand-new/index.html"), "\(work.pagesRendered)")
        let clean = site.root.appendingPathComponent("clean")
        _ = try await SiteBuilder(options: BuildOptions(siteDirectory: site.root, outputDirectory: clean, now: Self.now)).build()
        let expected = site.snapshot(of: clean), after = site.snapshot(of: site.output)
        #expect(Set(after.keys) == Set(expected.keys))
        for (path, data) in expected where after[path] != data { Issue.record("\(path) differs from a clean build") }
    }

    /// A save that adds no word and no page keeps every output path: the write step looks up only the files
    /// made anew, not every file of the site.
    @Test func aSaveThatKeepsThePathsLooksUpOnlyTheFilesMadeAnew() async throws {
        let site = try makeSite()
        defer { site.cleanUp() }
        let session = BuildSession(options: BuildOptions(siteDirectory: site.root, now: Self.now))
        _ = try await session.rebuild(changed: nil)
        let all = site.snapshot(of: site.output).count
        let edited = Self.path(11)
        try site.write(edited, Self.post(11, second: "Second paragraph, not in the excerpt!"))
        let outcome = try await session.rebuild(changed: [edited])
        let work = await session.lastWork
        #expect(outcome.changedPaths.contains("blog/post-11.html"))
        #expect(work.filesLookedUp > 0 && work.filesLookedUp <= 20 && work.filesLookedUp < all / 4, "\(work.filesLookedUp) of \(all)")
        let clean = site.root.appendingPathComponent("clean")
        _ = try await SiteBuilder(options: BuildOptions(siteDirectory: site.root, outputDirectory: clean, now: Self.now)).build()
        let served = site.snapshot(of: site.output), expected = site.snapshot(of: clean)
        #expect(Set(served.keys) == Set(expected.keys))
        for (path, data) in expected where served[path] != data { Issue.record("\(path) differs from a clean build") }
    }

    /// A save that changes a post's list entry renders again the pages listing it (the archive lists every post)
    /// but makes only that post's entry again; a save that moves a tag makes again the entries of the posts
    /// whose tags show differently. Each time the output is a clean build's.
    @Test func aSaveMakesOnlyTheListEntriesThatChanged() async throws {
        let site = try makeSite()
        defer { site.cleanUp() }
        let session = BuildSession(options: BuildOptions(siteDirectory: site.root, now: Self.now))
        _ = try await session.rebuild(changed: nil)
        #expect(await session.lastWork.summariesMade == Self.posts)
        func expectCleanBuild() async throws {
            let clean = site.root.appendingPathComponent("clean")
            try? FileManager.default.removeItem(at: clean)
            _ = try await SiteBuilder(options: BuildOptions(siteDirectory: site.root, outputDirectory: clean, now: Self.now)).build()
            let served = site.snapshot(of: site.output), expected = site.snapshot(of: clean)
            #expect(Set(served.keys) == Set(expected.keys))
            for (path, data) in expected where served[path] != data { Issue.record("\(path) differs from a clean build") }
        }
        let edited = Self.path(17)
        try site.write(edited, Self.post(17).replacingOccurrences(of: "First paragraph of post 17.", with: "A new opening of post 17."))
        _ = try await session.rebuild(changed: [edited])
        var work = await session.lastWork
        #expect(work.pagesRendered.contains("archive/index.html"), "\(work.pagesRendered)")
        #expect(work.summariesMade == 1, "\(work.summariesMade)")
        try await expectCleanBuild()

        // Post 18 leaves `group-3` for a new tag: the posts still in `group-3` show its new count.
        let moved = Self.path(18)
        try site.write(moved, Self.post(18).replacingOccurrences(of: "group-3", with: "group-new"))
        _ = try await session.rebuild(changed: [moved])
        work = await session.lastWork
        #expect(work.summariesMade > 1 && work.summariesMade < Self.posts, "\(work.summariesMade)")
        try await expectCleanBuild()
    }

    @Test func memoryHeldBetweenSavesDoesNotGrow() async throws {
        let site = try makeSite()
        defer { site.cleanUp() }
        let session = BuildSession(options: BuildOptions(siteDirectory: site.root, now: Self.now))
        _ = try await session.rebuild(changed: nil)
        let edited = Self.path(3)
        var held: [Int] = []
        for k in 0..<30 {
            try site.write(edited, Self.post(3, second: "Save number \(k)" + String(repeating: " again", count: k % 4)))
            _ = try await session.rebuild(changed: [edited])
            held.append(await session.heldCount)
        }
        // What the session keeps (cached documents, pages, feeds, items, index parts) is the same after 30 saves as
        // after 5 of the same text (every fourth save adds a word, " again", and with it a shard).
        #expect(held[28] == held[4] && held[29] == held[5], "\(held)")
    }

    /// An unlabelled fence is detected with the site's language mix as context: a save that changes what
    /// detection reads from the mix renders that post again (its page must equal a clean build's), and a save
    /// that does not, does not.
    @Test func aChangedLanguageMixRendersUnlabelledCodeAgain() async throws {
        func labelled(_ i: Int, _ lang: String, _ note: String = "") -> String {
            "---\ntitle: Labelled \(i)\n---\nSome code\(note).\n\n```\(lang)\nval x = \(i)\n```\n\n```\(lang)\nfun f() = \(i)\n```\n"
        }
        var files: [String: String] = [:]
        files[Self.path(0)] = "---\ntitle: Unlabelled\n---\nA snippet:\n\n```\nlet total = items.map { $0.price }.reduce(0, +)\n```\n"
        for i in 1...12 { files[Self.path(i)] = labelled(i, "kotlin") }
        let site = try FixtureSite(files: files)
        defer { site.cleanUp() }
        let session = BuildSession(options: BuildOptions(siteDirectory: site.root, now: Self.now))
        _ = try await session.rebuild(changed: nil)

        // Prose only: the mix is the same, the unlabelled post keeps its render.
        try site.write(Self.path(3), labelled(3, "kotlin", " and more words"))
        _ = try await session.rebuild(changed: [Self.path(3)])
        let proseOnly = await session.lastWork.markdownRendered
        #expect(proseOnly == 1)

        // Most of the site's labels become Swift: what detection reads changes, so the unlabelled post renders again.
        var changed: Set<String> = []
        for i in 1...9 { try site.write(Self.path(i), labelled(i, "swift")); changed.insert(Self.path(i)) }
        let outcome = try await session.rebuild(changed: changed)
        let rendered = await session.lastWork.markdownRendered
        #expect(rendered == 10, "\(rendered)")
        let clean = site.root.appendingPathComponent("clean")
        _ = try await SiteBuilder(options: BuildOptions(siteDirectory: site.root, outputDirectory: clean, now: Self.now)).build()
        let served = site.snapshot(of: site.output), expected = site.snapshot(of: clean)
        #expect(Set(served.keys) == Set(expected.keys))
        for (path, data) in expected where served[path] != data { Issue.record("\(path) differs from a clean build") }
        _ = outcome
    }
}
