import Foundation

/// Watches folders (recursively) and single files, and delivers debounced batches of changed paths.
///
/// Paths in a batch are absolute, spelled under the folders and files given to `init`.
/// A path may no longer exist (deleted, moved away, or a temp file renamed into place):
/// treat it as a deletion. A batch may name a folder when a whole folder was moved or
/// deleted: treat it as a prefix.
/// Editor temp files (`.swp`, `~`, `.#*`, `4913`, …) never appear, but the rename that puts
/// the saved file in place does. On a kernel queue overflow the batch holds the watched roots
/// themselves: rebuild everything.
///
/// Linux uses inotify, macOS FSEvents; elsewhere, or if FSEvents cannot start, modification
/// times are polled (see `PollingWatcher`).
public struct FileWatcher: Sendable {
    public let folders: [String]
    public let files: [String]
    /// Folders never watched or reported, even inside a watched folder (the output folder).
    public let excluded: [String]
    /// Quiet time after the last event before a batch is delivered. Editors finish a save
    /// (temp write, renames) within a millisecond or two; 10 ms covers that and keeps the
    /// save-to-reload budget. A straggler only starts one more rebuild, which is always correct.
    public let debounce: Duration
    /// Upper bound on how long a continuous stream of events can hold a batch back.
    public let maxDelay: Duration

    /// - Parameters:
    ///   - folders: watched recursively; folders created later are picked up and scanned.
    ///   - files: single files (e.g. `site.yml`); their parent folder is watched and filtered.
    ///   - excluding: folders to leave out, so a build writing into them cannot trigger itself.
    public init(folders: [String], files: [String] = [], excluding: [String] = [],
                debounce: Duration = .milliseconds(10), maxDelay: Duration = .seconds(1)) {
        self.folders = folders.map(Self.absolute)
        self.files = files.map(Self.absolute)
        self.excluded = excluding.map(Self.absolute)
        self.debounce = debounce
        self.maxDelay = max(maxDelay, debounce)
    }

