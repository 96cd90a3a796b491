/// Formats recognised by their shape rather than their vocabulary.
enum Structure {
    static func check(_ code: String, _ lines: [Substring]) -> Detection? { check(code, lines, lines.map(LineMask.init)) }

    /// The same with each line's `LineMask`.
    static func check(_ code: String, _ lines: [Substring], _ masks: [LineMask]) -> Detection? {
        let n = Double(lines.count)
        let first = lines[0]
        // Console sessions: commands after `$ ` prompts.
        let head = code.drop { $0 == "\n" }
        if head.hasASCIIPrefix("$ "), let c = head.dropFirst(2).first, c.isLetter || c == "." || c == "/" || c == "~" {
            return Detection(language: "console", confidence: 0.95)
        }
        // Diffs.
        // Each prefix test below is asked only of lines whose first byte may open one of its prefixes (`opens`).
        let hunks = lines.indices.filter { k in let l = lines[k]; return !masks[k].opensOutside(Structure.hunkFirsts) && (l.hasASCIIPrefix("@@ ") || l.hasASCIIPrefix("diff --git") || l.hasASCIIPrefix("+++ ") || l.hasASCIIPrefix("--- a/") || l.hasASCIIPrefix("Index: ")) }.count
        if hunks >= 2 || (hunks >= 1 && first.hasASCIIPrefix("@@")) { return Detection(language: "diff", confidence: 0.95) }
        // Markdown around fenced code, HTML around scripts and styles: the container is the language.
        if lines.indices.contains(where: { !masks[$0].opensOutside(Structure.fenceFirsts) && (lines[$0].hasASCIIPrefix("```") || lines[$0].hasASCIIPrefix("~~~")) }) {
            return Detection(language: "markdown", confidence: 0.8)
        }
        if lines.indices.contains(where: { k in let l = lines[k]; return !masks[k].opensOutside(Structure.tagFirsts) && (l.hasASCIIPrefix("<script") || l.hasASCIIPrefix("</script>") || l.hasASCIIPrefix("<style") || l.hasASCIIPrefix("</style>")) }) {
            return Detection(language: "html", confidence: 0.8)
        }
        // Markup.
        if first.hasASCIIPrefix("<") {
            let lower = code.prefix(2000).lowercased()
            if lower.contains("<!doctype html") || lower.contains("<html") || lower.contains("<div") || lower.contains("<body") || lower.contains("<head") || lower.contains("<p>") || lower.contains("<span") || lower.contains("<a href") || lower.contains("<ul") || lower.contains("<table") || lower.contains("<script") {
                return Detection(language: "html", confidence: 0.9)
            }
            let tagLines = lines.filter { $0.hasASCIIPrefix("<") || $0.hasASCIISuffix(">") }.count
            // A closing tag or an empty element: `<scheme name> : <part>` is a grammar, not XML.
            let closes = lines.contains { Output.has($0, "</") || Output.has($0, "/>") } || first.hasASCIIPrefix("<?xml") || first.hasASCIIPrefix("<!")
            if closes, Double(tagLines) >= n * 0.6 { return Detection(language: "xml", confidence: 0.9) }
        }
        if first.hasASCIIPrefix("<?php") { return Detection(language: "php", confidence: 0.95) }
        // One-line JSON objects and arrays of objects.
        if lines.count == 1, (first.hasASCIIPrefix("{\"") && first.hasASCIISuffix("}")) || (first.hasASCIIPrefix("[{\"") && first.hasASCIISuffix("]")), first.contains("\":") {
            return Detection(language: "json", confidence: 0.8)
        }
        // JSON: structural lines only.
        if let json = jsonShare(lines, masks), json >= (lines.count >= 20 ? 0.95 : 1.0) { return Detection(language: "json", confidence: json) }
        // Dockerfile.
        // Instructions are counted only when the first line that is no comment opens like a Dockerfile.
        if let f = lines.first(where: { !$0.hasASCIIPrefix("#") }), f.hasASCIIPrefix("FROM ") || f.hasASCIIPrefix("ARG ") {
            let docker = lines.filter { l in Structure.dockerPrefixes.contains { l.hasASCIIPrefix($0) } }.count
            let nonComment = lines.filter { !$0.hasASCIIPrefix("#") }
            if Double(docker) >= Double(nonComment.count) * 0.5 { return Detection(language: "dockerfile", confidence: 0.9) }
        }
        // SQL statements.
        if let sql = sqlShare(lines, plainFirst: masks[0].isPlainASCII), sql >= 0.5 { return Detection(language: "sql", confidence: 0.85) }
        // YAML: key/value and list lines.
        if let y = yamlShare(lines, giveUp: true), y >= 0.85 { return Detection(language: "yaml", confidence: y) }
        return nil
    }

