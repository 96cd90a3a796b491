import Foundation

/// The link check's findings per document, kept between builds of a session (`galley serve`), so
/// a save checks the links of the documents it changed, not of the whole site: a blog with broken
/// links would otherwise look up "did you mean" for each of them on every save.
///
/// A document's findings depend on its own references (its object: `serial`), on the files the
/// build writes and the pages' URLs (a link resolves to them; suggestions come from them), and, for
/// a link with `#id` into another page, on that page's ids. So a document is checked again when it
/// changed, when it links to another page's `#id`, when it had findings and files or pages were
/// added (a broken link may lead somewhere now, or nearer), and every document is when a file went
/// away. The rechecked documents are checked alone when that is exact (see `audit`); else the others
/// are left out by handing `LinkAudit` a stand-in of theirs without references:
/// their URL and ids still count for the rest, and the result is what a check of all would find.
struct LinkAuditMemo {
    private var paths: Set<String> = []
    /// A print of the paths in the order given: equal prints, the same set (made again only when not).
    private var pathsPrint = 0
    private var urls = 0
    private var findings: [Int: [SiteDiagnostic]] = [:]   // by serial
    private var standIns: [Int: RenderedDocument] = [:]   // by serial
    /// Whether a document links to another page's `#id`, by serial (found once per document: a
    /// site has hundreds of thousands of links).
    private var across: [Int: Bool] = [:]

    /// How many documents the last `audit` checked (tests count it).
    private(set) var checked = 0
    /// How many edit distances the last `audit` computed for "did you mean" (tests bound it).
    private(set) var computations = 0

    mutating func audit(_ docs: [RenderedDocument], files: [OutputFile], assets: [(source: String, path: String)],
                        config: SiteConfig, siteDirectory: URL) -> [SiteDiagnostic] {
        var p = Hasher()
        p.combine(files.count)
        for f in files { Prints.text(f.path, &p) }
        for a in assets { Prints.text(a.path, &p) }
        let pathsPrint = p.finalize()
        let samePaths = pathsPrint == self.pathsPrint && !self.paths.isEmpty
        let paths = samePaths ? self.paths : Set(files.lazy.map(\.path)).union(assets.lazy.map(\.path))
        var h = Hasher()
        for d in docs { Prints.text(d.source.permalink.url, &h) }
        let urls = h.finalize()
        let kept = samePaths || self.paths.isSubset(of: paths) ? findings : [:]
        let added = urls != self.urls || paths.count != self.paths.count
        var across: [Int: Bool] = [:]
        for d in docs { across[d.serial] = self.across[d.serial] ?? d.references.contains { Self.linksIntoAnotherPage($0.url) } }
        let recheck: (RenderedDocument) -> Bool = { d in
            guard let found = kept[d.serial] else { return true }
            return (added && !found.isEmpty) || across[d.serial]!
        }
        var standIns = self.standIns
        var checking: [String: Int] = [:]   // source path → serial
        let rechecked = docs.filter(recheck)
        for d in rechecked { checking[d.source.sourcePath] = d.serial }
        // The rechecked documents alone first, when none links to another page's #id: with no findings
        // that is the whole answer (a finding is what suggestions, from every page, would be added to).
        var found: [SiteDiagnostic] = []
        computations = 0
        if rechecked.count < docs.count, !rechecked.contains(where: { across[$0.serial]! }) {
            let r = LinkAudit.auditCounting(rechecked, outputPaths: paths, config: config, siteDirectory: siteDirectory)
            found = r.diagnostics
            computations += r.computations
        }
        if rechecked.count == docs.count || !found.isEmpty || rechecked.contains(where: { across[$0.serial]! }) {
            let given = docs.map { d -> RenderedDocument in
                if checking[d.source.sourcePath] == d.serial { return d }
                let stand = standIns[d.serial] ?? RenderedDocument(source: d.source, html: "", excerptHTML: "", excerptText: "",
                                                                   headings: [], wordCount: 0, config: config, ids: d.ids)
                standIns[d.serial] = stand
                return stand
            }
            let r = LinkAudit.auditCounting(given, outputPaths: paths, config: config, siteDirectory: siteDirectory)
            found = r.diagnostics
            computations += r.computations
        }
        standIns = standIns.filter { across[$0.key] != nil }   // only documents of this build
        var fresh: [Int: [SiteDiagnostic]] = [:]
        for serial in checking.values { fresh[serial] = [] }
        for f in found { if let serial = checking[f.file] { fresh[serial, default: []].append(f) } }
        var keep: [Int: [SiteDiagnostic]] = [:]
        var out: [SiteDiagnostic] = []
        for d in docs {
            let mine = fresh[d.serial] ?? kept[d.serial] ?? []
            keep[d.serial] = mine
            out += mine
        }
        self.paths = paths
        self.pathsPrint = pathsPrint
        self.urls = urls
        self.findings = keep
        self.standIns = standIns
        self.across = across
        checked = checking.count
        return out
    }

    /// `…#id` aimed at a page other than its own: its finding depends on that page's ids.
    static func linksIntoAnotherPage(_ url: String) -> Bool {
        guard let hash = url.utf8.firstIndex(of: UInt8(ascii: "#")) else { return false }
        return hash != url.utf8.startIndex
    }
}
