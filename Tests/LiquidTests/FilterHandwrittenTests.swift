import Foundation
import Testing
@testable import Liquid

final class TestDrop: LiquidDrop, @unchecked Sendable {
    let pairs: LiquidHash
    init(_ pairs: LiquidHash) { self.pairs = pairs }
    func value(forKey key: String) -> Value? { pairs[key] }
    var keys: [String] { pairs.keys }
}

/// Cases the oracles cannot give directly.
@Suite struct FilterHandwrittenTests {
    // `sum` is not in Liquid 5.4.0 (it arrived in 5.5); expectations follow 5.5's definition: items (or
    // their property) through Utils.to_number, BigDecimal sums printed as Float.
    @Test func sum() throws {
        func s(_ input: Value, _ args: Value...) throws -> String {
            FilterJSON.inspect(try StandardFilters.all["sum"]!(input, args, LiquidHash(), TestFilterContext()))
        }
        #expect(try s([1, 2, 3]) == "6")
        #expect(try s([1, 0.5, "2", "0.25"]) == "3.75")
        #expect(try s([0.1, 0.2]) == "0.3")
        #expect(try s([["a": 1], ["a": 2.5], ["b": 4]], "a") == "3.5")
        #expect(try s([]) == "0")
        #expect(try s([nil, true, "x"]) == "0")
        #expect(try s([1.5, nil], "a") == "0")  // items without [] count as 0
        #expect(throws: LiquidError.self) { try s([1], "a") }  // Integer#[] with a String: TypeError
    }

    @Test func dropsAsHashes() throws {
        let drop = TestDrop(LiquidHash([("title", "T"), ("url", "/p/x y/"), ("n", 2)]))
        #expect(try apply("jsonify", .drop(drop)).liquidString == #"{"title":"T","url":"/p/x y/","n":2}"#)
        // Jekyll's Drop#inspect is JSON.pretty_generate(to_h), then xml_escape.
        #expect(try apply("inspect", .drop(drop)).liquidString == "{\n  &quot;title&quot;: &quot;T&quot;,\n  &quot;url&quot;: &quot;/p/x y/&quot;,\n  &quot;n&quot;: 2\n}")
        // relative_url of a document uses its url.
        #expect(try apply("relative_url", .drop(drop)).liquidString == "/b/p/x%20y/")
        #expect(try apply("map", [.drop(drop)], "title").liquidString == "T")
        #expect(FilterJSON.inspect(try apply("where", [.drop(drop), ["n": 3]], "n", 2)) == FilterJSON.inspect([.drop(drop)]))
        #expect(FilterJSON.inspect(try apply("sort", [["n": 3], .drop(drop)], "n")) == FilterJSON.inspect([.drop(drop), ["n": 3]]))
    }

    @Test func urlSettingsComeFromTheRegister() throws {
        var ctx = TestFilterContext()
        ctx.urls = JekyllURLSettings(url: "HTTPS://Ex.org:443", baseurl: "/docs/")
        #expect(try apply("absolute_url", "/a/", context: ctx).liquidString == "https://ex.org/docs/a/")
        ctx.urls = JekyllURLSettings(url: "", baseurl: "")
        #expect(try apply("absolute_url", "a", context: ctx).liquidString == "/a")
    }

    @Test func jsonNestingLimit() {
        var v: Value = [1]
        for _ in 0..<101 { v = .array([v]) }
        #expect(throws: LiquidError.self) { try apply("jsonify", v) }
    }

    @Test func strftimeFormatsAreCachedAndThreadSafe() async throws {
        let t: Value = .date(Date(timeIntervalSince1970: 1454054400), utcOffset: 0)
        try await withThrowingTaskGroup(of: String.self) { group in
            for i in 0..<8 {
                group.addTask { try apply("date", t, .string("%Y-%m-%d \(i % 2)")).liquidString }
            }
            for try await s in group { #expect(s.hasPrefix("2016-01-29 ")) }
        }
    }
}
