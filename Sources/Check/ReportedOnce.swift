import Foundation

/// One problem, one report, at its source: a post's broken link is on its page, on every list page
/// showing its excerpt and in every feed carrying it; mis-encoded text is in every feed carrying the
/// post. Copies are folded into one finding that says where else it shows ("also in 3 feeds").
extension SiteChecker {
    /// A broken reference and what it resolves to (`file` or `file#id`), so copies of one mistake can be told apart.
    struct Finding: Sendable {
        var diagnostic: CheckDiagnostic
        var target: String
        /// The page the nearest link before the reference leads to (display path): on a list page,
        /// the post whose excerpt holds it.
        var shownWith: String? = nil
    }

    /// Page copies folded into their source page, then feed findings whose target a page already
    /// reports folded into it ("also in 18 feeds"); the rest are reported once, in the first feed.
    static func reportedOnce(pages: [Finding], feeds: [Finding]) -> [CheckDiagnostic] {
        var feedsByTarget: [String: [Finding]] = [:]
        for f in feeds { feedsByTarget[f.target, default: []].append(f) }
        var out: [CheckDiagnostic] = []
        var onPages = Set<String>()
        for p in templateCopiesFolded(excerptCopiesFolded(pages)) {
            var d = p.diagnostic
            if onPages.insert(p.target).inserted, let copies = feedsByTarget[p.target] {
                let n = Set(copies.map(\.diagnostic.path)).count
                d.message += " (also in \(n) feed\(n == 1 ? "" : "s"))"
            }
            out.append(d)
        }
        for (target, copies) in feedsByTarget where !onPages.contains(target) {
            let sorted = copies.sorted { ($0.diagnostic.path, $0.diagnostic.line) < ($1.diagnostic.path, $1.diagnostic.line) }
            var d = sorted[0].diagnostic
            let others = Set(sorted.map(\.diagnostic.path)).count - 1
            if others > 0 { d.message += " (also in \(others) other feed\(others == 1 ? "" : "s"))" }
            out.append(d)
        }
        return out
    }

    /// A broken link in a post's excerpt is also on the home page, tag pages and the archive, each time
    /// right after a link to the post. A finding whose nearest link before it leads to another page with
    /// the same broken target is such a copy, and is folded into that page's finding. When two pages each
    /// look like the other's copy (a post links home, home links the post), the one more pages lead to is
    /// the source. Findings with no such link (a broken menu link on every page) stay one per page.
    static func excerptCopiesFolded(_ pages: [Finding]) -> [Finding] {
        var byTarget: [String: [Int]] = [:]
        for (i, p) in pages.enumerated() where !p.target.isEmpty { byTarget[p.target, default: []].append(i) }
        var copyOf: [Int: Int] = [:]
        for (_, indices) in byTarget where indices.count > 1 {
            var firstOnPage: [String: Int] = [:]
            for i in indices where firstOnPage[pages[i].diagnostic.path] == nil { firstOnPage[pages[i].diagnostic.path] = i }
            guard firstOnPage.count > 1 else { continue }
            var via: [String: String] = [:]
            for (page, i) in firstOnPage {
                if let w = pages[i].shownWith, w != page, firstOnPage[w] != nil { via[page] = w }
            }
            var inDegree: [String: Int] = [:]
            for (_, w) in via { inDegree[w, default: 0] += 1 }
            func isCopy(_ page: String) -> Bool {
                guard let w = via[page] else { return false }
                guard via[w] == page else { return true }
                let (mine, theirs) = (inDegree[page] ?? 0, inDegree[w] ?? 0)
                return mine != theirs ? mine < theirs : page > w
            }
            for (page, i) in firstOnPage where isCopy(page) {
                // Follow to the source; a longer loop (rare) leaves the finding where it is.
                var at = page, steps = 0
                while isCopy(at), steps <= firstOnPage.count { at = via[at]!; steps += 1 }
                if !isCopy(at), at != page { copyOf[i] = firstOnPage[at]! }
            }
        }
        var shownOn: [Int: [String]] = [:]
        for (copy, source) in copyOf { shownOn[source, default: []].append(pages[copy].diagnostic.path) }
        var out: [Finding] = []
        for (i, p) in pages.enumerated() where copyOf[i] == nil {
            var p = p
            if let also = shownOn[i]?.sorted() {
                let names = also.prefix(3).joined(separator: ", ") + (also.count > 3 ? " and \(also.count - 3) more" : "")
                p.diagnostic.message += " (also shown on \(also.count) page\(also.count == 1 ? "" : "s"): \(names))"
            }
            out.append(p)
        }
        return out
    }

    /// A broken link written in a template (a menu, a footer) is on every page at the same column: one
    /// report, on the first page, naming how many others show it. Three pages or more with one target at
    /// one column are taken as one template's copies; two posts that each link a missing page keep theirs.
    static func templateCopiesFolded(_ pages: [Finding]) -> [Finding] {
        var groups: [String: [Int]] = [:]
        for (i, p) in pages.enumerated() where !p.target.isEmpty {
            groups[p.diagnostic.rule + "\u{0}" + p.target + "\u{0}\(p.diagnostic.column)", default: []].append(i)
        }
        var dropped = Set<Int>()
        var also: [Int: [String]] = [:]
        for (_, indices) in groups {
            let paths = Set(indices.map { pages[$0].diagnostic.path })
            guard paths.count >= 3 else { continue }
            let sorted = indices.sorted { (pages[$0].diagnostic.path, pages[$0].diagnostic.line) < (pages[$1].diagnostic.path, pages[$1].diagnostic.line) }
            also[sorted[0]] = Array(Set(sorted.dropFirst().map { pages[$0].diagnostic.path }).subtracting([pages[sorted[0]].diagnostic.path])).sorted()
            dropped.formUnion(sorted.dropFirst())
        }
        var out: [Finding] = []
        for (i, p) in pages.enumerated() where !dropped.contains(i) {
            var p = p
            if let others = also[i], !others.isEmpty {
                let names = others.prefix(3).joined(separator: ", ") + (others.count > 3 ? " and \(others.count - 3) more" : "")
                p.diagnostic.message += " (also on \(others.count) other page\(others.count == 1 ? "" : "s"), at the same column: \(names); a template's link)"
            }
            out.append(p)
        }
        return out
    }

    /// Text checks (mis-encoded text, C1 controls) find the same post text in every feed that carries
    /// it: one report, in the first feed, with the count of the others.
    static func textFindingsOnce(_ diagnostics: [CheckDiagnostic]) -> [CheckDiagnostic] {
        var first: [String: Int] = [:]
        var others: [Int: Set<String>] = [:]
        var out: [CheckDiagnostic] = []
        for d in diagnostics.sorted(by: { ($0.path, $0.line, $0.column) < ($1.path, $1.line, $1.column) }) {
            guard let subject = d.subject else { out.append(d); continue }
            let key = d.rule + "\u{0}" + subject
            if let i = first[key] {
                if out[i].path != d.path { others[i, default: []].insert(d.path) }
            } else {
                first[key] = out.count
                out.append(d)
            }
        }
        for (i, paths) in others {
            out[i].message += " (also in \(paths.count) other feed\(paths.count == 1 ? "" : "s"))"
        }
        return out
    }
}
