import Foundation

/// Maps `items` on all cores, keeping order. One worker per core takes the next item as it finishes
/// the last, so a phase ends when its last item does, not when the slowest of a few fixed chunks
/// does (with chunks, one core often sat idle for the last tenth of a phase).
func parallelMap<T: Sendable, R: Sendable>(_ items: [T], _ transform: @escaping @Sendable (T) -> R) async -> [R] {
    if items.count < 2 { return items.map(transform) }
    let workers = min(items.count, ProcessInfo.processInfo.activeProcessorCount)
    let dispenser = IndexDispenser(count: items.count)
    return await withTaskGroup(of: [(Int, R)].self) { group in
        for _ in 0..<workers {
            group.addTask {
                var done: [(Int, R)] = []
                while let i = dispenser.next() { done.append((i, transform(items[i]))) }
                return done
            }
        }
        var slots = [R?](repeating: nil, count: items.count)
        for await part in group {
            for (i, r) in part { slots[i] = r }
        }
        return slots.map { $0! }
    }
}

/// Hands out 0, 1, 2, … below `count`, each once, to any number of threads.
final class IndexDispenser: @unchecked Sendable {
    private let lock = NSLock()
    private var cursor = 0
    private let count: Int

    init(count: Int) { self.count = count }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard cursor < count else { return nil }
        cursor += 1
        return cursor - 1
    }
}

/// Splits `0..<count` into one contiguous part per core and runs `part` on each at once, returning the
/// results in order; below `minimum` items (where starting threads costs more than it saves) one part runs
/// here. For the synchronous site-wide passes that otherwise ran alone between phases.
func onAllCores<R>(_ count: Int, minimum: Int, _ part: (Range<Int>) -> R) -> [R] {
    let workers = count >= minimum ? min(count, ProcessInfo.processInfo.activeProcessorCount) : 1
    guard workers > 1 else { return [part(0..<count)] }
    let results = UnsafeMutableBufferPointer<R?>.allocate(capacity: workers)
    results.initialize(repeating: nil)
    defer { results.deinitialize(); results.deallocate() }
    nonisolated(unsafe) let out = results
    let size = (count + workers - 1) / workers
    withoutActuallyEscaping(part) { part in
        nonisolated(unsafe) let work = part
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            out[w] = work(min(w * size, count)..<min((w + 1) * size, count))
        }
    }
    return results.map { $0! }
}
