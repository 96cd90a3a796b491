/// Comments, strings, directives and operators of the shared C-family scanner.
extension CLikeRun {
    mutating func punctuation(_ s: inout Scanner, _ c: UInt8, _ lineStart: Bool) {
        let start = s.i
        lastPunctBeforeIdent = c
        if cfg.php {
            if c == 60 && s.matches("<?php", at: start) { s.emit(.cp, from: start, to: start + 5); s.i = start + 5; return }
            if c == 63 && s.at(start + 1) == 62 { s.emit(.cp, from: start, to: start + 2); s.i = start + 2; return }
            if c == 47 && s.matches("/**", at: start) {
                blockComment(&s, start, cls: .sd)
                return
            }
        }
        if cfg.objc {
            if lineStart && (c == 45 || c == 43) && (s.at(start + 1) == 32 || s.at(start + 1) == 40) {
                objcDecl = true; objcParts = 0
                s.emit(.p, from: start, to: start + 1); s.i = start + 1; set(.op); return
            }
            if c == 123 || c == 59 { objcDecl = false }
            // `@"…"` strings; `@[…]`, `@{…}`, `@(…)` literals: both delimiters l.
            if c == 64 && s.at(start + 1) == 34 { s.emit(.s, from: start, to: start + 1); s.i = start + 1; return }
            if c == 64 && oneOf(s.at(start + 1), "[{(") {
                s.emit(.l, from: start, to: start + 2); s.i = start + 2; objcBrackets.append(true); set(.open); return
            }
            if c == 91 || c == 123 || c == 40 { objcBrackets.append(false) }
            if c == 93 || c == 125 || c == 41, let literal = objcBrackets.popLast(), literal {
                s.emit(.l, from: start, to: start + 1); s.i = start + 1; set(.value); return
            }
        }
        if cfg.ruby && c == 37 && (prev == .start || prev == .op || prev == .open || prev == .keyword || (spaceBefore && !isSpace(s.at(start + 2)))), percentLiteral(&s, start) {
            set(.value); return
        }
        if cfg.ruby && c == 58 && isIdentStart(s.at(start + 1)) && s.at(start - 1) != 58 && (prev != .ident && prev != .value || spaceBefore) {
            var e = identEnd(s, start + 1)
            if s.at(e) == 63 || s.at(e) == 33 { e += 1 }
            s.emit(.ss, from: start, to: e); s.i = e; set(.value); return
        }
        if cfg.lineFunctions && c == 91 && lineStart {
            let le = s.lineEnd(from: start)
            var j = start
            while j < le && s.b[j] != 93 { j += 1 }
            if j < le { s.emit(.na, from: start, to: j + 1); s.i = j + 1; set(.value); return }
        }
        switch c {
        case 34: // "
            stringLiteral(&s, start: start, prefixEnd: start, hashes: 0)
            return
        case 39: // '
            if cfg.rust, isIdentStart(s.at(start + 1)), s.at(s.identEnd(from: start + 1)) != 39 {
                s.emit(.o, from: start, to: start + 1)
                let e = s.identEnd(from: start + 1)
                // `'static` and `'_` are the language's own lifetimes; a type still follows `&'a`.
                let own = s.matches("static", at: start + 1) && e - start == 7 || (s.at(start + 1) == 95 && e == start + 2)
                s.emit(own ? .nb : .na, from: start + 1, to: e)
                s.i = e
                let ac = afterColon
                set(.ident)
                afterColon = ac
                return
            }
            if cfg.pythonStrings {
                stringLiteral(&s, start: start, prefixEnd: start, hashes: 0, quote: 39)
                return
            }
            if let cls = cfg.singleQuote {
                if cfg.singleQuoteIsChar {
                    charLiteral(&s, start: start, cls: cls)
                } else {
                    // PHP's single quotes are raw (Pygments marks no escapes there); they may span lines.
                    quoted(&s, start: start, body: start + 1, quote: 39, triple: false, hashes: 0, cls: cls, interp: cfg.pythonStrings || cfg.php ? .none : cfg.interpolation == .dollar ? .dollar : .none, multiline: cfg.php, raw: false, pyFormat: cfg.pythonStrings)
                }
                set(.value)
                return
            }
        case 96: // `
            if let cls = cfg.backtick {
                if cfg.backtickIsName {
                    var j = start + 1
                    while j < s.n && s.b[j] != 96 && s.b[j] != 10 { j += 1 }
                    let end = min(j + 1, s.n)
                    s.emit(pending ?? cls, from: start, to: end)
                    pending = nil
                    s.i = end
                    set(.ident)
                } else {
                    let interp: Interpolation = cfg.interpolation == .dollarBrace ? .dollarBrace : .none
                    quoted(&s, start: start, body: start + 1, quote: 96, triple: false, hashes: 0, cls: cls, interp: interp, multiline: true, raw: interp == .none, pyFormat: false)
                    set(.value)
                }
                return
            }
        case 47: // /
            let n1 = s.at(start + 1)
            if cfg.slashComments && n1 == 47 {
                let end = s.lineEnd(from: start)
                let doc = cfg.docComments != nil && (s.at(start + 2) == 47 && s.at(start + 3) != 47 || s.at(start + 2) == 33)
                s.emit(doc ? cfg.docComments! : cfg.lineCommentClass, from: start, to: doc ? min(end + 1, s.n) : end)
                s.i = end
                return
            }
            if cfg.blockComments && n1 == 42 {
                blockComment(&s, start)
                return
            }
            if cfg.regexLiterals && (prev == .start || prev == .op || prev == .open || prev == .keyword), regex(&s, start) {
                set(.value)
                return
            }
        case 35: // #
            if cfg.hashComments {
                let end = s.lineEnd(from: start)
                let shebang = start == 0 && s.at(1) == 33
                s.emit(shebang ? .ch : cfg.lineCommentClass, from: start, to: end)
                s.i = end
                return
            }
            if cfg.preprocessor && lineStart {
                directive(&s, start)
                return
            }
            if cfg.swiftDirectives {
                if s.at(start + 1) == 34 || s.at(start + 1) == 35 {
                    var h = start
                    while s.at(h) == 35 { h += 1 }
                    if s.at(h) == 34 {
                        stringLiteral(&s, start: start, prefixEnd: h, hashes: h - start)
                        return
                    }
                }
                let we = s.identEnd(from: start + 1)
                if we > start + 1 && (s.matches("#if", at: start) || s.matches("#else", at: start) || s.matches("#endif", at: start) || s.matches("#elseif", at: start)) {
                    let end = s.lineEnd(from: start)
                    var q = start
                    while q < end {
                        let b = s.b[q]
                        if b == 40 || b == 41 || b == 33 || b == 44 { s.emit(.p, from: q, to: q + 1) }
                        else if b == 47 && s.at(q + 1) == 47 { s.emit(.c1, from: q, to: end); break }
                        else if b != 32 { s.emit(.cp, from: q, to: q + 1) }
                        q += 1
                    }
                    s.i = end
                    return
                }
            }
            if cfg.rust && (s.at(start + 1) == 91 || (s.at(start + 1) == 33 && s.at(start + 2) == 91)) {
                var j = start + 1, depth = 0
                while j < s.n {
                    if s.b[j] == 91 { depth += 1 } else if s.b[j] == 93 { depth -= 1; if depth == 0 { j += 1; break } }
                    j += 1
                }
                rustAttribute(&s, start, j)
                return
            }
        case 64: // @
            if let cls = cfg.annotation, isIdentStart(s.at(start + 1)) {
                var end = s.identEnd(from: start + 1)
                if let info = cfg.words.lookup(s.b, start, end) {
                    s.emit(info.cls, from: start, to: end); s.i = end
                    set(.keyword); pending = info.next
                    return
                }
                if cfg.pythonStrings { while s.at(end) == 46 && isIdentStart(s.at(end + 1)) { end = s.identEnd(from: end + 1) } }
                s.emit(cls, from: start, to: end)
                s.i = end
                set(.value)
                return
            }
        case 36: // $
            if cfg.dollarArgs && isDigit(s.at(start + 1)) {
                var j = start + 1
                while isDigit(s.at(j)) { j += 1 }
                s.emit(.nv, from: start, to: j)
                s.i = j
                set(.value)
                return
            }
            if cfg.ruby && !isIdentStart(s.at(start + 1)) && oneOf(s.at(start + 1), "!@&`'+~=/\\,;.<>_*$?:\"^-0") {
                s.emit(.vg, from: start, to: start + 2); s.i = start + 2; set(.value); return
            }
            if cfg.dollarVariables && isIdentStart(s.at(start + 1)) {
                let e = s.identEnd(from: start + 1)
                // Ruby's `$name` are globals (vg); PHP's are plain variables.
                s.emit(cfg.ruby ? .vg : .nv, from: start, to: e)
                s.i = e
                set(.value)
                return
            }
        default:
            break
        }
        if cfg.jsx && c == 60 && (prev == .open || prev == .op || prev == .keyword || prev == .start) && (isIdentStart(s.at(start + 1)) || s.at(start + 1) == 62) {
            jsxElement(&s)
            set(.value)
            return
        }
        // Operators and punctuation.
        if let g = cfg.genericAngles {
            if c == 60 && prev == .ident && !spaceBefore && s.at(start + 1) != 61 && s.at(start + 1) != 60 {
                generic += 1
                s.emit(g, from: start, to: start + 1); s.i = start + 1
                set(.open)
                return
            }
            if c == 62 && generic > 0 {
                generic -= 1
                s.emit(g, from: start, to: start + 1); s.i = start + 1
                set(.value)
                return
            }
        }
        if cfg.gluedPunct && ((c == 38 && isIdentStart(s.at(start + 1)) && s.at(start + 1) != 38) || (c == 33 && isIdent(s.at(start - 1)) && s.at(start + 1) != 61)) {
            s.emit(.p, from: start, to: start + 1); s.i = start + 1
            set(c == 38 ? .op : .value)
            return
        }
        if c == 38, let b = cfg.borrow, afterColon {
            s.emit(b, from: start, to: start + 1); s.i = start + 1
            let ac = afterColon
            set(.op)
            afterColon = ac
            return
        }
        if cfg.mayStartMulti(c) {
            let w = s.word(at: start)
            for op in cfg.multiOps where w & op.mask == op.word {
                s.emit(op.cls, from: start, to: start + op.count)
                s.i = start + op.count
                let last = op.last
                if angle == 0 { pending = nil }
                set(.op)
                afterDot = last == 46 || (cfg.php && (last == 62 || last == 58))
                afterColon = cfg.rust && op.arrow
                return
            }
        }
        var cls: TokenClass = c < 128 ? cfg.ops[Int(c)] : .text
        if interpDepth > 0 && (c == 40 || c == 41) { cls = .si }
        if cls != .text { s.emit(cls, from: start, to: start + 1) }
        s.i = start + 1
        if pending != nil {
            if c == 60 { angle += 1 } else if c == 62 && angle > 0 { angle -= 1 } else if angle == 0 { pending = nil }
        }
        switch c {
        case 46: set(.op); afterDot = !cfg.php
        case 41, 93, 125, 62: set(.value); lastPunct = c
        case 40, 91, 123, 44, 59: set(.open)
        case 58: set(.op); afterColon = start > 0 && (isIdent(s.b[start - 1]) || s.b[start - 1] == 63 || !cfg.regexLiterals || cfg.swiftDirectives)
        default: set(.op)
        }
    }

