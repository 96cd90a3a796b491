/// C, C++, Objective-C, C#, Dart, Groovy, Scala and PHP: keyword sets over the shared scanner.
enum CLangs {
    static let cTypes = "char double float int long short signed unsigned void bool size_t ssize_t int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t uintptr_t intptr_t ptrdiff_t FILE _Bool"
    static let cKeywords = "break case continue default do else for goto if return sizeof switch while typedef"

    static func cBase(_ words: [(String, TokenClass, TokenClass?)]) -> CLikeConfig {
        var c = CLikeConfig()
        c.words = WordTable(words)
        c.typedFunctionDecl = true
        c.ops = CLikeConfig.opTable(o: "+-*/%<>=!&|^~?:", p: "()[]{},;.")
        c.preprocessor = true
        c.doubleQuote = .s
        c.singleQuote = .sc
        c.multi([("->", .o), ("::", .o)])
        return c
    }

    static let c = cBase([
        (cKeywords, .k, nil),
        ("auto const enum extern inline register restrict static struct union volatile", .k, nil),
        (cTypes, .kt, nil),
        ("NULL true false", .nb, nil),
    ])

    static let cpp = cBase([
        (cKeywords, .k, nil),
        ("class struct enum union typename", .k, .nc),
        ("namespace", .k, .nn),
        ("auto const constexpr consteval constinit extern inline mutable register static virtual volatile explicit friend private protected public template typename using operator override final noexcept new delete this throw try catch co_await co_return co_yield static_assert decltype alignof alignas concept requires export import module static_cast dynamic_cast reinterpret_cast const_cast", .k, nil),
        (cTypes + " wchar_t char8_t char16_t char32_t", .kt, nil),
        ("true false", .kc, nil),
        ("nullptr NULL", .nb, nil),
        ("std string vector map unordered_map set unique_ptr shared_ptr make_unique make_shared cout cin endl", .n, nil),
    ])

    static let objc: CLikeConfig = {
        var c = cBase([
            ("@interface @implementation @protocol", .k, .nc),
            (cKeywords, .k, nil),
            ("auto const enum extern inline register static struct union volatile in out inout bycopy byref oneway nonatomic atomic copy strong weak assign readonly readwrite retain nullable nonnull", .k, nil),
            ("@interface @implementation @end @protocol @property @synthesize @dynamic @class @selector @encode @autoreleasepool @try @catch @finally @throw @optional @required @public @private @protected @package @import", .k, nil),
            (cTypes + " id instancetype BOOL SEL IMP Class NSInteger NSUInteger CGFloat", .kt, nil),
            ("YES NO nil self super", .nb, nil),
            ("Nil NULL true false", .kc, nil),
        ])
        c.annotation = .k
        c.objc = true
        c.includeFiles = false
        c.multi([("->", .o)])
        return c
    }()

    static let csharp: CLikeConfig = {
        var c = cBase([
            ("class struct", .k, .nc),
            ("namespace using", .k, .nn),
            // Pygments' C# keywords: literals, `void` and the contextual ones (LINQ, `value`, `unmanaged`) included.
            ("""
            abstract as async await base break by case catch checked const continue default delegate do else enum event
            explicit extern false finally fixed for foreach goto if implicit in interface internal is let lock new null on
            operator out override params private protected public readonly ref return sealed sizeof stackalloc static switch
            this throw true try typeof unchecked unsafe virtual void while get set partial yield add remove value alias
            ascending descending from group into orderby select thenby where join equals record allows and init managed
            nameof nint not notnull nuint or scoped unmanaged when with volatile required file global
            """, .k, nil),
            ("bool byte char decimal double dynamic float int long object sbyte short string uint ulong ushort var", .kt, nil),
        ])
        c.lineFunctions = true
        c.typedFunctionDecl = false
        c.preprocessor = true
        c.member = nil
        c.ops = CLikeConfig.opTable(o: "+-*/%<>=!&|^~?", p: "()[]{},;:.")
        return c
    }()

