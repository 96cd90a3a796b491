/// Swift, Kotlin and Java: the languages Galley's readers write most.
enum AppleLangs {
    static let swift: CLikeConfig = {
        var c = CLikeConfig()
        c.words = WordTable([
            ("as async await break case catch continue default defer do else fallthrough for guard if in is repeat return switch throw try where while", .k, nil),
            ("actor class enum extension protocol struct import", .kd, .nc),
            ("func", .kd, .nf),
            ("let var", .kd, .nv),
            ("associatedtype typealias init deinit subscript operator precedencegroup private public internal fileprivate open static", .kd, nil),
            // `some`/`any`/`consuming`/`borrowing` are newer than Pygments' list (it reads them as names): kept as keywords.
            ("final prefix postfix infix set get willSet didSet throws rethrows override mutating nonmutating lazy weak unowned required convenience dynamic optional indirect inout some any consuming borrowing Type Protocol associativity precedence left right none", .kr, nil),
            ("true false nil self Self super _", .kc, nil),
            ("""
            Int Int8 Int16 Int32 Int64 UInt UInt8 UInt16 UInt32 UInt64 Double Float Float32 Float64 Float80 String Character
            Bool Array Dictionary Optional Void Comparable Hashable Equatable Sequence Collection Range ClosedRange AnyObject
            Substring Any AnyClass StaticString ObjectIdentifier Selector Unmanaged UnicodeScalar UTF8 UTF16 UTF32 Slice
            ContiguousArray CollectionOfOne EmptyCollection UnsafePointer UnsafeMutablePointer UnsafeBufferPointer
            UnsafeMutableBufferPointer RawRepresentable Strideable CBool CChar CInt CLong CLongLong CDouble CFloat
            """, .nb, nil),
            ("""
            abs advance assert assertionFailure contains count debugPrint distance dropFirst dropLast dump fatalError filter
            first indices insert isEmpty last map max min numericCast precondition preconditionFailure print reduce removeAll
            removeLast sort sorted split stride swap unsafeBitCast unsafeDowncast withExtendedLifetime withUnsafeMutablePointer
            withUnsafePointer
            """, .bp, nil),
        ])
        c.doubleQuote = .s
        c.singleQuote = nil
        c.backtick = .n
        c.backtickIsName = true
        c.interpolation = .swift
        c.tripleQuotes = true
        c.nestedComments = true
        c.swiftDirectives = true
        c.regexLiterals = true
        c.dollarArgs = true
        c.ops = CLikeConfig.opTable(o: "+-*/%<>!&|^~\\", p: "()[]{},;:.=?@#")
        c.genericAngles = .p
        c.multi([("!=", .o), ("===", .o), ("!==", .o), ("+=", .o), ("-=", .o), ("*=", .o), ("/=", .o), ("%=", .o), ("->", .p), ("??", .o), ("...", .p), ("..<", .o), ("&&", .o), ("||", .o)])
        c.gluedPunct = true
        return c
    }()

    static let kotlin: CLikeConfig = {
        var c = CLikeConfig()
        c.words = WordTable([
            ("as break by catch constructor continue do dynamic else finally get for if init in is out reified return set super this throw try typealias typeof vararg when where while", .k, nil),
            ("package import", .k, .nn),
            ("fun", .kd, .nf),
            ("class interface object", .kd, .nc),
            ("val var", .kd, .nv),
            // Modifiers; `value` is left out: far more often a parameter's name than `value class`.
            ("const data enum private protected public internal sealed suspend abstract open override lateinit inline companion annotation inner operator infix tailrec crossinline noinline external expect actual", .kd, nil),
            ("true false null", .kc, nil),
            ("it", .nb, nil),
            ("Boolean Byte Char Double Float Int Long Short String Unit Any", .kt, nil),
        ])
        c.member = .na
        c.doubleQuote = .s
        c.singleQuote = .sc
        c.backtick = .n
        c.backtickIsName = true
        c.interpolation = .dollar
        c.tripleQuotes = true
        c.nestedComments = true
        c.annotation = .nd
        c.escape = .se
        c.intClass = .m; c.floatClass = .m; c.hexClass = .m
        c.ops = CLikeConfig.opTable(o: "+-*/%<>=!&|^~?[]", p: "(){},;:.@#")
        c.multi([("?.", .o), ("?:", .o), ("::", .o), ("->", .o), ("..", .o), ("!!", .o)])
        return c
    }()

    static let java: CLikeConfig = {
        var c = CLikeConfig()
        c.words = WordTable([
            ("assert break case catch continue default do else finally for if goto new return switch this throw try while yield instanceof super", .k, nil),
            ("class interface enum record", .kd, .nc),
            ("abstract extends final implements native private protected public static strictfp synchronized throws transient volatile var sealed permits const", .kd, nil),
            ("import package", .kn, .nn),
            ("true false null", .kc, nil),
            ("boolean byte char double float int long short void", .kt, nil),
        ])
        c.member = .na
        c.typedFunctionDecl = true
        c.annotation = .nd
        c.doubleQuote = .s
        c.escape = nil
        c.dollarInIdent = true
        c.tripleQuotes = true
        c.ops = CLikeConfig.opTable(o: "+-*/%<>=!&|^~?[]", p: "(){},;:.@")
        c.multi([("->", .o), ("::", .o)])
        return c
    }()
}
