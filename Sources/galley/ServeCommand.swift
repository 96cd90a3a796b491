import ArgumentParser
import Foundation
import Jekyll
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

    @Option(name: .long, help: "Where to write the site being served (default: a private temporary folder, so public/ stays as the last `galley build` made it).")
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

    /// Seconds before an idle connection is closed (tests shorten it).
    @Option(name: .customLong("idle-timeout"), help: .hidden)
    var idleTimeout: Double = 15

    /// The only way to let links reach outside the site: the runner's flag, never site.yml.
    @Option(name: .customLong("allow-symlinks-to"),
            help: ArgumentHelp("A folder outside the site that symbolic links in content/ and templates/ may lead to (repeatable).", valueName: "dir"))
    var allowSymlinksTo: [String] = []

    @Flag(name: .long, help: "Include posts dated in the future.")
    var future = false

    @Option(name: .long, help: ArgumentHelp("A Jekyll folder's configuration files, comma-separated (default: _config.yml).", valueName: "files"))
    var config: String?

    func run() async throws {
        let siteURL = URL(fileURLWithPath: site).standardizedFileURL
        if JekyllBuildOptions.isJekyllSite(siteURL) {
            try await serveJekyll(siteURL)
            return
        }
        // Served from a folder of its own: drafts and future posts shown while writing never reach public/,
        // which a deploy would publish.
        let (outputURL, privateOutput) = try servedFolder()
        defer { if privateOutput { try? FileManager.default.removeItem(at: outputURL) } }
        let basePath = SiteBuilder.basePath(siteDirectory: siteURL)
        let (server, boundPort) = try await startServer(root: outputURL, basePath: basePath)

        // Folders that do not exist yet are picked up when created (site.yml's folder is watched).
        // The output folder is excluded: an --output inside content/ must not rebuild itself forever.
        let watcher = FileWatcher(
            folders: ["content", "templates", "static", "assets", "i18n", "data"].map { siteURL.appendingPathComponent($0).path },
            files: [siteURL.appendingPathComponent("site.yml").path],
            excluding: [outputURL.path]
        )

        // ── Build call site ────────────────────────────────────────────────────────────
        // The site build: one long-lived session keeps what did not change between saves
        // (see Site.BuildSession); it returns only after every output write is complete.
        var buildOptions = BuildOptions(siteDirectory: siteURL, outputDirectory: outputURL, includeDrafts: drafts, includeFuture: future)
        buildOptions.allowSymlinksTo = allowSymlinksTo.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let session = BuildSession(options: buildOptions)
        let sitePrefix = siteURL.path + "/"
        // A scheduled post comes due while serving: rebuild then (the build reads the clock each time).
        let (wakeUps, wake) = AsyncStream<Set<String>>.makeStream()
        let dueTimer = DueTimer(wake: wake)
        let shown = ShownWarnings()
        let rebuild: DevLoop.Rebuild = { changed in
            let relative: Set<String>? = changed.isEmpty ? nil
                : Set(changed.map { $0.hasPrefix(sitePrefix) ? String($0.dropFirst(sitePrefix.count)) : $0 })
            do {
                let outcome = try await session.rebuild(changed: relative)
                let (new, held) = await shown.fresh(outcome.report.warnings)
                for warning in new { printError(warning.description) }
                if held > 0, changed.isEmpty == false {
                    printLine("  \(held) warning\(held == 1 ? "" : "s") shown before still hold\(held == 1 ? "s" : "")")
                }
                let scheduled = outcome.report.heldBack.filter { $0.reason == "scheduled" }
                for h in scheduled.sorted(by: { $0.source < $1.source }) {
                    printLine("  held back: \(h.source) (scheduled\(h.due.map { " — due \(SiteDates.iso8601($0, TimeZone(identifier: "UTC")!))" } ?? ""))")
                }
                await dueTimer.arm(at: scheduled.compactMap(\.due).min())
                let cssOnly = !outcome.changedPaths.isEmpty && outcome.changedPaths.allSatisfy { $0.hasSuffix(".css") }
                return .success(changedOutputPaths: outcome.changedPaths, cssOnly: cssOnly)
            } catch let failure as Site.BuildFailure {
                return Self.failed(failure)
            } catch {
                return .failure(message: "\(error)", file: nil, line: nil, column: nil)
            }
        }
        // ──────────────────────────────────────────────────────────────────────────────────

        let loop = DevLoop(server: server, watcher: watcher, onRebuild: Self.report, rebuild: rebuild)
        announce(siteURL.lastPathComponent, port: boundPort, basePath: basePath,
                 privateNote: privateOutput ? "from a private folder; public/ is left as the last `galley build` made it" : nil)

        try await serveUntilInterrupted(loop, server: server, wakeUps: wakeUps)
    }

    /// One status line per rebuild.
    @Sendable static func report(_ report: RebuildReport) {
        let millis = Double(report.duration.components.attoseconds) / 1e15
            + Double(report.duration.components.seconds) * 1000
        let time = String(format: "%.0f ms", millis)
        switch report.outcome {
        case .success(let paths, _):
            let what = report.changedSources.isEmpty ? "built" : "rebuilt"
            printLine("\(what) in \(time)\(changedNames(report.changedSources)): \(paths.count) output file\(paths.count == 1 ? "" : "s") changed")
        case .failure:
            // The errors themselves were printed once, with their hints, by the build.
            printError("build failed\(changedNames(report.changedSources)) in \(time); still serving the last good build")
        }
    }

    /// ` (content/posts/a.md)`: the files that set off a rebuild, relative to the current folder when inside it.
    static func changedNames(_ sources: Set<String>) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        let names = sources.sorted().map { $0.hasPrefix(cwd) ? String($0.dropFirst(cwd.count)) : $0 }.filter { $0 != DueTimer.marker }
        if sources.contains(DueTimer.marker) && names.isEmpty { return " (a scheduled post came due)" }
        guard !names.isEmpty else { return "" }
        return " (" + names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", and \(names.count - 3) more" : "") + ")"
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
func printLine(_ message: String) {
    FileHandle.standardOutput.write(Data((message + "\n").utf8))
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Wakes the dev loop when the next scheduled post comes due (one timer, re-armed after every build).
actor DueTimer {
    /// The change that stands for "the clock moved on": no file has this name.
    static let marker = "(clock)"
    private let wake: AsyncStream<Set<String>>.Continuation
    private var task: Task<Void, Never>?
    private var armedFor: Date?

    init(wake: AsyncStream<Set<String>>.Continuation) { self.wake = wake }

    func arm(at due: Date?) {
        guard due != armedFor else { return }
        task?.cancel()
        armedFor = due
        guard let due else { return }
        task = Task {
            let seconds = max(0, due.timeIntervalSinceNow) + 0.5
            try? await Task.sleep(for: .seconds(seconds))
            if !Task.isCancelled { self.fire() }
        }
    }

    private func fire() {
        armedFor = nil
        wake.yield([DueTimer.marker])
    }
}
