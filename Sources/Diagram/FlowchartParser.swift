/// Reads mermaid flowchart syntax (`flowchart LR`, `graph TD`): node shapes, edges with labels,
/// chains (`a --> b --> c`, `a & b --> c`), subgraphs, `classDef`/`class`/`:::`/`style`.
/// Written from mermaid's syntax documentation; statements that are read but not drawn (`click`,
/// `linkStyle`, a subgraph's own `direction`, colours with no theme tint) are a warning each.
struct FlowchartParser {
    var chart = Flowchart()
    let origin: SourceOrigin
    private var open: [(index: Int, line: Int)] = []

    static func parse(_ lines: [Substring], header: Int, origin: SourceOrigin) throws(DiagramError) -> Flowchart {
        var p = FlowchartParser(origin: origin)
        let words = lines[header].split(separator: " ")
        if words.count > 1 {
            guard let d = Flowchart.Direction(rawValue: words[1] == "TD" ? "TB" : String(words[1])) else {
                throw origin.error("unknown flowchart direction `\(words[1])`", hint: "use TB, TD, BT, LR or RL", line: header + 1,
                                   column: (lines[header].range(of: words[1]).map { lines[header].distance(from: lines[header].startIndex, to: $0.lowerBound) } ?? 0) + 1)
            }
            p.chart.direction = d
        }
        for n in (header + 1)..<lines.count {
            var s = LineScanner(Array(lines[n]), line: n + 1, origin: origin)
            while true {
                s.skipSpaces()
                if s.atEnd || s.peek("%%") { break }
                if s.peek(";") { s.i += 1; continue }
                try p.statement(&s)
            }
        }
        if let last = p.open.last {
            throw origin.error("`subgraph` is never closed", hint: "add a line `end` after its nodes", line: last.line)
        }
        return p.chart
    }

    private mutating func statement(_ s: inout LineScanner) throws(DiagramError) {
        let save = s.i
        var word = s.word()
        if word.isEmpty, s.peek("accTitle") || s.peek("accDescr") { word = s.identifier() }
        switch word {
        case "subgraph":
            s.skipSpaces()
            let start = s.i
            var id = s.identifier()
            var title = id
            s.skipSpaces()
            if id.isEmpty, s.peek("\"") { title = try s.quoted(); id = title }
            else if s.peek("[") { s.i += 1; title = try s.until("]", what: "subgraph title") }
            else if !s.atEnd && !s.peek(";") { title = id + " " + s.rest(); id = title }
            guard !id.isEmpty else { throw s.error("`subgraph` needs a name", hint: "`subgraph backend [Back end]`", at: start) }
            chart.subgraphs.append(Flowchart.Subgraph(id: id, title: unquote(title), parent: open.last?.index))
            let k = chart.subgraphs.count - 1
            if let parent = open.last?.index { chart.subgraphs[parent].children.append(k) }
            open.append((k, s.line))
        case "end":
            guard open.popLast() != nil else { throw s.error("`end` without a `subgraph`", hint: "remove it, or open a group with `subgraph name`", at: save) }
        case "accTitle", "accDescr":
            s.skipSpaces()
            guard s.peek(":") else {
                throw s.error("`\(word)` takes its text after `:` on the same line", hint: "`\(word): …` (the `{ … }` block form is not read)", at: s.i)
            }
            s.i += 1
            let text = s.rest()
            if word == "accTitle" { chart.accTitle = text } else { chart.accDescr = text }
        case "direction", "click", "linkStyle":
            _ = s.rest()
            let why = ["direction": "a subgraph's own `direction` is not drawn: the whole chart flows one way",
                       "click": "`click` is not drawn: diagrams carry no links or script",
                       "linkStyle": "`linkStyle` is not drawn: lines take the theme's colours"][word]!
            chart.warnings.add(word, s.error(why, hint: "remove the line, or keep it for other renderers", at: save))
        case "classDef":
            s.skipSpaces()
            let names = s.token().split(separator: ",").map(String.init)
            s.skipSpaces()
            let at = s.i
            let style = css(s.rest(), &s, at: at)
            for n in names { chart.classDefs[n] = style }
        case "class":
            s.skipSpaces()
            let ids = s.token().split(separator: ",")
            s.skipSpaces()
            let cls = s.token()
            guard !cls.isEmpty else { throw s.error("`class` needs node ids and a class name", hint: "`class a,b hot`", at: save) }
            for id in ids { let k = chart.node(String(id)); chart.nodes[k].classes.append(cls) }
        case "style":
            s.skipSpaces()
            let k = chart.node(s.token())
            s.skipSpaces()
            let at = s.i
            chart.nodes[k].inline = css(s.rest(), &s, at: at)
            chart.nodes[k].hasInlineStyle = true
        default:
            s.i = save
            try chain(&s)
        }
    }

    /// A `classDef`/`style` list, with a warning for each property that is not drawn.
    private mutating func css(_ text: String, _ s: inout LineScanner, at: Int) -> NodeStyle {
        var ignored: [String] = []
        let style = NodeStyle.css(text, ignored: &ignored)
        let fresh = ignored.filter { chart.warnings.isNew("css " + ($0.hasPrefix("fill:") ? "fill" : $0)) }
        if !fresh.isEmpty {
            let names = fresh.map { "`\($0)`" }.joined(separator: ", ")
            chart.warnings.add("css line \(s.line)", s.error("\(names) \(fresh.count == 1 ? "is" : "are") not drawn: diagrams take the theme's colours and font",
                                                            hint: "`fill` picks the nearest theme tint (blue, orange, green, pink, yellow, purple, red); `stroke-dasharray` dashes; `font-weight: bold`", at: at))
        }
        return style
    }

