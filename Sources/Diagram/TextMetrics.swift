/// Text sizes without a font engine: advance widths of the theme's widest fallback font
/// (`FontWidths`, generated), so a box sized by them holds its label in any of the theme's fonts.
enum TextMetrics {
    static let fontSize = 14.0
    static let lineHeight = 18.0
    /// Hinting and kerning differ a little between renderers: a small margin on top of the table.
    static let slack = 1.04

    static func width(_ s: some StringProtocol, size: Double = fontSize) -> Double {
        var em = 0.0
        for u in s.unicodeScalars {
            let v = u.value
            if v >= 32 && v < 127 { em += FontWidths.ascii[Int(v - 32)]; continue }
            switch v {
            case 0xC0..<0x250: em += u.properties.isUppercase ? FontWidths.latinUpper : FontWidths.latinLower
            case 0x370..<0x530: em += FontWidths.greekCyrillic
            case 0x2000..<0x2200: em += FontWidths.punctuation
            case 0x2E80..<0xA000, 0xAC00..<0xD7B0, 0xF900..<0xFB00, 0xFF00..<0xFF61, 0x1F000..<0x20000: em += FontWidths.wide
            case 0x300..<0x370, 0x200B...0x200F: break   // combining marks and zero-width spaces
            default: em += FontWidths.other
            }
        }
        return em * size * slack
    }

    /// Lines of at most `maxWidth` (greedy, at spaces; a word longer than the line is cut at the
    /// width). Explicit breaks (`\n`) are kept.
    static func wrap(_ text: String, maxWidth: Double, size: Double = fontSize) -> [String] {
        var out: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if width(candidate, size: size) <= maxWidth { line = candidate; continue }
                if !line.isEmpty { out.append(line); line = "" }
                var piece = ""
                for c in word {
                    if !piece.isEmpty && width(piece + String(c), size: size) > maxWidth { out.append(piece); piece = "" }
                    piece.append(c)
                }
                line = piece
            }
            out.append(line)
        }
        return out
    }

    static func block(_ lines: [String], size: Double = fontSize) -> (width: Double, height: Double) {
        (lines.map { width($0, size: size) }.max() ?? 0, Double(lines.count) * lineHeight * size / fontSize)
    }
}
