import Foundation

/// RFC 822 (RSS) and RFC 3339 (Atom, JSON Feed) dates, computed with integer
/// civil-calendar arithmetic so no locale, calendar or formatter cache can change them.
public enum FeedDates {
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Broken-down civil time at a fixed UTC offset.
    struct Civil: Equatable {
        var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
        var weekday: Int  // 0 = Sunday
        var offsetSeconds: Int
    }

    /// Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (m + 9) % 12
        let doy = (153 * mp + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    static func civilFromDays(_ z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    static func weekday(daysSinceEpoch days: Int) -> Int {
        ((days % 7) + 7 + 4) % 7  // 1970-01-01 was a Thursday
    }

    static func civil(_ date: Date, timeZone: TimeZone) -> Civil {
        let offset = timeZone.secondsFromGMT(for: date)
        let t = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let days = t >= 0 ? t / 86400 : (t - 86399) / 86400
        let secs = t - days * 86400
        let (y, m, d) = civilFromDays(days)
        return Civil(year: y, month: m, day: d, hour: secs / 3600, minute: secs % 3600 / 60, second: secs % 60,
                     weekday: weekday(daysSinceEpoch: days), offsetSeconds: offset)
    }

    private static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }

    private static func offsetString(_ seconds: Int, colon: Bool) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let a = abs(seconds) / 60
        return sign + pad(a / 60, 2) + (colon ? ":" : "") + pad(a % 60, 2)
    }

    /// `Fri, 06 Mar 2026 10:00:00 +0000`: the form every RSS reader parses.
    public static func rfc822(_ date: Date, timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!) -> String {
        let c = civil(date, timeZone: timeZone)
        return "\(weekdays[c.weekday]), \(pad(c.day, 2)) \(months[c.month - 1]) \(pad(c.year, 4)) "
            + "\(pad(c.hour, 2)):\(pad(c.minute, 2)):\(pad(c.second, 2)) \(offsetString(c.offsetSeconds, colon: false))"
    }

    /// `2026-03-06T10:00:00Z` (or `+01:00`): RFC 3339 without fractional seconds.
    public static func rfc3339(_ date: Date, timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!) -> String {
        let c = civil(date, timeZone: timeZone)
        let zone = c.offsetSeconds == 0 ? "Z" : offsetString(c.offsetSeconds, colon: true)
        return "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))T\(pad(c.hour, 2)):\(pad(c.minute, 2)):\(pad(c.second, 2))\(zone)"
    }

    // MARK: Parsing (for validation)

    /// Result of parsing an RFC 822 date: the instant plus what the validator needs to judge it.
    public struct ParsedRFC822: Sendable, Equatable {
        public var date: Date
        public var year: Int
        /// 2 or 4: RFC 822 allowed 2-digit years, feeds should not use them.
        public var yearDigits: Int
        /// The weekday written in the text, if any, and the real one.
        public var writtenWeekday: String?
        public var actualWeekday: String
    }

    static let zoneNames: [String: Int] = [
        "UT": 0, "GMT": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
    ]

    /// Parses RFC 822 / RFC 2822 dates strictly: optional English weekday, day, English month,
    /// 4-digit year (2-digit accepted and widened), `hh:mm[:ss]`, numeric or named zone.
    public static func parseRFC822(_ text: String) -> ParsedRFC822? {
        parseCanonicalRFC822(text) ?? parseRFC822General(text)
    }

