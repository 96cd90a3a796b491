import Foundation

/// Time zone abbreviations as Ruby prints them (`%Z`), read from the system's TZif files: Foundation on
/// Linux answers "GMT+1" where Ruby says "CET".
enum ZoneNames {
    static let cache = FilterCache<String, [Int: String]>()

    static func abbreviation(_ zone: TimeZone, offset: Int) -> String {
        let table = cache.value(zone.identifier) { load(zone.identifier) }
        if let name = table[offset] { return name }
        if offset == 0 && (zone.identifier == "UTC" || zone.identifier.hasPrefix("Etc/") || zone.identifier == "GMT") { return "UTC" }
        if let name = zone.abbreviation(for: Date()), !name.hasPrefix("GMT") || offset == 0 { return name }
        let a = abs(offset)
        let sign = offset < 0 ? "-" : "+"
        let hh = String(a / 3600).leftPadded(to: 2)
        return a % 3600 == 0 ? sign + hh : sign + hh + String(a % 3600 / 60).leftPadded(to: 2)
    }

    /// offset → abbreviation of the latest transition using that offset.
    static func load(_ identifier: String) -> [Int: String] {
        if identifier == "UTC" || identifier == "GMT" { return [0: "UTC"] }
        for dir in ["/usr/share/zoneinfo/", "/var/db/timezone/zoneinfo/", "/usr/share/lib/zoneinfo/"] {
            guard let data = FileManager.default.contents(atPath: dir + identifier) else { continue }
            return parseTZif([UInt8](data))
        }
        return [:]
    }

    static func parseTZif(_ b: [UInt8]) -> [Int: String] {
        func u32(_ i: Int) -> Int { i + 4 <= b.count ? Int(UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])) : 0 }
        guard b.count > 44, b[0] == 0x54, b[1] == 0x5A, b[2] == 0x69, b[3] == 0x66 else { return [:] }
        var base = 0
        var timeSize = 4
        func counts(_ at: Int) -> (isut: Int, isstd: Int, leap: Int, time: Int, type: Int, char: Int) {
            (u32(at + 20), u32(at + 24), u32(at + 28), u32(at + 32), u32(at + 36), u32(at + 40))
        }
        var c = counts(0)
        if b[4] >= 0x32 {  // version 2+: skip the 32-bit block
            base = 44 + c.time * 4 + c.time + c.type * 6 + c.char + c.leap * 8 + c.isstd + c.isut
            timeSize = 8
            c = counts(base)
        }
        let transitions = base + 44
        let indices = transitions + c.time * timeSize
        let types = indices + c.time
        let chars = types + c.type * 6
        guard chars + c.char <= b.count else { return [:] }
        func type(_ t: Int) -> (Int, String) {
            let p = types + t * 6
            let off = Int(Int32(bitPattern: UInt32(u32(p))))
            var e = chars + Int(b[p + 5])
            let s = e
            while e < chars + c.char, b[e] != 0 { e += 1 }
            return (off, String(decoding: b[s..<e], as: UTF8.self))
        }
        var table: [Int: String] = [:]
        for t in 0..<c.type { let (o, n) = type(t); if table[o] == nil { table[o] = n } }
        for i in 0..<c.time { let (o, n) = type(Int(b[indices + i])); table[o] = n }
        return table
    }
}
