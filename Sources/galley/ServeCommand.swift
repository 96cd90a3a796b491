import ArgumentParser

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Not implemented yet.")

    func run() async throws {
        throw ValidationError("galley serve is not implemented yet")
    }
}