    /// `a & b -->|x| c --> d`: groups of nodes joined by links.
    private mutating func chain(_ s: inout LineScanner) throws(DiagramError) {
        var previous = try group(&s)
        while true {
            s.skipSpaces()
            if s.atEnd || s.peek(";") || s.peek("%%") { return }
            let at = s.i
            guard var link = try s.link() else {
                throw s.error("unexpected `\(s.chars[s.i])`", hint: "a line is a node (`a[Label]`) or nodes joined by links (`a --> b`, `a -->|label| b`)", at: at)
            }
            s.skipSpaces()
            if s.peek("|") { s.i += 1; link.label = try s.until("|", what: "link label") }
            let next = try group(&s)
            for a in previous { for b in next {
                var e = link
                e.from = a; e.to = b
                chart.edges.append(e)
            } }
            previous = next
        }
    }

    private mutating func group(_ s: inout LineScanner) throws(DiagramError) -> [Int] {
        var out = [try node(&s)]
        while true {
            let save = s.i
            s.skipSpaces()
            guard s.peek("&") else { s.i = save; return out }
            s.i += 1
            s.skipSpaces()
            out.append(try node(&s))
        }
    }

    private static let shapes: [(open: String, close: String, shape: NodeShape)] = [
        ("(((", ")))", .doubleCircle), ("((", "))", .circle), ("([", "])", .stadium), ("[[", "]]", .subroutine),
        ("[(", ")]", .cylinder), ("{{", "}}", .hexagon), ("[/", "/]", .parallelogram), ("[\\", "\\]", .parallelogram),
        ("[/", "\\]", .parallelogram), ("[\\", "/]", .parallelogram), ("[", "]", .rect), ("(", ")", .rounded),
        ("{", "}", .diamond), (">", "]", .flag),
    ]

    private mutating func node(_ s: inout LineScanner) throws(DiagramError) -> Int {
        s.skipSpaces()
        let start = s.i
        let id = s.identifier()
        guard !id.isEmpty else {
            let what = s.atEnd ? "end of line" : "`\(s.chars[s.i])`"
            throw s.error("expected a node id, found \(what)", hint: "node ids are letters, digits and `_`: `api[API server]`", at: start)
        }
        if open.last != nil, id == "end" { throw s.error("`end` cannot be a node", hint: "a line `end` closes the subgraph", at: start) }
        if let sub = chart.subgraphs.firstIndex(where: { $0.id == id }), chart.subgraphs[sub].nodes.isEmpty == false || open.last?.index != sub {
            // A subgraph named as a link end: link to its first node, as Graphviz has no cluster-to-node edges.
            if let first = chart.subgraphs[sub].nodes.first { return first }
        }
        let k = chart.node(id)
        if let g = open.last?.index, !chart.subgraphs[g].nodes.contains(k) {
            for j in chart.subgraphs.indices { chart.subgraphs[j].nodes.removeAll { $0 == k } }
            chart.subgraphs[g].nodes.append(k)
        }
        for (o, c, shape) in Self.shapes where s.peek(o) {
            if o == "[/" || o == "[\\" {
                // `[/text/]` and `[/text\]` share an opening: look for either closing.
                guard s.find(c) else { continue }
            }
            let at = s.i
            s.i += o.count
            let label = try s.until(c, what: "node label", openedAt: at)
            chart.nodes[k].label = unquote(label)
            chart.nodes[k].shape = shape
            break
        }
        if s.peek(":::") {
            s.i += 3
            chart.nodes[k].classes.append(s.identifier())
        }
        return k
    }
}

/// `"text"` → `text`; mermaid's markdown strings (`` "`**b**`" ``) lose their marks; `<br>` breaks lines.
func unquote(_ raw: String) -> String {
    var t = raw.trimmed(" ")
    if t.count >= 2, t.first == "\"", t.last == "\"" { t = String(t.dropFirst().dropLast()) }
    if t.count >= 2, t.first == "`", t.last == "`" { t = String(t.dropFirst().dropLast()).replacingOccurrences(of: "**", with: "") }
    // Foundation's replacing is costly on every label: only where there is something to replace.
    if t.utf8.contains(UInt8(ascii: "<")) {
        for br in ["<br/>", "<br />", "<br>", "<BR>", "<BR/>"] { t = t.replacingOccurrences(of: br, with: "\n") }
    }
    guard t.utf8.contains(UInt8(ascii: "#")) else { return t }
    return t.replacingOccurrences(of: "#quot;", with: "\"").replacingOccurrences(of: "#amp;", with: "&")
        .replacingOccurrences(of: "#lt;", with: "<").replacingOccurrences(of: "#gt;", with: ">")
}

extension String {
    func trimmed(_ c: Character) -> String {
        var s = Substring(self)
        while s.first == c { s = s.dropFirst() }
        while s.last == c { s = s.dropLast() }
        return String(s)
    }
}
