import ArgumentParser

struct NewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "new", abstract: "Not implemented yet.")

    func run() async throws {
        throw ValidationError("galley new is not implemented yet")
    }
}
