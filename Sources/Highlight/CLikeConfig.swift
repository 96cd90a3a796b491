/// How a language writes interpolation inside its strings.
enum Interpolation: Sendable {
    case none
    case swift          // "\(expr)"
    case dollar         // "${expr}" and "$name" (Kotlin, Dart, Groovy, PHP)
    case dollarBrace    // "${expr}" only (JS/TS template literals)
    case python         // f"{expr}" only in f-strings
    case ruby           // "#{expr}"
}

/// Everything the shared C-family lexer needs to know about one language.
/// Most curly-brace languages differ only in these knobs, so they share one scanner.
struct CLikeConfig: Sendable {
    var words: WordTable = WordTable([])
    /// Class of a plain identifier.
    var ident: TokenClass = .n
    /// TypeScript as Pygments reads it: `word: word` (maybe across a line break) is a name, `:` and a type (kt),
    /// whatever the words are (`{ exact: true }`, `default:` then `return`), except these words, which stay themselves.
    var colonTypes: WordTable? = nil
    /// Words that are nb when a `(` follows at once (Go's `len(x)`, `uint32(x)`), checked before `words`.
    var callBuiltins: WordTable? = nil
    /// C# as Pygments reads it: on a line of words only, the word before `(` is a function (`public Foo(`,
    /// `return d(`), and a line opening with `[…]` is an attribute (na).
    var lineFunctions = false
    /// Whether that holds on indented lines too (C#), or only where Groovy's rule can start (see `wordsOnlyBefore`).
    var lineFunctionsIndented = true
    /// Swift: `&` glued to the name it passes inout and `!` glued after a name (`try!`, `x!`) are punctuation.
    var gluedPunct = false
    /// Class of an identifier right after `.`, when it differs from `ident`.
    var member: TokenClass? = nil
    /// `Type name(` declares a function (Java, C#, C): name → nf.
    var typedFunctionDecl = false
    /// Identifiers right after `:` are types (TypeScript annotations).
    var typeAfterColon: TokenClass? = nil
    /// Class of identifiers starting with an upper-case letter (when the language marks them).
    var capitalized: TokenClass? = nil
    /// `ident(` → this class (function calls), when the language marks them.
    var call: TokenClass? = nil
    /// `import a.b.Name`: only the qualifier is nn, the imported name is classed like any name (Scala).
    var importLastSegment = false
    /// `name:` glued to its colon (Dart named arguments) → this class, colon included.
    var labelColon: TokenClass? = nil
    /// An identifier glued to a string is part of it (Scala `s"…"` interpolators).
    var stringPrefix: TokenClass? = nil

    var slashComments = true
    var hashComments = false
    var blockComments = true
    var nestedComments = false
    /// `///` and `//!` doc comments (Rust) get this class.
    var docComments: TokenClass? = nil
    var lineCommentClass: TokenClass = .c1

    var doubleQuote: TokenClass = .s2
    /// Single quotes: a char literal class (`sc`) or a string class (`s1`); nil = not a string.
    var singleQuote: TokenClass? = .sc
    var singleQuoteIsChar = true
    /// Backticks: string class (JS templates `sb`, Go raw `s`) or name class (Kotlin/Swift names).
    var backtick: TokenClass? = nil
    var backtickIsName = false
    /// Class of backslash escapes; nil keeps them in the string's class.
    var escape: TokenClass? = .se
    var interpolation: Interpolation = .none
    var tripleQuotes = false
    var tripleClass: TokenClass? = nil
    /// Swift `#"…"#` raw strings.
    var hashRawStrings = false
    /// Rust `r#"…"#`, `b"…"`, `b'x'`.
    var rustStrings = false
    /// Python string prefixes (r, b, f, u) → `sa`, docstrings → `sd`, `%d` formats → `si`.
    var pythonStrings = false
    /// `/…/` regex literals after an operator (JS, TS, Swift).
    var regexLiterals = false

    /// `@Name` → this class as one token (Java, Kotlin, Python decorators).
    var annotation: TokenClass? = nil
    /// `@` → p, name → n (Swift attributes).
    var splitAnnotation = false
    /// `#` at line start is a preprocessor line (C family) → cp, `#include <x>` file → cpf.
    var preprocessor = false
    /// Swift `#if`/`#else`/`#endif` lines → cp.
    var swiftDirectives = false
    /// Rust `#[attr]` → cp, `name!` macros → fm, lifetimes.
    var rust = false
    /// Macros whose `name!` is one `fm` token (Rust's standard ones); nil: every `name!`.
    var macros: WordTable? = nil
    /// `$0` closure arguments (Swift) → nv.
    var dollarArgs = false
    /// `$` allowed inside identifiers (JS, Java).
    var dollarInIdent = false
    /// PHP-style `$name` variables → nv.
    var dollarVariables = false

