import Foundation

// Liquid's `Utils.to_date` and the parts of Ruby's `Time.parse` (Date._parse) that dates in front matter
// and templates use: ISO 8601, RFC 822/2822, "Jan 29, 2016", "29 Jan 2016", a/b/c and a.b.c forms, times
// with am/pm and zones. Missing parts come from "now" as Time.parse takes them; no zone means the site's.

public enum DateParsing {
    struct Parsed {
        var year: Int?, month: Int?, day: Int?
        var hour: Int?, minute: Int?, second: Int?
        var fraction: Int?  // nanoseconds
        var zone: String?
        var yearComplete = true  // Ruby's _comp: two-digit years become 19xx/20xx
    }

    static func regex(_ pattern: String) -> NSRegularExpression {
        // Patterns are constants: a failure is a programming error caught by the tests.
        try! NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
    }

    static let monthNames = "jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"
    static let era = "(?:c(?:e|\\.e\\.)|b(?:ce|\\.c\\.e\\.)|a(?:d|\\.d\\.)|b(?:c|\\.c\\.))"
    static let junk = regex("[^-+',./:@\\p{L}\\p{N}\\[\\]]+")
    static let weekday = regex("\\b(sun|mon|tue|wed|thu|fri|sat)[^-/\\d\\s]*")
    static let time = regex(
        "((?:\\d+\\s*:\\s*\\d+(?:\\s*:\\s*\\d+(?:[,.]\\d*)?)?|\\d+\\s*h(?:\\s*\\d+m?(?:\\s*\\d+s?)?)?)(?:\\s*[ap](?:m\\b|\\.m\\.))?|\\d+\\s*[ap](?:m\\b|\\.m\\.))"
        + "(?:\\s*((?:gmt|utc?)?[-+]\\d+(?:[,.:]\\d+(?::\\d+)?)?|(?-i:[\\p{L}.\\s]+)(?:standard|daylight)\\stime\\b|(?-i:[\\p{L}]+)(?:\\sdst)?\\b))?")
    static let timeParts = regex("\\A(\\d+)h?(?:\\s*:?\\s*(\\d+)m?(?:\\s*:?\\s*(\\d+)(?:[,.](\\d+))?s?)?)?(?:\\s*([ap])(?:m\\b|\\.m\\.))?")
    static let eu = regex("'?\\b(\\d+)[^-\\d\\s']*\\s*(\(monthNames))[^-\\d\\s']*(?:\\s*(\(era))?\\s*('?-?\\d+(?:(?:st|nd|rd|th)\\b)?))?")
    static let us = regex("\\b(\(monthNames))[^-\\d\\s']*\\s*('?\\d+)[^-\\d\\s']*(?:\\s*,?\\s*(\(era))?\\s*('?-?\\d+))?")
    static let iso = regex("('?[-+]?\\d+)-(\\d+)-('?-?\\d+)")
    static let vms = regex("('?-?\\d+)-(\(monthNames))[^-/.]*-('?-?\\d+)")
    static let vms2 = regex("\\b(\(monthNames))[^-/.]*-('?-?\\d+)(?:-('?-?\\d+))?")
    static let sla = regex("('?-?\\d+)/\\s*('?\\d+)(?:\\D\\s*('?-?\\d+))?")
    static let dot = regex("('?-?\\d+)\\.\\s*('?\\d+)\\.\\s*('?-?\\d+)")
    static let apostropheYear = regex("'(\\d+)\\b")
    static let monthOnly = regex("\\b(\(monthNames))\\S*")
    static let mday = regex("(\\d+)(st|nd|rd|th)\\b")
    static let ddd = regex("([-+]?)(\\d{2,14})(?:\\s*t?\\s*(\\d{2,6})?(?:[,.](\\d*))?)?(?:\\s*(z\\b|[-+]\\d{1,4}\\b))?")

    static func group(_ m: NSTextCheckingResult, _ i: Int, _ s: NSString) -> String? {
        let r = m.range(at: i)
        return r.location == NSNotFound ? nil : s.substring(with: r)
    }

    static func monthNumber(_ name: String) -> Int {
        let names = monthNames.split(separator: "|")
        let prefix = name.prefix(3).lowercased()
        return (names.firstIndex { $0 == prefix } ?? 0) + 1
    }

