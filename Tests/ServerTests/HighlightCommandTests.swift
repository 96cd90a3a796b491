import Foundation
import Testing

/// `galley highlight` as a writer runs it: `css --list` lists the themes, `--list` still lists the languages,
/// `css THEME` prints a theme and a misspelt theme gets a suggestion.
@Suite(.timeLimit(.minutes(1)), .enabled(if: galleyExecutable != nil))
struct HighlightCommandTests {
    func run(_ arguments: [String]) async throws -> GalleyProcess {
        let p = try GalleyProcess(arguments)
        #expect(await p.exited(within: 20), "galley \(arguments.joined(separator: " ")) did not exit")
        return p
    }

    @Test func cssListPrintsEveryThemeWithWhatItIs() async throws {
        let p = try await run(["highlight", "css", "--list"])
        #expect(p.status == 0, "\(p.errors)")
        let lines = p.output.split(separator: "\n").map(String.init)
        let names = lines.map { String($0.prefix { $0 != " " }) }
        for pair in ["galley", "github", "solarized", "one", "gruvbox", "tokyo-night", "catppuccin", "nord"] {
            #expect(lines.contains { $0.hasPrefix(pair + " ") && $0.contains("adaptive:") }, "\(pair)")
            #expect(lines.contains { $0.hasPrefix(pair + "-light ") && $0.contains("light: ") }, "\(pair)-light")
            #expect(lines.contains { $0.hasPrefix(pair + "-dark ") && $0.contains("dark: ") }, "\(pair)-dark")
        }
        #expect(names.count == Set(names).count && names.count >= 24)
        // Every listed name works.
        for name in names.prefix(4) + names.suffix(3) {
            let css = try await run(["highlight", "css", name])
            #expect(css.status == 0 && css.output.hasPrefix("/* Galley syntax theme: \(name)"), "\(name): \(css.errors)")
        }
    }

    @Test func listStillListsLanguages() async throws {
        let p = try await run(["highlight", "--list"])
        #expect(p.status == 0, "\(p.errors)")
        #expect(p.output.split(separator: "\n").contains("kotlin  (kt, kts)"))
        #expect(!p.output.contains("adaptive"))
    }

    @Test func aMisspeltThemeGetsASuggestion() async throws {
        let p = try await run(["highlight", "css", "gruvbx"])
        #expect(p.status != 0)
        #expect(p.errors.contains("unknown theme 'gruvbx'; did you mean 'gruvbox'?"), "\(p.errors)")
        #expect(p.output.isEmpty)
    }
}
