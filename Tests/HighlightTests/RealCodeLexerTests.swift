import Testing
@testable import Highlight

/// Token rules found wanting on real code (SnippetAgreementBenchmark), each pinned on code shaped like what we read.
@Suite struct RealCodeLexerTests {
    func cls(_ code: String, _ lang: String, _ needle: String, occurrence: Int = 0) -> String {
        HardCaseTests().cls(code, lang, needle, occurrence: occurrence)
    }

    @Test func rustTypePositionsMacrosAndAttributes() {
        let code = """
        #[cfg(feature = "std")]
        impl fmt::Debug for Timestamp {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> impl Display + 'static {
                tokio::select! { _ = rx => {} }
                println!("{}\\n", &buf[..end]);
                let b = b'x';
            }
        }
        trait Foo: Default {}
        mod inner;
        """
        #expect(cls(code, "rust", "#[cfg(") == "cp")
        #expect(cls(code, "rust", "\"std\"") == "s")
        #expect(cls(code, "rust", "fmt::Debug") == "n")            // `impl X` names no new type
        #expect(cls(code, "rust", "&self") == "o")                 // a borrow outside a type position
        #expect(cls(code, "rust", "&mut") == "kp")                 // … and inside one
        #expect(cls(code, "rust", "mut fmt") == "nc")              // Pygments takes the type position's first word as the type
        #expect(cls(code, "rust", "_>") == "nb")
        #expect(cls(code, "rust", "static {") == "nb")
        #expect(cls(code, "rust", "select!") == "n")
        #expect(cls(code, "rust", "! {") == "o")
        #expect(cls(code, "rust", "println!") == "fm")
        #expect(cls(code, "rust", "\\n") == "se")
        #expect(cls(code, "rust", "..end") == "o")
        #expect(cls(code, "rust", "b'x'") == "sc")
        #expect(cls(code, "rust", "Foo") == "n")
        #expect(cls(code, "rust", "Default") == "nb")
        #expect(cls(code, "rust", "inner") == "nn")
    }

    @Test func rubyBuiltinsConstantsAndLiterals() {
        let code = """
        def self.build(name = nil)
          raise ArgumentError, "bad" unless name.is_a?(String)
          @keywords ||= super + Set.new(%w(alpha beta))
          $stderr.puts "x" if $?.success?
          pattern = /ab+c/i
          ok ? 1 : 0
          self.class.name
        end
        def value=(v)
          (0...32).each { |i| puts i }
        end
        rescue LoadError
        """
        #expect(cls(code, "ruby", "self.build") == "nc")
        #expect(cls(code, "ruby", "build") == "nf")
        #expect(cls(code, "ruby", "nil") == "kp")
        #expect(cls(code, "ruby", "raise") == "k")
        #expect(cls(code, "ruby", "ArgumentError") == "no")
        #expect(cls(code, "ruby", "super") == "k")
        #expect(cls(code, "ruby", "new(") == "n")                  // after `.`, a plain name
        #expect(cls(code, "ruby", "%w(alpha") == "sx")
        #expect(cls(code, "ruby", "beta))") == "sx")
        #expect(cls(code, "ruby", "$stderr") == "vg")
        #expect(cls(code, "ruby", "$?") == "vg")
        #expect(cls(code, "ruby", "/ab+c/i") == "sr")
        #expect(cls(code, "ruby", "? 1") == "p")
        #expect(cls(code, "ruby", ": 0") == "p")
        #expect(cls(code, "ruby", "self.class") == "nb")
        #expect(cls(code, "ruby", "class.name") == "n")
        #expect(cls(code, "ruby", "value=") == "nf")
        #expect(cls(code, "ruby", "=(v)") == "nf")
        #expect(cls(code, "ruby", "32") == "mi")                   // `...32` is a range, not `.32`
        #expect(cls(code, "ruby", "LoadError") == "no")
    }

