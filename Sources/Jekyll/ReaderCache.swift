import Foundation
import Site

#if canImport(Glibc)
import Glibc
#endif

/// Documents and pages read by an earlier rebuild of one `galley serve` session, reused while their file is
/// unchanged: reading and YAML-parsing every post again was most of a save's time on a large blog.
///
/// An entry holds while the file's size, inode, modification and change times are those it was read with
/// and the watcher has not named the file since (`forget`): file times can be coarser than two quick saves.
/// Only results that depend on nothing but the file and the settings are kept — a post dated in the future
/// or dated "now" is read again each time, as the clock moves. A settings change must start a new cache.
public final class JekyllReadCache: @unchecked Sendable {
    struct Stamp: Equatable {
        var size: Int64, inode: UInt64, modified: timespec, changed: timespec
        static func == (a: Stamp, b: Stamp) -> Bool {
            a.size == b.size && a.inode == b.inode && a.modified.tv_sec == b.modified.tv_sec
                && a.modified.tv_nsec == b.modified.tv_nsec && a.changed.tv_sec == b.changed.tv_sec
                && a.changed.tv_nsec == b.changed.tv_nsec
        }
    }

    private struct Entry {
        var stamp: Stamp
        var document: JekyllDocument?
        var diagnostics: [SiteDiagnostic]
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var used: Set<String> = []
    /// Whether a file starts with front matter, by path (the read asks it of every file outside `_posts`).
    private var headers: [String: (Stamp, Bool)] = [:]
    private var headersUsed: Set<String> = []
    /// Files read from disk and files reused since the cache was made (tests count them).
    private(set) var reads = 0
    private(set) var reuses = 0

    public init() {}

    static func stamp(_ url: URL) -> Stamp? {
        var s = stat()
        guard stat(url.path, &s) == 0 else { return nil }
        return Stamp(size: Int64(s.st_size), inode: UInt64(s.st_ino), modified: s.st_mtim, changed: s.st_ctim)
    }

    /// The kept result for `key` when `file` is as it was; nil when it must be read again.
    func lookup(_ key: String, file: URL) -> (JekyllDocument?, [SiteDiagnostic])? {
        guard let stamp = Self.stamp(file) else { return nil }
        return lock.withLock {
            guard let e = entries[key], e.stamp == stamp else { reads += 1; return nil }
            used.insert(key)
            reuses += 1
            return (e.document, e.diagnostics)
        }
    }

    /// Keeps a result read from `file`; `stamp` is the file's, taken before it was read.
    func store(_ key: String, stamp: Stamp?, document: JekyllDocument?, diagnostics: [SiteDiagnostic]) {
        guard let stamp else { return }
        lock.withLock {
            entries[key] = Entry(stamp: stamp, document: document, diagnostics: diagnostics)
            used.insert(key)
        }
    }

    /// Drops entries of files under the site-relative `paths` (a path may be a folder moved as a whole).
    func forget(_ paths: Set<String>, root: URL) {
        guard !paths.isEmpty else { return }
        let base = root.standardizedFileURL.path
        let prefixes = paths.map { base + "/" + $0 }
        lock.withLock {
            func kept(_ path: Substring) -> Bool { !prefixes.contains { path == $0 || path.hasPrefix($0 + "/") } }
            entries = entries.filter { key, _ in kept(key.prefix { $0 != "\u{1}" }) }
            headers = headers.filter { kept(Substring($0.key)) }
        }
    }

    /// `JekyllFrontMatter.fileHasHeader`, remembered while the file's stamp holds.
    func hasHeader(_ url: URL) -> Bool {
        let path = url.path
        guard let stamp = Self.stamp(url) else { return JekyllFrontMatter.fileHasHeader(url) }
        if let known = lock.withLock({ headersUsed.insert(path); return headers[path] }), known.0 == stamp { return known.1 }
        let answer = JekyllFrontMatter.fileHasHeader(url)
        lock.withLock { headers[path] = (stamp, answer) }
        return answer
    }

    /// Ends a read: entries of files the read did not reach (deleted, excluded) are dropped.
    func endRead() {
        lock.withLock {
            entries = entries.filter { used.contains($0.key) }
            headers = headers.filter { headersUsed.contains($0.key) }
            used = []
            headersUsed = []
        }
    }

    var count: Int { lock.withLock { entries.count } }
}

extension JekyllDocumentBuilder {
    /// `document`, through the session's cache when there is one.
    func document(_ file: URL, collection: JekyllCollection, relativePath: String, draft: Bool, cache: JekyllReadCache?,
                  _ diagnostics: inout [SiteDiagnostic]) -> JekyllDocument? {
        let key = file.path + "\u{1}" + collection.label + "\u{1}" + relativePath + (draft ? "\u{1}d" : "")
        // What the clock decides (a default date of "now", a date still to come) is decided again next time.
        return cached(cache, key, file, &diagnostics, keep: { doc in
            guard let doc, let date = doc.date, !(doc.dateIsDefault && !draft) else { return false }
            return date.timeIntervalSince1970.rounded(.down) <= now.timeIntervalSince1970.rounded(.down)
        }) { document(file, collection: collection, relativePath: relativePath, draft: draft, &$0) }
    }

    /// `page`, through the session's cache when there is one.
    func page(_ file: URL, dir: String, name: String, cache: JekyllReadCache?, _ diagnostics: inout [SiteDiagnostic]) -> JekyllDocument? {
        cached(cache, file.path + "\u{1}page\u{1}" + dir + "\u{1}" + name, file, &diagnostics, keep: { _ in true }) {
            page(file, dir: dir, name: name, &$0)
        }
    }

    /// `read`'s result for `file` from `cache` while the file is as it was, else read and kept when `keep` says so.
    private func cached(_ cache: JekyllReadCache?, _ key: String, _ file: URL, _ diagnostics: inout [SiteDiagnostic],
                        keep: (JekyllDocument?) -> Bool, read: (inout [SiteDiagnostic]) -> JekyllDocument?) -> JekyllDocument? {
        guard let cache else { return read(&diagnostics) }
        if let (doc, diags) = cache.lookup(key, file: file) {
            diagnostics += diags
            return doc
        }
        let stamp = JekyllReadCache.stamp(file)
        var local: [SiteDiagnostic] = []
        let doc = read(&local)
        diagnostics += local
        if keep(doc) { cache.store(key, stamp: stamp, document: doc, diagnostics: local) }
        return doc
    }
}
