import Foundation
import TextBytes

/// Decoding source files: strict UTF-8, with the position of the first bad byte.
public enum SourceText {
    /// Decodes `data` as UTF-8 (a leading BOM is dropped), or reports where it stops being UTF-8.
    static func decode(_ data: Data, file: String) -> Result<String, SiteDiagnostic> {
        if let text = validText(data) { return .success(text) }
        return checked(data, file: file)
    }

    /// The text of `data` when it is valid UTF-8 without a NUL byte (every file of a healthy site), read in
    /// place: `String(validating:)` over a copied array took the generic, byte-by-byte path, 5 % of a cold
    /// build. Decoding repairs a bad sequence into U+FFFD, which never equals the bytes it replaces, so
    /// bytes that come back unchanged were valid. nil: `checked` decides (and says what is wrong).
    static func validText(_ data: Data) -> String? {
        data.withUnsafeBytes { raw -> String? in
            guard var p = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return "" }
            var n = raw.count
            if n >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { p += 3; n -= 3 }
            guard n > 0 else { return "" }
            guard memchr(p, 0, n) == nil else { return nil }
            var text = stringFromUTF8(UnsafeBufferPointer(start: p, count: n))
            let same = text.withUTF8 { $0.count == n && memcmp($0.baseAddress!, p, n) == 0 }
            return same ? text : nil
        }
    }

    /// `decode` the general way: the text, or where and why it is not UTF-8.
    static func checked(_ data: Data, file: String) -> Result<String, SiteDiagnostic> {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if let text = String(validating: bytes, as: UTF8.self) {
            if let nul = bytes.firstIndex(of: 0) {
                if let encoding = wideEncoding(bytes) {
                    return .failure(.error(file, line: 1, column: 1, "the file is \(encoding), not UTF-8", hint: encodingHint(bytes)))
                }
                let (line, column) = position(ofByte: nul, in: bytes)
                return .failure(.error(file, line: line, column: column, "file contains a NUL byte",
                                       hint: "this looks like a binary file; give it another extension or remove the byte"))
            }
            return .success(text)
        }
        if let encoding = wideEncoding(bytes) {
            return .failure(.error(file, line: 1, column: 1, "the file is \(encoding), not UTF-8", hint: encodingHint(bytes)))
        }
        let bad = firstInvalidByte(bytes)
        let (line, column) = position(ofByte: bad, in: bytes)
        return .failure(.error(file, line: line, column: column,
                               String(format: "invalid UTF-8 (byte 0x%02X)", bytes[bad]),
                               hint: encodingHint(bytes)))
    }

    /// UTF-16 or UTF-32, by byte order mark or, without one, by NUL bytes every other (or every
    /// fourth) byte, as ASCII text in those encodings has: Windows editors save "Unicode" so.
    static func wideEncoding(_ b: [UInt8]) -> String? {
        if b.starts(with: [0xFF, 0xFE, 0, 0]) { return "UTF-32 (little-endian)" }
        if b.starts(with: [0, 0, 0xFE, 0xFF]) { return "UTF-32 (big-endian)" }
        if b.starts(with: [0xFF, 0xFE]) { return "UTF-16 (little-endian)" }
        if b.starts(with: [0xFE, 0xFF]) { return "UTF-16 (big-endian)" }
        let n = min(b.count, 512) & ~3
        guard n >= 4 else { return nil }
        var zeros = [0, 0, 0, 0]
        for i in 0..<n where b[i] == 0 { zeros[i & 3] += 1 }
        let quarter = n / 4
        if zeros[1] == quarter, zeros[2] == quarter, zeros[3] == quarter { return "UTF-32 (little-endian)" }
        if zeros[0] == quarter, zeros[1] == quarter, zeros[2] == quarter { return "UTF-32 (big-endian)" }
        if zeros[1] + zeros[3] >= n * 2 / 5, zeros[0] + zeros[2] == 0 { return "UTF-16 (little-endian)" }
        if zeros[0] + zeros[2] >= n * 2 / 5, zeros[1] + zeros[3] == 0 { return "UTF-16 (big-endian)" }
        return nil
    }

    /// How to convert the file: from what it looks like (UTF-16/32 or, the common case, Latin-1/Windows-1252).
    public static func encodingHint(_ data: some Collection<UInt8>) -> String {
        let bytes = Array(data.prefix(512))
        if let wide = wideEncoding(bytes) {
            let name = wide.hasPrefix("UTF-16") ? "utf-16" : "utf-32"
            return "\(wide.split(separator: " ")[0]) is what Windows editors call \"Unicode\"; save it as UTF-8 (e.g. `iconv -f \(name) -t utf-8`)"
        }
        return "save the file as UTF-8 (e.g. `iconv -f windows-1252 -t utf-8` for Windows or Latin-1 text)"
    }

    /// 1-based line and column (in characters of the valid prefix) of byte `offset`.
    static func position(ofByte offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        for i in 0..<offset where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        let prefix = String(decoding: bytes[lineStart..<offset], as: UTF8.self)
        return (line, prefix.unicodeScalars.count + 1)
    }

    /// Offset of the first byte that does not start or continue a valid UTF-8 sequence.
    static func firstInvalidByte(_ b: [UInt8]) -> Int {
        var i = 0
        while i < b.count {
            let c = b[i]
            let need: Int
            var lo: UInt8 = 0x80, hi: UInt8 = 0xBF
            switch c {
            case 0x00...0x7F: i += 1; continue
            case 0xC2...0xDF: need = 1
            case 0xE0: need = 2; lo = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: need = 2
            case 0xED: need = 2; hi = 0x9F
            case 0xF0: need = 3; lo = 0x90
            case 0xF1...0xF3: need = 3
            case 0xF4: need = 3; hi = 0x8F
            default: return i
            }
            if i + need >= b.count { return i }
            for k in 1...need {
                let cc = b[i + k]
                let (l, h) = k == 1 ? (lo, hi) : (UInt8(0x80), UInt8(0xBF))
                if cc < l || cc > h { return i }
            }
            i += need + 1
        }
        return max(0, b.count - 1)
    }
}

