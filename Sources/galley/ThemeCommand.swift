import ArgumentParser
import Foundation
import Site

/// The built-in theme: every site uses it wherever its own `templates/` has no file of that name.
struct ThemeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "theme",
        abstract: "List the built-in theme's files, or copy them into a site for editing.",
        subcommands: [List.self, Eject.self]
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the built-in theme's files.")
        func run() async throws { for f in Scaffold.themeFiles { Terminal.out(f) } }
    }

    struct Eject: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy built-in theme files into templates/ for editing (all, or those named); never overwrites.")

        @Argument(help: "Files to copy, e.g. post, partials/head, assets/galley.css. None: all of them.")
        var names: [String] = []

        @Option(name: .long, help: ArgumentHelp("The site folder.", valueName: "dir"))
        var site: String = "."

        func run() async throws {
            let dir = URL(fileURLWithPath: site).standardizedFileURL
            do {
                let (written, kept) = try Scaffold.ejectTheme(siteDirectory: dir, names: names)
                for w in written { Terminal.out("wrote \(w)") }
                for k in kept { Terminal.out("kept \(k) (the site's own; not overwritten)") }
            } catch {
                Terminal.err("error: \(error.description)")
                throw ExitCode(1)
            }
        }
    }
}
