import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 response: status, headers, then a body, or a stream of text (Server-Sent Events).
struct HTTPAnswer: Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: Data = Data()
    /// Sent after the headers until it ends; the connection closes then.
    var stream: AsyncStream<String>? = nil
    /// Close after this answer (a request we could not frame, a body we will not read).
    var close = false

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"; case 206: "Partial Content"; case 301: "Moved Permanently"; case 400: "Bad Request"
        case 403: "Forbidden"; case 404: "Not Found"; case 405: "Method Not Allowed"; case 408: "Request Timeout"
        case 414: "URI Too Long"; case 416: "Range Not Satisfiable"; case 431: "Request Header Fields Too Large"
        case 501: "Not Implemented"; case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

/// The dev server's HTTP/1.1 transport: one blocking thread per connection, `TCP_NODELAY` and one write
/// per answer (FlyingFox wrote headers and body apart without it: every kept-alive request waited 44 ms
/// for the delayed ACK), bounded request heads (`HTTPRequestReader`), and an accept loop that backs
/// off when the process runs out of descriptors instead of closing the listening socket for good.
final class HTTPListener: @unchecked Sendable {
    typealias Respond = @Sendable (HTTPHead) -> HTTPAnswer

    let fd: Int32
    let port: UInt16
    private let respond: Respond
    private var acceptDone = DispatchSemaphore(value: 0)
    /// A thread each: a burst must not exhaust the machine. Beyond these, a new connection takes the slot
    /// of the one that has waited longest for request bytes (its client's own first); 503 only when
    /// every slot is busy answering. Set before `start()`.
    var maxConnections = 512
    var maxPerClient = 64
    private var table = ConnectionTable(maxTotal: 512, maxPerClient: 64)
    /// Seconds a write may block on a client that does not read (a stalled reader must not hold a thread).
    var sendTimeout: Double = 10
    /// Called if the accept loop ends while not stopping (the server can no longer serve).
    var onFatal: (@Sendable (String) -> Void)?
    /// Seconds a kept-alive connection may wait for its next request, and a started request for its head.
    var idleTimeout: Double = 15
    var headTimeout: Double = 10

    enum StartError: Error { case inUse, other(String) }

    /// Binds and listens; `host` is an IPv4 or IPv6 literal.
    init(host: String, port: UInt16, respond: @escaping Respond) throws(StartError) {
        let v6 = host.contains(":")
        let s = socket(v6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard s >= 0 else { throw .other(String(cString: strerror(errno))) }
        var one: Int32 = 1
        setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var bound: Int32
        if v6 {
            var a = sockaddr_in6()
            a.sin6_family = sa_family_t(AF_INET6)
            a.sin6_port = port.bigEndian
            guard inet_pton(AF_INET6, host, &a.sin6_addr) == 1 else { close(s); throw .other("not an IPv6 address: \(host)") }
            bound = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
        } else {
            var a = sockaddr_in()
            a.sin_family = sa_family_t(AF_INET)
            a.sin_port = port.bigEndian
            guard inet_pton(AF_INET, host, &a.sin_addr) == 1 else { close(s); throw .other("not an IPv4 address: \(host)") }
            bound = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        }
        // Two sockets with SO_REUSEADDR may both bind a port no one listens on yet; the second
        // `listen` is then the one that finds it taken: either call's EADDRINUSE is `.inUse`.
        guard bound == 0, listen(s, 512) == 0 else {
            let code = errno
            close(s)
            throw code == EADDRINUSE ? .inUse : .other(String(cString: strerror(code)))
        }
        var storage = sockaddr_storage()
        var len = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(s, $0, &len) } }
        let actual: UInt16 = withUnsafePointer(to: &storage) { p in
            v6 ? p.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
               : p.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
        self.fd = s
        self.port = actual
        self.respond = respond
    }

    func start() {
        table = ConnectionTable(maxTotal: maxConnections, maxPerClient: maxPerClient)
        let t = Thread { [self] in acceptLoop() }
        t.name = "galley-accept"
        t.start()
    }

    /// Stops accepting, ends every connection, and returns once the accept loop is gone.
    func stop() {
        // Under the table's lock: a connection leaves it before its descriptor is closed, so every
        // number there is still ours (after unlocking, a number could be another server's socket).
        guard table.stopAll() else { return }
        shutdown(fd, Int32(SHUT_RDWR))
        acceptDone.wait()
        close(fd)
    }

    private var isStopping: Bool { table.isStopping }

    /// Connections counted against the limits (tests).
    var openConnections: Int { table.liveCount }

