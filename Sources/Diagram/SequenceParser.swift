/// Reads mermaid `sequenceDiagram` syntax: participants and actors (`as` aliases), messages
/// (`->>`, `-->>`, `->`, `-->`, `-x`, `--x`, `-)`, `--)`, `<<->>`), activations (`+`/`-`,
/// `activate`/`deactivate`), notes, blocks (`loop`, `alt`/`else`, `opt`, `par`/`and`,
/// `critical`/`option`, `break`, `rect`), `autonumber`, `title`. Written from mermaid's documentation.
enum SequenceParser {
    static let blocks: Set<String> = ["loop", "alt", "opt", "par", "critical", "break", "rect", "box"]
    static let dividers: [String: String] = ["else": "alt", "and": "par", "option": "critical"]
    /// Longest first, so `-->>` is not read as `-->` followed by `>`.
    static let arrows: [(String, Bool, Sequence.Head, Bool)] = [
        ("<<-->>", true, .filled, true), ("<<->>", false, .filled, true),
        ("-->>", true, .filled, false), ("->>", false, .filled, false), ("--x", true, .cross, false), ("-x", false, .cross, false),
        ("--)", true, .open, false), ("-)", false, .open, false), ("-->", true, .none, false), ("->", false, .none, false),
    ]

    static func parse(_ lines: [Substring], header: Int, origin: SourceOrigin) throws(DiagramError) -> Sequence {
        var seq = Sequence()
        var open: [(kind: String, line: Int)] = []
        var numbering: Int?
        var inBox = false
        for n in (header + 1)..<lines.count {
            let raw = lines[n]
            let indent = raw.prefix { $0 == " " || $0 == "\t" }.count
            let text = raw.trimmed()
            let col = indent + 1
            func fail(_ m: String, _ hint: String, at c: Int = col) -> DiagramError { origin.error(m, hint: hint, line: n + 1, column: c) }
            if text.isEmpty || text.hasPrefix("%%") { continue }
            let (word, rest) = split(text)
            switch word {
            case "participant", "actor", "create":
                var (kind, body) = (word, rest)
                if word == "create" { (kind, body) = split(rest) }
                let (id, alias) = body.range(of: " as ").map { (String(body[..<$0.lowerBound]).trimmedSpaces, String(body[$0.upperBound...]).trimmedSpaces) } ?? (body.trimmedSpaces, nil)
                guard !id.isEmpty else { throw fail("`\(kind)` needs a name", "`participant A as Alice`") }
                let k = seq.participant(id)
                if let alias { seq.participants[k].label = unquote(alias) }
                seq.participants[k].actor = kind == "actor"
            case "destroy", "links", "link", "properties", "details":
                let why = word == "destroy" ? "`destroy` is not drawn: a participant's line runs to the end"
                    : "`\(word)` is not drawn: diagrams carry no menus, links or script"
                seq.warnings.add(word, fail(why, "remove the line, or keep it for other renderers"))
                continue
            case "title": seq.title = rest
            case "accTitle:": seq.title = rest
            case "accDescr:": seq.accDescr = rest
            case "autonumber": numbering = rest == "off" ? nil : Int(split(rest).0) ?? 1
            case "activate", "deactivate":
                guard !rest.isEmpty else { throw fail("`\(word)` needs a participant", "`\(word) Alice`") }
                let k = seq.participant(rest)
                seq.events.append(word == "activate" ? .activate(k) : .deactivate(k))
            case "Note", "note":
                let (placeWord, after) = split(rest)
                var place = Sequence.NotePlace.over, whoText = after
                switch placeWord.lowercased() {
                case "over": place = .over
                case "left", "right":
                    place = placeWord.lowercased() == "left" ? .left : .right
                    let (of, w) = split(after)
                    guard of == "of" else { throw fail("expected `of` after `Note \(placeWord)`", "`Note \(placeWord) of Alice: text`") }
                    whoText = w
                default: throw fail("a note is `left of`, `right of` or `over` a participant", "`Note over Alice,Bob: text`")
                }
                guard let colon = whoText.firstIndex(of: ":") else { throw fail("a note needs `:` before its text", "`Note over Alice: text`") }
                let who = whoText[..<colon].split(separator: ",").map { seq.participant($0.trimmed()) }
                guard let a = who.first else { throw fail("a note needs a participant", "`Note over Alice: text`") }
                seq.events.append(.note(place, a, who.last!, unquote(String(whoText[whoText.index(after: colon)...]))))
            case "end":
                guard let last = open.popLast() else { throw fail("`end` without a block", "blocks open with `loop`, `alt`, `opt`, `par`, `critical`, `break` or `rect`") }
                if last.kind == "box" { inBox = false } else { seq.events.append(.end) }
            case _ where blocks.contains(word):
                open.append((word, n + 1))
                if word == "box" {
                    inBox = true
                    seq.warnings.add("box", fail("`box` is not drawn: its participants are shown without the group", "remove the `box` and its `end`, or keep them for other renderers"))
                } else { seq.events.append(.start(word, rest)) }
            case _ where dividers[word] != nil:
                guard let last = open.last, last.kind == dividers[word] else {
                    throw fail("`\(word)` outside an `\(dividers[word]!)` block", "`\(word)` separates the parts of an `\(dividers[word]!)` … `end` block")
                }
                seq.events.append(.divider(word, rest))
            default:
                guard var m = try message(text, seq: &seq, origin: origin, line: n + 1, column: col) else {
                    throw fail("cannot read `\(text.prefix(40))`", "a message is `Alice->>Bob: text`; other lines start with participant, actor, Note, activate, loop, alt, opt, par, critical, break, rect or end")
                }
                if let k = numbering { m.number = k; numbering = k + 1 }
                seq.events.append(.message(m))
            }
            _ = inBox
        }
        if let last = open.last {
            throw origin.error("`\(last.kind)` is never closed", hint: "add a line `end` after its messages", line: last.line)
        }
        return seq
    }

