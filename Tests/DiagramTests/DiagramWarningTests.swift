import Testing
import TestSupport
@testable import Diagram

/// What a source asks for that is not drawn is a warning at its line, once per kind per diagram;
/// what Galley does read (accTitle, accDescr) changes the output.
@Suite struct DiagramWarningTests {
    func warnings(_ src: String, _ language: Diagram.Language = .mermaid) throws -> [String] {
        try Diagram.render(src, language: language, origin: SourceOrigin(line: 5)).warnings.map { w in
            #expect(w.severity == .warning && w.hint != nil)
            return "\(w.line):\(w.column) \(w.message)"
        }
    }

    @Test func flowchartStatementsThatAreNotDrawn() throws {
        let w = try warnings("flowchart LR\n  a --> b\n  click a \"https://x\"\n  click b call f()\n  linkStyle 0 stroke:#f00\n  classDef hot fill:#f96,stroke:#333,stroke-width:4px\n  style b fill:#888,color:#fff,stroke:#000\n")
        #expect(w == ["7:3 `click` is not drawn: diagrams carry no links or script",
                      "9:3 `linkStyle` is not drawn: lines take the theme's colours",
                      "10:16 `stroke`, `stroke-width` are not drawn: diagrams take the theme's colours and font",
                      "11:11 `fill:#888`, `color` are not drawn: diagrams take the theme's colours and font"])
        #expect(try warnings("flowchart LR\n  a --> b\n  classDef hot fill:#f96,font-weight:bold\n").isEmpty)
    }

    @Test func directivesAndFrontMatterConfig() throws {
        #expect(try warnings("%%{init: {'theme': 'forest'}}%%\nflowchart LR\n  a --> b\n") == ["5:1 `%%{…}%%` directives are not read: diagrams take the theme's colours, font and layout"])
        #expect(try warnings("---\ntitle: T\nconfig:\n  look: handDrawn\n---\nflowchart LR\n  a --> b\n") == ["7:1 front matter `config:` is not read: diagrams take the theme's colours, font and layout"])
    }

    @Test func accessibleTitleAndDescriptionAreRead() throws {
        let d = try Diagram.render("flowchart LR\n  accTitle: Deploys\n  accDescr: How a commit reaches production\n  a --> b\n", language: .mermaid, origin: SourceOrigin(line: 1))
        #expect(d.warnings.isEmpty && d.title == "Deploys" && d.summary == "How a commit reaches production")
        let els = try #require(parseSVG(d.standalone))
        #expect(els.first { $0.name == "title" }?.text == "Deploys" && els.first { $0.name == "desc" }?.text == "How a commit reaches production")
        let s = try Diagram.render("sequenceDiagram\n  accTitle: Login\n  A->>B: hi\n", language: .mermaid, origin: SourceOrigin(line: 1))
        #expect(s.title == "Login" && s.warnings.isEmpty)
    }

    @Test func sequenceStatementsThatAreNotDrawn() throws {
        let w = try warnings("sequenceDiagram\n  box Aqua Group\n  participant A\n  end\n  link A: Docs @ https://x\n  link A: More @ https://y\n  A->>B: hi\n  destroy B\n")
        #expect(w == ["6:3 `box` is not drawn: its participants are shown without the group",
                      "9:3 `link` is not drawn: diagrams carry no menus, links or script",
                      "12:3 `destroy` is not drawn: a participant's line runs to the end"])
        let off = try Diagram.render("sequenceDiagram\n  autonumber\n  A->>B: one\n  autonumber off\n  A->>B: two\n", language: .mermaid, origin: SourceOrigin(line: 1))
        let texts = try #require(parseSVG(off.standalone)).filter { $0.name == "text" }.map(\.text)
        #expect(texts.contains("1. one") && texts.contains("two"))
    }

    @Test func dotAttributesThatAreNotDrawn() throws {
        let w = try warnings("digraph {\n  node [fontname=\"Helvetica\", color=red]\n  a -> b [color=blue, penwidth=2]\n  a -> c [color=green]\n  c [style=filled, color=orange]\n  b [URL=\"https://x\", image=\"/etc/passwd\"]\n}", .dot)
        #expect(w == ["6:31 DOT: `color` is not drawn: colours are the theme's",
                      "6:9 DOT: `fontname` is not drawn: text is in the theme's font",
                      "10:6 DOT: `URL` is not drawn: diagrams carry no links",
                      "10:23 DOT: `image` is not drawn: images in nodes are not drawn (nor read)",
                      "7:23 DOT: `penwidth` is not drawn: lines are the theme's"])
        #expect(try warnings("digraph {\n  a [style=filled, fillcolor=gray]\n  b [style=filled, fillcolor=grey90]\n}", .dot)
                == ["6:20 DOT: the fill `gray` has no theme tint: the node keeps the theme's colour"])
        // A filled node's colour is its fill: no warning; `layout=dot` is what Galley does anyway.
        #expect(try warnings("digraph { layout=dot; a [style=filled, color=orange] }", .dot).isEmpty)
    }
}

/// Graphviz's scanner keeps its state between parses: a DOT fence that ends inside a string, an
/// HTML label or a comment is an error where that opened, and the next diagram still draws.
@Suite struct DotScannerStateTests {
    @Test func unclosedTextIsAnErrorWhereItOpened() throws {
        let cases: [(String, Int, Int, String)] = [
            ("digraph {\n  a [label=\"x]\n}", 2, 12, "a quoted string is not closed"),
            ("digraph {\n  a [label=<b<i>x</i>]\n}", 2, 12, "an HTML label `<…>` is not closed"),
            ("digraph {\n  a -> b /* why\n}", 2, 10, "a comment `/* … */` is not closed"),
            ("graph {\n}junk\n  }", 2, 2, "text after the graph's closing `}`"),
            ("digraph { a } // one\ndigraph { b }", 2, 1, "text after the graph's closing `}`"),
        ]
        for (src, line, column, message) in cases {
            do {
                _ = try Diagram.render(src, language: .dot, origin: SourceOrigin(line: 1))
                Issue.record("no error for \(src)")
            } catch {
                #expect(error.line == line && error.column == column && error.message == "DOT: " + message, "\(error)")
            }
            let next = try Diagram.render("digraph { a -> b }", language: .dot, origin: SourceOrigin(line: 1))
            #expect(try #require(parseSVG(next.standalone)).filter { $0.name == "text" }.map(\.text) == ["a", "b"])
        }
        // Closed ones, comments and escapes draw.
        let ok = try Diagram.render("digraph {\n# a line comment \"\n  a [label=\"say \\\"hi\\\"\"] // and <this\n  /* \" */ a -> b [label=<x<b>y</b>>]\n}", language: .dot, origin: SourceOrigin(line: 1))
        #expect(Set(try #require(parseSVG(ok.standalone)).filter { $0.name == "text" }.map(\.text)) == ["say \"hi\"", "b", "xy"])
    }
}
