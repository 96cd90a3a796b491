/// JavaScript and TypeScript (JSX/TSX share them).
enum WebLangs {
    static let jsWords: [(String, TokenClass, TokenClass?)] = [
        ("break case catch continue debugger default do else export finally for if import in of return switch this throw try while with yield async await extends static super", .k, nil),
        ("class const enum function let var", .kd, nil),
        ("constructor from", .kr, nil),
        ("null true false undefined NaN Infinity", .kc, nil),
        ("new typeof void delete instanceof", .ow, nil),
        ("""
        Array Boolean Date BigInt Function Math ArrayBuffer Number Object RegExp String Promise Proxy decodeURI
        decodeURIComponent encodeURI encodeURIComponent eval isFinite isNaN parseFloat parseInt DataView document window
        globalThis global Symbol Intl WeakSet WeakMap Set Map Reflect JSON Atomics Int8Array Int16Array Int32Array
        BigInt64Array Float32Array Float64Array Uint8ClampedArray Uint8Array Uint16Array Uint32Array BigUint64Array
        """, .nb, nil),
        ("Error EvalError InternalError RangeError ReferenceError SyntaxError TypeError URIError", .ne, nil),
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
        c.colonTypes = WordTable([("abstract implements private protected public readonly enum interface override declare type string boolean number module", .k, nil)])
        c.annotation = .kd
        return c
    }()
}
