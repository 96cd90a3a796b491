import Foundation

extension FeedDates {
    /// Exactly `Fri, 06 Mar 2026 10:00:00 +0000` (31 ASCII bytes, the form Galley writes), read byte by byte;
    /// nil for any other shape or value, which `parseRFC822General` then judges. Every date of every feed
    /// written is parsed back, and the general parser's splitting and `Int(_:)` on substrings cost about
    /// 7 µs a date (measured). It accepts only what the general parser accepts, with the same result.
    static func parseCanonicalRFC822(_ text: String) -> ParsedRFC822? {
        let fast = text.utf8.withContiguousStorageIfAvailable { b -> ParsedRFC822? in
            guard b.count == 31, b[3] == 44, b[4] == 32, b[7] == 32, b[11] == 32, b[16] == 32,
                  b[19] == 58, b[22] == 58, b[25] == 32, b[26] == 43 || b[26] == 45 else { return nil }
            func number(_ at: Int, _ count: Int) -> Int? {
                var v = 0
                for i in at..<(at + count) {
                    let d = b[i] &- 48
                    guard d < 10 else { return nil }
                    v = v * 10 + Int(d)
                }
                return v
            }
            func name(_ at: Int, in list: [String]) -> Int? {
                list.firstIndex { $0.utf8.elementsEqual(UnsafeBufferPointer(rebasing: b[at..<(at + 3)])) }
            }
            guard let written = name(0, in: weekdays), let month = name(8, in: months),
                  let day = number(5, 2), let year = number(12, 4), let hh = number(17, 2), let mm = number(20, 2),
                  let ss = number(23, 2), let zone = number(27, 4) else { return nil }
            let daysInMonth = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            guard day >= 1, day <= daysInMonth[month], hh < 24, mm < 60, ss <= 60, zone % 100 < 60 else { return nil }
            if month == 1, day == 29, !(year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) { return nil }
            let offset = (zone / 100 * 3600 + zone % 100 * 60) * (b[26] == 45 ? -1 : 1)
            let days = daysFromCivil(year, month + 1, day)
            let t = days * 86400 + hh * 3600 + mm * 60 + ss - offset
            return ParsedRFC822(date: Date(timeIntervalSince1970: TimeInterval(t)), year: year, yearDigits: 4,
                                writtenWeekday: weekdays[written], actualWeekday: weekdays[weekday(daysSinceEpoch: days)])
        }
        return fast ?? nil
    }
}
