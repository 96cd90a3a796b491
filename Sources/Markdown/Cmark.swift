import CCmark
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A cmark node pointer. Nodes live as long as the document they were parsed into.
typealias Node = OpaquePointer

/// Node type raw values, so the renderer can switch on plain integers.
enum NodeType {
    static let document = CMARK_NODE_DOCUMENT.rawValue
    static let blockQuote = CMARK_NODE_BLOCK_QUOTE.rawValue
    static let list = CMARK_NODE_LIST.rawValue
    static let item = CMARK_NODE_ITEM.rawValue
    static let codeBlock = CMARK_NODE_CODE_BLOCK.rawValue
    static let htmlBlock = CMARK_NODE_HTML_BLOCK.rawValue
    static let customBlock = CMARK_NODE_CUSTOM_BLOCK.rawValue
    static let paragraph = CMARK_NODE_PARAGRAPH.rawValue
    static let heading = CMARK_NODE_HEADING.rawValue
    static let thematicBreak = CMARK_NODE_THEMATIC_BREAK.rawValue
    static let text = CMARK_NODE_TEXT.rawValue
    static let softBreak = CMARK_NODE_SOFTBREAK.rawValue
    static let lineBreak = CMARK_NODE_LINEBREAK.rawValue
    static let code = CMARK_NODE_CODE.rawValue
    static let htmlInline = CMARK_NODE_HTML_INLINE.rawValue
    static let customInline = CMARK_NODE_CUSTOM_INLINE.rawValue
    static let emph = CMARK_NODE_EMPH.rawValue
    static let strong = CMARK_NODE_STRONG.rawValue
    static let link = CMARK_NODE_LINK.rawValue
    static let image = CMARK_NODE_IMAGE.rawValue
}

@inline(__always) func nodeType(_ n: Node) -> UInt32 { cmark_node_get_type(n).rawValue }
@inline(__always) func nextSibling(_ n: Node) -> Node? { cmark_node_next(n) }
@inline(__always) func previousSibling(_ n: Node) -> Node? { cmark_node_previous(n) }
@inline(__always) func parentNode(_ n: Node) -> Node? { cmark_node_parent(n) }
@inline(__always) func firstChild(_ n: Node) -> Node? { cmark_node_first_child(n) }
@inline(__always) func lastChild(_ n: Node) -> Node? { cmark_node_last_child(n) }
@inline(__always) func startLine(_ n: Node) -> Int { Int(cmark_node_get_start_line(n)) }
@inline(__always) func endLine(_ n: Node) -> Int { Int(cmark_node_get_end_line(n)) }
@inline(__always) func startColumn(_ n: Node) -> Int { Int(cmark_node_get_start_column(n)) }

/// The node's literal as bytes (valid until the node changes or is freed).
@inline(__always) func literalBytes(_ n: Node) -> UnsafeBufferPointer<UInt8> {
    guard let c = cmark_node_get_literal(n) else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: UnsafeRawPointer(c).assumingMemoryBound(to: UInt8.self), count: strlen(c))
}

@inline(__always) func cStringBytes(_ c: UnsafePointer<CChar>?) -> UnsafeBufferPointer<UInt8> {
    guard let c else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: UnsafeRawPointer(c).assumingMemoryBound(to: UInt8.self), count: strlen(c))
}

func cString(_ c: UnsafePointer<CChar>?) -> String {
    guard let c else { return "" }
    return String(cString: c)
}

/// Parse options for cmark: source positions always (diagnostics, tables, heading ids), smart on request.
func cmarkParseOptions(_ options: MarkdownOptions) -> Int32 {
    var opts = CMARK_OPT_SOURCEPOS
    if options.smartPunctuation { opts |= CMARK_OPT_SMART }
    return opts
}

/// Parses bytes (NULs included; cmark turns them into U+FFFD) into a document that lives in
/// the current `withArena` arena (never freed on its own).
func parseDocument(_ bytes: [UInt8], options: Int32) -> Node {
    let parser = cmark_parser_new_with_mem(options, arenaAllocator)
    bytes.withUnsafeBufferPointer { buf in
        if let base = buf.baseAddress {
            base.withMemoryRebound(to: CChar.self, capacity: buf.count) { cmark_parser_feed(parser, $0, buf.count) }
        }
    }
    let document = cmark_parser_finish(parser)!
    cmark_parser_free(parser)
    return document
}

/// Walks every descendant of `root` (including `root`) without recursion, calling `visit` on entry.
func forEachNode(_ root: Node, _ visit: (Node) -> Void) {
    guard let iter = cmark_iter_new(root) else { return }
    defer { cmark_iter_free(iter) }
    while true {
        let ev = cmark_iter_next(iter)
        if ev == CMARK_EVENT_DONE { break }
        if ev == CMARK_EVENT_ENTER, let n = cmark_iter_get_node(iter) { visit(n) }
    }
}

/// The source of one parse: bytes plus line starts, for looking up what the author wrote.
final class SourceText: @unchecked Sendable {
    let bytes: [UInt8]
    /// Byte offset where each line starts; `lineStarts[0]` is line 1.
    let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        starts.reserveCapacity(bytes.count / 40 + 1)
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            var p = UnsafeRawPointer(base)
            var remaining = buf.count
            while remaining > 0, let hit = memchr(p, 0x0A, remaining) {
                let off = UnsafeRawPointer(hit) - UnsafeRawPointer(base) + 1
                starts.append(off)
                p = UnsafeRawPointer(base) + off
                remaining = buf.count - off
            }
        }
        self.lineStarts = starts
    }

    var lineCount: Int { lineStarts.count }

    /// The bytes of 1-based `line`, without its line ending.
    func line(_ line: Int) -> ArraySlice<UInt8> {
        guard line >= 1 && line <= lineStarts.count else { return [] }
        let s = lineStarts[line - 1]
        var e = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if e > s && bytes[e - 1] == 0x0D { e -= 1 }
        return bytes[s..<max(s, e)]
    }

    /// `line` with container prefixes removed: leading blanks and up to `quotes` `>` markers.
    func contentLine(_ line: Int, quotes: Int) -> ArraySlice<UInt8> {
        var l = self.line(line)
        var q = quotes
        while true {
            while let f = l.first, f == 0x20 || f == 0x09 { l = l.dropFirst() }
            if q > 0, let f = l.first, f == 0x3E { l = l.dropFirst(); q -= 1 } else { break }
        }
        return l
    }
}

/// How many block quotes enclose `node`.
func quoteDepth(_ node: Node) -> Int {
    var d = 0
    var p = parentNode(node)
    while let n = p {
        if nodeType(n) == NodeType.blockQuote { d += 1 }
        p = parentNode(n)
    }
    return d
}

func trimmed(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var s = s
    while let f = s.first, isSpaceByte(f) { s = s.dropFirst() }
    while let l = s.last, isSpaceByte(l) { s = s.dropLast() }
    return s
}
