import Foundation
import Site

/// Dates in front matter as Jekyll reads them. Ruby's YAML (Psych) reads an unquoted time without an
/// offset (`date: 2025-09-15 10:00:00`) as UTC, and Jekyll shows it in the site's `timezone`; Galley
/// reads it as site time. The import writes such a date with its offset in the site's zone
/// (`2025-09-15 06:00:00 -0400`): the same instant, so URLs, pages and feeds' dates stay as they were.
/// A date alone, a quoted one or one with a zone already means the same in both.
enum JekyllDates {
    static let keys = ["date", "last_modified_at", "updated"]

    /// Psych's TIME without a zone: `YYYY-M-D`, `T` or spaces, `H:MM:SS`, an optional fraction.
    /// The fields and the fraction's text (with its dot), or nil when the value is anything else.
    static func utcTime(_ value: String) -> (y: Int, mo: Int, d: Int, h: Int, mi: Int, s: Int, fraction: String)? {
        let pattern = #"^(\d{4})-(\d{1,2})-(\d{1,2})(?:[Tt]|[ \t]+)(\d{1,2}):(\d\d):(\d\d)(\.\d*)?$"#
        guard let re = try? NSRegularExpression(pattern: pattern),
              let m = re.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) else { return nil }
        func group(_ i: Int) -> String { Range(m.range(at: i), in: value).map { String(value[$0]) } ?? "" }
        guard let y = Int(group(1)), let mo = Int(group(2)), let d = Int(group(3)), let h = Int(group(4)),
              let mi = Int(group(5)), let s = Int(group(6)) else { return nil }
        return (y, mo, d, h, mi, s, group(7))
    }

    /// `2025-09-15 06:00:00 -0400`: the UTC reading of `value` in `timeZone`, or nil when `value` is no such time.
    static func withOffset(_ value: String, timeZone: TimeZone) -> String? {
        guard let t = utcTime(value) else { return nil }
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        guard let date = cal.date(from: DateComponents(year: t.y, month: t.mo, day: t.d, hour: t.h, minute: t.mi, second: t.s)),
              cal.component(.day, from: date) == t.d else { return nil }
        // `2025-09-15T06:00:00-04:00` → `2025-09-15 06:00:00` + fraction + ` -0400`.
        let iso = SiteDates.iso8601(date, timeZone)
        let clock = iso.prefix(19).replacingOccurrences(of: "T", with: " ")
        let offset = iso.dropFirst(19).replacingOccurrences(of: ":", with: "")
        return clock + t.fraction + " " + offset
    }

    /// `2023-01-29 18:30:22 -0800` for `2023-01-29 18:30:22 2023 -0800` (a year repeated after the time), else nil.
    static func withoutStrayYear(_ value: String) -> String? {
        guard let r = value.range(of: #"^\d{4}-\d{1,2}-\d{1,2} \d{1,2}:\d\d(:\d\d)? \d{4} [+-]\d{2}:?\d{2}$"#, options: .regularExpression) else { return nil }
        var parts = value[r].split(separator: " ")
        parts.remove(at: 2)
        return parts.joined(separator: " ")
    }

    /// `text` with each such date in its front matter rewritten; each rewrite is listed in `leftovers`.
    static func rewrite(_ text: String, file: String, timeZone: TimeZone, leftovers: inout [JekyllImport.Leftover]) -> String {
        let split = ImportSupport.split(text)
        guard split.frontMatter != nil else { return text }
        var lines = text.components(separatedBy: "\n")
        for i in 1..<max(1, min(split.bodyLineOffset - 1, lines.count)) {
            let line = lines[i]
            guard let key = keys.first(where: { line.hasPrefix($0 + ":") }) else { continue }
            var value = line.dropFirst(key.count + 1)
            var comment = ""
            if let hash = value.range(of: " #") { comment = String(value[hash.lowerBound...]); value = value[..<hash.lowerBound] }
            let written = value.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r"))
            // `2023-01-29 18:30:22 2023 -0800`: Ruby's Time.parse skips the stray year; Galley would not read it.
            if let fixed = withoutStrayYear(written) {
                lines[i] = "\(key): \(fixed)\(comment)"
                leftovers.append(JekyllImport.Leftover(file: file, line: i + 1, text: "\(key): \(written)",
                                                       why: "written as `\(fixed)`: the year after the time is one Jekyll skips", kind: .carried))
                continue
            }
            guard let shifted = withOffset(written, timeZone: timeZone) else { continue }
            lines[i] = "\(key): \(shifted)\(comment)" + (line.hasSuffix("\r") && !comment.hasSuffix("\r") ? "\r" : "")
            leftovers.append(JekyllImport.Leftover(file: file, line: i + 1, text: "\(key): \(written)",
                                                   why: "a time without an offset, which Jekyll reads as UTC: written as `\(shifted)`, the same instant in the site's time zone (\(timeZone.identifier))", kind: .carried))
        }
        return lines.joined(separator: "\n")
    }
}
