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
            ("bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr any comparable", .kt, nil),
        ])
        // Builtin functions, and types used as conversions (`uint32(x)`), are nb only when called: `max := 3` is a name.
        c.callBuiltins = WordTable([("""
            append cap close complex copy delete imag len make new panic print println real recover min max clear
            bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16
            uint32 uint64 uintptr any comparable
            """, .nb, nil)])
        c.ident = .nx
        c.doubleQuote = .s
        c.singleQuote = .sc
        c.backtick = .s
        c.escape = nil
        c.ops = CLikeConfig.opTable(o: "+-*/%&|~", p: "^<>!=:()[]{},;.")
        c.multi([(":=", .o), ("<-", .o), ("!=", .o), ("==", .o), ("&&", .o), ("||", .o), ("<=", .o), (">=", .o), ("+=", .o), ("-=", .o), ("*=", .o), ("/=", .o), ("%=", .o), ("&=", .o), ("|=", .o), ("<<=", .o), (">>=", .o), ("<<", .o), (">>", .o), ("++", .o), ("--", .o), ("&^=", .o), ("&^", .o), ("...", .o)])
        return c
    }()

    static let rust: CLikeConfig = {
        var c = CLikeConfig()
        c.words = WordTable([
            ("fn", .k, .nf),
            // `impl X` and `trait X` name no new type the way `struct X` does: X stays a plain name.
            ("struct enum type union", .k, .nc),
            ("mod", .k, .nn),
            ("as async await box break const continue crate dyn else extern for if impl in loop match move mut pub ref return static super trait unsafe use where while", .k, nil),
            ("abstract become do final macro override priv typeof try unsized virtual yield", .kr, nil),
            ("let", .kd, nil),
            ("true false", .kc, nil),
            ("bool char f32 f64 i8 i16 i32 i64 i128 isize str u8 u16 u32 u64 u128 usize", .kt, nil),
            ("self Self", .bp, nil),
            // The prelude's traits and types.
            ("Copy Send Sized Sync Unpin Drop Fn FnMut FnOnce drop Box ToOwned Clone PartialEq PartialOrd Eq Ord AsRef AsMut Into From Default Iterator Extend IntoIterator DoubleEndedIterator ExactSizeIterator Option Some None Result Ok Err String ToString Vec", .nb, nil),
        ])
        // The standard library's macros (`println!`): other `name!` calls are a name and the `!` operator.
        c.macros = WordTable([("asm assert assert_eq assert_ne cfg column compile_error concat concat_idents dbg debug_assert debug_assert_eq debug_assert_ne env eprint eprintln file format format_args format_args_nl global_asm include include_bytes include_str is_aarch64_feature_detected is_arm_feature_detected is_x86_feature_detected line llvm_asm log_syntax macro_rules matches module_path option_env panic print println stringify thread_local todo trace_macros unimplemented unreachable vec write writeln", .fm, nil)])
        c.doubleQuote = .s
        c.singleQuote = .sc
        c.nestedComments = true
        c.docComments = .sd
        c.rust = true
        c.rustStrings = true
        c.ops = CLikeConfig.opTable(o: "+-*/%<>=!&|^~?'", p: "()[]{},;:.#")
        c.multi([("->", .p), ("::", .p), ("=>", .o), ("..=", .o), ("..", .o)])
        c.borrow = .kp
        c.typeAfterColon = .nc
        return c
    }()
}
