import Synchronization

/// Where a build puts what it made once it is done with it.
///
/// Freeing a build's tables (every document, render, page and feed) is work on one core at the very end of
/// the build, when nothing else runs beside it: in a process that exits next, wasted. Handing them to a
/// detached task did not always help: the task could release its copy before the builder released its own,
/// and the last release, which frees, then ran on the builder's path (perf showed `BuildSession.deinit`
/// there, about 10 ms of a cold 1000-post build).
enum ExitParking {
    private static let held = Mutex<[any Sendable]>([])

    /// `parked`: kept until the process exits (`BuildOptions.processExitsAfter`); otherwise freed on a
    /// background task.
    static func keep(_ value: some Sendable, parked: Bool) {
        if parked {
            held.withLock { $0.append(value) }
        } else {
            Task.detached(priority: .utility) { withExtendedLifetime(value) {} }
        }
    }

    /// How many values are kept until exit (tests).
    static var count: Int { held.withLock { $0.count } }
}
