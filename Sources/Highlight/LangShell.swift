/// Bash/sh/zsh: words are mostly plain text; keywords, builtins, variables, strings,
/// substitutions (`$(…)`, `${…}`) and heredocs are classified.
struct ShellLexer: Lexer {
    static let words = WordTable([
        // `return`, `break` and `continue` steer control flow like `if`: keywords, as Pygments and Rouge read them.
        ("if then else elif fi case esac for while until do done in function select return break continue", .k, nil),
        ("""
        alias bg bind builtin caller cd command compgen complete declare dirs disown echo enable eval exec exit export false
        fc fg getopts hash help history jobs kill let local logout popd printf pushd pwd read readonly set shift shopt source
        suspend test time times trap true type typeset ulimit umask unalias unset wait
        """, .nb, nil),
    ])

    func lex(_ s: inout Scanner) { ShellLexer.code(&s, end: s.n, closer: 0) }

    /// Lexes shell code in `[s.i, end)`, stopping before an unmatched `closer` (`)` for `$(…)`).
    static func code(_ s: inout Scanner, end: Int, closer: UInt8) {
        var wordStart = true
        var depth = 0
        while s.i < end {
            let start = s.i
            let c = s.b[start]
            if closer != 0 {
                if c == 40 { depth += 1 } else if c == closer {
                    if depth == 0 { return }
                    depth -= 1
                }
            }
            switch c {
            case 32, 9, 13:
                s.i += 1; wordStart = true; continue
            case 10:
                s.i += 1; wordStart = true; continue
            case 35 where wordStart: // #
                let e = min(s.lineEnd(from: start), end)
                s.emit(start == 0 && s.at(1) == 33 ? .ch : .c1, from: start, to: e)
                s.i = e
            case 34: // "
                doubleQuoted(&s, end: end)
            case 39: // '
                var j = start + 1
                while j < end && s.b[j] != 39 { j += 1 }
                j = min(j + 1, end)
                s.emit(.s1, from: start, to: j)
                s.i = j
            case 36: // $
                dollar(&s, end: end)
            case 60 where s.at(start + 1) == 60 && s.at(start + 2) != 60: // heredoc
                if !heredoc(&s, end: end) { s.i += 2 }
            case 38, 124: // & |
                if s.at(start + 1) == c { s.emit(.o, from: start, to: start + 2); s.i += 2 } else { s.emit(.p, from: start, to: start + 1); s.i += 1 }
            case 59:
                s.emit(.p, from: start, to: start + 1); s.i += 1
            case 61, 40, 41, 123, 125:
                s.emit(.o, from: start, to: start + 1); s.i += 1
            case 91, 93:
                var j = start
                while j < end && j < start + 2 && s.b[j] == c { j += 1 }
                s.emit(.o, from: start, to: j); s.i = j
            case 43 where s.at(start + 1) == 61:
                s.emit(.o, from: start, to: start + 2); s.i += 2
            case 92: // backslash escape (a line continuation too)
                s.emit(.se, from: start, to: min(start + 2, end))
                s.i = min(start + 2, end)
            default:
                if isDigit(c) && (wordStart || !(isIdent(s.at(start - 1)) || s.at(start - 1) == 45 || s.at(start - 1) == 46 || s.at(start - 1) == 47 || s.at(start - 1) == 58)) {
                    var j = start
                    while j < end && isDigit(s.b[j]) { j += 1 }
                    if j >= end || !(isIdent(s.b[j]) || s.b[j] == 46 || s.b[j] == 47 || s.b[j] == 58 || s.b[j] == 45) {
                        s.emit(.m, from: start, to: j)
                    }
                    s.i = j
                } else if wordStart && (isIdentStart(c) && c < 0x80) {
                    var j = start
                    while j < end && (isIdent(s.b[j]) || s.b[j] == 45) && s.b[j] < 0x80 { j += 1 }
                    if s.at(j) == 61 || (s.at(j) == 43 && s.at(j + 1) == 61) {
                        var k = start
                        while k < j && s.b[k] != 45 { k += 1 }
                        if k == j { s.emit(.nv, from: start, to: j) }
                    } else if j >= end || !isIdent(s.b[j]) && s.b[j] != 46 && s.b[j] != 47 && s.b[j] != 64 {
                        if let info = words.lookup(s.b, start, j) { s.emit(info.cls, from: start, to: j) }
                    }
                    s.i = j
                } else {
                    s.i += 1
                    while s.i < end, isIdent(s.b[s.i]) || s.b[s.i] == 45 || s.b[s.i] == 46 || s.b[s.i] == 47 { s.i += 1 }
                }
            }
            wordStart = false
        }
    }

