import Foundation
import CLibXML2
import Feed

/// A URL a page refers to, with where it is written.
struct PageReference: Sendable {
    enum Kind: String, Sendable { case link, image, asset }
    var kind: Kind
    var url: String
    var line: Int
    var column: Int
}

/// What the link pass needs from one page, collected in its parse.
struct PageScan: Sendable {
    var ids: Set<String> = []
    var references: [PageReference] = []
    var diagnostics: [(line: Int, column: Int, severity: FeedDiagnostic.Severity, rule: String, message: String)] = []
}

/// One libxml2 error as reported to the structured handler.
private final class ErrorBox {
    var errors: [(code: Int32, line: Int, column: Int, message: String)] = []
}

/// Parses pages with libxml2's HTML parser and keeps only what indicates real breakage.
/// libxml2 2.9 predates HTML5 and calls `<nav>`, `<main>`, `<svg>`… invalid tags: those are ignored.
enum HTMLScanner {
    /// Elements whose attributes point at other files, and which kind a missing target is.
    static let urlAttributes: [String: [(String, PageReference.Kind)]] = [
        "a": [("href", .link)], "area": [("href", .link)], "link": [("href", .asset)],
        "img": [("src", .image), ("srcset", .image)], "source": [("src", .asset), ("srcset", .image)],
        "script": [("src", .asset)], "video": [("src", .asset), ("poster", .image)], "audio": [("src", .asset)],
        "iframe": [("src", .link)], "embed": [("src", .asset)], "track": [("src", .asset)], "input": [("src", .image)],
        "object": [("data", .asset)],
    ]

