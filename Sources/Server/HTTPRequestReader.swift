import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A request's head: method, target and headers (names lowercased, in order).
struct HTTPHead: Sendable {
    var method: String
    /// As sent: percent-encoded path and query.
    var target: String
    var version: String
    var headers: [(name: String, value: String)]

    func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }
    func count(_ name: String) -> Int { headers.reduce(0) { $0 + ($1.name == name ? 1 : 0) } }

    /// HTTP/1.1 keeps the connection unless told to close; HTTP/1.0 closes unless told to keep it.
    var keepAlive: Bool {
        let connection = header("connection")?.lowercased() ?? ""
        if version == "HTTP/1.0" { return connection.contains("keep-alive") }
        return !connection.contains("close")
    }

    /// The path part of the target and the query (without `?`).
    var path: String { target.firstIndex(of: "?").map { String(target[..<$0]) } ?? target }
    var query: String { target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) } ?? "" }
}

/// Why no request could be read; each maps to an answer (or to closing quietly).
enum HTTPReadFailure: Error, Equatable {
    /// The peer closed, or stayed idle between requests: close without a word.
    case closed
    /// The request line passed the limit: 414.
    case requestLineTooLong
    /// A header line, or all of them, passed the limit: 431.
    case headersTooLarge
    /// The head did not arrive in time: 408.
    case timeout
    /// Not HTTP/1.x, raw bytes outside ASCII in the target, conflicting framing: 400.
    case badRequest(String)
}

/// Reads request heads from a socket in linear time: bytes are appended to one buffer and the scan for
/// the end of the head resumes where it stopped (FlyingFox re-checked each line after every byte: a
/// 100 KB line cost 4.9 s of CPU). Limits and deadlines end slow or oversized requests.
struct HTTPRequestReader {
    static let maxLine = 8 * 1024
    static let maxHead = 64 * 1024

    let fd: Int32
    /// How long a kept-alive connection may wait for its next request, and how long a started head may take.
    var idleTimeout: Double = 15
    var headTimeout: Double = 10

    private var buffer: [UInt8] = []
    private var start = 0        // first unconsumed byte
    private var scanned = 0      // bytes after `start` already searched for the blank line
    private var lineStart = -1   // start of the line being received (-1: still the request line)
    private var chunk = [UInt8](repeating: 0, count: 16 * 1024)

    init(fd: Int32, idleTimeout: Double = 15, headTimeout: Double = 10) {
        self.fd = fd
        self.idleTimeout = idleTimeout
        self.headTimeout = headTimeout
    }

    /// The next request head. Bytes after it (a pipelined request) stay buffered for the next call.
    mutating func next() throws(HTTPReadFailure) -> HTTPHead {
        var deadline: Double? = nil   // set once the first byte of this request arrived
        let idleDeadline = Self.now() + idleTimeout
        while true {
            if let end = headEnd() {
                let head = try parse(start, end)
                start = end
                scanned = 0
                lineStart = -1
                if start == buffer.count { buffer.removeAll(keepingCapacity: true); start = 0 }
                return head
            }
            let pending = buffer.count - start
            if deadline == nil && pending > 0 { deadline = Self.now() + headTimeout }
            // Limits: the request line alone, each header line, then the whole head.
            if lineStart < 0 && pending > Self.maxLine { throw .requestLineTooLong }
            if lineStart >= 0 && buffer.count - lineStart > Self.maxLine { throw .headersTooLarge }
            if pending > Self.maxHead { throw .headersTooLarge }
            let limit = deadline ?? idleDeadline
            let wait = limit - Self.now()
            if wait <= 0 { throw deadline == nil ? .closed : .timeout }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, Int32(min(wait, 3600) * 1000) + 1)
            if ready < 0 { if errno == EINTR { continue }; throw .closed }
            if ready == 0 { continue }
            if start > 0 && start == buffer.count { buffer.removeAll(keepingCapacity: true); start = 0 }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 {
                if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                throw .closed
            }
            chunk.withUnsafeBufferPointer { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<n])) }
        }
    }

    /// End of the head (after `\r\n\r\n` or `\n\n`), searching only bytes not searched before; notes
    /// where the line being received starts, for the line limits.
    private mutating func headEnd() -> Int? {
        var i = start + scanned
        while i < buffer.count {
            if buffer[i] == 0x0A {
                // A blank line right after this line break ends the head (blank lines before the request line do not).
                let nonBlankBefore = lineStart >= 0 || i > start + 1 || (i == start + 1 && buffer[start] != 0x0D)
                if nonBlankBefore {
                    if i + 1 < buffer.count, buffer[i + 1] == 0x0A { return i + 2 }
                    if i + 2 < buffer.count, buffer[i + 1] == 0x0D, buffer[i + 2] == 0x0A { return i + 3 }
                    // Wait for the next byte(s) before deciding about this line break.
                    if i + 1 >= buffer.count || (i + 2 >= buffer.count && buffer[i + 1] == 0x0D) { break }
                }
                lineStart = i + 1
            }
            i += 1
        }
        scanned = i - start
        return nil
    }

    private func parse(_ from: Int, _ to: Int) throws(HTTPReadFailure) -> HTTPHead {
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = from
        for i in from..<to where buffer[i] == 0x0A {
            var line = buffer[lineStart..<i]
            if line.last == 0x0D { line = line.dropLast() }
            lines.append(line)
            lineStart = i + 1
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        // A blank line or two before a request is tolerated (RFC 9112 §2.2).
        while lines.first?.isEmpty == true { lines.removeFirst() }
        guard let requestLine = lines.first else { throw .badRequest("empty request") }
        if requestLine.count > Self.maxLine { throw .requestLineTooLong }
        let parts = requestLine.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .badRequest("malformed request line") }
        // The target is ASCII by definition: raw bytes outside it (or controls) are not a request we can read.
        guard parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }), !parts[1].isEmpty else { throw .badRequest("request target holds bytes that are not printable ASCII") }
        guard parts[0].allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || $0 == 0x2D || ($0 >= 0x61 && $0 <= 0x7A) }), !parts[0].isEmpty else {
            throw .badRequest("malformed method")
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { throw .badRequest("unsupported HTTP version") }
        var headers: [(String, String)] = []
        for line in lines.dropFirst() {
            if line.count > Self.maxLine { throw .headersTooLarge }
            guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex else { throw .badRequest("malformed header line") }
            let name = line[..<colon]
            // No whitespace in names (a request-smuggling classic), no obsolete line folding.
            guard !name.contains(where: { $0 == 0x20 || $0 == 0x09 }), line.first != 0x20, line.first != 0x09 else {
                throw .badRequest("malformed header line")
            }
            let value = line[line.index(after: colon)...].drop { $0 == 0x20 || $0 == 0x09 }
            var trimmed = value
            while let l = trimmed.last, l == 0x20 || l == 0x09 { trimmed = trimmed.dropLast() }
            headers.append((String(decoding: name, as: UTF8.self).lowercased(), String(decoding: trimmed, as: UTF8.self)))
        }
        return HTTPHead(method: String(decoding: parts[0], as: UTF8.self), target: String(decoding: parts[1], as: UTF8.self),
                        version: version, headers: headers)
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