    /// Date._parse's `s3e`: orders three numbers (strings as written) into year, month, day.
    static func s3e(_ p: inout Parsed, _ y0: String?, _ m0: String?, _ d0: String?, bc: Bool = false) {
        var y = y0, m = m0, d = d0
        if y != nil, m != nil, d == nil { (y, m, d) = (d, y, m) }
        if y == nil {
            if let dd = d, dd.count > 2 { y = dd; d = nil }
            if let dd = d, dd.hasPrefix("'") { y = dd; d = nil }
        }
        if let yy = y {
            let u = Array(yy.utf8)
            var s = 0
            while s < u.count, !(u[s] == 0x2B || u[s] == 0x2D || (u[s] >= 0x30 && u[s] <= 0x39)) { s += 1 }
            if s < u.count {
                var e = s
                if u[e] == 0x2B || u[e] == 0x2D { e += 1 }
                while e < u.count, u[e] >= 0x30, u[e] <= 0x39 { e += 1 }
                if e < u.count { (y, d) = (d, String(decoding: u[s...], as: UTF8.self)) }
            }
        }
        if let mm = m, mm.hasPrefix("'") || mm.count > 2 { (y, m, d) = (m, d, y) }
        if let dd = d, dd.hasPrefix("'") || dd.count > 2 { (y, d) = (d, y) }
        if let yy = y {
            var digits = Substring(yy)
            var complete = true
            if digits.hasPrefix("'") { digits = digits.dropFirst(); complete = false }
            var negative = false
            if let c = digits.first, c == "+" || c == "-" { negative = c == "-"; digits = digits.dropFirst(); complete = false }
            let num = digits.prefix { $0.isASCII && $0.isNumber }
            if num.count > 2 { complete = false }
            if var v = Int(num) {
                if negative { v = -v }
                if bc { v = -v + 1 }
                p.year = v
                p.yearComplete = complete
            }
        }
        if let mm = m, let v = Int(mm.filter { $0.isASCII && $0.isNumber }) { p.month = v }
        if let dd = d, let v = Int(dd.prefix { $0 != "'" }.drop { $0 == "'" }.prefix { $0.isASCII && $0.isNumber }) { p.day = v }
    }

    /// Replaces the match with a space (date_parse.c's `subx`) and reports it.
    static func take(_ re: NSRegularExpression, _ str: inout String) -> (NSTextCheckingResult, NSString)? {
        let ns = str as NSString
        guard let m = re.firstMatch(in: str, range: NSRange(location: 0, length: ns.length)) else { return nil }
        str = ns.replacingCharacters(in: m.range, with: " ")
        return (m, ns)
    }

    /// Date._parse (with completion of two-digit years); nil when nothing was found.
    static func parse(_ input: String) -> Parsed? {
        let ns0 = input as NSString
        var str = junk.stringByReplacingMatches(in: input, range: NSRange(location: 0, length: ns0.length), withTemplate: " ")
        var p = Parsed()
        var found = false
        _ = take(weekday, &str)
        if let (m, ns) = take(time, &str) {
            found = true
            let timeText = group(m, 1, ns) ?? ""
            p.zone = group(m, 2, ns)
            let tns = timeText as NSString
            if let t = timeParts.firstMatch(in: timeText, range: NSRange(location: 0, length: tns.length)) {
                var hour = Int(group(t, 1, tns) ?? "0") ?? 0
                p.minute = group(t, 2, tns).flatMap { Int($0) }
                p.second = group(t, 3, tns).flatMap { Int($0) }
                if let frac = group(t, 4, tns) {
                    let digits = String(frac.prefix(9))
                    p.fraction = (Int(digits) ?? 0) * Int(pow(10.0, Double(9 - digits.count)))
                }
                if let meridian = group(t, 5, tns) {
                    hour %= 12
                    if meridian.lowercased() == "p" { hour += 12 }
                }
                p.hour = hour
            }
        }
        if let (m, ns) = take(eu, &str) {
            found = true
            let mon = String(monthNumber(group(m, 2, ns)!))
            s3e(&p, group(m, 4, ns), mon, group(m, 1, ns), bc: group(m, 3, ns).map { $0.lowercased().hasPrefix("b") } ?? false)
        } else if let (m, ns) = take(us, &str) {
            found = true
            let mon = String(monthNumber(group(m, 1, ns)!))
            s3e(&p, group(m, 4, ns), mon, group(m, 2, ns), bc: group(m, 3, ns).map { $0.lowercased().hasPrefix("b") } ?? false)
        } else if let (m, ns) = take(iso, &str) {
            found = true
            s3e(&p, group(m, 1, ns), group(m, 2, ns), group(m, 3, ns))
        } else if let (m, ns) = take(vms, &str) {
            found = true
            s3e(&p, group(m, 3, ns), String(monthNumber(group(m, 2, ns)!)), group(m, 1, ns))
        } else if let (m, ns) = take(vms2, &str) {
            found = true
            s3e(&p, group(m, 3, ns), String(monthNumber(group(m, 1, ns)!)), group(m, 2, ns))
        } else if let (m, ns) = take(sla, &str) {
            found = true
            s3e(&p, group(m, 1, ns), group(m, 2, ns), group(m, 3, ns))
        } else if let (m, ns) = take(dot, &str) {
            found = true
            s3e(&p, group(m, 1, ns), group(m, 2, ns), group(m, 3, ns))
        } else if let (m, ns) = take(apostropheYear, &str) {
            found = true
            p.year = Int(group(m, 1, ns)!)
            p.yearComplete = false
        } else if let (m, ns) = take(monthOnly, &str) {
            found = true
            p.month = monthNumber(group(m, 1, ns)!)
        } else if let (m, ns) = take(mday, &str) {
            found = true
            p.day = Int(group(m, 1, ns)!)
        } else if let (m, ns) = take(ddd, &str) {
            found = true
            parseDigits(&p, group(m, 2, ns)!, time: group(m, 3, ns), fraction: group(m, 4, ns), zone: group(m, 5, ns))
        }
        guard found else { return nil }
        if p.yearComplete, let y = p.year, y >= 0, y <= 99 { p.year = y + (y >= 69 ? 1900 : 2000) }
        return p
    }

