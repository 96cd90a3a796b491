import ArgumentParser
import Diagram
import Foundation

/// `galley diagram FILE`: draws a mermaid or DOT file as SVG, the same drawing a ```` ```mermaid ````
/// or ```` ```dot ```` fence gets in a post.
struct DiagramCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diagram",
        abstract: "Draw a mermaid (flowchart, sequence diagram) or Graphviz DOT file as SVG (standard output).")

    @Argument(help: "The diagram's source; `.dot`/`.gv` files are DOT, others mermaid (or say --language). `-` reads standard input.")
    var file: String?

    @Option(help: "mermaid or dot (default: from the file name).")
    var language: String?

    @Flag(help: "Print the CSS a theme needs for inline diagrams (the default theme has it) and exit.")
    var css = false

    @Flag(help: "Write a standalone SVG file (XML declaration, its own light and dark colours) instead of inline SVG.")
    var standalone = false

    func run() throws {
        if css { print(Diagram.stylesheet); return }
        guard let file else { throw ValidationError("give a diagram file (or --css)") }
        let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: file)
        guard let data else { throw ValidationError("cannot read \(file)") }
        let ext = (file as NSString).pathExtension.lowercased()
        guard let lang = Diagram.language(language ?? (ext == "dot" || ext == "gv" ? "dot" : "mermaid")) else {
            throw ValidationError("--language is mermaid or dot")
        }
        do {
            let drawn = try Diagram.render(String(decoding: data, as: UTF8.self), language: lang, origin: SourceOrigin(line: 1))
            for w in drawn.warnings { report(w, "warning") }
            print(standalone ? drawn.standalone : drawn.inline, terminator: standalone ? "" : "\n")
        } catch {
            report(error, error.severity == .error ? "error" : "warning")
            throw ExitCode(1)
        }
    }

    private func report(_ e: DiagramError, _ kind: String) {
        FileHandle.standardError.write(Data("\(file ?? "-"):\(e.line):\(e.column): \(kind): \(e.message)\n\(e.hint.map { "  hint: \($0)\n" } ?? "")".utf8))
    }
}
