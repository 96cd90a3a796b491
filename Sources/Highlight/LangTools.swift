/// SQL: case-insensitive keywords.
struct SQLLexer: Lexer {
    static let words = WordTable([
        ("select from where and or not insert into values update set delete create table drop alter add column index view primary key foreign references unique default null is in like between join inner left right outer full cross on as order by group having limit offset union all distinct case when then else end exists begin commit rollback transaction if returning with recursive asc desc constraint check cascade trigger function procedure returns language replace grant revoke to database schema using natural over partition window explain analyze vacuum", .k, nil),
        ("int integer bigint smallint serial bigserial text varchar char boolean bool date time timestamp timestamptz interval numeric decimal real double precision float blob json jsonb uuid bytea", .nb, nil),
        ("true false", .kc, nil),
    ])

    func lex(_ s: inout Scanner) {
        var lower = [UInt8](repeating: 0, count: 40)
        while s.i < s.n {
            let start = s.i
            let c = s.b[start]
            if c == 45 && s.at(start + 1) == 45 || c == 35 {
                let e = s.lineEnd(from: start); s.emit(.c1, from: start, to: e); s.i = e
            } else if c == 47 && s.at(start + 1) == 42 {
                var j = start + 2
                while j < s.n && !(s.b[j] == 42 && s.at(j + 1) == 47) { j += 1 }
                j = min(j + 2, s.n); s.emit(.cm, from: start, to: j); s.i = j
            } else if c == 39 || c == 34 || c == 96 {
                var j = start + 1
                while j < s.n { if s.b[j] == c { if s.at(j + 1) == c { j += 2; continue }; break }; j += 1 }
                j = min(j + 1, s.n)
                s.emit(c == 39 ? .s1 : .n, from: start, to: j); s.i = j
            } else if isDigit(c) {
                let (e, k) = s.number(from: start, suffixes: false)
                s.emit(k == .mf ? .mf : .mi, from: start, to: e); s.i = e
            } else if isIdentStart(c) {
                let e = s.identEnd(from: start)
                var cls = TokenClass.n
                if e - start <= 40 {
                    // Lower-cased through a pointer: Array subscript stores check uniqueness per byte.
                    let info = lower.withUnsafeMutableBufferPointer { lp -> WordInfo? in
                        for q in start..<e { lp[q - start] = s.b[q] | (isUpper(s.b[q]) ? 0x20 : 0) }
                        return SQLLexer.words.lookup(UnsafeBufferPointer(lp), 0, e - start)
                    }
                    if let info { cls = info.cls }
                }
                s.emit(cls, from: start, to: e); s.i = e
            } else {
                if oneOf(c, "+-*/<>=!|%") { s.emit(.o, from: start, to: start + 1) }
                else if oneOf(c, "(),;.") { s.emit(.p, from: start, to: start + 1) }
                s.i += 1
            }
        }
    }
}

/// Unified diffs: `+` lines `gi`, `-` lines `gd`, hunks `gu`, headers `gh`.
/// With an inner lexer (`diff-swift`), the code after the marker column is highlighted too.
struct DiffLexer: Lexer {
    let inner: (any Lexer)?

    static func lineClass(_ s: Scanner, _ ls: Int, _ le: Int) -> TokenClass {
        let c = s.b[ls]
        // File headers: `diff`/`index` lines are headings; `---`/`+++` take the deleted/inserted colours, as in Pygments.
        if s.matches("diff ", at: ls) || s.matches("index ", at: ls) { return .gh }
        if c == 43 { return .gi }
        if c == 45 { return .gd }
        if c == 64 && s.matches("@@", at: ls) { return .gu }
        if c == 33 { return .gs }
        return .text
    }

    func lex(_ s: inout Scanner) {
        guard let inner else {
            while s.i < s.n {
                let ls = s.i
                let le = s.lineEnd(from: ls)
                if le > ls { s.emit(DiffLexer.lineClass(s, ls, le), from: ls, to: min(le + 1, s.n)) }
                s.i = min(le + 1, s.n)
            }
            return
        }
        // Strip the marker column, lex the code as a whole, then map tokens back.
        var code: [UInt8] = []
        var map: [Int] = []   // code index → input index
        var markers: [(Int, Int, TokenClass)] = []
        code.reserveCapacity(s.n)
        map.reserveCapacity(s.n)
        var ls = 0
        while ls < s.n {
            let le = s.lineEnd(from: ls)
            let cls = le > ls ? DiffLexer.lineClass(s, ls, le) : .text
            let end = min(le + 1, s.n)
            if cls == .gh || cls == .gu {
                markers.append((ls, end, cls))
            } else {
                let marker = le > ls && (s.b[ls] == 43 || s.b[ls] == 45 || s.b[ls] == 32)
                if marker { markers.append((ls, ls + 1, cls)) }
                let from = marker ? ls + 1 : ls
                for q in from..<end { code.append(s.b[q]); map.append(q) }
            }
            ls = end
        }
        let toks = code.withUnsafeBufferPointer { inner.tokens($0) }
        var events: [(Int, Int, TokenClass)] = markers
        var prev = 0
        for t in toks {
            let e = Int(t.end)
            if t.cls != .text {
                var q = prev
                while q < e {               // split at line breaks in the original
                    var r = q + 1
                    while r < e && map[r] == map[r - 1] + 1 { r += 1 }
                    events.append((map[q], map[r - 1] + 1, t.cls))
                    q = r
                }
            }
            prev = e
        }
        events.sort { $0.0 < $1.0 }
        for (a, b, cls) in events where cls != .text { s.emit(cls, from: a, to: b) }
        s.i = s.n
    }
}