    @Test func typescriptColonTypesAndDecorators() {
        let code = """
        @Component({ selector: 'app' })
        export class A {
          private kernel: Kernel.IKernelConnection;
          run(x?: number) {
            await page.waitFor({ state: 'visible', timeout: 3000, exact: true });
            return parseFloat(x) / 2;
          }
        }
        """
        #expect(cls(code, "typescript", "@Component") == "kd")
        #expect(cls(code, "typescript", "kernel") == "nx")
        #expect(cls(code, "typescript", "Kernel.") == "kt")
        #expect(cls(code, "typescript", "IKernelConnection") == "kt")
        #expect(cls(code, "typescript", "x?") == "nx")
        #expect(cls(code, "typescript", "number") == "kt")
        #expect(cls(code, "typescript", "'visible'") == "s1")     // a string after `:` is still a string
        #expect(cls(code, "typescript", "3000") == "kt")           // Pygments reads `key: value` as a type annotation
        #expect(cls(code, "typescript", "true }") == "kt")
        #expect(cls(code, "typescript", "parseFloat") == "nb")
        #expect(cls("const n = parseInt(s) + Reflect.ownKeys(o).length;", "javascript", "parseInt") == "nb")
        #expect(cls("throw new URIError(m);", "javascript", "URIError") == "ne")
    }

    @Test func pythonDocstringsAndFormatFields() {
        let code = """
        def get(self, request):
            r\"\"\"Gets one operation.\"\"\"
            path = '{projectsId}/ops/{opId!r:>10}'
            text = f'{x}'
            call(
                '''inline''')
            y = \"\"\"not a docstring\"\"\"
        \"\"\"
        unclosed
        """
        #expect(cls(code, "python", "r\"\"\"") == "sa")
        #expect(cls(code, "python", "\"\"\"Gets") == "sd")
        #expect(cls(code, "python", "{projectsId}") == "si")
        #expect(cls(code, "python", "/ops/") == "s1")
        #expect(cls(code, "python", "{opId!r:>10}") == "si")
        #expect(cls(code, "python", "'''inline'''") == "sd")      // a triple-quoted string starting its line
        #expect(cls(code, "python", "\"\"\"not") == "s2")
        #expect(cls(code, "python", "unclosed") == "s2")           // no closing quotes: not a docstring
        #expect(cls("ATOM = \"{http://www.w3.org/2005/Atom}\"", "python", "{http") == "s2")   // not a format spec
        #expect(cls("s = '{0:>10.2f}'", "python", "{0") == "si")
    }

    @Test func goBuiltinsOnlyWhenCalled() {
        let code = "k.Ident = uint32(fd)\nvar n uint32\nmax := len(xs)\ng |= g << 8\nfor i := 0; i < n; i++ {}\n"
        #expect(cls(code, "go", "uint32(") == "nb")
        #expect(cls(code, "go", "uint32\n") == "kt")
        #expect(cls(code, "go", "max") == "nx")
        #expect(cls(code, "go", "len") == "nb")
        #expect(cls(code, "go", "|=") == "o")
        #expect(cls(code, "go", "<<") == "o")
        #expect(cls(code, "go", "< n") == "p")
    }

    @Test func shellControlWordsAndEscapes() {
        let code = "check() {\n  if [ -z \"$1\" ]; then\n    return 1\n  fi\n  sed -n \\\n    -e 's/a/b/' file\n  true\n}\n"
        #expect(cls(code, "bash", "return") == "k")
        #expect(cls(code, "bash", "\\\n") == "se")
        #expect(cls(code, "bash", "true") == "nb")
        #expect(cls(code, "bash", "sed") == "")
    }

