import Testing
import Liquid

// Syntax and render errors: located at file:line:column, with Ruby Liquid 5.4.0's messages and our hints.
@Suite struct ErrorTests {
    func parseError(_ source: String, options: LiquidOptions = .init()) -> LiquidError? {
        do {
            _ = try Fixture.engine(options).parse(source, file: "page.html")
            return nil
        } catch {
            return error
        }
    }

    @Test func unclosedIf() throws {
        let e = try #require(parseError("line1\n  {% if x %}\nbody"))
        #expect(e.kind == .syntax)
        #expect(e.message == "'if' tag was never closed")
        #expect(e.location == LiquidLocation(file: "page.html", line: 2, column: 3))
        #expect(e.hint == "add `{% endif %}`")
    }

    @Test func typoInEndTagSuggestsTheRightOne() throws {
        let e = try #require(parseError("{% if x %}\n{% endfi %}"))
        #expect(e.message == "'endfi' is not a valid delimiter for if tags. use endif")
        #expect(e.line == 2 && e.column == 1)
        #expect(e.hint?.contains("did you mean `endif`?") == true)
        let top = try #require(parseError("a {% endfi %}"))
        #expect(top.message == "Unknown tag 'endfi'")
        #expect(top.hint == "did you mean `endif`?")
    }

    @Test func endTagOfAnOuterBlockNamesBothBlocks() throws {
        let e = try #require(parseError("{% for i in arr %}\n\n  {% if x %}\n{% endfor %}"))
        #expect(e.message == "'endfor' is not a valid delimiter for if tags. use endif")
        #expect(e.location == LiquidLocation(file: "page.html", line: 4, column: 1))
        #expect(e.hint?.contains("`{% endfor %}` closes `for` opened at line 1") == true)
        #expect(e.hint?.contains("`if` opened at line 3 is still open") == true)
    }

    @Test func unknownTagIsNamed() throws {
        let e = try #require(parseError("ok {% incldue a.html %}"))
        #expect(e.message == "Unknown tag 'incldue'")
        #expect(e.hint == "did you mean `include`?")
        #expect(e.column == 4)
    }

    @Test func unterminatedTagsAndVariables() throws {
        #expect(parseError("{{ x }")?.message == "Variable '{{ x }' was not properly terminated with regexp: /\\}\\}/")
        #expect(parseError("é {% if x")?.message == "Tag '{%' was not properly terminated with regexp: /\\%\\}/")
        #expect(parseError("é {% if x")?.column == 3)
        #expect(parseError("a\n{% else %}")?.message == "Unexpected outer 'else' tag")
        #expect(parseError("{% comment %}")?.message == "'comment' tag was never closed")
        #expect(parseError("{% for %}{% endfor %}")?.message == "Syntax Error in 'for loop' - Valid syntax: for [item] in [collection]")
        #expect(parseError("{% cycle %}")?.message.hasPrefix("Syntax Error in 'cycle'") == true)
        #expect(parseError("{% assign %}")?.message == "Syntax Error in 'assign' - Valid syntax: assign [var] = [source]")
        #expect(parseError("{% raw %}abc")?.message == "'raw' tag was never closed")
        #expect(parseError("{% for i in arr %}{% else %}{% else %}{% endfor %}") != nil)
        #expect(parseError("{% # ok\n   # fine %}") == nil)
        #expect(parseError("{% # ok\n  not %}") != nil)
    }

    @Test func liquidTagLinesHaveTheirOwnLineNumbers() throws {
        let e = try #require(parseError("x\n{% liquid\n  assign a = 1\n  bogus thing\n%}"))
        #expect(e.message == "Unknown tag 'bogus'")
        #expect(e.line == 4)
    }

    @Test func nestingTooDeepIsAnErrorNotAStackOverflow() throws {
        let deep = String(repeating: "{% if t %}", count: 5000) + String(repeating: "{% endif %}", count: 5000)
        #expect(parseError(deep)?.message == "Nesting too deep")
    }

