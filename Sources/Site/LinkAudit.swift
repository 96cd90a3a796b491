import Foundation
import TextBytes

/// Internal links and images in Markdown that lead nowhere, found at build time and reported at the
/// Markdown line that wrote them (once, not once per page or feed that shows the post), with the
/// nearest URL or id that does exist.
enum LinkAudit {
    /// A link or image of a rendered document, with where its source wrote it.
    struct Reference: Sendable, Hashable {
        var url: String
        var isImage: Bool
        var line: Int     // in the file
        var column: Int
    }

    /// Internal references and ids of rendered HTML, in document order. Positions are not looked up here
    /// (this runs for every document of every build): only a broken reference gets one, from its file.
    /// `skipping`: sorted ranges of `html` that hold no ` href="`, ` src="` or ` id="` and no `="` whose
    /// value runs past them (highlighted code without `="` in its source: `CodeRegions`).
    static func references(html: String, skipping: [Range<Int>] = []) -> (refs: [Reference], ids: [String]) {
        var refs: [Reference] = []
        var ids: [String] = []
        for (attr, value) in attributes(html, skipping: skipping) {
            if attr == .id { ids.append(decode(value)); continue }
            let url = decode(value)
            if isInternal(url) { refs.append(Reference(url: url, isImage: attr == .src, line: 0, column: 0)) }
        }
        return (refs, ids)
    }

    /// Line and column (in characters) where the Markdown file `text` writes `url`: as a link destination
    /// first (`](url`, `<url`, `]: url`), then anywhere.
    static func position(of url: String, in text: String) -> (line: Int, column: Int)? {
        // On bytes (memchr to each first byte, a newline count): a site with a thousand broken links looks up a thousand,
        // and Foundation's Character-level `range(of:)` cost more than the rest of the link check.
        var copy = text
        return copy.withUTF8 { hay -> (line: Int, column: Int)? in
            guard let base = hay.baseAddress else { return nil }
            for (prefix, needle) in [("(", "(" + url), ("<", "<" + url), (": ", ": " + url), ("", url)] {
                let n = Array(needle.utf8)
                guard let at = Self.find(n, in: hay) else { continue }
                let start = at + prefix.utf8.count
                var line = 1, lineStart = 0
                for i in 0..<start where hay[i] == 0x0A { line += 1; lineStart = i + 1 }
                let column = String(decoding: UnsafeBufferPointer(rebasing: hay[lineStart..<start]), as: UTF8.self).count + 1
                return (line, column)
            }
            return nil
        }
    }

    /// First offset of `needle` in `hay`: memchr to each candidate first byte, then a compare.
    static func find(_ needle: [UInt8], in hay: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = needle.first, let base = hay.baseAddress, needle.count <= hay.count else { return nil }
        var i = 0
        let last = hay.count - needle.count
        while i <= last {
            guard let p = memchr(base + i, Int32(first), last - i + 1) else { return nil }
            i = base.distance(to: p.assumingMemoryBound(to: UInt8.self))
            if needle.withUnsafeBytes({ memcmp(base + i, $0.baseAddress!, needle.count) }) == 0 { return i }
            i += 1
        }
        return nil
    }

    static func isInternal(_ url: String) -> Bool {
        // On bytes when the URL is ASCII (then bytes are Characters): walking Characters cost 1,150 instructions
        // a link, 8.5 M a build.
        if let known = url.utf8.withContiguousStorageIfAvailable({ asciiIsInternal($0) }), let known { return known }
        return characterIsInternal(url)
    }

    /// `isInternal` for an ASCII URL; nil for any other.
    static func asciiIsInternal(_ b: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let first = b.first else { return false }
        guard nextNonASCII(b.baseAddress!, from: 0, b.count) == b.count else { return nil }
        if first == 0x2F, b.count > 1, b[1] == 0x2F { return false }
        if first == 0x2F || first == 0x23 || first == 0x2E { return true }
        for c in b {
            if c == 0x3A { return false }
            if c == 0x2F || c == 0x3F || c == 0x23 { break }
        }
        return true
    }

    /// The general `isInternal`, on Characters.
    static func characterIsInternal(_ url: String) -> Bool {
        guard let first = url.first else { return false }
        if url.hasPrefix("//") { return false }
        if first == "/" || first == "#" || first == "." { return true }
        // A scheme (`https:`, `mailto:`) before any `/`, `?` or `#` makes it external.
        for c in url {
            if c == ":" { return false }
            if c == "/" || c == "?" || c == "#" { break }
        }
        return true
    }

    /// The attributes `references` reads. (Names as Strings were compared per attribute of every page.)
    enum Attribute { case href, src, id }

