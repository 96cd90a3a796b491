import Foundation
import FlyingFox
import FlyingSocks
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where and what the development server serves.
public struct DevServerConfiguration: Sendable {
    /// The built site (output folder). Only files inside it are ever served.
    public var root: URL
    /// Loopback by default: exposing the dev server to the network must be asked for.
    public var host: String
    /// 0 picks a free port (tests).
    public var port: UInt16
    /// Inject the live-reload script into HTML responses.
    public var liveReload: Bool
    /// Seconds between SSE heartbeats; they also reveal closed browser tabs.
    public var heartbeatInterval: Double
    /// Answer only loopback `Host` names (DNS-rebinding guard). nil: on when `host` is loopback.
    public var loopbackHostsOnly: Bool?
    /// Extra `Host` names the guard lets through, e.g. `blog.test` mapped to 127.0.0.1 in
    /// /etc/hosts. Exact names (any port); each one is trusted not to be rebound by a stranger.
    public var allowedHosts: [String]

    public init(root: URL, host: String = "127.0.0.1", port: UInt16 = 4000,
                liveReload: Bool = true, heartbeatInterval: Double = 15, loopbackHostsOnly: Bool? = nil,
                allowedHosts: [String] = []) {
        self.root = root
        self.host = host
        self.port = port
        self.liveReload = liveReload
        self.heartbeatInterval = heartbeatInterval
        self.loopbackHostsOnly = loopbackHostsOnly
        self.allowedHosts = allowedHosts
    }
}

/// Why the server could not start, worded for the command line.
public enum DevServerError: Error, Equatable, CustomStringConvertible {
    case portInUse(port: UInt16)
    case invalidHost(String)
    case cannotListen(String)
    case invalidAllowedHost(String)

    public var description: String {
        switch self {
        case .portInUse(let port):
            let next = port == UInt16.max ? 4000 : port + 1
            return "port \(port) is already in use; try --port \(next)"
        case .invalidHost(let host):
            return "cannot listen on '\(host)': use an IP address such as 127.0.0.1, 0.0.0.0 or ::1"
        case .cannotListen(let reason):
            return "cannot start the server: \(reason)"
        case .invalidAllowedHost(let value):
            return "--allow-host '\(value)' is not a host name: give just the name, e.g. --allow-host blog.test"
        }
    }
}

/// The `galley serve` HTTP server: static files from the output folder plus the live-reload stream.
///
/// The build loop calls `publish(_:)` after its writes are complete; a failed build
/// publishes `.error` and leaves the output untouched, so the last good pages keep being served.
public actor DevServer {
    public nonisolated let configuration: DevServerConfiguration
    /// Shared with the request handler; `publish` forwards to it.
    public nonisolated let hub: ReloadHub
    private var runTask: Task<Void, Never>?
    private var heartbeatTask: Task<Void, Never>?
    private var boundPort: UInt16?

    public init(configuration: DevServerConfiguration) {
        self.configuration = configuration
        self.hub = ReloadHub()
    }

    /// Tells every open page what changed. Call only after the build has finished writing.
    public nonisolated func publish(_ event: ReloadEvent) async {
        await hub.publish(event)
    }

    /// The port actually bound, once started.
    public var port: UInt16? { boundPort }

    /// Binds and starts serving in the background; returns the bound port.
    /// Throws `DevServerError.portInUse` when the port is taken.
    @discardableResult
    public func start() async throws -> UInt16 {
        if let boundPort { return boundPort }
        let address = try Self.address(host: configuration.host, port: configuration.port)
        let handler = StaticSiteHandler(
            resolver: PathResolver(root: configuration.root.standardizedFileURL.path),
            hub: hub,
            liveReload: configuration.liveReload,
            loopbackHostsOnly: configuration.loopbackHostsOnly ?? Self.isLoopback(configuration.host),
            allowedHosts: try Self.allowedHostNames(configuration.allowedHosts)
        )
        let server = HTTPServer(config: .init(address: address, timeout: 15, logger: .disabled), handler: handler)
        let outcome = StartOutcome()
        let task = Task {
            do {
                try await server.run()
            } catch {
                await outcome.fail(error)
            }
        }
        // `run()` binds inside the task; wait for it to listen or fail.
        // Generous: binding takes milliseconds, but a loaded machine may not run this task for a while.
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if let error = await outcome.error {
                throw Self.describe(error, port: configuration.port)
            }
            if await server.isListening, let port = await Self.port(of: server) {
                runTask = task
                boundPort = port
                startHeartbeat()
                return port
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        task.cancel()
        throw DevServerError.cannotListen("timed out waiting for the socket")
    }

    /// Ends live-reload streams, stops accepting, ends open connections, then closes the listening socket.
    ///
    /// Not `HTTPServer.stop`: it closes the listening descriptor while the accept loop may still
    /// be about to call `accept` on that number, and the kernel hands the number to the next
    /// socket the process opens — with several servers in one process (parallel tests), possibly
    /// another server's, whose connections the old loop could then answer. Cancelling the run
    /// task ends the accept loop and connections first; `run()` closes the socket last.
    public func stop() async {
        heartbeatTask?.cancel()
        heartbeatTask = nil
        await hub.finishAll()
        runTask?.cancel()
        await runTask?.value
        runTask = nil
        boundPort = nil
    }

    private func startHeartbeat() {
        let interval = max(configuration.heartbeatInterval, 0.05)
        let hub = self.hub
        heartbeatTask = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                await hub.heartbeat()
            }
        }
    }

    static func address(host: String, port: UInt16) throws -> any SocketAddress {
        let trimmed = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        do {
            if trimmed == "localhost" { return try sockaddr_in.inet(ip4: "127.0.0.1", port: port) }
            if trimmed.contains(":") { return try sockaddr_in6.inet6(ip6: trimmed, port: port) }
            return try sockaddr_in.inet(ip4: trimmed, port: port)
        } catch {
            throw DevServerError.invalidHost(host)
        }
    }

    /// Normalised `allowedHosts`; a URL, path or empty value is a mistake worth stopping for.
    static func allowedHostNames(_ values: [String]) throws -> Set<String> {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789.-:")
        return Set(try values.map { value in
            guard let name = StaticSiteHandler.hostName(value), name.allSatisfy(allowed.contains),
                  !value.contains("/"), name.contains(where: { $0 != "." && $0 != ":" }) else {
                throw DevServerError.invalidAllowedHost(value)
            }
            return name
        })
    }

    static func isLoopback(_ host: String) -> Bool {
        StaticSiteHandler.isLoopbackHost(host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host)
    }

    private static func port(of server: HTTPServer) async -> UInt16? {
        switch await server.listeningAddress {
        case .ip4(_, let port), .ip6(_, let port): return port
        default: return nil
        }
    }

    private static func describe(_ error: any Error, port: UInt16) -> any Error {
        if case SocketError.failed(_, let code, let message) = error {
            if code == EADDRINUSE { return DevServerError.portInUse(port: port) }
            return DevServerError.cannotListen(message)
        }
        return DevServerError.cannotListen(String(describing: error))
    }
}

/// Carries a startup failure out of the server task.
private actor StartOutcome {
    private(set) var error: (any Error)?
    func fail(_ error: any Error) { self.error = error }
}
