import Foundation
import Testing
@testable import Server

/// Records rebuild calls.
actor RebuildLog {
    private(set) var calls: [Set<String>] = []
    func add(_ changed: Set<String>) { calls.append(changed) }
    var all: Set<String> { calls.reduce(into: []) { $0.formUnion($1) } }
}

@Suite(.timeLimit(.minutes(1)))
struct DevLoopTests {
    /// Source edit → rebuild with that path → output written → only then the reload event,
    /// so a browser fetching on `reload` always gets the new page.
    @Test func reloadComesAfterTheWrites() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let sources = site.base.appendingPathComponent("content").path
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        let output = site.root.appendingPathComponent("about.html")
        let log = RebuildLog()
        try await withServer(site) { server, port in
            let loop = DevLoop(server: server, watcher: FileWatcher(folders: [sources])) { changed in
                await log.add(changed)
                if changed.isEmpty { return .success(changedOutputPaths: [], cssOnly: false) }  // initial build
                if changed.contains(where: { $0.hasSuffix("broken.md") }) {
                    return .failure(message: "bad front matter", file: "content/broken.md", line: 2, column: 1)
                }
                try? await Task.sleep(for: .milliseconds(150))  // a slow build: the event must wait for it
                try? Data("<html><body>Rebuilt</body></html>".utf8).write(to: output)
                return .success(changedOutputPaths: ["about.html"], cssOnly: false)
            }
            let task = Task { try await loop.run() }
            defer { task.cancel() }
            // The initial build runs once the watches are in place.
            #expect(await eventually { await log.calls.count == 1 })
            let client = try await EventStreamClient(port: port)
            try Data("new".utf8).write(to: URL(fileURLWithPath: sources + "/post.md"))
            _ = try await client.read(until: "event: reload")
            let page = try await RawHTTP.request(port: port, target: "/about")
            #expect(page.text.contains("Rebuilt"))
            #expect(await log.all.contains(sources + "/post.md"))

            try Data("---".utf8).write(to: URL(fileURLWithPath: sources + "/broken.md"))
            let text = try await client.read(until: "event: build-error")
            #expect(text.contains("content/broken.md:2:1"))
            #expect(await server.hub.failure?.message == "bad front matter")
        }
    }

    /// Saves that land while a build runs are merged into the next build, not queued one by one.
    @Test func changesDuringABuildAreCoalesced() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let sources = site.base.appendingPathComponent("content").path
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        let log = RebuildLog()
        let gate = Gate()
        try await withServer(site) { server, _ in
            let initial = RebuildLog()
            let loop = DevLoop(server: server, watcher: FileWatcher(folders: [sources], debounce: .milliseconds(10))) { changed in
                if changed.isEmpty {  // the initial build: watches are in place from here on
                    await initial.add(changed)
                    return .success(changedOutputPaths: [], cssOnly: false)
                }
                await log.add(changed)
                if await log.calls.count == 1 { await gate.wait() }  // b, c, d land while this build runs
                return .success(changedOutputPaths: [], cssOnly: false)
            }
            let task = Task { try await loop.run() }
            defer { task.cancel() }
            #expect(await eventually { await initial.calls.count == 1 })
            try Data("1".utf8).write(to: URL(fileURLWithPath: sources + "/a.md"))
            #expect(await eventually { await log.calls.count == 1 })
            for name in ["b.md", "c.md", "d.md"] {
                try Data("2".utf8).write(to: URL(fileURLWithPath: sources + "/" + name))
                try await Task.sleep(for: .milliseconds(30))
            }
            // Let the watcher deliver them while the first build is still held, then finish it.
            try await Task.sleep(for: .milliseconds(1000))
            await gate.open()
            #expect(await eventually(within: 6) { await log.all.count == 4 })
            let calls = await log.calls
            #expect(calls.count == 2, "\(calls)")
            #expect(calls.last == Set(["b.md", "c.md", "d.md"].map { sources + "/" + $0 }))
        }
    }

    @Test func changeQueueMergesAndFinishes() async {
        let queue = ChangeQueue()
        await queue.push(["a"])
        await queue.push(["b"])
        #expect(await queue.next() == ["a", "b"])
        await queue.finish()
        #expect(await queue.next() == nil)
    }
}

/// Holds a task until the test opens it: timing without sleeps inside the code under test.
actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for w in waiters { w.resume() }
        waiters = []
    }
}
