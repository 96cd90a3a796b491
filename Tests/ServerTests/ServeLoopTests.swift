import Foundation
import Testing
@testable import Server

/// The writing loop as the user runs it (`galley serve`, a real process on loopback, real files):
/// posts written or coming due while it runs appear, and nothing it shows reaches public/.
@Suite(.serialized, .timeLimit(.minutes(2)), .enabled(if: galleyExecutable != nil))
struct ServeLoopTests {
    /// A fresh `galley init` site, built once with `galley build` (public/ is what a deploy would publish).
    static func builtSite() async throws -> (base: URL, site: String) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("galley-loop-\(UUID().uuidString)")
        let site = base.appendingPathComponent("site").path
        let initSite = try GalleyProcess(["init", site])
        #expect(await initSite.exited(within: 20))
        let build = try GalleyProcess(["build", "--site", site])
        #expect(await build.exited(within: 60))
        try #require(build.status == 0, "galley build: \(build.errors)")
        return (base, site)
    }

    static func serve(_ site: String, _ extra: [String] = []) async throws -> (GalleyProcess, UInt16) {
        let serve = try GalleyProcess(["serve", "--site", site, "--port", "0"] + extra)
        #expect(await eventually(within: 60) { serve.output.contains("built in") }, "stdout: \(serve.output) stderr: \(serve.errors)")
        let port = try #require(ServeCommandTests.port(in: serve.output), "stdout: \(serve.output)")
        return (serve, port)
    }

    static func status(_ port: UInt16, _ target: String) async -> Int {
        (try? await RawHTTP.request(port: port, target: target).status) ?? 0
    }

    static func files(_ folder: String) -> [String: Data] {
        var out: [String: Data] = [:]
        for path in (FileManager.default.subpaths(atPath: folder) ?? []) {
            if let d = FileManager.default.contents(atPath: folder + "/" + path) { out[path] = d }
        }
        return out
    }

    @Test func aPostWrittenWhileServingAppears() async throws {
        let (base, site) = try await Self.builtSite()
        defer { try? FileManager.default.removeItem(at: base) }
        let (serve, port) = try await Self.serve(site)
        defer { serve.kill() }
        // As `galley new` writes it: dated to the second, after serve started.
        let stamp = ISO8601DateFormatter().string(from: Date())
        try Data("---\ntitle: Written while serving\ndate: \(stamp)\n---\nFresh.\n".utf8)
            .write(to: URL(fileURLWithPath: site + "/content/posts/2026-11-25-fresh.md"))
        #expect(await eventually(within: 20) { await Self.status(port, "/blog/fresh/") == 200 }, "stdout: \(serve.output)")
        #expect(await eventually(within: 5) { serve.output.contains("(content/posts/2026-11-25-fresh.md)") || serve.output.contains("2026-11-25-fresh.md") },
                "the rebuild line names the file: \(serve.output)")
    }

    @Test func aScheduledPostAppearsWhenItComesDue() async throws {
        let (base, site) = try await Self.builtSite()
        defer { try? FileManager.default.removeItem(at: base) }
        let due = Date().addingTimeInterval(4)
        try Data("---\ntitle: Soon\ndate: \(ISO8601DateFormatter().string(from: due))\n---\nSoon.\n".utf8)
            .write(to: URL(fileURLWithPath: site + "/content/posts/2026-11-25-soon.md"))
        let (serve, port) = try await Self.serve(site)
        defer { serve.kill() }
        #expect(serve.output.contains("held back: content/posts/2026-11-25-soon.md (scheduled"), "stdout: \(serve.output)")
        #expect(await Self.status(port, "/blog/soon/") == 404)
        // No file changes: the clock alone brings it in.
        #expect(await eventually(within: 20) { await Self.status(port, "/blog/soon/") == 200 }, "stdout: \(serve.output)")
    }

    @Test func draftsShownWhileServingNeverReachPublic() async throws {
        let (base, site) = try await Self.builtSite()
        defer { try? FileManager.default.removeItem(at: base) }
        let published = Self.files(site + "/public")
        try FileManager.default.createDirectory(atPath: site + "/content/drafts", withIntermediateDirectories: true)
        try Data("---\ntitle: Secret draft\n---\nNot yet.\n".utf8).write(to: URL(fileURLWithPath: site + "/content/drafts/secret.md"))
        let (serve, port) = try await Self.serve(site, ["--drafts", "--future"])
        #expect(await eventually(within: 20) { await Self.status(port, "/blog/secret/") == 200 })
        serve.interrupt()
        #expect(await serve.exited(within: 10))
        // public/ is exactly as `galley build` left it: no draft, no file touched.
        #expect(Self.files(site + "/public") == published)
    }
}

extension ServeLoopTests {
    @Test func aBuildErrorIsPrintedOnceWithItsHint() async throws {
        let (base, site) = try await Self.builtSite()
        defer { try? FileManager.default.removeItem(at: base) }
        let (serve, _) = try await Self.serve(site)
        defer { serve.kill() }
        let post = try #require(FileManager.default.contentsOfDirectory(atPath: site + "/content/posts").first)
        try Data("---\ntitle: [broken\n---\nx\n".utf8).write(to: URL(fileURLWithPath: site + "/content/posts/" + post))
        #expect(await eventually(within: 20) { serve.errors.contains("still serving the last good build") }, "stderr: \(serve.errors)")
        let errors = serve.errors
        // Once, compiler style, with its hint; then one summary line naming the file that changed.
        #expect(errors.components(separatedBy: "content/posts/\(post):2:").count - 1 == 1, "stderr: \(errors)")
        #expect(errors.contains("  hint: "))
        #expect(errors.contains("build failed (") && errors.contains(post + ")"))
        #expect(!errors.contains(":0:0"))
    }

    /// A warning is printed when it first appears, not again on every save while it holds; saving the same
    /// problem back after a fix prints it again.
    @Test func aWarningIsPrintedOncePerAppearance() async throws {
        let (base, site) = try await Self.builtSite()
        defer { try? FileManager.default.removeItem(at: base) }
        let (serve, _) = try await Self.serve(site)
        defer { serve.kill() }
        let broken = site + "/content/posts/2026-11-26-broken.md"
        func write(_ path: String, _ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
        @Sendable func count() -> Int { serve.errors.components(separatedBy: "`/nowhere/at-all/` leads to nothing").count - 1 }
        try write(broken, "---\ntitle: Broken\n---\nSee [this](/nowhere/at-all/).\n")
        #expect(await eventually(within: 20) { count() == 1 }, "stderr: \(serve.errors)")
        let other = site + "/content/posts/2026-11-26-other.md"
        try write(other, "---\ntitle: Other\n---\nFirst.\n")
        #expect(await eventually(within: 20) { serve.output.contains("shown before still hold") }, "stdout: \(serve.output)")
        try write(other, "---\ntitle: Other\n---\nSecond.\n")
        #expect(await eventually(within: 20) { serve.output.components(separatedBy: "shown before still hold").count - 1 >= 2 })
        #expect(count() == 1, "stderr: \(serve.errors)")
        // Fixed, then broken again: printed again.
        try write(broken, "---\ntitle: Broken\n---\nSee [this](/).\n")
        #expect(await eventually(within: 20) { serve.output.components(separatedBy: "2026-11-26-broken.md").count - 1 >= 2 })
        try write(broken, "---\ntitle: Broken\n---\nSee [this](/nowhere/at-all/).\n")
        #expect(await eventually(within: 20) { count() == 2 }, "stderr: \(serve.errors)")
    }
}
