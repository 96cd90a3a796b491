import Foundation
import Testing
@testable import Jekyll
import Site

/// Builds a real site for comparison with Jekyll's output (`jekyll-compare.py`), when asked:
/// `GALLEY_PLUGIN_SITE=/path/to/site GALLEY_PLUGIN_OUT=/tmp/out swift test --filter PluginSiteBuild`.
@Suite struct PluginSiteBuildTests {
    @Test func buildsTheSiteNamedByTheEnvironment() async throws {
        let env = ProcessInfo.processInfo.environment
        guard let site = env["GALLEY_PLUGIN_SITE"], let out = env["GALLEY_PLUGIN_OUT"] else { return }
        let options = JekyllBuildOptions(source: URL(fileURLWithPath: site), destination: URL(fileURLWithPath: out))
        do {
            let report = try await JekyllBuilder(options: options).build()
            for w in report.warnings { print("warning:", w) }
        } catch {
            for d in error.diagnostics { print(d) }
            Issue.record("build failed")
        }
    }
}
