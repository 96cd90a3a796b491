/// Ruby and Protocol Buffers over the shared scanner.
enum MiscLangs {
    static let ruby: CLikeConfig = {
        var c = CLikeConfig()
        c.words = WordTable([
            ("def", .k, .nf),
            ("class", .k, .nc),
            ("module", .k, .nn),
            ("BEGIN END alias begin break case defined? do else elsif end ensure for if in next redo rescue raise retry return super then undef unless until when while yield", .k, nil),
            // Methods that read as keywords (Pygments' "special methods"), constants included.
            ("initialize new loop include extend attr_reader attr_writer attr_accessor attr catch throw private module_function public protected true false nil", .kp, nil),
            ("and not or", .ow, nil),
            // Kernel and Module methods, called without a receiver (after `.` a name is a plain name).
            ("""
            Array Float Integer String __id__ __send__ abort ancestors at_exit autoload binding callcc caller chomp chop
            class_eval class_variables clone const_defined? const_get const_missing const_set constants display dup eval exec
            exit fail fork format freeze getc gets global_variables gsub hash id included_modules inspect instance_eval
            instance_method instance_methods instance_variable_get instance_variable_set instance_variables lambda load
            local_variables method method_missing methods module_eval name object_id open p print printf
            private_class_method private_instance_methods private_methods proc protected_instance_methods protected_methods
            public_class_method public_instance_methods public_methods putc puts rand readline readlines require scan select
            self send set_trace_func singleton_methods sleep split sprintf srand sub syscall system taint test to_a to_s
            trace_var trap untaint untrace_var warn block_given? eql? equal? frozen? instance_of? is_a? iterator? kind_of?
            method_defined? nil? respond_to? tainted? chomp! chop! exit! gsub! sub!
            """, .nb, nil),
            ("__FILE__ __LINE__", .bp, nil),
        ])
        c.member = .n
        c.slashComments = false; c.blockComments = false; c.hashComments = true
        c.doubleQuote = .s2; c.singleQuote = .s1; c.singleQuoteIsChar = false
        c.interpolation = .ruby
        c.ruby = true
        c.escape = .se
        c.dollarVariables = true
        c.annotation = .vi
        c.ops = CLikeConfig.opTable(o: "+-*/%<>=!&|^~.[]", p: "(){},;:?\\")
        c.multi([("::", .o)])
        c.regexLiterals = true
        return c
    }()

    static let protobuf: CLikeConfig = {
        var c = CLikeConfig()
        c.words = WordTable([
            ("message extend", .kd, .nc),
            ("enum service group", .kd, nil),
            ("package", .kn, .nn),
            ("import option optional required repeated reserved default packed ctype extensions to max rpc returns oneof syntax", .k, nil),
            ("double float int32 int64 uint32 uint64 sint32 sint64 fixed32 fixed64 sfixed32 sfixed64 bool string bytes", .kt, nil),
            ("true false", .kc, nil),
        ])
        c.doubleQuote = .s; c.singleQuote = .s; c.singleQuoteIsChar = false
        c.fieldBeforeEquals = .na
        // Dotted names (`google.protobuf.Timestamp`) are one name.
        c.member = .n
        c.ops = CLikeConfig.opTable(o: "=+-", p: "()[]{},;<>")
        c.ops[46] = .n
        return c
    }()
}

/// INI/properties and TOML: sections `[x]` → nc (TOML: `kd`), keys → nv/na, values typed when TOML.
struct INILexer: Lexer {
    let toml: Bool
    func lex(_ s: inout Scanner) {
        while s.i < s.n {
            let ls = s.i
            let le = s.lineEnd(from: ls)
            var j = s.skipBlanks(from: ls, newlines: false)
            if j < le {
                let c = s.b[j]
                if c == 35 || c == 59 {
                    s.emit(.c1, from: j, to: le)
                } else if c == 91 {
                    var k = j
                    while k < le && s.b[k] != 35 { k += 1 }
                    while k > j && s.b[k - 1] == 32 { k -= 1 }
                    s.emit(.k, from: j, to: k)
                    j = k
                } else {
                    var k = j
                    while k < le && s.b[k] != 61 && !(s.b[k] == 58 && !toml) { k += 1 }
                    if k < le {
                        var t = k
                        while t > j && s.b[t - 1] == 32 { t -= 1 }
                        s.emit(toml ? .n : .na, from: j, to: t)
                        s.emit(.o, from: k, to: k + 1)
                        j = s.skipBlanks(from: k + 1, newlines: false)
                    }
                    if toml { s.i = j; INILexer.tomlValue(&s, le) } else if j < le { s.emit(.s, from: j, to: le) }
                }
            }
            s.i = max(s.i, min(le + 1, s.n))
        }
    }

    static func tomlValue(_ s: inout Scanner, _ le: Int) {
        while s.i < le {
            let start = s.i
            let c = s.b[start]
            if c == 34 || c == 39 {
                let quote = c
                let triple = s.at(start + 1) == c && s.at(start + 2) == c
                var j = start + (triple ? 3 : 1)
                while j < s.n {
                    if s.b[j] == c && (!triple || (s.at(j + 1) == c && s.at(j + 2) == c)) { j += triple ? 3 : 1; break }
                    if s.b[j] == 10 && !triple { break }
                    j += (s.b[j] == 92 && c == 34) ? 2 : 1
                }
                j = min(j, s.n)
                s.emit(quote == 39 ? .s1 : .s2, from: start, to: j); s.i = j
                if j > le { return }
            } else if c == 35 {
                s.emit(.c1, from: start, to: le); s.i = le
            } else if isDigit(c) || ((c == 45 || c == 43) && isDigit(s.at(start + 1))) {
                var j = start + 1
                while j < le && (isIdent(s.b[j]) || s.b[j] == 45 || s.b[j] == 58 || s.b[j] == 46 || s.b[j] == 43) { j += 1 }
                let chunk = s.b[start..<j]
                let date = chunk.contains(58) || (chunk.count >= 8 && chunk.dropFirst().contains(45))
                s.emit(date ? .ld : chunk.contains(46) || chunk.contains(101) ? .mf : .mi, from: start, to: j); s.i = j
            } else if isIdentStart(c) {
                var e = s.identEnd(from: start)
                while e < le && (s.b[e] == 45 || s.b[e] == 46) { e = s.identEnd(from: e + 1) }
                if s.matches("true", at: start) || s.matches("false", at: start) { s.emit(.kc, from: start, to: e) }
                else if s.at(s.skipBlanks(from: e, newlines: false)) == 61 { s.emit(.n, from: start, to: e) }
                s.i = e
            } else {
                if c == 91 || c == 93 || c == 123 || c == 125 || c == 44 { s.emit(.p, from: start, to: start + 1) }
                if c == 61 { s.emit(.p, from: start, to: start + 1) }
                s.i += 1
            }
        }
    }
}
