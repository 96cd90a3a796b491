import ArgumentParser

struct HighlightCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "highlight", abstract: "Not implemented yet.")

    func run() async throws {
        throw ValidationError("galley highlight is not implemented yet")
    }
}
