import Foundation
import Liquid
import Site
import CYaml

/// YAML read as Jekyll reads it: Ruby's Psych (`safe_load` with Date and Time permitted, aliases on).
///
/// Yams resolves scalars by YAML 1.2 rules and rejects duplicate keys; Psych uses YAML 1.1-ish rules of
/// its own (`yes`/`on` are true, `1:30` is 5400, `017` is octal, `2016-1-5` is a Date) and lets the last
/// duplicate win. So this reads libyaml's events itself and types scalars with `RubyScalar`.
public enum RubyYAML {
    /// Values an alias expansion may create, as for Galley's own front matter (an alias bomb is an error).
    static let aliasBudget = 200_000

    /// The first document of `text` (nil for an empty one). `lineOffset` is added to reported lines;
    /// `timeZone` gives timestamps without an offset their Ruby `Time.at` local offset.
    /// Duplicate keys are warnings (the last wins); syntax errors and disallowed classes are errors.
    /// `symbolsAsStrings`: a `:symbol` becomes its name with a warning instead of failing the document
    /// (for `_config.yml`, where old GitHub Pages sites wrote `style: :compressed`; Jekyll 4.3 on Ruby 3.1 stops there).
    public static func load(_ text: String, file: String, lineOffset: Int = 0, timeZone: TimeZone,
                            symbolsAsStrings: Bool = false) -> (value: Value?, diagnostics: [SiteDiagnostic]) {
        var composer = Composer(file: file, lineOffset: lineOffset, timeZone: timeZone)
        composer.symbolsAsStrings = symbolsAsStrings
        let value = composer.run(text)
        return (value, composer.diagnostics)
    }
}

private struct Event {
    var type: yaml_event_type_t
    var value = ""
    var tag: String?
    var anchor: String?
    var plain = false
    var line = 0      // 0-based, from libyaml
    var column = 0
}

private struct ComposeError: Error {}

private struct Composer {
    let file: String
    let lineOffset: Int
    let timeZone: TimeZone
    var diagnostics: [SiteDiagnostic] = []
    var events: [Event] = []
    var index = 0
    var anchors: [String: (Value, Int)] = [:]
    var budget = RubyYAML.aliasBudget
    var symbolsAsStrings = false

    init(file: String, lineOffset: Int, timeZone: TimeZone) {
        self.file = file; self.lineOffset = lineOffset; self.timeZone = timeZone
    }

    mutating func run(_ text: String) -> Value? {
        guard readEvents(text) else { return nil }
        // STREAM-START, then DOCUMENT-START (absent for an empty stream).
        guard let start = events.firstIndex(where: { $0.type == YAML_DOCUMENT_START_EVENT }) else { return nil }
        index = start + 1
        do {
            let (value, _) = try node()
            return value
        } catch {
            return nil
        }
    }

