import Foundation
import CLibXML2
import TextBytes

/// An element of a parsed document, copied out of libxml2 so rules are plain Swift
/// over value types and no C pointer outlives the parse.
public struct XMLElementNode: Sendable {
    public var name: String { didSet { itemKey = nil } }
    public var namespace: String? { didSet { itemKey = nil } }
    /// Attributes by local name; namespaced ones also as `{uri}name`.
    public var attributes: [String: String] { didSet { itemKey = nil } }
    public var children: [XMLElementNode] { didSet { itemKey = nil } }
    /// Concatenated text and CDATA of direct children.
    public var text: String { didSet { textDigest = nil; itemKey = nil } }
    /// `TextCheckMemo.digest` of `text`'s bytes when it has 64 or more, taken as the parse makes the text (while its
    /// bytes are in cache) so the item memo's key and the text checks need not read a post's content again; nil otherwise.
    var textDigest: Int?
    public var line: Int { didSet { itemKey = nil } }
    public var column: Int { didSet { itemKey = nil } }
    /// `RSSRules.ItemChecks.contentKey` of this element, taken once when an RSS item parsed alone is kept for every
    /// feed carrying it (`XMLTree.parseItem`): keying each copy again was a visible share of checking (measured).
    /// Any change to the element or below it clears it (a child's change sets `children`); moving the whole
    /// subtree's lines together keeps it (`shiftingLines`), since the key reads lines relative to the element's.
    var itemKey: TextCheckMemo.Key?

    public func first(_ name: String, ns: String? = nil) -> XMLElementNode? {
        children.first { $0.name == name && (ns == nil || $0.namespace == ns) }
    }

    /// First child with this name in no namespace (plain RSS elements).
    public func plain(_ name: String) -> XMLElementNode? {
        children.first { $0.name == name && $0.namespace == nil }
    }

    public func all(_ name: String, ns: String? = nil) -> [XMLElementNode] {
        children.filter { $0.name == name && (ns == nil || $0.namespace == ns) }
    }

    /// Text with leading and trailing whitespace removed, as readers show it.
    /// Most texts start and end with a visible ASCII character and need no copy; a feed's content is tens of kilobytes.
    public var trimmedText: String {
        guard let first = text.utf8.first, let last = text.utf8.last else { return text }
        @inline(__always) func plainASCII(_ c: UInt8) -> Bool { c > 32 && c < 128 }
        if plainASCII(first), plainASCII(last) { return text }
        return Self.trimmedASCII(text) ?? text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `text` trimmed of ASCII whitespace (tab, line feed, vertical tab, form feed, carriage return, space),
    /// when what is left is empty or starts and ends with a visible ASCII character: then Foundation's
    /// trimming would stop at the same places. Nil otherwise. The indentation between a parent's children
    /// is trimmed for every channel and item of every feed written, and Foundation's trimming was visible there.
    static func trimmedASCII(_ text: String) -> String? {
        let u = text.utf8
        @inline(__always) func space(_ c: UInt8) -> Bool { c == 32 || (c >= 9 && c <= 13) }
        @inline(__always) func plainASCII(_ c: UInt8) -> Bool { c > 32 && c < 128 }
        var lo = u.startIndex, hi = u.endIndex
        while lo < hi, space(u[lo]) { lo = u.index(after: lo) }
        while hi > lo, space(u[u.index(before: hi)]) { hi = u.index(before: hi) }
        if lo == hi { return "" }
        guard plainASCII(u[lo]), plainASCII(u[u.index(before: hi)]) else { return nil }
        return String(Substring(u[lo..<hi]))
    }
}

/// An XML parse error from libxml2.
public struct XMLParseError: Error, Sendable {
    public var message: String
    public var line: Int
    public var column: Int
}

/// The first error libxml2 reports during one parse.
private final class FirstError {
    var error: XMLParseError?
}

public enum XMLTree {
    /// libxml2 must be initialised once before threads use it (2.9 does it lazily, racily); `static let` runs once.
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Call before any libxml2 use from concurrent code.
    public static func initializeLibrary() {
        _ = initialized
    }

    /// Parses `data` (network access off, entities not expanded) and returns the root element.
    /// `bulkCDATA`: parse with libxml2's push parser, which checks a CDATA section in one pass over its bytes;
    /// the pull parser decodes it a character at a time (`xmlParseCDSect`/`xmlCurrentChar` were a third of a
    /// `galley serve` save's CPU, measured). Same tree; on any fault the pull parser runs again, so the error
    /// reported is the pull parser's.
    public static func parse(_ data: Data, bulkCDATA: Bool = false) -> Result<XMLElementNode, XMLParseError> {
        if bulkCDATA, case .success(let root)? = parse(data, push: true) { return .success(root) }
        return parse(data, push: false) ?? .failure(XMLParseError(message: "out of memory", line: 0, column: 0))
    }

