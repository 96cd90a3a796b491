/// GraphQL: operations and fragments read like Pygments (operation names nf, fields n,
/// aliases nl, variables nv, argument values typed), plus the type system (SDL), where Pygments
/// gives up: definitions name types nc, bodies list `field: Type` like a selection (nl, n),
/// descriptions are sd, directives nd.
struct GraphQLLexer: Lexer {
    static let keywords = WordTable([(
        "type schema extend enum scalar implements interface union input directive repeatable QUERY MUTATION SUBSCRIPTION FIELD FRAGMENT_DEFINITION FRAGMENT_SPREAD INLINE_FRAGMENT SCHEMA SCALAR OBJECT FIELD_DEFINITION ARGUMENT_DEFINITION INTERFACE UNION ENUM ENUM_VALUE INPUT_OBJECT INPUT_FIELD_DEFINITION VARIABLE_DEFINITION",
        .k, nil)])
    static let builtins = WordTable([("Int Float String Boolean ID", .nb, nil)])

    func lex(_ s: inout Scanner) {
        var sdl = false
        while s.i < s.n {
            GraphQLLexer.ignored(&s)
            guard s.i < s.n else { return }
            let start = s.i
            let c = s.b[start]
            if c == 34 {
                GraphQLLexer.string(&s, .sd)
            } else if c == 123 {
                s.emit(.p, from: start, to: start + 1); s.i += 1
                if sdl { GraphQLLexer.definitionBody(&s) } else { GraphQLLexer.selection(&s) }
                sdl = false
            } else if c == 40 {
                s.emit(.p, from: start, to: start + 1); s.i += 1
                GraphQLLexer.argumentDefinitions(&s)
            } else if c == 64 {
                GraphQLLexer.directive(&s, arguments: false)
            } else if isIdentStart(c) {
                let e = s.identEnd(from: start)
                s.i = e
                if GraphQLLexer.word(s, start, e, "query") || GraphQLLexer.word(s, start, e, "mutation") || GraphQLLexer.word(s, start, e, "subscription") {
                    s.emit(.k, from: start, to: e)
                    GraphQLLexer.operation(&s)
                } else if GraphQLLexer.word(s, start, e, "fragment") {
                    s.emit(.k, from: start, to: e)
                    GraphQLLexer.fragment(&s)
                } else if GraphQLLexer.keywords.lookup(s.b, start, e) != nil || GraphQLLexer.word(s, start, e, "on") {
                    s.emit(.k, from: start, to: e)
                    sdl = true
                } else {
                    s.emit(.nc, from: start, to: e)
                }
            } else {
                if oneOf(c, "=|&!:[]") { s.emit(.p, from: start, to: start + 1) }
                s.i += 1
            }
        }
    }

    @inline(__always) static func word(_ s: Scanner, _ a: Int, _ b: Int, _ w: StaticString) -> Bool {
        b - a == w.utf8CodeUnitCount && s.matches(w, at: a)
    }

    /// Blanks, `#` comments and commas (which GraphQL ignores).
    static func ignored(_ s: inout Scanner) {
        while s.i < s.n {
            let c = s.b[s.i]
            if isSpace(c) { s.i += 1 } else if c == 44 { s.emit(.p, from: s.i, to: s.i + 1); s.i += 1 } else if c == 35 {
                let e = s.lineEnd(from: s.i); s.emit(.c, from: s.i, to: e); s.i = e
            } else { return }
        }
    }

    /// `"…"` with escapes, or a `"""…"""` block string.
    static func string(_ s: inout Scanner, _ cls: TokenClass) {
        let start = s.i
        if s.matches("\"\"\"", at: start) {
            var j = start + 3
            while j < s.n && !s.matches("\"\"\"", at: j) { j += s.b[j] == 92 && s.matches("\"\"\"", at: j + 1) ? 4 : 1 }
            s.emit(cls, from: start, to: min(j + 3, s.n)); s.i = min(j + 3, s.n)
            return
        }
        var j = start + 1
        while j < s.n && s.b[j] != 34 && s.b[j] != 10 {
            if s.b[j] == 92 && j + 1 < s.n {
                let len = s.b[j + 1] == 117 ? 6 : 2
                s.emit(cls, from: max(start, s.emitted), to: j); s.emit(.se, from: j, to: j + len); j += len; continue
            }
            j += 1
        }
        if j < s.n && s.b[j] == 34 { j += 1 }
        s.emit(cls, from: max(start, s.emitted), to: j); s.i = j
    }

