/// String literals of the shared C-family scanner: escapes, interpolation, raw and triple-quoted forms.
extension CLikeRun {
    /// A `"` string starting at `prefixEnd` (after any `#` or prefix letters from `start`).
    mutating func stringLiteral(_ s: inout Scanner, start: Int, prefixEnd: Int, hashes: Int, raw: Bool = false, interp: Interpolation? = nil, quote: UInt8 = 34) {
        let triple = cfg.tripleQuotes && s.at(prefixEnd + 1) == quote && s.at(prefixEnd + 2) == quote
        var cls = quote == 34 ? cfg.doubleQuote : cfg.singleQuote ?? .s1
        if triple {
            cls = cfg.tripleClass ?? cls
            if cfg.pythonStrings && start == prefixEnd && isDocstring(s, start, prefixEnd, quote) { cls = .sd }
        }
        let mode: Interpolation = interp ?? (cfg.pythonStrings ? .none : cfg.interpolation == .dollarBrace ? .none : cfg.interpolation)
        let isRaw = raw || (triple && cfg.interpolation == .dollar && !cfg.pythonStrings)
        quoted(&s, start: start, body: prefixEnd + (triple ? 3 : 1), quote: quote, triple: triple, hashes: hashes, cls: cls, interp: mode, multiline: triple, raw: isRaw, pyFormat: cfg.pythonStrings && mode == .none)
        set(.value)
    }

    /// A closed Python triple-quoted string that starts its line is a docstring (or stands for one), wherever it is.
    func isDocstring(_ s: Scanner, _ start: Int, _ quoteAt: Int, _ q: UInt8) -> Bool {
        guard onlyBlanksBefore(s, start) else { return false }
        var j = quoteAt + 3
        while j + 2 < s.n {
            if s.b[j] == 92 { j += 2; continue }
            if s.b[j] == q && s.b[j + 1] == q && s.b[j + 2] == q { return true }
            j += 1
        }
        return false
    }

    /// Whether only spaces and tabs precede `k` on its line.
    func onlyBlanksBefore(_ s: Scanner, _ k: Int) -> Bool {
        var j = k - 1
        while j >= 0 && (s.b[j] == 32 || s.b[j] == 9) { j -= 1 }
        return j < 0 || s.b[j] == 10
    }

    /// Python `f"…"`, `rb'…'` and Rust `r#"…"#`, `b"…"`, `b'x'`. Returns nil when `start` is a plain identifier.
    mutating func stringPrefix(_ s: inout Scanner, _ start: Int) -> Bool? {
        var j = start
        var f = false, r = false
        while j < s.n && j - start < 3 {
            let c = s.b[j] | 0x20
            if c == 102 && cfg.pythonStrings { f = true } else if c == 114 { r = true } else if c == 98 || (c == 117 && cfg.pythonStrings) {} else { break }
            j += 1
        }
        if j == start { return nil }
        let q = s.at(j)
        if cfg.rustStrings {
            if s.b[start] == 114 && j == start + 1 && (q == 35 || q == 34) {
                var h = j
                while s.at(h) == 35 { h += 1 }
                guard s.at(h) == 34 else { return nil }
                quoted(&s, start: start, body: h + 1, quote: 34, triple: false, hashes: h - j, cls: .s, interp: .none, multiline: true, raw: true, pyFormat: false)
                set(.value)
                return true
            }
            if s.b[start] == 98 && j == start + 1 && q == 39 {
                s.emit(.sc, from: start, to: j)
                charLiteral(&s, start: j, cls: .sc)
                set(.value)
                return true
            }
            if s.b[start] == 98 && j == start + 1 && q == 34 {
                quoted(&s, start: start, body: j + 1, quote: 34, triple: false, hashes: 0, cls: .s, interp: .none, multiline: true, raw: false, pyFormat: false)
                set(.value)
                return true
            }
            return nil
        }
        guard q == 34 || q == 39 else { return nil }
        s.emit(.sa, from: start, to: j)
        let triple = s.at(j + 1) == q && s.at(j + 2) == q
        var cls: TokenClass = q == 34 ? cfg.doubleQuote : (cfg.singleQuote ?? .s1)
        if triple && !f && isDocstring(s, start, j, q) { cls = .sd }
        quoted(&s, start: j, body: j + (triple ? 3 : 1), quote: q, triple: triple, hashes: 0, cls: cls, interp: f ? .python : .none, multiline: triple, raw: r, pyFormat: !f)
        set(.value)
        return true
    }