    /// `opens`' sets for the diff, fence and tag tests of `check` (asked of the line's mask).
    static let hunkFirsts = ByteSet("@d+-I"), fenceFirsts = ByteSet("`~"), tagFirsts = ByteSet("<")

    /// False only when the line opens with an ASCII byte outside `firsts`: then `hasASCIIPrefix` of any ASCII literal
    /// opening with one of `firsts` is false (an ASCII byte is a Character no other Character equals).
    @inline(__always) static func opens(_ l: Substring, _ firsts: StaticString) -> Bool {
        guard let f = l.utf8.first, f < 0x80 else { return true }
        return firsts.withUTF8Buffer { $0.contains(f) }
    }

    /// Ends in `;`, `{`, `)`, `(` or `,`: a line of code, no YAML.
    static func closesCode(_ l: Substring) -> Bool {
        l.hasASCIISuffix(";") || l.hasASCIISuffix("{") || l.hasASCIISuffix(")") || l.hasASCIISuffix("(") || l.hasASCIISuffix(",")
    }

    /// `closesCode`'s suffixes are ASCII bytes, and only `;` has another spelling (U+037E, not ASCII): an ASCII last
    /// byte other than theirs ends none of them.
    @inline(__always) static func mayCloseCode(_ l: Substring) -> Bool {
        let last = l.utf8.last ?? 0
        return last >= 0x80 || last == 59 || last == 123 || last == 41 || last == 40 || last == 44
    }

    /// Dockerfile instructions, each with the space that must follow it.
    static let dockerPrefixes: [StaticString] = ["FROM ", "RUN ", "CMD ", "COPY ", "ADD ", "ENV ", "ARG ", "WORKDIR ", "EXPOSE ", "ENTRYPOINT ", "LABEL ", "USER ", "VOLUME ", "HEALTHCHECK ", "SHELL ", "ONBUILD ", "STOPSIGNAL "]

    /// Share of lines that look like JSON, or nil when the text cannot be JSON at all.
    static func jsonShare(_ lines: [Substring]) -> Double? { jsonShare(lines, lines.map(LineMask.init)) }

    /// The same with each line's `LineMask` (its first byte).
    static func jsonShare(_ lines: [Substring], _ masks: [LineMask]) -> Double? {
        var ok = 0, keys = 0
        for (k, l) in lines.enumerated() {
            // Each case below opens with `"`, a bracket, a comma, a digit, `-`, `t`, `f` or `n`: any other
            // line adds nothing, and is passed before its bytes are copied.
            let c = masks[k].first
            guard masks[k].count > 0, c == 34 || c == 123 || c == 125 || c == 91 || c == 93 || c == 44 || isDigit(c) || c == 45
                    || c == 116 || c == 102 || c == 110 else { continue }
            // On the line's own bytes (a copy of every such line was most of this check's time).
            let (isOK, isKey) = Output.bytes(l) { u -> (Bool, Bool) in
                if c == 34 {
                    // "key": value  or  "string",
                    var k = 1
                    while k < u.count && u[k] != 34 { k += u[k] == 92 ? 2 : 1 }
                    let rest = UnsafeBufferPointer(rebasing: u[min(u.count, k + 1)...])
                    if rest.isEmpty || (rest.count == 1 && rest[0] == 44) { return (true, false) }
                    if rest[0] == 58 || (rest[0] == 32 && rest.count > 1 && rest[1] == 58) {
                        // `"key": actionId,` is an object literal in code: a JSON value is a literal.
                        return jsonValue(rest.drop { $0 == 32 || $0 == 58 }) ? (true, true) : (false, false)
                    }
                } else if "{}[],".utf8.contains(c) {
                    // Ruby's `{ "a" => 1 }` (and PHP's) open like JSON.
                    if Output.has(l, "=>") { return (false, false) }
                    if u.allSatisfy({ "{}[], ".utf8.contains($0) }) { return (true, false) }
                    if c == 123 || c == 91, u.count > 1, u[1] == 34 || u[1] == 123 || u[1] == 91 || u[1] == 32 || isDigit(u[1]) { return (true, false) }
                } else if isDigit(c) || c == 45 || l.hasASCIIPrefix("true") || l.hasASCIIPrefix("false") || l.hasASCIIPrefix("null") {
                    if u.allSatisfy({ isDigit($0) || ".,-+eE ".utf8.contains($0) }) || l.hasASCIIPrefix("true") || l.hasASCIIPrefix("false") || l.hasASCIIPrefix("null") { return (true, false) }
                }
                return (false, false)
            }
            if isOK { ok += 1 }
            if isKey { keys += 1 }
        }
        guard keys > 0 || (lines.first?.hasASCIIPrefix("[") ?? false) else { return nil }
        // JSON ends with a bracket or a value (`[[NSArray array] addObject:]: 26119 ns` does not).
        guard let last = lines.last?.utf8.last, last == 125 || last == 93 || last == 44 || last == 34 || isDigit(last) else { return nil }
        return Double(ok) / Double(lines.count)
    }

