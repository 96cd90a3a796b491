import Foundation
import Testing
@testable import Server

/// The `galley` executable built next to this test binary (SwiftPM builds every product
/// before testing); nil when absent, and the suite is skipped.
let galleyExecutable: String? = {
    let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    let path = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("galley").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
}()

/// `galley serve` as the user runs it: a real process, real signals, real ports.
@Suite(.timeLimit(.minutes(1)), .enabled(if: galleyExecutable != nil))
struct ServeCommandTests {
    @Test func aSecondServeOnABusyPortSaysSoAndSuggestsAnotherPort() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try await withServer(site) { _, port in
            let serve = try GalleyProcess(["serve", "--site", site.base.path, "--output", site.root.path,
                                           "--port", String(port)])
            #expect(await serve.exited(within: 20))
            #expect(serve.status == 1)
            #expect(serve.errors.contains("error: port \(port) is already in use; try --port \(port + 1)"),
                    "stderr: \(serve.errors)")
            #expect(!serve.output.contains("Serving"))
        }
    }

    /// Ctrl-C while a page holds a live-reload stream open: the process stops promptly,
    /// exits 0, says so, and leaves the port free.
    @Test func ctrlCStopsCleanlyAndFreesThePort() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("galley-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let siteFolder = base.appendingPathComponent("site").path
        let scaffold = try GalleyProcess(["init", siteFolder])
        #expect(await scaffold.exited(within: 20))
        try #require(scaffold.status == 0, "galley init: \(scaffold.errors)")

        let serve = try GalleyProcess(["serve", "--site", siteFolder, "--port", "0"])
        defer { serve.kill() }
        #expect(await eventually(within: 30) { serve.output.contains("built in") }, "stdout: \(serve.output)")
        let port = try #require(Self.port(in: serve.output), "stdout: \(serve.output)")

        let page = try await RawHTTP.request(port: port, target: "/")
        #expect(page.status == 200)
        #expect(page.text.contains("data-galley-live-reload"))
        let stream = try await EventStreamClient(port: port)

        let interrupted = ContinuousClock.now
        serve.interrupt()
        #expect(await serve.exited(within: 10), "still running after SIGINT")
        #expect(ContinuousClock.now - interrupted < .seconds(5))
        #expect(serve.status == 0, "stderr: \(serve.errors)")
        #expect(serve.output.contains("Stopped."))
        withExtendedLifetime(stream) {}  // the page stayed open through the whole shutdown
        // Nothing listens any more: the port can be bound again.
        let again = DevServer(configuration: DevServerConfiguration(root: base, port: port))
        #expect(try await again.start() == port)
        await again.stop()
    }

    /// The port in `Serving … at http://127.0.0.1:PORT/`.
    static func port(in output: String) -> UInt16? {
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("Serving ") }),
              let at = line.range(of: "http://127.0.0.1:") else { return nil }
        return UInt16(line[at.upperBound...].prefix { $0.isNumber })
    }
}

/// A `galley` child process whose standard output and error are collected as they arrive.
final class GalleyProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var out = Data()
    private var err = Data()
    private var open = 2

    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: galleyExecutable!)
        process.arguments = arguments
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        collect(outPipe.fileHandleForReading) { $0.out.append($1) }
        collect(errPipe.fileHandleForReading) { $0.err.append($1) }
    }

    /// Reads on a thread of its own until end of file (the child exited and closed its end).
    private func collect(_ handle: FileHandle, _ append: @escaping @Sendable (GalleyProcess, Data) -> Void) {
        Thread { [self] in
            while case let chunk = handle.availableData, !chunk.isEmpty {
                lock.withLock { append(self, chunk) }
            }
            lock.withLock { open -= 1 }
        }.start()
    }

    var output: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
    var errors: String { lock.withLock { String(decoding: err, as: UTF8.self) } }
    var status: Int32? { process.isRunning ? nil : process.terminationStatus }

    /// Waits for the process to exit and its output to be read to the end.
    func exited(within seconds: Double) async -> Bool {
        await eventually(within: seconds) { !self.process.isRunning && self.lock.withLock { self.open == 0 } }
    }

    /// SIGINT, as Ctrl-C in a terminal sends it.
    func interrupt() { process.interrupt() }

    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    }
}