    /// Pulls libyaml's events for the first document (Psych's safe_load reads only that one).
    mutating func readEvents(_ text: String) -> Bool {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return false }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return bytes.withUnsafeBufferPointer { buffer -> Bool in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    reportParserError(parser)
                    return false
                }
                defer { yaml_event_delete(&event) }
                var e = Event(type: event.type, line: Int(event.start_mark.line), column: Int(event.start_mark.column))
                func string(_ p: UnsafeMutablePointer<yaml_char_t>?) -> String? {
                    p.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
                }
                switch event.type {
                case YAML_SCALAR_EVENT:
                    let s = event.data.scalar
                    e.value = s.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: s.length), as: UTF8.self) } ?? ""
                    e.tag = string(s.tag); e.anchor = string(s.anchor)
                    e.plain = s.style == YAML_PLAIN_SCALAR_STYLE
                case YAML_ALIAS_EVENT:
                    e.anchor = string(event.data.alias.anchor)
                case YAML_SEQUENCE_START_EVENT:
                    e.tag = string(event.data.sequence_start.tag); e.anchor = string(event.data.sequence_start.anchor)
                case YAML_MAPPING_START_EVENT:
                    e.tag = string(event.data.mapping_start.tag); e.anchor = string(event.data.mapping_start.anchor)
                default: break
                }
                events.append(e)
                if event.type == YAML_DOCUMENT_END_EVENT || event.type == YAML_STREAM_END_EVENT { return true }
            }
        }
    }

    mutating func reportParserError(_ parser: yaml_parser_t) {
        let problem = parser.problem.map { String(cString: $0) } ?? "syntax error"
        let mark = parser.problem_mark
        var message = "invalid YAML: \(problem)"
        var line = Int(mark.line) + 1, column = Int(mark.column) + 1
        if let context = parser.context.map({ String(cString: $0) }) {
            let cl = Int(parser.context_mark.line) + 1
            if cl < line, cl > 0 {
                // libyaml notices an unclosed bracket or quote where the next thing starts: point at the opening.
                message += " (\(context) that starts here; noticed at line \(line + lineOffset))"
                line = cl; column = Int(parser.context_mark.column) + 1
            } else {
                message += " (\(context))"
            }
        }
        diagnostics.append(.error(file, line: line + lineOffset, column: column, message,
                                  hint: "check indentation and quoting; values containing `: ` or starting with `[`, `{`, `*`, `&`, `@` or `%` need quotes"))
    }

    func location(_ e: Event) -> (Int, Int) { (e.line + 1 + lineOffset, e.column + 1) }

    /// The next node and how many values it stands for (aliases count their anchor's size).
    mutating func node() throws(ComposeError) -> (Value, Int) {
        guard index < events.count else { throw ComposeError() }
        let e = events[index]
        index += 1
        var result: (Value, Int)
        switch e.type {
        case YAML_SCALAR_EVENT:
            result = (try scalar(e), 1)
        case YAML_ALIAS_EVENT:
            guard let name = e.anchor, let anchored = anchors[name] else {
                let (l, c) = location(e)
                diagnostics.append(.error(file, line: l, column: c, "invalid YAML: unknown alias `*\(e.anchor ?? "")`",
                                          hint: "an alias must name an anchor (`&name`) defined earlier in the file"))
                throw ComposeError()
            }
            budget -= anchored.1
            if budget < 0 {
                let (l, c) = location(e)
                diagnostics.append(.error(file, line: l, column: c, "YAML aliases expand to more than \(RubyYAML.aliasBudget) values by `*\(name)` here",
                                          hint: "an alias copies its anchor's whole value; write the values out, or nest fewer aliases of aliases"))
                throw ComposeError()
            }
            return anchored
        case YAML_SEQUENCE_START_EVENT:
            var items: [Value] = []
            var size = 1
            while index < events.count, events[index].type != YAML_SEQUENCE_END_EVENT {
                let (v, n) = try node()
                items.append(v); size += n
            }
            index += 1
            result = (.array(items), size)
        case YAML_MAPPING_START_EVENT:
            result = try mapping()
        default:
            throw ComposeError()
        }
        if let anchor = e.anchor { anchors[anchor] = result }
        return result
    }

    mutating func mapping() throws(ComposeError) -> (Value, Int) {
        var hash = LiquidHash()
        var size = 1
        var seen: [String: Int] = [:]
        while index < events.count, events[index].type != YAML_MAPPING_END_EVENT {
            let keyEvent = events[index]
            let (keyValue, _) = try node()
            let (value, n) = try node()
            size += n
            // `<<: *base` / `<<: [*a, *b]`: Psych merges the hashes in at this point (later keys win).
            if keyEvent.type == YAML_SCALAR_EVENT, keyEvent.plain, keyEvent.value == "<<", keyEvent.tag == nil {
                switch value {
                case .hash(let h): for (k, v) in h.pairs { hash[k] = v }; continue
                case .array(let list) where list.allSatisfy({ if case .hash = $0 { return true }; return false }):
                    for case .hash(let h) in list { for (k, v) in h.pairs { hash[k] = v } }
                    continue
                default: break
                }
            }
            let key = Self.keyString(keyValue)
            let (line, column) = location(keyEvent)
            if let first = seen[key] {
                diagnostics.append(.warning(file, line: line, column: column,
                                            "duplicate key `\(key)` (first at line \(first)); the last value wins, as in Jekyll",
                                            hint: "remove one of the two `\(key):` lines"))
            } else {
                seen[key] = line
            }
            hash[key] = value
        }
        index += 1
        return (.hash(hash), size)
    }

    /// Ruby hash keys are any object; Liquid's are strings: keys print as Ruby's `to_s` would.
    static func keyString(_ v: Value) -> String {
        switch v {
        case .string(let s): return s
        case .int(let i): return String(i)
        case .double(let d): return RubyScalar.floatString(d)
        case .bool(let b): return b ? "true" : "false"
        case .null: return ""
        case .date(let d, let off): return RubyTime.rubyString(d, utcOffset: off)
        default: return "\(v)"
        }
    }

    mutating func scalar(_ e: Event) throws(ComposeError) -> Value {
        let text = e.value
        guard let tag = e.tag, tag != "!" else {
            return e.plain ? try tokenize(text, e) : .string(text)
        }
        let short = tag.hasPrefix("tag:yaml.org,2002:") ? String(tag.dropFirst("tag:yaml.org,2002:".count)) : tag
        switch short {
        case "str": return .string(text)
        case "int": if let i = RubyScalar.integer(text) { return .int(i) }; return .string(text)
        case "float": if let d = Double(text.replacingOccurrences(of: "_", with: "")) { return .double(d) }; return .string(text)
        case "bool", "null", "timestamp": return try tokenize(text, e)
        case "binary":
            let data = Data(base64Encoded: text.filter { !$0.isWhitespace }) ?? Data()
            return .string(String(decoding: data, as: UTF8.self))
        default:
            if short.hasPrefix("!ruby/") || short.hasPrefix("ruby/") {
                let (l, c) = location(e)
                diagnostics.append(.error(file, line: l, column: c, "YAML tag `\(tag)` asks for a Ruby object; Jekyll's safe YAML loader refuses it",
                                          hint: "remove the tag and write a plain value"))
                throw ComposeError()
            }
            return e.plain ? try tokenize(text, e) : .string(text)
        }
    }

    mutating func tokenize(_ text: String, _ e: Event) throws(ComposeError) -> Value {
        switch RubyScalar.tokenize(text, timeZone: timeZone) {
        case .value(let v): return v
        case .symbol where symbolsAsStrings:
            let (l, c) = location(e)
            var name = String(text.dropFirst())
            if let q = name.first, q == "\"" || q == "'", name.count >= 2, name.last == q { name = String(name.dropFirst().dropLast()) }
            diagnostics.append(.warning(file, line: l, column: c, "`\(text)` is a Ruby symbol; Jekyll 4.3 refuses to load it, Galley reads it as \"\(name)\"",
                                        hint: "write \(name) without the colon"))
            return .string(name)
        case .symbol:
            // Psych.safe_load refuses Symbol: Jekyll logs the error and drops the whole front matter.
            let (l, c) = location(e)
            diagnostics.append(.error(file, line: l, column: c, "`\(text)` is a Ruby symbol, which Jekyll's YAML loader refuses (Tried to load unspecified class: Symbol)",
                                      hint: "quote it: \"\(text)\""))
            throw ComposeError()
        }
    }
}
