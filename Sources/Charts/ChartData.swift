/// The numbers behind a chart, read from its table: the first column names categories (bar,
/// stacked) or gives x values (line, scatter: numbers or ISO dates); every other column is a
/// series, except `min`/`max` columns, which are error bars for the series before them.
struct Series {
    var name: String
    var values: [Double]
    var low: [Double]?
    var high: [Double]?
}

struct ChartData {
    var categoryTitle: String
    var categories: [String]
    /// x positions for line and scatter charts (days since 1970 for dates).
    var x: [Double] = []
    var xIsDate = false
    var series: [Series]

    static func read(_ table: ChartTable, _ spec: ChartSpec) throws(ChartError) -> ChartData {
        try table.checkShape()
        guard table.header.count >= 2 else {
            throw ChartError("a chart needs a column of labels and at least one column of numbers", line: table.line, column: table.column)
        }
        var series: [Series] = []
        var lows: [Int: Int] = [:], highs: [Int: Int] = [:]   // series index → column
        for (c, cell) in table.header.enumerated().dropFirst() {
            let name = cell.text.lowercased()
            let bound = name == "min" || name.hasSuffix(" min") ? 0 : name == "max" || name.hasSuffix(" max") ? 1 : nil
            if let bound {
                let owner = name.count > 4 ? String(cell.text.dropLast(4)) : nil
                guard let s = owner.flatMap({ o in series.lastIndex { $0.name == o } }) ?? (series.isEmpty ? nil : series.count - 1) else {
                    throw ChartError("column `\(cell.text)` is an error bar but no series comes before it", hint: "put it right after the column it belongs to", line: cell.line, column: cell.column)
                }
                if bound == 0 { lows[s] = c } else { highs[s] = c }
                continue
            }
            series.append(Series(name: cell.text, values: [], low: nil, high: nil))
            lows[series.count - 1] = nil
            _ = c
        }
        let valueColumns = table.header.indices.dropFirst().filter { c in !lows.values.contains(c) && !highs.values.contains(c) }
        for (s, c) in valueColumns.enumerated() { series[s].values = try table.rows.map { row throws(ChartError) in try number(row[c], spec) } }
        for (s, c) in lows { series[s].low = try table.rows.map { row throws(ChartError) in try number(row[c], spec) } }
        for (s, c) in highs { series[s].high = try table.rows.map { row throws(ChartError) in try number(row[c], spec) } }
        var data = ChartData(categoryTitle: table.header[0].text, categories: table.rows.map { $0[0].text }, series: series)
        if spec.kind == .line || spec.kind == .scatter {
            let cells = table.rows.map { $0[0] }
            if let days = try? cells.map({ cell throws(ChartError) in try isoDay(cell) }) {
                data.x = days
                data.xIsDate = true
            } else {
                data.x = try cells.map { cell throws(ChartError) in
                    guard let v = ChartNumber.parse(cell.text, unit: nil) else {
                        throw ChartError("`\(cell.text)` is neither a number nor a date like 2026-01-31", hint: "a \(spec.kind.rawValue) chart's first column gives x values", line: cell.line, column: cell.column)
                    }
                    if let e = ChartNumber.rangeError(v, text: cell.text, line: cell.line, column: cell.column) { throw e }
                    return v
                }
            }
            let order = data.x.indices.sorted { data.x[$0] < data.x[$1] }
            data.reorder(order)
        } else if spec.sort != .none, let first = data.series.first {
            let order = first.values.indices.sorted { spec.sort == .asc ? first.values[$0] < first.values[$1] : first.values[$0] > first.values[$1] }
            data.reorder(order)
        }
        if spec.log {
            for (s, col) in valueColumns.enumerated() {
                if let bad = data.series[s].values.firstIndex(where: { $0 <= 0 }) {
                    let cell = table.rows.first { ChartNumber.parse($0[col].text, unit: spec.unit) == data.series[s].values[bad] }?[col] ?? table.header[col]
                    throw ChartError("a log scale cannot show \(cell.text)", hint: "every value must be above zero, or drop log", line: cell.line, column: cell.column)
                }
            }
        }
        return data
    }

    mutating func reorder(_ order: [Int]) {
        categories = order.map { categories[$0] }
        if !x.isEmpty { x = order.map { x[$0] } }
        for i in series.indices {
            series[i].values = order.map { series[i].values[$0] }
            series[i].low = series[i].low.map { l in order.map { l[$0] } }
            series[i].high = series[i].high.map { h in order.map { h[$0] } }
        }
    }

    static func number(_ cell: ChartCell, _ spec: ChartSpec) throws(ChartError) -> Double {
        guard let v = ChartNumber.parse(cell.text, unit: spec.unit) else {
            throw ChartError(cell.text.isEmpty ? "an empty cell cannot be drawn" : "`\(cell.text)` is not a number",
                             hint: "write a plain number (1234, 1,234 or 12.5\(spec.unit.map { ", optionally followed by \($0)" } ?? ""))",
                             line: cell.line, column: cell.column)
        }
        if let e = ChartNumber.rangeError(v, text: cell.text, line: cell.line, column: cell.column) { throw e }
        return v
    }

    /// `2026-01-31` → days since 1970-01-01.
    static func isoDay(_ cell: ChartCell) throws(ChartError) -> Double {
        let p = cell.text.split(separator: "-")
        guard p.count == 3, p[0].count == 4, p[1].count == 2, p[2].count == 2, let y = Int(p[0]), let m = Int(p[1]), let d = Int(p[2]),
              (1...12).contains(m), (1...31).contains(d) else {
            throw ChartError("not a date", line: cell.line, column: cell.column)
        }
        // Days from civil (proleptic Gregorian).
        let yy = m <= 2 ? y - 1 : y
        let era = (yy >= 0 ? yy : yy - 399) / 400
        let yoe = yy - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return Double(era * 146097 + doe - 719468)
    }
}