/// Dockerfile: instructions `k`, the rest shell or plain, comments.
struct DockerfileLexer: Lexer {
    static let instructions = WordTable([("FROM RUN CMD LABEL MAINTAINER EXPOSE ENV ADD COPY ENTRYPOINT VOLUME USER WORKDIR ARG ONBUILD STOPSIGNAL HEALTHCHECK SHELL AS", .k, nil)])

    func lex(_ s: inout Scanner) {
        var upper = [UInt8](repeating: 0, count: 16)
        var continued = false
        while s.i < s.n {
            let ls = s.i
            let le = s.lineEnd(from: ls)
            let j = s.skipBlanks(from: ls, newlines: false)
            if j < le && s.b[j] == 35 && !continued {
                s.emit(.c, from: j, to: le)
            } else if continued {
                s.i = j; DockerfileLexer.arguments(&s, shell: true, end: le)
            } else if j < le {
                let we = s.identEnd(from: j)
                var isInstr = false
                if we - j <= 16 {
                    for q in j..<we { upper[q - j] = s.b[q] & ~(s.b[q] &- 97 < 26 ? 0x20 : 0) }
                    isInstr = upper.withUnsafeBufferPointer { DockerfileLexer.instructions.lookup($0, 0, we - j) } != nil
                }
                if isInstr {
                    s.emit(.k, from: j, to: we)
                    s.i = we
                    let word = String(decoding: UnsafeBufferPointer(rebasing: s.b[j..<we]), as: UTF8.self).uppercased()
                    DockerfileLexer.arguments(&s, shell: !["FROM", "WORKDIR", "EXPOSE", "USER", "VOLUME", "STOPSIGNAL", "MAINTAINER"].contains(word), end: le)
                }
            }
            continued = le > ls && s.b[le - 1] == 92
            s.i = min(le + 1, s.n)
        }
    }

    /// Instruction arguments: shell code, a JSON array (exec form), or plain words (`s`, `AS` → k).
    static func arguments(_ s: inout Scanner, shell: Bool, end le: Int) {
        var cont = le
        if le > s.i && s.b[le - 1] == 92 { cont = le - 1; s.emit(.text, from: s.i, to: s.i) }
        let j = s.skipBlanks(from: s.i, newlines: false)
        if j < cont && s.b[j] == 91 {
            var k = j
            while k < cont {
                let c = s.b[k]
                if c == 34 {
                    var e = k + 1
                    while e < cont && s.b[e] != 34 { e += s.b[e] == 92 ? 2 : 1 }
                    e = min(e + 1, cont); s.emit(.s2, from: k, to: e); k = e; continue
                }
                if c == 91 || c == 93 || c == 44 { s.emit(.p, from: k, to: k + 1) }
                k += 1
            }
        } else if shell {
            s.i = j
            ShellLexer.code(&s, end: cont, closer: 0)
        } else {
            var k = j
            while k < cont {
                while k < cont && (s.b[k] == 32 || s.b[k] == 9) { k += 1 }
                var e = k
                while e < cont && s.b[e] != 32 && s.b[e] != 9 { e += 1 }
                if e > k { s.emit(e - k == 2 && (s.b[k] | 0x20) == 97 && (s.b[k + 1] | 0x20) == 115 ? .k : .s, from: k, to: e) }
                k = e
            }
        }
        if cont < le { s.emit(.se, from: cont, to: le) }
        s.i = le
    }
}

/// Makefiles: targets `nf`, variables `nv`, recipes as shell, comments.
struct MakefileLexer: Lexer {
    func lex(_ s: inout Scanner) {
        while s.i < s.n {
            let ls = s.i
            let le = s.lineEnd(from: ls)
            if ls < le && s.b[ls] == 9 {
                s.i = ls + 1; ShellLexer.code(&s, end: le, closer: 0)
            } else if ls < le && s.b[ls] == 35 {
                s.emit(.c, from: ls, to: le)
            } else if ls < le {
                var k = ls
                while k < le && s.b[k] != 58 && s.b[k] != 61 && s.b[k] != 35 { k += 1 }
                if k < le && s.b[k] == 58 && s.at(k + 1) != 61 {
                    s.emit(.nf, from: ls, to: k); s.emit(.o, from: k, to: k + 1)
                    var d = k + 1
                    while d < le {
                        while d < le && s.b[d] == 32 { d += 1 }
                        var e = d
                        while e < le && s.b[e] != 32 { e += 1 }
                        if e > d && s.b[d] != 36 { s.emit(.n, from: d, to: e) }
                        d = e
                    }
                } else if k < le && (s.b[k] == 61 || s.b[k] == 58) {
                    var t = k
                    while t > ls && (s.b[t - 1] == 32 || s.b[t - 1] == 63 || s.b[t - 1] == 43) { t -= 1 }
                    s.emit(.nv, from: ls, to: t); s.emit(.o, from: t, to: k + 1)
                } else {
                    let we = s.identEnd(from: ls)
                    if s.matches("include", at: ls) || s.matches("ifeq", at: ls) || s.matches("ifneq", at: ls) || s.matches("ifdef", at: ls) || s.matches("ifndef", at: ls) || s.matches("else", at: ls) || s.matches("endif", at: ls) || s.matches("export", at: ls) || s.matches("define", at: ls) || s.matches("endef", at: ls) {
                        s.emit(.k, from: ls, to: we)
                    }
                }
            }
            s.i = min(le + 1, s.n)
        }
    }
}

