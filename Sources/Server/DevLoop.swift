import Foundation

/// What a rebuild did, as the dev loop needs to know it. Returned by the build closure
/// only after every output write is complete.
public enum RebuildOutcome: Sendable, Equatable {
    /// Output paths written or removed (relative to the output folder or absolute; informational),
    /// and whether all of them are stylesheets (the browser swaps CSS without reloading).
    case success(changedOutputPaths: [String], cssOnly: Bool)
    /// The build failed; nothing was written, so the last good output keeps being served.
    case failure(message: String, file: String?, line: Int?, column: Int?, hint: String? = nil)
}

/// One finished rebuild, for the command's status line.
public struct RebuildReport: Sendable {
    /// Source paths that triggered it; empty for the initial full build.
    public let changedSources: Set<String>
    public let outcome: RebuildOutcome
    public let duration: Duration
    /// What was sent to the browsers, if anything.
    public let event: ReloadEvent?
}

/// The writing loop: watch sources → rebuild → tell the browsers, strictly in that order.
///
/// Rebuilds run one at a time; changes that arrive during a build are coalesced into the next one.
public struct DevLoop: Sendable {
    /// Called with the changed source paths; an empty set means "build everything".
    public typealias Rebuild = @Sendable (Set<String>) async -> RebuildOutcome

    public let server: DevServer
    public let watcher: FileWatcher
    public let rebuild: Rebuild
    public let onRebuild: @Sendable (RebuildReport) -> Void

    public init(server: DevServer, watcher: FileWatcher,
                onRebuild: @escaping @Sendable (RebuildReport) -> Void = { _ in },
                rebuild: @escaping Rebuild) {
        self.server = server
        self.watcher = watcher
        self.rebuild = rebuild
        self.onRebuild = onRebuild
    }

    /// Watches, optionally builds everything once, then rebuilds on every batch of changes
    /// until the task is cancelled. The server must already be started.
    /// `wakeUps` are rebuild requests that come from no file (a scheduled post coming due): each batch is
    /// queued with the file changes, so rebuilds still run one at a time.
    public func run(initialBuild: Bool = true, wakeUps: AsyncStream<Set<String>>? = nil) async throws {
        // Watch first, so edits made during the initial build are not lost.
        let changes = try watcher.changes()
        let queue = ChangeQueue()
        let pump = Task {
            for await batch in changes { await queue.push(batch) }
            await queue.finish()
        }
        defer { pump.cancel() }
        let timer = Task {
            guard let wakeUps else { return }
            for await batch in wakeUps { await queue.push(batch) }
        }
        defer { timer.cancel() }
        if initialBuild { await buildOnce([]) }
        while let batch = await queue.next() {
            if Task.isCancelled { break }
            await buildOnce(batch)
        }
    }

    /// Builds once and publishes the resulting event after the build returned.
    public func buildOnce(_ sources: Set<String>) async {
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = await rebuild(sources)
        let duration = clock.now - start
        let event = Self.event(for: outcome, failureShown: await server.hub.failure != nil)
        if let event { await server.publish(event) }
        onRebuild(RebuildReport(changedSources: sources, outcome: outcome, duration: duration, event: event))
    }

    /// The browser event for an outcome: reload, CSS swap, overlay, overlay removal, or nothing.
    public static func event(for outcome: RebuildOutcome, failureShown: Bool) -> ReloadEvent? {
        switch outcome {
        case .success(let paths, let cssOnly):
            if paths.isEmpty { return failureShown ? .ok : nil }
            return cssOnly ? .css(paths: paths) : .reload(paths: paths)
        case .failure(let message, let file, let line, let column, let hint):
            return .error(OverlayError(message: message, file: file, line: line, column: column, hint: hint))
        }
    }
}

/// Merges batches that pile up while a build runs, so the next build sees them all at once.
actor ChangeQueue {
    private var pending: Set<String> = []
    private var hasPending = false
    private var finished = false
    private var waiter: CheckedContinuation<Set<String>?, Never>?

    func push(_ batch: Set<String>) {
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: batch)
        } else {
            pending.formUnion(batch)
            hasPending = true
        }
    }

    func finish() {
        finished = true
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: nil)
        }
    }

    /// The merged pending changes, waiting for some if needed; nil once the watcher ended.
    func next() async -> Set<String>? {
        if hasPending {
            defer { pending = []; hasPending = false }
            return pending
        }
        if finished { return nil }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if finished || Task.isCancelled {
                    continuation.resume(returning: nil)
                } else {
                    waiter = continuation
                }
            }
        } onCancel: {
            Task { await self.finish() }
        }
    }
}