    static func scan(_ data: Data) -> PageScan {
        XMLTree.initializeLibrary()
        var result = PageScan()
        let bytes = [UInt8](data)
        guard !bytes.isEmpty else {
            result.diagnostics.append((1, 1, .error, "html-empty", "page is empty"))
            return result
        }
        let box = ErrorBox()
        let unmanaged = Unmanaged.passRetained(box)
        defer { unmanaged.release() }
        // The handler is per thread and this function never suspends, so it cannot leak to other pages.
        xmlSetStructuredErrorFunc(unmanaged.toOpaque()) { ctx, error in
            guard let ctx, let error else { return }
            let box = Unmanaged<ErrorBox>.fromOpaque(ctx).takeUnretainedValue()
            let e = error.pointee
            if e.code == 801 || e.code == 513 { return }  // unknown (HTML5) tags, duplicate ids: see classify
            let message = e.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
            box.errors.append((Int32(e.code), Int(e.line), Int(e.int2), message))
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let opts = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NOBLANKS.rawValue)
        let doc = bytes.withUnsafeBufferPointer { buf in
            buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) { ptr in
                htmlReadMemory(ptr, Int32(buf.count), nil, "UTF-8", opts)
            }
        }
        let rawText = rawTextRanges(bytes)
        var lineStarts: [Int] = [0]
        if !rawText.isEmpty { for (i, b) in bytes.enumerated() where b == 10 { lineStarts.append(i + 1) } }
        func position(line: Int, column: Int) -> Int {
            guard line >= 1, line <= lineStarts.count else { return -1 }
            return lineStarts[line - 1] + max(0, column - 1)
        }
        for e in box.errors where !rawText.contains(where: { $0.contains(position(line: e.line, column: e.column)) }) {
            if let (severity, rule) = classify(code: e.code, message: e.message) {
                result.diagnostics.append((e.line, e.column, severity, rule, e.message))
            }
        }
        guard let doc else {
            result.diagnostics.append((1, 1, .error, "html-parse", "libxml2 could not parse the page"))
            return result
        }
        defer { xmlFreeDoc(doc) }
        var locator = HTMLColumnLocator(bytes: bytes)
        var idLines: [String: Int] = [:]
        if let root = xmlDocGetRootElement(doc) {
            walk(root) { node in
                let tag = String(cString: node.pointee.name).lowercased()
                let line = Int(xmlGetLineNo(node))
                _ = locator.column(line: line, needle: "<" + tag)  // moves the cursor to this element
                if let id = attribute(node, "id") {
                    if id.isEmpty {
                        result.diagnostics.append((line, locator.column(line: line, needle: "id="), .warning, "html-empty-id", "<\(tag)> has an empty id"))
                    } else if let first = idLines[id] {
                        result.diagnostics.append((line, locator.column(line: line, needle: "id=") + 4, .error, "html-duplicate-id",
                                                   "id \"\(id)\" is already used on line \(first)"))
                    } else {
                        idLines[id] = line
                    }
                    result.ids.insert(id)
                }
                if tag == "a", let name = attribute(node, "name"), !name.isEmpty { result.ids.insert(name) }
                guard let attrs = urlAttributes[tag] else { return }
                if tag == "link", let rel = attribute(node, "rel")?.lowercased(),
                   ["preconnect", "dns-prefetch", "canonical", "me", "webmention", "pingback"].contains(where: rel.contains) {
                    return
                }
                for (name, kind) in attrs {
                    guard let value = attribute(node, name) else { continue }
                    let urls = name == "srcset" ? srcsetURLs(value) : [value]
                    for url in urls {
                        result.references.append(PageReference(kind: kind, url: url, line: line, column: locator.column(line: line, needle: url)))
                    }
                }
            }
        }
        return result
    }

    /// Keeps parse errors that mean a browser will build a different tree than the author meant.
    static func classify(code: Int32, message: String) -> (FeedDiagnostic.Severity, String)? {
        switch code {
        case 801: return nil  // XML_HTML_UNKNOWN_TAG: HTML5 elements libxml2 2.9 does not know.
        case 77: return (.error, "html-unclosed-tag")  // XML_ERR_TAG_NOT_FINISHED
        case 42: return (.error, "html-duplicate-attribute")  // XML_ERR_ATTRIBUTE_REDEFINED
        case 800, 76:  // XML_HTML_STRUCURE_ERROR, XML_ERR_TAG_NAME_MISMATCH
            if message.hasPrefix("Unexpected end tag") { return (.error, "html-unexpected-end-tag") }
            if message.hasPrefix("Opening and ending tag mismatch") { return (.error, "html-tag-mismatch") }
            return (.error, "html-structure")
        case 23, 24, 25, 26, 27, 28: return nil  // `AT&T`-style bare ampersands are fine in HTML5
        case 513: return nil  // XML_DTD_ID_REDEFINED: reported as html-duplicate-id with both lines
        case 9, 1, 2, 3, 4, 5, 6, 7, 8: return (.error, "html-encoding")  // invalid characters / encoding
        default:
            return (.error, "html-parse")
        }
    }

    /// Byte ranges of `<script>` and `<style>` contents. HTML5 ends them only at their own end tag,
    /// but libxml2 2.9 complains about `"</div>"` inside a script string: such errors are dropped.
    static func rawTextRanges(_ b: [UInt8]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var i = 0
        let n = b.count
        func lower(_ c: UInt8) -> UInt8 { (c >= 65 && c <= 90) ? c + 32 : c }
        func matches(_ at: Int, _ word: [UInt8]) -> Bool {
            at + word.count <= n && (0..<word.count).allSatisfy { lower(b[at + $0]) == word[$0] }
        }
        while i < n {
            guard b[i] == 60 else { i += 1; continue }
            var tag: [UInt8]?
            for t in [Array("<script".utf8), Array("<style".utf8)] where matches(i, t) { tag = t }
            guard let tag, i + tag.count < n, [62, 32, 9, 10, 13, 47].contains(b[i + tag.count]) else { i += 1; continue }
            var j = i + tag.count
            while j < n, b[j] != 62 { j += 1 }
            let start = j + 1
            let close = [60, 47] + Array(tag.dropFirst())
            var k = start
            while k < n, !matches(k, close) { k += 1 }
            out.append(start..<k)
            i = k + 1
        }
        return out
    }

    static func walk(_ node: xmlNodePtr, _ visit: (xmlNodePtr) -> Void) {
        var stack: [xmlNodePtr] = [node]
        while let n = stack.popLast() {
            visit(n)
            var children: [xmlNodePtr] = []
            var c = n.pointee.children
            while let child = c {
                if child.pointee.type == XML_ELEMENT_NODE { children.append(child) }
                c = child.pointee.next
            }
            stack.append(contentsOf: children.reversed())
        }
    }

    static func attribute(_ node: xmlNodePtr, _ name: String) -> String? {
        guard let v = xmlGetProp(node, name) else { return nil }
        defer { galley_xmlFree(v) }
        return String(cString: v)
    }

    static func srcsetURLs(_ value: String) -> [String] {
        value.split(separator: ",").compactMap { candidate in
            candidate.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first.map(String.init)
        }
    }
}

/// libxml2 gives lines only; the column is where `needle` first appears on that line at or
/// after the previous hit, so repeated links on one line get their own columns.
struct HTMLColumnLocator {
    let bytes: [UInt8]
    var lineStarts: [Int] = [0]
    var cursor: [Int: Int] = [:]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        for (i, b) in bytes.enumerated() where b == 10 { lineStarts.append(i + 1) }
    }

    mutating func column(line: Int, needle: String) -> Int {
        guard line >= 1, line <= lineStarts.count, !needle.isEmpty else { return 1 }
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] : bytes.count
        let n = Array(needle.utf8)
        var i = cursor[line] ?? start
        while i + n.count <= end {
            if bytes[i] == n[0], bytes[i..<(i + n.count)].elementsEqual(n) {
                cursor[line] = i + 1
                return i - start + 1
            }
            i += 1
        }
        if let c = cursor[line], c > start {  // appeared before the previous hit (attribute order)
            cursor[line] = start
            let col = column(line: line, needle: needle)
            cursor[line] = c
            return col
        }
        return 1
    }
}
