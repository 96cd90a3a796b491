import Foundation

/// How a request says where its body ends (RFC 9112 §6), checked before anything answers it: a length
/// the server and a proxy in front of it could read differently is how requests get smuggled.
extension HTTPListener {
    /// Transfer codings this server recognises (RFC 9112 §7); it decodes none, but names the rest 501.
    static let knownCodings: Set<String> = ["chunked", "gzip", "x-gzip", "deflate", "compress", "x-compress"]

    /// Requests this server refuses before looking at them: ambiguous framing, two Hosts, unknown methods.
    static func frameCheck(_ head: HTTPHead) -> HTTPAnswer? {
        func refuse(_ status: Int, _ text: String) -> HTTPAnswer {
            HTTPAnswer(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data(text.utf8), close: true)
        }
        if head.count("host") > 1 { return refuse(400, "400 Bad Request: more than one Host header\n") }
        if head.version == "HTTP/1.1" && head.count("host") == 0 { return refuse(400, "400 Bad Request: no Host header\n") }
        let hasLength = head.count("content-length") > 0, hasCoding = head.count("transfer-encoding") > 0
        if hasLength && hasCoding { return refuse(400, "400 Bad Request: both Content-Length and Transfer-Encoding\n") }
        if hasLength, case .failure(let why) = contentLength(head) { return refuse(400, "400 Bad Request: \(why)\n") }
        if hasCoding {
            // §6.1: an HTTP/1.0 message has no transfer codings; its framing cannot be trusted.
            if head.version == "HTTP/1.0" { return refuse(400, "400 Bad Request: Transfer-Encoding in an HTTP/1.0 request\n") }
            let codings = head.headers.filter { $0.name == "transfer-encoding" }
                .flatMap { $0.value.split(separator: ",") }
                .map { $0.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? "" }
            if let unknown = codings.first(where: { !knownCodings.contains($0) }) {
                return refuse(501, "501 Not Implemented: transfer coding \"\(unknown.isEmpty ? "(empty)" : unknown)\"\n")
            }
            // §6.3: chunked must be last (else the body's end is unknown) and appear once.
            if codings.last != "chunked" || codings.filter({ $0 == "chunked" }).count > 1 {
                return refuse(400, "400 Bad Request: Transfer-Encoding must end with chunked, once\n")
            }
        }
        let known: Set = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT"]
        if !known.contains(head.method) { return refuse(501, "501 Not Implemented: \(head.method)\n") }
        return nil
    }

    /// The one body length the request's Content-Length fields give: 1*DIGIT each, no overflow, and
    /// repeated values (`5, 5` or two fields) only when equal (RFC 9110 §8.6).
    static func contentLength(_ head: HTTPHead) -> Result<Int, LengthErrorText> {
        var found: Int?
        for field in head.headers where field.name == "content-length" {
            for part in field.value.split(separator: ",", omittingEmptySubsequences: false) {
                let value = part.trimmingCharacters(in: .whitespaces)
                guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                    return .failure(LengthErrorText("Content-Length \"\(value.prefix(40))\" is not a number of bytes"))
                }
                guard let n = Int(value) else { return .failure(LengthErrorText("Content-Length \(value.prefix(40)) is too large")) }
                if let f = found, f != n { return .failure(LengthErrorText("Content-Length gives two lengths (\(f) and \(n))")) }
                found = n
            }
        }
        return found.map { .success($0) } ?? .failure(LengthErrorText("Content-Length is empty"))
    }

    /// Why a Content-Length cannot be used, as said in the 400 answer.
    struct LengthErrorText: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }
}
