import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Answers every request: the live-reload stream, files of the output folder, redirects and errors.
///
/// Files are read on each request (no in-memory cache) and every response says `no-store`,
/// so the browser always sees what the last build wrote.
struct StaticSiteHandler: Sendable {
    let resolver: PathResolver
    let hub: ReloadHub
    let liveReload: Bool
    /// Only loopback `Host` names are answered (set while listening on loopback): a page on
    /// another site cannot DNS-rebind its own name to 127.0.0.1 and read drafts being served.
    var loopbackHostsOnly = false
    /// Names let through the guard as well (`--allow-host`), already normalised by `hostName`.
    var allowedHosts: Set<String> = []
    /// Served under this path ("" or `/project`), as the host will serve the site.
    var basePath = ""
    /// Bodies as last served, checked against the file's size and time on every request.
    let cache = FileCache()

    /// Answers one request, on the connection's own thread (files are read synchronously; only the
    /// live-reload stream waits on the hub).
    func respond(_ request: HTTPHead) -> HTTPAnswer {
        let isHead = request.method == "HEAD"
        if loopbackHostsOnly, !isAllowedHost(request.header("host")) {
            return plain(403, "403 Forbidden: use http://127.0.0.1 or http://localhost"
                         + " (or start `galley serve` with --allow-host NAME)\n", head: isHead)
        }
        guard request.method == "GET" || isHead else {
            var answer = plain(405, "405 Method Not Allowed\n", head: false)
            answer.headers.append(("Allow", "GET, HEAD"))
            answer.close = true   // any body it had is not read
            return answer
        }
        var rawPath = request.path
        if rawPath == LiveReloadScript.eventsPath {
            return eventStream(head: isHead)
        }
        if !basePath.isEmpty {
            // Outside the base path there is nothing (the host serves other things there); `/` leads in.
            if rawPath == "/" || rawPath == basePath {
                var headers = Self.baseHeaders(contentType: "text/plain; charset=utf-8")
                headers.append(("Location", basePath + "/"))
                return HTTPAnswer(status: 301, headers: headers)
            }
            guard rawPath.hasPrefix(basePath + "/") else { return notFound(head: isHead, stamp: liveReload ? hub.currentStamp.get() : "") }
            rawPath = String(rawPath.dropFirst(basePath.count))
        }
        let stamp = liveReload ? hub.currentStamp.get() : ""
        switch resolver.resolve(rawTarget: rawPath) {
        case .file(let path):
            if let response = fileResponse(path: path, status: 200, head: isHead, stamp: stamp,
                                           range: request.header("range")) { return response }
            return notFound(head: isHead, stamp: stamp)
        case .redirect(let location):
            let query = request.query
            var headers = Self.baseHeaders(contentType: "text/plain; charset=utf-8")
            headers.append(("Location", basePath + (query.isEmpty ? location : location + "?" + query)))
            return HTTPAnswer(status: 301, headers: headers)
        case .notFound:
            return notFound(head: isHead, stamp: stamp)
        case .forbidden:
            return plain(403, "403 Forbidden\n", head: isHead)
        case .badRequest:
            return plain(400, "400 Bad Request\n", head: isHead)
        }
    }

    /// The site's own `404.html` with status 404, or a plain fallback.
    private func notFound(head: Bool, stamp: String) -> HTTPAnswer {
        if case .file(let page) = resolver.resolve(rawTarget: "/404.html"),
           let response = fileResponse(path: page, status: 404, head: head, stamp: stamp) {
            return response
        }
        guard liveReload else { return plain(404, "404 Not Found\n", head: head) }
        // Still HTML with the script: when the first build failed the output is empty, and this
        // page is what shows the error overlay and reloads once the build succeeds.
        let page = "<!doctype html><html><head><meta charset=\"utf-8\"><title>404 Not Found</title></head>"
            + "<body><h1>404 Not Found</h1><p>Nothing in the output folder for this address.</p></body></html>\n"
        let body = LiveReloadScript.inject(into: Data(page.utf8), stamp: stamp)
        return respond(404, contentType: "text/html; charset=utf-8", body: body, head: head)
    }

    private func fileResponse(path: String, status: Int, head: Bool, stamp: String, range: String? = nil) -> HTTPAnswer? {
        let contentType = MIMEType.forPath(path)
        let isHTML = MIMEType.isHTML(contentType)
        // Files are read again only when their size or modification time changed (one stat per request),
        // pages with the live-reload script only when the stamp changed too: every save is still seen.
        guard let body = cache.body(path: path, stamp: isHTML && liveReload ? stamp : nil, transform: { data in
            isHTML && liveReload ? LiveReloadScript.inject(into: data, stamp: stamp) : data
        }) else { return nil }
        if isHTML {
            // Injected pages change length per stamp: no ranges for them.
            return respond(status, contentType: contentType, body: body, head: head)
        }
        var response: HTTPAnswer
        switch status == 200 ? ByteRange.parse(range, length: body.count) : .whole {
        case .whole:
            response = respond(status, contentType: contentType, body: body, head: head)
        case .partial(let bytes):
            response = respond(206, contentType: contentType, body: body.subdata(in: bytes), head: head)
            response.headers.append(("Content-Range", "bytes \(bytes.lowerBound)-\(bytes.upperBound - 1)/\(body.count)"))
        case .unsatisfiable:
            response = respond(416, contentType: contentType, body: Data(), head: head)
            response.headers.append(("Content-Range", "bytes */\(body.count)"))
        }
        response.headers.append(("Accept-Ranges", "bytes"))
        return response
    }

