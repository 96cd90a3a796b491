import Foundation
import Testing
@testable import Liquid

/// A filter context without an engine: the site's zone, Jekyll's URL settings, and an evaluator given as a
/// closure (for where_exp/find_exp/group_by_exp).
struct TestFilterContext: LiquidFilterContext {
    var options: LiquidOptions
    var urls = JekyllURLSettings(url: "https://ex.org", baseurl: "/b")
    var evaluator: @Sendable (String, String, Value) -> Value = { _, _, _ in .null }
    let warnings = WarningBox()

    init(zone: String = "UTC") {
        options = LiquidOptions(timeZone: TimeZone(identifier: zone)!)
    }

    func register<T>(_ key: String, as: T.Type) -> T? { key == "jekyll.urls" ? urls as? T : nil }
    func evaluate(_ expression: String, binding name: String, to value: Value) throws(LiquidError) -> Value {
        evaluator(expression, name, value)
    }
    func warn(_ message: String) { warnings.messages.append(message) }
}

final class WarningBox: @unchecked Sendable { var messages: [String] = [] }

/// One oracle case: filter name, input, arguments, and what Ruby printed for `result.inspect`.
struct FilterCase: Sendable, CustomStringConvertible {
    var filter: String
    var input: Value
    var args: [Value]
    var expected: String
    var keywords: [(String, Value)] = []
    var zone = "UTC"

    init(_ filter: String, _ input: Value, _ args: [Value], _ expected: String,
         keywords: [(String, Value)] = [], zone: String = "UTC") {
        self.filter = filter
        self.input = input
        self.args = args
        self.expected = expected
        self.keywords = keywords
        self.zone = zone
    }

    var description: String { "\(filter)(\(FilterJSON.inspect(input)), \(args.map(FilterJSON.inspect)))" }

    func run(jekyll: Bool) -> String {
        let table = jekyll ? StandardFilters.all.merging(JekyllFilters.pure) { _, j in j } : StandardFilters.all
        guard let f = table[filter] else { return "no filter \(filter)" }
        do {
            return FilterJSON.inspect(try f(input, args, LiquidHash(keywords), TestFilterContext(zone: zone)))
        } catch {
            return "ERROR: " + error.message
        }
    }
}

func apply(_ name: String, _ input: Value, _ args: Value..., jekyll: Bool = true,
           context: TestFilterContext = TestFilterContext()) throws(LiquidError) -> Value {
    let table = jekyll ? StandardFilters.all.merging(JekyllFilters.pure) { _, j in j } : StandardFilters.all
    return try table[name]!(input, args, LiquidHash(), context)
}

@Suite struct FilterSupportTests {
    @Test func rubyIntegerParsing() {
        // Ruby: Integer("010") == 8, Integer(" 0x1f ") == 31, Integer("1_0") == 10, Integer("1__0") raises.
        #expect(FilterSupport.rubyInteger("010") == 8)
        #expect(FilterSupport.rubyInteger(" 0x1f ") == 31)
        #expect(FilterSupport.rubyInteger("1_0") == 10)
        #expect(FilterSupport.rubyInteger("1__0") == nil)
        #expect(FilterSupport.rubyInteger("") == nil)
        #expect(FilterSupport.rubyInteger("-0b11") == -3)
        #expect(FilterSupport.rubyInteger("08") == nil)
        #expect(FilterSupport.rubyInteger("0") == 0)
        #expect(FilterSupport.rubyInteger("\n5\n") == 5)
    }

    @Test func arityErrorsReadLikeRuby() {
        #expect(throws: LiquidError.self) { try apply("append", "a") }
        do { _ = try apply("append", "a"); Issue.record("no error") } catch {
            #expect(error.message == "wrong number of arguments (given 1, expected 2)")
        }
        do { _ = try apply("slice", "a"); Issue.record("no error") } catch {
            #expect(error.message == "wrong number of arguments (given 1, expected 2..3)")
        }
    }

    @Test func expressionFiltersUseTheContext() throws {
        var ctx = TestFilterContext()
        ctx.evaluator = { expr, name, value in
            // stands for `item.n > 1`
            if case .hash(let h) = value, case .int(let n) = h["n"] ?? .null { return .bool(n > 1) }
            return .null
        }
        let items: Value = [["n": 1], ["n": 2], ["n": 3]]
        let selected = try apply("where_exp", items, "item", "item.n > 1", context: ctx)
        #expect(FilterJSON.inspect(selected) == #"[{"n"=>2}, {"n"=>3}]"#)
        let found = try apply("find_exp", items, "item", "item.n > 1", context: ctx)
        #expect(FilterJSON.inspect(found) == #"{"n"=>2}"#)
        let groups = try apply("group_by_exp", items, "item", "item.n > 1", context: ctx)
        #expect(FilterJSON.inspect(groups) == #"[{"name"=>false, "items"=>[{"n"=>1}], "size"=>1}, {"name"=>true, "items"=>[{"n"=>2}, {"n"=>3}], "size"=>2}]"#)
        #expect(FilterJSON.inspect(try apply("where_exp", "str", "item", "x", context: ctx)) == #""str""#)
    }

    @Test func slugifyWarnsOnEmptySlug() throws {
        let ctx = TestFilterContext()
        #expect(try apply("slugify", "!!!", context: ctx).liquidString == "")
        #expect(ctx.warnings.messages == ["Empty `slug` generated for '!!!'."])
    }

    @Test func everyFilterIsRegistered() {
        let standard = ["abs", "append", "at_least", "at_most", "capitalize", "ceil", "compact", "concat", "date", "default",
                        "divided_by", "downcase", "escape", "escape_once", "first", "floor", "join", "last", "lstrip", "map",
                        "minus", "modulo", "newline_to_br", "plus", "prepend", "remove", "remove_first", "remove_last",
                        "replace", "replace_first", "replace_last", "reverse", "round", "rstrip", "size", "slice", "sort",
                        "sort_natural", "split", "strip", "strip_html", "strip_newlines", "sum", "times", "truncate",
                        "truncatewords", "uniq", "upcase", "url_decode", "url_encode", "where", "base64_encode",
                        "base64_decode", "base64_url_safe_encode", "base64_url_safe_decode", "h"]
        for name in standard { #expect(StandardFilters.all[name] != nil, "\(name)") }
        let jekyll = ["date_to_xmlschema", "date_to_rfc822", "date_to_string", "date_to_long_string", "where", "where_exp",
                      "find", "find_exp", "group_by", "group_by_exp", "sort", "pop", "push", "shift", "unshift", "sample",
                      "jsonify", "inspect", "slugify", "xml_escape", "cgi_escape", "uri_escape", "number_of_words",
                      "array_to_sentence_string", "normalize_whitespace", "to_integer", "relative_url", "absolute_url",
                      "strip_index"]
        for name in jekyll { #expect(JekyllFilters.pure[name] != nil, "\(name)") }
    }
}
