import ArgumentParser

struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "init", abstract: "Not implemented yet.")

    func run() async throws {
        throw ValidationError("galley init is not implemented yet")
    }
}
