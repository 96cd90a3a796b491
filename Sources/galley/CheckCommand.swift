import ArgumentParser
import Check
import Foundation

/// `galley check`: validates a built site (pages, links, anchors, images, feeds) or single feeds, for CI.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check built output: feeds, HTML pages, ids, internal links, anchors and images.",
        discussion: """
        With no path, checks the output folder (<site>/public, or --output). A path may be a folder or a single \
        RSS, Atom, JSON Feed or HTML file, including feeds Galley did not write.
        Exit status: 0 clean, 1 errors (or warnings with --strict), 2 usage errors.
        """
    )

    /// `.allUnrecognized` so an unknown option lands here and exits 2 like other usage errors
    /// (ArgumentParser would exit 64 before `run`).
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Folders or files to check.", valueName: "path"))
    var paths: [String] = []

    @Option(name: .long, help: ArgumentHelp("Output format: text, json or github (GitHub Actions annotations).", valueName: "format"))
    var format: String = "text"

    @Flag(name: .long, help: "Fail on warnings too.")
    var strict = false

    @Option(name: .long, help: ArgumentHelp("The site folder whose output is checked when no path is given.", valueName: "dir"))
    var site: String = "."

    @Option(name: .long, help: ArgumentHelp("The output folder checked when no path is given. Default: <site>/public.", valueName: "dir"))
    var output: String?

    @Option(name: .customLong("base-path"), help: ArgumentHelp("URL path the output is served under, e.g. /project/ for GitHub project pages. Default: read from the home page's canonical link.", valueName: "path"))
    var basePath: String?

    func run() async throws {
        guard let reportFormat = CheckReport.Format(rawValue: format) else {
            usageError("unknown --format \"\(format)\" (expected text, json or github)")
        }
        if let option = paths.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            usageError("unknown option \(option); see 'galley check --help'")
        }
        let targets = paths.isEmpty ? [output ?? (site == "." ? "public" : (site as NSString).appendingPathComponent("public"))] : paths
        for t in targets where !FileManager.default.fileExists(atPath: t) {
            usageError(paths.isEmpty ? "no output folder at \(t); build the site first or pass a path" : "no such file or folder: \(t)")
        }
        let start = Date()
        // A sub-path site (https://user.github.io/project) says where it is served in its home page's canonical link.
        let base = basePath ?? targets.lazy.compactMap { SiteChecker.inferredBasePath(of: URL(fileURLWithPath: $0)) }.first ?? "/"
        let diagnostics = await SiteChecker(basePath: base).check(paths: targets.map { URL(fileURLWithPath: $0) })
        let rendered = CheckReport.render(diagnostics, format: reportFormat)
        FileHandle.standardOutput.write(Data(rendered.utf8))
        let elapsed = String(format: "%.2f", Date().timeIntervalSince(start))
        FileHandle.standardError.write(Data("galley check: \(CheckReport.summary(diagnostics)) in \(elapsed) s\n".utf8))
        let failed = diagnostics.contains { $0.severity == .error } || (strict && !diagnostics.isEmpty)
        if failed { throw ExitCode(1) }
    }

    /// ArgumentParser's ValidationError exits 64; CI scripts expect 2 for usage errors.
    private func usageError(_ message: String) -> Never {
        FileHandle.standardError.write(Data("galley check: error: \(message)\n".utf8))
        Foundation.exit(2)
    }
}
