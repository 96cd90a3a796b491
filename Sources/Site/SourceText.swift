import Foundation

/// Decoding source files: strict UTF-8, with the position of the first bad byte.
enum SourceText {
    /// Decodes `data` as UTF-8 (a leading BOM is dropped), or reports where it stops being UTF-8.
    static func decode(_ data: Data, file: String) -> Result<String, SiteDiagnostic> {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if let text = String(validating: bytes, as: UTF8.self) {
            if let nul = bytes.firstIndex(of: 0) {
                let (line, column) = position(ofByte: nul, in: bytes)
                return .failure(.error(file, line: line, column: column, "file contains a NUL byte",
                                       hint: "this looks like a binary file; give it another extension or remove the byte"))
            }
            return .success(text)
        }
        let bad = firstInvalidByte(bytes)
        let (line, column) = position(ofByte: bad, in: bytes)
        return .failure(.error(file, line: line, column: column,
                               String(format: "invalid UTF-8 (byte 0x%02X)", bytes[bad]),
                               hint: "save the file as UTF-8 (e.g. `iconv -f latin1 -t utf-8`)"))
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
    init(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func isFence(_ s: Substring, _ marks: [String]) -> Bool {
            let t = s.hasSuffix("\r") ? s.dropLast() : s
            return marks.contains(String(t.trimmingTrailingSpaces()))
        }
        guard let first = lines.first, isFence(first, ["---"]) else {
            self.init(frontMatter: nil, bodyLineOffset: 0, body: text, unterminated: false)
            return
        }
        lines.removeFirst()
        guard let end = lines.firstIndex(where: { isFence($0, ["---", "..."]) }) else {
            self.init(frontMatter: nil, bodyLineOffset: 0, body: text, unterminated: true)
            return
        }
        let yaml = lines[..<end].joined(separator: "\n")
        let body = lines[(end + 1)...].joined(separator: "\n")
        self.init(frontMatter: yaml, bodyLineOffset: end + 2, body: body, unterminated: false)
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