    @Test func warnModeKeepsAWarningAndRendersLax() throws {
        let engine = Fixture.engine()
        let t = try engine.parse("a\n{{ s | upcase | }}", file: "page.html")
        #expect(t.warnings.count == 1)
        #expect(t.warnings[0].location == LiquidLocation(file: "page.html", line: 2, column: 1))
        #expect(t.warnings[0].message.contains("Expected id but found end_of_string"))
        #expect(try engine.render(t, variables: Fixture.variables).output == "a\nHELLO")
        #expect(try engine.parse("{{ s | upcase }}{% if a == b %}{% endif %}", file: "x").warnings.isEmpty)
    }

    @Test func strictModeMakesThemErrorsAndLaxModeIsSilent() throws {
        let e = try #require(parseError("{{ s | upcase | }}", options: LiquidOptions(errorMode: .strict)))
        #expect(e.kind == .syntax && e.message.hasPrefix("Expected id but found end_of_string"))
        let lax = try Fixture.engine(LiquidOptions(errorMode: .lax)).parse("{{ s | upcase | }}", file: "x")
        #expect(lax.warnings.isEmpty)
        #expect(parseError("{% if x == %}{% endif %}", options: LiquidOptions(errorMode: .strict)) != nil)
    }

    @Test func renderErrorsAreLocated() throws {
        let engine = Fixture.engine()
        func renderError(_ s: String) throws -> LiquidError? {
            let t = try engine.parse(s, file: "page.html")
            do { _ = try engine.render(t, variables: Fixture.variables); return nil } catch { return error }
        }
        let cmp = try #require(try renderError("\n\n   {% if 1 < \"a\" %}{% endif %}"))
        #expect(cmp.message == "comparison of Integer with String failed")
        #expect(cmp.location == LiquidLocation(file: "page.html", line: 3, column: 4))
        let filter = try #require(try renderError("ok\n {{ s | fail }}"))
        #expect(filter.message == "boom" && filter.line == 2 && filter.column == 2)
        #expect(try renderError("{% if x = 1 %}{% endif %}")?.message == "Unknown operator =")
        #expect(try renderError("{% for i in arr limit: \"x\" %}{% endfor %}")?.message == "invalid integer")
        #expect(try renderError("{% for i in (1..f) %}{% endfor %}")?.message == "invalid integer")
        #expect(String(describing: cmp).hasPrefix("page.html:3:4: Liquid error: comparison"))
    }

    @Test func strictVariablesWarnWithSuggestions() throws {
        let engine = Fixture.engine(LiquidOptions(strictVariables: true))
        let t = try engine.parse("{{ pots }}\n{{ posts.first.titel }}{{ s }}{% for i in arr %}{{ pots }}{% endfor %}", file: "page.html")
        let r = try engine.render(t, variables: Fixture.variables)
        #expect(r.output == "\nhello")
        #expect(r.warnings.count == 3)
        #expect(r.warnings[0].message == "undefined variable pots")
        #expect(r.warnings[0].hint == "did you mean `posts`?")
        #expect(r.warnings[1].message == "undefined variable titel")
        #expect(r.warnings[1].hint == "did you mean `title`?")
        #expect(r.warnings[1].location == LiquidLocation(file: "page.html", line: 2, column: 1))
        // Without the option: silent.
        #expect(try Fixture.engine().render(t, variables: Fixture.variables).warnings.isEmpty)
    }

    @Test func strictFiltersWarn() throws {
        let engine = Fixture.engine(LiquidOptions(strictFilters: true))
        let r = try engine.render(try engine.parse("{{ s | upcsae }}", file: "p"), variables: Fixture.variables)
        #expect(r.output == "hello")
        #expect(r.warnings.first?.message == "undefined filter upcsae")
        #expect(r.warnings.first?.hint == "did you mean `upcase`?")
    }

    @Test func runawayLoopsHitTheLimit() throws {
        let engine = Fixture.engine(LiquidOptions(maxLoopIterations: 10_000))
        let t = try engine.parse("{% for i in (1..1000000) %}{% for j in (1..1000000) %}x{% endfor %}{% endfor %}", file: "p")
        #expect(throws: LiquidError.self) { try engine.render(t, variables: LiquidHash()) }
        let big = Fixture.engine(LiquidOptions(maxOutputBytes: 1000))
        let t2 = try big.parse("{% for i in (1..100000) %}xxxxxxxxxx{% endfor %}", file: "p")
        do { _ = try big.render(t2, variables: LiquidHash()); Issue.record("no error") } catch { #expect(error.kind == .limit) }
    }
}
