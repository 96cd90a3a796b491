import Foundation
import Liquid

/// Ruby `Time` as Jekyll uses it: Psych's timestamps, `Time.parse(...).localtime` for dates in front
/// matter and file names, and `strftime` fields for permalinks. "Local" is the site's time zone
/// (Jekyll sets `ENV["TZ"]` from `timezone:`).
public enum RubyTime {
    static func isValidDate(_ y: Int, _ m: Int, _ d: Int) -> Bool {
        guard (1...12).contains(m), d >= 1 else { return false }
        let days = [31, (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return d <= days[m - 1]
    }

    static let utc = TimeZone(identifier: "UTC")!

    /// The instant of a wall-clock time in `zone` (or at a fixed `offset` in seconds when given).
    static func instant(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Double = 0, zone: TimeZone, offset: Int? = nil) -> Date? {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? zone
        // Ruby rolls days past the month's end over (Time.local(2016, 2, 30) is March 1): so does DateComponents.
        guard let date = cal.date(from: DateComponents(year: y, month: mo, day: 1, hour: h, minute: mi, second: Int(s))) else { return nil }
        return date.addingTimeInterval(Double(d - 1) * 86400 + (s - Double(Int(s))))
    }

    /// Psych's TIME scalar (`2016-02-29 8:00:00`, `2016-03-01T23:30:00+09:00`): with `Z` a UTC Time, with an
    /// offset a Time at that offset, without one `Time.at` of the UTC reading — shown in the local zone.
    static func psychTimestamp(_ s: String, timeZone: TimeZone) -> Value? {
        guard let f = Fields(s), f.hasTime, f.strictPsych else { return nil }
        guard let date = instant(f.year, f.month, f.day, f.hour, f.minute, f.second, zone: utc, offset: f.offset ?? 0) else { return nil }
        if f.isZ { return .date(date, utcOffset: 0) }
        if let off = f.offset { return .date(date, utcOffset: off) }
        return .date(date, utcOffset: timeZone.secondsFromGMT(for: date))
    }

    /// Ruby's `Time.parse(s)` for the shapes dates take in Jekyll sites, nil when it cannot read it.
    /// Without a zone the time is local (`timeZone`).
    /// The common shapes are read here; anything else (a zone Ruby does not know, `00:10::00`, a weekday and
    /// time before the year as `date(1)` prints) goes through Liquid's port of Date._parse.
    public static func parse(_ s: String, timeZone: TimeZone) -> Date? {
        guard let f = Fields(s), f.trailing.isEmpty || (f.trailing.count == 1 && f.offset != nil && DateParsing.zoneOffset(String(f.trailing[0])) == f.offset) else {
            return DateParsing.rubyTimeParse(s, timeZone: timeZone)
        }
        return instant(f.year, f.month, f.day, f.hour, f.minute, f.second, zone: timeZone, offset: f.offset)
    }

    /// `Time#to_s`: `2016-01-05 00:00:00 +0100`.
    public static func rubyString(_ date: Date, utcOffset: Int) -> String {
        format(date, utcOffset: utcOffset, "%Y-%m-%d %H:%M:%S %z")
    }

    /// `strftime` for the fields permalinks use (%Y %m %d %H %M %S %-d %-m %b %B %y %G %V %u %a %A %j %z).
    public static func format(_ date: Date, utcOffset: Int, _ pattern: String) -> String {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(secondsFromGMT: utcOffset) ?? utc
        let c = cal.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday, .yearForWeekOfYear, .weekOfYear], from: date)
        var iso = Calendar(identifier: .iso8601)
        iso.timeZone = cal.timeZone
        let ic = iso.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        let days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        var out = ""
        var chars = pattern.makeIterator()
        while let ch = chars.next() {
            guard ch == "%" else { out.append(ch); continue }
            guard var spec = chars.next() else { out.append("%"); break }
            var unpadded = false
            if spec == "-" { unpadded = true; spec = chars.next() ?? "%" }
            func num(_ v: Int, _ width: Int) -> String { unpadded ? String(v) : String(format: "%0\(width)d", v) }
            switch spec {
            case "Y": out += String(c.year!)
            case "y": out += num(c.year! % 100, 2)
            case "m": out += num(c.month!, 2)
            case "d": out += num(c.day!, 2)
            case "e": out += unpadded ? String(c.day!) : String(format: "%2d", c.day!)
            case "H": out += num(c.hour!, 2)
            case "M": out += num(c.minute!, 2)
            case "S": out += num(c.second!, 2)
            case "b": out += String(months[c.month! - 1].prefix(3))
            case "B": out += months[c.month! - 1]
            case "a": out += String(days[c.weekday! - 1].prefix(3))
            case "A": out += days[c.weekday! - 1]
            case "u": out += String(c.weekday! == 1 ? 7 : c.weekday! - 1)
            case "G": out += String(ic.yearForWeekOfYear!)
            case "V": out += num(ic.weekOfYear!, 2)
            case "j": out += num(cal.ordinality(of: .day, in: .year, for: date)!, 3)
            case "z":
                let a = abs(utcOffset)
                out += (utcOffset < 0 ? "-" : "+") + String(format: "%02d%02d", a / 3600, (a % 3600) / 60)
            case "%": out += "%"
            default: out += "%" + String(spec)
            }
        }
        return out
    }

    /// Date and time fields read from text in the formats `Date._parse` accepts that sites use.
    struct Fields {
        var year = 0, month = 1, day = 1, hour = 0, minute = 0
        var second = 0.0
        var offset: Int?
        var isZ = false
        var hasTime = false
        /// Matches Psych's TIME regex exactly (ISO date, `T` or spaces, H:MM:SS, optional zone).
        var strictPsych = false

