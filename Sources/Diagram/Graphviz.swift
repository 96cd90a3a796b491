import CGraphviz
import Foundation

/// Graphviz's `dot` layout, used for positions only: Galley draws the SVG itself, so it carries
/// the theme's classes and colours, real text measured with the theme's font widths, and no
/// Graphviz-specific markup. Graphviz keeps global state (its parser, error hooks, plugin
/// registry): every call goes through one lock.
enum Graphviz {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var context: OpaquePointer?
    nonisolated(unsafe) private static var messages = ""

    typealias Graph = UnsafeMutablePointer<Agraph_t>

    /// Parses `dot`, lets `prepare` adjust the graph (sizes, placeholder labels), lays it out with
    /// `dot`, and hands the result to `read`. A syntax error is reported at its line in `origin`.
    static func layout<T>(_ dot: String, origin: SourceOrigin, prepare: (Graph) -> Void = { _ in },
                          read: (Graph, Frame) -> T) throws(DiagramError) -> T {
        lock.lock()
        defer { lock.unlock() }
        if context == nil {
            context = gvContext()
            _ = agseterrf { message in
                if let message { Graphviz.messages += String(cString: message) }
                return 0
            }
        }
        messages = ""
        // Graphviz's scanner keeps its state across parses: text ending inside a string, an HTML
        // label or a comment would break the next diagram of the build. Such text is not handed to it.
        if let open = unclosed(dot) { throw origin.error("DOT: " + open.what, hint: open.hint, line: open.line, column: open.column) }
        agreadline(1)   // its line count, too, runs on from the last parse
        let parsed = dot.withCString({ agmemread($0) })
        // Text after the graph stays in the scanner for the next parse: read it away.
        var extra = 0
        while let more = agmemread("") { agclose(more); extra += 1 }
        guard let g = parsed else { throw syntaxError(dot, origin: origin) }
        if extra > 0 {
            agclose(g)
            throw origin.error("DOT: a fence holds one graph", hint: "put the next graph in a fence of its own", line: 1)
        }
        defer { agclose(g) }
        prepare(g)
        guard gvLayout(context, g, "dot") == 0 else {
            throw origin.error("Graphviz could not lay out this graph: " + firstLine(messages), hint: "check the graph with `dot -Tsvg`", line: 1)
        }
        defer { gvFreeLayout(context, g) }
        let bb = galley_graph_bb(g)
        return read(g, Frame(minX: bb.LL.x, maxY: bb.UR.y, width: bb.UR.x - bb.LL.x, height: bb.UR.y - bb.LL.y))
    }

    /// Graphviz's y axis points up: this turns its points into SVG pixels, with a margin.
    struct Frame {
        var minX: Double, maxY: Double, width: Double, height: Double
        static let margin = 8.0
        func point(_ p: pointf) -> Point { Point(x: p.x - minX + Self.margin, y: maxY - p.y + Self.margin) }
        var size: (Double, Double) { (width + 2 * Self.margin, height + 2 * Self.margin) }
    }

    static func nodeCenter(_ n: UnsafeMutablePointer<Agnode_t>, _ f: Frame) -> Point {
        f.point(pointf(x: galley_node_x(n), y: galley_node_y(n)))
    }

    /// An edge's Bézier points and arrow tips.
    static func edgeGeometry(_ e: UnsafeMutablePointer<Agedge_t>, _ f: Frame, into edge: inout SceneEdge) {
        let pieces = galley_edge_pieces(e)
        guard pieces > 0 else { return }
        for i in 0..<pieces {
            let b = galley_edge_piece(e, i)!.pointee
            let pts = (0..<Int(b.size)).map { f.point(b.list[$0]) }
            edge.points += edge.points.isEmpty ? pts : Array(pts.dropFirst())
            if i == 0, b.sflag != 0 { edge.tailTip = f.point(b.sp) }
            if i == pieces - 1, b.eflag != 0 { edge.headTip = f.point(b.ep) }
        }
        var p = pointf()
        if galley_edge_label_pos(e, &p) != 0 { edge.labelCenter = f.point(p) }
    }

    /// The clusters of `g` (nested ones too), by name, with their boxes and label centres.
    static func clusters(_ g: Graph, _ f: Frame) -> [(name: String, box: Box, label: Point?)] {
        var out: [(String, Box, Point?)] = []
        let count = galley_cluster_count(g)
        guard count > 0 else { return [] }
        for i in 1...count {
            guard let c = galley_cluster(g, i) else { continue }
            let bb = galley_graph_bb(c)
            let tl = f.point(pointf(x: bb.LL.x, y: bb.UR.y))
            var p = pointf()
            let label = galley_graph_label_pos(c, &p) != 0 ? f.point(p) : nil
            out.append((String(cString: agnameof(c)), Box(x: tl.x, y: tl.y, width: bb.UR.x - bb.LL.x, height: bb.UR.y - bb.LL.y), label))
            out += clusters(c, f)
        }
        return out
    }

