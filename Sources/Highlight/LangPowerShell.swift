/// PowerShell. Pygments reads it as a flat word language: `Verb-Noun` cmdlets → nb, `-Param` → n,
/// `-eq`-style operators → o, `$var` → nv, `[Type]` → no, every other word (numbers too) → n,
/// and almost every symbol → p. Keywords, verbs and aliases are case-insensitive.
struct PowerShellLexer: Lexer {
    static let keywords = WordTable([(
        "while validateset validaterange validatepattern validatelength validatecount until trap switch return ref process param parameter in if function foreach for finally filter end elseif else dynamicparam do default continue cmdletbinding break begin alias mandatory parametersetname position valuefrompipeline valuefrompipelinebypropertyname valuefromremainingarguments helpmessage try catch throw",
        .k, nil)])
    static let operators = WordTable([(
        "and as band bnot bor bxor casesensitive ccontains ceq cge cgt cle clike clt cmatch cne cnotcontains cnotlike cnotmatch contains creplace eq exact f file ge gt icontains ieq ige igt ile ilike ilt imatch ine inotcontains inotlike inotmatch ireplace is isnot le like lt match ne not notcontains notlike notmatch or regex replace wildcard",
        .o, nil)])
    /// Approved verbs: `verb-Noun` is a cmdlet name.
    static let verbs = WordTable([(
        "write where watch wait use update unregister unpublish unprotect unlock uninstall undo unblock trace test tee take sync switch suspend submit stop step start split sort skip show set send select search scroll save revoke resume restore restart resolve resize reset request repair rename remove register redo receive read push publish protect pop ping out optimize open new move mount merge measure lock limit join invoke install initialize import hide group grant get format foreach find export expand exit enter enable edit dismount disconnect disable deny debug cxnew copy convertto convertfrom convert connect confirm compress complete compare close clear checkpoint block backup assert approve aggregate add",
        .nb, nil)])
    /// Built-in aliases count only when a blank follows (`ls dir`, not `$x.ls`).
    static let aliases = WordTable([(
        "ac asnp cat cd cfs chdir clc clear clhy cli clp cls clv cnsn compare copy cp cpi cpp curl cvpa dbp del diff dir dnsn ebp echo epal epcsv epsn erase etsn exsn fc fhx fl foreach ft fw gal gbp gc gci gcm gcs gdr ghy gi gjb gl gm gmo gp gps gpv group gsn gsnp gsv gu gv gwmi h history icm iex ihy ii ipal ipcsv ipmo ipsn irm ise iwmi iwr kill lp ls man md measure mi mount move mp mv nal ndr ni nmo npssc nsn nv ogv oh popd ps pushd pwd r rbp rcjb rcsn rd rdr ren ri rjb rm rmdir rmo rni rnp rp rsn rsnp rujb rv rvpa rwmi sajb sal saps sasv sbp sc select set shcm si sl sleep sls sort sp spjb spps spsv start sujb sv swmi tee trcm type wget where wjb write",
        .nb, nil)])
    /// Comment-based help keywords (`.SYNOPSIS`) → sd.
    static let help: [StaticString] = [
        "component", "description", "example", "externalhelp", "forwardhelpcategory", "forwardhelptargetname",
        "functionality", "inputs", "link", "notes", "outputs", "parameter", "remotehelprunspace", "role", "synopsis",
    ]

    func lex(_ s: inout Scanner) { PowerShellLexer.code(&s, closer: false) }

    /// Case-insensitive lookup: the word is lower-cased into a stack buffer first.
    @inline(__always) static func find(_ t: WordTable, _ s: Scanner, _ start: Int, _ end: Int) -> Bool {
        let len = end - start
        if len > 40 || len <= 0 { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: len) { buf in
            for k in 0..<len { let c = s.b[start + k]; buf[k] = c &- 65 < 26 ? c | 0x20 : c }
            return t.lookup(UnsafeBufferPointer(buf), 0, len) != nil
        }
    }

    /// Length of the help keyword right after `.` at `k`, or 0.
    static func helpWord(_ s: Scanner, _ k: Int) -> Int {
        for w in help {
            let len = w.utf8CodeUnitCount
            var same = k + len <= s.n
            var j = 0
            while same && j < len { same = s.b[k + j] | 0x20 == w.utf8Start[j]; j += 1 }
            if same { return len }
        }
        return 0
    }

