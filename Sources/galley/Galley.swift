import ArgumentParser
import Foundation

/// The `galley` command: a thin front end; each subcommand lives in its own file.
@main
struct Galley: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "galley",
        abstract: "A static site and feed generator for engineering blogs.",
        version: "0.1.0",
        subcommands: [BuildCommand.self, ServeCommand.self, CheckCommand.self, NewCommand.self, InitCommand.self,
                      MarkdownCommand.self, HighlightCommand.self, ChartCommand.self, DiagramCommand.self, ImportCommand.self, ThemeCommand.self]
    )

    /// Usage errors exit with 2 (as `grep`, `diff` and CI tools expect), not ArgumentParser's 64.
    static func main() async {
        do {
            var command = try parseAsRoot()
            // Before the first hop to a worker thread: glibc sizes each thread's heap when the thread first allocates.
            if command is BuildCommand { OneShotMemory.keepFreedMemory() }
            if var async = command as? AsyncParsableCommand {
                try await async.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
