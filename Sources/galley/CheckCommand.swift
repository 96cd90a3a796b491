import ArgumentParser

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Not implemented yet.")

    func run() async throws {
        throw ValidationError("galley check is not implemented yet")
    }
}
