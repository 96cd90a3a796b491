import Foundation
import Feed
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One finding of `galley check`: `path:line:col: severity: rule: message`.
public struct CheckDiagnostic: Sendable, Hashable {
    public var path: String
    public var line: Int
    public var column: Int
    public var severity: FeedDiagnostic.Severity
    public var rule: String
    public var message: String
    /// What the finding is about, when the same thing can be found in several files (a post's text in
    /// every feed): findings with the same rule and subject are reported once.
    public var subject: String? = nil
    public init(path: String, line: Int, column: Int, severity: FeedDiagnostic.Severity, rule: String, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.severity = severity
        self.rule = rule
        self.message = message
    }
}

/// Checks a built site folder or single feed files: feeds parse back cleanly, pages parse,
/// ids are unique, and every internal link, anchor and image resolves inside the output.
public struct SiteChecker: Sendable {
    /// Files handled per task: large enough to amortise task overhead, small enough to balance cores.
    public var chunkSize: Int
    /// URL path the checked folder is served under; `/` unless the site lives in a subfolder.
    public var basePath: String
    public init(basePath: String = "/", chunkSize: Int = 64) {
        self.basePath = basePath.hasPrefix("/") ? basePath : "/" + basePath
        self.chunkSize = chunkSize
    }

    /// Checks every path (a folder or a feed/HTML file). A missing path is reported as `check-path-missing`.
    public func check(paths: [URL]) async -> [CheckDiagnostic] {
        var all: [CheckDiagnostic] = []
        for path in paths {
            all += await checkOne(path)
        }
        return SiteChecker.sorted(all)
    }

    /// Blocking variant for callers outside async code (e.g. a synchronous build step).
    public func check(paths: [URL]) -> [CheckDiagnostic] {
        checkBlocking(paths: paths)
    }

    /// Blocking variant with a distinct name, for call sites where overload resolution would pick the async one.
    /// Must not be called from a task on the cooperative pool (it waits on a semaphore).
    public func checkBlocking(paths: [URL]) -> [CheckDiagnostic] {
        let result = ResultBox()
        let done = DispatchSemaphore(value: 0)
        Task.detached { [self] in
            result.value = await self.check(paths: paths)
            done.signal()
        }
        done.wait()
        return result.value
    }

    private final class ResultBox: @unchecked Sendable { var value: [CheckDiagnostic] = [] }

    static func sorted(_ d: [CheckDiagnostic]) -> [CheckDiagnostic] {
        d.sorted { ($0.path, $0.line, $0.column, $0.rule, $0.message) < ($1.path, $1.line, $1.column, $1.rule, $1.message) }
    }