    private func plain(_ status: Int, _ text: String, head: Bool) -> HTTPAnswer {
        respond(status, contentType: "text/plain; charset=utf-8", body: Data(text.utf8), head: head)
    }

    /// HEAD gets the GET headers, including the real Content-Length, and no body (the writer leaves it out).
    private func respond(_ status: Int, contentType: String, body: Data, head: Bool) -> HTTPAnswer {
        HTTPAnswer(status: status, headers: Self.baseHeaders(contentType: contentType), body: body)
    }

    private func eventStream(head: Bool) -> HTTPAnswer {
        var headers = Self.baseHeaders(contentType: "text/event-stream; charset=utf-8")
        if head { return HTTPAnswer(status: 200, headers: headers) }
        headers.append(("X-Accel-Buffering", "no"))
        // Subscribing goes through the hub actor; this is a connection thread, so waiting here is fine.
        let box = StreamBox()
        let ready = DispatchSemaphore(value: 0)
        let hub = self.hub
        Task.detached {
            box.stream = await hub.subscribe()
            ready.signal()
        }
        ready.wait()
        return HTTPAnswer(status: 200, headers: headers, stream: box.stream)
    }

    func isAllowedHost(_ header: String?) -> Bool {
        if Self.isLoopbackHost(header) { return true }
        guard let name = header.flatMap(Self.hostName) else { return false }
        return allowedHosts.contains(name)
    }

    /// The name of a `Host` header or `--allow-host` value: lowercased, without port, brackets
    /// or trailing dot. nil when empty.
    static func hostName(_ header: String) -> String? {
        var name = header.trimmingCharacters(in: .whitespaces).lowercased()
        if name.hasPrefix("[") {
            name = String(name.dropFirst().prefix { $0 != "]" })
        } else if let colon = name.lastIndex(of: ":"), name.firstIndex(of: ":") == colon {
            name = String(name[..<colon])  // one colon: a port (several: a bare IPv6 address)
        }
        if name.hasSuffix(".") { name.removeLast() }
        return name.isEmpty ? nil : name
    }

    /// `localhost`, `*.localhost`, `127.x.y.z` or `::1`, with or without a port. A request
    /// without Host (HTTP/1.0) is allowed: browsers always send one.
    static func isLoopbackHost(_ header: String?) -> Bool {
        guard let header, !header.trimmingCharacters(in: .whitespaces).isEmpty else { return true }
        guard let name = hostName(header) else { return false }
        if name == "localhost" || name.hasSuffix(".localhost") || name == "::1" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    static func baseHeaders(contentType: String) -> [(String, String)] {
        [("Content-Type", contentType), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")]
    }
}

/// Carries the subscribed stream out of the task that subscribed.
private final class StreamBox: @unchecked Sendable {
    var stream: AsyncStream<String>?
}

/// The bytes of served files (after live-reload injection), keyed by path and valid while the file's
/// size, modification time (to the nanosecond) and the build stamp are the same. Bounded in size.
final class FileCache: @unchecked Sendable {
    private struct Entry { var size: Int; var seconds: Int; var nanos: Int; var stamp: String?; var body: Data }
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var bytes = 0
    static let limit = 64 << 20

    /// The file's bytes through `transform`, from the cache when still valid; nil when it cannot be read.
    func body(path: String, stamp: String?, transform: (Data) -> Data) -> Data? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Glibc)
        let (seconds, nanos) = (Int(st.st_mtim.tv_sec), Int(st.st_mtim.tv_nsec))
        #else
        let (seconds, nanos) = (Int(st.st_mtimespec.tv_sec), Int(st.st_mtimespec.tv_nsec))
        #endif
        let size = Int(st.st_size)
        lock.lock()
        if let e = entries[path], e.size == size, e.seconds == seconds, e.nanos == nanos, e.stamp == stamp {
            lock.unlock()
            return e.body
        }
        lock.unlock()
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let body = transform(data)
        // A file written during this very second may change again within it unnoticed by the time: not cached.
        guard data.count == size, Double(seconds) < Date().timeIntervalSince1970 - 1 else { return body }
        lock.lock()
        if let old = entries[path] { bytes -= old.body.count }
        if bytes + body.count > Self.limit { entries.removeAll(); bytes = 0 }
        entries[path] = Entry(size: size, seconds: seconds, nanos: nanos, stamp: stamp, body: body)
        bytes += body.count
        lock.unlock()
        return body
    }
}