    /// Date._parse's run-of-digits form (`20160129t0800`): lengths 2, 4, 6, 8, 10, 12, 14.
    static func parseDigits(_ p: inout Parsed, _ s: String, time: String?, fraction: String?, zone: String?) {
        let d = Array(s).map { Int(String($0))! }
        func num(_ a: Int, _ n: Int) -> Int { d[a..<(a + n)].reduce(0) { $0 * 10 + $1 } }
        switch d.count {
        case 2: p.day = num(0, 2)
        case 4: p.month = num(0, 2); p.day = num(2, 2)
        case 6: p.year = num(0, 2); p.month = num(2, 2); p.day = num(4, 2)
        case 8, 10, 12, 14:
            p.year = num(0, 4); p.month = num(4, 2); p.day = num(6, 2); p.yearComplete = false
            if d.count >= 10 { p.hour = num(8, 2) }
            if d.count >= 12 { p.minute = num(10, 2) }
            if d.count >= 14 { p.second = num(12, 2) }
        default: break
        }
        if let time {
            let t = Array(time).map { Int(String($0))! }
            if t.count >= 2 { p.hour = t[0] * 10 + t[1] }
            if t.count >= 4 { p.minute = t[2] * 10 + t[3] }
            if t.count >= 6 { p.second = t[4] * 10 + t[5] }
        }
        if let fraction, !fraction.isEmpty {
            let digits = String(fraction.prefix(9))
            p.fraction = (Int(digits) ?? 0) * Int(pow(10.0, Double(9 - digits.count)))
        }
        if let zone { p.zone = zone }
    }

    /// Ruby's `Time.zone_offset`: `+HHMM`, `+HH:MM` (with seconds), `+HH`, the names in Time::ZoneOffset
    /// (RFC 822 and military letters), or the local zone's own abbreviation in January or July of `year`.
    /// Anything else (`CEST` outside a CEST site, `+1`, `utc+1`) is nil: Time.parse then reads the time as local.
    public static func zoneOffset(_ zone: String, local: TimeZone? = nil, year: Int = 2000) -> Int? {
        let z = zone.uppercased()
        let named: [String: Int] = ["UTC": 0, "Z": 0, "UT": 0, "GMT": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5,
                                    "MST": -7, "MDT": -6, "PST": -8, "PDT": -7]
        if let h = named[z] { return h * 3600 }
        if z.count == 1, let c = z.unicodeScalars.first, c.isASCII, c.properties.isAlphabetic {
            let v = Int(c.value)
            if v >= 0x41 && v <= 0x49 { return (v - 0x40) * 3600 }  // A-I: +1..+9
            if v >= 0x4B && v <= 0x4D { return (v - 0x41) * 3600 }  // K-M: +10..+12
            if v >= 0x4E && v <= 0x59 { return -(v - 0x4D) * 3600 }  // N-Y: -1..-12
        }
        let u = Array(z.utf8)
        func digits(_ r: Range<Int>) -> Int? {
            guard r.upperBound <= u.count, u[r].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return u[r].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        if let sign = u.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), let h = digits(1..<3) {
            let neg = sign == UInt8(ascii: "-")
            if u.count == 3 { return (neg ? -1 : 1) * h * 3600 }
            let colon = u[3] == UInt8(ascii: ":")
            let m0 = colon ? 4 : 3
            if let m = digits(m0..<(m0 + 2)) {
                var total = h * 3600 + m * 60
                let rest = u.count - (m0 + 2)
                if rest == 0 { return neg ? -total : total }
                let s0 = m0 + 2 + (colon ? 1 : 0)
                if rest == (colon ? 3 : 2), !colon || u[m0 + 2] == UInt8(ascii: ":"), let s = digits(s0..<(s0 + 2)) {
                    total += s
                    return neg ? -total : total
                }
            }
            return nil
        }
        if let local, !z.isEmpty {
            for month in [1, 7] {
                let secs = (Civil.days(year: year, month: month, day: 1) * 86400)
                let date = Date(timeIntervalSince1970: TimeInterval(secs))
                let off = local.secondsFromGMT(for: date)
                if ZoneNames.abbreviation(local, offset: off).uppercased() == z { return off }
            }
        }
        return nil
    }

