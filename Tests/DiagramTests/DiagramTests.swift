import Foundation
import Testing
import TestSupport
@testable import Diagram

/// Parsing, layout and output of diagrams: the SVG is well-formed, every label is text inside its
/// box, the description says what the diagram says, errors point at the line and column.
@Suite struct DiagramTests {
    static let origin = SourceOrigin(line: 10)

    func draw(_ source: String, _ language: Diagram.Language = .mermaid) throws(DiagramError) -> Diagram.Drawing {
        try Diagram.render(source, language: language, origin: Self.origin)
    }

    @Test func flowchartShapesEdgesAndChains() throws {
        let chart = try FlowchartParser.parse(["flowchart LR", "  a[Client] -->|HTTP| b(API)", "  b --> c{Cache?} -- miss --> d[(DB)]",
                                               "  e & f --> g((Hub))", "  h>Flag] -.-> i([Stadium])", "  i ==> j[[Sub]]", "  j --- k{{Hex}}",
                                               "  k ~~~ a", "  k --x a", "  l <--> m"], header: 0, origin: Self.origin)
        #expect(chart.direction == .LR)
        let shapes = Dictionary(uniqueKeysWithValues: chart.nodes.map { ($0.id, $0.shape) })
        #expect(shapes["a"] == .rect && shapes["b"] == .rounded && shapes["c"] == .diamond && shapes["d"] == .cylinder)
        #expect(shapes["g"] == .circle && shapes["h"] == .flag && shapes["i"] == .stadium && shapes["j"] == .subroutine && shapes["k"] == .hexagon)
        let edges = chart.edges.map { "\(chart.nodes[$0.from].id)>\(chart.nodes[$0.to].id):\($0.label)" }
        #expect(edges == ["a>b:HTTP", "b>c:", "c>d:miss", "e>g:", "f>g:", "h>i:", "i>j:", "j>k:", "k>a:", "k>a:", "l>m:"])
        #expect(chart.edges[5].style == .dotted && chart.edges[6].style == .thick && chart.edges[7].head == .none && chart.edges[8].style == .invisible)
        #expect(chart.edges[9].head == .cross && chart.edges[10].tail == .normal && chart.edges[10].head == .normal)
    }

    @Test func subgraphsAndClasses() throws {
        let src = "graph TD\n  subgraph back [Back end]\n    api --> db\n  end\n  web --> api\n  classDef hot fill:#f96,stroke-dasharray: 5 5\n  class db hot\n  web:::hot\n"
        let chart = try FlowchartParser.parse(src.split(separator: "\n", omittingEmptySubsequences: false), header: 0, origin: Self.origin)
        #expect(chart.subgraphs.map(\.title) == ["Back end"])
        #expect(chart.subgraphs[0].nodes.map { chart.nodes[$0].id } == ["api", "db"])
        let db = chart.nodes.first { $0.id == "db" }!
        #expect(chart.style(of: db) == NodeStyle(tint: 2, dashed: true))
        #expect(chart.summary == "Flowchart (top to bottom): api → db; web → api. Back end: api, db.")
    }

