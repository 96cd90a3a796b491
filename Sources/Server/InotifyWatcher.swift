#if os(Linux)
import Foundation
import Glibc

/// inotify backend of `FileWatcher`: one watch per folder, a dedicated thread blocked in `poll`,
/// and a pipe to wake that thread when the consumer goes away.
///
/// All watch bookkeeping happens on the watcher thread after `start` returns, so the class
/// needs no lock for it; only the wake pipe's write end is shared, guarded by `lock`.
final class InotifyWatcher: @unchecked Sendable {
    // inotify masks as UInt32 (Glibc imports them with mixed integer types).
    static let inCloseWrite: UInt32 = 0x0000_0008
    static let inAttrib: UInt32 = 0x0000_0004
    static let inMovedFrom: UInt32 = 0x0000_0040
    static let inMovedTo: UInt32 = 0x0000_0080
    static let inCreate: UInt32 = 0x0000_0100
    static let inDelete: UInt32 = 0x0000_0200
    static let inQueueOverflow: UInt32 = 0x0000_4000
    static let inIgnored: UInt32 = 0x0000_8000
    static let inOnlyDir: UInt32 = 0x0100_0000
    static let inIsDir: UInt32 = 0x4000_0000
    static let watchMask = inCloseWrite | inAttrib | inMovedFrom | inMovedTo | inCreate | inDelete | inOnlyDir

    private let filter: WatchFilter
    private let inotifyFD: Int32
    private let wakeRead: Int32
    private var wakeWrite: Int32
    private let lock = NSLock()
    private var debouncer: Debouncer
    private var pathByWatch: [Int32: String] = [:]
    private var watchByPath: [String: Int32] = [:]

    private init(filter: WatchFilter, inotifyFD: Int32, wakeRead: Int32, wakeWrite: Int32,
                 debounce: Duration, maxDelay: Duration) {
        self.filter = filter
        self.inotifyFD = inotifyFD
        self.wakeRead = wakeRead
        self.wakeWrite = wakeWrite
        self.debouncer = Debouncer(debounce: debounce, maxDelay: maxDelay)
    }

    static func start(filter: WatchFilter, debounce: Duration, maxDelay: Duration) throws -> AsyncStream<Set<String>> {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw FileWatcherError.cannotStart("inotify_init1: \(String(cString: strerror(errno)))") }
        var pipeFDs: [Int32] = [-1, -1]
        guard pipe(&pipeFDs) == 0 else {
            close(fd)
            throw FileWatcherError.cannotStart("pipe: \(String(cString: strerror(errno)))")
        }
        for end in pipeFDs {
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        let watcher = InotifyWatcher(filter: filter, inotifyFD: fd, wakeRead: pipeFDs[0], wakeWrite: pipeFDs[1],
                                     debounce: debounce, maxDelay: maxDelay)
        // Watches are added before returning, so nothing written after `changes()` is missed.
        for folder in filter.folders { _ = watcher.addTree(folder) }
        for parent in filter.fileParents { watcher.addWatch(parent) }
        if let failure = watcher.setupFailure {
            watcher.closeAll()
            throw FileWatcherError.cannotStart(failure)
        }

        let (stream, continuation) = AsyncStream<Set<String>>.makeStream(bufferingPolicy: .unbounded)
        continuation.onTermination = { _ in watcher.wake() }
        let thread = Thread { watcher.run(continuation) }
        thread.name = "galley.inotify"
        thread.start()
        return stream
    }