    mutating func blockComment(_ s: inout Scanner, _ start: Int, cls: TokenClass = .cm) {
        var j = start + 2, depth = 1
        while j < s.n {
            let c = s.b[j]
            if c == 42 && s.at(j + 1) == 47 {
                depth -= 1; j += 2
                if depth == 0 || !cfg.nestedComments { break }
                continue
            }
            if cfg.nestedComments && c == 47 && s.at(j + 1) == 42 { depth += 1; j += 2; continue }
            j += 1
        }
        j = min(j, s.n)
        s.emit(cls, from: start, to: j)
        s.i = j
    }

    /// A C preprocessor line, with `\` continuations; `#include <file>` → cpf.
    mutating func directive(_ s: inout Scanner, _ start: Int) {
        var j = start
        while j < s.n && s.b[j] != 10 {
            if s.b[j] == 92 && s.at(j + 1) == 10 { j += 2; continue }
            if s.b[j] == 47 && (s.at(j + 1) == 47 || s.at(j + 1) == 42) { break }
            j += 1
        }
        var k = s.skipBlanks(from: start + 1, newlines: false)
        if cfg.includeFiles && (s.matches("include", at: k) || s.matches("import", at: k)) {
            k = s.skipBlanks(from: s.identEnd(from: k), newlines: false)
            if k < j && (s.b[k] == 60 || s.b[k] == 34) {
                s.emit(.cp, from: start, to: k)
                s.emit(.cpf, from: k, to: j)
                s.i = j
                return
            }
        }
        s.emit(.cp, from: start, to: j)
        s.i = j
    }

