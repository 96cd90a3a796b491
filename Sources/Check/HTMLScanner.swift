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

    /// Parses a page with libxml2's HTML parser in SAX mode: no tree is built (building and freeing
    /// one cost more than the parse), and each start tag is read where it is written.
    static func scan(_ data: Data) -> PageScan {
        XMLTree.initializeLibrary()
        let bytes = [UInt8](data)
        guard !bytes.isEmpty else {
            var result = PageScan()
            result.diagnostics.append((1, 1, .error, "html-empty", "page is empty"))
            return result
        }
        let errors = ErrorBox()
        let errorsRef = Unmanaged.passRetained(errors)
        defer { errorsRef.release() }
        // The handler is per thread and this function never suspends, so it cannot leak to other pages.
        xmlSetStructuredErrorFunc(errorsRef.toOpaque()) { ctx, error in
            guard let ctx, let error else { return }
            let box = Unmanaged<ErrorBox>.fromOpaque(ctx).takeUnretainedValue()
            let e = error.pointee
            if e.code == 801 || e.code == 513 { return }  // unknown (HTML5) tags, duplicate ids: see classify
            let message = e.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
            box.errors.append((Int32(e.code), Int(e.line), Int(e.int2), message))
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let state = bytes.withUnsafeBufferPointer { buf -> PageSAX in
            let state = PageSAX(bytes: buf)
            let stateRef = Unmanaged.passRetained(state)
            defer { stateRef.release() }
            let ctxt = buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) {
                htmlCreateMemoryParserCtxt($0, Int32(buf.count))
            }
            guard let ctxt else { return state }
            defer { htmlFreeParserCtxt(ctxt) }
            // The page is UTF-8 (Galley writes it so): no converter, so parser offsets are byte offsets.
            _ = htmlCtxtUseOptions(ctxt, Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
                                               | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_IGNORE_ENC.rawValue))
            // Without this the parser meets the first non-ASCII byte, finds no http-equiv charset and
            // re-reads the page as Latin-1 through a converter.
            ctxt.pointee.charset = Int32(XML_CHAR_ENCODING_UTF8.rawValue)
            ctxt.pointee.sax.pointee = htmlSAXHandler()
            ctxt.pointee.sax.pointee.startElement = { ctx, name, atts in
                guard let ctx, let name else { return }
                let ctxt = ctx.assumingMemoryBound(to: xmlParserCtxt.self)
                guard let owner = ctxt.pointee._private else { return }
                Unmanaged<PageSAX>.fromOpaque(owner).takeUnretainedValue().element(name, atts, ctxt)
            }
            ctxt.pointee._private = stateRef.toOpaque()
            _ = htmlParseDocument(ctxt)
            ctxt.pointee._private = nil
            return state
        }
        var result = state.scan
        if !errors.errors.isEmpty {
            let rawText = rawTextRanges(bytes)
            var lineStarts: [Int] = [0]
            if !rawText.isEmpty { for (i, b) in bytes.enumerated() where b == 10 { lineStarts.append(i + 1) } }
            func position(line: Int, column: Int) -> Int {
                guard line >= 1, line <= lineStarts.count else { return -1 }
                return lineStarts[line - 1] + max(0, column - 1)
            }
            var found: [(line: Int, column: Int, severity: FeedDiagnostic.Severity, rule: String, message: String)] = []
            var reported = Set<String>()
            for e in errors.errors where !rawText.contains(where: { $0.contains(position(line: e.line, column: e.column)) }) {
                guard let (severity, rule) = classify(code: e.code, message: e.message) else { continue }
                let message = e.code == 81 ? "bytes that are not UTF-8 (pages must be UTF-8: re-save the source file as UTF-8)" : e.message
                // One report per problem and line: a run of bad bytes is one mistake, not one per byte.
                guard reported.insert("\(e.line) \(rule) \(message)").inserted else { continue }
                found.append((e.line, e.column, severity, rule, message))
            }
            result.diagnostics = found + result.diagnostics
        }
        if !state.sawElement {
            result.diagnostics.append((1, 1, .error, "html-parse", "libxml2 could not parse the page"))
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
        case 9, 1, 2, 3, 4, 5, 6, 7, 8, 81: return (.error, "html-encoding")  // invalid characters / encoding
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

    static func srcsetURLs(_ value: String) -> [String] {
        value.split(separator: ",").compactMap { candidate in
            candidate.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first.map(String.init)
        }
    }
}