    /// Asks the thread to stop; safe to call from any thread, any number of times.
    private func wake() {
        lock.lock()
        defer { lock.unlock() }
        guard wakeWrite >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func closeAll() {
        close(inotifyFD)
        close(wakeRead)
        lock.lock()
        close(wakeWrite)
        wakeWrite = -1
        lock.unlock()
    }

    private func run(_ continuation: AsyncStream<Set<String>>.Continuation) {
        defer {
            closeAll()
            continuation.finish()
        }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var fds = [pollfd(fd: inotifyFD, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            let result = poll(&fds, 2, timeoutMilliseconds())
            if result < 0 && errno != EINTR { return }
            if fds[1].revents != 0 { return }
            if fds[0].revents & Int16(POLLIN) != 0 {
                readEvents(into: &buffer)
            } else if fds[0].revents != 0 {
                return  // POLLERR/POLLHUP/POLLNVAL: nothing more will come
            }
            if let batch = debouncer.takeIfDue(at: .now) {
                continuation.yield(batch)
            }
        }
    }

    /// Milliseconds until the pending batch is due (rounded up), or -1 to wait indefinitely.
    private func timeoutMilliseconds() -> Int32 {
        guard let deadline = debouncer.deadline else { return -1 }
        let remaining = ContinuousClock.now.duration(to: deadline)
        if remaining <= .zero { return 0 }
        let (seconds, attoseconds) = remaining.components
        let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: millis)
    }

    private func readEvents(into buffer: inout [UInt8]) {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotifyFD, $0.baseAddress, $0.count) }
            if count <= 0 { return }  // EAGAIN: drained
            var changed: [String] = []
            buffer.withUnsafeBytes { raw in
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= count {
                    let wd = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = raw[(offset + header)..<min(offset + header + length, count)]
                    let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                    handle(wd: wd, mask: mask, name: name, into: &changed)
                    offset += header + length
                }
            }
            debouncer.add(changed, at: .now)
        }
    }

    private func handle(wd: Int32, mask: UInt32, name: String, into changed: inout [String]) {
        if mask & Self.inQueueOverflow != 0 {
            changed.append(contentsOf: filter.roots)
            return
        }
        if mask & Self.inIgnored != 0 {
            if let path = pathByWatch.removeValue(forKey: wd), watchByPath[path] == wd {
                watchByPath[path] = nil
            }
            return
        }
        guard let folder = pathByWatch[wd], !name.isEmpty else { return }
        let path = folder == "/" ? "/" + name : folder + "/" + name

        if mask & Self.inIsDir != 0 {
            guard filter.isUnderFolder(path) else { return }
            if mask & (Self.inCreate | Self.inMovedTo) != 0 {
                // Events inside a folder before its watch exists are lost: report what is already there.
                changed.append(contentsOf: addTree(path).filter(filter.isRelevant))
            } else if mask & (Self.inMovedFrom | Self.inDelete) != 0 {
                removeTree(path)
                changed.append(path)
            }
            return
        }
        guard filter.isRelevant(path) else { return }
        if mask & Self.inCreate != 0 {
            // A regular file is reported on IN_CLOSE_WRITE, when its content is complete;
            // a symlink never gets one, so it counts on creation.
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return }
        }
        changed.append(path)
    }

    /// Watches `folder` and every folder below it (not following symlinks); returns the files found.
    private func addTree(_ folder: String) -> [String] {
        guard !filter.isExcluded(folder), addWatch(folder) else { return [] }
        var files: [String] = []
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return files }
        for name in names {
            let path = folder == "/" ? "/" + name : folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                files.append(contentsOf: addTree(path))
            } else {
                files.append(path)
            }
        }
        return files
    }

    /// Set when a watch could not be added for lack of resources: silently missing saves would be worse.
    private var setupFailure: String?

    @discardableResult
    private func addWatch(_ folder: String) -> Bool {
        let wd = inotify_add_watch(inotifyFD, folder, Self.watchMask)
        guard wd >= 0 else {
            let code = errno
            if code == ENOSPC || code == ENOMEM, setupFailure == nil {
                setupFailure = "no inotify watch left for \(folder) (raise fs.inotify.max_user_watches)"
            }
            return false
        }
        if let old = watchByPath[folder], old != wd { pathByWatch[old] = nil }
        pathByWatch[wd] = folder
        watchByPath[folder] = wd
        return true
    }

    /// Drops the watches of a folder that moved away or vanished, so stale paths are never reported.
    private func removeTree(_ folder: String) {
        let prefix = folder + "/"
        for (path, wd) in watchByPath where path == folder || path.hasPrefix(prefix) {
            inotify_rm_watch(inotifyFD, wd)
            watchByPath[path] = nil
            pathByWatch[wd] = nil
        }
    }
}
#endif