    /// `'x'`, `'\n'`, `'\u{1F600}'`; a lone quote stays an operator.
    mutating func charLiteral(_ s: inout Scanner, start: Int, cls: TokenClass) {
        var j = start + 1
        while j < s.n && s.b[j] != 39 && s.b[j] != 10 && j - start < 12 {
            j += s.b[j] == 92 ? 2 : 1
        }
        if s.at(j) == 39 {
            s.emit(cls, from: start, to: j + 1)
            s.i = j + 1
        } else {
            s.emit(.o, from: start, to: start + 1)
            s.i = start + 1
        }
    }

    /// `/…/flags` when it closes on the same line; false leaves `/` to the operator path.
    mutating func regex(_ s: inout Scanner, _ start: Int) -> Bool {
        if cfg.swiftDirectives && (s.at(start + 1) == 32 || s.at(start + 1) == 61) { return false }
        var j = start + 1, inClass = false
        while j < s.n {
            let c = s.b[j]
            if c == 10 { return false }
            if c == 92 { j += 2; continue }
            if c == 91 { inClass = true } else if c == 93 { inClass = false } else if c == 47 && !inClass { break }
            j += 1
        }
        if j >= s.n || j == start + 1 { return false }
        j += 1
        while j < s.n && (s.b[j] | 0x20) &- 97 < 26 { j += 1 }
        s.emit(.sr, from: start, to: j)
        s.i = j
        return true
    }

