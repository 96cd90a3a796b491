import Foundation
import Testing
import TestSupport
@testable import Charts

let buildCSV = "Tool,Cold,Warm\nGalley,0.89,0.31\nHugo,9.8,2.1\nJekyll,41.2,12.5\n"

func spec(_ pairs: [(String, String)]) throws -> ChartSpec {
    try ChartSpec(attributes: pairs.map { ChartAttribute($0.0, $0.1, line: 1, column: 1) })
}

@Suite struct ChartGeometryTests {
    @Test func barLengthsAreProportionalToValues() throws {
        let table = try ChartTable.csv(buildCSV, firstLine: 1)
        let svg = try Chart.svg(table: table, spec: spec([("chart", "bar"), ("unit", "s")]))
        let els = try #require(parseSVG(svg))
        let bars = els.filter { $0.name == "rect" && ($0.attributes["class"] == "s0" || $0.attributes["class"] == "s1") && $0.number("width") > 11 }
        #expect(bars.count == 6)
        // Bars in document order: per category, each series. Height / value is one constant.
        let values = [0.89, 0.31, 9.8, 2.1, 41.2, 12.5]
        let pixelsPerUnit = bars[4].number("height") / values[4]
        for (bar, v) in zip(bars, values) { #expect(abs(bar.number("height") - v * pixelsPerUnit) <= 0.5, "\(v): \(bar.number("height"))") }
        // Bars stand on one baseline.
        let bottoms = Set(bars.map { (( $0.number("y") + $0.number("height")) * 10).rounded() })
        #expect(bottoms.count == 1)
    }

    @Test func ticksSpanTheDataInOneTwoFiveSteps() throws {
        for (lo, hi) in [(0.0, 41.2), (0.0, 0.93), (0.0, 12_345.0), (-3.0, 7.0)] {
            let s = Scale.linear(min: lo, max: hi)
            #expect(s.ticks.first! <= lo && s.ticks.last! >= hi, "\(s.ticks)")
            let step = s.ticks[1] - s.ticks[0]
            let mantissa = step / pow(10, floor(log10(step)))
            #expect([1, 2, 5].contains { abs(mantissa - Double($0)) < 1e-6 }, "\(step)")
            #expect((3...11).contains(s.ticks.count))
        }
        #expect(Scale.linear(min: 0, max: 12_345).label(10_000) == "10,000")
        let log = Scale.logarithmic(min: 0.8, max: 420)
        #expect(log.ticks == [0.1, 1, 10, 100, 1000])
    }

    @Test func labelsStayInsideTheViewAndNeverOverlap() throws {
        let csv = "Service,p50,p99\n" + (1...10).map { "svc-\($0),\(Double($0) * 3.3),\(Double($0) * 7.1)" }.joined(separator: "\n")
        for kind in ["bar", "stacked", "line", "scatter"] {
            let x = kind == "line" || kind == "scatter" ? "Day,A,B\n" + (1...10).map { "2026-01-\(String(format: "%02d", $0)),\($0 * 3),\($0 * 5)" }.joined(separator: "\n") : csv
            let svg = try Chart.svg(table: try ChartTable.csv(x, firstLine: 1), spec: spec([("chart", kind), ("unit", "ms"), ("title", "Latency"), ("labels", kind == "bar" ? "true" : "false")]))
            let els = try #require(parseSVG(svg))
            let view = try #require(els.first?.attributes["viewBox"]).split(separator: " ").compactMap { Double($0) }
            let texts = els.filter { $0.name == "text" }
            for t in texts {
                let b = box(t)
                #expect(b.x0 >= -0.5 && b.x1 <= view[2] + 0.5 && b.y0 >= -0.5 && b.y1 <= view[3] + 0.5, "\(kind): \(t.text) \(b)")
            }
            for (i, a) in texts.enumerated() {
                for b in texts[(i + 1)...] {
                    let p = box(a), q = box(b)
                    let overlap = p.x0 < q.x1 - 0.5 && q.x0 < p.x1 - 0.5 && p.y0 < q.y1 - 0.5 && q.y0 < p.y1 - 0.5
                    #expect(!overlap, "\(kind): \"\(a.text)\" overlaps \"\(b.text)\"")
                }
            }
        }
    }

    @Test func longLabelsLayBarsDown() throws {
        let csv = "Step,Time\nParse every Markdown file,120\nHighlight every code block,340\nWrite pages and feeds,90\nCheck the output folder,60\nCopy assets,5\nRender templates,80\nBuild the search index,70\n"
        let els = try #require(parseSVG(try Chart.svg(table: try ChartTable.csv(csv, firstLine: 1), spec: spec([("chart", "bar")]))))
        let bars = els.filter { $0.name == "rect" && $0.attributes["class"] == "s0" }
        #expect(bars.count == 7)
        // Lying down: lengths are widths, proportional to the values.
        let w = bars.map { $0.number("width") }, v = [120.0, 340, 90, 60, 5, 80, 70]
        for i in 0..<7 { #expect(abs(w[i] - v[i] * w[1] / v[1]) <= 0.5, "\(w)") }
        #expect(Set(bars.map { $0.number("height") }).count == 1)
    }

    @Test func legendOnlyWithSeveralSeries() throws {
        let one = try Chart.svg(table: try ChartTable.csv("A,B\nx,1\ny,2\n", firstLine: 1), spec: spec([]))
        let two = try Chart.svg(table: try ChartTable.csv(buildCSV, firstLine: 1), spec: spec([]))
        let legend = { (svg: String) in (parseSVG(svg) ?? []).filter { $0.name == "rect" && $0.number("width") == 10 && $0.number("height") == 10 }.count }
        #expect(legend(one) == 0 && legend(two) == 2)
    }

    @Test func accessibleTitleAndDescription() throws {
        let els = try #require(parseSVG(try Chart.svg(table: try ChartTable.csv(buildCSV, firstLine: 1), spec: spec([("unit", "s"), ("title", "Build")]))))
        let root = els[0]
        #expect(root.attributes["role"] == "img")
        let ids = (root.attributes["aria-labelledby"] ?? "").split(separator: " ").map(String.init)
        let title = els.first { $0.name == "title" }, desc = els.first { $0.name == "desc" }
        #expect(ids == [title?.attributes["id"] ?? "-", desc?.attributes["id"] ?? "-"])
        #expect(title?.text == "Build")
        #expect(desc?.text == "Bar chart. Galley: Cold 0.89 s, Warm 0.31 s; Hugo: Cold 9.8 s, Warm 2.1 s; Jekyll: Cold 41.2 s, Warm 12.5 s.")
    }

    @Test func deterministicSmallAndStandalone() throws {
        let csv = "Case,A,B,C\n" + (1...10).map { "case \($0),\($0 * 1234),\($0 * 777),\($0 * 512)" }.joined(separator: "\n")
        let table = try ChartTable.csv(csv, firstLine: 1)
        let s = try spec([("chart", "bar"), ("labels", "true"), ("unit", "ops")])
        let a = try Chart.svg(table: table, spec: s), b = try Chart.svg(table: table, spec: s)
        #expect(a == b)
        #expect(a.utf8.count < 8 * 1024, "\(a.utf8.count) bytes")
        let file = try Chart.standaloneSVG(table: table, spec: s)
        #expect(file.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(file.contains("@media (prefers-color-scheme: dark)"))
        #expect(parseSVG(file) != nil)
        #expect(ChartNumber.format(12_345.678) == "12,346" && ChartNumber.format(0.0042) == "0.0042" && ChartNumber.format(-1500, decimals: 0) == "−1,500")
    }

    @Test func linesOrderDatesAndSpanTheValues() throws {
        let csv = "Day,Latency\n2026-03-01,28\n2026-01-01,34\n2026-02-01,30\n"
        let els = try #require(parseSVG(try Chart.svg(table: try ChartTable.csv(csv, firstLine: 1), spec: spec([("chart", "line")]))))
        let line = try #require(els.first { $0.name == "polyline" })
        let points = (line.attributes["points"] ?? "").split(separator: " ").map { $0.split(separator: ",").map { Double($0)! } }
        #expect(points.map { $0[0] } == points.map { $0[0] }.sorted())
        // 34 (January) is highest: smallest y.
        #expect(points[0][1] < points[1][1] && points[1][1] < points[2][1])
    }

    @Test func paletteContrastInLightAndDark() {
        for c in Chart.lightPalette {
            #expect(contrast(c, "#ffffff") >= 3, "\(c) on white")
            #expect(contrast(c, "#fbfaf7") >= 3, "\(c) on the theme's light background")
        }
        for c in Chart.darkPalette {
            #expect(contrast(c, "#121212") >= 3, "\(c) on black")
            #expect(contrast(c, "#14161a") >= 3, "\(c) on the theme's dark background")
        }
    }
}

@Suite struct ChartErrorTests {
    @Test func errorsPointAtTheCellOrAttribute() throws {
        #expect(throws: ChartError("`fast` is not a number", hint: "write a plain number (1234, 1,234 or 12.5)", line: 12, column: 8)) {
            try Chart.svg(table: try ChartTable.csv("Tool,Time\nGalley,fast\n", firstLine: 11), spec: ChartSpec())
        }
        do {
            _ = try ChartTable.csv("Tool,Cold,Warm\nGalley,1\n", firstLine: 5, column: 1)
            Issue.record("a ragged row must fail")
        } catch {
            #expect(error.line == 6 && error.message.contains("has 2 cells but the header has 3"))
        }
        do {
            _ = try ChartSpec(attributes: [ChartAttribute("chart", "pie", line: 3, column: 4)])
            Issue.record("an unknown type must fail")
        } catch {
            #expect(error.line == 3 && error.column == 4 && error.message.contains("bar, line, scatter, stacked"))
        }
        do {
            _ = try ChartSpec(attributes: [ChartAttribute("unti", "ms", line: 2, column: 9)])
            Issue.record("an unknown option must fail")
        } catch {
            #expect(error.column == 9 && error.hint == "did you mean `unit`?")
        }
        let logSpec = try spec([("log", "true")])
        do {
            _ = try Chart.svg(table: try ChartTable.csv("A,B\nx,0\n", firstLine: 1), spec: logSpec)
            Issue.record("log of zero must fail")
        } catch {
            #expect(error.line == 2 && error.column == 3 && error.message.contains("log scale"))
        }
    }

    @Test func numbersAsWrittenInBenchmarkTables() {
        #expect(ChartNumber.parse("1,234", unit: nil) == 1234)
        #expect(ChartNumber.parse("12 ms", unit: "ms") == 12 && ChartNumber.parse("12ms", unit: "ms") == 12)
        #expect(ChartNumber.parse("45%", unit: nil) == 45 && ChartNumber.parse("-3.5", unit: nil) == -3.5)
        #expect(ChartNumber.parse("1,23", unit: nil) == nil && ChartNumber.parse("12 s", unit: "ms") == nil && ChartNumber.parse("", unit: nil) == nil)
        #expect(ChartNumber.parse("\"1,234\"", unit: nil) == nil)
    }

    @Test func quotedCSVFields() throws {
        let t = try ChartTable.csv("Name,Value\n\"Swift, release\",\"1,234\"\n", firstLine: 1)
        #expect(t.rows[0].map(\.text) == ["Swift, release", "1,234"])
        #expect(t.rows[0][1].column == 18)
    }
}