    /// `$name`, `$1`, `$@`, `${…}`, `$(…)`, `$((…))`.
    static func dollar(_ s: inout Scanner, end: Int) {
        let start = s.i
        let n1 = s.at(start + 1)
        if n1 == 40 {
            let arith = s.at(start + 2) == 40
            let open = start + (arith ? 3 : 2)
            s.emit(.k, from: start, to: open)
            s.i = open
            code(&s, end: end, closer: 41)
            if s.i < end && s.b[s.i] == 41 {
                let close = arith && s.at(s.i + 1) == 41 ? s.i + 2 : s.i + 1
                s.emit(.k, from: s.i, to: close)
                s.i = close
            }
            return
        }
        if n1 == 123 {
            var j = start + 2
            if s.at(j) == 35 || s.at(j) == 33 { j += 1 }
            s.emit(.si, from: start, to: j)
            let ne = s.identEnd(from: j)
            s.emit(.nv, from: j, to: ne)
            j = ne
            while j < end && s.b[j] != 125 && s.b[j] != 10 {
                let c = s.b[j]
                if c == 91 {
                    var k = j
                    while k < end && s.b[k] != 93 { k += 1 }
                    s.emit(.p, from: j, to: min(k + 1, end)); j = k + 1; continue
                }
                if c == 58 || c == 45 || c == 61 || c == 43 || c == 63 || c == 35 || c == 37 || c == 47 {
                    var k = j
                    while k < end, oneOf(s.b[k], "-:=+?#%/") { k += 1 }
                    if s.b[k - 1] == 63 {
                        // `${x:?message}`: Pygments reads the message as punctuation.
                        var e = k
                        while e < end && s.b[e] != 125 && s.b[e] != 10 { e += 1 }
                        s.emit(.p, from: j, to: e); j = e; continue
                    }
                    s.emit(.k, from: j, to: k); j = k; continue
                }
                if c == 36 { s.i = j; dollar(&s, end: end); j = s.i; continue }
                let k = max(s.identEnd(from: j), j + 1)
                s.emit(.nv, from: j, to: k)
                j = k
            }
            if j < end && s.b[j] == 125 { s.emit(.si, from: j, to: j + 1); j += 1 }
            s.i = j
            return
        }
        var j = start + 1
        if isIdentStart(n1) && n1 < 0x80 { j = s.identEnd(from: j) } else if isDigit(n1) || oneOf(n1, "@*#?$!-") { j += 1 }
        if j > start + 1 { s.emit(.nv, from: start, to: j) }
        s.i = max(j, start + 1)
    }

    static func doubleQuoted(_ s: inout Scanner, end: Int) {
        var seg = s.i
        var j = s.i + 1
        while j < end {
            let c = s.b[j]
            if c == 34 { j += 1; break }
            if c == 92 { j += 2; continue }
            if c == 36 && (isIdentStart(s.at(j + 1)) || s.at(j + 1) == 123 || s.at(j + 1) == 40 || isDigit(s.at(j + 1)) || oneOf(s.at(j + 1), "@*#?")) {
                s.emit(.s2, from: seg, to: j)
                s.i = j
                dollar(&s, end: end)
                j = s.i; seg = j
                continue
            }
            if c == 96 { // backtick command substitution
                var k = j + 1
                while k < end && s.b[k] != 96 { k += 1 }
                j = k + 1; continue
            }
            j += 1
        }
        j = min(j, end)
        s.emit(.s2, from: seg, to: j)
        s.i = j
    }

    /// `<<EOF`, `<<-'EOF'`, `<<"EOF"`: the marker, body and terminator as one string token.
    static func heredoc(_ s: inout Scanner, end: Int) -> Bool {
        let start = s.i
        var j = start + 2
        if s.at(j) == 45 || s.at(j) == 126 { j += 1 }
        while s.at(j) == 32 { j += 1 }
        let quote = s.at(j)
        if quote == 39 || quote == 34 { j += 1 }
        let ws = j
        while j < end && (isIdent(s.b[j]) || s.b[j] == 45) { j += 1 }
        let we = j
        if we == ws { return false }
        if quote == 39 || quote == 34 { if s.at(j) == quote { j += 1 } }
        // Rest of the command line stays shell code.
        let lineEnd = s.lineEnd(from: j)
        s.emit(.s, from: start, to: j)
        s.i = j
        code(&s, end: min(lineEnd, end), closer: 0)
        var k = min(lineEnd + 1, end)
        let bodyStart = k
        while k < end {
            let le = s.lineEnd(from: k)
            var t = k
            while t < le && (s.b[t] == 9 || s.b[t] == 32) { t += 1 }
            if le - t == we - ws {
                var same = true
                for q in 0..<(we - ws) where s.b[t + q] != s.b[ws + q] { same = false; break }
                if same { k = le; break }
            }
            k = le + 1
        }
        k = min(k, end)
        s.emit(.s, from: bodyStart, to: k)
        s.i = k
        return true
    }
}

/// Console sessions: `$ `/`# `/`% ` prompts → gp with the command lexed as shell; other lines → go.
struct ConsoleLexer: Lexer {
    func lex(_ s: inout Scanner) {
        var continuation = false
        while s.i < s.n {
            let ls = s.i
            let le = s.lineEnd(from: ls)
            let next = min(le + 1, s.n)
            if let p = ConsoleLexer.promptEnd(s, ls, le), !continuation || true {
                s.emit(.gp, from: ls, to: p)
                s.i = p
                ShellLexer.code(&s, end: le, closer: 0)
                continuation = le > ls && s.b[le - 1] == 92
            } else if continuation {
                s.i = ls
                ShellLexer.code(&s, end: le, closer: 0)
                continuation = le > ls && s.b[le - 1] == 92
            } else if le > ls {
                s.emit(.go, from: ls, to: next)
            }
            s.i = next
        }
    }

    /// End of a prompt (`$ `, `# `, `% `, `> ` after an optional `user@host:path`), or nil.
    static func promptEnd(_ s: Scanner, _ ls: Int, _ le: Int) -> Int? {
        var j = ls
        while j < le && j - ls < 60 {
            let c = s.b[j]
            if (c == 36 || c == 35 || c == 37) && (j + 1 == le || s.b[j + 1] == 32) {
                if j > ls && s.b[j - 1] != 32 && s.b[j - 1] != 58 && s.b[j - 1] != 93 && s.b[j - 1] != 126 && !isIdent(s.b[j - 1]) { return nil }
                if c == 35 && j > ls && s.b[ls] != 91 && !s.b[ls..<j].contains(64) { return nil }
                return min(j + 2, le)
            }
            if c == 32 && j > ls { return nil }
            j += 1
        }
        return nil
    }
}
