/// JavaScript and TypeScript (JSX/TSX share them).
enum WebLangs {
    static let jsWords: [(String, TokenClass, TokenClass?)] = [
        ("break case catch continue debugger default do else export finally for if import in of return switch this throw try while with yield async await extends static super", .k, nil),
        ("class const enum function let var", .kd, nil),
        ("constructor from", .kr, nil),
        ("null true false undefined NaN Infinity", .kc, nil),
        ("new typeof void delete instanceof", .ow, nil),
        ("Map Set WeakMap Promise JSON Math Object Array Number String Boolean Symbol Date RegExp document window globalThis arguments", .nb, nil),
        ("Error TypeError RangeError SyntaxError", .ne, nil),
    ]

    static func base(_ words: [(String, TokenClass, TokenClass?)]) -> CLikeConfig {
        var c = CLikeConfig()
        c.words = WordTable(words)
        c.ident = .nx
        c.doubleQuote = .s2
        c.singleQuote = .s1
        c.singleQuoteIsChar = false
        c.backtick = .sb
        c.interpolation = .dollarBrace
        c.escape = nil
        c.regexLiterals = true
        c.dollarInIdent = true
        c.intClass = .mf; c.floatClass = .mf; c.hexClass = .mh
        c.numberSuffixes = false
        c.ops = CLikeConfig.opTable(o: "+-*/%<>=!&|^~?:", p: "()[]{},;.@#")
        c.multi([("=>", .p), ("...", .p), ("?.", .p)])
        return c
    }

    static let javascript = base(jsWords)
    static let jsx: CLikeConfig = { var c = javascript; c.jsx = true; return c }()
    static let tsx: CLikeConfig = { var c = typescript; c.jsx = true; return c }()

    static let typescript: CLikeConfig = {
        var c = base([
            ("readonly private protected public abstract declare implements namespace module keyof infer is satisfies override", .k, nil),
            ("as from type", .kr, nil),
            ("interface", .kd, nil),
            ("number string boolean any unknown never symbol bigint object", .kt, nil),
        ] + jsWords)
        c.typeAfterColon = .kt
        return c
    }()
}
