import Foundation
import Liquid
import Yams

/// `data/` (Jekyll's `_data/`): YAML, JSON, CSV and TSV files as `site.data`, a folder as a nested hash
/// (`data/nav/docs.yml` → `site.data.nav.docs`). A file that does not parse is an error at its line.
enum SiteData {
    static let folder = "data"

    static func load(siteDirectory: URL, diagnostics: DiagnosticSink) -> Value {
        let base = siteDirectory.appendingPathComponent(folder)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: base.path, isDirectory: &isDir), isDir.boolValue else { return .null }
        return .drop(FrontMatterDrop(read(base, rel: folder, diagnostics: diagnostics)))
    }

    private static func read(_ dir: URL, rel: String, diagnostics: DiagnosticSink) -> LiquidHash {
        var h = LiquidHash()
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        for name in names {
            let url = dir.appendingPathComponent(name)
            let file = rel + "/" + name
            var isDir: ObjCBool = false
            FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir)
            if isDir.boolValue { h[name] = .drop(FrontMatterDrop(read(url, rel: file, diagnostics: diagnostics))); continue }
            let ext = (name as NSString).pathExtension.lowercased()
            let key = (name as NSString).deletingPathExtension
            guard ["yml", "yaml", "json", "csv", "tsv"].contains(ext) else {
                diagnostics.add(.warning(file, "\(file) is not read: data files are .yml, .yaml, .json, .csv or .tsv",
                                         hint: "rename it, or move it out of \(folder)/"))
                continue
            }
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            let text: String
            switch SourceText.decode(data, file: file) {
            case .success(let t): text = t
            case .failure(let d): diagnostics.add(d); continue
            }
            switch ext {
            case "csv", "tsv":
                h[key] = .array(table(text, separator: ext == "csv" ? "," : "\t").map { .hash($0) })
            default:   // YAML, and JSON, which YAML reads as it is
                do { h[key] = try Yams.compose(yaml: text).map { YAMLValue($0).liquid } ?? .null }
                catch let e as YamlError {
                    diagnostics.add(.error(file, line: Self.line(of: e), column: 1, "\(file) does not parse: \(e)"))
                } catch { diagnostics.add(.error(file, "\(file) does not parse: \(error)")) }
            }
        }
        return h
    }

    private static func line(of error: YamlError) -> Int {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): return mark.line
        default: return 0
        }
    }

    /// Rows of a CSV/TSV file with a header line, each as header → cell (quotes as RFC 4180 writes them).
    static func table(_ text: String, separator: Character) -> [LiquidHash] {
        var rows: [[String]] = []
        var row: [String] = [], cell = "", quoted = false
        var chars = text.makeIterator()
        var pending: Character? = nil
        while let c = pending ?? chars.next() {
            pending = nil
            if quoted {
                if c == "\"" {
                    if let n = chars.next() { if n == "\"" { cell.append("\"") } else { quoted = false; pending = n } } else { quoted = false }
                } else { cell.append(c) }
            } else if c == "\"" && cell.isEmpty { quoted = true }
            else if c == separator { row.append(cell); cell = "" }
            else if c == "\n" || c == "\r\n" { row.append(cell); rows.append(row); row = []; cell = "" }
            else if c != "\r" { cell.append(c) }
        }
        if !cell.isEmpty || !row.isEmpty { row.append(cell); rows.append(row) }
        guard let header = rows.first else { return [] }
        return rows.dropFirst().map { r in LiquidHash(header.enumerated().map { ($0.element, r.indices.contains($0.offset) ? .string(r[$0.offset]) : .null) }) }
    }
}
