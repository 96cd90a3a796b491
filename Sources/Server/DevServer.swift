import Foundation
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
    /// Seconds an idle kept-alive connection stays open, and a request may take to send its head
    /// (slow or half-sent requests must not hold sockets forever).
    public var idleTimeout: Double = 15
    public var headerTimeout: Double = 10
    /// Open connections in all, and from one client address; beyond them a new connection takes the
    /// slot of the one that has waited longest for request bytes.
    public var maxConnections = 512
    public var maxConnectionsPerClient = 64
    /// Seconds a write may wait for a client that stopped reading.
    public var sendTimeout: Double = 10
    /// The site's base path (`/project` for https://user.github.io/project): pages are served under it,
    /// as the host will, and `/` redirects there. "" for a site at the root.
    public var basePath = ""

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
    private var listener: HTTPListener?
    /// Connections counted against the limits (tests).
    var openConnections: Int { listener?.openConnections ?? 0 }
    private var heartbeatTask: Task<Void, Never>?

    public init(configuration: DevServerConfiguration) {
        self.configuration = configuration
        self.hub = ReloadHub()
    }

    /// Tells every open page what changed. Call only after the build has finished writing.
    public nonisolated func publish(_ event: ReloadEvent) async {
        await hub.publish(event)
    }

    /// The port actually bound, once started.
    public var port: UInt16? { listener?.port }

    /// Binds and starts serving in the background; returns the bound port.
    /// Throws `DevServerError.portInUse` when the port is taken. `onFatal` is called (once, from any
    /// thread) if the server stops accepting connections while it should be serving.
    @discardableResult
    public func start(onFatal: (@Sendable (String) -> Void)? = nil) async throws -> UInt16 {
        if let listener { return listener.port }
        let host = try Self.address(host: configuration.host)
        let handler = StaticSiteHandler(
            resolver: PathResolver(root: configuration.root.standardizedFileURL.path),
            hub: hub,
            liveReload: configuration.liveReload,
            loopbackHostsOnly: configuration.loopbackHostsOnly ?? Self.isLoopback(configuration.host),
            allowedHosts: try Self.allowedHostNames(configuration.allowedHosts),
            basePath: configuration.basePath
        )
        let made: HTTPListener
        do {
            made = try HTTPListener(host: host, port: configuration.port) { handler.respond($0) }
        } catch .inUse {
            throw DevServerError.portInUse(port: configuration.port)
        } catch .other(let reason) {
            throw DevServerError.cannotListen(reason)
        }
        made.onFatal = onFatal
        made.idleTimeout = configuration.idleTimeout
        made.headTimeout = configuration.headerTimeout
        made.maxConnections = configuration.maxConnections
        made.maxPerClient = configuration.maxConnectionsPerClient
        made.sendTimeout = configuration.sendTimeout
        made.start()
        listener = made
        startHeartbeat()
        return made.port
    }

    /// Ends live-reload streams, stops accepting, ends open connections, then closes the listening socket.
    public func stop() async {
        heartbeatTask?.cancel()
        heartbeatTask = nil
        await hub.finishAll()
        if let listener {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                Thread { listener.stop(); done.resume() }.start()
            }
        }
        listener = nil
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

    /// The IP literal to bind: `localhost` is 127.0.0.1; brackets are dropped from IPv6.
    static func address(host: String) throws -> String {
        let trimmed = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if trimmed == "localhost" { return "127.0.0.1" }
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, trimmed, &v4) == 1 || inet_pton(AF_INET6, trimmed, &v6) == 1 { return trimmed }
        throw DevServerError.invalidHost(host)
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
}