    @Test func flowchartSVGHasEveryLabelAsText() throws {
        let d = try draw("flowchart LR\n  a[Browser client] -->|HTTPS| b(API gateway)\n  b --> c{Cache hit?}\n  subgraph s [Back end]\n    b\n    c\n  end\n")
        let els = try #require(parseSVG(d.standalone))
        let texts = els.filter { $0.name == "text" }.map(\.text)
        #expect(Set(texts) == ["Browser client", "HTTPS", "API gateway", "Cache hit?", "Back end"])
        #expect(els.contains { $0.name == "desc" && $0.text.hasPrefix("Flowchart (left to right): Browser client → API gateway (HTTPS)") })
        #expect(parseSVG(d.inline) != nil)
        #expect(!d.inline.contains("<script") && !d.standalone.contains("<script"))
        // Every node's label is inside its box (by the same widths the layout used).
        let rects = els.filter { $0.name == "rect" && $0.attributes["class"] == "n" }
        for r in rects {
            let inside = els.filter { $0.name == "text" && $0.number("x") > r.number("x") && $0.number("x") < r.number("x") + r.number("width")
                && $0.number("y") > r.number("y") && $0.number("y") < r.number("y") + r.number("height") }
            for t in inside { #expect(TextMetrics.width(t.text) <= r.number("width") - 8, "\(t.text)") }
        }
    }

    @Test func longLabelsWrap() {
        let lines = TextMetrics.wrap("a worker with a rather long name that has to wrap somewhere", maxWidth: 200)
        #expect(lines.count > 1 && lines.allSatisfy { TextMetrics.width($0) <= 200 })
        #expect(TextMetrics.wrap("one\ntwo", maxWidth: 200) == ["one", "two"])
    }

    @Test func sequenceDiagram() throws {
        let src = """
        sequenceDiagram
          autonumber
          actor U as User
          participant A as API
          U->>+A: Hello
          loop Every minute
            A-->>U: Tick
          end
          alt ok
            A-)U: async
          else failed
            A--xU: lost
          end
          Note over U,A: Done
          Note right of A: Aside
          A-->>-U: Bye
          A->>A: Self
        """
        let lines = src.split(separator: "\n", omittingEmptySubsequences: false)
        let seq = try SequenceParser.parse(lines, header: 0, origin: Self.origin)
        #expect(seq.participants.map(\.label) == ["User", "API"] && seq.participants[0].actor)
        #expect(seq.summary.hasPrefix("Sequence diagram between User, API. 1. User → API: Hello; loop Every minute: 2. API ⇢ User: Tick"))
        let d = try draw(src)
        let els = try #require(parseSVG(d.standalone))
        let texts = Set(els.filter { $0.name == "text" }.map(\.text))
        #expect(texts.isSuperset(of: ["User", "API", "1. Hello", "loop", "[Every minute]", "alt", "[ok]", "[failed]", "Done", "Aside", "6. Self"]))
    }

    @Test func dotGraph() throws {
        let d = try draw("digraph G { rankdir=LR; a [label=\"Load\\nfiles\", shape=box]; a -> b [label=\"parse\"]; subgraph cluster_x { label=\"Core\"; b; c } b -> c [style=dashed] }", .dot)
        let els = try #require(parseSVG(d.standalone))
        #expect(Set(els.filter { $0.name == "text" }.map(\.text)) == ["Load", "files", "parse", "b", "c", "Core"])
        #expect(d.summary == "Graph: Load files → b (parse); b → c.")
        let undirected = try draw("graph { x -- y }", .dot)
        #expect(!undirected.standalone.contains("<polygon class=\"h\""))
    }

    @Test func errorsPointAtTheSource() {
        func error(_ s: String, _ l: Diagram.Language = .mermaid) -> DiagramError? {
            do { _ = try draw(s, l); return nil } catch { return error }
        }
        let e1 = error("flowchart LR\n  a --> b\n  b --> [oops\n")
        #expect(e1?.line == 12 && e1?.column == 9, "\(String(describing: e1))")
        let e2 = error("flowchart LR\n  subgraph x\n  a --> b\n")
        #expect(e2?.line == 11 && e2?.message == "`subgraph` is never closed")
        let e3 = error("sequenceDiagram\n  A->>B hello\n")
        #expect(e3?.line == 11 && e3?.message.contains("`:`") == true)
        let e4 = error("sequenceDiagram\n  loop x\n  A->>B: y\n")
        #expect(e4?.line == 11)
        let e5 = error("digraph {\n  a -> b\n  c -> -> d\n}", .dot)
        #expect(e5?.line == 12 && e5?.message.hasPrefix("DOT: syntax error") == true, "\(String(describing: e5))")
        // Graphviz's parser recovers: the next graph draws.
        #expect(error("digraph { a -> b }", .dot) == nil)
        let e6 = error("classDiagram\n  class A\n")
        #expect(e6?.severity == .warning && e6?.line == 10)
        let e7 = error("flowchart XY\n")
        #expect(e7?.line == 10 && e7?.column == 11)
    }

    @Test func sameSourceSameBytes() throws {
        let a = try draw("flowchart TD\n a --> b\n"), b = try draw("flowchart TD\n a --> b\n")
        #expect(a.standalone == b.standalone && a.name == b.name)
    }

    @Test func classDefColoursMapToThemeTints() {
        #expect(NodeStyle.tint("#f96") == 2 && NodeStyle.tint("#9f9") == 3 && NodeStyle.tint("#99f") == 1 && NodeStyle.tint("#333") == nil)
        #expect(NodeStyle.tint("rgb(200, 220, 255)") == 1 && NodeStyle.tint("red") == 7)
    }

    /// WCAG contrast of the palette: text ≥ 4.5:1 on every fill it sits on, lines and borders ≥ 3:1 on the page.
    @Test func paletteContrast() {
        func lum(_ hex: String) -> Double {
            let (r, g, b) = NodeStyle.rgb(hex)!
            func c(_ v: Double) -> Double { v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
            return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b)
        }
        func ratio(_ a: String, _ b: String) -> Double { let (x, y) = (lum(a), lum(b)); return (max(x, y) + 0.05) / (min(x, y) + 0.05) }
        for dark in [false, true] {
            let c = Dictionary(uniqueKeysWithValues: DiagramTheme.colours.map { ($0.0, dark ? $0.2 : $0.1) })
            for fill in ["bg", "node", "group", "note", "activation"] + (1...7).map({ "tint-\($0)" }) {
                #expect(ratio(c["text"]!, c[fill]!) >= 4.5, "text on \(fill), dark: \(dark)")
            }
            for line in ["line", "border", "group-border"] { #expect(ratio(c[line]!, c["bg"]!) >= 3, "\(line), dark: \(dark)") }
        }
    }
}
