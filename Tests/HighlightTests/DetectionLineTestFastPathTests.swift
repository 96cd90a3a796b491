import Testing
@testable import Highlight

/// The byte answers of the CSS-declaration and make-target line tests, the byte-pair feature match and the
/// remembered site mix, each against the general code it stands in front of: on the corpus' lines, on the
/// awkward random text of `DetectionEquivalenceTests` and on lines built from the tests' own punctuation.
@Suite struct DetectionLineTestFastPathTests {
    typealias Rng = DetectionEquivalenceTests.Rng

    /// Corpus lines, random awkward text, and lines of property/target shapes (`a-b: x;`, `all: build`, `$(OUT)/x.o:`).
    static func lines() -> [Substring] {
        var out: [Substring] = Corpus.files.flatMap { $0.text.split(separator: "\n", omittingEmptySubsequences: false) }
        var r = Rng(s: 0x5851_F42D_4C95_7F2D)
        let parts = ["color", "-", "a", "Z", "9", "_", ".", "/", "$", "(", ")", "%", ":", ";", " ", "\t", "#", "=", "::", ":=", "rgb(", "\r", "é", "\u{212A}", "\u{37E}", "\u{301}", "x"]
        for _ in 0..<20000 {
            if r.next(3) == 0 { out.append(Substring(DetectionEquivalenceTests.text(&r, r.next(10))).dropFirst(r.next(2))); continue }
            var s = ""
            for _ in 0..<r.next(9) { s += parts[r.next(parts.count)] }
            out.append(Substring(s))
        }
        return out
    }

    @Test func cssAndMakeTargetBytesMatchCharacters() {
        var checked = 0
        for line in Self.lines() {
            var text = String(line)
            text.withUTF8 { u in
                if let css = Scorer.plainCSSDeclaration(u) { #expect(css == Scorer.isCSSDeclaration(line), "\(Array(line.unicodeScalars))"); checked += 1 }
                if let make = Scorer.plainMakeTarget(u) { #expect(make == Scorer.isMakeTarget(line), "\(Array(line.unicodeScalars))") }
            }
        }
        #expect(checked > 10000)
    }

    /// The flag set `effectiveScores` reads, against the Character tests (through the byte path and without it).
    @Test func lineFlagsMatchCharacterTests() {
        for line in Self.lines() where !line.isEmpty {
            var text = String(line)
            text.withUTF8 { u in
                let flags = Scorer.lineFlags(u, u, line, line)
                #expect(flags.contains(UInt8(ascii: "p")) == Scorer.isCSSDeclaration(line), "\(Array(line.unicodeScalars))")
                #expect(flags.contains(UInt8(ascii: "x")) == Scorer.isMakeTarget(line), "\(Array(line.unicodeScalars))")
            }
        }
    }

    /// Every byte-pair candidate at every position of every line: the match from the third byte on equals the whole match.
    @Test func pairMatchEqualsWholeMatch() {
        let t = DetectTables.shared
        var hits = 0
        for line in Self.lines() {
            var text = String(line)
            text.withUTF8 { u in
                for k in 0..<max(0, u.count - 1) {
                    let key = Int(u[k]) << 8 | Int(u[k + 1])
                    for m in Int(t.bytePair.first[key])..<Int(t.bytePair.first[key + 1]) {
                        let f = t.bytePair.members[m]
                        let whole = t.matches(f, u, at: k, count: u.count)
                        #expect(t.matches(f, u, at: k, count: u.count, known: 2) == whole)
                        if whole { hits += 1 }
                    }
                }
            }
        }
        #expect(hits > 1000)
    }

    /// Priors from the remembered mix equal priors from a fresh one, for mixes that change between calls.
    @Test func rememberedSiteMixMatchesFresh() {
        var r = Rng(s: 0x2127_599B_F432_5C37)
        let labels = ["swift", "Swift", "kt", "kotlin", "objc", "sh", "console", "shell-session", "js", "ts", "yaml", "json", "python", "nope", "diff", "c++", "text"]
        var previous: [String: Int] = [:]
        for round in 0..<600 {
            var mix = previous
            if round % 3 != 0 || mix.isEmpty {
                mix = [:]
                for _ in 0..<r.next(8) { mix[labels[r.next(labels.count)], default: 0] += r.next(30) }
            }
            previous = mix
            let fresh = SiteMix(mix), memo = SiteMix.memo(mix)
            #expect(memo.total == fresh.total && memo.families == fresh.families)
            #expect(memo.large.sorted { ($0 ?? "") < ($1 ?? "") } == fresh.large.sorted { ($0 ?? "") < ($1 ?? "") })
            let context = DetectionContext(postLanguages: [labels[r.next(labels.count)]], siteLanguages: mix, title: "Swift on Android", prose: "run this in the terminal")
            let priors = ContextPriors(context)
            #expect(priors.ranked.map(\.0) == priors.weights.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key))
        }
    }
}
