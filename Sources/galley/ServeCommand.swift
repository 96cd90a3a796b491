import ArgumentParser
import Foundation
import Server
import Site

/// `galley serve`: build, serve the output on loopback, rebuild on save, reload the browser.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site, serve it locally and rebuild and reload on every save."
    )

    @Option(name: .long, help: "The site folder (with site.yml, content/ and templates/).")
    var site: String = "."

    @Option(name: .long, help: "The output folder (default: <site>/public).")
    var output: String?

    @Option(name: .long, help: "Address to listen on. Use 0.0.0.0 only to expose the server on purpose.")
    var host: String = "127.0.0.1"

    @Option(name: .long, help: "Port to listen on.")
    var port: UInt16 = 4000

    /// On loopback, other names are refused: a web page cannot rebind its own name to this machine
    /// and read the drafts being served.
    @Option(name: .customLong("allow-host"),
            help: ArgumentHelp("Also answer requests for this host name (repeatable), e.g. blog.test mapped to 127.0.0.1 in /etc/hosts.",
                               valueName: "name"))
    var allowHost: [String] = []

    @Flag(name: .long, help: "Include draft posts.")
    var drafts = false

    @Flag(name: .long, help: "Include posts dated in the future.")
    var future = false

    func run() async throws {
        let siteURL = URL(fileURLWithPath: site).standardizedFileURL
        let outputURL = output.map { URL(fileURLWithPath: $0).standardizedFileURL }
            ?? siteURL.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: outputURL, withIntermediateDirectories: true)

        let server = DevServer(configuration: DevServerConfiguration(root: outputURL, host: host, port: port,
                                                                     allowedHosts: allowHost))
        let boundPort: UInt16
        do {
            boundPort = try await server.start()
        } catch let error as DevServerError {
            printError("error: \(error)")
            throw ExitCode.failure
        }

        // Folders that do not exist yet are picked up when created (site.yml's folder is watched).
        // The output folder is excluded: an --output inside content/ must not rebuild itself forever.
        let watcher = FileWatcher(
            folders: ["content", "templates", "static", "assets"].map { siteURL.appendingPathComponent($0).path },
            files: [siteURL.appendingPathComponent("site.yml").path],
            excluding: [outputURL.path]
        )

        // ── Build call site ────────────────────────────────────────────────────────────
        // The site build: one long-lived session keeps what did not change between saves
        // (see Site.BuildSession); it returns only after every output write is complete.
        let session = BuildSession(options: BuildOptions(siteDirectory: siteURL, outputDirectory: outputURL,
                                                         includeDrafts: drafts, includeFuture: future))
        let sitePrefix = siteURL.path + "/"
        let rebuild: DevLoop.Rebuild = { changed in
            let relative: Set<String>? = changed.isEmpty ? nil
                : Set(changed.map { $0.hasPrefix(sitePrefix) ? String($0.dropFirst(sitePrefix.count)) : $0 })
            do {
                let outcome = try await session.rebuild(changed: relative)
                for warning in outcome.report.warnings { printError(warning.description) }
                let cssOnly = !outcome.changedPaths.isEmpty && outcome.changedPaths.allSatisfy { $0.hasSuffix(".css") }
                return .success(changedOutputPaths: outcome.changedPaths, cssOnly: cssOnly)
            } catch let failure as Site.BuildFailure {
                for diagnostic in failure.diagnostics { printError(diagnostic.description) }
                let first = failure.errors.first
                return .failure(message: first?.message ?? "the build failed", file: first?.file,
                                line: first.map(\.line), column: first.map(\.column))
            } catch {
                return .failure(message: "\(error)", file: nil, line: nil, column: nil)
            }
        }
        // ──────────────────────────────────────────────────────────────────────────────────

        let loop = DevLoop(server: server, watcher: watcher, onRebuild: Self.report, rebuild: rebuild)
        let shownHost = host.contains(":") ? "[\(host)]" : host
        printLine("Serving \(outputURL.path) at http://\(shownHost):\(boundPort)/ — press Ctrl-C to stop")
        for name in allowHost {
            printLine("Also answering http://\(name):\(boundPort)/ (--allow-host)")
        }
        if host != "127.0.0.1" && host != "localhost" && host != "::1" {
            printLine("warning: listening on \(host): other machines on the network can reach this server")
        }

        do {
            try await Self.runUntilInterrupted { try await loop.run() }
        } catch let error as FileWatcherError {
            await server.stop()
            printError("error: \(error)")
            throw ExitCode.failure
        }
        await server.stop()
        printLine("\nStopped.")
    }

    /// One status line per rebuild.
    @Sendable static func report(_ report: RebuildReport) {
        let millis = Double(report.duration.components.attoseconds) / 1e15
            + Double(report.duration.components.seconds) * 1000
        let time = String(format: "%.0f ms", millis)
        switch report.outcome {
        case .success(let paths, _):
            let what = report.changedSources.isEmpty ? "built" : "rebuilt"
            printLine("\(what) in \(time): \(paths.count) output file\(paths.count == 1 ? "" : "s") changed")
        case .failure(let message, let file, let line, let column):
            let location = OverlayError(message: message, file: file, line: line, column: column).location
            printError("error: \(location.map { "\($0): " } ?? "")\(message)")
        }
    }

    /// Runs `body` until it returns or SIGINT/SIGTERM arrives; the signal cancels it, so it can
    /// clean up (watchers close their descriptors). A second signal exits immediately.
    static func runUntilInterrupted(_ body: @escaping @Sendable () async throws -> Void) async throws {
        let signals = TerminationSignals.stream()
        let work = Task { try await body() }
        let trap = Task {
            var seen = 0
            for await _ in signals {
                seen += 1
                if seen == 1 { work.cancel() } else { Foundation.exit(130) }
            }
        }
        defer { trap.cancel() }
        do {
            try await work.value
        } catch is CancellationError {
            return
        }
    }
}

/// Unbuffered, unlike `print` when piped: scripts and benchmarks read the status lines live.
private func printLine(_ message: String) {
    FileHandle.standardOutput.write(Data((message + "\n").utf8))
}

private func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
