import ArgumentParser
import Foundation
import Jekyll
import Site

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site into the output folder (public/ by default).",
        discussion: "The site is built into a new folder beside the output and swapped in only when the whole build succeeded; a failed build leaves the previous output as it was."
    )

    @Option(name: .long, help: ArgumentHelp("The site folder (holding site.yml).", valueName: "dir"))
    var site: String = "."

    @Option(name: .long, help: ArgumentHelp("Where to write the site. Default: <site>/public (a Jekyll folder: its `destination`, _site).", valueName: "dir"))
    var output: String?

    @Flag(name: .long, help: "Include drafts (draft: true, content/drafts/).")
    var drafts = false

    @Flag(name: .long, help: "Include posts dated in the future.")
    var future = false

    @Option(name: .customLong("base-url"), help: ArgumentHelp("Override `url` from site.yml.", valueName: "url"))
    var baseURL: String?

    /// The only way to let links reach outside the site: the runner's flag, never site.yml.
    @Option(name: .customLong("allow-symlinks-to"),
            help: ArgumentHelp("A folder outside the site that symbolic links in content/ and templates/ may lead to (repeatable).", valueName: "dir"))
    var allowSymlinksTo: [String] = []

    @Flag(name: .long, help: "Fail on warnings too (for CI): the output is then left untouched.")
    var strict = false

    @Option(name: .long, help: ArgumentHelp("A Jekyll folder's configuration files, comma-separated (default: _config.yml).", valueName: "files"))
    var config: String?

    func run() async throws {
        let folder = URL(fileURLWithPath: site).standardizedFileURL
        if JekyllBuildOptions.isJekyllSite(folder) {
            try await buildJekyll(folder)
            return
        }
        var options = BuildOptions(siteDirectory: URL(fileURLWithPath: site).standardizedFileURL,
                                   outputDirectory: output.map { URL(fileURLWithPath: $0).standardizedFileURL },
                                   includeDrafts: drafts, includeFuture: future, baseURL: baseURL)
        options.strict = strict
        options.allowSymlinksTo = allowSymlinksTo.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        options.processExitsAfter = true
        do {
            let report = try await SiteBuilder(options: options).build()
            Terminal.printSummary(report)
        } catch {
            Terminal.printFailure(error)
            throw ExitCode(1)
        }
    }
}

extension BuildCommand {
    /// A folder with `_config.yml` and no `site.yml` is built as Jekyll 4.3 would build it.
    func buildJekyll(_ folder: URL) async throws {
        var options = JekyllBuildOptions(source: folder, destination: output.map { URL(fileURLWithPath: $0).standardizedFileURL },
                                         configFiles: config.map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } } ?? [],
                                         drafts: drafts, future: future)
        options.strict = strict
        options.baseURL = baseURL
        do {
            let report = try await JekyllBuilder(options: options).build()
            Terminal.printSummary(report)
        } catch {
            Terminal.printFailure(error)
            throw ExitCode(1)
        }
    }
}

/// Diagnostics on stderr; a command's own summary on stdout (so `galley build > log` keeps it).
enum Terminal {
    static func err(_ s: String) {
        FileHandle.standardError.write(Data((s + "\n").utf8))
    }

    static func out(_ s: String) {
        FileHandle.standardOutput.write(Data((s + "\n").utf8))
    }

    static func printSummary(_ r: BuildReport) {
        for w in r.warnings { err(w.description) }
        let rows: [(String, Int)] = [("posts", r.posts), ("pages", r.pages), ("feeds", r.feeds), ("assets copied", r.assets),
                                     ("files written", r.files - r.unchanged), ("files unchanged", r.unchanged),
                                     ("warnings", r.warnings.count)]
        out("galley: built \(r.outputDirectory.path) in \(String(format: "%.2f", r.seconds)) s")
        for (k, v) in rows { out("  " + k.padding(toLength: 17, withPad: " ", startingAt: 0) + String(v)) }
        if !r.heldBack.isEmpty {
            out("  held back (use --drafts / --future to include):")
            for h in r.heldBack.sorted(by: { $0.source < $1.source }) {
                let due = h.due.map { " — due \(SiteDates.iso8601($0, TimeZone(identifier: "UTC")!))" } ?? ""
                out("    \(h.source) (\(h.reason)\(due))")
            }
        }
    }

    static func printFailure(_ error: BuildFailure) {
        for d in error.diagnostics { err(d.description) }
        let n = error.errors.count
        err("galley: build failed with \(n) error\(n == 1 ? "" : "s"); the previous output was left untouched")
    }
}
