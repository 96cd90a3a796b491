import ArgumentParser
import Check
import Foundation
import Jekyll
import Site

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

    @Option(name: .long, help: ArgumentHelp("The output folder checked when no path is given. Default: <site>/public (a Jekyll folder: <site>/_site).", valueName: "dir"))
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
        // A Jekyll folder's output is `_site`, as `galley build` writes it there.
        let defaultFolder = JekyllBuildOptions.isJekyllSite(URL(fileURLWithPath: site)) ? "_site" : "public"
        let targets = paths.isEmpty ? [output ?? (site == "." ? defaultFolder : (site as NSString).appendingPathComponent(defaultFolder))] : paths
        for t in targets where !FileManager.default.fileExists(atPath: t) {
            usageError(paths.isEmpty ? "no output folder at \(t); build the site first or pass a path" : "no such file or folder: \(t)")
        }
        let start = Date()
        // A sub-path site (https://user.github.io/project) says where it is served in its home page's canonical link.
        let base = basePath ?? targets.lazy.compactMap { SiteChecker.inferredBasePath(of: URL(fileURLWithPath: $0)) }.first ?? "/"
        var diagnostics = await SiteChecker(basePath: base).check(paths: targets.map { URL(fileURLWithPath: $0) })
        // Checking the site's own output: a page's broken link is reported where it was written, in the
        // Markdown source (so CI annotations land on a file of the repository), and the page named after it.
        if paths.isEmpty {
            diagnostics = Self.locatedInSources(diagnostics, site: URL(fileURLWithPath: site), output: targets[0])
        }
        let rendered = CheckReport.render(diagnostics, format: reportFormat)
        FileHandle.standardOutput.write(Data(rendered.utf8))
        let elapsed = String(format: "%.2f", Date().timeIntervalSince(start))
        FileHandle.standardError.write(Data("galley check: \(CheckReport.summary(diagnostics)) in \(elapsed) s\n".utf8))
        let failed = diagnostics.contains { $0.severity == .error } || (strict && !diagnostics.isEmpty)
        if failed { throw ExitCode(1) }
    }

    static func locatedInSources(_ diagnostics: [CheckDiagnostic], site: URL, output: String) -> [CheckDiagnostic] {
        let map = SiteBuilder.sourceMap(siteDirectory: site)
        guard !map.isEmpty else { return diagnostics }
        let prefix = output.hasSuffix("/") ? output : output + "/"
        let siteRel = site.standardizedFileURL.path == FileManager.default.currentDirectoryPath ? "" : site.relativePath + "/"
        let rules: Set = ["link-broken", "anchor-missing", "image-missing"]
        func url(_ d: CheckDiagnostic) -> String? {
            guard let open = d.message.firstIndex(of: "\""), let close = d.message[d.message.index(after: open)...].firstIndex(of: "\"") else { return nil }
            return String(d.message[d.message.index(after: open)..<close])
        }
        let base = SiteBuilder.basePath(siteDirectory: site)
        var located: [CheckDiagnostic] = []
        var locatedKeys = Set<String>()
        var rest: [CheckDiagnostic] = []
        for d in diagnostics {
            guard rules.contains(d.rule), d.path.hasPrefix(prefix), let source = map[String(d.path.dropFirst(prefix.count))], let u = url(d) else {
                rest.append(d); continue
            }
            // The source wrote it without the base path (the build added it).
            let written = !base.isEmpty && u.hasPrefix(base + "/") ? String(u.dropFirst(base.count)) : u
            let file = site.appendingPathComponent(source)
            let position = SiteBuilder.locate(u, inFile: file) ?? SiteBuilder.locate(written, inFile: file) ?? (1, 1)
            var l = d
            l.path = siteRel + source
            l.line = position.line
            l.column = position.column
            l.message += " (on \(d.path):\(d.line):\(d.column))"
            located.append(l)
            locatedKeys.insert(d.rule + "\u{0}" + u)
        }
        // The same broken reference on list pages (an excerpt) is the same mistake: counted, not repeated.
        var copies: [String: Int] = [:]
        rest = rest.filter { d in
            guard rules.contains(d.rule), let u = url(d), locatedKeys.contains(d.rule + "\u{0}" + u) else { return true }
            copies[d.rule + "\u{0}" + u, default: 0] += 1
            return false
        }
        for i in located.indices {
            if let u = url(located[i]), let n = copies.removeValue(forKey: located[i].rule + "\u{0}" + u) {
                located[i].message += " (also on \(n) list page\(n == 1 ? "" : "s"))"
            }
        }
        return (located + rest).sorted { ($0.path, $0.line, $0.column) < ($1.path, $1.line, $1.column) }
    }

    /// ArgumentParser's ValidationError exits 64; CI scripts expect 2 for usage errors.
    private func usageError(_ message: String) -> Never {
        FileHandle.standardError.write(Data("galley check: error: \(message)\n".utf8))
        Foundation.exit(2)
    }
}
