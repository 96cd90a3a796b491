/// Whole-block shapes that token scores misread, each a class seen in real blogs' unlabelled fences
/// (Benchmarks/highlight/blog_fences.jsonl): a REPL session read as JSON, an old-style property list read as
/// Objective-C or XML, a DTrace or AppleScript script (no lexer here) read as Objective-C or Scala, a bare file
/// listing read as shell, GraphQL read as JavaScript. Every check looks at every line and gives up at the first
/// line that does not fit, so a block of code costs one or two lines of each.
enum Shapes {
    /// Text that is not code for any lexer here: the caller leaves the block plain.
    static func isPlain(_ body: [Substring]) -> Bool { isPlain(body, body.map(LineMask.init)) }

    /// The same with each line's `LineMask`.
    static func isPlain(_ body: [Substring], _ masks: [LineMask]) -> Bool {
        isREPL(body) || isPropertyListText(body) || isDTrace(body, masks) || isAppleScript(body, masks) || isListing(body) || isJustfile(body, masks)
    }

    // MARK: REPL sessions

    /// A Node or MongoDB shell session: `> expression` prompts and what they print (`> db.artworks.findOne()`
    /// then a document). Python's `>>> ` is `Output`'s; a Markdown quote is prose (no code punctuation, or a
    /// sentence's end), and every line of a quote is quoted, while a session has unprompted output lines.
    static func isREPL(_ body: [Substring]) -> Bool {
        guard let first = body.first, first.hasASCIIPrefix("> "), body.count >= 2 else { return false }
        let expr = first.dropFirst(2).trimmingBlanks
        guard let last = expr.utf8.last, !expr.isEmpty else { return false }
        let spaces = expr.utf8.reduce(0) { $0 + ($1 == 32 ? 1 : 0) }
        let codeMark = expr.utf8.contains { $0 == 40 || $0 == 61 || $0 == 123 }
        // Ends like an expression: `)`, `}`, `]`, `;` or a name, never like a sentence.
        let ends = last == 41 || last == 125 || last == 93 || last == 59 || isWordByte(last)
        guard codeMark, ends, spaces <= 12 else { return false }
        return body.dropFirst().contains { !$0.hasASCIIPrefix(">") }
    }

    // MARK: Property-list text

    /// NeXTSTEP property lists, `NSDictionary` descriptions and `.strings` files: `key = value;` lines between
    /// `{ }` and `( )`, `/* comments */`. Objective-C is read from them (semicolons, `@"…"`, quoted keys), yet no
    /// statement is a bare assignment with a quoted key, and a block of code does not open with a lone brace.
    static func isPropertyListText(_ body: [Substring]) -> Bool {
        guard let first = body.first else { return false }
        var assigns = 0, quoted = 0
        for l in body {
            if l.utf8.allSatisfy({ $0 == 123 || $0 == 125 || $0 == 40 || $0 == 41 || $0 == 44 || $0 == 59 || $0 == 32 }) { continue }
            if l == "..." || (l.hasASCIIPrefix("/*") && l.hasASCIISuffix("*/")) { continue }
            let u = Array(l.utf8)
            // A list item: `"text",`, `12,` or `"text"`.
            if isListItem(u) { continue }
            guard let eq = assignment(u) else { return false }
            let value = u[(eq + 3)...]
            guard let end = value.last, end == 59 || (value.count == 1 && (end == 123 || end == 40)) else { return false }
            // A value is a literal: no message send, call or operator (`x = [a b];`, `y = f(z);` are code).
            if value.count > 1, value.contains(where: { $0 == 91 || $0 == 40 || $0 == 43 || $0 == 42 }) { return false }
            assigns += 1
            if u[0] == 34 { quoted += 1 }
        }
        let opens = first == "{" || first == "("
        return assigns >= 2 && (opens || quoted == assigns)
    }

