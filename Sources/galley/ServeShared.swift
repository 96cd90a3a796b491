import ArgumentParser
import Foundation
import Server
import Site

/// What `galley serve` does the same way for a Galley site and a Jekyll folder: the output folder, the
/// server, the first lines it prints, and a failed build's report to the terminal and the error overlay.
extension ServeCommand {
    /// `--output`, or a private folder removed on exit (drafts shown while writing never reach a deploy).
    func servedFolder() throws -> (url: URL, isPrivate: Bool) {
        let url = output.map { URL(fileURLWithPath: $0).standardizedFileURL }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("galley-serve-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return (url, output == nil)
    }

    /// Starts the server on `root` under `basePath`; a start failure is printed and exits 1.
    func startServer(root: URL, basePath: String) async throws -> (server: DevServer, port: UInt16) {
        var configuration = DevServerConfiguration(root: root, host: host, port: port, allowedHosts: allowHost)
        configuration.idleTimeout = idleTimeout
        configuration.headerTimeout = min(10, idleTimeout)
        configuration.basePath = basePath
        let server = DevServer(configuration: configuration)
        do {
            // A server that stops accepting must not keep printing "rebuilt" as if it served: say so and exit.
            let bound = try await server.start(onFatal: { reason in
                printError("error: the server stopped: \(reason)")
                Foundation.exit(1)
            })
            return (server, bound)
        } catch let error as DevServerError {
            printError("error: \(error)")
            throw ExitCode.failure
        }
    }

    /// The "Serving …" line and the notes under it.
    func announce(_ what: String, port bound: UInt16, basePath: String, privateNote: String?) {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        printLine("Serving \(what) at http://\(shownHost):\(bound)\(basePath)/ — press Ctrl-C to stop")
        if let privateNote { printLine("  (\(privateNote))") }
        for name in allowHost {
            printLine("Also answering http://\(name):\(bound)/ (--allow-host)")
        }
        if host != "127.0.0.1" && host != "localhost" && host != "::1" {
            printLine("warning: listening on \(host): other machines on the network can reach this server")
        }
    }

    /// Each diagnostic once, compiler style, with its hint; the overlay gets the first error and its hint.
    static func failed(_ failure: BuildFailure) -> RebuildOutcome {
        for diagnostic in failure.diagnostics { printError(diagnostic.description) }
        let first = failure.errors.first
        return .failure(message: first?.message ?? "the build failed", file: first?.file,
                        line: first.map(\.line), column: first.map(\.column), hint: first?.hint)
    }
}

extension ServeCommand {
    /// Runs the dev loop until Ctrl-C, then stops the server; a watcher that cannot start is an error.
    func serveUntilInterrupted(_ loop: DevLoop, server: DevServer, wakeUps: AsyncStream<Set<String>>? = nil) async throws {
        do {
            try await Self.runUntilInterrupted { try await loop.run(wakeUps: wakeUps) }
        } catch let error as FileWatcherError {
            await server.stop()
            printError("error: \(error)")
            throw ExitCode.failure
        }
        await server.stop()
        printLine("\nStopped.")
    }
}

/// `WarningLedger` shared by the rebuild closure (which runs on the dev loop's task).
actor ShownWarnings {
    private var ledger = WarningLedger()

    func fresh(_ warnings: [SiteDiagnostic]) -> (new: [SiteDiagnostic], stillHeld: Int) { ledger.fresh(warnings) }
}