    static func isUTCZone(_ zone: String) -> Bool {
        ["-00:00", "-0000", "-00", "UTC", "Z", "UT"].contains(zone.uppercased())
    }

    /// Ruby's `Time.parse(string)` in the site's zone; nil where Ruby raises ArgumentError.
    static func timeParse(_ input: String, zone: TimeZone, now: Date = Date()) -> RubyTime? {
        guard let p = parse(input) else { return nil }
        if p.year == nil && p.month == nil && p.day == nil && p.hour == nil && p.minute == nil && p.second == nil && p.fraction == nil {
            return nil
        }
        let offset = p.zone.flatMap { zoneOffset($0, local: zone, year: p.year ?? Civil.date(fromDays: Int(now.timeIntervalSince1970) / 86400).0) }
        let nowTime = offset.map { off in
            RubyTime.from(now, offset: off, zone: zone)
        } ?? RubyTime.local(seconds: Int(now.timeIntervalSince1970.rounded(.down)), zone: zone)
        let n = nowTime.fields
        var year = p.year, month = p.month, day = p.day, hour = p.hour, minute = p.minute, second = p.second
        var nanos = p.fraction
        // Fill the leading missing parts from now, up to the first part given.
        repeat {
            if year != nil { break }; year = n.year
            if month != nil { break }; month = n.month
            if day != nil { break }; day = n.day
            if hour != nil { break }; hour = n.hour
            if minute != nil { break }; minute = n.minute
            if second != nil { break }; second = n.second
            if nanos != nil { break }; nanos = nowTime.nanos / 1000 * 1000
        } while false
        let y = year ?? 1970, mo = month ?? 1, d = day ?? 1, h = hour ?? 0, mi = minute ?? 0, s = second ?? 0
        guard (1...12).contains(mo), (1...31).contains(d), (0...24).contains(h), (0...59).contains(mi), (0...60).contains(s) else { return nil }
        if h == 24 && (mi != 0 || s != 0) { return nil }
        let wall = Civil.days(year: y, month: mo, day: d) * 86400 + h * 3600 + mi * 60 + s
        let ns = nanos ?? 0
        if let offset, let zoneText = p.zone {
            let secs = wall - offset
            if isUTCZone(zoneText) {
                return RubyTime(seconds: secs, nanos: ns, offset: 0, zoneName: "UTC", isUTC: true)
            }
            let local = RubyTime.local(seconds: secs, nanos: ns, zone: zone)
            if local.offset == offset { return local }
            return RubyTime(seconds: secs, nanos: ns, offset: offset, zoneName: "", isUTC: false)
        }
        return RubyTime.local(seconds: Civil.localSeconds(wall, zone: zone), nanos: ns, zone: zone)
    }

    /// Ruby's `Time.parse(string)` as an instant, the site's zone standing for the local one; nil where Ruby
    /// raises. Jekyll reads front matter dates that are not YAML timestamps this way.
    public static func rubyTimeParse(_ input: String, timeZone: TimeZone) -> Date? {
        timeParse(input, zone: timeZone)?.date
    }

    /// Liquid's `Utils.to_date`: times as they are, "now"/"today", digits as seconds since the epoch,
    /// other strings through Time.parse; nil for anything else (the filters then return their input).
    static func toDate(_ v: Value, zone: TimeZone) -> RubyTime? {
        switch v {
        case .date(let d, let off): return RubyTime.from(d, offset: off, zone: zone)
        case .int(let i): return RubyTime.local(seconds: i, zone: zone)
        case .string(let raw):
            if raw.isEmpty { return nil }
            let s = raw.lowercased()
            if s == "now" || s == "today" {
                let t = Date().timeIntervalSince1970
                let secs = Int(t.rounded(.down))
                return RubyTime.local(seconds: secs, nanos: Int((t - Double(secs)) * 1e9), zone: zone)
            }
            if s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                guard let i = Int(s) else { return nil }
                return RubyTime.local(seconds: i, zone: zone)
            }
            return timeParse(s, zone: zone)
        default: return nil
        }
    }
}