    /// `key = ` or `"quoted key" = `: the index of the space before `=`.
    private static func assignment(_ u: [UInt8]) -> Int? {
        var k = 0
        if u.first == 34 {
            k = 1
            while k < u.count && u[k] != 34 { k += u[k] == 92 ? 2 : 1 }
            k += 1
        } else {
            while k < u.count && (isWordByte(u[k]) || u[k] == 46 || u[k] == 45) { k += 1 }
            guard k > 0 else { return nil }
        }
        // `"key"="value";` (no spaces) is common in .strings files.
        if k < u.count, u[k] == 61, u.first == 34, k >= 2 { return k - 2 }
        guard k + 2 < u.count, u[k] == 32, u[k + 1] == 61, u[k + 2] == 32 else { return nil }
        return k
    }

    private static func isListItem(_ u: [UInt8]) -> Bool {
        var v = u[...]
        if v.last == 44 { v = v.dropLast() }
        guard let f = v.first else { return false }
        if f == 34 { return v.count >= 2 && v.last == 34 && !v.dropFirst().dropLast().contains(34) }
        return v.allSatisfy { isDigit($0) || $0 == 46 || $0 == 45 }
    }

    // MARK: Scripts without a lexer

    /// DTrace: probe descriptions (`syscall:::entry`, `objc$target:NSView:-drawRect?:entry`: four fields, three
    /// colons, no spaces) opening clauses, `/ predicate /` lines, `#pragma D`. Read as Objective-C or C otherwise.
    static func isDTrace(_ body: [Substring]) -> Bool { isDTrace(body, body.map(LineMask.init)) }

    static func isDTrace(_ body: [Substring], _ masks: [LineMask]) -> Bool { mayBeDTrace(masks) && dtraceLines(body, masks) }

    /// A probe's head holds three colons, and it is the line or a part of it: without such a line, no probe (most
    /// blocks of code have none, and every line with a colon went through `dtraceLines`).
    static func mayBeDTrace(_ masks: [LineMask]) -> Bool { masks.contains { $0.colons >= 3 } }

    static func dtraceLines(_ body: [Substring], _ masks: [LineMask]) -> Bool {
        var probes = 0, clauses = 0
        for (k, l) in body.enumerated() {
            if l.hasASCIIPrefix("#pragma D ") { clauses += 1; continue }
            // A declaration and a probe both hold a colon: a line without one is neither.
            if !masks[k].has(58) { continue }
            // CSS selectors look like probes (`h5:target::before {`); a `property: value;` line is CSS, never D.
            if isDeclaration(l) { return false }
            let u = l.utf8
            guard u.count < 120, !u.contains(32) || l.hasASCIISuffix("{") else { continue }
            let head = l.hasASCIISuffix("{") ? l.dropLast().trimmingBlanks : l
            guard head.utf8.reduce(0, { $0 + ($1 == 58 ? 1 : 0) }) == 3, !head.utf8.contains(where: { $0 == 40 || $0 == 59 || $0 == 32 || $0 == 34 }) else { continue }
            probes += 1
            let next = k + 1 < body.count ? body[k + 1] : ""
            if l.hasASCIISuffix("{") || next == "{" || (next.hasASCIIPrefix("/") && next.hasASCIISuffix("/") && next.utf8.count > 2) { clauses += 1 }
        }
        return probes >= 1 && clauses >= 1
    }

    /// `margin-inline-start: -30px;`: a lower-case property, a colon and a space, a value ending in `;`.
    private static func isDeclaration(_ l: Substring) -> Bool {
        guard l.hasASCIISuffix(";"), let colon = l.utf8.firstIndex(of: 58), l.utf8[l.utf8.index(after: colon)...].first == 32 else { return false }
        let name = l.utf8[..<colon]
        return !name.isEmpty && name.allSatisfy { $0 &- 97 < 26 || $0 == 45 }
    }

    /// AppleScript: `set x to …`, `tell application "…"`, `repeat with …`, and blocks closed by `end if`,
    /// `end repeat`, `end tell` or `end <handler>`. No other language here ends its blocks that way.
    static func isAppleScript(_ body: [Substring]) -> Bool { isAppleScript(body, body.map(LineMask.init)) }

    /// The same with each line's `LineMask`.
    static func isAppleScript(_ body: [Substring], _ masks: [LineMask]) -> Bool { mayBeAppleScript(masks) && appleScriptLines(body) }

