import Foundation

/// Dates shown as a strftime pattern, the way Jekyll's `date_format` (Ruby's `strftime`) writes them,
/// so an imported site shows "Mar 6, 2026" where it did before. Only the directives blogs use. Names are the
/// page's language's, from the platform's locale data (`DateNames`); English abbreviations are Ruby's.
enum DateFormat {
    static let supported = "%Y %y %m %-m %d %-d %e %B %b %h %A %a %j %H %-H %I %-I %M %S %p %%"

    /// The first directive of `format` this formatter cannot write, for the settings error.
    static func firstUnsupported(_ format: String) -> String? {
        var it = format.makeIterator()
        while let c = it.next() {
            guard c == "%" else { continue }
            guard var d = it.next() else { return "%" }
            var directive = "%"
            if d == "-" { directive += "-"; guard let n = it.next() else { return "%-" }; d = n }
            directive.append(d)
            if !supported.split(separator: " ").contains(Substring(directive)) { return directive }
        }
        return nil
    }

    /// `format` with each directive replaced by the date's field in `timeZone`, names from `names`.
    static func format(_ date: Date, _ format: String, _ timeZone: TimeZone, names: DateNames = .english) -> String {
        let f = SiteDates.fields(date, timeZone)
        var out = ""
        var it = format.makeIterator()
        while let c = it.next() {
            guard c == "%", var d = it.next() else { out.append(c); continue }
            var pad = true
            if d == "-", let n = it.next() { pad = false; d = n }
            func num(_ v: Int, _ width: Int = 2) -> String {
                let s = String(v)
                return pad && s.count < width ? String(repeating: "0", count: width - s.count) + s : s
            }
            switch d {
            case "Y": out += String(f.year)
            case "y": out += num(f.year % 100)
            case "m": out += num(f.month)
            case "d": out += num(f.day)
            case "e": out += f.day < 10 && pad ? " \(f.day)" : String(f.day)
            case "B": out += names.months[f.month - 1]
            case "b", "h": out += names.shortMonths[f.month - 1]
            case "A": out += names.weekdays[f.weekday - 1]
            case "a": out += names.shortWeekdays[f.weekday - 1]
            case "j": out += num(dayOfYear(f.year, f.month, f.day), 3)
            case "H": out += num(f.hour)
            case "I": out += num(f.hour % 12 == 0 ? 12 : f.hour % 12)
            case "M": out += num(f.minute)
            case "S": out += num(f.second)
            case "p": out += f.hour < 12 ? "AM" : "PM"
            case "%": out += "%"
            default: out.append("%"); if !pad { out.append("-") }; out.append(d)
            }
        }
        return out
    }

    private static func dayOfYear(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let before = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334][month - 1]
        return before + day + (leap && month > 2 ? 1 : 0)
    }
}
