import CLibXML2
import Foundation

/// An element of a chart's SVG as libxml2 parsed it: name, attributes, text.
struct SVGElement {
    var name: String
    var attributes: [String: String]
    var text: String
    func number(_ key: String) -> Double { Double(attributes[key] ?? "") ?? .nan }
}

/// Parses SVG (inline or standalone) with libxml2; nil when it is not well-formed XML.
func parseSVG(_ svg: String) -> [SVGElement]? {
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

/// Estimated box of a `<text>`, as the chart lays it out (same width estimate, generous height).
func box(_ t: SVGElement) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
    let size = Double(t.attributes["font-size"] ?? "") ?? 12
    let w = estimatedWidth(t.text, size: size)
    let x = t.number("x"), y = t.number("y")
    let x0: Double
    switch t.attributes["text-anchor"] {
    case "middle": x0 = x - w / 2
    case "end": x0 = x - w
    default: x0 = x
    }
    return (x0, y - size * 0.8, x0 + w, y + size * 0.2)
}

/// Glyph advance estimate a little wider than the chart's own, so "no overlap" has a margin.
func estimatedWidth(_ s: String, size: Double) -> Double {
    var w = 0.0
    for c in s {
        if "il.,:;|!'’ ".contains(c) { w += 0.3 } else if "mwMW%@".contains(c) { w += 0.9 } else if c.isUppercase || c.isNumber { w += 0.62 } else { w += 0.55 }
    }
    return w * size
}

func luminance(_ hex: String) -> Double {
    let v = Int(hex.dropFirst(), radix: 16)!
    func channel(_ c: Int) -> Double {
        let s = Double(c) / 255
        return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * channel(v >> 16 & 255) + 0.7152 * channel(v >> 8 & 255) + 0.0722 * channel(v & 255)
}

func contrast(_ a: String, _ b: String) -> Double {
    let (x, y) = (luminance(a), luminance(b))
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)
}