    func checkOne(_ url: URL) async -> [CheckDiagnostic] {
        var isDir: ObjCBool = false
        let display = url.relativePath
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) else {
            return [CheckDiagnostic(path: display, line: 0, column: 0, severity: .error, rule: "check-path-missing", message: "no such file or folder")]
        }
        if !isDir.boolValue {
            guard let data = FileManager.default.contents(atPath: url.path) else {
                return [CheckDiagnostic(path: display, line: 0, column: 0, severity: .error, rule: "check-unreadable", message: "cannot read the file")]
            }
            let ext = url.pathExtension.lowercased()
            if ext == "html" || ext == "htm" {
                return SiteChecker.pageDiagnostics(HTMLScanner.scan(data), path: display)
            }
            if FeedValidator.sniff(data) == .unknown, !["json", "xml", "rss", "atom"].contains(ext) {
                return [CheckDiagnostic(path: display, line: 1, column: 1, severity: .error, rule: "check-not-a-feed",
                                        message: "not an HTML page, RSS, Atom or JSON Feed")]
            }
            return SiteChecker.feedDiagnostics(FeedValidator.validate(data), path: display)
        }
        return await checkFolder(url)
    }

    /// Pass 1 (parallel): parse every page and feed. Pass 2 (parallel): resolve references against all files and ids.
    func checkFolder(_ root: URL) async -> [CheckDiagnostic] {
        let files = SiteChecker.listFiles(root)
        let prefix = root.relativePath.hasSuffix("/") ? root.relativePath : root.relativePath + "/"
        let candidates = files.filter { f in
            let ext = (f as NSString).pathExtension.lowercased()
            return ["html", "htm", "xml", "json", "rss", "atom"].contains(ext)
        }
        // Feeds are the big files (a feed with full content is a few hundred KB, a page tens): they go
        // first, two to a task, so the cores finish together instead of one ending on a chunk of feeds.
        let isFeedLike = { (f: String) -> Bool in
            let ext = (f as NSString).pathExtension.lowercased()
            return ext == "xml" || ext == "rss" || ext == "atom" || (f as NSString).lastPathComponent == "feed.json"
        }
        let big = candidates.filter(isFeedLike), small = candidates.filter { !isFeedLike($0) }
        let chunks = stride(from: 0, to: big.count, by: 2).map { Array(big[$0..<min($0 + 2, big.count)]) }
            + stride(from: 0, to: small.count, by: chunkSize).map { Array(small[$0..<min($0 + chunkSize, small.count)]) }
        var scans: [String: PageScan] = [:]
        var diagnostics: [CheckDiagnostic] = []
        var feedLinks: [String: FeedLinks] = [:]
        await withTaskGroup(of: ([String: PageScan], [String: FeedLinks], [CheckDiagnostic]).self) { group in
            for chunk in chunks {
                group.addTask {
                    var pages: [String: PageScan] = [:]
                    var feeds: [String: FeedLinks] = [:]
                    var diags: [CheckDiagnostic] = []
                    for rel in chunk {
                        let fileURL = root.appendingPathComponent(rel)
                        guard let data = FileManager.default.contents(atPath: fileURL.path) else { continue }
                        let ext = (rel as NSString).pathExtension.lowercased()
                        if ext == "html" || ext == "htm" {
                            let scan = HTMLScanner.scan(data)
                            diags += SiteChecker.pageDiagnostics(scan, path: prefix + rel)
                            pages[rel] = scan
                        } else if FeedValidator.sniff(data) != .unknown {
                            let (found, links) = FeedValidator.validateWithLinks(data, publishedAtPath: rel)
                            diags += SiteChecker.feedDiagnostics(found, path: prefix + rel)
                            feeds[rel] = links
                        } else if ext == "json" {
                            diags += SiteChecker.feedDiagnostics(FeedValidator.wellFormedJSON(data), path: prefix + rel)
                        } else {
                            // Not a feed by content (a sitemap, a search index, or a feed template that never
                            // became XML): by its extension it must still be well-formed XML or JSON.
                            diags += SiteChecker.feedDiagnostics(FeedValidator.validate(data).filter(SiteChecker.isWellFormednessRule),
                                                                 path: prefix + rel)
                        }
                    }
                    return (pages, feeds, diags)
                }
            }
            for await (pages, feeds, diags) in group {
                scans.merge(pages) { a, _ in a }
                feedLinks.merge(feeds) { a, _ in a }
                diagnostics += diags
            }
        }
        let resolver = LinkResolver(files: Set(files), ids: scans.mapValues(\.ids), basePath: basePath)
        let pagePaths = scans.keys.sorted()
        let pageChunks = stride(from: 0, to: pagePaths.count, by: chunkSize * 4).map { Array(pagePaths[$0..<min($0 + chunkSize * 4, pagePaths.count)]) }
        var feedFindings: [Finding] = []
        for (feed, links) in feedLinks.sorted(by: { $0.key < $1.key }) {
            feedFindings += SiteChecker.feedLinkFindings(links, feed: feed, resolver: resolver, display: prefix + feed)
        }
        let scansSnapshot = scans
        var pageFindings: [Finding] = []
        await withTaskGroup(of: [Finding].self) { group in
            for chunk in pageChunks {
                group.addTask {
                    var memo: [String: LinkResolver.Outcome] = [:]
                    return chunk.flatMap { page in
                        SiteChecker.linkFindings(scansSnapshot[page]!.references, page: page, resolver: resolver, display: prefix + page, memo: &memo)
                    }
                }
            }
            for await d in group { pageFindings += d }
        }
        return SiteChecker.textFindingsOnce(diagnostics) + SiteChecker.reportedOnce(pages: pageFindings, feeds: feedFindings)
    }

    /// A reference as shown in a one-line message: whitespace collapsed, long values cut.
    static func shown(_ url: String) -> String {
        let flat = url.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" }).joined(separator: " ")
        return flat.count > 80 ? String(flat.prefix(77)) + "…" : flat
    }

    static func linkDiagnostics(_ refs: [PageReference], page: String, resolver: LinkResolver, display: String) -> [CheckDiagnostic] {
        linkFindings(refs, page: page, resolver: resolver, display: display).map(\.diagnostic)
    }

    static func linkFindings(_ refs: [PageReference], page: String, resolver: LinkResolver, display: String) -> [Finding] {
        var memo: [String: LinkResolver.Outcome] = [:]
        return linkFindings(refs, page: page, resolver: resolver, display: display, memo: &memo)
    }

    /// `memo` holds outcomes of root-relative references, which do not depend on the page: every page
    /// links the same stylesheets, menu and tags, and resolving each anew was most of the link pass.
    static func linkFindings(_ refs: [PageReference], page: String, resolver: LinkResolver, display: String,
                             memo: inout [String: LinkResolver.Outcome]) -> [Finding] {
        var out: [Finding] = []
        for (index, ref) in refs.enumerated() {
            var target = ""
            func report(_ rule: String, _ message: String) {
                // The page the nearest link before it leads to: on a list page, the post whose excerpt this is.
                let before = refs[..<index].last { $0.kind == .link && resolver.targetFile($0.url, from: page) != nil }
                let shownWith = before.flatMap { resolver.targetFile($0.url, from: page) }.map { String(display.dropLast(page.count)) + $0 }
                out.append(Finding(diagnostic: CheckDiagnostic(path: display, line: ref.line, column: ref.column, severity: .error, rule: rule, message: message),
                                   target: target, shownWith: shownWith))
            }
            let url = shown(ref.url)
            let outcome: LinkResolver.Outcome
            if ref.url.utf8.first == UInt8(ascii: "/") {
                if let known = memo[ref.url] { outcome = known } else {
                    outcome = resolver.resolve(ref.url, from: page)
                    memo[ref.url] = outcome
                }
            } else {
                outcome = resolver.resolve(ref.url, from: page)
            }
            switch outcome {
            case .external, .ok: break
            case .outsideSite: report("link-outside-site", "\"\(url)\" points outside the site folder" + (resolver.basePath == "/" ? "" : " (served under \(resolver.basePath))"))
            case .missingFile(let missing):
                target = missing
                switch ref.kind {
                case .link: report("link-broken", "\"\(url)\" resolves to /\(shown(missing)), which does not exist")
                case .image: report("image-missing", "image \"\(url)\" resolves to /\(shown(missing)), which does not exist")
                case .asset: report("asset-missing", "\"\(url)\" resolves to /\(shown(missing)), which does not exist")
                }
            case .missingAnchor(let file, let fragment):
                target = file + "#" + fragment
                report("anchor-missing", "\"\(url)\": /\(file) has no element with id \"\(shown(fragment))\"")
            }
        }
        return out
    }

    /// Links in a feed that point into this site (same origin as the feed's self URL) must resolve
    /// to published files, like page links do. The site root is the self URL minus the feed's path.
    static func feedLinkDiagnostics(_ feed: FeedLinks, feed path: String, resolver: LinkResolver, display: String) -> [CheckDiagnostic] {
        feedLinkFindings(feed, feed: path, resolver: resolver, display: display).map(\.diagnostic)
    }

    static func feedLinkFindings(_ feed: FeedLinks, feed path: String, resolver: LinkResolver, display: String) -> [Finding] {
        guard let selfURL = feed.selfURL, selfURL.hasSuffix("/" + path) else { return [] }
        let root = String(selfURL.dropLast(path.count))  // ends with "/"
        var plain = resolver
        plain.basePath = "/"
        var out: [Finding] = []
        var seen: Set<String> = []
        for link in feed.links where link.url.hasPrefix(root) && seen.insert(link.url).inserted {
            let local = "/" + link.url.dropFirst(root.count)
            switch plain.resolve(local, from: "") {
            case .missingFile(let target):
                out.append(Finding(diagnostic: CheckDiagnostic(path: display, line: link.line, column: 0, severity: .error,
                                                               rule: link.isImage ? "feed-image-missing" : "feed-link-broken",
                                                               message: "\"\(shown(link.url))\" is not published (no /\(shown(target)) in the output)"),
                                   target: target))
            case .missingAnchor(let file, let fragment):
                out.append(Finding(diagnostic: CheckDiagnostic(path: display, line: link.line, column: 0, severity: .error, rule: "feed-anchor-missing",
                                                               message: "\"\(shown(link.url))\": /\(file) has no element with id \"\(shown(fragment))\""),
                                   target: file + "#" + fragment))
            default:
                break
            }
        }
        return out
    }

    /// Rules about the syntax of an XML or JSON file itself, whatever it holds.
    static func isWellFormednessRule(_ d: FeedDiagnostic) -> Bool {
        d.rule == "json-well-formed" || d.rule == "file-format" || (d.rule.hasPrefix("xml-") && d.rule != "xml-declaration-missing")
    }

    static func pageDiagnostics(_ scan: PageScan, path: String) -> [CheckDiagnostic] {
        scan.diagnostics.map { CheckDiagnostic(path: path, line: $0.line, column: $0.column, severity: $0.severity, rule: $0.rule, message: $0.message) }
    }

    static func feedDiagnostics(_ diags: [FeedDiagnostic], path: String) -> [CheckDiagnostic] {
        diags.map {
            var d = CheckDiagnostic(path: $0.path ?? path, line: $0.line, column: $0.column, severity: $0.severity, rule: $0.rule, message: $0.message)
            d.subject = $0.subject
            return d
        }
    }

    /// The URL path a built folder is served under, as its home page says (`<link rel="canonical"
    /// href="https://user.github.io/project/">` → `/project/`), so checking a sub-path site needs no flag.
    /// nil when there is no home page or no canonical link.
    public static func inferredBasePath(of root: URL) -> String? {
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent("index.html").path) else { return nil }
        let html = String(decoding: data.prefix(64 * 1024), as: UTF8.self)
        guard let link = html.range(of: "rel=\"canonical\"") else { return nil }
        // The tag holding it: from its `<link` to its `>`.
        guard let open = html[..<link.lowerBound].range(of: "<link", options: .backwards),
              let close = html[link.upperBound...].firstIndex(of: ">"),
              let href = html[open.upperBound..<close].range(of: "href=\"") else { return nil }
        let value = html[href.upperBound...].prefix { $0 != "\"" }
        guard let url = URL(string: String(value)), url.scheme != nil else { return nil }
        let path = url.path.isEmpty ? "/" : url.path
        return path.hasSuffix("/") ? path : path + "/"
    }

    /// Regular files under `root`, relative, sorted; hidden files and folders skipped. Uses readdir's
    /// d_type directly: Foundation's enumerator with resource values cost more than parsing the pages.
    static func listFiles(_ root: URL) -> [String] {
        var out: [String] = []
        var pending: [String] = [""]
        let base = root.path
        while let rel = pending.popLast() {
            let dirPath = rel.isEmpty ? base : base + "/" + rel
            guard let dir = opendir(dirPath) else { continue }
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name.hasPrefix(".") { continue }
                let child = rel.isEmpty ? name : rel + "/" + name
                var type = entry.pointee.d_type
                if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
                    var st = stat()
                    guard stat(base + "/" + child, &st) == 0 else { continue }
                    type = (st.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : ((st.st_mode & S_IFMT) == S_IFREG ? UInt8(DT_REG) : 0)
                }
                if type == UInt8(DT_DIR) { pending.append(child) } else if type == UInt8(DT_REG) { out.append(child) }
            }
        }
        return out.sorted()
    }
}