    /// `query Name($v: T = d) @dir { … }`
    static func operation(_ s: inout Scanner) {
        while s.i < s.n {
            ignored(&s)
            let c = s.cur
            if isIdentStart(c) {
                let e = s.identEnd(from: s.i); s.emit(.nf, from: s.i, to: e); s.i = e
            } else if c == 40 {
                s.emit(.p, from: s.i, to: s.i + 1); s.i += 1; variables(&s)
            } else if c == 64 {
                directive(&s, arguments: true)
            } else {
                if c == 123 { s.emit(.p, from: s.i, to: s.i + 1); s.i += 1; selection(&s) }
                return
            }
        }
    }

    /// `fragment Name on Type @dir { … }`
    static func fragment(_ s: inout Scanner) {
        while s.i < s.n {
            ignored(&s)
            let c = s.cur
            if isIdentStart(c) {
                let e = s.identEnd(from: s.i)
                if word(s, s.i, e, "on") {
                    s.emit(.k, from: s.i, to: e); s.i = s.skipBlanks(from: e)
                    if isIdentStart(s.cur) { let t = s.identEnd(from: s.i); s.emit(.nc, from: s.i, to: t); s.i = t }
                } else { s.emit(.nf, from: s.i, to: e); s.i = e }
            } else if c == 64 {
                directive(&s, arguments: true)
            } else {
                if c == 123 { s.emit(.p, from: s.i, to: s.i + 1); s.i += 1; selection(&s) }
                return
            }
        }
    }

    /// `@name` and, for uses (not definitions), its `(arg: value)` list.
    static func directive(_ s: inout Scanner, arguments: Bool) {
        let e = s.identEnd(from: s.i + 1)
        s.emit(e > s.i + 1 ? .nd : .p, from: s.i, to: e > s.i + 1 ? e : s.i + 1); s.i = max(e, s.i + 1)
        guard arguments else { return }
        let k = s.skipBlanks(from: s.i)
        if s.at(k) == 40 { s.emit(.p, from: k, to: k + 1); s.i = k + 1; self.arguments(&s) }
    }

    /// Operation variables: `$name: Type = default @dir`.
    static func variables(_ s: inout Scanner) {
        while s.i < s.n {
            ignored(&s)
            let c = s.cur
            if c == 41 { s.emit(.p, from: s.i, to: s.i + 1); s.i += 1; return }
            if c == 36 { let e = s.identEnd(from: s.i + 1); s.emit(.nv, from: s.i, to: e); s.i = max(e, s.i + 1) }
            else if c == 58 { s.emit(.p, from: s.i, to: s.i + 1); s.i += 1; typeReference(&s, named: .nc, builtin: .nb) }
            else if c == 61 { s.emit(.p, from: s.i, to: s.i + 1); s.i += 1; value(&s) }
            else if c == 64 { directive(&s, arguments: true) }
            else { if c == 33 || c == 93 { s.emit(.p, from: s.i, to: s.i + 1) }; s.i += 1 }
        }
    }

    /// `[Type!]!`
    static func typeReference(_ s: inout Scanner, named: TokenClass, builtin: TokenClass) {
        ignored(&s)
        while s.cur == 91 { s.emit(.p, from: s.i, to: s.i + 1); s.i = s.skipBlanks(from: s.i + 1) }
        guard isIdentStart(s.cur) else { return }
        let e = s.identEnd(from: s.i)
        s.emit(builtins.lookup(s.b, s.i, e) != nil ? builtin : named, from: s.i, to: e); s.i = e
        while s.cur == 33 || s.cur == 93 { s.emit(.p, from: s.i, to: s.i + 1); s.i += 1 }
    }

    /// `{ alias: field(arg: v) @dir { … } ...Spread ... on Type { … } }`
    static func selection(_ s: inout Scanner) {
        while s.i < s.n {
            ignored(&s)
            let start = s.i
            let c = s.cur
            if c == 125 { s.emit(.p, from: start, to: start + 1); s.i += 1; return }
            if isIdentStart(c) {
                let e = s.identEnd(from: start)
                let k = s.skipBlanks(from: e)
                if s.at(k) == 58 { s.emit(.nl, from: start, to: e); s.emit(.p, from: k, to: k + 1); s.i = k + 1 } else { s.emit(.n, from: start, to: e); s.i = e }
            } else if c == 46 && s.matches("...", at: start) {
                s.emit(.p, from: start, to: start + 3)
                let k = s.skipBlanks(from: start + 3)
                let e = s.identEnd(from: k)
                if k > start + 3 && word(s, k, e, "on") {
                    s.emit(.k, from: k, to: e); s.i = s.skipBlanks(from: e)
                    if isIdentStart(s.cur) { let t = s.identEnd(from: s.i); s.emit(.nc, from: s.i, to: t); s.i = t }
                } else { s.i = start + 3 }
            } else if c == 40 {
                s.emit(.p, from: start, to: start + 1); s.i += 1; arguments(&s)
            } else if c == 64 {
                directive(&s, arguments: true)
            } else if c == 123 {
                s.emit(.p, from: start, to: start + 1); s.i += 1; selection(&s)
            } else { s.i += 1 }
        }
    }