/// Markdown: headings `gh`/`gu`, emphasis `ge`/`gs`, code `sb` (fenced code highlighted in its own language),
/// list markers and quotes `k`, links.
struct MarkdownLexer: Lexer {
    func lex(_ s: inout Scanner) {
        while s.i < s.n {
            let ls = s.i
            let le = s.lineEnd(from: ls)
            let j = s.skipBlanks(from: ls, newlines: false)
            if s.matches("```", at: j) || s.matches("~~~", at: j) {
                fence(&s, j, le)
                continue
            } else if j < le && s.b[j] == 35 {
                s.emit(s.matches("##", at: j) ? .gu : .gh, from: j, to: le)
            } else if j < le && s.b[j] == 62 {
                let k = s.skipBlanks(from: j + 1, newlines: false)
                s.emit(.k, from: j, to: k)
                s.emit(.ge, from: k, to: le)
            } else {
                var k = j
                if k + 1 < le && (s.b[k] == 45 || s.b[k] == 42 || s.b[k] == 43) && s.b[k + 1] == 32 { s.emit(.k, from: k, to: k + 1); k += 2 }
                else if k < le && isDigit(s.b[k]) {
                    var d = k
                    while d < le && isDigit(s.b[d]) { d += 1 }
                    if d < le && s.b[d] == 46 && s.at(d + 1) == 32 { s.emit(.k, from: k, to: d + 1); k = d + 2 }
                }
                inline(&s, k, le)
            }
            s.i = min(le + 1, s.n)
        }
    }

    /// A fenced block: fences `sb`, the code lexed by its language when known.
    func fence(_ s: inout Scanner, _ j: Int, _ le: Int) {
        let marker = s.b[j]
        var k = j
        while k < le && s.b[k] == marker { k += 1 }
        let info = String(decoding: UnsafeBufferPointer(rebasing: s.b[k..<le]), as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
        s.emit(.sb, from: j, to: le)
        let bodyStart = min(le + 1, s.n)
        var end = bodyStart
        var closeEnd = s.n
        while end < s.n {
            let e = s.lineEnd(from: end)
            let t = s.skipBlanks(from: end, newlines: false)
            if t + 3 <= e && s.b[t] == marker && s.b[t + 1] == marker && s.b[t + 2] == marker { closeEnd = e; break }
            end = min(e + 1, s.n)
        }
        if !info.isEmpty, info != "markdown", let lexer = Highlighter.resolve(info)?.lexer, end > bodyStart {
            let sub = lexer.tokens(UnsafeBufferPointer(rebasing: s.b[bodyStart..<end]))
            var prev = bodyStart
            for t in sub {
                let e = bodyStart + Int(t.end)
                if t.cls != .text { s.emit(t.cls, from: prev, to: e) }
                prev = e
            }
        }
        if end < s.n { s.emit(.sb, from: end, to: closeEnd) }
        s.i = min(closeEnd + 1, s.n)
    }

    func inline(_ s: inout Scanner, _ from: Int, _ le: Int) {
        var k = from
        while k < le {
            let c = s.b[k]
            if c == 96 {
                var e = k + 1
                while e < le && s.b[e] != 96 { e += 1 }
                e = min(e + 1, le); s.emit(.sb, from: k, to: e); k = e
            } else if (c == 42 || c == 95) && k + 1 < le && !isSpace(s.b[k + 1]) {
                let strong = s.at(k + 1) == c
                let w = strong ? 2 : 1
                var e = k + w
                while e < le && !(s.b[e] == c && (!strong || s.at(e + 1) == c)) { e += 1 }
                if e < le { s.emit(strong ? .gs : .ge, from: k, to: e + w); k = e + w } else { k += w }
            } else if c == 91 {
                var e = k + 1
                while e < le && s.b[e] != 93 { e += 1 }
                if e + 1 < le && s.b[e + 1] == 40 {
                    var u = e + 2
                    while u < le && s.b[u] != 41 { u += 1 }
                    s.emit(.nt, from: k + 1, to: e)
                    s.emit(.na, from: e + 2, to: u); k = min(u + 1, le)
                } else { k += 1 }
            } else { k += 1 }
        }
    }
}