    static func get(_ obj: UnsafeMutableRawPointer, _ name: String) -> String? {
        guard let v = galley_get(obj, name) else { return nil }
        let s = String(cString: v)
        return s.isEmpty ? nil : s
    }

    static func isHTML(_ obj: UnsafeMutableRawPointer, _ name: String) -> Bool {
        guard let v = galley_get(obj, name) else { return false }
        return aghtmlstr(v) != 0
    }

    static func set(_ obj: UnsafeMutableRawPointer, _ name: String, _ value: String) {
        galley_set(obj, name, value)
    }

    /// An HTML-like label of a fixed size: Graphviz leaves that much room and measures no text.
    static func setPlaceholder(_ g: Graph, _ obj: UnsafeMutableRawPointer, _ name: String, width: Double, height: Double) {
        galley_set_html(g, obj, name, placeholder(width: width, height: height))
    }

    static func placeholder(width: Double, height: Double) -> String {
        "<TABLE BORDER=\"0\" CELLPADDING=\"0\" CELLSPACING=\"0\"><TR><TD FIXEDSIZE=\"TRUE\" WIDTH=\"\(Int(width.rounded(.up)))\" HEIGHT=\"\(Int(height.rounded(.up)))\"></TD></TR></TABLE>"
    }

    private static func firstLine(_ s: String) -> String {
        String(s.split(separator: "\n").first ?? "unknown error").replacingOccurrences(of: "Error: ", with: "")
    }

    /// A `"…"` string, `<…>` HTML label or `/* … */` comment still open at the end of the text, where
    /// it opened; or text after the graph's closing brace, where it starts.
    static func unclosed(_ dot: String) -> (what: String, hint: String, line: Int, column: Int)? {
        enum State { case plain, string, html, comment }
        let chars = Array(dot.unicodeScalars)
        var state = State.plain, nest = 0, line = 1, lineStart = 0, opened = (1, 1), i = 0
        var depth = 0, closed = false
        func next(_ k: Int) -> Unicode.Scalar? { i + k < chars.count ? chars[i + k] : nil }
        while i < chars.count {
            let c = chars[i], at = (line, i - lineStart + 1)
            switch state {
            case .plain:
                if closed, !c.properties.isWhitespace, !(c == "/" && (next(1) == "*" || next(1) == "/")), !(c == "#" && i == lineStart) {
                    return ("text after the graph's closing `}`", "a fence holds one graph: put the next one in a fence of its own", at.0, at.1)
                }
                if c == "{" { depth += 1 } else if c == "}" { depth -= 1; closed = depth == 0 }
                if c == "\"" { state = .string; opened = at }
                else if c == "<" { state = .html; nest = 1; opened = at }
                else if c == "/", next(1) == "*" { state = .comment; opened = at; i += 1 }
                else if (c == "/" && next(1) == "/") || (c == "#" && i == lineStart) {
                    while i + 1 < chars.count, chars[i + 1] != "\n" { i += 1 }
                }
            case .string:
                if c == "\\", next(1) != nil { i += 1 }
                else if c == "\"" { state = .plain }
            case .html:
                if c == "<" { nest += 1 } else if c == ">" { nest -= 1; if nest == 0 { state = .plain } }
            case .comment:
                if c == "*", next(1) == "/" { state = .plain; i += 1 }
            }
            if chars[i] == "\n" { line += 1; lineStart = i + 1 }
            i += 1
        }
        switch state {
        case .plain: return nil
        case .string: return ("a quoted string is not closed", "end it with `\"` (a `\"` inside it is written `\\\"`)", opened.0, opened.1)
        case .html: return ("an HTML label `<…>` is not closed", "every `<` needs its `>`; a literal `<` inside it is `&lt;`", opened.0, opened.1)
        case .comment: return ("a comment `/* … */` is not closed", "end it with `*/`", opened.0, opened.1)
        }
    }

    /// Graphviz says "syntax error in line 3 near 'x'": the line, and the column of `x` in it.
    private static func syntaxError(_ dot: String, origin: SourceOrigin) -> DiagramError {
        let text = firstLine(messages)
        var line = 1, column = 1, near: String?
        if let r = text.range(of: "line ") {
            line = Int(text[r.upperBound...].prefix(while: \.isNumber)) ?? 1
        }
        if let r = text.range(of: "near '"), let end = text[r.upperBound...].firstIndex(of: "'") {
            near = String(text[r.upperBound..<end])
        }
        let lines = dot.split(separator: "\n", omittingEmptySubsequences: false)
        // At the end of the text Graphviz counts a line past the last.
        line = min(max(line, 1), lines.count)
        if let near, !near.isEmpty, line >= 1, line <= lines.count, let r = lines[line - 1].range(of: near) {
            column = lines[line - 1].distance(from: lines[line - 1].startIndex, to: r.lowerBound) + 1
        }
        let what = near.map { "syntax error near `\($0)`" } ?? "syntax error"
        return origin.error("DOT: " + what, hint: "statements look like `a -> b [label=\"x\"];`, inside `digraph { … }`; see graphviz.org/doc/info/lang.html", line: line, column: column)
    }
}