/// A Markdown source split into its YAML front matter and body.
struct SplitSource {
    /// The YAML text between the `---` lines, nil when the file has none.
    var frontMatter: String?
    /// Lines before the body starts (front matter and its fences), to map body lines to file lines.
    var bodyLineOffset: Int
    var body: String
    /// Whether the closing fence was missing (an error for the caller to report).
    var unterminated: Bool

    /// Splits Jekyll-style front matter: a first line `---`, YAML, then `---` or `...`.
    /// Works on UTF-8 bytes and copies each part once: this runs for every file of every build.
    init(_ text: String) {
        var bytes = text   // same storage; withUTF8 needs a var, `text` is read inside
        self = bytes.withUTF8 { Self.split(text, $0) }
    }

    private static func split(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> SplitSource {
        /// End of the line starting at `i` (index of its `\n`, or the end).
        func lineEnd(_ i: Int) -> Int {
            var j = i
            while j < bytes.count && bytes[j] != 0x0A { j += 1 }
            return j
        }
        /// Whether bytes[a..<b] is `marker` followed only by spaces, tabs or a `\r`.
        func isFence(_ a: Int, _ b: Int, _ marker: UInt8) -> Bool {
            guard b - a >= 3, bytes[a] == marker, bytes[a + 1] == marker, bytes[a + 2] == marker else { return false }
            return bytes[(a + 3)..<b].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        }
        /// Bytes a..<b of `text` (they start and end at line breaks, so on scalar boundaries): copied, not re-validated.
        func part(_ a: Int, _ b: Int) -> String {
            let u = text.utf8
            return String(u[u.index(u.startIndex, offsetBy: a)..<u.index(u.startIndex, offsetBy: b)])
                ?? String(decoding: UnsafeBufferPointer(rebasing: bytes[a..<b]), as: UTF8.self)
        }
        let firstEnd = lineEnd(0)
        guard isFence(0, firstEnd, 0x2D) else {
            return SplitSource(frontMatter: nil, bodyLineOffset: 0, body: text, unterminated: false)
        }
        var line = 2
        var start = firstEnd + 1
        while start <= bytes.count {
            let end = lineEnd(start)
            if isFence(start, end, 0x2D) || isFence(start, end, 0x2E) {
                let yaml = start > firstEnd + 1 ? part(firstEnd + 1, start - 1) : ""
                let body = end < bytes.count ? part(end + 1, bytes.count) : ""
                return SplitSource(frontMatter: yaml, bodyLineOffset: line, body: body, unterminated: false)
            }
            if end >= bytes.count { break }
            start = end + 1
            line += 1
        }
        return SplitSource(frontMatter: nil, bodyLineOffset: 0, body: text, unterminated: true)
    }

    private init(frontMatter: String?, bodyLineOffset: Int, body: String, unterminated: Bool) {
        self.frontMatter = frontMatter
        self.bodyLineOffset = bodyLineOffset
        self.body = body
        self.unterminated = unterminated
    }
}

extension Substring {
    func trimmingTrailingSpaces() -> Substring {
        var s = self
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}
