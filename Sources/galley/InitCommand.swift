import ArgumentParser
import Foundation
import Site

struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new site: site.yml, the default theme, a first post and an About page."
    )

    @Argument(help: "The folder to create (must be new or empty).")
    var directory: String

    @Option(name: .long, help: "The site's title.")
    var title: String = "My engineering blog"

    func run() async throws {
        let dir = URL(fileURLWithPath: directory).standardizedFileURL
        do {
            try Scaffold.initSite(at: dir, title: title)
        } catch {
            Terminal.err("error: \(error.description)")
            throw ExitCode(1)
        }
        Terminal.err("galley: created a site in \(dir.path)\n  next: cd \(directory) && galley build && galley serve")
    }
}
