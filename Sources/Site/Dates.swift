import Foundation

/// Date parsing and formatting without locale surprises (always Gregorian, English names).
public enum SiteDates {
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]

    /// Parses the date forms Jekyll and Hugo users write:
    /// `2026-03-06`, `2026-03-06 10:00`, `2026-03-06 10:00:00 +0100`, `2026-03-06T10:00:00Z`, `…+01:00`, fractions.
    /// Dates without an offset are in `timeZone` (the site's).
    public static func parse(_ text: String, timeZone: TimeZone) -> Date? {
        let s = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        var i = 0
        func digits(_ n: Int) -> Int? {
            guard i + n <= s.count else { return nil }
            var v = 0
            for k in 0..<n {
                let c = s[i + k]
                guard c >= 48 && c <= 57 else { return nil }
                v = v * 10 + Int(c - 48)
            }
            i += n
            return v
        }
        func eat(_ c: UInt8) -> Bool {
            if i < s.count && s[i] == c { i += 1; return true }
            return false
        }
        guard let year = digits(4), eat(45), let month = digits(2), eat(45), let day = digits(2) else { return nil }
        var hour = 0, minute = 0, second = 0
        var nanos = 0
        var offset: Int? = nil
        if i < s.count {
            guard eat(84) || eat(116) || eat(32) else { return nil }   // T, t or space
            while eat(32) {}
            guard let h = digits(2), eat(58), let m = digits(2) else { return nil }
            hour = h; minute = m
            if eat(58) {
                guard let sec = digits(2) else { return nil }
                second = sec
                if eat(46) {
                    var scale = 100_000_000
                    while i < s.count, s[i] >= 48, s[i] <= 57 {
                        nanos += Int(s[i] - 48) * scale
                        scale /= 10
                        i += 1
                    }
                }
            }
            while eat(32) {}
            if eat(90) || eat(122) {
                offset = 0
            } else if i < s.count, s[i] == 43 || s[i] == 45 {
                let sign = s[i] == 45 ? -1 : 1
                i += 1
                guard let oh = digits(2) else { return nil }
                _ = eat(58)
                let om = digits(2) ?? 0
                offset = sign * (oh * 3600 + om * 60)
            }
            if i != s.count { return nil }
        }
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = offset.map { TimeZone(secondsFromGMT: $0)! } ?? timeZone
        let comps = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second, nanosecond: nanos)
        guard let date = cal.date(from: comps), cal.component(.day, from: date) == day else { return nil }
        return date
    }

    /// Calendar fields of `date` as seen in `timeZone`.
    static func components(_ date: Date, _ timeZone: TimeZone) -> DateComponents {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = timeZone
        return cal.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
    }

    /// RFC 3339 with the zone's offset, e.g. `2026-03-06T10:00:00+00:00`. Civil-date arithmetic instead of
    /// Calendar and String(format:): the sitemap asks for thousands of these on every rebuild.
    public static func iso8601(_ date: Date, _ timeZone: TimeZone) -> String {
        let off = timeZone.secondsFromGMT(for: date)
        let t = Int((date.timeIntervalSince1970).rounded(.down)) + off
        var days = t / 86400
        var secs = t % 86400
        if secs < 0 { secs += 86400; days -= 1 }
        // Days since 1970-01-01 to year/month/day (Howard Hinnant's civil_from_days).
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
        var y = String(year)
        while y.count < 4 { y = "0" + y }
        let sign = off < 0 ? "-" : "+"
        return "\(y)-\(two(month))-\(two(day))T\(two(secs / 3600)):\(two(secs % 3600 / 60)):\(two(secs % 60))\(sign)\(two(abs(off) / 3600)):\(two(abs(off) % 3600 / 60))"
    }

    /// `6 March 2026`.
    static func display(_ date: Date, _ timeZone: TimeZone) -> String {
        let c = components(date, timeZone)
        return "\(c.day!) \(monthNames[c.month! - 1]) \(c.year!)"
    }

    /// `2026-03-06`.
    static func day(_ date: Date, _ timeZone: TimeZone) -> String {
        let c = components(date, timeZone)
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }
}
