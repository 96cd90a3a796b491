import ArgumentParser
import Charts
import Foundation

/// `galley chart FILE.csv`: draws a CSV file (header row first) as SVG, the same drawing a
/// ```` ```chart ```` fence or a table with `{: chart="bar"}` gets in a post.
struct ChartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Draw a CSV file as an SVG chart (standard output).")

    @Argument(help: "CSV with a header row: labels (or x values) first, then one column per series.")
    var file: String?

    @Flag(help: "Print the CSS a theme needs for inline charts (the default theme has it) and exit.")
    var css = false

    @Option(help: "bar, stacked, line or scatter.")
    var type: String = "bar"

    @Option(help: "Unit shown on the value axis (cells may end with it: 12 ms).")
    var unit: String?

    @Option(help: "Title drawn above the chart.")
    var title: String?

    @Flag(help: "Use a logarithmic value axis.")
    var log = false

    @Flag(help: "Print each value on its bar or point.")
    var labels = false

    @Flag(help: "Write a standalone SVG file (XML declaration, its own light and dark colours) instead of inline SVG.")
    var standalone = false

    func run() throws {
        if css { print(Chart.stylesheet); return }
        guard let file else { throw ValidationError("give a CSV file (or --css)") }
        guard let data = FileManager.default.contents(atPath: file) else { throw ValidationError("cannot read \(file)") }
        var attributes = [ChartAttribute("chart", type, line: 1, column: 1)]
        if let unit { attributes.append(ChartAttribute("unit", unit, line: 1, column: 1)) }
        if let title { attributes.append(ChartAttribute("title", title, line: 1, column: 1)) }
        if log { attributes.append(ChartAttribute("log", "true", line: 1, column: 1)) }
        if labels { attributes.append(ChartAttribute("labels", "true", line: 1, column: 1)) }
        do {
            let spec = try ChartSpec(attributes: attributes)
            let table = try ChartTable.csv(String(decoding: data, as: UTF8.self), firstLine: 1)
            print(standalone ? try Chart.standaloneSVG(table: table, spec: spec) : try Chart.svg(table: table, spec: spec), terminator: standalone ? "" : "\n")
        } catch {
            let where_ = error.line > 1 || error.column > 1 ? "\(file):\(error.line):\(error.column)" : file
            FileHandle.standardError.write(Data("\(where_): error: \(error.message)\n\(error.hint.map { "  hint: \($0)\n" } ?? "")".utf8))
            throw ExitCode(1)
        }
    }
}
