import Foundation
import Testing
@testable import Server

/// Collects every batch a watcher delivers, so tests can wait for a path with a deadline.
actor BatchLog {
    private(set) var batches: [Set<String>] = []
    func add(_ batch: Set<String>) { batches.append(batch) }
    var all: Set<String> { batches.reduce(into: []) { $0.formUnion($1) } }
}

/// A temp folder with a running watcher over `content/` (recursive) and `site.yml` (single file).
struct WatchFixture {
    let base: String
    var content: String { base + "/content" }
    var config: String { base + "/site.yml" }
    let log = BatchLog()
    let task: Task<Void, Never>

    init(debounce: Duration = .milliseconds(50), setup: (String) throws -> Void = { _ in }) throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("galley-watch-\(UUID().uuidString)")
            .standardizedFileURL.path
        try FileManager.default.createDirectory(atPath: base + "/content/posts", withIntermediateDirectories: true)
        try Data("title: t\n".utf8).write(to: URL(fileURLWithPath: base + "/site.yml"))
        try setup(base)
        let stream = try FileWatcher(folders: [base + "/content"], files: [base + "/site.yml"], debounce: debounce).changes()
        let log = self.log
        task = Task { for await batch in stream { await log.add(batch) } }
    }

    func write(_ relative: String, _ text: String = "x") throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: base + "/" + relative))
    }

    /// True once `path` (relative to base) was reported, within a few seconds.
    func sees(_ relative: String) async -> Bool {
        let path = base + "/" + relative
        return await eventually(within: 3) { await log.all.contains(path) }
    }

    func stop() {
        task.cancel()
        try? FileManager.default.removeItem(atPath: base)
    }
}

#if os(Linux)
let isLinux = true
#else
let isLinux = false
#endif

@Suite(.serialized, .timeLimit(.minutes(1)))
struct FileWatcherTests {
    @Test func plainWrite() async throws {
        let fixture = try WatchFixture { try Data("old".utf8).write(to: URL(fileURLWithPath: $0 + "/content/posts/a.md")) }
        defer { fixture.stop() }
        try fixture.write("content/posts/a.md", "new")
        #expect(await fixture.sees("content/posts/a.md"))
    }

    @Test func renameSaveReportsTargetButNotTempFiles() async throws {
        let fixture = try WatchFixture { try Data("old".utf8).write(to: URL(fileURLWithPath: $0 + "/content/posts/a.md")) }
        defer { fixture.stop() }
        // vim-style: probe file, swap file, backup, then write temp and rename into place.
        try fixture.write("content/posts/4913")
        try FileManager.default.removeItem(atPath: fixture.content + "/posts/4913")
        try fixture.write("content/posts/.a.md.swp")
        try fixture.write("content/posts/a.md~", "backup")
        try fixture.write("content/posts/.#a.md", "lock")
        try FileManager.default.removeItem(atPath: fixture.content + "/posts/a.md")
        try FileManager.default.moveItem(atPath: fixture.content + "/posts/a.md~", toPath: fixture.content + "/posts/a.md")
        #expect(await fixture.sees("content/posts/a.md"))
        try await Task.sleep(for: .milliseconds(150))
        let all = await fixture.log.all
        #expect(!all.contains { $0.hasSuffix("4913") || $0.hasSuffix(".swp") || $0.hasSuffix("~") || $0.contains("/.#") })
    }

    @Test func atomicReplaceWithTempName() async throws {
        let fixture = try WatchFixture()
        defer { fixture.stop() }
        // Foundation's atomic write: temp file in the same folder, then rename over the target.
        try Data("v2".utf8).write(to: URL(fileURLWithPath: fixture.content + "/posts/b.md"), options: .atomic)
        #expect(await fixture.sees("content/posts/b.md"))
    }

    @Test func delete() async throws {
        let fixture = try WatchFixture { try Data("x".utf8).write(to: URL(fileURLWithPath: $0 + "/content/posts/gone.md")) }
        defer { fixture.stop() }
        try FileManager.default.removeItem(atPath: fixture.content + "/posts/gone.md")
        #expect(await fixture.sees("content/posts/gone.md"))
    }

    @Test func newSubfolderWithFile() async throws {
        let fixture = try WatchFixture()
        defer { fixture.stop() }
        try FileManager.default.createDirectory(atPath: fixture.content + "/new", withIntermediateDirectories: false)
        try fixture.write("content/new/first.md")
        #expect(await fixture.sees("content/new/first.md"))
        // The new folder is watched: a later edit inside it is seen too.
        try await Task.sleep(for: .milliseconds(100))
        try fixture.write("content/new/second.md")
        #expect(await fixture.sees("content/new/second.md"))
    }

    @Test func deepMkdirThenFile() async throws {
        let fixture = try WatchFixture()
        defer { fixture.stop() }
        try FileManager.default.createDirectory(atPath: fixture.content + "/a/b/c", withIntermediateDirectories: true)
        try fixture.write("content/a/b/c/deep.md")
        #expect(await fixture.sees("content/a/b/c/deep.md"))
        try await Task.sleep(for: .milliseconds(100))
        try fixture.write("content/a/b/c/later.md")
        #expect(await fixture.sees("content/a/b/c/later.md"))
    }

