/// XML and HTML: tags `nt`, attributes `na`, values `s`, comments `c`, entities `ni`, doctype `cp`;
/// HTML `<script>`/`<style>` bodies are lexed as JavaScript/CSS.
struct MarkupLexer: Lexer {
    let html: Bool

    func lex(_ s: inout Scanner) {
        while s.i < s.n {
            let start = s.i
            let c = s.b[start]
            if c == 60 {
                if s.matches("<!--", at: start) {
                    let e = MarkupLexer.find(s, "-->", from: start + 4) ?? s.n
                    s.emit(.cm, from: start, to: e); s.i = e
                } else if s.matches("<![CDATA[", at: start) {
                    let e = MarkupLexer.find(s, "]]>", from: start + 9) ?? s.n
                    s.emit(.cp, from: start, to: e); s.i = e
                } else if s.at(start + 1) == 33 || s.at(start + 1) == 63 {
                    var j = start
                    while j < s.n && s.b[j] != 62 { j += 1 }
                    j = min(j + 1, s.n)
                    s.emit(.cp, from: start, to: j); s.i = j
                } else if isIdentStart(s.at(start + 1)) || s.at(start + 1) == 47 {
                    tag(&s)
                } else { s.i += 1 }
            } else if c == 38 {
                var j = start + 1
                while j < s.n && j - start < 12 && (isIdent(s.b[j]) || s.b[j] == 35) { j += 1 }
                if s.at(j) == 59 { s.emit(.ni, from: start, to: j + 1); s.i = j + 1 } else { s.i += 1 }
            } else { s.i += 1 }
        }
    }

    static func find(_ s: Scanner, _ needle: StaticString, from: Int) -> Int? {
        var j = from
        while j < s.n {
            if s.b[j] == needle.utf8Start[0] && s.matches(needle, at: j) { return j + needle.utf8CodeUnitCount }
            j += 1
        }
        return nil
    }

    func tag(_ s: inout Scanner) {
        let start = s.i
        let closing = s.at(start + 1) == 47
        var j = start + (closing ? 2 : 1)
        let ns = j
        while j < s.n && (isIdent(s.b[j]) || s.b[j] == 45 || s.b[j] == 58 || s.b[j] == 46) { j += 1 }
        let nameEnd = j
        if html {
            s.emit(.p, from: start, to: ns)
            s.emit(.nt, from: ns, to: nameEnd)
        } else {
            s.emit(.nt, from: start, to: nameEnd)
        }
        while j < s.n {
            let c = s.b[j]
            if c == 62 || (c == 47 && s.at(j + 1) == 62) {
                let e = c == 62 ? j + 1 : j + 2
                s.emit(html ? .p : .nt, from: j, to: e); j = e; break
            }
            if c == 34 || c == 39 {
                var k = j + 1
                while k < s.n && s.b[k] != c { k += 1 }
                k = min(k + 1, s.n)
                s.emit(.s, from: j, to: k); j = k; continue
            }
            if c == 61 { s.emit(html ? .o : .na, from: j, to: j + 1); j += 1; continue }
            if isIdentStart(c) || c == 58 || c == 64 {
                var k = j
                while k < s.n && !isSpace(s.b[k]) && s.b[k] != 61 && s.b[k] != 62 && s.b[k] != 47 { k += 1 }
                s.emit(.na, from: j, to: k); j = k; continue
            }
            j += 1
        }
        s.i = j
        guard html, !closing else { return }
        let name = String(decoding: UnsafeBufferPointer(rebasing: s.b[ns..<nameEnd]), as: UTF8.self).lowercased()
        guard name == "script" || name == "style" else { return }
        let endTag: StaticString = name == "script" ? "</script" : "</style"
        var k = j
        while k < s.n && !(s.b[k] == 60 && s.at(k + 1) == 47 && MarkupLexer.matchesLower(s, endTag, at: k)) { k += 1 }
        guard k > j else { return }
        let inner: any Lexer = name == "script" ? CLikeLexer(cfg: WebLangs.javascript) : CSSLexer(scss: false)
        let sub = inner.tokens(UnsafeBufferPointer(rebasing: s.b[j..<k]))
        var prev = j
        for t in sub {
            let e = j + Int(t.end)
            if t.cls != .text { s.emit(t.cls, from: prev, to: e) }
            prev = e
        }
        s.i = k
    }

    static func matchesLower(_ s: Scanner, _ t: StaticString, at k: Int) -> Bool {
        let len = t.utf8CodeUnitCount
        if k + len > s.n { return false }
        for q in 0..<len where s.b[k + q] | 0x20 != t.utf8Start[q] | 0x20 { return false }
        return true
    }
}