    /// It needs an `end ` line: a block without a line opening with `e` (or a non-ASCII byte) that holds `n`, `d` and
    /// a space has none (no other Character equals one of those ASCII bytes).
    static func mayBeAppleScript(_ masks: [LineMask]) -> Bool {
        masks.contains { ($0.first == 101 || $0.first >= 0x80) && $0.has(110) && $0.has(100) && $0.has(32) }
    }

    static func appleScriptLines(_ body: [Substring]) -> Bool {
        var sets = 0, ends = 0, tells = 0
        for l in body {
            if l.hasASCIIPrefix("set "), Output.has(l, " to ") { sets += 1 }
            else if l.hasASCIIPrefix("tell application ") || l.hasASCIIPrefix("repeat with ") || l.hasASCIIPrefix("repeat while ") { tells += 1 }
            else if l.hasASCIIPrefix("end "), l.utf8.count < 40, l.utf8.dropFirst(4).allSatisfy({ $0 &- 97 < 26 || $0 == 32 }) {
                ends += 1
            }
        }
        return ends >= 1 && (sets >= 1 || tells >= 1) && (sets + tells + ends) * 5 >= body.count
    }

    /// justfiles: recipe heads (`@test *options:`, `server:`) over indented command lines, `{{name}}`
    /// interpolation or `name := value` settings. Read as shell (or Makefile, whose recipes are tab-indented and
    /// interpolate `$(name)`); no lexer here knows just's syntax.
    static func isJustfile(_ body: [Substring]) -> Bool { isJustfile(body, body.map(LineMask.init)) }

    static func isJustfile(_ body: [Substring], _ masks: [LineMask]) -> Bool { mayBeJustfile(masks) && justfileLines(body, masks) }

    /// It needs a mark (`{{…}}` without a parenthesis, or `export … := …`) and a head (opening with `@` or a lower-case
    /// letter, ending in `:`): without a line that may be each, no justfile (every line went through `justfileLines`).
    static func mayBeJustfile(_ masks: [LineMask]) -> Bool {
        masks.contains { ($0.has(123) && $0.has(125) && !$0.has(40)) || (($0.first == 101 || $0.first >= 0x80) && $0.has(58) && $0.has(61)) }
            && masks.contains { ($0.first == 64 || $0.first &- 97 < 26) && ($0.last == 58 || $0.last >= 0x80) }
    }

    static func justfileLines(_ body: [Substring], _ masks: [LineMask]) -> Bool {
        var heads = 0, marks = 0
        for (k, l) in body.enumerated() {
            if l.hasASCIIPrefix("#") { continue }
            let m = masks[k]
            // Every test below needs a colon (a recipe head, `:=`) or `{{`.
            let braces = m.has(123) && Output.has(l, "{{")
            if !m.has(58) && !braces { continue }
            // Go's `x := y` is indented code; just's settings are exported or stand at the top.
            if braces && m.has(125) && Output.has(l, "}}") && !m.has(40) || l.hasASCIIPrefix("export ") && Output.has(l, " := ") { marks += 1 }
            guard l.hasASCIISuffix(":"), let f = l.utf8.first, f == 64 || f &- 97 < 26 else { continue }
            if let w = firstWord(l).map({ String($0.drop { $0 == "@" }.prefix { $0 != ":" }) }), Structure.pythonHeaders.contains(w) || blockWords.contains(w) { continue }
            // `name`, `@name`, `name *args`, `name arg="default"`: words, no code punctuation.
            if !l.utf8.contains(where: { $0 == 40 || $0 == 123 || $0 == 59 || $0 == 44 || $0 == 46 }) { heads += 1 }
        }
        return heads >= 1 && marks >= 1 && !body.contains { $0.hasASCIIPrefix("\t") }
    }

    /// `l.split(separator: " ").first` without splitting the rest of the line: a line that opens with no space is its
    /// first word up to a space (recipe heads and Python headers were split whole on every unlabelled block).
    static func firstWord(_ l: Substring) -> Substring? {
        guard let f = l.first, f != " " else { return l.split(separator: " ").first }
        return l.prefix { $0 != " " }
    }

    /// Words that open a block header ending in `:` in Python, Go or Swift, never a just recipe.
    static let blockWords: Set<String> = ["class", "def", "if", "elif", "for", "while", "with", "async", "case", "match", "switch", "select"]

