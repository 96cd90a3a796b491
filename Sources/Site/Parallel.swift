import Foundation

/// Maps `items` on all cores, keeping order. Work is split into a few chunks per core
/// so that tasks are cheap to schedule and uneven items even out.
func parallelMap<T: Sendable, R: Sendable>(_ items: [T], _ transform: @escaping @Sendable (T) -> R) async -> [R] {
    if items.count < 2 { return items.map(transform) }
    let chunks = min(items.count, ProcessInfo.processInfo.activeProcessorCount * 4)
    let size = (items.count + chunks - 1) / chunks
    return await withTaskGroup(of: (Int, [R]).self) { group in
        for start in stride(from: 0, to: items.count, by: size) {
            let slice = Array(items[start..<min(start + size, items.count)])
            group.addTask { (start, slice.map(transform)) }
        }
        var parts: [(Int, [R])] = []
        for await part in group { parts.append(part) }
        return parts.sorted { $0.0 < $1.0 }.flatMap(\.1)
    }
}