/// CSS and SCSS: selectors (`nt` tags, `nc` classes, `nn` ids, `nd` pseudo-classes), properties `k`,
/// custom properties and SCSS variables `nv`, values (`kc` keywords, numbers with `kt` units, `mh` colours), at-rules `k`.
struct CSSLexer: Lexer {
    let scss: Bool
    func lex(_ s: inout Scanner) {
        var depth = 0
        var inValue = false
        while s.i < s.n {
            let start = s.i
            let c = s.b[start]
            if c == 47 && s.at(start + 1) == 42 {
                var j = start + 2
                while j < s.n && !(s.b[j] == 42 && s.at(j + 1) == 47) { j += 1 }
                j = min(j + 2, s.n); s.emit(scss ? .cm : .c, from: start, to: j); s.i = j; continue
            }
            if c == 47 && s.at(start + 1) == 47 && scss {
                let e = s.lineEnd(from: start); s.emit(.c1, from: start, to: e); s.i = e; continue
            }
            switch c {
            case 34, 39:
                var j = start + 1
                while j < s.n && s.b[j] != c && s.b[j] != 10 {
                    if scss && s.b[j] == 35 && s.at(j + 1) == 123 {
                        s.emit(c == 34 ? .s2 : .s1, from: max(start, s.emitted), to: j)
                        s.i = j; CSSLexer.interpolation(&s); j = s.i; continue
                    }
                    j += s.b[j] == 92 ? 2 : 1
                }
                j = min(j + 1, s.n); s.emit(c == 34 ? .s2 : .s1, from: max(start, s.emitted), to: j); s.i = j
            case 123: depth += 1; inValue = false; s.emit(.p, from: start, to: start + 1); s.i += 1
            case 125: depth = max(0, depth - 1); inValue = false; s.emit(.p, from: start, to: start + 1); s.i += 1
            case 59: inValue = false; s.emit(.p, from: start, to: start + 1); s.i += 1
            case 58 where !inValue && depth > 0 && !CSSLexer.isSelector(s, start):
                inValue = true; s.emit(.p, from: start, to: start + 1); s.i += 1
            case 58:
                // Pseudo-class or pseudo-element in a selector.
                var e = start + 1
                if s.at(e) == 58 { e += 1 }
                s.emit(.p, from: start, to: e)
                var k = e
                while k < s.n && (isIdent(s.b[k]) || s.b[k] == 45) { k += 1 }
                s.emit(.nd, from: e, to: k); s.i = max(k, start + 1)
            case 64:
                let e = CSSLexer.wordEnd(s, start + 1)
                if scss { s.emit(.k, from: start, to: e) } else { s.emit(.p, from: start, to: start + 1); s.emit(.k, from: start + 1, to: e) }
                s.i = max(e, start + 1)
                if scss { inValue = CSSLexer.scssAtRule(&s, start, e) }
            case 36 where scss:
                let e = CSSLexer.wordEnd(s, start + 1)
                s.emit(.nv, from: start, to: e); s.i = max(e, start + 1)
                let k = s.skipBlanks(from: e, newlines: false)
                if !inValue && s.at(k) == 58 { s.emit(.o, from: k, to: k + 1); s.i = k + 1; inValue = true }
            case 35 where scss && s.at(start + 1) == 123:
                CSSLexer.interpolation(&s)
            case 38 where scss:
                s.emit(.k, from: start, to: start + 1); s.i += 1
            case 37 where scss && !inValue && isIdentStart(s.at(start + 1)):
                let e = CSSLexer.wordEnd(s, start + 1)
                s.emit(.nc, from: start, to: e); s.i = e
            case 33 where scss && (s.matches("!default", at: start) || s.matches("!global", at: start) || s.matches("!optional", at: start)):
                let e = CSSLexer.wordEnd(s, start + 1)
                s.emit(.cp, from: start, to: e); s.i = e
            case 35 where inValue:
                var e = start + 1
                while e < s.n && isHexDigit(s.b[e]) { e += 1 }
                s.emit(.mh, from: start, to: e); s.i = e
            case 46 where !inValue && !isDigit(s.at(start + 1)), 35 where !inValue:
                let e = CSSLexer.wordEnd(s, start + 1)
                s.emit(.p, from: start, to: start + 1)
                s.emit(c == 46 ? .nc : .nn, from: start + 1, to: e); s.i = max(e, start + 1)
            case 33 where s.matches("!important", at: start):
                s.emit(.cp, from: start, to: start + 10); s.i = start + 10
            default:
                if isDigit(c) || (c == 46 && isDigit(s.at(start + 1))) || (c == 45 && isDigit(s.at(start + 1)) && inValue) {
                    var e = start + 1
                    var dot = c == 46
                    while e < s.n && (isDigit(s.b[e]) || s.b[e] == 46) { if s.b[e] == 46 { dot = true }; e += 1 }
                    s.emit(dot ? .mf : .mi, from: start, to: e)
                    var u = e
                    while u < s.n && ((s.b[u] | 0x20) &- 97 < 26 || s.b[u] == 37) { u += 1 }
                    s.emit(.kt, from: e, to: u); s.i = u
                } else if isIdentStart(c) || c == 45 {
                    let e = CSSLexer.wordEnd(s, start)
                    let cls: TokenClass
                    if c == 45 && s.at(start + 1) == 45 { cls = .nv }
                    else if inValue { cls = s.at(e) == 40 ? .nf : scss && CSSLexer.isWordOperator(s, start, e) ? .ow : .kc }
                    else if depth > 0 && s.at(s.skipBlanks(from: e, newlines: false)) == 58 && !CSSLexer.isSelector(s, e) { cls = .k }
                    else { cls = .nt }
                    s.emit(cls, from: start, to: e); s.i = max(e, start + 1)
                } else {
                    if oneOf(c, "(),") { s.emit(inValue ? .p : .o, from: start, to: start + 1) }
                    else if oneOf(c, "+>~*/=%") { s.emit(.o, from: start, to: start + 1) }
                    s.i += 1
                }
            }
        }
    }

