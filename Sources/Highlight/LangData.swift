/// JSON: keys (`nt`) are strings followed by `:`.
struct JSONLexer: Lexer {
    func lex(_ s: inout Scanner) {
        while s.i < s.n {
            let start = s.i
            let c = s.b[start]
            switch c {
            case 34:
                var j = start + 1
                while j < s.n && s.b[j] != 34 && s.b[j] != 10 { j += s.b[j] == 92 ? 2 : 1 }
                j = min(j + 1, s.n)
                let k = s.skipBlanks(from: j)
                s.emit(s.at(k) == 58 ? .nt : .s2, from: start, to: j)
                s.i = j
            case 123, 125, 91, 93, 44, 58:
                s.emit(.p, from: start, to: start + 1); s.i += 1
            case 45, 48...57:
                let (e, kind) = s.number(from: c == 45 ? start + 1 : start, suffixes: false)
                s.emit(kind == .mf ? .mf : .mi, from: start, to: max(e, start + 1)); s.i = max(e, start + 1)
            case 47 where s.at(start + 1) == 47:
                let e = s.lineEnd(from: start); s.emit(.c1, from: start, to: e); s.i = e
            case 47 where s.at(start + 1) == 42:
                var j = start + 2
                while j < s.n && !(s.b[j] == 42 && s.at(j + 1) == 47) { j += 1 }
                j = min(j + 2, s.n); s.emit(.cm, from: start, to: j); s.i = j
            default:
                if isIdentStart(c) {
                    let e = s.identEnd(from: start)
                    if s.matches("true", at: start) || s.matches("false", at: start) || s.matches("null", at: start) { s.emit(.kc, from: start, to: e) }
                    s.i = e
                } else { s.i += 1 }
            }
        }
    }
}

/// YAML, line by line: keys `nt`, plain scalars `l`, quoted `s`, anchors `nl`, aliases and flow items `nv`,
/// document markers `nn`, block scalars `no`.
struct YAMLLexer: Lexer {
    func lex(_ s: inout Scanner) {
        var blockIndent = -1   // inside a block scalar: lines indented more than this are text
        while s.i < s.n {
            let ls = s.i
            let le = s.lineEnd(from: ls)
            var j = ls
            while j < le && s.b[j] == 32 { j += 1 }
            let indent = j - ls
            if blockIndent >= 0 {
                if j == le || indent > blockIndent {
                    if j < le { s.emit(.no, from: j, to: le) }
                    s.i = min(le + 1, s.n); continue
                }
                blockIndent = -1
            }
            if j < le {
                if indent == 0 && (s.matches("---", at: j) || s.matches("...", at: j)) && (j + 3 == le || s.b[j + 3] == 32) {
                    s.emit(.nn, from: j, to: j + 3); j += 3
                }
                j = YAMLLexer.node(&s, j, le, indent, &blockIndent)
            }
            s.i = min(le + 1, s.n)
        }
    }

    /// One line's content from `j`: sequence dashes, a key, then a value.
    static func node(_ s: inout Scanner, _ start: Int, _ le: Int, _ indent: Int, _ blockIndent: inout Int) -> Int {
        var j = s.skipBlanks(from: start, newlines: false)
        var ind = indent
        while j < le && s.b[j] == 45 && (j + 1 == le || s.b[j + 1] == 32) {
            s.emit(.p, from: j, to: j + 1)
            ind = j - s.lineStart(of: j) + 2
            j = s.skipBlanks(from: j + 1, newlines: false)
        }
        if j >= le { return j }
        if s.b[j] == 35 { s.emit(.c1, from: j, to: le); return le }
        // key?
        if let colon = keyColon(s, j, le) {
            s.emit(.nt, from: j, to: colon)
            s.emit(.p, from: colon, to: colon + 1)
            j = s.skipBlanks(from: colon + 1, newlines: false)
        }
        return value(&s, j, le, ind, &blockIndent)
    }

    static func keyColon(_ s: Scanner, _ j: Int, _ le: Int) -> Int? {
        let c = s.b[j]
        if c == 34 || c == 39 {
            var k = j + 1
            while k < le && s.b[k] != c { k += 1 }
            if k + 1 < le + 1 && s.at(k + 1) == 58 && (k + 2 >= le || s.b[k + 2] == 32) { return k + 1 }
            return nil
        }
        if c == 91 || c == 123 || c == 38 || c == 42 || c == 124 || c == 62 { return nil }
        var k = j
        while k < le {
            if s.b[k] == 58 && (k + 1 == le || s.b[k + 1] == 32) { return k }
            if s.b[k] == 32 && s.at(k + 1) == 35 { return nil }
            k += 1
        }
        return nil
    }

    static func value(_ s: inout Scanner, _ start: Int, _ le: Int, _ indent: Int, _ blockIndent: inout Int) -> Int {
        var j = start
        while j < le {
            let c = s.b[j]
            switch c {
            case 32: j += 1
            case 35 where j == start || s.b[j - 1] == 32:
                s.emit(.c1, from: j, to: le); return le
            case 38, 42:
                let e = wordEnd(s, j + 1, le)
                s.emit(c == 38 ? .nl : .nv, from: j, to: e); j = e
            case 34, 39:
                var k = j + 1
                while k < le && s.b[k] != c { k += (c == 34 && s.b[k] == 92) ? 2 : 1 }
                k = min(k + 1, le)
                s.emit(.s, from: j, to: k); j = k
            case 124 where j == start, 62 where j == start:
                var k = j + 1
                while k < le && (s.b[k] == 45 || s.b[k] == 43 || isDigit(s.b[k])) { k += 1 }
                s.emit(.p, from: j, to: k); j = k
                blockIndent = indent
            case 91, 93, 123, 125, 44:
                s.emit(.p, from: j, to: j + 1); j += 1
                if c != 93 && c != 125 {
                    let k = s.skipBlanks(from: j, newlines: false)
                    if k < le, s.b[k] != 34, s.b[k] != 39, s.b[k] != 91, s.b[k] != 123, s.b[k] != 93 {
                        var e = k
                        while e < le && s.b[e] != 44 && s.b[e] != 93 && s.b[e] != 125 { e += 1 }
                        var t = e
                        while t > k && s.b[t - 1] == 32 { t -= 1 }
                        if let colon = keyColon(s, k, t) {
                            s.emit(.nt, from: k, to: colon); s.emit(.p, from: colon, to: colon + 1)
                            s.emit(.nv, from: s.skipBlanks(from: colon + 1, newlines: false), to: t)
                        } else { s.emit(.nv, from: k, to: t) }
                        j = e
                    }
                }
            default:
                var e = j
                while e < le && !(s.b[e] == 32 && s.at(e + 1) == 35) { e += 1 }
                var t = e
                while t > j && s.b[t - 1] == 32 { t -= 1 }
                s.emit(.l, from: j, to: t); j = e
            }
        }
        return le
    }

    static func wordEnd(_ s: Scanner, _ j: Int, _ le: Int) -> Int {
        var e = j
        while e < le && s.b[e] != 32 && s.b[e] != 44 && s.b[e] != 93 && s.b[e] != 125 { e += 1 }
        return e
    }
}
