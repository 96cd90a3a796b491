import Foundation
import Yams

/// A YAML value from front matter or site.yml, kept Sendable and with its position.
public indirect enum YAMLValue: Sendable {
    case string(String)
    case bool(Bool)
    case int(Int)
    case double(Double)
    case null
    case list([YAMLValue])
    case map([(String, YAMLValue)])

    init(_ node: Node) {
        switch node {
        case .scalar(let s):
            // Plain scalars get YAML's meaning; quoted ones stay strings.
            if s.style == .plain {
                if let b = node.bool, ["true", "false", "yes", "no", "on", "off"].contains(s.string.lowercased()) { self = .bool(b); return }
                if let i = node.int { self = .int(i); return }
                if let d = node.float, !s.string.isEmpty, s.string.first!.isNumber || s.string.first == "-" || s.string.first == "." { self = .double(d); return }
                if node.null != nil { self = .null; return }
            }
            self = .string(s.string)
        case .sequence(let seq):
            self = .list(seq.map { YAMLValue($0) })
        case .mapping(let map):
            self = .map(map.map { (k, v) in (k.string ?? "", YAMLValue(v)) })
        case .alias:
            self = .null
        }
    }

    /// `init(_:)` that gives up (nil) once more than `budget` values were made: aliases share nodes, and
    /// walking a shared tree as if it were copies is where an alias bomb's time and memory go.
    init?(_ node: Node, budget: inout Int) {
        budget -= 1
        guard budget >= 0 else { return nil }
        switch node {
        case .sequence(let seq):
            var items: [YAMLValue] = []
            for n in seq { guard let v = YAMLValue(n, budget: &budget) else { return nil }; items.append(v) }
            self = .list(items)
        case .mapping(let map):
            var pairs: [(String, YAMLValue)] = []
            var merged: [(String, YAMLValue)] = []
            for (k, v) in map {
                guard let value = YAMLValue(v, budget: &budget) else { return nil }
                // `<<: *defaults` (YAML merge key, as Jekyll's Psych reads it): the keys not given here.
                if k.string == "<<" {
                    switch value {
                    case .map(let m): merged += m
                    case .list(let l): for case .map(let m) in l { merged += m }
                    default: pairs.append(("<<", value))
                    }
                    continue
                }
                pairs.append((k.string ?? "", value))
            }
            for (k, v) in merged where !pairs.contains(where: { $0.0 == k }) { pairs.append((k, v)) }
            self = .map(pairs)
        default:
            self = YAMLValue(node)
        }
    }

    /// The value as plain text, for keys that take a string.
    var text: String? {
        switch self {
        case .string(let s): return s
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .bool(let b): return b ? "true" : "false"
        default: return nil
        }
    }

    /// Foundation values for templates.
    var any: Any {
        switch self {
        case .string(let s): return s
        case .bool(let b): return b
        case .int(let i): return i
        case .double(let d): return d
        case .null: return ""
        case .list(let l): return l.map(\.any)
        case .map(let m): return Dictionary(m.map { ($0.0, $0.1.any) }, uniquingKeysWith: { $1 })
        }
    }

    subscript(key: String) -> YAMLValue? {
        if case .map(let m) = self { return m.first { $0.0 == key }?.1 }
        return nil
    }
}

/// Parsed YAML mapping with the position of each key, so errors can point at the right line.
struct YAMLDocument: Sendable {
    var values: [(key: String, value: YAMLValue, line: Int, column: Int)] = []
    /// What was read but differs from what was written (a key given twice: the last wins), at its line.
    var warnings: [SiteDiagnostic] = []

    subscript(key: String) -> YAMLValue? { values.first { $0.key == key }?.value }

    /// Line and column (in the YAML text) of `key`'s value.
    func position(of key: String) -> (Int, Int)? {
        values.first { $0.key == key }.map { ($0.line, $0.column) }
    }

    /// Parses a YAML mapping. `lineOffset` is added to reported lines (front matter starts on line 2).
    static func parse(_ yaml: String, file: String, lineOffset: Int) -> Result<YAMLDocument, SiteDiagnostic> {
        // The common shapes without Yams; SimpleYAML answers only when its result is Yams' own.
        if let doc = SimpleYAML.parse(yaml, lineOffset: lineOffset) { return .success(doc) }
        return parseWithYams(yaml, file: file, lineOffset: lineOffset)
    }

