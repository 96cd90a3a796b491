import Foundation
#if canImport(Glibc)
import Glibc
private let streamSocket = Int32(SOCK_STREAM.rawValue)
private let sendFlags = Int32(MSG_NOSIGNAL)
private func connectSocket(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    Glibc.connect(fd, address, length)
}
private func sendBytes(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { Glibc.send(fd, bytes, count, sendFlags) }
#elseif canImport(Darwin)
import Darwin
private let streamSocket = SOCK_STREAM
private func connectSocket(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    Darwin.connect(fd, address, length)
}
private func sendBytes(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { Darwin.send(fd, bytes, count, 0) }
#endif

/// A parsed HTTP response.
struct RawResponse {
    var status: Int
    /// Header names lowercased.
    var headers: [String: String]
    var body: Data
    var text: String { String(decoding: body, as: UTF8.self) }
}

enum RawHTTPError: Error {
    case connect(Int32), timeout, malformed(String)
}

/// A blocking loopback socket with a receive timeout. Raw sockets let tests send targets that
/// URL libraries would normalise (`/../x`, backslashes, `%00`). Every call runs on its own thread,
/// never on Swift's cooperative pool (which the server itself needs).
final class RawConnection: @unchecked Sendable {
    let fd: Int32
    private var buffer = Data()

    /// `fd` is assigned only once connected: if a throwing init has set every property, Swift
    /// runs `deinit` too, and closing the number twice would close a socket someone else
    /// (another test's server) has been given meanwhile.
    init(port: UInt16, timeout: Double = 10) throws {
        let fd = socket(AF_INET, streamSocket, 0)
        guard fd >= 0 else { throw RawHTTPError.connect(errno) }
        var tv = timeval()
        tv.tv_sec = .init(Int(timeout))
        tv.tv_usec = .init(Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connectSocket(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if result != 0 {
            let code = errno
            close(fd)
            throw RawHTTPError.connect(code)
        }
        self.fd = fd
    }

    deinit { close(fd) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { sendBytes(fd, $0.baseAddress, $0.count) }
    }

    /// Reads more bytes; false on EOF, throws on timeout.
    @discardableResult
    func receiveMore() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count < 0 { throw RawHTTPError.timeout }
        if count == 0 { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Reads until `marker` appears in what was received; returns everything received so far.
    func receive(until marker: String) throws -> String {
        while String(decoding: buffer, as: UTF8.self).range(of: marker) == nil {
            guard try receiveMore() else { break }
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Reads a whole response to a `Connection: close` request.
    func receiveAll() throws -> Data {
        while try receiveMore() {}
        return buffer
    }
}

enum RawHTTP {
    /// Sends one request with `Connection: close` and parses the response (chunked or not).
    static func request(port: UInt16, method: String = "GET", target: String) async throws -> RawResponse {
        try await offPool {
            let connection = try RawConnection(port: port)
            connection.send("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            return try parse(connection.receiveAll(), head: method == "HEAD")
        }
    }

    /// Runs blocking work on a thread of its own: GCD's global queue is as narrow as the
    /// machine (2 threads here), so parallel tests would queue behind each other's timeouts.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    static func parse(_ data: Data, head: Bool) throws -> RawResponse {
        let separator = Data("\r\n\r\n".utf8)
        guard let range = data.range(of: separator) else { throw RawHTTPError.malformed("no header end") }
        let headerText = String(decoding: data[..<range.lowerBound], as: UTF8.self)
        var lines = headerText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw RawHTTPError.malformed(headerText) }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(data[range.upperBound...])
        if !head, headers["transfer-encoding"]?.lowercased() == "chunked" {
            body = dechunk(body)
        }
        return RawResponse(status: status, headers: headers, body: body)
    }

    static func dechunk(_ data: Data) -> Data {
        var result = Data()
        var rest = Data(data)
        while let lineEnd = rest.range(of: Data("\r\n".utf8)),
              let size = Int(String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self), radix: 16), size > 0 {
            let start = lineEnd.upperBound
            guard rest.count >= start - rest.startIndex + size else { break }
            result.append(rest[start..<(start + size)])
            rest = Data(rest[(start + size)...].dropFirst(2))
        }
        return result
    }
}

/// Polls `condition` until it holds or `seconds` pass; tests never hang on a missing event.
func eventually(within seconds: Double = 3, _ condition: @Sendable () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return await condition()
}