    // MARK: Listings

    /// `ls` output without the command: two or more lines, each one file name (`cowsay-5.0-py3.10.egg-info`,
    /// `bin`), at least one with an extension or a version; none a command or a keyword on its own.
    static func isListing(_ body: [Substring]) -> Bool {
        guard body.count >= 2, body.count <= 80 else { return false }
        var named = 0
        for l in body {
            let u = l.utf8
            guard u.count <= 80, let f = u.first, isWordByte(f) || f == 46,
                  u.allSatisfy({ isWordByte($0) || $0 == 46 || $0 == 45 || $0 == 47 || $0 == 64 || $0 == 43 }) else { return false }
            if keywordLike.contains(String(l)) || Output.commandNames.contains(String(l)) { return false }
            if u.contains(46) || u.contains(45) { named += 1 }
        }
        return named >= 1
    }

    /// Words that stand alone on a line of code (`end`, `else`, `break`), so a block of them is no listing.
    static let keywordLike: Set<String> = ["end", "else", "break", "continue", "return", "fi", "done", "esac", "pass", "default", "nil", "null", "true", "false", "endif", "begin", "try", "finally", "do", "then", "self", "super"]

    // MARK: INI

    /// INI files (`openssl.cnf`, `.gitconfig`, `setup.cfg`): `[section]` heads and `key = value` lines, some value
    /// bare text (`CA:FALSE`, `@alt_names`), which TOML would quote. TOML-shaped text is left to the scorer.
    static func isINI(_ body: [Substring]) -> Bool {
        guard let first = body.first(where: { !$0.hasASCIIPrefix("#") && !$0.hasASCIIPrefix(";") }), isSection(first) else { return false }
        var keys = 0, bare = 0
        for l in body where !l.hasASCIIPrefix("#") && !l.hasASCIIPrefix(";") && !isSection(l) {
            let u = l.utf8
            guard let eq = u.firstIndex(of: 61) else { return false }
            let key = Substring(u[..<eq]).trimmingBlanks
            guard !key.isEmpty, key.utf8.allSatisfy({ isWordByte($0) || $0 == 46 || $0 == 45 || $0 == 32 }) else { return false }
            let value = Substring(u[u.index(after: eq)...]).trimmingBlanks
            keys += 1
            if let c = value.utf8.first, (c | 0x20) &- 97 < 26 || c == 64 || c == 47, value != "true", value != "false" { bare += 1 }
        }
        return keys >= 1 && bare >= 1
    }

    /// `[req]`, `[ v3_req ]`, `[remote "origin"]`.
    private static func isSection(_ l: Substring) -> Bool {
        guard l.hasASCIIPrefix("["), l.hasASCIISuffix("]"), l.utf8.count >= 3 else { return false }
        return l.utf8.dropFirst().dropLast().allSatisfy { isWordByte($0) || $0 == 32 || $0 == 46 || $0 == 45 || $0 == 34 }
    }

    // MARK: GraphQL

    /// GraphQL queries and schemas: every line is a selection (`title`, `artwork(id: "x") {`, `alias: field`),
    /// a fragment spread (`...Name`, `... on Artwork {`), an operation or type head (`query {`, `type Query {`,
    /// `fragment F on T {`), a field with its type (`artist(id: ID!): Artist`), a brace or a `#` comment; braces
    /// balance and there are two fields at least. Read by the tokens they come out JavaScript. Arguments name
    /// their parameters (`(id: …)`), so a Gradle block of calls (`implementation("a:b:1")`) is no query.
    static func isGraphQL(_ body: [Substring]) -> Bool {
        guard body.count >= 2, let first = body.first, first.hasASCIISuffix("{") || first.hasASCIIPrefix("type ") || first.hasASCIIPrefix("#") else { return false }
        var opens = 0, closes = 0, fields = 0, headed = false
        for line in body {
            if line.hasASCIIPrefix("#") { continue }
            // A trailing `# comment` (`userReviews {  # a back-end service`).
            let l = line.utf8.firstIndex(of: 35).map { Substring(line.utf8[..<$0]).trimmingBlanks } ?? line
            if l == "}" { closes += 1; continue }
            var s = l
            if s.hasASCIISuffix("{") { opens += 1; s = s.dropLast().trimmingBlanks }
            if s.isEmpty || s == "..." || s.hasASCIIPrefix("...") { continue }
            if let w = s.split(separator: " ", maxSplits: 1).first, heads.contains(String(w)), l.hasASCIISuffix("{") || w == "fragment" {
                headed = true
                continue
            }
            // Under an operation or type head, arguments may be written loosely (`artworkOrError("mona-lisa")`).
            guard isSelection(Array(s.utf8), loose: headed) else { return false }
            fields += 1
        }
        return opens >= 1 && opens == closes && (fields >= 2 || headed && fields >= 1)
    }

