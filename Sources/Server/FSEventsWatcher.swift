#if canImport(Darwin) && canImport(CoreServices)
import CoreServices
import Darwin
import Foundation

/// macOS backend of `FileWatcher`, on FSEvents with per-file events.
///
/// Why not kqueue: `EVFILT_VNODE` needs an open descriptor per file to see in-place writes, and
/// macOS allows 256 per process by default; FSEvents is recursive, reports file paths, and
/// follows new folders by itself. Everything below runs on one serial queue (FSEvents callbacks,
/// debounce timers, teardown), so the class needs no lock.
///
/// NOTE: written on Linux and never compiled or run on macOS; `FileWatcher` falls back to
/// polling if the stream cannot be created or started.
final class FSEventsWatcher: @unchecked Sendable {
    // FSEvents.h flags, spelled out: their imported integer types vary between SDKs.
    static let createNoDefer: UInt32 = 0x0000_0002
    static let createFileEvents: UInt32 = 0x0000_0010
    static let mustScanSubDirs: UInt32 = 0x0000_0001
    static let userDropped: UInt32 = 0x0000_0002
    static let kernelDropped: UInt32 = 0x0000_0004
    static let itemCreated: UInt32 = 0x0000_0100
    static let itemRenamed: UInt32 = 0x0000_0800
    static let itemIsDir: UInt32 = 0x0002_0000
    static let sinceNow: UInt64 = 0xFFFF_FFFF_FFFF_FFFF

    private let filter: WatchFilter
    private let continuation: AsyncStream<Set<String>>.Continuation
    private let queue = DispatchQueue(label: "galley.fsevents")
    private var debouncer: Debouncer
    /// FSEvents reports canonical paths (`/private/var/…` for `/var/…`): (canonical, as given) prefixes.
    private let aliases: [(real: String, given: String)]
    private var stream: FSEventStreamRef?

    private init(filter: WatchFilter, continuation: AsyncStream<Set<String>>.Continuation,
                 debounce: Duration, maxDelay: Duration) {
        self.filter = filter
        self.continuation = continuation
        self.debouncer = Debouncer(debounce: debounce, maxDelay: maxDelay)
        let roots = Set(filter.folders + filter.fileParents)
        self.aliases = roots.map { (real: Self.canonical($0), given: $0) }
            .filter { $0.real != $0.given }
            .sorted { $0.real.count > $1.real.count }
    }

    /// The batches, or nil when FSEvents refuses (the caller polls instead).
    static func start(filter: WatchFilter, debounce: Duration, maxDelay: Duration) -> AsyncStream<Set<String>>? {
        let (stream, continuation) = AsyncStream<Set<String>>.makeStream(bufferingPolicy: .unbounded)
        let watcher = FSEventsWatcher(filter: filter, continuation: continuation, debounce: debounce, maxDelay: maxDelay)
        // Watch the nearest existing folder of each root: a missing content/ is seen when created.
        let paths = Array(Set((filter.folders + filter.fileParents).map(Self.nearestExisting)))
        var context = FSEventStreamContext(version: 0, info: Unmanaged.passUnretained(watcher).toOpaque(),
                                           retain: nil, release: nil, copyDescription: nil)
        let callback: FSEventStreamCallback = { _, info, count, eventPaths, eventFlags, _ in
            guard let info else { return }
            let watcher = Unmanaged<FSEventsWatcher>.fromOpaque(info).takeUnretainedValue()
            let cPaths = eventPaths.assumingMemoryBound(to: UnsafePointer<CChar>.self)
            let events = (0..<count).map { (path: String(cString: cPaths[$0]), flags: UInt32(eventFlags[$0])) }
            watcher.receive(events)
        }
        guard let created = FSEventStreamCreate(kCFAllocatorDefault, callback, &context, paths as CFArray,
                                                FSEventStreamEventId(sinceNow), 0.005,
                                                FSEventStreamCreateFlags(createFileEvents | createNoDefer)) else {
            return nil
        }
        watcher.stream = created
        FSEventStreamSetDispatchQueue(created, watcher.queue)
        guard FSEventStreamStart(created) else {
            FSEventStreamInvalidate(created)
            FSEventStreamRelease(created)
            watcher.stream = nil
            return nil
        }
        // The closure keeps the watcher alive until the consumer goes away.
        continuation.onTermination = { _ in watcher.stop() }
        return stream
    }

    private func stop() {
        queue.async { [self] in
            guard let stream else { return }
            self.stream = nil
            FSEventStreamStop(stream)
            FSEventStreamInvalidate(stream)
            FSEventStreamRelease(stream)
            continuation.finish()
        }
    }

    /// On `queue`: one FSEvents delivery.
    private func receive(_ events: [(path: String, flags: UInt32)]) {
        guard stream != nil else { return }
        var changed = Set<String>()
        for event in events { handle(path: given(event.path), flags: event.flags, into: &changed) }
        debouncer.add(changed, at: .now)
        scheduleFlush()
    }

    private func handle(path: String, flags: UInt32, into changed: inout Set<String>) {
        if flags & (Self.userDropped | Self.kernelDropped) != 0 {
            changed.formUnion(filter.roots)  // events were lost: rebuild everything
            return
        }
        if flags & Self.mustScanSubDirs != 0 {
            if !filter.isExcluded(path) { changed.formUnion(filter.roots) }
            return
        }
        guard flags & Self.itemIsDir != 0 else {
            if filter.isRelevant(path) { changed.insert(path) }
            return
        }
        guard filter.isUnderFolder(path) else { return }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            // Files that arrive inside a folder moved in get no events of their own.
            if flags & (Self.itemCreated | Self.itemRenamed) != 0 {
                let names = FileManager.default.subpaths(atPath: path) ?? []
                changed.formUnion(names.map { path + "/" + $0 }.filter(filter.isRelevant))
            }
        } else {
            changed.insert(path)  // moved away or deleted: the consumer treats it as a prefix
        }
    }

    /// Delivers the batch once the debouncer says it is due; re-arms otherwise.
    private func scheduleFlush() {
        guard let deadline = debouncer.deadline else { return }
        let (seconds, attoseconds) = ContinuousClock.now.duration(to: deadline).components
        let delay = max(Double(seconds) + Double(attoseconds) / 1e18, 0.001)
        queue.asyncAfter(deadline: .now() + delay) { [self] in
            guard stream != nil else { return }
            if let batch = debouncer.takeIfDue(at: .now) {
                continuation.yield(batch)
            } else {
                scheduleFlush()
            }
        }
    }

    /// An event path spelled under the roots as given to `FileWatcher`.
    private func given(_ path: String) -> String {
        for alias in aliases {
            if path == alias.real { return alias.given }
            if path.hasPrefix(alias.real + "/") { return alias.given + path.dropFirst(alias.real.count) }
        }
        return path
    }

    /// `path` with symlinks resolved (its missing tail kept as is).
    static func canonical(_ path: String) -> String {
        let existing = nearestExisting(path)
        guard let resolved = realpath(existing, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved) + path.dropFirst(existing.count)
    }

    static func nearestExisting(_ path: String) -> String {
        var current = path
        while !FileManager.default.fileExists(atPath: current) && current != "/" && !current.isEmpty {
            current = (current as NSString).deletingLastPathComponent
        }
        return current.isEmpty ? "/" : current
    }
}
#endif
