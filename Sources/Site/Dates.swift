import Foundation

/// Date parsing and formatting without locale surprises (always Gregorian; names come from `DateNames`).
public enum SiteDates {
    /// Parses the date forms Jekyll and Hugo users write:
    /// `2026-03-06`, `2026-03-06 10:00`, `2026-03-06 10:00:00 +0100`, `2026-03-06T10:00:00Z`, `…+01:00`, fractions.
    /// Dates without an offset are in `timeZone` (the site's).
    public static func parse(_ text: String, timeZone: TimeZone) -> Date? {
        parse(text, timeZone: timeZone, arithmetic: true)
    }

    /// `arithmetic: false` is the Calendar-only reference the tests compare with.
    static func parse(_ text: String, timeZone: TimeZone, arithmetic: Bool) -> Date? {
        // `.whitespaces` trimming without NSString when the text is ASCII (spaces and tabs are all it trims there).
        let s: [UInt8]
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            let u = Array(text.utf8)
            var a = 0, b = u.count
            while a < b && (u[a] == 0x20 || u[a] == 0x09) { a += 1 }
            while b > a && (u[b - 1] == 0x20 || u[b - 1] == 0x09) { b -= 1 }
            s = Array(u[a..<b])
        } else {
            s = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        }
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
        // One or two digits: Jekyll (Ruby's YAML and Time.parse) reads `2016-1-29 8:00:00` too.
        func oneOrTwo() -> Int? {
            guard i < s.count, s[i] >= 48, s[i] <= 57 else { return nil }
            return i + 1 < s.count && s[i + 1] >= 48 && s[i + 1] <= 57 ? digits(2) : digits(1)
        }
        func eat(_ c: UInt8) -> Bool {
            if i < s.count && s[i] == c { i += 1; return true }
            return false
        }
        guard let year = digits(4), eat(45), let month = oneOrTwo(), eat(45), let day = oneOrTwo() else { return nil }
        var hour = 0, minute = 0, second = 0
        var nanos = 0
        var offset: Int? = nil
        if i < s.count {
            guard eat(84) || eat(116) || eat(32) else { return nil }   // T, t or space
            while eat(32) {}
            guard let h = oneOrTwo(), eat(58), let m = digits(2) else { return nil }
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
        // Whole seconds at a known offset: arithmetic, as Calendar would compute it (checked by tests).
        let fixed = offset ?? (timeZone.identifier == "UTC" || timeZone.identifier == "GMT" ? 0 : nil)
        if arithmetic, let fixed, nanos == 0, second < 60, year >= 1700, year <= 9000 {
            let monthDays = [31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            guard day <= monthDays[month - 1] else { return nil }
            let t = days(year: year, month: month, day: day) * 86400 + hour * 3600 + minute * 60 + second - fixed
            return Date(timeIntervalSince1970: TimeInterval(t))
        }
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = offset.map { TimeZone(secondsFromGMT: $0)! } ?? timeZone
        let comps = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second, nanosecond: nanos)
        guard let date = cal.date(from: comps), cal.component(.day, from: date) == day else { return nil }
        return date
    }

    /// A Jekyll file name's date and the rest (`2016-1-05-hello` → 2016-01-05, `hello`), as Jekyll's
    /// `YYYY-M-D-slug` reads it (month and day of one or two digits); nil when the name has no date.
    static func fileNameDate(_ baseName: String, timeZone: TimeZone) -> (date: Date, rest: String)? {
        let u = Array(baseName.utf8.prefix(11))
        var dashes = 0
        var end = 0
        while end < u.count {
            if u[end] == 45 { dashes += 1; if dashes == 3 { break } }
            else if u[end] < 48 || u[end] > 57 { return nil }
            end += 1
        }
        guard dashes >= 2, end >= 8 else { return nil }
        let prefix = String(decoding: u[..<end], as: UTF8.self)
        // The first run of digits is the year (as `prefix.split(separator: "-").first?.count == 4`, on bytes).
        let digits = u[..<end].drop { $0 == 45 }.prefix { $0 != 45 }
        guard digits.count == 4, let d = parse(prefix, timeZone: timeZone) else { return nil }
        return (d, String(baseName.utf8.dropFirst(min(end + 1, baseName.utf8.count)))!)
    }

