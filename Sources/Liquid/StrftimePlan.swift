import Foundation

extension Strftime {
    /// A parsed format and, when it is plain (what `plain(_:_:)` takes: literals and unflagged `%Y %m %d %H %M
    /// %S`), its plan: the bytes to write, each literal byte as it is (0…255) and each field as a negative code.
    /// `plain(_:_:)` looked at every token's Character per call (~3,200 instructions for `%Y-%m-%d`, 20M a
    /// build of 1000 posts); the plan is read once and written into a string of the known length.
    struct Compiled {
        let tokens: [Token]
        let plan: [Int16]?
        /// The plan's output length with a four-digit year.
        let planBytes: Int
        let hasYear: Bool

        static let year: Int16 = -1, month: Int16 = -2, day: Int16 = -3, hour: Int16 = -4, minute: Int16 = -5, second: Int16 = -6

        init(_ tokens: [Token]) {
            self.tokens = tokens
            var plan: [Int16] = []
            var bytes = 0
            var plainFormat = true
            tokens: for token in tokens {
                switch token {
                case .literal(let s):
                    for b in s.utf8 { plan.append(Int16(b)) }
                    bytes += s.utf8.count
                case .directive(let flags, let width, let colons, let conv, _):
                    guard flags.isEmpty, width == nil, colons == 0, conv.isASCII, let c = conv.asciiValue else { plainFormat = false; break tokens }
                    switch c {
                    case UInt8(ascii: "Y"): plan.append(Self.year); bytes += 4
                    case UInt8(ascii: "m"): plan.append(Self.month); bytes += 2
                    case UInt8(ascii: "d"): plan.append(Self.day); bytes += 2
                    case UInt8(ascii: "H"): plan.append(Self.hour); bytes += 2
                    case UInt8(ascii: "M"): plan.append(Self.minute); bytes += 2
                    case UInt8(ascii: "S"): plan.append(Self.second); bytes += 2
                    default: plainFormat = false; break tokens
                    }
                }
            }
            self.plan = plainFormat ? plan : nil
            planBytes = bytes
            hasYear = plan.contains(Self.year)
        }

        /// What `Strftime.plain(tokens, f)` gives, from the plan: nil when the format is not plain or the year
        /// is outside 0…9999.
        func plain(_ f: RubyTime.Fields) -> String? {
            guard let plan, !hasYear || (0...9999).contains(f.year) else { return nil }
            if planBytes == 0 { return "" }
            return String(unsafeUninitializedCapacity: planBytes) { b in
                var i = 0
                func two(_ n: Int) {
                    b[i] = UInt8(truncatingIfNeeded: 0x30 + n / 10)
                    b[i + 1] = UInt8(truncatingIfNeeded: 0x30 + n % 10)
                    i += 2
                }
                for step in plan {
                    switch step {
                    case Self.year: two(f.year / 100); two(f.year % 100)
                    case Self.month: two(f.month)
                    case Self.day: two(f.day)
                    case Self.hour: two(f.hour)
                    case Self.minute: two(f.minute)
                    case Self.second: two(f.second)
                    default: b[i] = UInt8(truncatingIfNeeded: step); i += 1
                    }
                }
                return i
            }
        }
    }
}
