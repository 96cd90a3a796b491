import ArgumentParser

struct MarkdownCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "markdown", abstract: "Not implemented yet.")

    func run() async throws {
        throw ValidationError("galley markdown is not implemented yet")
    }
}
