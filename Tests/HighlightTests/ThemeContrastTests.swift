import Foundation
import Testing
@testable import Highlight

/// WCAG 2 contrast: every token colour of every built-in theme must reach 4.5:1 (level AA for body text)
/// against each background it can sit on: the block, a highlighted line, a diff line (`gi`/`gd`),
/// or the token's own background.
@Suite struct ThemeContrastTests {
    static func luminance(_ hex: String) -> Double? {
        var h = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        if h.count == 3 { h = h.map { "\($0)\($0)" }.joined() }
        guard h.count == 6, let v = UInt32(h, radix: 16) else { return nil }
        func channel(_ shift: UInt32) -> Double {
            let c = Double((v >> shift) & 0xFF) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
    }

    static func ratio(_ a: String, _ b: String) -> Double? {
        guard let la = luminance(a), let lb = luminance(b) else { return nil }
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    @Test func knownRatios() {
        #expect(abs(ThemeContrastTests.ratio("#000000", "#ffffff")! - 21) < 0.01)
        #expect(abs(ThemeContrastTests.ratio("#777777", "#ffffff")! - 4.48) < 0.01)
    }

    @Test func everyColourReachesAA() {
        for theme in Theme.all {
            var lines = [theme.background, theme.highlightLine]
            for cls in ["gi", "gd"] { if let b = theme.styles[cls]?.background { lines.append(b) } }
            let fg = ThemeContrastTests.ratio(theme.foreground, theme.background)
            #expect(fg != nil && fg! >= 4.5, "\(theme.name) foreground")
            for (cls, style) in theme.styles.sorted(by: { $0.key < $1.key }) {
                guard let color = style.color else { continue }
                for back in style.background.map({ [$0] }) ?? lines {
                    let r = ThemeContrastTests.ratio(color, back)
                    #expect(r != nil, "\(theme.name) .\(cls): unreadable colour \(color) or \(back)")
                    if let r { #expect(r >= 4.5, "\(theme.name) .\(cls) \(color) on \(back): \(String(format: "%.2f", r)):1") }
                }
            }
        }
    }
}