    /// The body of a string up to its closing quote(s) and `hashes` `#`s, classifying escapes and interpolations.
    mutating func quoted(_ s: inout Scanner, start: Int, body: Int, quote: UInt8, triple: Bool, hashes: Int, cls: TokenClass, interp: Interpolation, multiline: Bool, raw: Bool, pyFormat: Bool) {
        var seg = start
        var j = body
        while j < s.n {
            let c = s.b[j]
            if c == quote {
                if (!triple || (s.at(j + 1) == quote && s.at(j + 2) == quote)) {
                    var e = j + (triple ? 3 : 1)
                    var h = 0
                    while h < hashes && s.at(e) == 35 { h += 1; e += 1 }
                    if h == hashes {
                        s.emit(cls, from: seg, to: e)
                        s.i = e
                        return
                    }
                }
                j += 1
                continue
            }
            if c == 10 && !multiline { break }
            if c == 92 && !(raw && hashes == 0) {
                var k = j + 1
                var h = 0
                while h < hashes && s.at(k) == 35 { h += 1; k += 1 }
                if h < hashes { j += 1; continue }
                if raw && hashes == 0 { j += 1; continue }
                if interp == .swift && s.at(k) == 40 {
                    s.emit(cls, from: seg, to: j)
                    s.emit(.si, from: j, to: k + 1)
                    interpDepth += 1
                    nested(&s, at: k + 1, closer: 41, opener: 40)
                    interpDepth -= 1
                    seg = s.i; j = s.i
                    continue
                }
                var e = min(k + 1, s.n)
                if s.at(k) == 117 && s.at(k + 1) == 123 { while e < s.n && s.b[e] != 125 && s.b[e] != quote { e += 1 }; e = min(e + 1, s.n) }
                else if s.at(k) == 117 { while e < s.n && e < k + 5 && isHexDigit(s.b[e]) { e += 1 } }
                else if s.at(k) == 120 { while e < s.n && e < k + 3 && isHexDigit(s.b[e]) { e += 1 } }
                if let esc = cfg.escape, s.at(k) != 10, !(cfg.php && quote == 39) {
                    s.emit(cls, from: seg, to: j)
                    s.emit(esc, from: j, to: e)
                    seg = e
                }
                j = e
                continue
            }
            if c == 36 && (interp == .dollar || interp == .dollarBrace) {
                if s.at(j + 1) == 123 {
                    s.emit(cls, from: seg, to: j)
                    s.emit(.si, from: j, to: j + 2)
                    nested(&s, at: j + 2, closer: 125, opener: 123)
                    seg = s.i; j = s.i
                    continue
                }
                if interp == .dollar && isIdentStart(s.at(j + 1)) && s.at(j + 1) < 0x80 {
                    let e = s.identEnd(from: j + 1)
                    s.emit(cls, from: seg, to: j)
                    s.emit(.si, from: j, to: j + 1)
                    s.emit(.n, from: j + 1, to: e)
                    seg = e; j = e
                    continue
                }
            }
            if interp == .ruby && c == 35 && s.at(j + 1) == 123 {
                s.emit(cls, from: seg, to: j)
                s.emit(.si, from: j, to: j + 2)
                nested(&s, at: j + 2, closer: 125, opener: 123)
                seg = s.i; j = s.i
                continue
            }
            if interp == .python && c == 123 {
                if s.at(j + 1) == 123 { j += 2; continue }
                s.emit(cls, from: seg, to: j)
                s.emit(.si, from: j, to: j + 1)
                nested(&s, at: j + 1, closer: 125, opener: 123)
                seg = s.i; j = s.i
                continue
            }
            // `str.format` fields in any Python string: `{}`, `{name}`, `{0.attr[k]!r:>10}`.
            if pyFormat && c == 123, let e = formatField(s, j) {
                s.emit(cls, from: seg, to: j)
                s.emit(.si, from: j, to: e)
                seg = e; j = e
                continue
            }
            if pyFormat && c == 37 {
                var e = j + 1
                if s.at(e) == 40 { while e < s.n && s.b[e] != 41 && s.b[e] != 10 { e += 1 }; e += 1 }
                while e < s.n, let f = Optional(s.b[e]), f == 45 || f == 43 || f == 32 || f == 35 || f == 48 || isDigit(f) || f == 46 { e += 1 }
                if e < s.n, let f = Optional(s.b[e]), oneOf(f, "diouxXeEfFgGcrsa%") {
                    s.emit(cls, from: seg, to: j)
                    s.emit(.si, from: j, to: e + 1)
                    seg = e + 1; j = e + 1
                    continue
                }
            }
            j += 1
        }
        let end = min(j, s.n)
        s.emit(cls, from: seg, to: end)
        s.i = end
    }

    /// The end of a `str.format` field starting at the `{` at `j`, or nil.
    func formatField(_ s: Scanner, _ j: Int) -> Int? {
        var e = j + 1
        while e < s.n, isIdent(s.b[e]) || s.b[e] == 46 { e += 1 }
        if s.at(e) == 91 { while e < s.n && s.b[e] != 93 && s.b[e] != 10 { e += 1 }; e += 1 }
        if s.at(e) == 33 && oneOf(s.at(e + 1), "sra") { e += 2 }
        // The spec: [[fill]align][sign][#][0][width][,][.precision][type] (`{url:>10}`, not `{http://…}`).
        if s.at(e) == 58 {
            e += 1
            if oneOf(s.at(e + 1), "<>=^") && s.at(e) != 125 { e += 2 } else if oneOf(s.at(e), "<>=^") { e += 1 }
            if oneOf(s.at(e), "-+ ") { e += 1 }
            if s.at(e) == 35 { e += 1 }
            while isDigit(s.at(e)) { e += 1 }
            if s.at(e) == 44 { e += 1 }
            if s.at(e) == 46 && isDigit(s.at(e + 1)) { e += 1; while isDigit(s.at(e)) { e += 1 } }
            if oneOf(s.at(e), "EFGXbcdefgnosx%") { e += 1 }
        }
        return s.at(e) == 125 ? e + 1 : nil
    }

    /// Lexes an interpolated expression and its closing delimiter (`)` or `}`) as `si`.
    mutating func nested(_ s: inout Scanner, at k: Int, closer: UInt8, opener: UInt8) {
        let saved = (prev, pending, angle, afterDot, afterColon)
        s.i = k
        prev = .start; pending = nil; angle = 0; afterDot = false; afterColon = false
        code(&s, closer: closer, opener: opener)
        if s.i < s.n && s.b[s.i] == closer {
            s.emit(.si, from: s.i, to: s.i + 1)
            s.i += 1
        }
        (prev, pending, angle, afterDot, afterColon) = saved
    }
}
