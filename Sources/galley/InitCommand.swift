import ArgumentParser
import Foundation
import Site

struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new site: site.yml, the default theme, a first post and an About page.",
        discussion: "Also writes \(DeployWorkflow.path), a GitHub Actions workflow that builds Galley, builds and checks the site, and deploys it to GitHub Pages (--no-workflow leaves it out)."
    )

    @Argument(help: "The folder to create (must be new or empty).")
    var directory: String

    @Option(name: .long, help: "The site's title.")
    var title: String = "My engineering blog"

    @Flag(inversion: .prefixedNo, help: "Write a GitHub Actions workflow that deploys the site to GitHub Pages.")
    var workflow = true

    @Option(name: .customLong("galley-repository"), help: ArgumentHelp("The git URL the workflow builds Galley from.", valueName: "url"))
    var galleyRepository = DeployWorkflow.defaultRepository

    @Option(name: .customLong("galley-version"), help: ArgumentHelp("The tag, branch or commit of Galley the workflow builds.", valueName: "ref"))
    var galleyVersion = DeployWorkflow.defaultVersion

    func run() async throws {
        let dir = URL(fileURLWithPath: directory).standardizedFileURL
        do {
            let source = workflow ? DeployWorkflow.Source(repository: galleyRepository, version: galleyVersion) : nil
            try Scaffold.initSite(at: dir, title: title, workflow: source)
        } catch {
            Terminal.err("error: \(error.description)")
            throw ExitCode(1)
        }
        Terminal.err("galley: created a site in \(dir.path)\n  next: cd \(directory) && galley build && galley serve")
        if workflow {
            Terminal.err("  deploy: push it to GitHub and set Settings → Pages → Source to \"GitHub Actions\"; \(DeployWorkflow.path) does the rest")
        }
    }
}
