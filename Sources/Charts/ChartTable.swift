import Foundation

/// One cell of a chart's data, with where it was written.
public struct ChartCell: Sendable, Equatable {
    public var text: String
    public var line: Int
    public var column: Int

    public init(_ text: String, line: Int, column: Int) {
        self.text = text
        self.line = line
        self.column = column
    }
}

/// A chart's data as written: a header row and rows of cells (from a Markdown table or CSV).
public struct ChartTable: Sendable, Equatable {
    public var header: [ChartCell]
    public var rows: [[ChartCell]]
    /// Where the table starts, for errors about the table as a whole.
    public var line: Int
    public var column: Int

    public init(header: [ChartCell], rows: [[ChartCell]], line: Int, column: Int) {
        self.header = header
        self.rows = rows
        self.line = line
        self.column = column
    }

    /// CSV with a header row (RFC 4180: quoted fields may hold commas, `""` is a quote). `firstLine`
    /// is the file line of the first CSV line; blank lines are skipped; every row has the header's width.
    public static func csv(_ text: String, firstLine: Int, column: Int = 1) throws(ChartError) -> ChartTable {
        var records: [[ChartCell]] = []
        var lineNumber = firstLine
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            defer { lineNumber += 1 }
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            var cells: [ChartCell] = []
            var field = ""
            var fieldColumn = column
            var quoted = false, inQuotes = false
            var col = column
            var chars = Array(line)
            chars.append(",")
            var i = 0
            while i < chars.count {
                let c = chars[i]
                if inQuotes {
                    if c == "\"", i + 1 < chars.count, chars[i + 1] == "\"" { field.append("\""); i += 1; col += 1 }
                    else if c == "\"" { inQuotes = false }
                    else { field.append(c) }
                } else if c == "\"", field.allSatisfy({ $0 == " " }) {
                    inQuotes = true
                    quoted = true
                    field = ""
                } else if c == "," && i == chars.count - 1 || c == "," {
                    let value = quoted ? field : field.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
                    cells.append(ChartCell(value, line: lineNumber, column: fieldColumn))
                    field = ""
                    quoted = false
                    fieldColumn = col + 1
                } else {
                    field.append(c)
                }
                i += 1
                col += 1
            }
            if inQuotes {
                throw ChartError("a quoted field is not closed", hint: "end it with \"", line: lineNumber, column: fieldColumn)
            }
            records.append(cells)
        }
        guard let header = records.first else {
            throw ChartError("the chart has no data", hint: "write a header row, then one row per category", line: firstLine, column: column)
        }
        let table = ChartTable(header: header, rows: Array(records.dropFirst()), line: firstLine, column: column)
        try table.checkShape()
        return table
    }

    /// Every row as wide as the header, and at least one row.
    func checkShape() throws(ChartError) {
        guard !rows.isEmpty else {
            throw ChartError("the chart has a header but no rows", hint: "add one row per category", line: line, column: column)
        }
        for row in rows where row.count != header.count {
            let at = row.count > header.count ? row[header.count] : (row.last ?? ChartCell("", line: line, column: column))
            throw ChartError("this row has \(row.count) cells but the header has \(header.count)",
                             hint: "every row needs one value per column", line: at.line, column: at.column)
        }
    }
}