    /// One JSX element and its children; returns after the matching closing tag.
    mutating func jsxElement(_ s: inout Scanner) {
        let selfClosing = jsxTag(&s)
        if selfClosing { return }
        while s.i < s.n {
            let c = s.b[s.i]
            if c == 60 && s.at(s.i + 1) == 47 { _ = jsxTag(&s); return }
            if c == 60 && (isIdentStart(s.at(s.i + 1)) || s.at(s.i + 1) == 62) { jsxElement(&s); continue }
            if c == 123 { jsxExpression(&s); continue }
            s.i += 1
        }
    }

    /// `<name attrs>`, `</name>` or `<name/>`: true when nothing follows inside.
    mutating func jsxTag(_ s: inout Scanner) -> Bool {
        let start = s.i
        let closing = s.at(start + 1) == 47
        var j = start + (closing ? 2 : 1)
        s.emit(.p, from: start, to: j)
        var e = j
        while e < s.n && (isIdent(s.b[e]) || s.b[e] == 46 || s.b[e] == 45 || s.b[e] == 58) { e += 1 }
        s.emit(.nt, from: j, to: e)
        j = e
        while j < s.n {
            let c = s.b[j]
            if c == 62 { s.emit(.p, from: j, to: j + 1); s.i = j + 1; return closing }
            if c == 47 && s.at(j + 1) == 62 { s.emit(.p, from: j, to: j + 2); s.i = j + 2; return true }
            if c == 34 || c == 39 {
                var k = j + 1
                while k < s.n && s.b[k] != c { k += 1 }
                k = min(k + 1, s.n); s.emit(.s, from: j, to: k); j = k; continue
            }
            if c == 123 { s.i = j; jsxExpression(&s); j = s.i; continue }
            if c == 61 { s.emit(.o, from: j, to: j + 1); j += 1; continue }
            if isIdentStart(c) {
                var k = j
                while k < s.n && (isIdent(s.b[k]) || s.b[k] == 45 || s.b[k] == 58) { k += 1 }
                s.emit(.na, from: j, to: k); j = k; continue
            }
            j += 1
        }
        s.i = j
        return true
    }

    /// `{ expression }` inside JSX: punctuation around ordinary code.
    mutating func jsxExpression(_ s: inout Scanner) {
        s.emit(.p, from: s.i, to: s.i + 1)
        let saved = (prev, pending, angle)
        s.i += 1
        prev = .open
        code(&s, closer: 125, opener: 123)
        if s.i < s.n && s.b[s.i] == 125 { s.emit(.p, from: s.i, to: s.i + 1); s.i += 1 }
        (prev, pending, angle) = saved
    }
}
