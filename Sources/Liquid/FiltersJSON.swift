import Foundation

// Jekyll's text filters: jsonify (Ruby's JSON.generate), inspect (Ruby's inspect, drops as pretty JSON),
// slugify (Jekyll's Utils.slugify with I18n's transliteration), number_of_words, normalize_whitespace.

/// A drop that shapes its own JSON (Jekyll's DocumentDrop collapses `previous`/`next` below depth 2).
/// Drops that do not adopt it are written as their keys and values.
public protocol LiquidJSONDrop: LiquidDrop {
    /// The hash `jsonify` writes for this drop; `depth` is Ruby's `state.depth` when the drop is reached
    /// (0 for the filter's input, 1 for a value inside it, …).
    func jsonHash(depth: Int) -> LiquidHash
}

enum FilterJSON {
    static func hashOf(_ d: any LiquidDrop, depth: Int) -> LiquidHash {
        if let j = d as? any LiquidJSONDrop { return j.jsonHash(depth: depth) }
        return d.asHash
    }

    /// Ruby's JSON string escaping (json 2.6): `"`, `\`, control characters; "/" and non-ASCII kept.
    static func quote(_ s: String, into out: inout String) {
        out += "\""
        var needs = false
        for c in s.utf8 where c < 0x20 || c == 0x22 || c == 0x5C { needs = true; break }
        if !needs { out += s; out += "\""; return }
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if u.value < 0x20 {
                    out += "\\u00" + String(u.value >> 4, radix: 16) + String(u.value & 15, radix: 16)
                } else { out.unicodeScalars.append(u) }
            }
        }
        out += "\""
    }

    /// `JSON.generate` / `JSON.pretty_generate` of a Liquid value (`indent` nil for the compact form).
    static func generate(_ v: Value, indent: String?, depth: Int, into out: inout String) throws(LiquidError) {
        if depth > 100 { throw FilterSupport.error("nesting of \(depth) is too deep") }
        let newline = indent == nil ? "" : "\n"
        let pad = String(repeating: indent ?? "", count: depth + 1)
        let closePad = String(repeating: indent ?? "", count: depth)
        switch v {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d):
            if !d.isFinite { throw FilterSupport.error("\(d.isNaN ? "NaN" : d < 0 ? "-Infinity" : "Infinity") not allowed in JSON") }
            out += Value.rubyFloat(d)
        case .string(let s): quote(s, into: &out)
        case .range, .date: quote(v.liquidString, into: &out)
        case .array(let a):
            if a.isEmpty { out += "[]"; return }
            out += "[" + newline
            for (i, x) in a.enumerated() {
                if i > 0 { out += "," + newline }
                out += pad
                try generate(x, indent: indent, depth: depth + 1, into: &out)
            }
            out += newline + closePad + "]"
        case .hash(let h): try object(h, indent: indent, depth: depth, into: &out)
        case .drop(let d): try object(hashOf(d, depth: depth), indent: indent, depth: depth, into: &out)
        }
    }

    static func object(_ h: LiquidHash, indent: String?, depth: Int, into out: inout String) throws(LiquidError) {
        if h.isEmpty { out += "{}"; return }
        let newline = indent == nil ? "" : "\n"
        let pad = String(repeating: indent ?? "", count: depth + 1)
        out += "{" + newline
        for (i, p) in h.pairs.enumerated() {
            if i > 0 { out += "," + newline }
            out += pad
            quote(p.key, into: &out)
            out += indent == nil ? ":" : ": "
            try generate(p.value, indent: indent, depth: depth + 1, into: &out)
        }
        out += newline + String(repeating: indent ?? "", count: depth) + "}"
    }

    static func jsonify(_ v: Value) throws(LiquidError) -> String {
        var out = ""
        try generate(v, indent: nil, depth: 0, into: &out)
        return out
    }

    /// Ruby's `inspect` as Jekyll's `inspect` filter sees it: Jekyll drops print as `JSON.pretty_generate`,
    /// times with their fraction of a second.
    static func inspect(_ v: Value) -> String {
        switch v {
        case .array(let a): return "[" + a.map(inspect).joined(separator: ", ") + "]"
        case .hash(let h):
            return h.isEmpty ? "{}" : "{" + h.pairs.map { Value.rubyQuoted($0.key) + "=>" + inspect($0.value) }.joined(separator: ", ") + "}"
        case .drop(let d):
            var out = ""
            if (try? object(hashOf(d, depth: 0), indent: "  ", depth: 0, into: &out)) == nil { return Value.hash(d.asHash).rubyInspect }
            return out
        case .date(let d, let off):
            let base = Value.rubyTime(d, utcOffset: off)
            let t = d.timeIntervalSince1970
            let micros = Int(((t - t.rounded(.down)) * 1_000_000).rounded())
            guard micros > 0, micros < 1_000_000 else { return base }
            var frac = String(micros).leftPadded(to: 6)
            while frac.hasSuffix("0") { frac.removeLast() }
            let parts = base.split(separator: " ")
            return parts[0] + " " + parts[1] + "." + frac + " " + parts[2]
        default: return v.rubyInspect
        }
    }
}

