import Foundation
import Testing
@testable import Server

/// Several dev servers in one process (parallel tests, or a restart) must never answer for each other.
@Suite(.timeLimit(.minutes(2)))
struct ServerIsolationTests {
    /// Descriptor numbers are reused the moment they are closed, and every server and test client
    /// shares one process: a stale or double `close` (a stopping server, a client whose connect
    /// was refused) lands on whatever socket got the number next. Here one server stops while
    /// busy and refusing connections, and a server without live reload starts at the same time:
    /// its pages must come back untouched, from it, every time.
    @Test func aStoppingServerNeverAnswersForTheNextOne() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let page = try Data(contentsOf: site.root.appendingPathComponent("about.html"))
        for round in 0..<12 {
            let busy = DevServer(configuration: DevServerConfiguration(root: site.root, port: 0, heartbeatInterval: 0.2))
            let busyPort = try await busy.start()
            let hammer = Hammer(port: busyPort)
            hammer.start()
            try await Task.sleep(for: .milliseconds(20))

            async let stopped: Void = busy.stop()
            let quiet = DevServer(configuration: DevServerConfiguration(root: site.root, port: 0, liveReload: false))
            let quietPort = try await quiet.start()
            for _ in 0..<8 {
                do {
                    let served = try await RawHTTP.request(port: quietPort, target: "/about")
                    #expect(served.body == page, "round \(round): \(served.status) \(served.text.prefix(200))")
                } catch {
                    Issue.record("round \(round): \(error)")
                }
            }
            await stopped
            await hammer.stop()
            await quiet.stop()
        }
    }

    /// A server started on an explicit port after another stopped gets that port, and only
    /// one of two servers asking for the same port at once wins it.
    @Test func twoServersNeverShareAPort() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let first = DevServer(configuration: DevServerConfiguration(root: site.root, port: 0))
        let port = try await first.start()
        await first.stop()
        let a = DevServer(configuration: DevServerConfiguration(root: site.root, port: port))
        let b = DevServer(configuration: DevServerConfiguration(root: site.root, port: port, liveReload: false))
        async let startA = outcome { try await a.start() }
        async let startB = outcome { try await b.start() }
        let results = await [startA, startB]
        let winners = results.filter { if case .success = $0 { true } else { false } }
        #expect(winners.count == 1)
        for case .failure(let error) in results {
            #expect(error as? DevServerError == .portInUse(port: port))
        }
        await a.stop()
        await b.stop()
    }
}

/// Opens and drops connections to a port on a thread of its own, so the server's accept loop is
/// always busy, until stopped.
private final class Hammer: @unchecked Sendable {
    let port: UInt16
    private let lock = NSLock()
    private var running = true
    private var finished = false

    init(port: UInt16) { self.port = port }

    func start() {
        Thread { [self] in
            while isRunning {
                if let connection = try? RawConnection(port: port, timeout: 0.2) {
                    connection.send("GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                } else {
                    usleep(1000)  // refused: the server is gone
                }
            }
            lock.withLock { finished = true }
        }.start()
    }

    private var isRunning: Bool { lock.withLock { running } }

    func stop() async {
        lock.withLock { running = false }
        _ = await eventually { self.lock.withLock { self.finished } }
    }
}

private func outcome(_ body: () async throws -> UInt16) async -> Result<UInt16, any Error> {
    do { return .success(try await body()) } catch { return .failure(error) }
}
