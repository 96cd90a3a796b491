import Foundation
import Testing
import TestSupport
@testable import Diagram

/// Random mermaid and DOT sources, made of the syntax's own pieces and stray characters: every one
/// either draws well-formed SVG or is a `DiagramError` inside the fence, never a crash or a hang.
@Suite struct DiagramFuzzTests {
    /// SplitMix64: the same sources on every run, so a failure can be replayed from its seed.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            return z ^ (z >> 31)
        }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func pick<T>(_ xs: [T]) -> T { xs[int(xs.count)] }
    }

    static let flowPieces = ["a", "b", "c1", "end", "subgraph s", "subgraph", "[", "]", "(", ")", "{", "}", "((", "))", "[(", ")]", ">",
                             "-->", "---", "-.->", "==>", "--x", "--o", "<-->", "~~~", "-- t -->", "|x|", "|", "&", ":::hot", ";",
                             "classDef hot fill:#f96", "class a hot", "style a stroke:#f00", "click a", "\"q\"", "%%", "é", "\t", " ", " ", " "]
    static let seqPieces = ["A", "B", "C", "->>", "-->>", "-x", "-)", "->", "<<->>", ":", " hi", "+", "-", "participant", "actor", " as ",
                            "Note over", "Note left of", "right of", ",", "loop", "alt", "else", "opt", "par", "and", "end", "rect", "box",
                            "activate", "deactivate", "autonumber", "critical", "option", "break", "\"", " ", " "]
    static let dotPieces = ["a", "b", "c", "->", "--", "{", "}", "[", "]", "=", ";", ",", "label", "\"x\"", "shape", "box", "record",
                            "\"{a|<p>b}\"", "subgraph", "cluster_x", "rankdir", "LR", "style", "filled", "fillcolor", "red", "<", ">",
                            "<B>h</B>", "node", "edge", "graph", "rank", "same", "\\n", "xlabel", "color", " ", " ", "\n"]

    func source(_ r: inout Random, header: String, pieces: [String]) -> String {
        var lines = [header]
        for _ in 0..<(1 + r.int(8)) {
            var line = ""
            for _ in 0..<r.int(7) { line += r.int(12) == 0 ? String(UnicodeScalar(UInt8(32 + r.int(95)))) : r.pick(pieces) }
            lines.append(line)
        }
        if r.int(3) == 0 { lines.append("end") }
        return lines.joined(separator: "\n")
    }

    func check(_ src: String, _ language: Diagram.Language, seed: Int) {
        let origin = SourceOrigin(line: 20)
        let lines = src.split(separator: "\n", omittingEmptySubsequences: false).count
        let start = Date()
        do {
            let d = try Diagram.render(src, language: language, origin: origin)
            #expect(parseSVG(d.standalone) != nil, "seed \(seed): \(src)")
            #expect(d.width.isFinite && d.height.isFinite && d.width > 0, "seed \(seed)")
            for w in d.warnings { #expect(w.severity == .warning && (20..<(20 + lines)).contains(w.line), "seed \(seed): \(w)") }
        } catch {
            #expect((20..<(20 + lines)).contains(error.line) && error.column >= 1, "seed \(seed): \(error) in\n\(src)")
            #expect(!error.message.isEmpty && error.hint?.isEmpty == false, "seed \(seed): \(error)")
        }
        #expect(Date().timeIntervalSince(start) < 5, "seed \(seed) took too long:\n\(src)")
    }

    @Test func randomFlowcharts() {
        var r = Random(state: 1)
        for seed in 0..<300 { check(source(&r, header: r.pick(["flowchart LR", "graph TD", "flowchart"]), pieces: Self.flowPieces), .mermaid, seed: seed) }
    }

    @Test func randomSequenceDiagrams() {
        var r = Random(state: 2)
        for seed in 0..<300 { check(source(&r, header: "sequenceDiagram", pieces: Self.seqPieces), .mermaid, seed: seed) }
    }

    @Test func randomDOT() {
        var r = Random(state: 3)
        for seed in 0..<300 {
            let body = source(&r, header: r.pick(["digraph G {", "graph {", "strict digraph {", "digraph"]), pieces: Self.dotPieces)
            check(body + (r.int(4) == 0 ? "" : "\n}"), .dot, seed: seed)
            // Graphviz's scanner is global: whatever the last source was, the next one reads clean.
            do { _ = try Diagram.render("digraph {\n  a -> b\n  c -> -> d\n}", language: .dot, origin: SourceOrigin(line: 1)) } catch {
                #expect(error.line == 3 && error.column == 5, "seed \(seed) left Graphviz in a state: \(body)")
            }
            #expect((try? Diagram.render("digraph { x -> y }", language: .dot, origin: SourceOrigin(line: 1))) != nil, "seed \(seed): \(body)")
        }
    }

    /// Bytes that are not text at all, and sources cut at every length.
    @Test func truncatedAndBinary() {
        let full = "flowchart LR\n  a[Client] -->|HTTP| b(API)\n  subgraph s [S]\n    b --> c{ok?}\n  end\n"
        for n in 0...full.count { check(String(full.prefix(n)), .mermaid, seed: n) }
        let dot = "digraph { a -> b [label=\"x\"]; subgraph cluster_1 { label=\"C\"; c } }"
        for n in 0...dot.count { check(String(dot.prefix(n)), .dot, seed: n) }
        var r = Random(state: 4)
        for seed in 0..<50 {
            let bytes = (0..<r.int(200)).map { _ in UInt8(r.int(256)) }
            check(String(decoding: bytes, as: UTF8.self), r.int(2) == 0 ? .mermaid : .dot, seed: seed)
        }
    }
}