enum FilterWords {
    /// Unicode scripts Han, Katakana, Hiragana and Hangul (Jekyll's CJK word count).
    static func isCJK(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        switch v {
        case 0x1100...0x11FF, 0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x3005, 0x3007, 0x3021...0x3029,
             0x302E...0x302F, 0x3038...0x303B, 0x3041...0x3096, 0x309D...0x309F, 0x30A1...0x30FA, 0x30FD...0x30FF,
             0x3131...0x318E, 0x31F0...0x31FF, 0x3200...0x321E, 0x3260...0x327E, 0x32D0...0x32FE, 0x3300...0x3357,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xD7B0...0xD7C6, 0xD7CB...0xD7FB,
             0xF900...0xFA6D, 0xFA70...0xFAD9, 0xFF66...0xFF6F, 0xFF71...0xFF9D, 0xFFA0...0xFFBE, 0xFFC2...0xFFC7,
             0xFFCA...0xFFCF, 0xFFD2...0xFFD7, 0xFFDA...0xFFDC, 0x16FE2...0x16FE3, 0x16FF0...0x16FF1,
             0x1AFF0...0x1AFFE, 0x1B000...0x1B122, 0x1B132, 0x1B150...0x1B152, 0x1B155, 0x1B164...0x1B167, 0x1F200,
             0x20000...0x2A6DF, 0x2A700...0x2EBE0, 0x2F800...0x2FA1D, 0x30000...0x323AF:
            return true
        default: return false
        }
    }

    static func isSpace(_ u: Unicode.Scalar) -> Bool { u.value == 0x20 || (u.value >= 0x09 && u.value <= 0x0D) }

    static func count(_ s: String, mode: String?) -> Int {
        var cjk = 0, words = 0, inWord = false
        if mode == "cjk" || mode == "auto" {
            for u in s.unicodeScalars {
                if isCJK(u) { cjk += 1; inWord = false } else if isSpace(u) { inWord = false } else if !inWord { words += 1; inWord = true }
            }
            if mode == "cjk" || cjk > 0 { return cjk + words }
        }
        return FilterText.split(s, " ").count
    }

    /// `gsub(/\s+/, " ").strip`.
    static func normalizeWhitespace(_ s: String) -> String {
        var out: [UInt8] = []
        var inSpace = false
        for c in s.utf8 {
            if FilterText.isSpace(c) { if !inSpace { out.append(0x20); inSpace = true } } else { out.append(c); inSpace = false }
        }
        return FilterText.strip(String(decoding: out, as: UTF8.self))
    }
}

