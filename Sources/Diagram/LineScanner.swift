/// One source line, read a piece at a time by the mermaid parsers; columns for errors are 1-based.
struct LineScanner {
    let chars: [Character]
    var i = 0
    let line: Int
    let origin: SourceOrigin

    init(_ chars: [Character], line: Int, origin: SourceOrigin) {
        self.chars = chars
        self.line = line
        self.origin = origin
    }

    var atEnd: Bool { i >= chars.count }

    func peek(_ s: String) -> Bool {
        var j = i
        for c in s {
            guard j < chars.count, chars[j] == c else { return false }
            j += 1
        }
        return true
    }

    func find(_ s: String) -> Bool {
        String(chars[i...]).contains(s)
    }

    mutating func skipSpaces() { while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 } }

    static func isIDChar(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    /// Letters, digits, `_`, and `-` or `.` between them (`api-gateway`, but `a-->b` stays three pieces).
    mutating func identifier() -> String {
        let start = i
        while i < chars.count {
            if Self.isIDChar(chars[i]) { i += 1; continue }
            if (chars[i] == "-" || chars[i] == "."), i > start, i + 1 < chars.count, Self.isIDChar(chars[i + 1]) { i += 1; continue }
            break
        }
        return String(chars[start..<i])
    }

    /// A keyword: an identifier followed by a space or the end of the line; otherwise nothing is read.
    mutating func word() -> String {
        let start = i
        let w = identifier()
        if atEnd || chars[i] == " " || chars[i] == "\t" || chars[i] == ";" { return w }
        i = start
        return ""
    }

    mutating func token() -> String {
        let start = i
        while i < chars.count, chars[i] != " ", chars[i] != "\t", chars[i] != ";" { i += 1 }
        return String(chars[start..<i])
    }

    mutating func rest() -> String {
        let r = String(chars[i...]).trimmed(" ")
        i = chars.count
        return r.hasSuffix(";") ? String(r.dropLast()) : r
    }

    mutating func quoted() throws(DiagramError) -> String {
        let start = i
        i += 1
        while i < chars.count, chars[i] != "\"" { i += 1 }
        guard i < chars.count else { throw error("unclosed `\"`", hint: "close the quoted text with `\"`", at: start) }
        i += 1
        return String(chars[(start + 1)..<(i - 1)])
    }

    /// Text up to `close` (not included); quoted text may hold the closing characters.
    mutating func until(_ close: String, what: String, openedAt: Int? = nil) throws(DiagramError) -> String {
        let start = i
        skipSpaces()
        if peek("\"") {
            let q = try quoted()
            skipSpaces()
            if peek(close) { i += close.count; return "\"" + q + "\"" }
            i = start
        }
        while i < chars.count, !peek(close) { i += 1 }
        guard i < chars.count else {
            throw error("\(what) is not closed: expected `\(close)`", hint: "write text with brackets inside quotes: `a[\"f(x)\"]`", at: openedAt ?? start - 1)
        }
        let text = String(chars[start..<i])
        i += close.count
        return text
    }

    func error(_ message: String, hint: String, at: Int) -> DiagramError {
        origin.error(message, hint: hint, line: line, column: at + 1)
    }

    /// A flowchart link (`-->`, `---`, `-.->`, `==>`, `~~~`, `--x`, `--o`, `<-->`, `-- text -->`), or nil.
    mutating func link() throws(DiagramError) -> Flowchart.Edge? {
        let start = i
        var edge = Flowchart.Edge(from: 0, to: 0)
        if peek("<") { edge.tail = .normal; i += 1 }
        else if (peek("x-") || peek("o-") || peek("x=") || peek("o=")) { edge.tail = chars[i] == "x" ? .cross : .circle; i += 1 }
        let bodyStart = i
        while i < chars.count, "-=.~".contains(chars[i]) { i += 1 }
        let body = String(chars[bodyStart..<i])
        guard !body.isEmpty else { i = start; return nil }
        edge.style = body.contains("=") ? .thick : body.contains(".") ? .dotted : body.contains("~") ? .invisible : .solid
        if i < chars.count, chars[i] == ">" { edge.head = .normal; i += 1 }
        else if i < chars.count, chars[i] == "x" || chars[i] == "o", i + 1 >= chars.count || !Self.isIDChar(chars[i + 1]) {
            edge.head = chars[i] == "x" ? .cross : .circle; i += 1
        } else if (body == "--" || body == "==" || body == "-.") && i < chars.count && chars[i] == " " {
            // `-- text -->`: the text runs to the next link token.
            let closer = body == "-." ? ".-" : body
            let textStart = i
            while i < chars.count, !peek(closer) { i += 1 }
            guard i < chars.count else { throw error("link text is not closed: expected `\(closer)…`", hint: "`a -- text --> b`, or `a -->|text| b`", at: start) }
            edge.label = String(chars[textStart..<i]).trimmed(" ")
            guard let rest = try link() else { i = start; return nil }
            edge.head = rest.head
            edge.extra = rest.extra
            return edge
        } else { edge.head = .none }
        if body.count < 2 && edge.head == .none { i = start; return nil }
        edge.extra = max(0, body.filter { $0 != "." }.count - (edge.head == .none ? 3 : 2))
        if edge.style == .dotted { edge.extra = max(0, body.filter { $0 == "." }.count - 1) }
        if edge.style == .invisible { edge.head = .none }
        return edge
    }
}
