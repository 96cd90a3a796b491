import CLibXML2
import Foundation

/// Runs an XPath query and returns each node's text (attributes give their value).
private func xpathStrings(_ doc: xmlDocPtr, _ xpath: String, namespaces: [String: String]) -> [String] {
    guard let ctx = xmlXPathNewContext(doc) else { return [] }
    defer { xmlXPathFreeContext(ctx) }
    for (prefix, uri) in namespaces { xmlXPathRegisterNs(ctx, prefix, uri) }
    guard let result = xmlXPathEvalExpression(xpath, ctx) else { return [] }
    defer { xmlXPathFreeObject(result) }
    guard let set = result.pointee.nodesetval else { return [] }
    var out: [String] = []
    for i in 0..<Int(set.pointee.nodeNr) {
        guard let node = set.pointee.nodeTab[i], let content = xmlNodeGetContent(node) else { continue }
        out.append(String(cString: content))
        galley_xmlFree(content)
    }
    return out
}

/// A parsed HTML page (libxml2's HTML parser) with XPath queries, so tests read what a browser would.
final class HTMLDocument {
    private let doc: htmlDocPtr

    init?(_ data: Data) {
        let opts = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue)
        let parsed = data.withUnsafeBytes { raw in
            htmlReadMemory(raw.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(raw.count), nil, "UTF-8", opts)
        }
        guard let parsed else { return nil }
        doc = parsed
    }

    deinit { xmlFreeDoc(doc) }

    func strings(_ xpath: String) -> [String] { xpathStrings(doc, xpath, namespaces: [:]) }
    func string(_ xpath: String) -> String? { strings(xpath).first }
}

/// A parsed XML document (feeds, sitemap) with namespace-aware XPath.
final class XMLDoc {
    private let doc: xmlDocPtr

    init?(_ data: Data) {
        let opts = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let parsed = data.withUnsafeBytes { raw in
            xmlReadMemory(raw.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(raw.count), nil, "UTF-8", opts)
        }
        guard let parsed else { return nil }
        doc = parsed
    }

    deinit { xmlFreeDoc(doc) }

    func strings(_ xpath: String, namespaces: [String: String] = [:]) -> [String] { xpathStrings(doc, xpath, namespaces: namespaces) }
}