    /// `parseRFC822` for any form it accepts (the canonical one read byte by byte lives in FeedDatesCanonical.swift).
    static func parseRFC822General(_ text: String) -> ParsedRFC822? {
        var s = Substring(text.trimmingCharacters(in: .whitespaces))
        var written: String?
        if let comma = s.firstIndex(of: ",") {
            let wd = String(s[..<comma])
            guard weekdays.contains(wd) else { return nil }
            written = wd
            s = s[s.index(after: comma)...]
        }
        let parts = s.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 5 else { return nil }
        guard parts[0].count <= 2, let day = Int(parts[0]), (1...31).contains(day) else { return nil }
        guard let monthIndex = months.firstIndex(of: String(parts[1])) else { return nil }
        guard parts[2].count == 4 || parts[2].count == 2, parts[2].allSatisfy(\.isASCII), var year = Int(parts[2]) else { return nil }
        if parts[2].count == 2 { year += year < 50 ? 2000 : 1900 }
        let hms = parts[3].split(separator: ":", omittingEmptySubsequences: false)
        guard hms.count == 2 || hms.count == 3, hms.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }) else { return nil }
        guard let hh = Int(hms[0]), let mm = Int(hms[1]), hh < 24, mm < 60 else { return nil }
        let ss = hms.count == 3 ? Int(hms[2]) ?? 99 : 0
        guard ss <= 60 else { return nil }
        let zone = String(parts[4])
        var offset: Int
        if let hours = zoneNames[zone] {
            offset = hours * 3600
        } else if zone.count == 5, let sign = zone.first, sign == "+" || sign == "-",
                  zone.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }), let v = Int(zone.dropFirst()) {
            guard v % 100 < 60 else { return nil }
            offset = (v / 100 * 3600 + v % 100 * 60) * (sign == "-" ? -1 : 1)
        } else {
            return nil
        }
        let daysInMonth = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= daysInMonth[monthIndex] else { return nil }
        if monthIndex == 1, day == 29, !(year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) { return nil }
        let days = daysFromCivil(year, monthIndex + 1, day)
        let t = days * 86400 + hh * 3600 + mm * 60 + ss - offset
        return ParsedRFC822(date: Date(timeIntervalSince1970: TimeInterval(t)), year: year, yearDigits: parts[2].count,
                            writtenWeekday: written, actualWeekday: weekdays[weekday(daysSinceEpoch: days)])
    }

    /// Parses an RFC 3339 date-time (`2026-03-06T10:00:00Z`, fractional seconds and offsets allowed).
    public static func parseRFC3339(_ text: String) -> Date? {
        let b = Array(text.utf8)
        func num(_ from: Int, _ len: Int) -> Int? {
            guard from + len <= b.count else { return nil }
            var v = 0
            for i in from..<(from + len) {
                guard b[i] >= 48, b[i] <= 57 else { return nil }
                v = v * 10 + Int(b[i] - 48)
            }
            return v
        }
        guard b.count >= 20, let y = num(0, 4), b[4] == 45, let mo = num(5, 2), b[7] == 45, let d = num(8, 2),
              b[10] == UInt8(ascii: "T"),
              let h = num(11, 2), b[13] == 58, let mi = num(14, 2), b[16] == 58, let s = num(17, 2) else { return nil }
        // Feeds follow RFC 4287 §3.3 (upper-case T and Z only) and dates must exist (no 30 February).
        let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
        guard (1...12).contains(mo), h < 24, mi < 60, s <= 60 else { return nil }
        let monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...monthDays[mo - 1]).contains(d) else { return nil }
        var i = 19
        var frac = 0.0
        if i < b.count, b[i] == 46 {
            i += 1
            var scale = 0.1
            let start = i
            while i < b.count, b[i] >= 48, b[i] <= 57 { frac += Double(b[i] - 48) * scale; scale /= 10; i += 1 }
            guard i > start else { return nil }
        }
        guard i < b.count else { return nil }
        var offset = 0
        if b[i] == UInt8(ascii: "Z") {
            i += 1
        } else if b[i] == 43 || b[i] == 45 {
            guard let oh = num(i + 1, 2), i + 3 < b.count, b[i + 3] == 58, let om = num(i + 4, 2), oh < 24, om < 60 else { return nil }
            offset = (oh * 3600 + om * 60) * (b[i] == 45 ? -1 : 1)
            i += 6
        } else {
            return nil
        }
        guard i == b.count else { return nil }
        let t = daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + s - offset
        return Date(timeIntervalSince1970: TimeInterval(t) + frac)
    }
}
