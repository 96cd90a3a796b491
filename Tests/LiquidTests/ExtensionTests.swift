import Foundation
import Testing
import Liquid

/// A host object passed through registers, as Jekyll's `site`.
final class FakeSite: Sendable {
    let baseurl = "/blog"
}

// Custom tags, filters that evaluate expressions (where_exp), registers, and concurrent rendering.
@Suite struct ExtensionTests {
    static let tags: [String: LiquidTag] = [
        "link": LiquidTag { markup, _, context throws(LiquidError) in
            let path = try context.expandVariables(markup)
            let base = context.register("site", as: FakeSite.self)?.baseurl ?? ""
            return base + "/" + path
        },
        "shout": LiquidTag(body: .rendered) { markup, body, context throws(LiquidError) in
            "<\(markup)>" + (body ?? "").uppercased() + "@\(context.location.line):\(context.location.column)"
        },
        "verbatim": LiquidTag(body: .raw) { _, body, _ in "[\(body ?? "")]" },
        "value": LiquidTag { markup, _, context throws(LiquidError) in
            (try context.evaluate(markup)).liquidString + "/" + (context.variable("s")?.liquidString ?? "-")
        },
        "nag": LiquidTag { _, _, context in
            context.warn("nagging")
            return ""
        },
    ]

    static let whereExp: LiquidFilter = { input, args, _, context throws(LiquidError) in
        guard case .array(let items) = input, args.count == 2, case .string(let name) = args[0], case .string(let expr) = args[1] else {
            return input
        }
        var kept: [Value] = []
        for item in items where try context.evaluate(expr, binding: name, to: item).isTruthy { kept.append(item) }
        return .array(kept)
    }

    static let groupExp: LiquidFilter = { input, args, _, context throws(LiquidError) in
        guard case .array(let items) = input, case .string(let name) = args[0], case .string(let expr) = args[1] else { return input }
        return .array(try items.map { item throws(LiquidError) in try context.evaluate(expr, binding: name, to: item) })
    }

    func render(_ source: String) throws -> LiquidRenderResult {
        var filters = Fixture.filters
        filters["where_exp"] = Self.whereExp
        filters["map_exp"] = Self.groupExp
        let engine = LiquidEngine(filters: filters, tags: Self.tags)
        let t = try engine.parse(source, file: "page.html")
        return try engine.render(t, variables: Fixture.variables, registers: ["site": FakeSite()])
    }

    @Test func simpleTagWithVariablesInMarkup() throws {
        #expect(try render("{% link {{ s }}/index.html %}").output == "/blog/hello/index.html")
        #expect(try render("{% value s | upcase %}").output == "HELLO/hello")
    }

    @Test func blockTagsGetTheirBodyRenderedOrRaw() throws {
        #expect(try render("x\n {% shout big %}a{{ s }}{% endshout %}").output == "x\n <big>AHELLO@2:2")
        #expect(try render("{% verbatim %}{{ s }}{% if %}{% endverbatim %}").output == "[{{ s }}{% if %}]")
        #expect(throws: LiquidError.self) { try render("{% shout %}never closed") }
    }

    @Test func tagWarningsAreLocated() throws {
        let r = try render("\n  {% nag %}")
        #expect(r.warnings.map(\.location) == [LiquidLocation(file: "page.html", line: 2, column: 3)])
    }

    @Test func filtersEvaluateConditionsAndExpressions() throws {
        #expect(try render("{% assign p = posts | where_exp: \"post\", \"post.tags contains 'y'\" %}{{ p | size }}").output == "2")
        #expect(try render("{{ posts | where_exp: \"post\", \"post.title == 'Two' or post.title == 'One'\" | size }}").output == "2")
        #expect(try render("{{ posts | where_exp: \"post\", \"post.tags.size > x\" | size }}").output == "1")
        #expect(try render("{{ posts | map_exp: \"p\", \"p.title | upcase\" | join: \",\" }}").output == "ONE,TWO,THREE")
        // The binding does not leak out.
        #expect(try render("{{ posts | where_exp: \"post\", \"post\" | size }}[{{ post }}]").output == "3[]")
    }

    @Test func templatesRenderConcurrently() async throws {
        let engine = Fixture.engine()
        let t = try engine.parse("{% for p in posts %}{% assign n = forloop.index %}{{ p.title }}{{ n }}{% increment c %}{% endfor %}", file: "p")
        let expected = "One10Two21Three32"
        let outputs = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<32 {
                group.addTask { try engine.render(t, variables: Fixture.variables).output }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outputs.count == 32 && outputs.allSatisfy { $0 == expected })
    }

    @Test func customTagsMayOverrideBuiltins() throws {
        let engine = LiquidEngine(tags: ["include": LiquidTag { markup, _, _ in "custom(\(markup))" }])
        let t = try engine.parse("{% include x.html a=1 %}", file: "p")
        #expect(try engine.render(t, variables: LiquidHash()).output == "custom(x.html a=1)")
    }
}
