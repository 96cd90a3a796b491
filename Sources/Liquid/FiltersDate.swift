import Foundation

// Ruby's Time as the date filters see it, and Ruby's `strftime` (every directive, flags, widths).
// Calendar arithmetic is done by hand (days from the civil date): no Calendar or DateFormatter per call.

/// A Ruby `Time`: an instant, the UTC offset it is shown in, and the zone name `%Z` prints.
struct RubyTime {
    var seconds: Int
    var nanos: Int
    var offset: Int
    /// The site's zone when `%Z` prints its abbreviation: looked up only then, as most formats never ask.
    var namedZone: TimeZone?
    /// What `%Z` prints without a named zone: "UTC", or "" for a fixed offset.
    var fixedZoneName: String
    /// Ruby's `utc?` (xmlschema writes "Z", rfc822 "-0000").
    var isUTC: Bool

    init(seconds: Int, nanos: Int, offset: Int, zoneName: String, isUTC: Bool) {
        self.init(seconds: seconds, nanos: nanos, offset: offset, namedZone: nil, fixedZoneName: zoneName, isUTC: isUTC)
    }

    private init(seconds: Int, nanos: Int, offset: Int, namedZone: TimeZone?, fixedZoneName: String, isUTC: Bool) {
        self.seconds = seconds
        self.nanos = nanos
        self.offset = offset
        self.namedZone = namedZone
        self.fixedZoneName = fixedZoneName
        self.isUTC = isUTC
    }

    /// What `%Z` prints: the local zone's abbreviation, "UTC", or "" for a fixed offset.
    var zoneName: String { namedZone.map { ZoneNames.abbreviation($0, offset: offset) } ?? fixedZoneName }

    /// A time in the site's zone (Ruby's local time).
    static func local(seconds: Int, nanos: Int = 0, zone: TimeZone) -> RubyTime {
        let off = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
        return RubyTime(seconds: seconds, nanos: nanos, offset: off, namedZone: zone, fixedZoneName: "", isUTC: false)
    }

    /// A time shown at `offset`: named as the local zone when the site's zone has that offset then (Ruby
    /// prefers the real zone), "UTC" at offset 0 otherwise, else unnamed.
    static func from(_ date: Date, offset: Int, zone: TimeZone) -> RubyTime {
        let (secs, nanos) = instant(date)
        let localOffset = zone.secondsFromGMT(for: date)
        if localOffset == offset {
            return RubyTime(seconds: secs, nanos: nanos, offset: offset, namedZone: zone, fixedZoneName: "", isUTC: false)
        }
        return RubyTime(seconds: secs, nanos: nanos, offset: offset, zoneName: offset == 0 ? "UTC" : "", isUTC: offset == 0)
    }

    /// `date` in the site's zone: what `from(date, …).localtime(zone)` gives, without the first zone lookup.
    static func local(_ date: Date, zone: TimeZone) -> RubyTime {
        let (secs, nanos) = instant(date)
        return local(seconds: secs, nanos: nanos, zone: zone)
    }

    /// Whole seconds and nanoseconds (to the microsecond, as Ruby keeps a YAML time).
    private static func instant(_ date: Date) -> (seconds: Int, nanos: Int) {
        let t = date.timeIntervalSince1970
        let s = t.rounded(.down)
        var micros = Int(((t - s) * 1_000_000).rounded())
        var secs = Int(s)
        if micros >= 1_000_000 { secs += 1; micros -= 1_000_000 }
        return (secs, micros * 1000)
    }

    /// Ruby's `localtime`: the same instant in the site's zone.
    func localtime(_ zone: TimeZone) -> RubyTime { .local(seconds: seconds, nanos: nanos, zone: zone) }

    var date: Date { Date(timeIntervalSince1970: TimeInterval(seconds) + TimeInterval(nanos) / 1e9) }
    var value: Value { .date(date, utcOffset: offset) }

    /// Broken-down fields in the time's own offset.
    struct Fields {
        var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
        var wday: Int  // 0 = Sunday
        var yday: Int  // 1-based
    }

    var fields: Fields {
        let local = seconds + offset
        let days = Int((Double(local) / 86400).rounded(.down))
        let secs = local - days * 86400
        let (y, m, d) = Civil.date(fromDays: days)
        let wday = ((days % 7) + 7 + 4) % 7  // 1970-01-01 was a Thursday
        let yday = days - Civil.days(year: y, month: 1, day: 1) + 1
        return Fields(year: y, month: m, day: d, hour: secs / 3600, minute: secs % 3600 / 60, second: secs % 60, wday: wday, yday: yday)
    }
}

