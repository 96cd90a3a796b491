import Foundation

/// The link check's findings per document, kept between builds of a session (`galley serve`), so
/// a save checks the links of the documents it changed, not of the whole site: a blog with broken
/// links would otherwise look up "did you mean" for each of them on every save.
///
/// A document's findings depend on its own references (its object), on the files the build writes
/// and the pages' URLs (a link resolves to them; suggestions come from them), and, for a link with
/// `#id` into another page, on that page's ids. So a document is checked again when it changed,
/// when it links to another page's `#id`, when it had findings and files or pages were added (a
/// broken link may lead somewhere now, or nearer), and every document is when a file went away.
/// The rechecked documents are checked against what the whole site makes (every page's ids, the
/// suggestions from every URL), kept here while it holds: the result is what a check of all would find.
struct LinkAuditMemo {
    private var paths: Set<String> = []
    /// A print of the paths in the order given: equal prints, the same set (made again only when not).
    private var pathsPrint = 0
    /// The last audit's documents in order; per document, its findings and whether it links to another
    /// page's `#id` (found once per document: a site has hundreds of thousands of links).
    private var docs: [RenderedDocument] = []
    private var findings: [[SiteDiagnostic]] = []
    private var across: [Bool] = []
    /// Every page's ids by output path; suggestions from the pages' URLs and from the files (made when first needed).
    private var ids: [String: Set<String>] = [:]
    private var pageNear: URLSuggestions?
    private var fileNear: URLSuggestions?

    /// How many documents the last `audit` checked (tests count it).
    private(set) var checked = 0
    /// How many edit distances the last `audit` computed for "did you mean" (tests bound it).
    private(set) var computations = 0
    /// How many pages' ids the last `audit` indexed (tests count it).
    private(set) var idsIndexed = 0

    /// `pathsPrint`: a print of `files`' and `assets`' paths (equal prints, equal paths), the caller's own.
    mutating func audit(_ docs: [RenderedDocument], files: [OutputFile], assets: [(source: String, path: String)], pathsPrint: Int,
                        config: SiteConfig, siteDirectory: URL) -> [SiteDiagnostic] {
        let samePaths = pathsPrint == self.pathsPrint && !self.paths.isEmpty
        let paths = samePaths ? self.paths : Set(files.lazy.map(\.path)).union(assets.lazy.map(\.path))
        // The places whose document is new since the last audit (a save's few), or nil when documents came, went or moved.
        var changed: [Int]? = docs.count == self.docs.count ? [] : nil
        for i in docs.indices where changed != nil && docs[i] !== self.docs[i] {
            if docs[i].source.sourcePath == self.docs[i].source.sourcePath { changed!.append(i) } else { changed = nil }
        }
        let sameURLs = changed?.allSatisfy { docs[$0].source.permalink.url == self.docs[$0].source.permalink.url } ?? false
        var kept = changed != nil && (samePaths || self.paths.isSubset(of: paths)) ? findings : nil
        findings = []   // `kept` alone holds them: patched in place below, not copied
        let added = !sameURLs || paths.count != self.paths.count
        var across = changed == nil ? docs.map { $0.references.contains { Self.linksIntoAnotherPage($0.url) } } : self.across
        self.across = []
        for i in changed ?? [] { across[i] = docs[i].references.contains { Self.linksIntoAnotherPage($0.url) } }
        if let changed {
            for i in changed { ids[self.docs[i].source.permalink.outputPath] = nil }
            for i in changed { ids[docs[i].source.permalink.outputPath] = Set(docs[i].ids) }
            idsIndexed = changed.count
        } else {
            ids = LinkAudit.ids(docs)
            idsIndexed = docs.count
        }
        if !sameURLs { pageNear = nil }
        if !samePaths { fileNear = nil }
        var isNew = [Bool](repeating: changed == nil, count: docs.count)
        for i in changed ?? [] { isNew[i] = true }
        let rechecked = docs.indices.filter { i in
            guard let kept, !isNew[i] else { return true }
            return (added && !kept[i].isEmpty) || across[i]
        }
        var pageNear = self.pageNear, fileNear = self.fileNear
        let r: (diagnostics: [SiteDiagnostic], computations: Int) = rechecked.isEmpty ? ([], 0) : LinkAudit.auditCounting(rechecked.map { docs[$0] }, outputPaths: paths, config: config,
                                                                      siteDirectory: siteDirectory, ids: ids) { images in
            if images {
                if fileNear == nil { fileNear = LinkAudit.fileSuggestions(paths, config: config) }
                return fileNear!
            }
            if pageNear == nil { pageNear = LinkAudit.pageSuggestions(docs, config: config) }
            return pageNear!
        }
        var fresh: [String: Int] = [:]   // source path → place
        for i in rechecked { fresh[docs[i].source.sourcePath] = i }
        var found = kept ?? [[SiteDiagnostic]](repeating: [], count: docs.count)
        kept = nil
        for i in rechecked { found[i] = [] }
        for f in r.diagnostics { if let i = fresh[f.file] { found[i].append(f) } }
        self.paths = paths
        self.pathsPrint = pathsPrint
        self.docs = docs
        self.findings = found
        self.across = across
        self.pageNear = pageNear
        self.fileNear = fileNear
        checked = rechecked.count
        computations = r.computations
        return found.flatMap { $0 }
    }

    /// `…#id` aimed at a page other than its own: its finding depends on that page's ids.
    static func linksIntoAnotherPage(_ url: String) -> Bool {
        guard let hash = url.utf8.firstIndex(of: UInt8(ascii: "#")) else { return false }
        return hash != url.utf8.startIndex
    }
}
