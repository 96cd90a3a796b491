import ArgumentParser
import Foundation
import Highlight
import Site

/// `galley highlight [--language L] [--inline-styles] [FILE]`: prints the highlighted HTML of a file
/// or standard input; `--detect` prints the guessed language, `--list` the languages,
/// `galley highlight css THEME` a theme's stylesheet and `galley highlight css --list` the themes.
struct HighlightCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "highlight",
        abstract: "Highlight code as HTML, detect its language, or print a theme's CSS (`galley highlight css THEME`; `css --list` lists the themes).")

    @Option(name: .shortAndLong, help: "Language name or alias (default: from the file extension, else detected).")
    var language: String?

    @Flag(name: .customLong("inline-styles"), help: "Inline style attributes instead of classes (for feeds).")
    var inlineStyles = false

    @Flag(name: .customLong("line-numbers"), help: "Number the lines (numbers are not copied with the code).")
    var lineNumbers = false

    @Flag(help: "Print the detected language name, or `none`.")
    var detect = false

    @Flag(help: "List the languages and their aliases (after `css`: the themes).")
    var list = false

    @Argument(help: "The file to highlight (standard input when omitted), or `css THEME`.")
    var arguments: [String] = []

    var file: String? { arguments.first }

    func run() async throws {
        let h = Highlighter()
        // A positional file and a `css` subcommand cannot share one parser level, so `css` is read here.
        if arguments.first == "css" && !FileManager.default.fileExists(atPath: "css") {
            if list {
                guard arguments.count == 1 else { throw ValidationError("`css --list` takes no theme name") }
                print(Highlighter.themeListText, terminator: "")
                return
            }
            let theme = arguments.count > 1 ? arguments[1] : "galley"
            guard let css = Highlighter.css(theme: theme) else {
                let near = Suggest.nearest(theme, in: Highlighter.themeNames).map { "did you mean '\($0)'? " } ?? ""
                throw ValidationError("unknown theme '\(theme)'; \(near)`galley highlight css --list` lists the themes")
            }
            print(css, terminator: "")
            return
        }
        guard arguments.count <= 1 else { throw ValidationError("expected at most one file") }
        if list {
            for info in Highlighter.languages {
                let aliases = info.aliases.isEmpty ? "" : "  (" + info.aliases.joined(separator: ", ") + ")"
                print(info.name + aliases)
            }
            return
        }
        let code = try readInput()
        if detect {
            print(h.detect(code)?.language ?? "none")
            return
        }
        var lang = language
        if lang == nil, let file {
            let name = (file as NSString).lastPathComponent
            if name == "Dockerfile" || name.hasPrefix("Dockerfile.") { lang = "dockerfile" }
            else if name == "Makefile" || name == "GNUmakefile" { lang = "makefile" }
            else { lang = Highlighter.language(forExtension: (file as NSString).pathExtension)?.name }
        }
        let block = h.highlight(code, language: lang, options: HighlightOptions(inlineStyles: inlineStyles, lineNumbers: lineNumbers))
        if !block.languageKnown, let lang {
            FileHandle.standardError.write(Data("warning: unknown language '\(lang)', printed as plain text\n".utf8))
        }
        FileHandle.standardOutput.write(Data(block.html.utf8))
    }

    private func readInput() throws -> String {
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else { throw ValidationError("cannot read \(file)") }
            return String(decoding: data, as: UTF8.self)
        }
        return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }
}
