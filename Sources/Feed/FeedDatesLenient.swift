import Foundation

extension FeedDates {
    /// Dates real feeds write that RFC 822 does not quite allow but readers parse: comments in
    /// parentheses, odd case (`tHu`, `pDt`), runs of spaces and tabs, a space before the comma,
    /// one-letter military zones. The W3C validator warns about these rather than rejecting them.
    public static func parseLooseRFC822(_ text: String) -> ParsedRFC822? {
        var plain = ""
        var depth = 0, escaped = false
        for ch in text {
            if depth > 0 {
                if escaped { escaped = false } else if ch == "\\" { escaped = true } else if ch == "(" { depth += 1 } else if ch == ")" { depth -= 1 }
                continue
            }
            if ch == "(" { depth = 1; plain.append(" "); continue }
            plain.append(ch)
        }
        guard depth == 0 else { return nil }
        var tokens = plain.replacingOccurrences(of: ",", with: " , ")
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
        guard !tokens.isEmpty else { return nil }
        if let zone = tokens.last, zone.count == 1, let letter = zone.uppercased().unicodeScalars.first, letter != "J",
           letter.value >= 65, letter.value <= 90 {
            tokens[tokens.count - 1] = militaryOffset(Int(letter.value))
        }
        let fixed = tokens.enumerated().map { i, t -> String in
            guard t.allSatisfy({ $0.isASCII && $0.isLetter }) else { return t }
            return i == tokens.count - 1 ? t.uppercased() : t.prefix(1).uppercased() + t.dropFirst().lowercased()
        }
        let joined = fixed.joined(separator: " ").replacingOccurrences(of: " , ", with: ", ")
        return parseRFC822(joined)
    }

    /// RFC 822's military zones: A–I and K–M east (+1…+12), N–Y west, Z is UTC.
    static func militaryOffset(_ letter: Int) -> String {
        let a = 65, z = 90
        var hours = 0
        switch letter {
        case a...(a + 8): hours = letter - a + 1
        case 75...77: hours = letter - 75 + 10
        case 78...89: hours = -(letter - 78 + 1)
        case z: hours = 0
        default: hours = 0
        }
        return (hours < 0 ? "-" : "+") + (abs(hours) < 10 ? "0" : "") + String(abs(hours)) + "00"
    }

    /// W3C-DTF (the ISO 8601 profile Dublin Core dates use): `2026`, `2026-03`, `2026-03-06`, or a
    /// date and time to the minute or second, which must then say its time zone.
    public static func isW3CDTF(_ s: String) -> Bool {
        let b = Array(s.utf8)
        func digits(_ from: Int, _ n: Int) -> Int? {
            guard from + n <= b.count, b[from..<(from + n)].allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
            return Int(String(decoding: b[from..<(from + n)], as: UTF8.self))
        }
        guard digits(0, 4) != nil else { return false }
        if b.count == 4 { return true }
        guard b.count >= 7, b[4] == 45, let m = digits(5, 2), (1...12).contains(m) else { return false }
        if b.count == 7 { return true }
        guard b.count >= 10, b[7] == 45, let d = digits(8, 2), (1...31).contains(d) else { return false }
        if b.count == 10 { return true }
        guard b.count >= 17, b[10] == UInt8(ascii: "T"), let h = digits(11, 2), h < 24, b[13] == 58, let mi = digits(14, 2), mi < 60 else { return false }
        var i = 16
        if i < b.count, b[i] == 58 {
            guard let sec = digits(i + 1, 2), sec <= 60 else { return false }
            i += 3
            if i < b.count, b[i] == 46 {
                i += 1
                let start = i
                while i < b.count, b[i] >= 48, b[i] <= 57 { i += 1 }
                guard i > start else { return false }
            }
        }
        if i < b.count, b[i] == UInt8(ascii: "Z") { return i + 1 == b.count }
        guard i + 6 == b.count, b[i] == 43 || b[i] == 45, let oh = digits(i + 1, 2), oh < 24, b[i + 3] == 58,
              let om = digits(i + 4, 2), om < 60 else { return false }
        return true
    }
}
