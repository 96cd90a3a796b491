import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The open connections, who opened them and whether each is waiting for request bytes. Slow or idle
/// connections used to fill every slot until their timeout, and everyone else got 503 (a slow-loris
/// holding 512 sockets stopped the writing loop). Now a new connection takes the slot of the one that
/// has waited longest, first among its own client's, so a real request is answered at once; only
/// connections busy answering are never taken.
final class ConnectionTable: @unchecked Sendable {
    struct Entry {
        var client: String
        /// When it began waiting for bytes (connected, or finished its last answer).
        var since: Double
        var waiting = true
        /// Shut down to make room; its thread has not removed it yet.
        var evicted = false
    }

    enum Admission: Equatable { case admitted, full }

    let maxTotal: Int
    let maxPerClient: Int
    private let lock = NSLock()
    private var entries: [Int32: Entry] = [:]
    private(set) var stopping = false

    init(maxTotal: Int, maxPerClient: Int) {
        self.maxTotal = max(1, maxTotal)
        self.maxPerClient = max(1, min(maxPerClient, maxTotal))
    }

    /// Admits `fd` from `client`, shutting down the longest-waiting connection of that client when it is
    /// at its cap, or of anyone when the table is full. `.full` when every slot is busy answering.
    func admit(_ fd: Int32, client: String, now: Double = HTTPRequestReader.now()) -> Admission {
        lock.lock(); defer { lock.unlock() }
        if stopping { return .full }
        let live = entries.filter { !$0.value.evicted }
        if live.values.filter({ $0.client == client }).count >= maxPerClient {
            guard evictOldest(in: live.filter { $0.value.client == client }) else { return .full }
        } else if live.count >= maxTotal {
            guard evictOldest(in: live) else { return .full }
        }
        entries[fd] = Entry(client: client, since: now)
        return .admitted
    }

    /// Under the lock, while the descriptor is still in the table (so still this connection's): its
    /// thread sees the end of the stream and leaves.
    private func evictOldest(in candidates: [Int32: Entry]) -> Bool {
        guard let (fd, _) = candidates.filter({ $0.value.waiting }).min(by: { $0.value.since < $1.value.since }) else { return false }
        entries[fd]?.evicted = true
        shutdown(fd, Int32(SHUT_RDWR))
        return true
    }

    /// The connection starts (true) or stops (false) waiting for request bytes.
    func setWaiting(_ fd: Int32, _ waiting: Bool, now: Double = HTTPRequestReader.now()) {
        lock.lock(); defer { lock.unlock() }
        entries[fd]?.waiting = waiting
        if waiting { entries[fd]?.since = now }
    }

    /// Called by the connection's thread before it closes the descriptor.
    func remove(_ fd: Int32) {
        lock.lock(); defer { lock.unlock() }
        entries[fd] = nil
    }

    /// Marks the table stopping and shuts every connection down; false when it already was.
    func stopAll() -> Bool {
        lock.lock(); defer { lock.unlock() }
        if stopping { return false }
        stopping = true
        for fd in entries.keys { shutdown(fd, Int32(SHUT_RDWR)) }
        return true
    }

    var isStopping: Bool { lock.lock(); defer { lock.unlock() }; return stopping }

    /// Connections not shut down to make room (tests).
    var liveCount: Int { lock.lock(); defer { lock.unlock() }; return entries.values.filter { !$0.evicted }.count }

    /// The peer's address as text (`127.0.0.1`, `::1`), from `accept`'s address.
    static func clientName(_ storage: sockaddr_storage) -> String {
        var s = storage
        var buf = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        return withUnsafePointer(to: &s) { p -> String in
            switch Int32(p.pointee.ss_family) {
            case AF_INET:
                return p.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { a in
                    var addr = a.pointee.sin_addr
                    return inet_ntop(AF_INET, &addr, &buf, socklen_t(buf.count)).map { String(cString: $0) } ?? "?"
                }
            case AF_INET6:
                return p.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { a in
                    var addr = a.pointee.sin6_addr
                    return inet_ntop(AF_INET6, &addr, &buf, socklen_t(buf.count)).map { String(cString: $0) } ?? "?"
                }
            default:
                return "?"
            }
        }
    }
}
