import Foundation

/// Top-level keys given twice in a YAML mapping. Ruby's YAML (Jekyll) keeps the last value; Yams
/// refuses the whole mapping. The earlier occurrences are blanked (lines kept, so every position
/// stays right) and each later one gets a warning at its own line.
enum YAMLDuplicates {
    struct Found {
        var yaml: String
        var warnings: [SiteDiagnostic]
    }

    /// The key a line at column 1 starts (`key:` then a space or the line's end), else nil.
    static func topLevelKey(_ line: Substring) -> String? {
        guard let first = line.first, first != " ", first != "\t", first != "#", first != "-", first != "[", first != "{",
              first != "&", first != "*", first != "!", first != "|", first != ">", first != "%" else { return nil }
        var key = Substring("")
        var rest = line
        if first == "\"" || first == "'" {
            let body = line.dropFirst()
            guard let close = body.firstIndex(of: first) else { return nil }
            key = body[..<close]
            rest = body[body.index(after: close)...]
            guard rest.first == ":" else { return nil }
        } else {
            var i = line.startIndex
            while i < line.endIndex {
                if line[i] == ":", line.index(after: i) == line.endIndex || line[line.index(after: i)] == " " || line[line.index(after: i)] == "\t" { break }
                if line[i] == "#" && i > line.startIndex && line[line.index(before: i)] == " " { return nil }
                i = line.index(after: i)
            }
            guard i < line.endIndex else { return nil }
            key = line[..<i]
            rest = line[i...]
        }
        let after = rest.dropFirst()
        guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
        return String(key).trimmingCharacters(in: .whitespaces)
    }

    /// Nil when no top-level key repeats; else the text with the earlier values blanked, and the warnings.
    static func resolve(_ yaml: String, file: String, lineOffset: Int) -> Found? {
        var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Each top-level key's line ranges (its line and the indented or `- ` lines under it).
        var blocks: [(key: String, start: Int, end: Int)] = []
        for (i, line) in lines.enumerated() {
            let s = Substring(line.hasSuffix("\r") ? String(line.dropLast()) : line)
            if let key = topLevelKey(s) {
                blocks.append((key, i, i + 1))
            } else if !blocks.isEmpty, s.isEmpty || s.first == " " || s.first == "\t" || s.first == "-" || s.first == "#" || s.first == "]" || s.first == "}" {
                blocks[blocks.count - 1].end = i + 1
            } else {
                return nil   // a shape this reading does not know: leave it to Yams
            }
        }
        var lastIndex: [String: Int] = [:]
        for (n, b) in blocks.enumerated() { lastIndex[b.key] = n }
        guard lastIndex.count < blocks.count else { return nil }
        var firstLine: [String: Int] = [:]
        var warnings: [SiteDiagnostic] = []
        for (n, b) in blocks.enumerated() {
            if let first = firstLine[b.key] {
                let previous = blocks[..<n].last { $0.key == b.key }!.start + 1 + lineOffset
                warnings.append(.warning(file, line: b.start + 1 + lineOffset, column: 1,
                                         "`\(b.key)` is given again; this last value is used, as Jekyll does",
                                         hint: "the `\(b.key):` on line \(previous) is ignored\(previous == first ? "" : " (the first is on line \(first))"); remove one of them"))
            } else {
                firstLine[b.key] = b.start + 1 + lineOffset
            }
            if lastIndex[b.key] != n {
                for i in b.start..<b.end { lines[i] = "" }
            }
        }
        return Found(yaml: lines.joined(separator: "\n"), warnings: warnings)
    }
}