    /// `(name: value, …)`
    static func arguments(_ s: inout Scanner) {
        while s.i < s.n {
            ignored(&s)
            let c = s.cur
            if c == 41 { s.emit(.p, from: s.i, to: s.i + 1); s.i += 1; return }
            if isIdentStart(c) { let e = s.identEnd(from: s.i); s.emit(.n, from: s.i, to: e); s.i = e }
            else if c == 58 { s.emit(.p, from: s.i, to: s.i + 1); s.i += 1; value(&s) }
            else { s.i += 1 }
        }
    }

    /// A literal, variable, enum constant, list or input object.
    static func value(_ s: inout Scanner) {
        ignored(&s)
        let start = s.i
        let c = s.cur
        if isDigit(c) || (c == 45 && isDigit(s.at(start + 1))) {
            let (e, kind) = s.number(from: c == 45 ? start + 1 : start, suffixes: false)
            s.emit(kind == .mf ? .mf : .mi, from: start, to: e); s.i = e
        } else if c == 34 {
            string(&s, .s)
        } else if c == 36 {
            let e = s.identEnd(from: start + 1); s.emit(.nv, from: start, to: e); s.i = max(e, start + 1)
        } else if isIdentStart(c) {
            let e = s.identEnd(from: start)
            let constant = word(s, start, e, "true") || word(s, start, e, "false") || word(s, start, e, "null")
            s.emit(constant ? .nb : .no, from: start, to: e); s.i = e
        } else if c == 91 {
            s.emit(.p, from: start, to: start + 1); s.i += 1
            while s.i < s.n {
                ignored(&s)
                if s.cur == 93 { s.emit(.p, from: s.i, to: s.i + 1); s.i += 1; return }
                let before = s.i
                value(&s)
                if s.i == before { return }
            }
        } else if c == 123 {
            s.emit(.p, from: start, to: start + 1); s.i += 1
            while s.i < s.n {
                ignored(&s)
                let d = s.cur
                if d == 125 { s.emit(.p, from: s.i, to: s.i + 1); s.i += 1; return }
                if isIdentStart(d) { let e = s.identEnd(from: s.i); s.emit(.n, from: s.i, to: e); s.i = e }
                else if d == 58 { s.emit(.p, from: s.i, to: s.i + 1); s.i += 1; value(&s) }
                else { return }
            }
        }
    }

    /// A type, interface, input, enum or schema body: `"doc" field(arg: T = d): T! @dir`, enum values.
    static func definitionBody(_ s: inout Scanner) {
        while s.i < s.n {
            ignored(&s)
            let start = s.i
            let c = s.cur
            if c == 125 { s.emit(.p, from: start, to: start + 1); s.i += 1; return }
            if c == 34 { string(&s, .sd) }
            else if c == 64 { directive(&s, arguments: true) }
            else if isIdentStart(c) {
                let e = s.identEnd(from: start)
                let k = s.skipBlanks(from: e)
                s.emit(s.at(k) == 58 ? .nl : .n, from: start, to: e); s.i = e
            } else if c == 40 {
                s.emit(.p, from: start, to: start + 1); s.i += 1; argumentDefinitions(&s)
            } else if c == 58 {
                s.emit(.p, from: start, to: start + 1); s.i += 1; typeReference(&s, named: .n, builtin: .n)
            } else if c == 61 {
                s.emit(.p, from: start, to: start + 1); s.i += 1; value(&s)
            } else { s.i += 1 }
        }
    }

    /// Field or directive arguments in definitions: `(name: Type = default @dir, …)`.
    static func argumentDefinitions(_ s: inout Scanner) {
        while s.i < s.n {
            ignored(&s)
            let start = s.i
            let c = s.cur
            if c == 41 { s.emit(.p, from: start, to: start + 1); s.i += 1; return }
            if c == 34 { string(&s, .sd) }
            else if isIdentStart(c) { let e = s.identEnd(from: start); s.emit(.n, from: start, to: e); s.i = e }
            else if c == 58 { s.emit(.p, from: start, to: start + 1); s.i += 1; typeReference(&s, named: .n, builtin: .n) }
            else if c == 61 { s.emit(.p, from: start, to: start + 1); s.i += 1; value(&s) }
            else if c == 64 { directive(&s, arguments: true) }
            else { s.i += 1 }
        }
    }
}
