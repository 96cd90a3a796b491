import Foundation

/// What a `BuildSession` asks of the site folder and does to single output files between builds (`galley
/// serve`): whether a change can keep the last source listing, and in-place replacement; and what it counts
/// and traces.
extension BuildSession {
    /// Whether the last listing of the sources still holds after `changed`: every changed path is a file
    /// already listed that is still there (an edit), or something gone that was never listed and holds
    /// nothing listed (an editor's temporary file, renamed over the real one). Anything else lists again.
    static func listingUnchanged(_ kept: (listing: ContentLoader.Listing, paths: Set<String>, folders: Set<String>), by changed: Set<String>,
                                 siteDirectory: URL) -> Bool {
        for path in changed {
            if path == "site.yml" || path == "_config.yml" { continue }
            if path.hasPrefix("templates/"), path.hasSuffix(".liquid") || path.hasSuffix(".mustache") { continue }   // templates are not in the listing
            var st = stat()
            let exists = stat(siteDirectory.appendingPathComponent(path).path, &st) == 0
            if kept.paths.contains(path) {
                if exists && (st.st_mode & S_IFMT) == S_IFREG { continue }
                return false
            }
            if exists { return false }
            // Gone: a folder that held listed files (looked up, not found by a prefix scan of every path:
            // an editor's temporary file is such a gone path on every save).
            if kept.folders.contains(path) { return false }
        }
        return true
    }

    /// Every folder holding some of `paths` (at any depth), as `a/b`.
    static func folders(of paths: Set<String>) -> Set<String> {
        var folders = Set<String>()
        for path in paths {
            var bytes = path.utf8[...]
            while let slash = bytes.lastIndex(of: UInt8(ascii: "/")) {
                bytes = bytes[..<slash]
                if !folders.insert(String(Substring(bytes))).inserted { break }
            }
        }
        return folders
    }

    /// The changed paths, ready to ask of thousands of files whether they or a folder holding them changed.
    struct Touched {
        let paths: Set<String>
        /// Changed paths that may be folders (a moved or deleted folder arrives as itself), with a slash.
        let folders: [String]
        init(_ changed: Set<String>) {
            paths = changed
            folders = changed.map { $0 + "/" }   // a file's path with a slash matches nothing: no need to tell them apart
        }
        func covers(_ rel: String) -> Bool {
            paths.contains(rel) || folders.contains { rel.utf8.starts(with: $0.utf8) }
        }
    }

    /// Whether `url` is a folder now (a saved path the listing has no file at may be one).
    static func isFolder(_ url: URL) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &folder) && folder.boolValue
    }

    /// A copied asset's size and modification time: changed when either is.
    func stamp(_ rel: String) -> String {
        let attrs = try? FileManager.default.attributesOfItem(atPath: options.siteDirectory.appendingPathComponent(rel).path)
        let size = attrs?[.size] as? Int ?? -1
        let time = (attrs?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(size)-\(time)"
    }

    /// Writes beside the file, then renames over it: a browser reloading meanwhile sees the old page or
    /// the new one, never half of one. Folders are made only when the first attempt finds none.
    func writeAtomically(_ data: Data, to url: URL) throws {
        let temp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).galley-\(UInt32.random(in: 0...UInt32.max))")
        if let problem = OutputWriter.write(data, toPath: temp.path) {
            guard (problem as? WriteFailure)?.code == ENOENT else { throw problem }
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if let again = OutputWriter.write(data, toPath: temp.path) { throw again }
        }
        if rename(temp.path, url.path) != 0 {
            let code = errno
            unlink(temp.path)
            throw WriteFailure(path: url.path, code: code)
        }
    }

    /// After a removal, the folders it left empty go too, up to the output folder.
    func removeEmptyParents(of path: String) {
        var dir = (path as NSString).deletingLastPathComponent
        while !dir.isEmpty {
            let url = options.output.appendingPathComponent(dir)
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: url.path), entries.isEmpty else { return }
            try? FileManager.default.removeItem(at: url)
            dir = (dir as NSString).deletingLastPathComponent
        }
    }
}

