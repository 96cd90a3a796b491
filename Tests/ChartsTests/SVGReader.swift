import Foundation
import TestSupport

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
