import Testing
@testable import Highlight

/// Unlabelled fences as real blogs have them (shapes taken from Benchmarks/highlight/blog_fences.jsonl): what a
/// tool printed stays plain or becomes `console`/`diff`, short fences are labelled only with the post's
/// context, and the site's fallback language never labels a block detection is unsure of. Each case checks the
/// class the HTML gets, as a reader's stylesheet sees it.
@Suite struct ContextDetectionTests {
    let h = Highlighter()

    func label(_ code: String, _ context: DetectionContext? = nil, fallback: String? = nil) -> String {
        let policy: UnlabeledPolicy = fallback.map { .fallback($0) } ?? .auto
        let block = h.highlight(code, language: nil, options: HighlightOptions(unlabeled: policy, context: context))
        #expect(block.html.hasPrefix("<div class=\"language-\(block.language) highlighter-rouge\""))
        return block.language
    }

    @Test func consoleSessions() {
        #expect(label("$ javac *.java\n\n$ javap -c *.class\nclass Not {\n  static void print(int);\n    Code:\n       0: getstatic     #2\n") == "console")
        #expect(label("% xcrun clang -c Foo.m\n% xcrun clang -c helloworld.m\n") == "console")
        #expect(label("~ % lsof -p 17990\nCOMMAND   PID  USER   FD     TYPE\nPython  17990 simon  cwd      DIR\n") == "console")
        #expect(label("rust:~/hello$ ldd target/debug/hello\n        linux-vdso.so.1 =>  (0x00007ffe5e979000)\n") == "console")
        // An expression is not a prompt.
        #expect(label("let even = x % 2 == 0\nlet odd = !even\nprint(odd)\n") != "console")
    }

    @Test func diagnosticsTracesAndDebuggersStayPlain() {
        let cases = [
            "Sources/App/main.swift:3:5: error: cannot find 'foo' in scope\n    foo()\n    ^~~\n",
            "PaymentPresenter.kt:189:43: error: type mismatch: inferred type is PaymentId but CustomerId was expected\n  val bySender = queries.paymentsBySender(payment.id).executeAsList()\n                                          ^\n",
            "error[E0277]: arrays only have std trait implementations for lengths 0..=32\n --> src/main.rs:4:22\n  |\n4 |     println!(\"{:?}\", xs);\n  |                      ^^ the trait is not implemented\n",
            "error: cannot borrow `vec` as mutable because it is also borrowed as immutable\npush_all(&vec, &mut vec);\n                    ^~~\n",
            "Exception in thread \"main\" java.lang.NullPointerException\n\tat com.example.Main.run(Main.java:12)\n\tat com.example.Main.main(Main.java:5)\n",
            "(lldb) p/t 16\n0b00000000000000000000000000010000\n(lldb) p/t (char)16\n0b00010000\n",
            "0000: new-instance v0, Ljava/lang/StringBuilder; // type@0003\n0002: invoke-direct {v0}, Ljava/lang/StringBuilder;.<init>:()V\n0005: const-string v1, \"A: \"\n",
            "GET /about.html HTTP/1.1\nHost: www.objc.io\nAccept-Encoding: gzip, deflate\nConnection: keep-alive\n",
            ".\n├── build.gradle\n└── src\n    └── main\n        └── AndroidManifest.xml\n",
            "README.md\ncosmopolitan/ecosystem.md\ngithub/django-postgresql-codespaces.md\njq/combined-github-release-notes.md\n",
            "-keep class Employee { *; }\n-keep class EmployeeRepository { *; }\n-dontobfuscate\n",
            "    assert _has_explicit_asyncio_mark(fixturedef.func)\nE   AssertionError: assert False\nE    +  where False = f(<function x at 0x11332d2d0>)\n",
        ]
        for code in cases {
            #expect(label(code) == "plaintext", "\(code)")
            // Context does not turn output into code either.
            #expect(label(code, DetectionContext(postLanguages: ["swift", "kotlin", "rust"])) == "plaintext", "\(code)")
        }
    }

