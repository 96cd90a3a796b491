import Testing
import Liquid

// Jekyll's `include` (expectations from `jekyll build` with Jekyll 4.3.1 / Liquid 5.4.0 on the same files)
// and Liquid's `render` (from Ruby Liquid 5.4.0 with a LocalFileSystem).
@Suite struct IncludeTests {
    static let files: [String: String] = [
        "a.html": "A{{ x }}",
        "p.html": "{{ include.v }}-{{ include.w }}-{{ include.o }}",
        "inc.html": "{% assign leaked = \"L\" %}{% capture cap %}C{% endcapture %}",
        "outer.html": "{{ include.v }}({% include p.html v=\"inner\" %}){{ include.v }}",
        "n.html": "{% include bare.html %}",
        "bare.html": "[{{ include.v }}]",
        "setx.html": "x{% assign x = 5 %}",
        "loop.html": "{% for i in (1..2) %}{{ i }}{% endfor %}{{ include.n | plus: 1 }}",
        "sub/rel.html": "R{{ include.v }}",
        "self.html": "s{% include self.html %}",
        "ping.html": "{% include pong.html %}",
        "pong.html": "\n{% include ping.html %}",
        "bad.html": "ok\n{% if %}",
        "item": "P{{ v }}{{ x }}{{ item }}",
        "loop": "{{ forloop.index }}:{{ w }},",
        "set": "{% assign inner = 1 %}{% increment c %}",
    ]

    static let cases: [(String, String)] = [
        ("{% assign x = 1 %}{% include a.html %}", "A1"),
        ("{% assign x = 7 %}{% include p.html v=\"str\" w=x o='q' %}", "str-7-q"),
        ("{% assign nm = \"a\" %}{% include {{ nm }}.html %}", "A"),
        ("{% include inc.html %}{{ leaked }}{{ cap }}", "LC"),
        ("{% include p.html v=\"1\" %}[{{ include.v }}]", "1--[]"),
        ("{% include outer.html v=\"out\" %}", "out(inner--)out"),
        ("{% for i in arr %}{% include p.html v=i %};{% endfor %}", "1--;2--;3--;"),
        ("{% include n.html v=\"outer\" %}", "[outer]"),
        ("{% assign x = 1 %}{% include setx.html %}{{ x }}", "x5"),
        ("{% include loop.html n=2 %}", "123"),
        ("{% include p.html v=\"a \\\"q\\\" b\" w='it\\'s' %}", "a \"q\" b-it's-"),
        ("{% include_relative sub/rel.html v=\"r\" %}", "Rr"),
        ("{% assign h = \"x\" %}{% include p.html v=h.size w=page.nothing %}", "1--"),
        ("{% include    a.html    %}|{%- include p.html v=\"t\" -%}|", "A|t--|"),
        // Liquid's render: isolated scope, `with`/`for`/`as`.
        ("{% assign x = 1 %}{% render 'item', v: \"a\" %}", "Pa"),
        ("{% render 'item' with \"w\" %}|{% render 'item' with \"w\" as v %}", "Pw|Pw"),
        ("{% render 'loop' for arr as w %}", "1:1,2:2,3:3,"),
        ("{% render 'set' %}[{{ inner }}]{% increment c %}", "0[]0"),
        ("{% render 'item' for arr %}", "P1P2P3"),
    ]

    @Test(arguments: 0..<cases.count)
    func golden(_ i: Int) {
        let (source, expected) = Self.cases[i]
        var vars = Fixture.variables
        vars["x"] = nil
        #expect(Fixture.render(source, files: Self.files, variables: vars) == expected, "\(source)")
    }

    @Test func dependenciesListEveryIncludedFile() throws {
        let engine = Fixture.engine()
        let t = try engine.parse("{% include outer.html %}{% include a.html %}", file: "page.html")
        let r = try engine.render(t, variables: Fixture.variables, fileSystem: MemoryFileSystem(files: Self.files))
        #expect(r.dependencies == ["outer.html", "p.html", "a.html"])
    }

    @Test func selfIncludeIsAClearErrorNotACrash() throws {
        let engine = Fixture.engine(LiquidOptions(maxIncludeDepth: 50))
        let t = try engine.parse("top\n{% include self.html %}", file: "page.html")
        #expect {
            try engine.render(t, variables: LiquidHash(), fileSystem: MemoryFileSystem(files: Self.files))
        } throws: { error in
            guard let e = error as? LiquidError else { return false }
            return e.kind == .limit && e.file == "self.html" && e.message.contains("self.html")
                && e.includeChain.count == 50 && e.includeChain.first == LiquidLocation(file: "page.html", line: 2, column: 1)
                && (e.hint ?? "").contains("page.html:2:1")
        }
    }

    @Test func mutualRecursionNamesTheChain() throws {
        let engine = Fixture.engine()
        let t = try engine.parse("{% include ping.html %}", file: "page.html")
        do {
            _ = try engine.render(t, variables: LiquidHash(), fileSystem: MemoryFileSystem(files: Self.files))
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .limit)
            #expect(error.includeChain.count == 100)
            #expect(error.includeChain[1] == LiquidLocation(file: "ping.html", line: 1, column: 1))
            #expect(error.includeChain[2] == LiquidLocation(file: "pong.html", line: 2, column: 1))
        }
    }

    @Test func missingIncludeIsAnErrorAtTheTag() throws {
        let engine = Fixture.engine()
        let t = try engine.parse("a\n  {% include nope.html %}", file: "page.html")
        do {
            _ = try engine.render(t, variables: LiquidHash(), fileSystem: MemoryFileSystem(files: Self.files))
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("Could not locate the included file 'nope.html'"))
            #expect(error.location == LiquidLocation(file: "page.html", line: 2, column: 3))
        }
    }

    @Test func syntaxErrorInAnIncludeNamesTheIncludedFile() throws {
        let engine = Fixture.engine()
        let t = try engine.parse("{% include bad.html %}", file: "page.html")
        do {
            _ = try engine.render(t, variables: LiquidHash(), fileSystem: MemoryFileSystem(files: Self.files))
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.location == LiquidLocation(file: "bad.html", line: 2, column: 1))
        }
    }

    @Test func invalidIncludeNames() {
        #expect(Fixture.render("{% include ../secret.html %}", files: Self.files).contains("invalid characters"))
        #expect(Fixture.render("{% include a.html bad %}", files: Self.files).contains("Invalid syntax for include tag"))
    }

    @Test func includeInsideCaptureAndFilters() {
        #expect(Fixture.render("{% capture c %}{% include p.html v=s %}{% endcapture %}{{ c | upcase }}", files: Self.files) == "HELLO--")
    }
}
