import Foundation
import Liquid
import Site

/// `Jekyll::DataReader`: `_data` as nested hashes. YAML and JSON through the YAML loader (Jekyll reads
/// JSON with Psych too), CSV/TSV as arrays of hashes keyed by the header row.
struct JekyllDataReader {
    var site: JekyllSiteWalker

    func read(_ dir: URL) -> (LiquidHash, [SiteDiagnostic]) {
        var diagnostics: [SiteDiagnostic] = []
        let data = readFolder(dir, &diagnostics)
        return (data, diagnostics)
    }

    private func readFolder(_ dir: URL, _ diagnostics: inout [SiteDiagnostic]) -> LiquidHash {
        var out = LiquidHash()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return out }
        let visible = names.filter { !$0.hasPrefix(".") }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        var files: [String] = [], folders: [String] = []
        for name in visible {
            let url = dir.appendingPathComponent(name)
            guard site.allowSymlink(url, &diagnostics) else { continue }
            if site.isDirectory(url) { folders.append(name) } else if ["yaml", "yml", "json", "csv", "tsv"].contains((name as NSString).pathExtension) { files.append(name) }
        }
        for name in files {
            let url = dir.appendingPathComponent(name)
            let key = Self.sanitize((name as NSString).deletingPathExtension)
            out[key] = readFile(url, &diagnostics)
        }
        for name in folders {
            out[Self.sanitize(name)] = .hash(readFolder(dir.appendingPathComponent(name), &diagnostics))
        }
        return out
    }

    func readFile(_ url: URL, _ diagnostics: inout [SiteDiagnostic]) -> Value {
        let shown = site.shown(url)
        guard let text = site.readText(url, &diagnostics) else { return .null }
        switch url.pathExtension.lowercased() {
        case "csv": return Self.csv(text, separator: ",")
        case "tsv": return Self.csv(text, separator: "\t")
        default:
            let (value, diags) = RubyYAML.load(text, file: shown, timeZone: site.timeZone)
            diagnostics += diags
            return value ?? .null
        }
    }

    /// `sanitize_filename`: characters other than word characters, spaces and `-` dropped, spaces to `_`.
    static func sanitize(_ name: String) -> String {
        var kept = String(name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-" || CharacterSet.whitespaces.contains($0) }.map(Character.init))
        kept = kept.trimmingCharacters(in: .whitespaces)
        var out = ""
        var inSpace = false
        for ch in kept {
            if ch.isWhitespace { if !inSpace { out.append("_") }; inSpace = true } else { out.append(ch); inSpace = false }
        }
        return out
    }

    /// Ruby's CSV with `headers: true`: each row a hash of header → field; empty unquoted fields are nil.
    static func csv(_ text: String, separator: Character) -> Value {
        let rows = parseCSV(text, separator: separator)
        guard let header = rows.first else { return .array([]) }
        var out: [Value] = []
        for row in rows.dropFirst() {
            var h = LiquidHash()
            for (i, name) in header.enumerated() {
                let key = name?.0 ?? ""
                if h[key] != nil { continue }   // Row#to_hash keeps the first of duplicate headers
                if i < row.count, let field = row[i] { h[key] = .string(field.0) } else { h[key] = .null }
            }
            out.append(.hash(h))
        }
        return .array(out)
    }

    /// Fields per row; nil for an empty unquoted field (Ruby CSV's nil), with whether it was quoted.
    static func parseCSV(_ text: String, separator: Character) -> [[(String, Bool)?]] {
        var rows: [[(String, Bool)?]] = []
        var row: [(String, Bool)?] = []
        var field = ""
        var quoted = false, inQuotes = false, fieldStarted = false
        var chars = Array(text)
        if chars.last != "\n" { chars.append("\n") }
        var i = 0
        func endField() {
            row.append(field.isEmpty && !quoted ? nil : (field, quoted))
            field = ""; quoted = false; fieldStarted = false
        }
        while i < chars.count {
            let c = chars[i]
            if inQuotes {
                if c == "\"" {
                    if i + 1 < chars.count, chars[i + 1] == "\"" { field.append("\""); i += 2; continue }
                    inQuotes = false
                } else { field.append(c) }
                i += 1; continue
            }
            switch c {
            case "\"" where !fieldStarted: inQuotes = true; quoted = true; fieldStarted = true
            case separator: endField()
            case "\r\n", "\n", "\r":
                endField()
                if !(row.count == 1 && row[0] == nil) { rows.append(row) }
                row = []
            default: field.append(c); fieldStarted = true
            }
            i += 1
        }
        return rows
    }
}
