import Foundation
import Testing
import TestSupport
@testable import Site

/// Loading's byte splits (file paths, file-name dates, YAML base-60 numbers) against the Character splits they replace.
@Suite struct LoadBytesFastPathTests {
    static let pieces = ["/", "//", "-", ":", "a", "2024", "01", "5", ".md", "é", "\u{301}", "\r\n", " ", "1.5", "e", "+", "_"]

    static func generated(_ seed: UInt64, count: Int = 3000) -> [String] {
        var rng = SplitMix(seed: seed)
        return (0..<count).map { _ in (0..<rng.below(9)).map { _ in pieces[rng.below(pieces.count)] }.joined() }
    }

    @Test func pathComponentsMatchCharacterSplit() {
        for rel in ["content/posts/2024-02-06-a.md", "content/about.md", "/x//y/", "", "a/\u{301}b/c", "é/x"] + Self.generated(1) {
            #expect(ContentLoader.pathComponents(rel) == rel.split(separator: "/").map(String.init), "\(rel.debugDescription)")
        }
    }

    @Test func fileNameDatesMatchCharacterSplit() {
        let utc = TimeZone(identifier: "UTC")!
        let fixed = ["2024-02-06-post", "-2024-02-06-x", "--2024-2-6-x", "12345-01-01-x", "202-01-01-x", "2024-1-1", "2024-01-01", "2024--01-01-x"]
        for name in fixed + Self.generated(2).map({ "2024-01-0" + $0 }) + Self.generated(3) {
            let fast = SiteDates.fileNameDate(name, timeZone: utc)
            let reference = referenceFileNameDate(name, timeZone: utc)
            #expect(fast?.date == reference?.date && fast?.rest == reference?.rest, "\(name.debugDescription)")
        }
    }

    @Test func baseSixtyMatchesCharacterSplit() {
        for s in ["1:30", "2024-02-06T06:35:00Z", "1:", ":1", "1::2", "1:2e+5", "12:3\u{301}:4", "1:\u{301}2", "1\r\n:2"] + Self.generated(4).map({ "1" + $0 }) {
            #expect(String(describing: SimpleYAML.plain(s)) == String(describing: referencePlain(s)), "\(s.debugDescription)")
        }
    }
}

/// The earlier `SiteDates.fileNameDate`, splitting on Characters.
private func referenceFileNameDate(_ baseName: String, timeZone: TimeZone) -> (date: Date, rest: String)? {
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
    guard prefix.split(separator: "-").first?.count == 4, let d = SiteDates.parse(prefix, timeZone: timeZone) else { return nil }
    return (d, String(baseName.utf8.dropFirst(min(end + 1, baseName.utf8.count)))!)
}

/// `SimpleYAML.plain` with its base-60 test split on Characters, as before.
private func referencePlain(_ s: String) -> YAMLValue? {
    let u = s.utf8
    if let f = u.first, f >= 0x31, f <= 0x39, !u.contains(0x5F), u.contains(0x3A) {
        let numeric = s.split(separator: ":", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x65 || $0 == 0x45 || $0 == 0x2B || $0 == 0x2D }
        }
        return numeric ? nil : .string(s)
    }
    return SimpleYAML.plain(s)
}

/// The slug's switch against the set of bytes a pretty slug keeps.
@Suite struct SlugPrettyExtraTests {
    @Test func switchMatchesSet() {
        for b in 0...255 { #expect(Slug.isPrettyExtra(UInt8(b)) == Slug.prettyExtra.contains(UInt8(b)), "\(b)") }
    }
}