/// Days since 1970-01-01 from a proleptic Gregorian date and back (Howard Hinnant's algorithms).
enum Civil {
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    static func date(fromDays z0: Int) -> (Int, Int, Int) {
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

    static func isLeap(_ y: Int) -> Bool { y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) }

    /// Seconds since the epoch of a wall-clock time in `zone` (Ruby's Time.local): in a gap (clocks
    /// forward) the earlier offset applies, so 02:30 becomes 03:30; when clocks went back, the later instant.
    static func localSeconds(_ wall: Int, zone: TimeZone) -> Int {
        if zone.identifier == "UTC" || zone.identifier == "GMT" { return wall }
        func offset(_ t: Int) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t))) }
        let before = offset(wall - 50_400), after = offset(wall + 50_400)
        var best: Int?
        for off in before == after ? [before] : [before, after] {
            let t = wall - off
            if offset(t) == off { best = max(best ?? t, t) }
        }
        if let best { return best }
        let t = wall - offset(wall)
        return offset(t) == offset(wall) ? t : wall - before
    }
}

/// Ruby's `Time#strftime`, formats parsed once and cached.
enum Strftime {
    enum Token {
        case literal(String)
        case directive(flags: Flags, width: Int?, colons: Int, conversion: Character, raw: String)
    }

    struct Flags: OptionSet {
        let rawValue: UInt8
        static let noPad = Flags(rawValue: 1)
        static let spacePad = Flags(rawValue: 2)
        static let zeroPad = Flags(rawValue: 4)
        static let upcase = Flags(rawValue: 8)
        static let changeCase = Flags(rawValue: 16)
    }

    static let cache = FilterCache<String, Compiled?>()

    /// Nil for a format Ruby rejects ("invalid format": a `%` directive cut off at the end).
    static func tokens(_ format: String) -> [Token]? { compiled(format)?.tokens }

    /// The format's tokens and its plain plan (see `Compiled`), made once per format.
    static func compiled(_ format: String) -> Compiled? {
        cache.value(format) { parse(format).map { Compiled($0) } }
    }