    /// Calendar fields of `date` as seen in `timeZone`.
    static func components(_ date: Date, _ timeZone: TimeZone) -> DateComponents {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = timeZone
        return cal.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
    }

    /// Days since 1970-01-01 to year/month/day (Howard Hinnant's civil_from_days): proleptic Gregorian.
    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Local seconds since the epoch and the zone's offset at `date`.
    private static func local(_ date: Date, _ timeZone: TimeZone) -> (days: Int, secs: Int, offset: Int) {
        let off = timeZone.secondsFromGMT(for: date)
        let t = Int((date.timeIntervalSince1970).rounded(.down)) + off
        var days = t / 86400
        var secs = t % 86400
        if secs < 0 { secs += 86400; days -= 1 }
        return (days, secs, off)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (the inverse of `civil`).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// Whether arithmetic gives what Foundation's Gregorian calendar does: between about 1621 and 9892,
    /// away from the Julian switch of 1582.
    private static func inArithmeticRange(_ t: TimeInterval) -> Bool { t > -11_000_000_000 && t < 250_000_000_000 }

    /// Calendar fields of `date` in `timeZone` (weekday 1 = Sunday), as `components` gives them.
    /// Years a post's dates may have: what the feed check accepts (RSS rule `rss-date-year`).
    static let plausibleYears = 1990...2200

    static func fields(_ date: Date, _ timeZone: TimeZone) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int) {
        if inArithmeticRange(date.timeIntervalSince1970) {
            let (days, secs, _) = local(date, timeZone)
            let (y, m, d) = civil(days: days)
            return (y, m, d, secs / 3600, secs % 3600 / 60, secs % 60, ((days % 7) + 11) % 7 + 1)
        }
        let c = components(date, timeZone)
        return (c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!, c.weekday!)
    }

    /// Year, month and day of `date` in `timeZone`, as `components` gives them. Arithmetic instead of
    /// Calendar (pages ask for one per listed post); Calendar still for years near or before 1582,
    /// where Foundation's Gregorian calendar switches to Julian dates.
    static func ymd(_ date: Date, _ timeZone: TimeZone) -> (year: Int, month: Int, day: Int) {
        if inArithmeticRange(date.timeIntervalSince1970) {
            return civil(days: local(date, timeZone).days)
        }
        let c = components(date, timeZone)
        return (c.year!, c.month!, c.day!)
    }

    static func two(_ n: Int) -> String { n < 10 && n >= 0 ? "0\(n)" : String(n) }

    /// RFC 3339 with the zone's offset, e.g. `2026-03-06T10:00:00+00:00`. Civil-date arithmetic instead of
    /// Calendar and String(format:): the sitemap asks for thousands of these on every rebuild.
    public static func iso8601(_ date: Date, _ timeZone: TimeZone) -> String {
        let (days, secs, off) = local(date, timeZone)
        let (year, month, day) = civil(days: days)
        var y = String(year)
        while y.count < 4 { y = "0" + y }
        let sign = off < 0 ? "-" : "+"
        return "\(y)-\(two(month))-\(two(day))T\(two(secs / 3600)):\(two(secs % 3600 / 60)):\(two(secs % 60))\(sign)\(two(abs(off) / 3600)):\(two(abs(off) % 3600 / 60))"
    }

    /// How a page shows a date: site.yml's `date_format` when set, else its language's (`6 de marzo de 2026`).
    static func display(_ date: Date, _ timeZone: TimeZone, format: String?, language: LanguagePack) -> String {
        let pattern = format ?? language.dateFormat
        if pattern == "%-d %B %Y" {   // the English, French and Italian default, without reading the pattern
            let c = ymd(date, timeZone)
            return "\(c.day) \(language.names.months[c.month - 1]) \(c.year)"
        }
        return DateFormat.format(date, pattern, timeZone, names: language.names)
    }

    /// `2026-03-06`.
    static func day(_ date: Date, _ timeZone: TimeZone) -> String {
        let c = ymd(date, timeZone)
        if c.year >= 1000 && c.year <= 9999 { return "\(c.year)-\(two(c.month))-\(two(c.day))" }
        return String(format: "%04d-%02d-%02d", c.year, c.month, c.day)
    }
}
