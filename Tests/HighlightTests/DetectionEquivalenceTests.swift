import Testing
@testable import Highlight

/// The byte fast paths of detection against the Character-level code they replace, on random text
/// full of the awkward cases: CR LF, combining marks, a prepended mark, the Kelvin sign (== "K") and
/// the Greek question mark (== ";").
@Suite struct DetectionEquivalenceTests {
    /// Deterministic xorshift, so a failure reproduces.
    struct Rng { var s: UInt64; mutating func next(_ n: Int) -> Int { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return Int(s % UInt64(n)) } }

    static let pieces: [String] = [
        "\n", "\n", "\r\n", "\r", " ", "  ", "\t", "\u{301}", "\u{600}", "\u{212A}", "\u{37E}", "é", "─", "K", ";", ":", "#", "# ",
        "//", "- ", "-", "+", "|", "<", ">", "$", "$x", "{", "}", "(", ")", ",", "\"", "'", "=", "@@ ", "---", "FROM ", "INFO ",
        "[WARN]", "2024-01-02 ", "func ", "let ", "val ", "def ", "import ", "fun ", "public ", "class ", "self.", "=> ", "::",
        "key: value", "color: red;", "all: build", "<div>", "x", "y1", "_z", "SELECT ", "```",
    ]

    static func text(_ r: inout Rng, _ n: Int) -> String {
        var s = ""
        for _ in 0..<n { s += pieces[r.next(pieces.count)] }
        return s
    }

    /// The scorer before byte scanning (summing per language over every feature), for comparison.
    static func reference(_ lines: [Substring], raw: [Substring]) -> [Double] {
        let n = Scorer.langs.count
        var own = Array(repeating: 0.0, count: n)
        var prose = 0, counted = 0
        for (li, line) in lines.prefix(200).enumerated() {
            var u = Array(line.utf8)
            let rawLine = li < raw.count ? raw[li] : line
            if Scorer.isComment(u) && !(u.count > 2 && u[0] == 35 && u[1] == 33) { continue }
            u = Scorer.withoutTrailingComment(u)
            if Scorer.isProse(u) { prose += 1 }
            counted += 1
            let flags: [Character: Bool] = [
                "v": u.contains(36) && Scorer.dollarVariable(line), "p": Scorer.isCSSDeclaration(line), "x": Scorer.isMakeTarget(rawLine),
                "k": Scorer.isYAMLKey(u), "V": u.first == 36 && u.last == 59 && u.contains(58) && !u.contains(61),
                "<": u.count > 2 && u[0] == 60 && (isIdentStart(u[1]) || u[1] == 47 || u[1] == 33) && u[u.count - 1] == 62,
            ]
            for w in Scorer.words(Substring(String(decoding: u, as: UTF8.self))) { for (i, weight) in Scorer.wordIndex[String(w)] ?? [] { own[i] += weight } }
            for i in 0..<n {
                var s = 0.0
                for f in Scorer.langs[i].features {
                    let p = f.pattern
                    let hit: Bool
                    switch f.kind {
                    case "s": hit = Scorer.contains(u, p)
                    case "^": hit = u.count >= p.count && u[0..<p.count].elementsEqual(p)
                    case "$": hit = u.count >= p.count && u[(u.count - p.count)...].elementsEqual(p)
                    case "=": hit = u == p
                    default: hit = flags[f.kind] ?? false
                    }
                    if hit { s += f.weight }
                }
                own[i] += s
            }
        }
        if prose * 2 >= counted { for i in 0..<n where Scorer.langs[i].name != "markdown" { own[i] = min(own[i], 0) } }
        var total = own
        for i in 0..<n { if let p = Scorer.langs[i].parent { total[i] = own[i] + total[p] } }
        for i in 0..<n where Scorer.langs[i].parent != nil && own[i] < 2.5 { total[i] = -1 }
        return total
    }

    @Test func wordKeysAreASCII() { #expect(DetectTables.shared.asciiKeys) }

    @Test func prefixSuffixAndSplitMatchCharacters() {
        var r = Rng(s: 0x9E37_79B9_7F4A_7C15)
        let literals: [StaticString] = ["#", "- ", "//", ";", "{", ")", ",", "K", "INFO ", "[WARN]", "FROM ", "@@ ", "+++", "```", "<", ">", "}"]
        for _ in 0..<4000 {
            let text = DetectionEquivalenceTests.text(&r, r.next(12))
            let line = Substring(text).dropFirst(r.next(2))
            for p in literals {
                #expect(line.hasASCIIPrefix(p) == line.hasPrefix(p.description), "\(Array(line.unicodeScalars)) \(p)")
                #expect(line.hasASCIISuffix(p) == line.hasSuffix(p.description), "\(Array(line.unicodeScalars)) \(p)")
            }
            var lines: [Substring] = [], raws: [Substring] = []
            for raw in text.split(separator: "\n", omittingEmptySubsequences: true).prefix(400) {
                let t = raw.trimmingBlanks
                if !t.isEmpty { lines.append(t); raws.append(raw) }
            }
            let fast = Detector.splitLines(text)
            #expect(fast.lines == lines && fast.raws == raws)
            #expect(fast.lines.map(\.startIndex) == lines.map(\.startIndex) && fast.lines.map(\.endIndex) == lines.map(\.endIndex))
        }
    }

    @Test func scoresMatchReference() {
        var r = Rng(s: 0xD1B5_4A32_D192_ED03)
        for _ in 0..<1500 {
            let text = DetectionEquivalenceTests.text(&r, 1 + r.next(60))
            let (lines, raws) = Detector.splitLines(text)
            guard !lines.isEmpty else { continue }
            let fast = Scorer.effectiveScores(lines, raw: raws), slow = DetectionEquivalenceTests.reference(lines, raw: raws)
            // Only the order of word weights may differ (the old word set had no fixed order).
            #expect(zip(fast, slow).allSatisfy { abs($0 - $1) < 1e-9 }, "\(Array(text.unicodeScalars))")
        }
    }
}