    /// One parse; nil when libxml2 could not make a parser.
    static func parse(_ data: Data, push: Bool) -> Result<XMLElementNode, XMLParseError>? {
        // Read in place: copying every feed written into an array was a visible share of validating (measured).
        data.withUnsafeBytes { raw in parse(raw.bindMemory(to: UInt8.self), push: push) }
    }

    /// `cdata`: the texts of a placeholder's CDATA sections (`CDATASections`), put back in the tree.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, push: Bool, cdata: CDATASections? = nil) -> Result<XMLElementNode, XMLParseError>? {
        initializeLibrary()
        guard bytes.count > 0 else { return .failure(XMLParseError(message: "empty document", line: 1, column: 1)) }
        guard bytes.count < Int(Int32.max) else { return .failure(XMLParseError(message: "document over 2 GB", line: 0, column: 0)) }
        // HUGE: a long post is one text node of its feed item, past libxml2's default 10 MB limit
        // (entities are still not expanded, so this lets no entity grow anything).
        let opts = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_HUGE.rawValue)
        // The push parser sees the first bytes (for the encoding) when made, the rest in one final chunk.
        let head = min(4, bytes.count)
        let made = push ? bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            xmlCreatePushParserCtxt(nil, nil, $0, Int32(head), nil)
        } : xmlNewParserCtxt()
        guard let ctxt = made else { return nil }
        defer { xmlFreeParserCtxt(ctxt) }
        // libxml2 goes on after some faults (an undeclared prefix, an undefined entity) and keeps only
        // the last in `lastError`; the first is where the author must look, and the cause of the rest.
        let first = FirstError()
        let firstRef = Unmanaged.passRetained(first)
        defer { firstRef.release() }
        // The handler is per thread and the parse never suspends, so it cannot leak to other documents.
        xmlSetStructuredErrorFunc(firstRef.toOpaque()) { ctx, error in
            guard let ctx, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let box = Unmanaged<FirstError>.fromOpaque(ctx).takeUnretainedValue()
            guard box.error == nil else { return }
            let e = error.pointee
            let msg = e.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "not well-formed"
            box.error = XMLParseError(message: msg, line: Int(e.line), column: Int(e.int2))
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let doc = bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { ptr -> xmlDocPtr? in
            guard push else { return xmlCtxtReadMemory(ctxt, ptr, Int32(bytes.count), nil, nil, opts) }
            xmlCtxtUseOptions(ctxt, opts)
            _ = xmlParseChunk(ctxt, ptr + head, Int32(bytes.count - head), 1)
            return ctxt.pointee.myDoc
        }
        func lastError() -> XMLParseError {
            if let e = first.error { return e }
            let err = ctxt.pointee.lastError
            let msg = err.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "not well-formed"
            return XMLParseError(message: msg, line: Int(err.line), column: Int(err.int2))
        }
        guard let doc else { return .failure(lastError()) }
        defer { xmlFreeDoc(doc) }
        if ctxt.pointee.wellFormed == 0 || ctxt.pointee.nsWellFormed == 0 { return .failure(lastError()) }
        guard let root = xmlDocGetRootElement(doc) else { return .failure(XMLParseError(message: "no root element", line: 1, column: 1)) }
        var locator = ColumnLocator(bytes: bytes)
        locator.cdata = cdata.map { CDATASubstitution(sections: $0) }
        let tree = convert(root, &locator)
        if let substituted = locator.cdata, !substituted.complete { return nil }
        return .success(tree)
    }

    static func convert(_ node: xmlNodePtr, _ locator: inout ColumnLocator) -> XMLElementNode {
        let name = String(cString: node.pointee.name)
        let ns = node.pointee.ns
        let namespace = ns.flatMap { $0.pointee.href }.map { locator.namespace($0) }
        let line = Int(xmlGetLineNo(node))
        let column = locator.column(line: line, prefix: ns.flatMap { $0.pointee.prefix }, name: node.pointee.name)
        var attributes: [String: String] = [:]
        var attr = node.pointee.properties
        while let a = attr {
            let aname = String(cString: a.pointee.name)
            var value = ""
            if let v = xmlNodeListGetString(node.pointee.doc, a.pointee.children, 1) {
                value = String(cString: v)
                galley_xmlFree(v)
            }
            if let ans = a.pointee.ns, let href = ans.pointee.href {
                attributes["{\(String(cString: href))}\(aname)"] = value
                if attributes[aname] == nil { attributes[aname] = value }
            } else {
                attributes[aname] = value
            }
            attr = a.pointee.next
        }
        var children: [XMLElementNode] = []
        var text = ""
        var child = node.pointee.children
        while let c = child {
            switch c.pointee.type {
            case XML_ELEMENT_NODE:
                children.append(convert(c, &locator))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = c.pointee.content {
                    // A feed's content is one CDATA node of tens of kilobytes, mostly ASCII: `stringFromUTF8`
                    // converts that several times faster than `String(cString:)` (same characters).
                    let count = strlen(UnsafeRawPointer(content).assumingMemoryBound(to: CChar.self))
                    let bytes = UnsafeBufferPointer(start: content, count: count)
                    let piece: String
                    if c.pointee.type == XML_CDATA_SECTION_NODE, locator.cdata != nil {
                        piece = locator.cdata!.text(forPlaceholder: bytes) ?? ""
                    } else {
                        piece = stringFromUTF8(bytes)
                    }
                    if text.isEmpty { text = piece } else { text += piece }
                }
            case XML_ENTITY_REF_NODE:
                // Never expanded: a hostile feed's nested entities ("billion laughs") would blow up memory.
                text += "&" + String(cString: c.pointee.name) + ";"
            default:
                break
            }
            child = c.pointee.next
        }
        var element = XMLElementNode(name: name, namespace: namespace, attributes: attributes, children: children, text: text, line: line, column: column)
        element.textDigest = TextCheckMemo.digest(text)
        return element
    }
}

