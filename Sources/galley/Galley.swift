import ArgumentParser

/// The `galley` command: a thin front end; each subcommand lives in its own file.
@main
struct Galley: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "galley",
        abstract: "A static site and feed generator for engineering blogs.",
        version: "0.1.0",
        subcommands: [BuildCommand.self, ServeCommand.self, CheckCommand.self, NewCommand.self, InitCommand.self,
                      MarkdownCommand.self, HighlightCommand.self, ImportCommand.self]
    )
}