    static func parse(_ format: String) -> [Token]? {
        var out: [Token] = []
        var literal = ""
        let chars = Array(format)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            guard c == "%" else { literal.append(c); i += 1; continue }
            var j = i + 1
            var flags: Flags = []
            var width: Int?
            var colons = 0
            while j < chars.count {
                switch chars[j] {
                case "-": flags.insert(.noPad)
                case "_": flags.insert(.spacePad)
                case "0": flags.insert(.zeroPad)
                case "^": flags.insert(.upcase)
                case "#": flags.insert(.changeCase)
                default: break
                }
                if "-_0^#".contains(chars[j]) { j += 1 } else { break }
            }
            while j < chars.count, let d = chars[j].wholeNumberValue, chars[j].isASCII {
                width = (width ?? 0) * 10 + d
                j += 1
            }
            while j < chars.count, chars[j] == ":" { colons += 1; j += 1 }
            if j < chars.count, chars[j] == "E" || chars[j] == "O", j + 1 < chars.count, "cCxXyYdeHImMSuUVwWy".contains(chars[j + 1]) { j += 1 }
            guard j < chars.count else { return nil }
            let conv = chars[j]
            let raw = String(chars[i...j])
            if !literal.isEmpty { out.append(.literal(literal)); literal = "" }
            out.append(.directive(flags: flags, width: width, colons: colons, conversion: conv, raw: raw))
            i = j + 1
        }
        if !literal.isEmpty { out.append(.literal(literal)) }
        return out
    }

    static let days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                         "October", "November", "December"]

    static func format(_ time: RubyTime, _ format: String) throws(LiquidError) -> String {
        guard let compiled = compiled(format) else { throw FilterSupport.error("invalid format: \(format)") }
        let fields = time.fields
        if let s = compiled.plain(fields) { return s }
        var out = ""
        render(compiled.tokens, time, fields, into: &out)
        return out
    }

    /// A format of literals and plain `%Y %m %d %H %M %S` (no flags, width or colons; years 0…9999), written as
    /// bytes: the same text as `render` (a test compares them), nil for any other. `date: "%Y-%m-%d"` on every
    /// list entry spent most of its time on the small strings `number` and `pad` make per directive.
    static func plain(_ tokens: [Token], _ f: RubyTime.Fields) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        func two(_ n: Int) {
            bytes.append(UInt8(0x30 + n / 10))
            bytes.append(UInt8(0x30 + n % 10))
        }
        for token in tokens {
            switch token {
            case .literal(let s): bytes.append(contentsOf: s.utf8)
            case .directive(let flags, let width, let colons, let conv, _):
                guard flags.isEmpty, width == nil, colons == 0, conv.isASCII, let c = conv.asciiValue else { return nil }
                switch c {
                case UInt8(ascii: "Y"):
                    guard (0...9999).contains(f.year) else { return nil }
                    two(f.year / 100)
                    two(f.year % 100)
                case UInt8(ascii: "m"): two(f.month)
                case UInt8(ascii: "d"): two(f.day)
                case UInt8(ascii: "H"): two(f.hour)
                case UInt8(ascii: "M"): two(f.minute)
                case UInt8(ascii: "S"): two(f.second)
                default: return nil
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `%Y-%m-%dT%H:%M:%S%:z`, Jekyll's `date_to_xmlschema` that every post prints, written as bytes: the
    /// same text as `format` gives (a test compares them), nil for the years and offsets `format` pads otherwise.
    static func xmlschema(_ t: RubyTime) -> String? {
        let f = t.fields
        let a = abs(t.offset)
        guard (0...9999).contains(f.year), a < 100 * 3600 else { return nil }
        return String(unsafeUninitializedCapacity: 25) { b in
            var i = 0
            func two(_ n: Int, then separator: UInt8?) {
                b[i] = UInt8(0x30 + n / 10)
                b[i + 1] = UInt8(0x30 + n % 10)
                i += 2
                if let separator { b[i] = separator; i += 1 }
            }
            two(f.year / 100, then: nil)
            two(f.year % 100, then: UInt8(ascii: "-"))
            two(f.month, then: UInt8(ascii: "-"))
            two(f.day, then: UInt8(ascii: "T"))
            two(f.hour, then: UInt8(ascii: ":"))
            two(f.minute, then: UInt8(ascii: ":"))
            two(f.second, then: UInt8(ascii: t.offset < 0 ? "-" : "+"))
            two(a / 3600, then: UInt8(ascii: ":"))
            two(a % 3600 / 60, then: nil)
            return i
        }
    }

    static func render(_ tokens: [Token], _ t: RubyTime, _ f: RubyTime.Fields, into out: inout String) {
        for token in tokens {
            switch token {
            case .literal(let s): out += s
            case .directive(let flags, let width, let colons, let conv, let raw):
                directive(flags, width, colons, conv, raw, t, f, into: &out)
            }
        }
    }

    static func pad(_ s: String, _ width: Int, _ flags: Flags, defaultPad: Character) -> String {
        if flags.contains(.noPad) || s.count >= width { return s }
        let padChar: Character = flags.contains(.spacePad) ? " " : flags.contains(.zeroPad) ? "0" : defaultPad
        if padChar == "0", s.hasPrefix("-") {
            return "-" + String(repeating: "0", count: width - s.count) + s.dropFirst()
        }
        return String(repeating: padChar, count: width - s.count) + s
    }

    static func number(_ n: Int, _ defaultWidth: Int, _ flags: Flags, _ width: Int?, defaultPad: Character = "0") -> String {
        pad(String(n), width ?? defaultWidth, flags, defaultPad: defaultPad)
    }

    static func text(_ s: String, _ flags: Flags, _ width: Int?, swapToUpper: Bool = true) -> String {
        var s = s
        if flags.contains(.upcase) { s = s.uppercased() } else if flags.contains(.changeCase) { s = swapToUpper ? s.uppercased() : s.lowercased() }
        return pad(s, width ?? 0, flags, defaultPad: " ")
    }

    /// ISO 8601 week-based year and week.
    static func isoWeek(_ f: RubyTime.Fields) -> (year: Int, week: Int) {
        let wdayMon = (f.wday + 6) % 7  // Monday 0
        var year = f.year
        var week = (f.yday - 1 - wdayMon + 10) / 7
        if week < 1 {
            year -= 1
            let prevDays = Civil.isLeap(year) ? 366 : 365
            week = (f.yday - 1 + prevDays - wdayMon + 10) / 7
        } else {
            let daysInYear = Civil.isLeap(year) ? 366 : 365
            if week == 53, (f.yday - 1 - wdayMon + 3) >= daysInYear { year += 1; week = 1 }
        }
        return (year, week)
    }

    /// `%z`: hours padded to what the width leaves after minutes (and seconds), the sign before the digits
    /// when padding with spaces; `%-z` on a UTC time writes "-0000" (RFC 3339's unknown offset).
    static func offsetString(_ offset: Int, colons: Int, _ flags: Flags, _ width: Int?, utc: Bool) -> String {
        var sign: Character = offset < 0 ? "-" : "+"
        if flags.contains(.noPad) && utc && offset == 0 { sign = "-" }
        let a = abs(offset)
        let mm = String(a % 3600 / 60).leftPadded(to: 2), ss = String(a % 60).leftPadded(to: 2)
        var tail: String
        switch colons {
        case 0: tail = mm
        case 1: tail = ":" + mm
        case 2: tail = ":" + mm + ":" + ss
        default: tail = a % 60 != 0 ? ":" + mm + ":" + ss : a % 3600 != 0 ? ":" + mm : ""
        }
        let hoursWidth = max(colons == 3 ? 2 : 2, (width ?? 0) - 1 - tail.count)
        let hours = String(a / 3600)
        if flags.contains(.spacePad) {
            let padding = String(repeating: " ", count: max(0, hoursWidth - hours.count))
            return padding + String(sign) + hours + tail
        }
        return String(sign) + hours.leftPadded(to: hoursWidth) + tail
    }

    static func directive(_ flags: Flags, _ width: Int?, _ colons: Int, _ conv: Character, _ raw: String,
                          _ t: RubyTime, _ f: RubyTime.Fields, into out: inout String) {
        func sub(_ format: String) {
            var s = ""
            render(tokens(format) ?? [], t, f, into: &s)
            if flags.contains(.upcase) { s = s.uppercased() }
            out += pad(s, width ?? 0, flags, defaultPad: " ")
        }
        if colons > 0 && conv != "z" { out += raw; return }
        let hour12 = f.hour % 12 == 0 ? 12 : f.hour % 12
        switch conv {
        case "Y":
            if let width { out += number(f.year, width, flags, width) } else { out += number(f.year, f.year < 0 ? 5 : 4, flags, nil) }
        case "C": out += number(Int((Double(f.year) / 100).rounded(.down)), 2, flags, width)
        case "y": out += number(((f.year % 100) + 100) % 100, 2, flags, width)
        case "m": out += number(f.month, 2, flags, width)
        case "d": out += number(f.day, 2, flags, width)
        case "e": out += number(f.day, 2, flags, width, defaultPad: " ")
        case "j": out += number(f.yday, 3, flags, width)
        case "H": out += number(f.hour, 2, flags, width)
        case "k": out += number(f.hour, 2, flags, width, defaultPad: " ")
        case "I": out += number(hour12, 2, flags, width)
        case "l": out += number(hour12, 2, flags, width, defaultPad: " ")
        case "M": out += number(f.minute, 2, flags, width)
        case "S": out += number(f.second, 2, flags, width)
        case "L", "N":
            let digits = width ?? (conv == "L" ? 3 : 9)
            var s = String(t.nanos).leftPadded(to: 9)
            if digits <= 9 { s = String(s.prefix(digits)) } else { s += String(repeating: "0", count: digits - 9) }
            out += s
        case "z": out += offsetString(t.offset, colons: colons, flags, width, utc: t.isUTC)
        case "Z":
            out += text(t.zoneName, flags, width, swapToUpper: false)
        case "A": out += text(days[f.wday], flags, width)
        case "a": out += text(String(days[f.wday].prefix(3)), flags, width)
        case "B": out += text(months[f.month - 1], flags, width)
        case "b", "h": out += text(String(months[f.month - 1].prefix(3)), flags, width)
        case "p": out += text(f.hour < 12 ? "AM" : "PM", flags, width, swapToUpper: false)
        case "P": out += text(f.hour < 12 ? "am" : "pm", flags, width)
        case "u": out += number(f.wday == 0 ? 7 : f.wday, 1, flags, width)
        case "w": out += number(f.wday, 1, flags, width)
        case "U": out += number((f.yday - 1 + 7 - f.wday) / 7, 2, flags, width)
        case "W": out += number((f.yday - 1 + 7 - (f.wday + 6) % 7) / 7, 2, flags, width)
        case "G": out += number(isoWeek(f).year, 4, flags, width)
        case "g": out += number(((isoWeek(f).year % 100) + 100) % 100, 2, flags, width)
        case "V": out += number(isoWeek(f).week, 2, flags, width)
        case "s": out += number(t.seconds, 1, flags, width)
        case "n": out += "\n"
        case "t": out += "\t"
        case "%": out += pad("%", width ?? 1, flags, defaultPad: " ")
        case "c": sub("%a %b %e %H:%M:%S %Y")
        case "x", "D": sub("%m/%d/%y")
        case "X", "T": sub("%H:%M:%S")
        case "r": sub("%I:%M:%S %p")
        case "R": sub("%H:%M")
        case "F": sub("%Y-%m-%d")
        case "v": sub("%e-%^b-%4Y")
        default: out += raw
        }
    }
}