    static let dart: CLikeConfig = {
        var c = cBase([
            ("class enum mixin extension", .kd, .nc),
            ("abstract async await covariant extends external factory final get implements late native on operator required set static sync typedef var with yield", .kd, nil),
            ("as assert break case catch const continue default deferred do else export finally for hide if import in interface is library new part rethrow return sealed show super switch this throw try while base", .k, nil),
            ("bool double dynamic int num Function Never Null Object String void", .kt, nil),
            ("true false null", .kc, nil),
        ])
        c.preprocessor = false
        c.singleQuote = .s1
        c.singleQuoteIsChar = false
        c.doubleQuote = .s2
        c.interpolation = .dollar
        c.tripleQuotes = true
        c.annotation = .nd
        c.typedFunctionDecl = false
        c.intClass = .m; c.floatClass = .m; c.hexClass = .m
        c.labelColon = .nl
        c.ops = CLikeConfig.opTable(o: "+-*/%<>=!&|^~?", p: "()[]{},;:.")
        return c
    }()

    static let groovy: CLikeConfig = {
        var c = cBase([
            ("class interface", .kd, .nc),
            ("import", .kn, .nn),
            ("package", .kn, nil),
            ("assert break case catch continue default do else finally for if goto instanceof new return switch this throw try while in as", .k, nil),
            ("abstract const enum extends final implements native private protected public static strictfp super synchronized throws transient volatile", .kd, nil),
            ("def boolean byte char double float int long short void", .kt, nil),
            ("true false null", .kc, nil),
        ])
        // Pygments reads `void name(` as a method only on unindented lines; `name:` (map keys, labels) is nl.
        c.lineFunctions = true
        c.lineFunctionsIndented = false
        c.typedFunctionDecl = false
        c.labelColon = .nl
        c.preprocessor = false
        c.singleQuote = .s1
        c.singleQuoteIsChar = false
        c.interpolation = .dollar
        c.tripleQuotes = true
        c.annotation = .nd
        c.member = .na
        c.doubleQuote = .s2
        c.ops = CLikeConfig.opTable(o: "+-*/%<>=!&|^~?(){}[].,;:", p: "")
        return c
    }()

    static let scala: CLikeConfig = {
        var c = cBase([
            ("class trait object enum", .k, .nc),
            ("def", .k, .nf),
            ("val var", .kd, nil),
            ("import package", .k, .nn),
            ("abstract case catch do else extends final finally for forSome given if implicit lazy match new override private protected return sealed then throw try type using while with yield export", .k, nil),
            ("this super", .bp, nil),
            ("true false null", .kc, nil),
        ])
        c.preprocessor = false
        c.typedFunctionDecl = false
        c.tripleQuotes = true
        c.annotation = .nd
        c.nestedComments = true
        c.capitalized = .nc
        c.importLastSegment = true
        c.stringPrefix = .s
        c.interpolation = .dollar
        c.ops = CLikeConfig.opTable(o: "+-*/%<>=!&|^~?", p: "()[]{},;:.")
        return c
    }()

    static let php: CLikeConfig = {
        var c = cBase([
            ("function fn", .k, .nf),
            ("class interface trait enum", .k, .nc),
            ("abstract and array as break callable case catch clone const continue declare default do echo else elseif empty enddeclare endfor endforeach endif endswitch endwhile extends final finally for foreach global goto if implements include include_once instanceof insteadof isset list match namespace new or print private protected public readonly require require_once return static switch throw try unset use var while xor yield", .k, nil),
            ("null true false self parent", .kc, nil),
            ("isset unset empty count strlen strtolower strtoupper str_replace array_map array_filter array_keys in_array explode implode sprintf printf json_encode json_decode", .nb, nil),
        ])
        c.ident = .nx
        c.docComments = nil
        c.preprocessor = false
        c.hashComments = false
        c.dollarVariables = true
        c.singleQuote = .s1
        c.singleQuoteIsChar = false
        c.doubleQuote = .s2
        c.interpolation = .dollar
        c.php = true
        // `$obj->name`, `Class::name`: attributes (`.` is concatenation, not member access).
        c.member = .na
        c.ops = CLikeConfig.opTable(o: "+-*/%<>=!&|^~?:.", p: "()[]{},;@")
        return c
    }()
}
