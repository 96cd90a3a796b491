import ArgumentParser

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "build", abstract: "Not implemented yet.")

    func run() async throws {
        throw ValidationError("galley build is not implemented yet")
    }
}