    /// Whether a value after `"key":` can open a JSON value: a string, number, object, array, true,
    /// false or null (or nothing yet, the value on the next line).
    static func jsonValue<C: Collection<UInt8>>(_ v: C) -> Bool {
        guard let c = v.first else { return true }
        if c == 34 || c == 123 || c == 91 || c == 45 || isDigit(c) { return true }
        for word in ["true", "false", "null"] where v.starts(with: word.utf8) {
            let next = v.dropFirst(word.utf8.count).first
            return next == nil || next == 44 || next == 32 || next == 125 || next == 93
        }
        return false
    }

    static func yamlShare(_ lines: [Substring]) -> Double? { yamlShare(lines, giveUp: false) }

    /// `giveUp`: nil as soon as more than a fifth of the lines read are no YAML line (a line adds one at most, so the
    /// share stays under 0.8), for a caller that needs 0.85. Blocks of code went through every line (22 M instructions
    /// a build).
    static func yamlShare(_ lines: [Substring], giveUp: Bool) -> Double? {
        var ok = 0, keys = 0, bad = 0
        for (i, l) in lines.enumerated() {
            if giveUp && (i - ok) * 5 > lines.count { return nil }
            // `---` and `...` equal only their own three bytes (neither byte has another Unicode spelling).
            if l.hasASCIIPrefix("#") || l.utf8.count == 3 && (l == "---" || l == "...") { ok += 1; continue }
            if (mayCloseCode(l) && closesCode(l)) || l.hasASCIIPrefix("//") { bad += 1; continue }
            var body = l
            if body.hasASCIIPrefix("- ") || body == "-" { body = body.dropFirst(2); ok += 1; if body.isEmpty { continue } else { ok -= 1 } }
            // In plain ASCII the first ':' byte is the first ':' Character, and every test below is one on bytes.
            // Both from one pass over the bytes (`isPlainASCII`, then the colon search through the view, cost twice that).
            let (ascii, colonAt) = Output.bytes(body) { u -> (Bool, Int?) in
                var colon: Int?
                for (i, c) in u.enumerated() {
                    if c >= 0x80 || c == 13 { return (false, nil) }
                    if c == 58 && colon == nil { colon = i }
                }
                return (true, colon)
            }
            if let colon = ascii ? colonAt.map({ body.utf8.index(body.startIndex, offsetBy: $0) }) : body.firstIndex(of: ":") {
                let key = body[..<colon]
                let after = body[colon...].dropFirst()
                let keyOK = ascii ? Structure.asciiKey(key.utf8) : !key.isEmpty && !key.hasPrefix("-") && key.allSatisfy { $0.isLetter || $0.isNumber || "_-. /\"'$<".contains($0) } && !key.contains("  ")
                // Not a sentence after the colon (seven spaces and no quote).
                let sentence = ascii ? after.utf8.reduce(0) { $1 == 32 ? $0 + 1 : $0 } >= 7 && !after.utf8.contains(34)
                    : after.reduce(0) { $1 == " " ? $0 + 1 : $0 } >= 7 && !after.contains("\"")
                if keyOK && !sentence && (after.isEmpty || after.first == " ") {
                    // A Python block header (`else:`, `def f():`) is not a YAML key.
                    if after.isEmpty && Structure.pythonHeaders.contains(String(key)) { bad += 1; continue }
                    ok += 1; keys += 1; continue
                }
            }
            if l.hasASCIIPrefix("- ") { ok += 1; continue }
        }
        guard keys >= 2, bad == 0 || bad * 10 < lines.count else { return nil }
        return Double(ok) / Double(lines.count)
    }

    /// A YAML key of plain ASCII: not empty, no leading `-`, letters, digits and `_-. /"'$<` only, no two spaces in a
    /// row (the Character-level test in `yamlShare`, on bytes: a tenth of detection went to it).
    static func asciiKey(_ key: Substring.UTF8View) -> Bool {
        guard let f = key.first, f != 45 else { return false }
        var prev: UInt8 = 0
        for c in key {
            guard (c | 0x20) &- 97 < 26 || isDigit(c) || c == 95 || c == 45 || c == 46 || c == 32 || c == 47 || c == 34 || c == 39 || c == 36 || c == 60 else { return false }
            if c == 32 && prev == 32 { return false }
            prev = c
        }
        return true
    }

