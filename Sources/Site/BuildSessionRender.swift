import Foundation
import Feed
import Highlight

/// The per-document parts of a `BuildSession`'s assemble, each kept between builds: Markdown renders,
/// output collisions, and the feeds' inline-styled HTML.
extension BuildSession {
    /// `SiteBuilder.collisions`, skipped while every output path and its source are as last time. Returns
    /// the print of those paths and sources: equal prints, equal output paths after (the link check's key).
    @discardableResult
    func resolveCollisions(_ files: inout [OutputFile], assets: [(source: String, path: String)], sink: DiagnosticSink) -> Int {
        // The last call's paths, compared string by string in place: a kept page's path is the same string object,
        // which compares in one step, where hashing every path's bytes (and making arrays of them) was a visible
        // part of a save at 5000 posts.
        @inline(__always) func shownSource(_ f: OutputFile) -> String {
            f.source.utf8.first == UInt8(ascii: "c") && f.source.utf8.starts(with: "content/".utf8) ? f.source : ""
        }
        // (A kept file's source is the same string object too: compared first, its bytes are not read.)
        if let kept = collisions, kept.paths.count == files.count, kept.assets.elementsEqual(assets, by: ==),
           files.indices.allSatisfy({ k in
               files[k].path == kept.paths[k] && (files[k].source == kept.rawSources[k] || shownSource(files[k]) == kept.sources[k])
           }) {
            sink.add(contentsOf: kept.diagnostics)
            files = SiteBuilder.dropping(kept.removed, from: files)
            return kept.signature
        }
        let paths = files.map(\.path), sources = files.map(shownSource), rawSources = files.map(\.source)
        var h = Hasher()
        h.combine(files.count)
        for (path, source) in zip(paths, sources) {
            Prints.text(path, &h)
            if source.isEmpty { h.combine(0) } else { Prints.text(source, &h) }
        }
        for a in assets { Prints.text(a.path, &h); Prints.text(a.source, &h) }
        let signature = h.finalize()
        if collisions?.signature != signature {
            let local = DiagnosticSink()
            let removed = SiteBuilder.collisions(files: files, assets: assets, sink: local)
            collisions = (signature, removed, local.all, paths, sources, rawSources, assets)
        } else {
            collisions!.paths = paths; collisions!.sources = sources; collisions!.rawSources = rawSources
        }
        sink.add(contentsOf: collisions!.diagnostics)
        files = SiteBuilder.dropping(collisions!.removed, from: files)
        return signature
    }

    /// `SiteBuilder.documentCollisions`, found again only when a document's file or output path is not
    /// the last build's (the usual save keeps both): what it reports depends on nothing else.
    func documentCollisions(_ docs: [SourceDocument], sink: DiagnosticSink) {
        if let kept = documentClashes, kept.docs.count == docs.count, zip(kept.docs, docs).allSatisfy({ old, new in
            old === new || (old.sourcePath == new.sourcePath && old.permalink.outputPath == new.permalink.outputPath)
        }) {
            sink.add(contentsOf: kept.diagnostics)
            return
        }
        let local = DiagnosticSink()
        SiteBuilder.documentCollisions(docs, sink: local)
        documentClashes = (docs, local.all)
        sink.add(contentsOf: local.all)
    }

    /// Markdown for each document, re-rendered only when its file or the images it shows changed.
    /// `assetsUnchanged`: the build's assets are the last build's, none saved since, so a kept page's
    /// images are looked up again only if its URL moved (looking up every page's was a tenth of a save at 5000 posts).
    func render(_ docs: [SourceDocument], config: SiteConfig, images: ImageFiles, assetsUnchanged: Bool = false,
                releaseBodies: Bool, sink: DiagnosticSink) async -> [RenderedDocument] {
        // The last call's documents in this order (a save's usual case): a document loaded then, the same
        // object now, is found by its place, not looked up by path (those lookups were a tenth of a save at 5000 posts).
        // The order is updated in place (taken from the session while it is: a copy per save was a visible
        // part of one at 5000 posts).
        var order = renderOrder.count == docs.count ? renderOrder : []
        renderOrder = []
        let aligned = !order.isEmpty
        let sourceURLs = sourceURLs(docs, last: order)
        // The language mix of every post, not just the re-rendered ones: an unlabelled fence's context. A post
        // whose unlabelled code was detected with another mix renders again.
        var mix: [String: Int]?
        switch config.unlabeled { case .auto, .fallback: mix = fenceLabels.mix(docs); default: break }
        let mixPrint = mix.map(DetectionContext.siteSignature)
        var staleAt: [Int] = []
        var stale: [SourceDocument] = []
        var lookups = 0
        var unaligned: [RenderEntry?] = []
        if !aligned { unaligned.reserveCapacity(docs.count) }
        for (i, doc) in docs.enumerated() {
            let here = aligned && order[i].doc.source === doc
            if !here { lookups += 1 }
            let kept = here ? order[i] : rendered[doc.sourcePath]
            if let kept, !Self.renderStale(kept, doc, mixPrint: mixPrint, sourceURLs: sourceURLs, images: images, assetsUnchanged: assetsUnchanged) {
                if !aligned { unaligned.append(kept) } else if !here { order[i] = kept }
            } else {
                if !aligned { unaligned.append(nil) }
                staleAt.append(i)
                stale.append(doc)
            }
        }
        phase("renderCheck")
        lastWork.markdownRendered = stale.count
        lastWork.rendersLookedUp = lookups
        if mix != nil { lastWork.fenceBodiesScanned = fenceLabels.scanned }
        for (doc, diags) in await SiteBuilder.renderMarkdown(stale, config: config, images: images, releaseBodies: releaseBodies, siteLanguages: mix,
                                                             sourceURLs: sourceURLs) {
            rendered[doc.source.sourcePath] = (doc.source.fingerprint, doc, diags)
        }
        if rendered.count != docs.count {   // every document is in `rendered`: equal counts, nothing to drop
            let keep = Set(docs.map(\.sourcePath))
            rendered = rendered.filter { keep.contains($0.key) }
        }
        // Same fingerprint: same file bytes and settings, so the cached document is this one.
        if aligned {
            for i in staleAt { order[i] = rendered[docs[i].sourcePath]! }
        } else {
            order = zip(docs, unaligned).map { doc, entry in entry ?? rendered[doc.sourcePath]! }
        }
        for entry in order where !entry.diagnostics.isEmpty { sink.add(contentsOf: entry.diagnostics) }
        renderOrder = order
        lastSourceURLs = sourceURLs
        return order.map(\.doc)
    }

