import Foundation
import Testing
@testable import Server
#if canImport(Glibc)
import Glibc
#endif

/// Slow and stalled clients against the dev server, over real sockets on loopback only (127.0.0.0/8;
/// other 127.x addresses stand for other clients): they are timed out or make room, and a normal
/// request is still answered at once. Bounded in sockets and time; every server stops itself.
@Suite(.timeLimit(.minutes(2)))
struct SlowClientTests {
    /// A socket connected to 127.0.0.1:`port` from `source` (another loopback address), or nil.
    static func connect(port: UInt16, from source: String = "127.0.0.1", timeout: Int = 5) -> HTTPHardeningTests.Client? {
        guard let c = try? HTTPHardeningTests.Client(port: port, timeout: timeout, source: source) else { return nil }
        return c
    }

    static func server(_ site: SiteFixture, total: Int = 512, perClient: Int = 64, send: Double = 10) -> DevServer {
        var config = DevServerConfiguration(root: site.root, port: 0, liveReload: false)
        config.maxConnections = total
        config.maxConnectionsPerClient = perClient
        config.sendTimeout = send
        return DevServer(configuration: config)
    }

    /// More than 512 half-sent requests (a slow-loris, from ten addresses) used to leave everyone 503 until
    /// they timed out; now each new connection takes the slot of the longest-waiting one.
    @Test func aSlowLorisDoesNotLockOutANormalRequest() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let server = Self.server(site)
        let port = try await server.start()
        let (opened, status, seconds) = try await RawHTTP.offPool { () -> (Int, Int, Double) in
            var slow: [HTTPHardeningTests.Client] = []
            for i in 0..<600 {
                guard let c = Self.connect(port: port, from: "127.0.0.\(2 + i % 10)") else { continue }
                c.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                slow.append(c)
            }
            let started = Date()
            guard let normal = Self.connect(port: port) else { return (slow.count, 0, 0) }
            normal.send("GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let status = normal.response()?.status ?? 0
            return (slow.count, status, Date().timeIntervalSince(started))
        }
        #expect(opened > 512)
        #expect(status == 200)
        #expect(seconds < 2, "answered after \(seconds) s")
        #expect(await server.openConnections <= 512)
        await server.stop()
    }

    /// One client's idle connections are capped: its own oldest make room, other clients keep theirs.
    @Test func oneClientsConnectionsAreCapped() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let server = Self.server(site, total: 16, perClient: 4)
        let port = try await server.start()
        let statuses = try await RawHTTP.offPool { () -> [Int] in
            let other = Self.connect(port: port, from: "127.0.0.2")
            other?.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            var idle: [HTTPHardeningTests.Client] = []
            for _ in 0..<12 { if let c = Self.connect(port: port, from: "127.0.0.3") { idle.append(c) } }
            var statuses: [Int] = []
            for _ in 0..<3 {
                guard let c = Self.connect(port: port) else { statuses.append(0); continue }
                c.send("GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                statuses.append(c.response()?.status ?? 0)
            }
            // The other client's half-sent request is still open: finishing it is answered.
            other?.send("1\r\n\r\n")
            return [other?.response()?.status ?? 0] + statuses
        }
        #expect(statuses == [200, 200, 200, 200])
        #expect(await eventually { await server.openConnections <= 16 })
        await server.stop()
    }

    /// A client that asks and never reads: the write times out and the connection ends, instead of
    /// holding its thread and slot forever.
    @Test func aClientThatStopsReadingIsDropped() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try Data(repeating: 0x61, count: 4 << 20).write(to: site.root.appendingPathComponent("big.txt"))
        let server = Self.server(site, send: 0.5)
        let port = try await server.start()
        let holder = Holder()
        try await RawHTTP.offPool {
            holder.client = Self.connect(port: port)
            for _ in 0..<16 { holder.client?.send("GET /big.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") }
        }
        #expect(holder.client != nil)
        #expect(await eventually(within: 10) { await server.openConnections == 0 }, "the stalled connection was dropped")
        #expect(try await RawHTTP.request(port: port, target: "/about").status == 200)
        holder.client = nil
        await server.stop()
    }

    /// Keeps a client open (never read) across awaits.
    final class Holder: @unchecked Sendable { var client: HTTPHardeningTests.Client? }

    /// Framing RFC 9112 does not allow is refused (400) or named unsupported (501), and the connection closes.
    @Test(arguments: [
        ("Content-Length: -1\r\n", 400), ("Content-Length: abc\r\n", 400), ("Content-Length: 1e3\r\n", 400),
        ("Content-Length: 99999999999999999999999\r\n", 400), ("Content-Length: 5, 6\r\n", 400),
        ("Content-Length: 5\r\nContent-Length: 6\r\n", 400), ("Content-Length:\r\n", 400), ("Content-Length: +5\r\n", 400),
        ("Transfer-Encoding: gzip\r\n", 400), ("Transfer-Encoding: chunked, chunked\r\n", 400),
        ("Transfer-Encoding: foo, chunked\r\n", 501), ("Transfer-Encoding: foo\r\n", 501),
    ] as [(String, Int)])
    func badFramingIsRefused(_ header: String, _ status: Int) async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let server = Self.server(site)
        let port = try await server.start()
        let (got, closed) = try await RawHTTP.offPool { () -> (Int, Bool) in
            guard let c = Self.connect(port: port) else { return (0, false) }
            c.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\(header)\r\n")
            let r = c.response()
            return (r?.status ?? 0, r?.close == true && c.closedByServer())
        }
        #expect(got == status, "\(header)")
        #expect(closed)
        await server.stop()
    }

    @Test func framingThatIsFineIsServed() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let server = Self.server(site)
        let port = try await server.start()
        let results = try await RawHTTP.offPool { () -> [(Int, Bool)] in
            var out: [(Int, Bool)] = []
            for request in ["GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n",
                            "GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5, 5\r\n\r\nhello",
                            // HTTP/1.0 has no transfer codings: its framing cannot be trusted.
                            "GET /about HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"] {
                guard let c = Self.connect(port: port) else { out.append((0, false)); continue }
                c.send(request)
                let r = c.response()
                out.append((r?.status ?? 0, r?.close ?? false))
            }
            return out
        }
        #expect(results.map(\.0) == [200, 200, 400])
        // A body the server does not read must not be taken for the next request: the connection closes.
        #expect(results.map(\.1) == [false, true, true])
        await server.stop()
    }
}