    /// `(attribute, raw value)` pairs of ` href="`, ` src="` and ` id="`, in document order: one pass over
    /// the bytes (every page of every build goes through here).
    static func attributes(_ html: String, skipping: [Range<Int>] = []) -> [(Attribute, String)] {
        var out: [(Attribute, String)] = []
        var copy = html
        copy.withUTF8 { b in
            var i = 0
            let n = b.count
            guard let base = b.baseAddress else { return }
            var skip = 0
            while i + 4 < n {
                // Find `="` (memchr to each `=`, jumping over the parts skipped) and look back at the name before it.
                guard let p = CodeRegions.nextByte(0x3D, in: base, from: i, end: n - 1, stop: n - 4, skipping: skipping, skip: &skip) else { break }
                i = p
                guard b[i + 1] == 0x22 else { i += 1; continue }
                var name: Attribute?
                if i >= 5, b[i - 5] == 0x20, b[i - 4] == 0x68, b[i - 3] == 0x72, b[i - 2] == 0x65, b[i - 1] == 0x66 { name = .href }
                else if i >= 4, b[i - 4] == 0x20, b[i - 3] == 0x73, b[i - 2] == 0x72, b[i - 1] == 0x63 { name = .src }
                else if i >= 3, b[i - 3] == 0x20, b[i - 2] == 0x69, b[i - 1] == 0x64 { name = .id }
                let start = i + 2
                var end = start
                while end < n, b[end] != 0x22 { end += 1 }
                if let name {
                    out.append((name, String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)))
                }
                i = end + 1
            }
        }
        return out
    }

    private static func decode(_ s: String) -> String {
        // A byte test: `contains("&")` went through Foundation's `range(of:)` for every attribute of every page.
        guard s.utf8.withContiguousStorageIfAvailable({ memchr($0.baseAddress!, 0x26, $0.count) != nil }) ?? s.utf8.contains(0x26) else { return s }
        return s.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Warnings for every reference of `docs` that resolves to no output file, or to a page without that id.
    /// `outputPaths` are every file the build writes or copies (relative to the output folder).
    static func audit(_ docs: [RenderedDocument], outputPaths: Set<String>, config: SiteConfig, siteDirectory: URL) -> [SiteDiagnostic] {
        auditCounting(docs, outputPaths: outputPaths, config: config, siteDirectory: siteDirectory).diagnostics
    }

    /// `audit`, and how many edit distances its suggestions took (the tests' measure of their cost).
    /// `ids` and `suggestions` (for links, false; for images, true), when given, are what the whole site makes (its
    /// pages' ids and URLs), so `docs` may be a few of its documents: a session checks those a save can change.
    static func auditCounting(_ docs: [RenderedDocument], outputPaths: Set<String>, config: SiteConfig, siteDirectory: URL,
                              ids: [String: Set<String>]? = nil, suggestions: ((_ images: Bool) -> URLSuggestions)? = nil)
        -> (diagnostics: [SiteDiagnostic], computations: Int) {
        let idsByPath = ids ?? Self.ids(docs)
        // Each page is checked on its own, parts of the site on all cores (the audit ran alone at the end of a
        // build, about 20 ms at 1000 posts); the parts' warnings are joined in page order.
        let parts = onAllCores(docs.count, minimum: 256) { range in
            check(docs[range], outputPaths: outputPaths, config: config, siteDirectory: siteDirectory, ids: idsByPath)
        }
        var out: [SiteDiagnostic] = []
        var broken: [Broken] = []
        for part in parts {
            broken += part.broken.map { var b = $0; b.diagnostic += out.count; return b }
            out += part.diagnostics
        }
        guard !broken.isEmpty else { return (out, 0) }
        // Links are answered with pages, images with the files the build writes; suggestions are looked up once
        // per distinct target, in parallel, and added to the warnings in place.
        let (pages, files): (URLSuggestions, URLSuggestions)
        if let suggestions {
            (pages, files) = (suggestions(false), suggestions(true))
        } else {
            let made = onAllCores(2, minimum: 2) { r in
                r.lowerBound == 0 ? pageSuggestions(docs, config: config) : fileSuggestions(outputPaths, config: config)
            }
            (pages, files) = (made[0], made[1])
        }
        let (linkNear, linkCost) = pages.nearest(all: Set(broken.filter { !$0.ref.isImage }.map(\.absolute)))
        let (imageNear, imageCost) = files.nearest(all: Set(broken.filter { $0.ref.isImage }.map(\.absolute)))
        for b in broken {
            if let near = (b.ref.isImage ? imageNear : linkNear)[b.absolute] { out[b.diagnostic].message += "; did you mean `\(near)`?" }
        }
        return (out, linkCost + imageCost)
    }

    /// A reference that leads to nothing, and the index of its warning.
    private struct Broken {
        var ref: Reference
        var absolute: String
        var diagnostic: Int
    }

    /// The warnings of some pages, in order, and which of them name a broken link or image (to add a suggestion to).
    private static func check(_ docs: ArraySlice<RenderedDocument>, outputPaths: Set<String>, config: SiteConfig, siteDirectory: URL,
                              ids idsByPath: [String: Set<String>]) -> (diagnostics: [SiteDiagnostic], broken: [Broken]) {
        var out: [SiteDiagnostic] = []
        var broken: [Broken] = []
        for d in docs {
            let pageURL = config.url(d.source.permalink.url)
            var seen = Set<String>()
            var fileText: String?
            /// Where the file wrote a broken reference (rare): found by reading the file again.
            func located(_ ref: Reference) -> Reference {
                if fileText == nil { fileText = (try? String(contentsOf: siteDirectory.appendingPathComponent(d.source.sourcePath), encoding: .utf8)) ?? "" }
                var r = ref
                if let p = position(of: ref.url, in: fileText!) { r.line = p.line; r.column = p.column }
                return r
            }
            for ref in d.references where seen.insert(ref.url).inserted {
                var path = ref.url
                var fragment: String?
                // Byte searches: `#` and `?` are ASCII, so their indexes are Character boundaries too.
                if let h = path.utf8.firstIndex(of: UInt8(ascii: "#")) { fragment = String(path[path.utf8.index(after: h)...]); path = String(path[..<h]) }
                if let q = path.utf8.firstIndex(of: UInt8(ascii: "?")) { path = String(path[..<q]) }
                let target: String
                if path.isEmpty {
                    target = d.source.permalink.outputPath
                } else {
                    let absolute = path.hasPrefix("/") ? path : ExcerptLinks.resolve(path, against: pageURL)
                    guard let file = lookup(absolute, basePath: config.basePath, in: outputPaths) else {
                        let ref = located(ref)
                        broken.append(Broken(ref: ref, absolute: absolute, diagnostic: out.count))
                        out.append(.warning(d.source.sourcePath, line: ref.line, column: ref.column,
                                            "\(ref.isImage ? "image" : "link") `\(ref.url)` leads to nothing in the site",
                                            hint: ref.isImage ? "put the file under content/ (content/images/x.png is /images/x.png)"
                                                : "links are checked against every page, feed and file the build writes"))
                        continue
                    }
                    target = file
                }
                guard let fragment, !fragment.isEmpty, fragment != "top", let ids = idsByPath[target] else { continue }
                let name = fragment.contains("%") ? fragment.removingPercentEncoding ?? fragment : fragment
                if !ids.contains(name) {
                    let ref = located(ref)
                    let near = Suggest.nearest(name, in: ids.sorted())
                    out.append(.warning(d.source.sourcePath, line: ref.line, column: ref.column,
                                        "`#\(fragment)` is not an id on \(target == d.source.permalink.outputPath ? "this page" : "`\(path)`")"
                                        + (near.map { "; did you mean `#\($0)`?" } ?? ""),
                                        hint: "heading ids are made as kramdown makes them (`## What I measured` → `#what-i-measured`)"))
                }
            }
        }
        return (out, broken)
    }

    /// Each page's ids by output path.
    /// The sets are made on all cores; the table of them on one (a later page at a path wins, as before).
    static func ids(_ docs: [RenderedDocument]) -> [String: Set<String>] {
        let sets = onAllCores(docs.count, minimum: 256) { range in docs[range].map { Set($0.ids) } }
        var idsByPath: [String: Set<String>] = [:]
        idsByPath.reserveCapacity(docs.count)
        for (d, ids) in zip(docs, sets.joined()) { idsByPath[d.source.permalink.outputPath] = ids }
        return idsByPath
    }

    /// Links are answered with pages, images with the files the build writes.
    static func pageSuggestions(_ docs: [RenderedDocument], config: SiteConfig) -> URLSuggestions {
        URLSuggestions(urls: docs.map { config.url($0.source.permalink.url) }, basePath: config.basePath)
    }

    static func fileSuggestions(_ outputPaths: Set<String>, config: SiteConfig) -> URLSuggestions {
        URLSuggestions(urls: outputPaths.filter { !$0.hasSuffix(".html") }.map { config.url("/" + $0) }, basePath: config.basePath)
    }

    /// The output file a root-relative URL is served from, as static hosts do.
    static func lookup(_ url: String, basePath: String, in paths: Set<String>) -> String? {
        var p = url.utf8.contains(UInt8(ascii: "%")) ? url.removingPercentEncoding ?? url : url
        if !basePath.isEmpty {
            guard p == basePath || p.hasPrefix(basePath + "/") else { return nil }
            p = String(p.dropFirst(basePath.count))
        }
        // Bytes, not Characters: every reference of every page comes through here.
        let slashes = p.utf8.prefix { $0 == UInt8(ascii: "/") }.count
        let trimmed = slashes == 0 ? p : String(p[p.utf8.index(p.startIndex, offsetBy: slashes)...])
        if trimmed.isEmpty || p.utf8.last == UInt8(ascii: "/") {
            let index = trimmed.isEmpty ? "index.html" : (trimmed.hasSuffix("/") ? trimmed : trimmed + "/") + "index.html"
            return paths.contains(index) ? index : nil
        }
        for candidate in [trimmed, trimmed + ".html", trimmed + "/index.html"] where paths.contains(candidate) { return candidate }
        return nil
    }
}
