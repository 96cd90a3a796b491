import Foundation

/// A build error as the browser overlay shows it (named apart from `Site.BuildFailure`, which the CLI maps onto it).
public struct OverlayError: Sendable, Equatable, Error {
    public var message: String
    /// Source file relative to the site folder (or absolute), if known.
    public var file: String?
    public var line: Int?
    public var column: Int?
    /// What to do about it, as the terminal shows it.
    public var hint: String?

    public init(message: String, file: String? = nil, line: Int? = nil, column: Int? = nil, hint: String? = nil) {
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.hint = hint
    }

    /// `file:line:column`, as much of it as is known (a whole-file problem has no `:0:0`).
    public var location: String? {
        guard let file else { return nil }
        var text = file
        if let line, line > 0 {
            text += ":\(line)"
            if let column, column > 0 { text += ":\(column)" }
        }
        return text
    }
}

/// What the browser should do after a build; published only once every write is on disk.
public enum ReloadEvent: Sendable, Equatable {
    /// Full page reload. `paths` are the changed output paths (informational).
    case reload(paths: [String])
    /// Only stylesheets changed: swap them in place, keep scroll position and state.
    case css(paths: [String])
    /// The build failed: show an overlay; the previous output keeps being served.
    case error(OverlayError)
    /// A build succeeded with nothing to reload: remove any overlay.
    case ok

    /// The Server-Sent Events wire form: `event:` name plus one JSON `data:` line.
    /// `stamp` is the build stamp after this event (see `ReloadHub.stamp`).
    public func serverSentEvent(stamp: String? = nil) -> String {
        let name: String
        var payload: [String: Any] = [:]
        if let stamp { payload["stamp"] = stamp }
        switch self {
        case .reload(let paths):
            name = "reload"
            payload["paths"] = paths
        case .css(let paths):
            name = "css"
            payload["paths"] = paths
        case .error(let failure):
            name = LiveReloadScript.failureEventName
            payload["message"] = failure.message
            if let file = failure.file { payload["file"] = file }
            if let line = failure.line { payload["line"] = line }
            if let column = failure.column { payload["column"] = column }
            if let location = failure.location { payload["location"] = location }
            if let hint = failure.hint { payload["hint"] = hint }
        case .ok:
            name = "ok"
        }
        return Self.frame(name, payload)
    }

    static func frame(_ name: String, _ payload: [String: Any]) -> String {
        let json = (try? JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys, .withoutEscapingSlashes]))
            .flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
        // JSONSerialization never emits raw newlines, so one data line is always enough.
        return "event: \(name)\ndata: \(json)\n\n"
    }
}

/// Fans reload events out to every connected browser, and remembers a failing build
/// so a page opened (or reloaded) while the build is broken still shows the overlay.
///
/// Each served page carries the build stamp it was served with; a stream starts with a
/// `hello` holding the current stamp, so a page that missed events (loaded just before a
/// build finished, hidden tab that dropped its stream, server restarted) reloads itself.
public actor ReloadHub {
    private var subscribers: [UInt64: AsyncStream<String>.Continuation] = [:]
    private var nextID: UInt64 = 0
    private var currentFailure: OverlayError?
    private let instance: String
    private var generation = 0
    /// `stamp`, readable without awaiting the actor: the server's connection threads read it per page.
    nonisolated let currentStamp: StampBox

    public init() {
        let instance = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        self.instance = instance
        self.currentStamp = StampBox("\(instance)-0")
    }

    /// Changes whenever served content changes (and on every server start).
    public var stamp: String { "\(instance)-\(generation)" }

    /// Number of connected event streams (for tests and the status line).
    public var subscriberCount: Int { subscribers.count }

    /// The failure currently shown, if the last build failed.
    public var failure: OverlayError? { currentFailure }

    /// Sends `event` to every subscriber and updates the remembered build state.
    public func publish(_ event: ReloadEvent) {
        switch event {
        case .error(let failure): currentFailure = failure
        case .reload, .css: currentFailure = nil; generation += 1
        case .ok: currentFailure = nil
        }
        currentStamp.set(stamp)
        let text = event.serverSentEvent(stamp: stamp)
        for continuation in subscribers.values { continuation.yield(text) }
    }

    /// A new stream of SSE text: a retry hint, `hello` with the stamp, and the current error if broken.
    public func subscribe() -> AsyncStream<String> {
        let id = nextID
        nextID += 1
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(64))
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        subscribers[id] = continuation
        continuation.yield("retry: 500\n: galley live reload\n\n")
        continuation.yield(ReloadEvent.frame("hello", ["stamp": stamp]))
        if let currentFailure { continuation.yield(ReloadEvent.error(currentFailure).serverSentEvent(stamp: stamp)) }
        return stream
    }

    /// A comment line keeps proxies from timing out and lets dead connections be noticed on write.
    func heartbeat() {
        for continuation in subscribers.values { continuation.yield(": ping\n\n") }
    }

    /// Ends every stream, so open connections finish and the server can stop.
    public func finishAll() {
        for continuation in subscribers.values { continuation.finish() }
        subscribers.removeAll()
    }

    private func unsubscribe(_ id: UInt64) {
        subscribers[id] = nil
    }
}

/// A string behind a lock (the build stamp, read by connection threads, written by the hub).
final class StampBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: String
    init(_ value: String) { self.value = value }
    func get() -> String { lock.lock(); defer { lock.unlock() }; return value }
    func set(_ v: String) { lock.lock(); value = v; lock.unlock() }
}
