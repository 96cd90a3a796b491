import Foundation

/// The write step of a session: the first build commits the whole site atomically, later ones replace
/// only the files whose bytes changed and remove the ones that went.
extension BuildSession {
    public struct Outcome: Sendable {
        public var report: BuildReport
        /// Output paths written or removed, relative to the output folder.
        public var changedPaths: [String]
    }

    /// The pages' files, first of the site's: the last written files with the pages this build put anew
    /// in place, when they began with the pages `made` updated (a save's usual case), else made from every
    /// page. Taking every page's file again (three references each) and freeing the last build's table was
    /// a visible part of a one-post save at 5000 posts.
    func pageFiles(_ made: PageAssembler.LastPages, from lastSerial: Int) -> [OutputFile] {
        var kept = keptFiles
        keptFiles = nil   // taken: updated in place
        let count = made.pages.count
        guard let changed = made.changed, let serial = kept?.pagesSerial, serial == lastSerial, kept?.pages == count,
              var files = kept?.files, files.count >= count else {
            lastWork.pageFilesTaken = count
            return made.pages.map(\.file)
        }
        lastWork.pageFilesTaken = changed.count
        kept = nil
        files.removeSubrange(count...)
        for k in changed { files[k] = made.pages[k].file }
        return files
    }

    /// Builds and writes only what changed. The first call writes the whole site atomically; later calls
    /// replace changed files one by one (write to a temporary file, then rename) and remove stale ones.
    /// On failure nothing is written: the last good output stays.
    public func rebuild(changed: Set<String>?) async throws(BuildFailure) -> Outcome {
        let started = Date()
        let site: Assembled
        do {
            site = try await assemble(changed: written == nil ? nil : changed)
        } catch {
            unwrittenResults = true
            throw error
        }
        let trustFresh = !unwrittenResults
        let root = options.output
        do {
            guard written != nil else {
                try OutputWriter(output: root).commit(files: site.files, assets: site.assets.map { (options.siteDirectory.appendingPathComponent($0.source), $0.path) })
                written = Dictionary(site.files.map { ($0.path, $0.data) }, uniquingKeysWith: { a, _ in a })
                keptFiles = site.pagesSerial.map { (site.files, $0, site.pages) }
                writtenPrint = site.pathsPrint
                unwrittenResults = false
                copiedAssets = Dictionary(site.assets.map { ($0.path, ($0.source, stamp($0.source))) }, uniquingKeysWith: { a, _ in a })
                var report = site.report
                report.seconds = Date().timeIntervalSince(started)
                return Outcome(report: report, changedPaths: site.files.map(\.path) + site.assets.map(\.path))
            }
            var changedPaths: [String] = []
            // Updated in place: a copy of the last output's table (every file of the site) per save was a
            // tenth of a save's write at 5000 posts. (`written` is nil meanwhile, as after a failed write.)
            var now = written!
            written = nil
            let previousCount = now.count
            var kept = 0   // files also in the previous output: when all of them are, nothing was removed
            // The same paths as the last write's, every other file as it made it: only the fresh ones are looked at
            // (by length first: looking every path up in the table was a tenth of a save's write at 5000 posts).
            let samePaths = trustFresh && site.pathsPrint == writtenPrint
            let freshLengths = Set(site.fresh.lazy.map(\.utf8.count))
            for f in site.files {
                if samePaths, !freshLengths.contains(f.path.utf8.count) || !site.fresh.contains(f.path) { continue }
                let old = now[f.path]
                lastWork.filesLookedUp += 1
                if old != nil { kept += 1 }
                if trustFresh, old != nil, !site.fresh.contains(f.path) { continue }
                if old == f.data { continue }
                now[f.path] = f.data
                try writeAtomically(f.data, to: root.appendingPathComponent(f.path))
                changedPaths.append(f.path)
            }
            var gone: [String] = []
            if !samePaths, kept != previousCount || site.files.count != previousCount {
                let present = Set(site.files.map(\.path))
                gone = now.keys.filter { !present.contains($0) }
                now = now.filter { present.contains($0.key) }
            }
            var assetsNow: [String: (source: String, stamp: String)] = [:]
            for a in site.assets {
                let s = stamp(a.source)
                assetsNow[a.path] = (a.source, s)
                if let old = copiedAssets[a.path], old.source == a.source, old.stamp == s { continue }
                let data = try Data(contentsOf: options.siteDirectory.appendingPathComponent(a.source))
                try writeAtomically(data, to: root.appendingPathComponent(a.path))
                changedPaths.append(a.path)
            }
            gone = gone.filter { assetsNow[$0] == nil }   // a generated file replaced by an asset of the same path stays
            gone += copiedAssets.keys.filter { now[$0] == nil && assetsNow[$0] == nil }
            for path in gone {
                try? FileManager.default.removeItem(at: root.appendingPathComponent(path))
                removeEmptyParents(of: path)
                changedPaths.append(path)
            }
            written = now
            writtenPrint = site.pathsPrint
            keptFiles = site.pagesSerial.map { (site.files, $0, site.pages) }
            copiedAssets = assetsNow
            unwrittenResults = false
            phase("write")
            var report = site.report
            report.seconds = Date().timeIntervalSince(started)
            // The site's tables are freed on another thread: every output file's entry, a few ms at 5000 posts
            // that the page waiting to reload need not wait for.
            let done = consume site
            Task.detached(priority: .utility) { withExtendedLifetime(done) {} }
            return Outcome(report: report, changedPaths: changedPaths.sorted())
        } catch {
            written = nil   // unknown state on disk: the next build writes everything again
            throw BuildFailure(site.diagnostics + [.error(root.path, "cannot write the output folder: \(error.localizedDescription)")])
        }
    }
}
