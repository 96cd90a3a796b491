import CLibXML2
import Feed

/// What one page's SAX parse collects: ids and the URLs it refers to, each located where it is
/// written. Elements without an id or URL attribute (most of a page: highlighted code spans) cost
/// a few byte comparisons and no allocation.
final class PageSAX {
    let bytes: UnsafeBufferPointer<UInt8>
    var scan = PageScan()
    var sawElement = false
    private var idLines: [String: Int] = [:]

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// libxml2's HTML parser lowercases tag and attribute names and decodes attribute values.
    func element(_ name: UnsafePointer<xmlChar>, _ atts: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, _ ctxt: xmlParserCtxtPtr) {
        sawElement = true
        guard let atts else { return }
        var i = 0
        var interesting = false
        while let attName = atts[i] {
            if PageSAX.collects(attName) { interesting = true; break }
            i += 2
        }
        guard interesting else { return }
        let tag = String(cString: name)
        var values: [String: String] = [:]
        i = 0
        while let attName = atts[i] {
            if PageSAX.collects(attName) {
                let key = String(cString: attName)
                if values[key] == nil { values[key] = atts[i + 1].map { String(cString: $0) } ?? "" }
            }
            i += 2
        }
        let here = TagLocation(bytes: bytes, ctxt: ctxt, tag: tag)
        if let id = values["id"] {
            if id.isEmpty {
                let at = here.position(here.attribute("id")?.name)
                scan.diagnostics.append((at.line, at.column, .warning, "html-empty-id", "<\(tag)> has an empty id"))
            } else if let first = idLines[id] {
                let at = here.position(here.attribute("id")?.value)
                scan.diagnostics.append((at.line, at.column, .error, "html-duplicate-id", "id \"\(id)\" is already used on line \(first)"))
            } else {
                idLines[id] = here.position(here.attribute("id")?.name).line
            }
            scan.ids.insert(id)
        }
        if tag == "a", let name = values["name"], !name.isEmpty { scan.ids.insert(name) }
        guard let attrs = HTMLScanner.urlAttributes[tag] else { return }
        if tag == "link", let rel = values["rel"]?.lowercased(),
           ["preconnect", "dns-prefetch", "canonical", "me", "webmention", "pingback"].contains(where: rel.contains) {
            return
        }
        for (attr, kind) in attrs {
            guard let value = values[attr] else { continue }
            let valueStart = here.attribute(attr)?.value
            if attr == "srcset" {
                for url in HTMLScanner.srcsetURLs(value) {
                    let at = here.position(here.find(url, from: valueStart) ?? valueStart)
                    scan.references.append(PageReference(kind: kind, url: url, line: at.line, column: at.column))
                }
            } else {
                let at = here.position(valueStart)
                scan.references.append(PageReference(kind: kind, url: value, line: at.line, column: at.column))
            }
        }
    }

    /// id, name, href, src, srcset, poster, data, rel: the attributes the link pass reads.
    static func collects(_ name: UnsafePointer<xmlChar>) -> Bool {
        switch name[0] {
        case UInt8(ascii: "i"): return name[1] == UInt8(ascii: "d") && name[2] == 0
        case UInt8(ascii: "h"): return strcmp(name, "href") == 0
        case UInt8(ascii: "s"): return strcmp(name, "src") == 0 || strcmp(name, "srcset") == 0
        case UInt8(ascii: "n"): return strcmp(name, "name") == 0
        case UInt8(ascii: "p"): return strcmp(name, "poster") == 0
        case UInt8(ascii: "d"): return strcmp(name, "data") == 0
        case UInt8(ascii: "r"): return strcmp(name, "rel") == 0
        default: return false
        }
    }

    private static func strcmp(_ a: UnsafePointer<xmlChar>, _ b: StaticString) -> Int {
        let n = b.utf8CodeUnitCount
        let p = b.utf8Start
        for k in 0..<n where a[k] != p[k] { return 1 }
        return a[n] == 0 ? 0 : 1
    }
}

/// Where a start tag is written. The SAX callback runs with the parser at the tag's end (its `>`);
/// libxml2 knows that line, and the byte offset is `consumed + (cur - base)` because the page is
/// parsed without a converter. Positions inside the tag are counted back from there.
struct TagLocation {
    let bytes: UnsafeBufferPointer<UInt8>
    let line: Int
    let end: Int
    /// Offset of the tag's `<`; nil when the parser's offset does not point at this tag.
    let start: Int?

    init(bytes: UnsafeBufferPointer<UInt8>, ctxt: xmlParserCtxtPtr, tag: String) {
        self.bytes = bytes
        let input = ctxt.pointee.input.pointee
        line = Int(input.line)
        var end = -1
        if let cur = input.cur, let base = input.base { end = Int(input.consumed) + (cur - base) }
        self.end = end
        guard end > 0, end <= bytes.count else { start = nil; return }
        let name = Array(tag.utf8)
        var i = end - 1
        let limit = max(0, end - 65_536)
        var found: Int?
        while i >= limit {
            if bytes[i] == UInt8(ascii: "<"), i + name.count < end,
               (0..<name.count).allSatisfy({ TagLocation.lower(bytes[i + 1 + $0]) == name[$0] }) {
                found = i
                break
            }
            i -= 1
        }
        start = found
    }

    static func lower(_ c: UInt8) -> UInt8 { c >= 65 && c <= 90 ? c + 32 : c }
    static func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 || c == 12 }

    /// Offsets of an attribute's name and of its value's first character, in this tag.
    func attribute(_ attr: String) -> (name: Int, value: Int)? {
        guard let start else { return nil }
        let name = Array(attr.utf8)
        var i = start + 1
        while i + name.count < end {
            if TagLocation.isSpace(bytes[i - 1]),
               (0..<name.count).allSatisfy({ TagLocation.lower(bytes[i + $0]) == name[$0] }) {
                let after = i + name.count
                let c = bytes[after]
                if c == UInt8(ascii: "=") || c == UInt8(ascii: "/") || c == UInt8(ascii: ">") || TagLocation.isSpace(c) {
                    var j = after
                    while j < end, TagLocation.isSpace(bytes[j]) { j += 1 }
                    guard j < end, bytes[j] == UInt8(ascii: "=") else { return (i, after) }  // no value
                    j += 1
                    while j < end, TagLocation.isSpace(bytes[j]) { j += 1 }
                    if j < end, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") { j += 1 }
                    return (i, j)
                }
            }
            i += 1
        }
        return nil
    }

    /// First offset of `text` in this tag at or after `from`.
    func find(_ text: String, from: Int?) -> Int? {
        guard let from, !text.isEmpty else { return nil }
        let needle = Array(text.utf8)
        var i = from
        while i + needle.count <= end {
            if bytes[i] == needle[0], (0..<needle.count).allSatisfy({ bytes[i + $0] == needle[$0] }) { return i }
            i += 1
        }
        return nil
    }

    /// Line and byte column of an offset in this tag; the tag's line and column 1 when unknown.
    func position(_ offset: Int?) -> (line: Int, column: Int) {
        guard let offset, offset >= 0, offset <= end, end <= bytes.count else { return (line, 1) }
        var newlines = 0
        for k in offset..<end where bytes[k] == 10 { newlines += 1 }
        var lineStart = offset
        while lineStart > 0, bytes[lineStart - 1] != 10 { lineStart -= 1 }
        return (max(1, line - newlines), offset - lineStart + 1)
    }
}