enum FilterSlug {
    static let latin: [Character: String] = {
        let pairs = "À=A Á=A Â=A Ã=A Ä=A Å=A Æ=AE Ç=C È=E É=E Ê=E Ë=E Ì=I Í=I Î=I Ï=I Ð=D Ñ=N Ò=O Ó=O Ô=O Õ=O Ö=O ×=x Ø=O Ù=U Ú=U Û=U Ü=U Ý=Y Þ=Th ß=ss à=a á=a â=a ã=a ä=a å=a æ=ae ç=c è=e é=e ê=e ë=e ì=i í=i î=i ï=i ð=d ñ=n ò=o ó=o ô=o õ=o ö=o ø=o ù=u ú=u û=u ü=u ý=y þ=th ÿ=y Ā=A ā=a Ă=A ă=a Ą=A ą=a Ć=C ć=c Ĉ=C ĉ=c Ċ=C ċ=c Č=C č=c Ď=D ď=d Đ=D đ=d Ē=E ē=e Ĕ=E ĕ=e Ė=E ė=e Ę=E ę=e Ě=E ě=e Ĝ=G ĝ=g Ğ=G ğ=g Ġ=G ġ=g Ģ=G ģ=g Ĥ=H ĥ=h Ħ=H ħ=h Ĩ=I ĩ=i Ī=I ī=i Ĭ=I ĭ=i Į=I į=i İ=I ı=i Ĳ=IJ ĳ=ij Ĵ=J ĵ=j Ķ=K ķ=k ĸ=k Ĺ=L ĺ=l Ļ=L ļ=l Ľ=L ľ=l Ŀ=L ŀ=l Ł=L ł=l Ń=N ń=n Ņ=N ņ=n Ň=N ň=n ŉ='n Ŋ=NG ŋ=ng Ō=O ō=o Ŏ=O ŏ=o Ő=O ő=o Œ=OE œ=oe Ŕ=R ŕ=r Ŗ=R ŗ=r Ř=R ř=r Ś=S ś=s Ŝ=S ŝ=s Ş=S ş=s Š=S š=s Ţ=T ţ=t Ť=T ť=t Ŧ=T ŧ=t Ũ=U ũ=u Ū=U ū=u Ŭ=U ŭ=u Ů=U ů=u Ű=U ű=u Ų=U ų=u Ŵ=W ŵ=w Ŷ=Y ŷ=y Ÿ=Y Ź=Z ź=z Ż=Z ż=z Ž=Z ž=z"
        var table: [Character: String] = [:]
        for p in pairs.split(separator: " ") {
            let kv = p.split(separator: "=", maxSplits: 1)
            table[kv[0].first!] = String(kv[1])
        }
        return table
    }()

    /// I18n.transliterate: non-ASCII code points to their Latin approximation, else "?".
    static func transliterate(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            if u.isASCII { out.append(u); continue }
            if let r = latin[Character(u)] { out.append(contentsOf: r.unicodeScalars) } else { out.append("?") }
        }
        return String(out)
    }

    static func isLetterMarkDigit(_ u: Unicode.Scalar) -> Bool {
        switch u.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
            return true
        default: return false
        }
    }

    static func slugify(_ input: String, mode rawMode: String?, cased: Bool = false) -> String {
        let mode = rawMode ?? "default"
        guard ["raw", "default", "pretty", "ascii", "latin"].contains(mode) else { return cased ? input : input.lowercased() }
        let string = mode == "latin" ? transliterate(input) : input
        let keep: (Unicode.Scalar) -> Bool
        switch mode {
        case "raw": keep = { !FilterWords.isSpace($0) }
        case "pretty": keep = { isLetterMarkDigit($0) || "._~!$&'()+,;=@".unicodeScalars.contains($0) }
        case "ascii": keep = { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        default: keep = isLetterMarkDigit
        }
        var slug = String.UnicodeScalarView()
        var inRun = false
        for u in string.unicodeScalars {
            if keep(u) { slug.append(u); inRun = false } else if !inRun { slug.append("-"); inRun = true }
        }
        var s = String(slug)
        if s.hasPrefix("-") { s.removeFirst() }
        if s.hasSuffix("-") { s.removeLast() }
        return cased ? s : s.lowercased()
    }
}