    /// inotify reports a moved-away folder itself; the polling fallback reports its files instead.
    @Test(.enabled(if: isLinux)) func foldersMovedInAndOut() async throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("galley-out-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: outside + "/drafts", withIntermediateDirectories: true)
        try Data("d".utf8).write(to: URL(fileURLWithPath: outside + "/drafts/d.md"))
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let fixture = try WatchFixture()
        defer { fixture.stop() }
        try FileManager.default.moveItem(atPath: outside + "/drafts", toPath: fixture.content + "/drafts")
        #expect(await fixture.sees("content/drafts/d.md"))
        try FileManager.default.moveItem(atPath: fixture.content + "/posts", toPath: outside + "/posts")
        #expect(await fixture.sees("content/posts"))
        // Nothing under the moved-away folder is reported any more.
        try await Task.sleep(for: .milliseconds(100))
        try Data("z".utf8).write(to: URL(fileURLWithPath: outside + "/posts/z.md"))
        try await Task.sleep(for: .milliseconds(200))
        #expect(await !fixture.log.all.contains { $0.hasSuffix("/z.md") })
    }

    @Test func singleFileIsFilteredFromItsFolder() async throws {
        let fixture = try WatchFixture()
        defer { fixture.stop() }
        try fixture.write("unrelated.txt")
        try Data("title: v2\n".utf8).write(to: URL(fileURLWithPath: fixture.config), options: .atomic)
        #expect(await fixture.sees("site.yml"))
        try await Task.sleep(for: .milliseconds(100))
        #expect(await !fixture.log.all.contains(fixture.base + "/unrelated.txt"))
    }

    /// A watched folder that does not exist yet is picked up once created next to a watched file.
    @Test(.enabled(if: isLinux)) func rootFolderCreatedLater() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("galley-late-\(UUID().uuidString)")
            .standardizedFileURL.path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        try Data("t".utf8).write(to: URL(fileURLWithPath: base + "/site.yml"))
        let stream = try FileWatcher(folders: [base + "/static"], files: [base + "/site.yml"]).changes()
        let log = BatchLog()
        let task = Task { for await batch in stream { await log.add(batch) } }
        defer { task.cancel() }
        try FileManager.default.createDirectory(atPath: base + "/static/img", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: base + "/static/img/a.svg"))
        #expect(await eventually { await log.all.contains(base + "/static/img/a.svg") })
        try await Task.sleep(for: .milliseconds(100))
        try Data("y".utf8).write(to: URL(fileURLWithPath: base + "/static/b.css"))
        #expect(await eventually { await log.all.contains(base + "/static/b.css") })
    }

    /// An output folder inside a watched folder is neither watched nor reported.
    @Test func excludedFolderIsIgnored() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("galley-excl-\(UUID().uuidString)")
            .standardizedFileURL.path
        try FileManager.default.createDirectory(atPath: base + "/public/blog", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        let stream = try FileWatcher(folders: [base], excluding: [base + "/public"]).changes()
        let log = BatchLog()
        let task = Task { for await batch in stream { await log.add(batch) } }
        defer { task.cancel() }
        try Data("x".utf8).write(to: URL(fileURLWithPath: base + "/public/blog/a.html"))
        try FileManager.default.createDirectory(atPath: base + "/public/new", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: base + "/public/new/b.html"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: base + "/post.md"))
        #expect(await eventually { await log.all.contains(base + "/post.md") })
        try await Task.sleep(for: .milliseconds(100))
        #expect(await !log.all.contains { $0.hasPrefix(base + "/public") })
    }

    @Test func burstsAreDebouncedIntoOneBatch() async throws {
        let fixture = try WatchFixture(debounce: .milliseconds(300))
        defer { fixture.stop() }
        for index in 0..<20 { try fixture.write("content/posts/p\(index).md") }
        #expect(await fixture.sees("content/posts/p19.md"))
        try await Task.sleep(for: .milliseconds(400))
        let batches = await fixture.log.batches
        #expect(batches.count <= 2, "\(batches.count) batches")
        #expect(await fixture.log.all.count == 20)
    }

    @Test(.enabled(if: isLinux)) func cancellingClosesDescriptors() async throws {
        /// Descriptor numbers of open inotify instances (other suites may own some: compare sets).
        @Sendable func inotifyFDs() -> Set<String> {
            let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            return Set(fds.filter {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0))?.contains("inotify") == true
            })
        }
        let before = inotifyFDs()
        let fixture = try WatchFixture()
        let ours = inotifyFDs().subtracting(before)
        #expect(ours.count == 1)
        fixture.stop()
        #expect(await eventually(within: 3) { inotifyFDs().isDisjoint(with: ours) })
    }

    @Test func debouncerDeadlines() {
        let start = ContinuousClock.now
        var debouncer = Debouncer(debounce: .milliseconds(50), maxDelay: .milliseconds(200))
        #expect(debouncer.deadline == nil)
        debouncer.add(["a"], at: start)
        debouncer.add(["b"], at: start + .milliseconds(40))
        #expect(debouncer.takeIfDue(at: start + .milliseconds(60)) == nil)
        #expect(debouncer.takeIfDue(at: start + .milliseconds(90)) == ["a", "b"])
        #expect(debouncer.deadline == nil)
        for step in 0..<10 { debouncer.add(["c\(step)"], at: start + .milliseconds(30 * step)) }
        #expect(debouncer.deadline == start + .milliseconds(200))
    }

    @Test func editorTempNames() {
        for name in [".a.md.swp", ".a.md.swx", "a.md~", ".#a.md", "4913", "#a.md#", ".goutputstream-XYZ",
                     "a.md___jb_tmp___", "a.md___jb_old___", ".a.md.kate-swp"] {
            #expect(WatchFilter.isEditorTemp(name: name), "\(name)")
        }
        for name in ["a.md", "site.yml", "4914", "style.css", ".well-known"] {
            #expect(!WatchFilter.isEditorTemp(name: name), "\(name)")
        }
    }
}