/// libxml2 gives element lines but not columns; find `<qname` on that line in the source,
/// moving forward per line so repeated names on one line get successive columns.
/// `bytes` is the document being parsed, read in place while its tree is converted.
struct ColumnLocator {
    let bytes: UnsafeBufferPointer<UInt8>
    var lineStarts: [Int] = [0]
    /// Per line, where its next search starts (0: the line's start). An array by line, not a dictionary: looked up
    /// and set for every element of every feed and item parsed, where hashing was a visible share (measured).
    var cursor: [Int] = []
    /// Namespace URIs made once per document (libxml2 keeps each declaration's `href`): most items carry
    /// `content:` and `dc:` elements, whose URIs are too long for a small string and were one allocation each.
    var namespaces: [(href: UnsafePointer<UInt8>, uri: String)] = []
    /// CDATA texts for a placeholder parse (`CDATASections`), handed out in document order.
    var cdata: CDATASubstitution?

    mutating func namespace(_ href: UnsafePointer<UInt8>) -> String {
        for entry in namespaces where entry.href == href { return entry.uri }
        let uri = String(cString: href)
        if namespaces.count < 16 { namespaces.append((href, uri)) }
        return uri
    }

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        guard let base = bytes.baseAddress else { return }
        var p = base, left = bytes.count
        while left > 0, let nl = memchr(p, 10, left) {
            let at = UnsafePointer<UInt8>(nl.assumingMemoryBound(to: UInt8.self))
            lineStarts.append(at - base + 1)
            left -= at - p + 1
            p = at + 1
        }
    }

    /// The column of `<prefix:name` (or `<name`), the names as libxml2 holds them: no Swift string is made for
    /// the search, which runs for every element of every feed written.
    mutating func column(line: Int, prefix: UnsafePointer<UInt8>?, name: UnsafePointer<UInt8>) -> Int {
        guard line >= 1, line <= lineStarts.count else { return 0 }
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] : bytes.count
        let prefixCount = prefix.map { strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? 0
        let nameCount = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
        let count = 1 + (prefix == nil ? 0 : prefixCount + 1) + nameCount
        guard let base = bytes.baseAddress else { return 1 }
        @inline(__always) func matches(_ i: Int) -> Bool {
            guard base[i] == 60 else { return false }
            var at = i + 1
            if let prefix {
                guard memcmp(base + at, prefix, prefixCount) == 0, base[at + prefixCount] == 58 else { return false }
                at += prefixCount + 1
            }
            return memcmp(base + at, name, nameCount) == 0
        }
        if cursor.isEmpty { cursor = Array(repeating: 0, count: lineStarts.count) }
        var i = cursor[line - 1] > 0 ? cursor[line - 1] : start
        while i + count <= end {
            if matches(i) {
                let after = i + count < bytes.count ? bytes[i + count] : 62
                if after == 62 || after == 47 || after == 32 || after == 9 || after == 10 || after == 13 {
                    cursor[line - 1] = i + count
                    return i - start + 1
                }
            }
            i += 1
        }
        return 1
    }
}