    static let pythonHeaders: Set<String> = ["else", "try", "finally", "except", "default", "public", "private", "protected"]

    /// Every `sqlBare` word and `sqlOpeners` prefix opens with one of `S I U D C A W B F G O H L -`. A first line
    /// opening with another ASCII byte upper-cases to a String opening with another ASCII Character (the byte's own
    /// upper case, marks after it make a Character that equals no ASCII one), so it opens no SQL: the upper-cased
    /// copy of every fence's first line was made for nothing.
    @inline(__always) static func maySQL(_ first: Substring) -> Bool {
        guard let b = first.utf8.first, b < 0x80 else { return true }
        let c = b &- 97 < 26 ? b - 32 : b
        return c == 83 || c == 73 || c == 85 || c == 68 || c == 67 || c == 65 || c == 87 || c == 66 || c == 70 || c == 71 || c == 79 || c == 72 || c == 76 || c == 45
    }

    /// Whether a plain ASCII line upper-cased is a `sqlBare` word or opens with a `sqlOpeners` prefix, on its bytes: its
    /// upper case is then its bytes with `a`-`z` raised, one Character a byte, so String equality and prefixes are the
    /// bytes'. The upper-cased copy and ten prefix tests ran on the first line of every block opening with `d`, `f`, `i`...
    static func opensSQL(_ line: Substring) -> Bool {
        Output.bytes(line) { u in
            func upper(_ k: Int) -> UInt8 { u[k] &- 97 < 26 ? u[k] - 32 : u[k] }
            func starts(_ w: String, whole: Bool) -> Bool {
                let p = w.utf8
                guard whole ? u.count == p.count : u.count >= p.count else { return false }
                for (k, c) in p.enumerated() where upper(k) != c { return false }
                return true
            }
            return sqlBareList.contains { starts($0, whole: true) } || sqlOpeners.contains { starts($0, whole: false) }
        }
    }

    /// `sqlBare`'s words.
    static let sqlBareList = Array(sqlBare)

    static let sqlStarts = ["SELECT ", "INSERT INTO", "UPDATE ", "DELETE FROM", "CREATE TABLE", "CREATE INDEX", "CREATE VIEW", "ALTER TABLE", "DROP TABLE", "WITH ", "FROM ", "WHERE ", "JOIN ", "LEFT JOIN", "GROUP BY", "ORDER BY", "VALUES", "AND ", "OR ", "CREATE UNIQUE", "CREATE OR REPLACE", "BEGIN", "COMMIT", "SET ", "LIMIT ", "INNER JOIN", "HAVING ", "ON ", "PRIMARY KEY", "--"]
    /// Lower-case SQL laid out a keyword to a line (`select` / `  name,` / `from`) is as common on blogs.
    static let sqlBare: Set<String> = ["SELECT", "FROM", "WHERE", "GROUP BY", "ORDER BY", "HAVING", "LIMIT", "UNION", "UNION ALL", "WITH"]
    static let sqlOpeners = ["SELECT ", "INSERT ", "UPDATE ", "DELETE ", "CREATE ", "ALTER ", "DROP ", "WITH ", "BEGIN", "--"]

    static func sqlShare(_ lines: [Substring]) -> Double? { sqlShare(lines, plainFirst: false) }

    /// `plainFirst`: the first line is plain ASCII (`isPlainASCII`), and is matched on its bytes.
    static func sqlShare(_ lines: [Substring], plainFirst: Bool) -> Double? {
        guard maySQL(lines[0]) else { return nil }
        if plainFirst {
            guard opensSQL(lines[0]) else { return nil }
        } else {
            let first = lines[0].uppercased()
            guard sqlBare.contains(first) || sqlOpeners.contains(where: { first.hasPrefix($0) }) else { return nil }
        }
        guard lines[0].hasASCIIPrefix("--") == false || lines.count > 1 else { return nil }
        // Each line upper-cased once for both tests below (it was twice).
        let ups = lines.map { $0.uppercased() }
        var hits = 0
        for up in ups {
            if sqlBare.contains(up) || sqlStarts.contains(where: { up.hasPrefix($0) }) || up.hasSuffix(";") || up.hasSuffix(",") { hits += 1 }
        }
        let strong = ups.contains { u in u == "SELECT" || u.contains("SELECT ") || u.contains("INSERT INTO") || u.contains("CREATE TABLE") || u.contains("UPDATE ") || u.contains("DELETE FROM") }
        return strong ? Double(hits) / Double(lines.count) : nil
    }
}