        static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        /// What follows the date and time, split on spaces and commas (a zone, or words Date._parse skips).
        var trailing: [Substring] = []

        static let zones: [String: Int] = ["utc": 0, "gmt": 0, "z": 0, "ut": 0, "est": -5, "edt": -4, "cst": -6, "cdt": -5,
                                           "mst": -7, "mdt": -6, "pst": -8, "pdt": -7]

        /// `+09:00`, `+0900`, `-5`, `Z`, `UTC`, `EST`...: seconds east of UTC, and whether it was `Z` (Psych's
        /// zones, and the RFC 822 names Ruby's Time knows).
        static func zoneOffset(_ token: Substring) -> (Int, Bool)? {
            if let sign = token.first, sign == "+" || sign == "-" {
                let body = token.dropFirst()
                let parts = body.split(separator: ":", omittingEmptySubsequences: false)
                guard !body.isEmpty, parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
                var h = 0, m = 0
                if parts.count == 2 { h = Int(parts[0])!; m = Int(parts[1])! } else if body.count > 2 { h = Int(body.dropLast(2))!; m = Int(body.suffix(2))! } else { h = Int(body)! }
                return ((sign == "-" ? -1 : 1) * (h * 3600 + m * 60), false)
            }
            let word = token.lowercased()
            guard let hours = zones[word] else { return nil }
            return (hours * 3600, word == "z")
        }

        init?(_ text: String) {
            let s = text.trimmingCharacters(in: .whitespacesAndNewlines)
            var scanner = Substring(s)
            func takeInt(_ maxDigits: Int = 9) -> (Int, Int)? {
                let digits = scanner.prefix { $0.isASCII && $0.isNumber }.prefix(maxDigits)
                guard !digits.isEmpty else { return nil }
                scanner = scanner.dropFirst(digits.count)
                return (Int(digits)!, digits.count)
            }
            func skipSpaces() { scanner = scanner.drop { $0 == " " || $0 == "\t" } }
            // Date part: Y-M-D, Y/M/D, or month names ("Jan 5, 2016", "5 January 2016", "Mon, 5 Jan 2016").
            if let (y, n) = takeInt(), n == 4, let sep = scanner.first, sep == "-" || sep == "/" {
                scanner = scanner.dropFirst()
                guard let (m, _) = takeInt(2), scanner.first == sep else { return nil }
                scanner = scanner.dropFirst()
                guard let (d, _) = takeInt(2) else { return nil }
                year = y; month = m; day = d
                strictPsych = sep == "-"
            } else {
                scanner = Substring(s)
                var words = s.lowercased().split(whereSeparator: { $0 == " " || $0 == "," })
                if let w = words.first, w.count >= 3, ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].contains(String(w.prefix(3))), w.allSatisfy(\.isLetter) {
                    words.removeFirst()
                }
                guard words.count >= 3 else { return nil }
                func monthIndex(_ w: Substring) -> Int? {
                    guard w.count >= 3 else { return nil }
                    return Self.monthNames.firstIndex(of: String(w.prefix(3))).map { $0 + 1 }
                }
                if let m = monthIndex(words[0]), let d = Int(words[1].filter(\.isNumber)), let y = Int(words[2]) {
                    month = m; day = d; year = y
                } else if let d = Int(words[0]), let m = monthIndex(words[1]), let y = Int(words[2]) {
                    month = m; day = d; year = y
                } else { return nil }
                let rest = words.dropFirst(3).joined(separator: " ")
                scanner = Substring(rest.isEmpty ? "" : " " + rest)
            }
            guard RubyTime.isValidDate(year, month, min(day, 28)), day <= 31 else { return nil }
            // Time part.
            let beforeTime = scanner
            if scanner.first == "T" || scanner.first == "t" { scanner = scanner.dropFirst() } else { skipSpaces() }
            if let (h, _) = takeInt(2), scanner.first == ":" {
                scanner = scanner.dropFirst()
                // Date._parse takes one digit too (`9:5:00`); Psych's timestamp wants two.
                guard let (mi, mn) = takeInt(2), mi < 60 else { return nil }
                hour = h; minute = mi; hasTime = true
                if mn < 2 { strictPsych = false }
                var hadSeconds = false
                if scanner.first == ":" {
                    scanner = scanner.dropFirst()
                    guard let (sec, sn) = takeInt(2), sec < 61 else { return nil }
                    if sn < 2 { strictPsych = false }
                    second = Double(sec); hadSeconds = true
                    if scanner.first == "." {
                        scanner = scanner.dropFirst()
                        let frac = scanner.prefix { $0.isASCII && $0.isNumber }
                        scanner = scanner.dropFirst(frac.count)
                        second += Double("0." + frac) ?? 0
                    }
                }
                if !hadSeconds { strictPsych = false }
                skipSpaces()
                let lower = scanner.lowercased()
                if lower.hasPrefix("pm") || lower.hasPrefix("am") {
                    if lower.hasPrefix("pm"), hour < 12 { hour += 12 }
                    if lower.hasPrefix("am"), hour == 12 { hour = 0 }
                    scanner = scanner.dropFirst(2); skipSpaces(); strictPsych = false
                }
            } else {
                scanner = beforeTime
                skipSpaces()
                strictPsych = false
            }
            // Zone: Date._parse picks a zone out of what follows and ignores other words ("... 2023 -0800").
            let rest = scanner.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
            trailing = rest
            if rest.count > 1 { strictPsych = false }
            for token in rest {
                if let z = Self.zoneOffset(token) {
                    offset = z.0; isZ = z.1
                    if !isZ, token.first?.isLetter == true { strictPsych = false }
                    break
                }
            }
        }
    }
}