    /// `parse` by Yams alone (and the reference SimpleYAML is tested against).
    static func parseWithYams(_ text: String, file: String, lineOffset: Int) -> Result<YAMLDocument, SiteDiagnostic> {
        var yaml = text
        var warnings: [SiteDiagnostic] = []
        // A key given twice: the last value, as Ruby's YAML (Jekyll) reads it, and a warning at the repeat.
        if let found = YAMLDuplicates.resolve(text, file: file, lineOffset: lineOffset) {
            yaml = found.yaml
            warnings = found.warnings
        }
        // Aliases are bounded before YAML is read (a "billion laughs" front matter would take the machine).
        if let bomb = YAMLAliases.firstExcess(yaml) {
            return .failure(.error(file, line: bomb.line + lineOffset, column: bomb.column,
                                   "YAML aliases expand to more than \(YAMLAliases.limit) values by `*\(bomb.alias)` here",
                                   hint: "an alias copies its anchor's whole value; write the values out, or nest fewer aliases of aliases"))
        }
        do {
            // Timestamps stay strings: Galley parses dates itself, with the site's time zone.
            guard let node = try Yams.compose(yaml: yaml, Resolver.default.removing(.timestamp)) else {
                return .success(YAMLDocument(warnings: warnings))
            }
            guard case .mapping(let map) = node else {
                let line = (node.mark?.line ?? 1) + lineOffset
                return .failure(.error(file, line: line, column: node.mark?.column ?? 1,
                                       "front matter must be a mapping of keys to values",
                                       hint: "write `key: value` lines, e.g. `title: My post`"))
            }
            var doc = YAMLDocument()
            doc.warnings = warnings
            var budget = YAMLAliases.limit * 2   // a backstop for shapes the text estimate does not see
            for (k, v) in map {
                // An alias's node carries its anchor's position, earlier in the file: then the key's is right.
                var mark = v.mark ?? k.mark
                if let vm = v.mark, let km = k.mark, vm.line < km.line { mark = km }
                guard let value = YAMLValue(v, budget: &budget) else {
                    return .failure(.error(file, line: (mark?.line ?? 1) + lineOffset, column: mark?.column ?? 1,
                                           "YAML aliases expand to more than \(YAMLAliases.limit * 2) values in `\(k.string ?? "")`",
                                           hint: "an alias copies its anchor's whole value; write the values out, or nest fewer aliases of aliases"))
                }
                doc.values.append((k.string ?? "", value, (mark?.line ?? 1) + lineOffset, mark?.column ?? 1))
            }
            // A top-level merge key: its keys where the document has none of its own.
            if let i = doc.values.firstIndex(where: { $0.key == "<<" }) {
                let merge = doc.values.remove(at: i)
                var maps: [[(String, YAMLValue)]] = []
                if case .map(let m) = merge.value { maps = [m] } else if case .list(let l) = merge.value { for case .map(let m) in l { maps.append(m) } }
                for m in maps { for (k, v) in m where doc[k] == nil { doc.values.append((k, v, merge.line, merge.column)) } }
            }
            return .success(doc)
        } catch let error as YamlError {
            return .failure(diagnostic(for: error, file: file, lineOffset: lineOffset))
        } catch {
            return .failure(.error(file, line: lineOffset + 1, column: 1, "invalid YAML: \(error)"))
        }
    }

    private static func diagnostic(for error: YamlError, file: String, lineOffset: Int) -> SiteDiagnostic {
        let hint = "check indentation and quoting; values containing `: ` or starting with `[`, `{`, `*`, `&` or `@` need quotes"
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            // libyaml notices an unclosed `[`, `{` or quote only where the next thing starts; the
            // mistake is where the construct opened, so point there and say where it was noticed.
            if let context, context.mark.line < mark.line {
                return .error(file, line: context.mark.line + lineOffset, column: context.mark.column,
                              "invalid YAML: \(problem) (\(context.text) that starts here; noticed at line \(mark.line + lineOffset))", hint: hint)
            }
            var message = "invalid YAML: \(problem)"
            if let context { message += " (\(context.text))" }
            return .error(file, line: mark.line + lineOffset, column: mark.column, message, hint: hint)
        case .duplicatedKeysInMapping(let keys, let context):
            return .error(file, line: context.mark.line + lineOffset, column: context.mark.column,
                          "\(keys.map { "`\($0)`" }.joined(separator: ", ")) given twice in one mapping",
                          hint: "keep one of them (at the top level the last one wins, as in Jekyll; nested, Galley cannot tell which you meant)")
        case .reader(let problem, _, _, _):
            return .error(file, line: lineOffset + 1, column: 1, "invalid YAML: \(problem)", hint: hint)
        default:
            return .error(file, line: lineOffset + 1, column: 1, "invalid YAML: \(error)", hint: hint)
        }
    }
}