    @Test func csharpLineFunctionsAttributesAndKeywords() {
        let code = "    [DebuggerHidden]\n    public NewReference(BorrowedReference reference, bool canBeNull = false)\n    {\n        var d = Make(x);\n        if (value == null) return;\n    }\n"
        #expect(cls(code, "csharp", "[DebuggerHidden]") == "na")
        #expect(cls(code, "csharp", "NewReference") == "nf")
        #expect(cls(code, "csharp", "false") == "k")
        #expect(cls(code, "csharp", "var") == "kt")
        #expect(cls(code, "csharp", "Make") == "n")                // not a line of words only
        #expect(cls(code, "csharp", "value") == "k")
        #expect(cls(code, "csharp", "null") == "k")
    }

    @Test func phpAttributesAndRawSingleQuotes() {
        let code = "$this->size = sprintf('%0.0F\\n', $val) . Foo::BAR . $x.y;\n"
        #expect(cls(code, "php", "size") == "na")
        #expect(cls(code, "php", "BAR") == "na")
        #expect(cls(code, "php", "\\n") == "s1")                // no escapes in single quotes
        #expect(cls(code, "php", "y;") != "na")                    // `.` concatenates
    }

    @Test func membersAreGluedToTheirDot() {
        let code = "list.size();\n/* Licensed under the License.\n   See NOTICE */\nfoo\n    .bar();\n"
        #expect(cls(code, "java", "size") == "na")
        #expect(cls(code, "java", "bar") == "na")
        #expect(cls("x = 1. See y", "java", "See") == "n")
        #expect(cls("package scala.tools.nsc\nclass A { this.x; super.y }\n", "scala", "scala.") == "nn")
        #expect(cls("package scala.tools.nsc\nclass A { this.x; super.y }\n", "scala", "this") == "bp")
    }

    @Test func groovyKeywordsImportsLabelsAndMethods() {
        let code = "import org.codehaus.groovy.runtime.MethodClosure\n\nvoid testTree() {\n    def m = [a: 1]\n    void notAMethod() {}\n}\n"
        #expect(cls(code, "groovy", "import") == "kn")
        #expect(cls(code, "groovy", "org.codehaus") == "nn")
        #expect(cls(code, "groovy", "MethodClosure") == "nn")
        #expect(cls(code, "groovy", "void") == "kt")
        #expect(cls(code, "groovy", "testTree") == "nf")           // after an empty line: Pygments' method rule
        #expect(cls(code, "groovy", "notAMethod") == "n")          // indented, no empty line before
        #expect(cls(code, "groovy", "a:") == "nl")
        #expect(cls("f(a, b); x ? y : z", "groovy", ",") == "o")
        #expect(cls("f(a, b); x ? y : z", "groovy", ";") == "o")
    }

    @Test func swiftPunctuationAndStandardNames() {
        let code = "yaml_parser_set_input_string(&parser, buf.count)\nlet node = try! Node(x)\nlet arr = UnsafeBufferPointer(start: p, count: n)\nguard ok else { fatalError(\"no\") }\nlet t = T.Type.self\nif a && b, c != d { f(args...) }\n"
        #expect(cls(code, "swift", "&parser") == "p")
        #expect(cls(code, "swift", "! Node") == "p")
        #expect(cls(code, "swift", "UnsafeBufferPointer") == "nb")
        #expect(cls(code, "swift", "fatalError") == "bp")
        #expect(cls(code, "swift", "Type") == "kr")
        #expect(cls(code, "swift", "&&") == "o")
        #expect(cls(code, "swift", "!=") == "o")
        #expect(cls(code, "swift", "...") == "p")
    }

    @Test func kotlinKeywordsAndValueAsAName() {
        let code = "override fun put(key: String, value: String?) {\n    if (value != null) super.put(key, this.value)\n}\nfun f(vararg xs: Int) {}\n"
        #expect(cls(code, "kotlin", "value:") == "n")
        #expect(cls(code, "kotlin", "value !=") == "n")
        #expect(cls(code, "kotlin", "super") == "k")
        #expect(cls(code, "kotlin", "this") == "k")
        #expect(cls(code, "kotlin", "vararg") == "k")
        #expect(cls(code, "kotlin", "override") == "kd")
    }
}
