import Foundation
import Testing
import TestSupport
@testable import Highlight

/// Fuzz target for language detection (the lexers have theirs: `InvariantTests` round-trips every
/// language over generated and random input). Mutated corpus files through `detect` and the fallback
/// policy: no crash, bounded time, and a verdict that is a known language or none.
@Suite struct DetectionFuzzTests {
    @Test func mutatedCodeIsDetectedWithinBounds() {
        var fuzz = Fuzz(seed: 0x6465_7465)
        let known = Set(Highlighter.languages.map(\.name))
        let files = Corpus.files.map(\.text)
        var worst = 0.0
        for n in 0..<300 {
            let text = fuzz.document(from: files, count: 1, mutations: 8)
            let started = ContinuousClock.now
            let verdict = Highlighter().detect(String(text.prefix(3000)))
            let block = Highlighter().highlight(String(text.prefix(3000)), language: nil, options: HighlightOptions(unlabeled: .fallback("swift")))
            worst = max(worst, Double((ContinuousClock.now - started).components.attoseconds) / 1e18)
            if let v = verdict { #expect(known.contains(v.language), "case \(n): \(v.language)") }
            #expect(block.language == "plaintext" || known.contains(block.language))
        }
        #expect(worst < 1.0, "slowest detection took \(worst) s")
    }
}