    @Test func diffs() {
        #expect(label("   public static void main(String... args) {\n-    sayHi(s -> System.out.println(s));\n+    sayHi(System.out::println);\n   }\n") == "diff")
        #expect(label(" // In a module somewhere…\n+@Binds\n+abstract fun factory(\n+  factory: Presenter.Factory,\n+): Presenter\n") == "diff")
        // Objective-C method lists and Markdown lists are not patches.
        #expect(label("-initWithFormat:locale:\n-initWithFormat:locale:arguments:\n+localizedStringWithFormat:\n") != "diff")
        #expect(label("- one\n- two\n- three\n") != "diff")
    }

    @Test func shortFencesNeedContext() {
        let line = "val items = listOf(1, 2, 3)\n"
        #expect(label(line) == "plaintext")
        #expect(label(line, DetectionContext(postLanguages: ["kotlin"])) == "kotlin")
        #expect(label(line, DetectionContext(title: "Kotlin collections", tags: ["android"])) == "kotlin")
        #expect(label(line, DetectionContext(prose: "The same in Kotlin:")) == "kotlin")
        // The site's mix alone is not enough for a line.
        #expect(label(line, DetectionContext(siteLanguages: ["kotlin": 200])) == "plaintext")
        // Context never labels what the code does not support: a sentence stays plain in a Kotlin post.
        #expect(label("Street Address\nCity State ZIP\nCountry\n", DetectionContext(postLanguages: ["kotlin"])) == "plaintext")
    }

    @Test func fallbackIsOnlyAPrior() {
        // Output and prose stay plain whatever the site's default language.
        for code in ["(lldb) finish\n", "2026-01-02 10:00:01 INFO started\n2026-01-02 10:00:02 WARN slow\n",
                     "The build got twice as fast once the lexer wrote tokens through a pointer.\nNothing else changed.\n",
                     "-NSDoubleLocalizedStrings YES\n", "Postal Code\nPrefecture Municipality\nStreet Address\nCountry\n"] {
            #expect(label(code, fallback: "swift") == "plaintext", "\(code)")
        }
        // A block the code says is something else keeps that.
        let kotlin = "data class Item(val id: Long, val title: String)\n\nfun main() {\n    val items = listOf(Item(1, \"a\"))\n    println(items.map { it.title })\n}\n"
        #expect(label(kotlin, fallback: "swift") == "kotlin")
        // What detection is unsure of without the fallback is never labelled with it unless it was one of two close guesses.
        for code in ["x = 1\ny = 2\nz = x + y\nw = z * 2\n", "foo(bar)\nbaz(qux)\nquux(corge)\ngrault(garply)\n"] {
            let plain = label(code)
            let hinted = label(code, fallback: "swift")
            #expect(hinted == plain || (plain == "plaintext" && Fusion.between("swift", Model.probabilities(Detector.splitLines(code).lines, raws: Detector.splitLines(code).raws, hand: Scorer.effectiveScores(Detector.splitLines(code).lines, raw: Detector.splitLines(code).raws))) == "swift"))
        }
    }

    @Test func authorsLabelIsTheClass() {
        let block = h.highlight("NSLog(@\"hi\");\n", language: "objc", options: HighlightOptions(context: DetectionContext(postLanguages: ["swift"])))
        #expect(block.html.hasPrefix("<div class=\"language-objc highlighter-rouge\" data-lang=\"objective-c\""))
    }

    @Test func contextChoosesBetweenCloseLanguages() {
        // Kotlin that reads like Scala: a site that labels Kotlin and never Scala.
        let code = "override fun onCreate(savedInstanceState: Bundle) {\n  super.onCreate(savedInstanceState)\n\n  val binding = ProfileViewBinding.inflate(layoutInflater)\n  setContentView(binding.root)\n}\n"
        #expect(label(code, DetectionContext(siteLanguages: ["kotlin": 107, "java": 144, "diff": 91])) == "kotlin")
        // Lower-case SQL laid out a keyword to a line.
        #expect(label("select\n  name,\n  count(*)\nfrom\n  posts\ngroup by\n  name\n") == "sql")
    }
}