    /// Code until the end, or (for `$(…)` inside strings) until the unmatched `)`.
    static func code(_ s: inout Scanner, closer: Bool) {
        var depth = 0
        while s.i < s.n {
            let start = s.i
            let c = s.b[start]
            if isSpace(c) { s.i += 1; continue }
            if c == 41 && closer { if depth == 0 { return }; depth -= 1 }
            if c == 40 { depth += 1 }
            let next = s.at(start + 1)
            switch c {
            case 35: // #
                let le = s.lineEnd(from: start)
                var j = start
                while j < le && (s.b[j] == 35 || s.b[j] == 32 || s.b[j] == 9) { j += 1 }
                let h = start == s.lineStart(of: start) && s.at(j) == 46 ? helpWord(s, j + 1) : 0
                if h > 0 {
                    s.emit(.c, from: start, to: j); s.emit(.sd, from: j, to: j + 1 + h); s.emit(.c, from: j + 1 + h, to: le)
                } else {
                    s.emit(.c, from: start, to: le)
                }
                s.i = le
            case 60 where next == 35: // <# … #>
                blockComment(&s)
            case 64 where (next == 34 || next == 39) && (s.at(start + 2) == 10 || (s.at(start + 2) == 13 && s.at(start + 3) == 10)):
                hereString(&s, quote: next)
            case 96 where oneOf(next, "'\"$@-"):
                s.emit(.p, from: start, to: start + 2); s.i = start + 2
            case 34:
                doubleQuoted(&s)
            case 39:
                var j = start + 1
                while j < s.n { if s.b[j] == 39 { if s.at(j + 1) == 39 { j += 2; continue }; j += 1; break }; j += 1 }
                s.emit(.s1, from: start, to: j); s.i = j
            case 36, 64: // $var, @var, @@var, $env:var
                let nameStart = start + (c == 64 && next == 64 ? 2 : 1)
                var w = s.identEnd(from: nameStart)
                if w > nameStart && s.at(w) == 58 && isIdent(s.at(w + 1)) && scope(s, nameStart, w) { w = s.identEnd(from: w + 1) }
                if w > nameStart {
                    s.emit(.nv, from: start, to: w); s.i = w
                } else {
                    s.emit(.p, from: start, to: start + 1); s.i = start + 1
                }
            case 91: // [Type]
                var j = start + 1
                var close = 0
                if isIdentStart(next) && next < 0x80 || next == 91 {
                    while j < s.n, isIdent(s.b[j]) || oneOf(s.b[j], ". `,[]") { if s.b[j] == 93 { close = j + 1 }; j += 1 }
                }
                if close > 0 { s.emit(.no, from: start, to: close); s.i = close } else { s.emit(.p, from: start, to: start + 1); s.i += 1 }
            case 45 where isIdentStart(next) && next < 0x80: // -param / -operator
                let e = s.identEnd(from: start + 1)
                s.emit(find(operators, s, start + 1, e) ? .o : .n, from: start, to: e); s.i = e
            default:
                if isIdent(c) {
                    word(&s)
                } else {
                    if oneOf(c, ".,;:@{}[]$()=+*/\\&%!~?^`|<>-") { s.emit(.p, from: start, to: start + 1) }
                    s.i += 1
                }
            }
        }
    }

    /// `global:`, `script:`, `private:` and `env:` scopes belong to the variable name.
    static func scope(_ s: Scanner, _ a: Int, _ b: Int) -> Bool {
        func isWord(_ w: StaticString) -> Bool {
            guard b - a == w.utf8CodeUnitCount else { return false }
            for k in 0..<(b - a) where s.b[a + k] | 0x20 != w.utf8Start[k] { return false }
            return true
        }
        return isWord("global") || isWord("script") || isWord("private") || isWord("env")
    }

    /// A bare word: keyword, `Verb-Noun` cmdlet, alias before a blank, or a plain name.
    static func word(_ s: inout Scanner) {
        let start = s.i
        let e = s.identEnd(from: start)
        if find(keywords, s, start, e) {
            s.emit(.k, from: start, to: e); s.i = e
        } else if s.at(e) == 45, isIdentStart(s.at(e + 1)) && s.at(e + 1) < 0x80, find(verbs, s, start, e) {
            let f = s.identEnd(from: e + 1)
            s.emit(.nb, from: start, to: f); s.i = f
        } else if isSpace(s.at(e)) && s.at(e) != 0, find(aliases, s, start, e) {
            s.emit(.nb, from: start, to: e); s.i = e
        } else {
            s.emit(.n, from: start, to: e); s.i = e
        }
    }

    /// `<# … #>` with `.SYNOPSIS`-style help keywords marked sd.
    static func blockComment(_ s: inout Scanner) {
        let start = s.i
        var j = start + 2
        s.emit(.cm, from: start, to: j)
        while j < s.n {
            if s.b[j] == 35 && s.at(j + 1) == 62 { j += 2; break }
            if s.b[j] == 46 {
                let h = helpWord(s, j + 1)
                if h > 0 { s.emit(.cm, from: s.emitted, to: j); s.emit(.sd, from: j, to: j + 1 + h); j += 1 + h; continue }
            }
            j += 1
        }
        s.emit(.cm, from: s.emitted, to: j)
        s.i = j
    }

    /// `@"…"@` and `@'…'@` here-strings; the double-quoted kind expands `$(…)`.
    static func hereString(_ s: inout Scanner, quote: UInt8) {
        var j = s.i + 2
        s.emit(.sh, from: s.i, to: j)
        while j < s.n {
            if s.b[j] == 10 && s.at(j + 1) == quote && s.at(j + 2) == 64 { j += 3; break }
            if quote == 34 && s.b[j] == 36 && s.at(j + 1) == 40 {
                s.emit(.sh, from: s.emitted, to: j)
                subexpression(&s, j); j = s.i; continue
            }
            j += 1
        }
        s.emit(.sh, from: s.emitted, to: min(j, s.n))
        s.i = min(j, s.n)
    }

    /// `$(` … `)` inside a string: punctuation around code.
    static func subexpression(_ s: inout Scanner, _ at: Int) {
        s.emit(.p, from: at, to: at + 2)
        s.i = at + 2
        code(&s, closer: true)
        if s.i < s.n { s.emit(.p, from: s.i, to: s.i + 1); s.i += 1 }
    }

    static func doubleQuoted(_ s: inout Scanner) {
        var j = s.i + 1
        s.emit(.s2, from: s.i, to: j)
        while j < s.n {
            let c = s.b[j]
            if c == 34 {
                if s.at(j + 1) == 34 { j += 2; continue }
                j += 1; break
            }
            if c == 96 && oneOf(s.at(j + 1), "0abfnrtv'\"$`") {
                s.emit(.s2, from: s.emitted, to: j); s.emit(.se, from: j, to: j + 2); j += 2; continue
            }
            if c == 36 && s.at(j + 1) == 40 {
                s.emit(.s2, from: s.emitted, to: j)
                subexpression(&s, j); j = s.i; continue
            }
            j += 1
        }
        s.emit(.s2, from: s.emitted, to: min(j, s.n))
        s.i = min(j, s.n)
    }
}
