import Foundation
import Testing
import TestSupport
@testable import Charts

/// Numbers at the edges of Double (near Int64.max, subnormals, 1e300 limits, values a step cannot
/// move): every chart is drawn with finite coordinates and readable labels, or fails at the cell or
/// option that holds the number, never traps or loops.
@Suite struct ChartRangeTests {
    /// Deterministic generator (SplitMix64), so a failure reproduces.
    struct Rng {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    static let edges = ["9223372036854775807", "9.3e18", "9.2e18", "-9.3e18", "1.8e19", "1e-310", "5e-324", "2.2e-308", "1e300", "1.0000001e300",
                        "1e-300", "9.9e-301", "1.7e308", "-1e300", "1e16", "10000000000000002", "0", "1e15", "999999999999999", "1e-9", "1.5e-10", "12"]

    static func number(_ r: inout Rng) -> String {
        if r.below(2) == 0 { return edges[r.below(edges.count)] }
        let mantissa = Double(r.below(9_999) + 1) / 1000
        return (r.below(4) == 0 ? "-" : "") + "\(mantissa)e\(r.below(661) - 330)"
    }

    static func drawable(_ text: String) -> Bool {
        guard let v = Double(text) else { return false }
        return v.isFinite && (v == 0 || (abs(v) >= 1e-300 && abs(v) <= 1e300))
    }

    @Test func extremeNumbersAreDrawnOrRejectedAtTheirCell() throws {
        var r = Rng(state: 0x5EED_C4A7)
        for round in 0..<600 {
            let kind = ChartSpec.Kind.allCases[r.below(4)]
            let rows = 1 + r.below(4)
            var csv = "Name,A,B\n"
            var cells: [(text: String, line: Int, column: Int)] = []
            for i in 0..<rows {
                let x = kind == .line || kind == .scatter ? Self.number(&r) : "c\(i)"
                let a = Self.number(&r), b = Self.number(&r)
                csv += "\(x),\(a),\(b)\n"
                if kind == .line || kind == .scatter { cells.append((x, i + 2, 1)) }
                cells.append((a, i + 2, x.count + 2))
                cells.append((b, i + 2, x.count + a.count + 3))
            }
            var attributes = [ChartAttribute("chart", kind.rawValue, line: 1, column: 1)]
            if r.below(3) == 0 { attributes.append(ChartAttribute("y-max", Self.number(&r), line: 1, column: 20)) }
            if r.below(4) == 0 { attributes.append(ChartAttribute("y-min", Self.number(&r), line: 1, column: 30)) }
            if r.below(5) == 0 { attributes.append(ChartAttribute("log", "true", line: 1, column: 40)) }
            if r.below(2) == 0 { attributes.append(ChartAttribute("labels", "true", line: 1, column: 50)) }
            let context = "round \(round): \(attributes.map { "\($0.key)=\($0.value)" }) \(csv)"
            let outOfRange = cells.filter { !Self.drawable($0.text) } + attributes.filter { $0.key.hasPrefix("y-") && !Self.drawable($0.value) }.map { ($0.value, $0.line, $0.column) }
            do {
                let spec = try ChartSpec(attributes: attributes)
                let svg = try Chart.render(table: try ChartTable.csv(csv, firstLine: 1), spec: spec)
                #expect(outOfRange.isEmpty, "drawn although out of range: \(context)")
                for text in [svg.inline, svg.standalone] {
                    let elements = try #require(parseSVG(text), "not XML: \(context)")
                    for e in elements {
                        for key in ["x", "y", "x1", "y1", "x2", "y2", "width", "height"] where e.attributes[key] != nil {
                            #expect(abs(e.number(key)) < 1e6, "\(e.name) \(key)=\(e.attributes[key]!): \(context)")
                        }
                        if e.name == "text" {
                            #expect(!e.text.isEmpty && !e.text.contains("nan") && !e.text.contains("inf") && !e.text.contains("?"), "label \(e.text): \(context)")
                        }
                    }
                }
            } catch let error as ChartError {
                // Only a number outside the drawable range, or a log scale given zero or less, may fail; always at its place.
                let places = outOfRange.map { "\($0.line):\($0.column)" }
                if error.message.contains("log scale") { continue }
                if error.message.contains("y-max must be above y-min") { continue }
                #expect(places.contains("\(error.line):\(error.column)"), "\(error) not at one of \(places): \(context)")
            }
        }
    }

    @Test func labelsOfHugeTinyAndOrdinaryNumbers() {
        #expect(ChartNumber.format(9.3e18) == "9.3e18")
        #expect(ChartNumber.format(-1e-10) == "−1e−10")
        #expect(ChartNumber.format(1234.5) == "1,235" && ChartNumber.format(0.0123) == "0.0123")
        #expect(Scale.linear(min: 0, max: 1e19).ticks.map { ChartNumber.format($0, decimals: Scale.linear(min: 0, max: 1e19).decimals) } == ["0", "2e18", "4e18", "6e18", "8e18", "1e19"])
        let tiny = Scale.linear(min: 0, max: 1e-299)
        #expect(tiny.ticks.count <= 16 && tiny.ticks.dropFirst().allSatisfy { tiny.label($0).contains("e−") })
        let flat = Scale.linear(min: 1e16, max: 1e16 + 2)
        #expect(flat.ticks.count <= 16 && flat.hi >= 1e16)
        #expect(Scale.logarithmic(min: 1e-300, max: 1e300).ticks.count <= 13)
    }
}