    /// Starts watching and returns the batches. Every watch is in place when this returns,
    /// so a change made right after is seen. Cancelling the consuming task (or dropping the
    /// stream) stops the watcher and closes its file descriptors.
    public func changes() throws -> AsyncStream<Set<String>> {
        let filter = WatchFilter(folders: folders, files: files, excluded: excluded)
        #if os(Linux)
        return try InotifyWatcher.start(filter: filter, debounce: debounce, maxDelay: maxDelay)
        #else
        #if canImport(Darwin) && canImport(CoreServices)
        if let stream = FSEventsWatcher.start(filter: filter, debounce: debounce, maxDelay: maxDelay) {
            return stream
        }
        #endif
        return PollingWatcher.start(filter: filter, interval: max(debounce, .milliseconds(250)))
        #endif
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

/// Errors starting a watcher.
public enum FileWatcherError: Error, CustomStringConvertible {
    case cannotStart(String)

    public var description: String {
        switch self {
        case .cannotStart(let reason): return "cannot watch files: \(reason)"
        }
    }
}

/// Which paths matter: anything under a watched folder, or exactly a watched file; never editor temp files.
struct WatchFilter: Sendable {
    let folders: [String]
    let files: Set<String>
    let excluded: [String]

    init(folders: [String], files: [String], excluded: [String] = []) {
        self.folders = folders
        self.files = Set(files)
        self.excluded = excluded
    }

    func isExcluded(_ path: String) -> Bool {
        excluded.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// Folders that need an inotify watch of their own for the single files.
    var fileParents: [String] {
        Array(Set(files.map { ($0 as NSString).deletingLastPathComponent }))
    }

    /// What an overflow reports: every root, meaning "rebuild everything".
    var roots: Set<String> { Set(folders).union(files) }

    func isUnderFolder(_ path: String) -> Bool {
        if isExcluded(path) { return false }
        return folders.contains { path == $0 || path.hasPrefix($0 == "/" ? "/" : $0 + "/") }
    }

    func isRelevant(_ path: String) -> Bool {
        if Self.isEditorTemp(name: (path as NSString).lastPathComponent) || isExcluded(path) { return false }
        return files.contains(path) || isUnderFolder(path)
    }

    /// Swap, backup and lock files of vim, emacs and friends, plus vim's `4913` write probe.
    static func isEditorTemp(name: String) -> Bool {
        if name.isEmpty { return false }
        if name == "4913" || name == ".DS_Store" { return true }
        if name.hasSuffix("~") || name.hasPrefix(".#") { return true }
        if name.hasPrefix(".goutputstream-") { return true }  // GNOME's atomic save
        if name.hasSuffix("___jb_tmp___") || name.hasSuffix("___jb_old___") { return true }  // JetBrains safe write
        if name.hasPrefix("#") && name.hasSuffix("#") { return true }  // emacs auto-save
        for suffix in [".swp", ".swo", ".swx", ".swpx", ".kate-swp"] where name.hasSuffix(suffix) { return true }
        return false
    }
}

/// Collects paths and decides when a batch is due: after `debounce` of quiet, or `maxDelay` at most.
struct Debouncer {
    let debounce: Duration
    let maxDelay: Duration
    private(set) var pending: Set<String> = []
    private var firstEvent: ContinuousClock.Instant?
    private var lastEvent: ContinuousClock.Instant?

    init(debounce: Duration, maxDelay: Duration) {
        self.debounce = debounce
        self.maxDelay = maxDelay
    }

    mutating func add<S: Sequence>(_ paths: S, at now: ContinuousClock.Instant) where S.Element == String {
        var added = false
        for path in paths {
            pending.insert(path)
            added = true
        }
        guard added else { return }
        if firstEvent == nil { firstEvent = now }
        lastEvent = now
    }

    /// When the current batch becomes due, or nil when nothing is pending.
    var deadline: ContinuousClock.Instant? {
        guard let firstEvent, let lastEvent else { return nil }
        return min(lastEvent + debounce, firstEvent + maxDelay)
    }

    /// The batch if it is due at `now`, emptying the debouncer.
    mutating func takeIfDue(at now: ContinuousClock.Instant) -> Set<String>? {
        guard let deadline, now >= deadline, !pending.isEmpty else { return nil }
        defer { pending = []; firstEvent = nil; lastEvent = nil }
        return pending
    }
}

/// Portable fallback: snapshots modification times every `interval` and reports differences.
/// Used where no event API is available or FSEvents fails to start; compiled everywhere.
enum PollingWatcher {
    struct Stamp: Equatable {
        var modified: Date
        var size: Int
    }

    static func start(filter: WatchFilter, interval: Duration) -> AsyncStream<Set<String>> {
        AsyncStream { continuation in
            let task = Task.detached {
                var previous = snapshot(filter)
                while !Task.isCancelled {
                    try? await Task.sleep(for: interval)
                    if Task.isCancelled { break }
                    let current = snapshot(filter)
                    let changed = difference(previous, current).filter(filter.isRelevant)
                    previous = current
                    if !changed.isEmpty { continuation.yield(changed) }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    static func difference(_ old: [String: Stamp], _ new: [String: Stamp]) -> Set<String> {
        var changed = Set<String>()
        for (path, stamp) in new where old[path] != stamp { changed.insert(path) }
        for path in old.keys where new[path] == nil { changed.insert(path) }
        return changed
    }

    static func snapshot(_ filter: WatchFilter) -> [String: Stamp] {
        var result: [String: Stamp] = [:]
        let manager = FileManager.default
        func record(_ path: String) {
            guard let attributes = try? manager.attributesOfItem(atPath: path),
                  attributes[.type] as? FileAttributeType != .typeDirectory else { return }
            let modified = attributes[.modificationDate] as? Date ?? .distantPast
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            result[path] = Stamp(modified: modified, size: size)
        }
        for folder in filter.folders {
            guard let names = manager.subpaths(atPath: folder) else { continue }
            for name in names { record(folder + "/" + name) }
        }
        for file in filter.files { record(file) }
        return result
    }
}
