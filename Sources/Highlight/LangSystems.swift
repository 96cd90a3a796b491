/// Python, Go and Rust.
enum SystemLangs {
    static let python: CLikeConfig = {
        var c = CLikeConfig()
        c.words = WordTable([
            ("def", .k, .nf),
            ("class", .k, .nc),
            ("as assert async await break continue del elif else except finally for global if lambda nonlocal pass raise return try while with yield match case", .k, nil),
            ("import from", .kn, .nn),
            ("and in is not or", .ow, nil),
            ("True False None NotImplemented Ellipsis", .kc, nil),
            ("self cls", .bp, nil),
            ("abs all any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex delattr dict dir divmod enumerate eval exec filter float format frozenset getattr globals hasattr hash help hex id input int isinstance issubclass iter len list locals map max memoryview min next object oct open ord pow print property range repr reversed round set setattr slice sorted staticmethod str sum super tuple type vars zip", .nb, nil),
            ("ArithmeticError AssertionError AttributeError BaseException EOFError Exception FileExistsError FileNotFoundError ImportError IndexError KeyError KeyboardInterrupt LookupError MemoryError ModuleNotFoundError NameError NotImplementedError OSError OverflowError PermissionError RecursionError RuntimeError StopIteration SyntaxError SystemExit TimeoutError TypeError UnicodeDecodeError UnicodeError ValueError ZeroDivisionError IOError Warning DeprecationWarning UserWarning", .ne, nil),
        ])
        c.slashComments = false
        c.blockComments = false
        c.hashComments = true
        c.doubleQuote = .s2
        c.singleQuote = .s1
        c.singleQuoteIsChar = false
        c.tripleQuotes = true
        c.pythonStrings = true
        c.annotation = .nd
        c.ops = CLikeConfig.opTable(o: "+-*/%<>=!&|^~@.", p: "()[]{},;:")
        return c
    }()

    static let go: CLikeConfig = {
        var c = CLikeConfig()
        c.words = WordTable([
            ("break case continue default defer else fallthrough for go goto if range return select switch", .k, nil),
            ("chan const func interface map struct type var", .kd, nil),
            ("import package", .kn, nil),
            ("true false nil iota", .kc, nil),
            ("bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr any", .kt, nil),
            ("append cap close complex copy delete imag len make new panic print println real recover min max clear", .nb, nil),
        ])
        c.ident = .nx
        c.doubleQuote = .s
        c.singleQuote = .sc
        c.backtick = .s
        c.escape = nil
        c.ops = CLikeConfig.opTable(o: "+-*/%<>&|^~", p: "!=:()[]{},;.")
        c.multi([(":=", .o), ("<-", .o), ("!=", .o), ("==", .o), ("&&", .o), ("||", .o), ("<=", .o), (">=", .o), ("+=", .o), ("-=", .o), ("*=", .o), ("/=", .o), ("++", .o), ("--", .o), ("&^", .o), ("...", .o)])
        return c
    }()

    static let rust: CLikeConfig = {
        var c = CLikeConfig()
        c.words = WordTable([
            ("fn", .k, .nf),
            ("struct enum trait impl type union", .k, .nc),
            ("as async await break const continue crate dyn else extern for if in loop match mod move mut pub ref return static super unsafe use where while", .k, nil),
            ("let", .kd, nil),
            ("true false", .kc, nil),
            ("bool char f32 f64 i8 i16 i32 i64 i128 isize str u8 u16 u32 u64 u128 usize", .kt, nil),
            ("self Self", .bp, nil),
            ("Some None Ok Err Vec Option Result Box String Rc Arc RefCell Cell", .nb, nil),
        ])
        c.doubleQuote = .s
        c.singleQuote = .sc
        c.escape = nil
        c.nestedComments = true
        c.docComments = .sd
        c.rust = true
        c.rustStrings = true
        c.ops = CLikeConfig.opTable(o: "+-*/%<>=!&|^~?'", p: "()[]{},;:.#")
        c.multi([("->", .p), ("::", .p), ("=>", .o)])
        c.borrow = .kp
        c.typeAfterColon = .nc
        return c
    }()
}