    static func message(_ text: String, seq: inout Sequence, origin: SourceOrigin, line: Int, column: Int) throws(DiagramError) -> Sequence.Message? {
        let chars = Array(text)
        var i = 0
        while i < chars.count, !"-<".contains(chars[i]) { i += 1 }
        guard i < chars.count, i > 0 else { return nil }
        let from = String(chars[..<i]).trimmedSpaces
        let restText = String(chars[i...])
        guard let arrow = arrows.first(where: { restText.hasPrefix($0.0) }) else {
            throw origin.error("unknown arrow", hint: "arrows are ->>, -->>, ->, -->, -x, --x, -) and --)", line: line, column: column + i)
        }
        var j = restText.index(restText.startIndex, offsetBy: arrow.0.count)
        var m = Sequence.Message(from: 0, to: 0, text: "", dotted: arrow.1, head: arrow.2, both: arrow.3)
        if j < restText.endIndex, restText[j] == "+" { m.activate = true; j = restText.index(after: j) }
        else if j < restText.endIndex, restText[j] == "-" { m.deactivate = true; j = restText.index(after: j) }
        let after = restText[j...]
        guard let colon = after.firstIndex(of: ":") else {
            throw origin.error("a message needs `:` before its text", hint: "`Alice->>Bob: hello` (the text may be empty: `Alice->>Bob:`)",
                               line: line, column: column + text.count)
        }
        let to = after[..<colon].trimmed()
        guard !from.isEmpty, !to.isEmpty else {
            throw origin.error("a message needs a sender and a receiver", hint: "`Alice->>Bob: hello`", line: line, column: column)
        }
        m.from = seq.participant(from)
        m.to = seq.participant(to)
        m.text = unquote(String(after[after.index(after: colon)...]))
        return m
    }

    static func split(_ s: String) -> (String, String) {
        guard let sp = s.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (s, "") }
        return (String(s[..<sp]), String(s[sp...]).trimmedSpaces)
    }
}

extension String {
    var trimmedSpaces: String { Substring(self).trimmed() }
}
