import Foundation

/// A lock over a table whose values are made once per key by the first thread that asks: others asking for a key
/// being made wait for it rather than make it again (feeds are validated in parallel and share items).
/// The owner keeps the table; `value` reads and stores it under this lock.
final class MadeOnce<Key: Hashable>: @unchecked Sendable {
    private let lock = NSCondition()
    private var pending: Set<Key> = []

    /// `found` (under the lock) gives the kept value, if any; on a miss with no thread making it, `make` runs
    /// outside the lock and `keep` (under it) stores what it made.
    func value<V>(_ key: Key, found: () -> V?, make: () -> V, keep: (V) -> Void) -> V {
        lock.lock()
        while true {
            if let hit = found() { lock.unlock(); return hit }
            if !pending.contains(key) { break }
            lock.wait()
        }
        pending.insert(key)
        lock.unlock()
        let made = make()
        lock.lock()
        keep(made)
        pending.remove(key)
        lock.broadcast()
        lock.unlock()
        return made
    }

    /// `body` under the lock, for the owner's other reads and writes of its table.
    func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