    /// SCSS `@include name` → nd, `@mixin`/`@function name` → nf; control rules (`@if`, `@return`, `@each`…)
    /// are followed by an expression, lexed as a value. Returns whether a value follows.
    static func scssAtRule(_ s: inout Scanner, _ start: Int, _ e: Int) -> Bool {
        let word = s.b[start + 1..<e]
        let k = s.skipBlanks(from: e, newlines: false)
        if word.elementsEqual("include".utf8) || word.elementsEqual("mixin".utf8) || word.elementsEqual("function".utf8) {
            let f = wordEnd(s, k)
            s.emit(word.first == 105 ? .nd : .nf, from: k, to: f); s.i = max(s.i, f)
            return true
        }
        for w in controlRules where word.elementsEqual(w) { return true }
        return false
    }

    /// SCSS at-rules followed by an expression (byte arrays: no String work per rule).
    static let controlRules: [[UInt8]] = ["if", "else", "return", "each", "for", "while", "error", "warn", "debug", "use", "forward", "import"].map { Array($0.utf8) }

    static func isWordOperator(_ s: Scanner, _ a: Int, _ b: Int) -> Bool {
        let w = s.b[a..<b]
        return w.elementsEqual("from".utf8) || w.elementsEqual("through".utf8) || w.elementsEqual("to".utf8) || w.elementsEqual("in".utf8)
            || w.elementsEqual("and".utf8) || w.elementsEqual("or".utf8) || w.elementsEqual("not".utf8)
    }

    /// SCSS `#{…}`: delimiters si, variables inside nv.
    static func interpolation(_ s: inout Scanner) {
        s.emit(.si, from: s.i, to: s.i + 2)
        var j = s.i + 2
        while j < s.n && s.b[j] != 125 && s.b[j] != 10 {
            if s.b[j] == 36 { let e = wordEnd(s, j + 1); s.emit(.nv, from: j, to: e); j = max(e, j + 1) } else { j += 1 }
        }
        s.emit(.si, from: j, to: min(j + 1, s.n)); s.i = min(j + 1, s.n)
    }

    static func wordEnd(_ s: Scanner, _ k: Int) -> Int {
        var e = k
        while e < s.n && (isIdent(s.b[e]) || s.b[e] == 45) { e += 1 }
        return e
    }

    /// `a:hover {` is a selector, `color: red;` a declaration. A selector list may span lines
    /// (`a:hover,⏎a:focus {`); SCSS `#{…}` is interpolation, not a block.
    static func isSelector(_ s: Scanner, _ k: Int) -> Bool {
        var j = k
        var last: UInt8 = 0
        while j < s.n {
            let c = s.b[j]
            if c == 59 || c == 125 { return false }
            if c == 10 && last != 44 { return false }
            if c == 35 && s.at(j + 1) == 123 {
                while j < s.n && s.b[j] != 125 && s.b[j] != 10 { j += 1 }
            } else if c == 123 { return true }
            if !isSpace(c) { last = c }
            j += 1
        }
        return false
    }
}
