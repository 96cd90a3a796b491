import CLibXML2
import Foundation

/// An element of a chart's or diagram's SVG as libxml2 parsed it: name, attributes, text.
public struct SVGElement: Sendable {
    public var name: String
    public var attributes: [String: String]
    public var text: String
    public func number(_ key: String) -> Double { Double(attributes[key] ?? "") ?? .nan }
}

/// Parses SVG (inline or standalone) with libxml2; nil when it is not well-formed XML.
public func parseSVG(_ svg: String) -> [SVGElement]? {
    let opts = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
    let data = Array(svg.utf8)
    guard let doc = data.withUnsafeBufferPointer({ raw in
        xmlReadMemory(UnsafeRawPointer(raw.baseAddress!).assumingMemoryBound(to: CChar.self), Int32(raw.count), nil, "UTF-8", opts)
    }) else { return nil }
    defer { xmlFreeDoc(doc) }
    var out: [SVGElement] = []
    func visit(_ node: xmlNodePtr?) {
        var n = node
        while let cur = n {
            if cur.pointee.type == XML_ELEMENT_NODE {
                var attrs: [String: String] = [:]
                var a = cur.pointee.properties
                while let attr = a {
                    if let v = xmlNodeListGetString(doc, attr.pointee.children, 1) {
                        attrs[String(cString: attr.pointee.name)] = String(cString: v)
                        galley_xmlFree(v)
                    }
                    a = attr.pointee.next
                }
                var text = ""
                if let c = xmlNodeGetContent(cur) { text = String(cString: c); galley_xmlFree(c) }
                out.append(SVGElement(name: String(cString: cur.pointee.name), attributes: attrs, text: text))
                visit(cur.pointee.children)
            }
            n = cur.pointee.next
        }
    }
    visit(xmlDocGetRootElement(doc))
    return out
}