    typealias RenderEntry = (fingerprint: Int, doc: RenderedDocument, diagnostics: [SiteDiagnostic])

    /// Whether a kept render of `doc`'s file no longer holds.
    private static func renderStale(_ kept: RenderEntry, _ doc: SourceDocument, mixPrint: Int?, sourceURLs: [String: String],
                                    images: ImageFiles, assetsUnchanged: Bool) -> Bool {
        guard kept.fingerprint == doc.fingerprint else { return true }
        if let used = kept.doc.siteMix, used != mixPrint { return true }
        // A linked source file moved, appeared or went: the link's URL changes.
        if kept.doc.sourceLinks.contains(where: { sourceURLs[$0.key] ?? "" != $0.value }) { return true }
        if assetsUnchanged, kept.doc.source.permalink.url == doc.permalink.url { return false }
        return !images.unchanged(kept.doc.images, pageURL: doc.permalink.url)
    }

    /// Each source's URL by path: the last call's table with the documents loaded since put in, when the
    /// documents are the last call's in the same order.
    private func sourceURLs(_ docs: [SourceDocument], last: [RenderEntry]) -> [String: String] {
        if !last.isEmpty, lastSourceURLs.count == docs.count {
            // Taken, not copied: patching a copy of the table made it anew (and freed the old) on every save.
            var urls = lastSourceURLs
            lastSourceURLs = [:]
            var same = true
            for (doc, entry) in zip(docs, last) where entry.doc.source !== doc {
                guard entry.doc.source.sourcePath == doc.sourcePath else { same = false; break }
                urls[doc.sourcePath] = doc.permalink.url
            }
            if same { return urls }
        }
        var urls: [String: String] = [:]
        urls.reserveCapacity(docs.count)
        for d in docs { urls[d.sourcePath] = d.permalink.url }
        return urls
    }

    /// Feed HTML (inline-styled code) by source path, for the posts that appear in some feed: derived from
    /// the page HTML by `Highlighter.inlineStyles(in:)`, so nothing is parsed or highlighted twice.
    /// The feeds of `jobs`, with inline colours in their code (feed readers drop stylesheets).
    func makeFeeds(_ builder: FeedBuilder, jobs: [FeedBuilder.FeedJob], posts: [RenderedDocument],
                           stream: (staging: OutputWriter.Staging, skip: Set<String>)?) async -> [CachedFeed] {
        let inFeeds = inFeedsOf(jobs).map { posts[$0] }
        let config = builder.config
        let html = await inlineStyledHTML(inFeeds) { config.absolute($0) }
        phase("feedHTML")
        let trees = XMLItemTrees()
        let feeds = await builder.feeds(jobs, posts: posts, contentHTML: html, cache: feedCache, fragments: feedFragments,
                                        memo: feedMemo, trees: trees, stream: stream)
        lastWork.feedItemsParsed = trees.itemsParsed
        lastWork.feedItemsHeld = trees.itemsHeld
        return feeds
    }

    /// The posts (indexes) of any feed, ascending: found again only when the jobs are not the last ones.
    private func inFeedsOf(_ jobs: [FeedBuilder.FeedJob]) -> [Int] {
        if let kept = feedPlan, kept.jobs.count == jobs.count, zip(kept.jobs, jobs).allSatisfy({ $0.print == $1.print && $0.posts == $1.posts }) {
            return kept.inFeeds
        }
        let inFeeds = Set(jobs.flatMap(\.posts)).sorted()
        feedPlan = (jobs, inFeeds)
        return inFeeds
    }

    func inlineStyledHTML(_ posts: [RenderedDocument], absolute: @escaping @Sendable (String) -> String) async -> [String: (fingerprint: Int, html: String)] {
        let stale = posts.filter { feedHTML[$0.source.sourcePath]?.fingerprint != $0.fingerprint }
        for (path, print, html) in await parallelMap(stale, { doc in
            // Charts and diagrams become images of their files; each rewrite runs only where its kind is.
            var html = Highlighter.inlineStyles(in: doc.html)
            if doc.charts.keys.contains(where: { $0.hasPrefix("charts/") }) { html = ChartBlocks.feedImages(html, absolute: absolute) }
            if doc.charts.keys.contains(where: { $0.hasPrefix("diagrams/") }) { html = DiagramBlocks.feedImages(html, absolute: absolute) }
            return (doc.source.sourcePath, doc.fingerprint, html)
        }) {
            feedHTML[path] = (print, html)
        }
        if feedHTML.count != posts.count {
            let keep = Set(posts.map(\.source.sourcePath))
            feedHTML = feedHTML.filter { keep.contains($0.key) }
        }
        return feedHTML
    }

    // MARK: - Writing

    /// What a rebuild changed in the output folder.
}