extension BuildSession {
    #if os(Linux)
    static let RUSAGE_SELF_WHO = __rusage_who_t(RUSAGE_SELF.rawValue)
    #else
    static let RUSAGE_SELF_WHO = RUSAGE_SELF
    #endif
    /// CPU time of the process so far, for `GALLEY_TRACE`.
    static func cpuMicroseconds() -> Int {
        var u = rusage()
        getrusage(RUSAGE_SELF_WHO, &u)
        return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1_000_000 + Int(u.ru_utime.tv_usec + u.ru_stime.tv_usec)
    }

    static func writeError(_ output: URL, _ error: Error) -> SiteDiagnostic {
        .error(output.path, "cannot write the output folder: \(error.localizedDescription)",
               hint: "check permissions and free space; the previous output was left as it was")
    }

    /// What the last assemble made anew, counted: tests guard that a save costs what changed
    /// (counts, not times: the machines that run them are shared).
    struct Work: Sendable {
        var markdownRendered = 0
        var pagesRendered: [String] = []
        var feedsMade: [String] = []
        /// RSS items whose validation checks ran (an item kept from an earlier feed or build is not checked again).
        var feedItemsChecked = 0
        /// XML feed items parsed (each distinct item once per pass and format), and those still held after the
        /// pass (0: each was let go after the last feed that carries it).
        var feedItemsParsed = 0
        var feedItemsHeld = 0
        var searchDocumentsCounted = 0
        var searchFilesMade: [String] = []
        /// Documents whose links were checked.
        var linksChecked = 0
        /// Bodies scanned for fence labels (the site's language mix).
        var fenceBodiesScanned = 0
        /// Documents whose kept render was looked up by path (the others were found at their place).
        var rendersLookedUp = 0
        /// Pages whose ids the link check indexed again.
        var pagesIdsIndexed = 0
        /// Output files the write step looked up in the last output's table.
        var filesLookedUp = 0
        /// Posts sorted and indexed into term lists anew (0 when the last save's order and lists held).
        var postsIndexed = 0
        /// Pages whose last render was looked up by output path (the others were found at their place).
        var pagesLookedUp = 0
        /// Generated pages' jobs made anew (0 when the last build's held: same structure, series and templates).
        var generatedJobsMade = 0
        /// Postings the search index's merge read (a save reads those of the groups it rewrites).
        var searchPostingsRead = 0
        /// Pages' output files taken anew from their pages (the others were the last build's table's).
        var pageFilesTaken = 0
        /// Posts' list entries made anew (the others were the last build's: same document, same terms shown).
        var summariesMade = 0
    }
    /// `GALLEY_TRACE=1` prints how long each phase of a build took, to standard error (for profiling).
    static let tracing = ProcessInfo.processInfo.environment["GALLEY_TRACE"] == "1"
    func phase(_ name: String) {
        guard Self.tracing else { return }
        let now = (wall: DispatchTime.now(), cpu: Self.cpuMicroseconds())
        let wall = Double(now.wall.uptimeNanoseconds - phaseStart.wall.uptimeNanoseconds) / 1e6
        let cpu = Double(now.cpu - phaseStart.cpu) / 1e3
        var u = rusage()
        getrusage(Self.RUSAGE_SELF_WHO, &u)
        // Tenths of a millisecond: a save's phases at 5000 posts are a few ms each.
        let tenths = { (ms: Double) in "\(Int(ms))." + "\(Int(ms * 10) % 10)" }
        FileHandle.standardError.write(Data("trace \(name): \(tenths(wall)) ms wall, \(tenths(cpu)) ms CPU, peak \(u.ru_maxrss / 1024) MB\n".utf8))
        phaseStart = now
    }
}
