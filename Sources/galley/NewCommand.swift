import ArgumentParser
import Foundation
import Site

struct NewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Start a post: writes content/posts/YYYY-MM-DD-<slug>.md (never overwrites)."
    )

    @Argument(help: "The post's title.")
    var title: String

    @Option(name: .long, help: ArgumentHelp("The site folder.", valueName: "dir"))
    var site: String = "."

    @Flag(name: .long, help: "Mark the post as a draft.")
    var draft = false

    func run() async throws {
        do {
            let file = try Scaffold.newPost(siteDirectory: URL(fileURLWithPath: site).standardizedFileURL, title: title, draft: draft)
            print(file.path)
        } catch {
            Terminal.err("error: \(error.description)")
            throw ExitCode(1)
        }
    }
}
