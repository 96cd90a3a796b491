import Foundation
import Testing

/// `galley check` on a site's own output, as CI runs it: one broken link is one annotation, on the
/// Markdown file and line that wrote it (a file of the repository), however many pages and feeds show it.
@Suite(.serialized, .timeLimit(.minutes(1)), .enabled(if: galleyExecutable != nil))
struct CheckCommandTests {
    @Test func aBrokenLinkIsOneAnnotationAtItsSource() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("galley-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let site = base.appendingPathComponent("site").path
        let initSite = try GalleyProcess(["init", site])
        #expect(await initSite.exited(within: 20))
        try Data("---\ntitle: Broken\n---\nSee [gone](/nowhere/) here.\n".utf8).write(to: URL(fileURLWithPath: site + "/content/posts/2026-01-03-broken.md"))
        let build = try GalleyProcess(["build", "--site", site])
        #expect(await build.exited(within: 60))
        let check = try GalleyProcess(["check", "--site", site, "--format", "github"])
        #expect(await check.exited(within: 30))
        #expect(check.status == 1)
        let lines = check.output.split(separator: "\n")
        #expect(lines.count == 1, "\(check.output)")
        #expect(lines.first?.hasPrefix("::error file=\(site)/content/posts/2026-01-03-broken.md,line=4,col=12,title=link-broken::") == true, "\(check.output)")
        #expect(lines.first?.contains("also in 3 feeds") == true && lines.first?.contains("also shown on 1 page") == true, "\(check.output)")
    }
}