    private func acceptLoop() {
        var backoff = 0.01
        var saidSo = false
        while true {
            var peer = sockaddr_storage()
            var peerLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let c = withUnsafeMutablePointer(to: &peer) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(fd, $0, &peerLength) } }
            if c < 0 {
                let code = errno
                if isStopping { break }
                switch code {
                case EINTR, ECONNABORTED, EAGAIN: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors: connections close on their own (idle timeout); wait and try again.
                    if !saidSo {
                        FileHandle.standardError.write(Data("warning: out of file descriptors (\(String(cString: strerror(code)))); waiting for connections to close\n".utf8))
                        saidSo = true
                    }
                    usleep(UInt32(backoff * 1_000_000))
                    backoff = min(backoff * 2, 0.5)
                    continue
                default:
                    onFatal?("accepting connections failed: \(String(cString: strerror(code)))")
                    acceptDone.signal()
                    return
                }
            }
            backoff = 0.01
            saidSo = false
            if isStopping { close(c); break }
            let full = table.admit(c, client: ConnectionTable.clientName(peer)) == .full
            var one: Int32 = 1
            setsockopt(c, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            var timeout = timeval(tv_sec: Int(sendTimeout), tv_usec: .init((sendTimeout - sendTimeout.rounded(.down)) * 1_000_000))
            setsockopt(c, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            if full {
                Self.send(c, answer: HTTPAnswer(status: 503, headers: [("Content-Type", "text/plain; charset=utf-8")],
                                                body: Data("503 Service Unavailable: too many connections\n".utf8), close: true), head: false)
                close(c)
                continue
            }
            let t = Thread { [self] in serve(c) }
            t.stackSize = 256 * 1024
            t.start()
        }
        acceptDone.signal()
    }

    /// Requests on one connection, one after another, until it closes or must.
    private func serve(_ c: Int32) {
        defer {
            table.remove(c)
            close(c)
        }
        var reader = HTTPRequestReader(fd: c, idleTimeout: idleTimeout, headTimeout: headTimeout)
        while !isStopping {
            let head: HTTPHead
            do {
                table.setWaiting(c, true)
                head = try reader.next()
                table.setWaiting(c, false)
            } catch {
                let (status, text): (Int, String)
                switch error {
                case .closed: return
                case .requestLineTooLong: (status, text) = (414, "414 URI Too Long\n")
                case .headersTooLarge: (status, text) = (431, "431 Request Header Fields Too Large\n")
                case .timeout: (status, text) = (408, "408 Request Timeout\n")
                case .badRequest(let why): (status, text) = (400, "400 Bad Request: \(why)\n")
                }
                Self.send(c, answer: HTTPAnswer(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")],
                                                body: Data(text.utf8), close: true), head: false)
                return
            }
            var answer = Self.frameCheck(head) ?? respond(head)
            if !head.keepAlive { answer.close = true }
            // The body is never read: its bytes must not be taken for the next request.
            if head.count("transfer-encoding") > 0 { answer.close = true }
            if head.count("content-length") > 0, case .success(let n) = Self.contentLength(head), n > 0 { answer.close = true }
            guard Self.send(c, answer: answer, head: head.method == "HEAD") else { return }
            if let stream = answer.stream {
                Self.pump(stream, to: c)
                return
            }
            if answer.close { return }
        }
    }

    /// Writes the status line, headers and body in one buffer; false when the peer is gone.
    @discardableResult
    static func send(_ c: Int32, answer: HTTPAnswer, head: Bool) -> Bool {
        var text = "HTTP/1.1 \(answer.status) \(HTTPAnswer.reason(answer.status))\r\n"
        var hasLength = false
        for (name, value) in answer.headers {
            if name.lowercased() == "content-length" { hasLength = true }
            text += "\(name): \(value)\r\n"
        }
        if answer.stream == nil {
            if !hasLength { text += "Content-Length: \(answer.body.count)\r\n" }
            text += answer.close ? "Connection: close\r\n" : "Connection: keep-alive\r\n"
        } else {
            text += "Connection: close\r\n"
        }
        text += "\r\n"
        var bytes = Data(text.utf8)
        if !head && answer.stream == nil { bytes.append(answer.body) }
        return write(c, bytes)
    }

    static func write(_ c: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            guard var p = raw.baseAddress else { return true }
            var left = raw.count
            while left > 0 {
                #if canImport(Glibc)
                let n = Glibc.send(c, p, left, Int32(MSG_NOSIGNAL))
                #else
                let n = Darwin.send(c, p, left, 0)
                #endif
                // EAGAIN is the send timeout (SO_SNDTIMEO): a client that stopped reading; give up on it.
                if n < 0 { if errno == EINTR { continue }; return false }
                left -= n
                p += n
            }
            return true
        }
    }

    /// Sends each text of `stream` as it comes, until it ends or the peer is gone.
    static func pump(_ stream: AsyncStream<String>, to c: Int32) {
        let done = DispatchSemaphore(value: 0)
        let task = Task.detached {
            for await text in stream {
                if !write(c, Data(text.utf8)) { break }
            }
            done.signal()
        }
        done.wait()
        task.cancel()
    }
}
