import Foundation
import Liquid

/// Jekyll's `smartify` (kramdown's SmartyPants input): typographic quotes, dashes and ellipses in text,
/// HTML tags and the contents of `code`/`pre`/`kbd`/`script`/`style` left alone, a bare `&` escaped.
enum Smartypants {
    static let verbatim: Set<String> = ["code", "pre", "kbd", "script", "style", "math", "tt"]

    static func convert(_ input: String) -> String {
        var out = ""
        out.reserveCapacity(input.utf8.count + 16)
        let chars = Array(input)
        var i = 0
        var skipping: String?
        var previous: Character = " "
        while i < chars.count {
            let c = chars[i]
            if c == "<", let end = chars[i...].firstIndex(of: ">") {
                let tag = String(chars[i...end])
                let name = tag.dropFirst().drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
                if verbatim.contains(name) { skipping = tag.hasPrefix("</") ? nil : name }
                out += tag
                i = end + 1
                continue
            }
            if skipping != nil { out.append(c); i += 1; continue }
            let next: Character = i + 1 < chars.count ? chars[i + 1] : " "
            switch c {
            case "\"":
                out += opens(previous, next) ? "\u{201C}" : "\u{201D}"
            case "'":
                out += (previous.isLetter || previous.isNumber) ? "\u{2019}" : (opens(previous, next) ? "\u{2018}" : "\u{2019}")
            case "-" where next == "-":
                if i + 2 < chars.count, chars[i + 2] == "-" { out += "\u{2014}"; i += 3 } else { out += "\u{2013}"; i += 2 }
                previous = "-"
                continue
            case "." where next == "." && i + 2 < chars.count && chars[i + 2] == ".":
                out += "\u{2026}"; i += 3; previous = "."
                continue
            case "<" where next == "<":
                out += "\u{AB}"; i += 2; previous = "<"; continue
            case ">" where next == ">":
                out += "\u{BB}"; i += 2; previous = ">"; continue
            case "&":
                let rest = chars[(i + 1)...].prefix(10)
                if let semi = rest.firstIndex(of: ";"), semi > i + 1,
                   chars[(i + 1)..<semi].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "#" }) {
                    out.append(c)
                } else {
                    out += "&amp;"
                }
            case ">": out += "&gt;"
            default: out.append(c)
            }
            previous = c
            i += 1
        }
        return out
    }

    /// A quote opens after whitespace or opening punctuation, when text follows it.
    private static func opens(_ previous: Character, _ next: Character) -> Bool {
        (previous.isWhitespace || "([{\u{2014}\u{2013}-".contains(previous)) && !next.isWhitespace
    }
}