    /// `Type<Arg>` angle brackets right after an identifier → this class (Swift: p).
    var genericAngles: TokenClass? = nil
    /// Class of `&` in a type position, after `:` or `->` (Rust `&str`: kp); elsewhere `&` is an operator.
    var borrow: TokenClass? = nil

    /// Ruby: `:sym` and `key:` → ss, `name?`/`name!` methods, `#{…}` interpolation, `Const` → no.
    var ruby = false
    /// `name = 1` field declarations (Protocol Buffers): name → this class.
    var fieldBeforeEquals: TokenClass? = nil
    /// JSX/TSX elements: `<Tag attr="v" {…}>children</Tag>`.
    var jsx = false
    /// PHP: `<?php`/`?>` → cp, `/** */` → sd, `__magic` → fm.
    var php = false
    /// Objective-C: `- (type)sel:(T)arg` declarations, `NS…` types → bp, `@interface X` → nc.
    var objc = false
    /// `#include <x>` file names → cpf (C, C++); Objective-C keeps the whole line cp.
    var includeFiles = true

    var intClass: TokenClass = .mi
    var floatClass: TokenClass = .mf
    var hexClass: TokenClass = .mh
    var numberSuffixes = true

    /// Operator (`o`) and punctuation (`p`) classes per ASCII byte.
    var ops: [TokenClass] = CLikeConfig.opTable(o: "+-*/%<>=!&|^~?", p: "()[]{},;:.@#")
    /// Multi-byte operators whose class differs from their bytes' classes, longest first.
    var multiOps: [MultiOp] = []
    /// Bit `c` set when some multi-byte operator starts with ASCII byte `c`: most punctuation skips the list.
    var multiFirst: (UInt64, UInt64) = (0, 0)

    /// Whether a multi-byte operator may start with `c`.
    @inline(__always) func mayStartMulti(_ c: UInt8) -> Bool {
        c < 64 ? (multiFirst.0 >> UInt64(c)) & 1 != 0 : c < 128 && (multiFirst.1 >> UInt64(c - 64)) & 1 != 0
    }

    static func opTable(o: String, p: String) -> [TokenClass] {
        var t = Array(repeating: TokenClass.text, count: 128)
        for c in o.utf8 { t[Int(c)] = .o }
        for c in p.utf8 { t[Int(c)] = .p }
        return t
    }

    mutating func multi(_ list: [(String, TokenClass)]) {
        let sorted = list.map { (Array($0.0.utf8), $0.1) }.sorted { $0.0.count > $1.0.count }
        multiOps = sorted.map { MultiOp($0.0, $0.1) }
        multiFirst = (0, 0)
        for (bytes, _) in sorted where bytes[0] < 128 {
            if bytes[0] < 64 { multiFirst.0 |= 1 << UInt64(bytes[0]) } else { multiFirst.1 |= 1 << UInt64(bytes[0] - 64) }
        }
    }
}

/// One multi-byte operator as a masked word: matching it at a byte is one load and compare, where the
/// byte-by-byte loop over `[UInt8]` operators cost ~25 instructions per operator tried (14 % of `punctuation`).
struct MultiOp: Sendable {
    /// The operator's bytes, little-endian, and a mask of as many low bytes.
    var word: UInt64
    var mask: UInt64
    var count: Int
    var cls: TokenClass
    var last: UInt8
    /// `->` (a Rust type position follows).
    var arrow: Bool

    init(_ bytes: [UInt8], _ cls: TokenClass) {
        precondition((1...8).contains(bytes.count) && !bytes.contains(0), "operators are 1-8 non-zero bytes")
        word = 0
        for (k, b) in bytes.enumerated() { word |= UInt64(b) << UInt64(8 * k) }
        mask = bytes.count == 8 ? ~0 : (1 << UInt64(8 * bytes.count)) - 1
        count = bytes.count
        self.cls = cls
        last = bytes[bytes.count - 1]
        arrow = bytes == [45, 62]
    }

    /// Whether the operator is at `k`: bytes past the end read as 0, which no operator holds.
    @inline(__always) func matches(_ s: Scanner, at k: Int) -> Bool {
        s.word(at: k) & mask == word
    }
}