    /// Operation and type heads; `interface` and `enum` are left out, TypeScript and Swift open blocks with them.
    static let heads: Set<String> = ["query", "mutation", "subscription", "fragment", "type", "input", "schema", "extend", "union"]

    /// `name`, `alias: name`, `name(arg: value)`, `name: Type!`, `name(arg: Type): [Type]`, each with `@directives`.
    private static func isSelection(_ u: [UInt8], loose: Bool) -> Bool {
        var k = 0
        func name() -> Bool {
            let start = k
            while k < u.count && isWordByte(u[k]) { k += 1 }
            return k > start && !isDigit(u[start])
        }
        guard name() else { return false }
        if k < u.count && u[k] == 40 {   // arguments: `(name: …` up to the matching `)`
            k += 1
            while k < u.count && u[k] == 32 { k += 1 }
            if k < u.count && u[k] == 36 { k += 1 }
            let named = name() && k < u.count && u[k] == 58
            guard named || loose else { return false }
            var depth = 1
            while k < u.count && depth > 0 {
                if u[k] == 40 { depth += 1 } else if u[k] == 41 { depth -= 1 } else if u[k] == 59 { return false }
                k += 1
            }
            guard depth == 0 else { return false }
        }
        if k < u.count && u[k] == 58 {   // `: Type` (capitalised or a list), or an alias `: field`
            k += 1
            while k < u.count && u[k] == 32 { k += 1 }
            let typeStart = k
            while k < u.count && (isWordByte(u[k]) || u[k] == 91 || u[k] == 93 || u[k] == 33) { k += 1 }
            guard k > typeStart else { return false }
            if k < u.count && u[k] == 40 { return isSelection(Array(u[typeStart...]), loose: loose) }
        }
        while k < u.count && u[k] == 32 { k += 1 }
        if k < u.count && u[k] == 64 { return true }   // directives
        return k == u.count
    }

    /// A Cocoa-typed declaration (`NSRange range = …;`, `UIView *view;`, `CGFloat w = 2;`): Objective-C or C with
    /// Apple's frameworks. JavaScript, Swift and Kotlin never put a type before the name, so a short line of it in
    /// a post that also shows JavaScript is still Objective-C.
    static func hasCocoaDeclaration(_ body: [Substring]) -> Bool {
        body.contains { l in
            // Only `N`, `U` or `C` can open one: every other line is answered before its bytes are copied.
            guard let f = l.utf8.first, f == 78 || f == 85 || f == 67 else { return false }
            let u = Array(l.utf8.prefix(80))
            guard u.count > 6, [("N", "S"), ("U", "I"), ("C", "G"), ("C", "F")].contains(where: { u[0] == $0.0.utf8.first! && u[1] == $0.1.utf8.first! }),
                  u[2] &- 65 < 26 else { return false }
            var k = 2
            while k < u.count && isWordByte(u[k]) { k += 1 }
            guard k < u.count, u[k] == 32 || u[k] == 42 else { return false }
            while k < u.count && (u[k] == 32 || u[k] == 42) { k += 1 }
            let name = k
            while k < u.count && isWordByte(u[k]) { k += 1 }
            guard k > name, k < u.count else { return false }
            return u[k] == 59 || (u[k] == 32 && k + 1 < u.count && u[k + 1] == 61)
        }
    }

    @inline(__always) static func isWordByte(_ c: UInt8) -> Bool { (c | 0x20) &- 97 < 26 || isDigit(c) || c == 95 }
}
