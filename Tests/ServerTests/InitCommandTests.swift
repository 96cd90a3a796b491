import Foundation
import Testing

/// `galley init` as a writer (and `.ci/run`) calls it: the deploy workflow is written unless `--no-workflow`,
/// and the fresh site, `.github/` included, builds and passes `galley check --strict`.
@Suite(.serialized, .timeLimit(.minutes(1)), .enabled(if: galleyExecutable != nil))
struct InitCommandTests {
    static func tempSite() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("galley-init-\(UUID().uuidString)/site").path
    }

    @Test func initWritesTheWorkflowAndTheSitePassesTheStrictCheck() async throws {
        let site = Self.tempSite()
        defer { try? FileManager.default.removeItem(atPath: (site as NSString).deletingLastPathComponent) }
        let version = try GalleyProcess(["--version"])
        #expect(await version.exited(within: 10))
        let initSite = try GalleyProcess(["init", site])
        #expect(await initSite.exited(within: 20))
        #expect(initSite.status == 0, "\(initSite.errors)")
        #expect(initSite.errors.contains("Settings → Pages → Source to \"GitHub Actions\""), "\(initSite.errors)")
        let workflow = try String(contentsOfFile: site + "/.github/workflows/deploy.yml", encoding: .utf8)
        let tag = "v" + version.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(workflow.contains("\n  GALLEY_VERSION: \"\(tag)\"\n"), "\(workflow.prefix(800))")
        #expect(workflow.contains("galley check --strict --format github"))

        let build = try GalleyProcess(["build", "--site", site, "--strict"])
        #expect(await build.exited(within: 60))
        #expect(build.status == 0, "\(build.errors)")
        #expect(build.errors.isEmpty, "\(build.errors)")
        #expect(!FileManager.default.fileExists(atPath: site + "/public/.github"))
        let check = try GalleyProcess(["check", "--strict", "--site", site])
        #expect(await check.exited(within: 30))
        #expect(check.status == 0, "\(check.output)\(check.errors)")
        #expect(check.output.isEmpty)
    }

    @Test func noWorkflowLeavesItOut() async throws {
        let site = Self.tempSite()
        defer { try? FileManager.default.removeItem(atPath: (site as NSString).deletingLastPathComponent) }
        let initSite = try GalleyProcess(["init", site, "--no-workflow"])
        #expect(await initSite.exited(within: 20))
        #expect(initSite.status == 0, "\(initSite.errors)")
        #expect(FileManager.default.fileExists(atPath: site + "/site.yml"))
        #expect(!FileManager.default.fileExists(atPath: site + "/.github"))
        #expect(!initSite.errors.contains("GitHub Actions"), "\(initSite.errors)")
    }

    @Test func theWorkflowBuildsTheGalleyItIsTold() async throws {
        let site = Self.tempSite()
        defer { try? FileManager.default.removeItem(atPath: (site as NSString).deletingLastPathComponent) }
        let initSite = try GalleyProcess(["init", site, "--galley-repository", "https://git.example.net/fork/galley.git",
                                          "--galley-version", "main"])
        #expect(await initSite.exited(within: 20))
        #expect(initSite.status == 0, "\(initSite.errors)")
        let workflow = try String(contentsOfFile: site + "/.github/workflows/deploy.yml", encoding: .utf8)
        #expect(workflow.contains("\n  GALLEY_REPOSITORY: \"https://git.example.net/fork/galley.git\"\n  GALLEY_VERSION: \"main\"\n"))
    }
}
