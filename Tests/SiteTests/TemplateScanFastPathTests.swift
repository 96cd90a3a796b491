import Foundation
import Testing
import TestSupport
@testable import Site

/// `markupReadsSiteLists` answers ASCII markup on its bytes; it must answer as the Character-level scan
/// (`generalReadsSiteLists`) does, on real markup and on generated markup full of near misses.
@Suite struct TemplateScanFastPathTests {
    static let pieces = ["site", ".", "posts", "tags", "categories", "terms", "series", "title", "_", "-", " ", "\n", "\r\n",
                         "\t", "x", "9", "[", "\"", "|", "page.", "sites", "site_nav", "s", "ite", "size", "é", "\u{301}", "{", "}"]

    @Test func bytesMatchCharacters() {
        var rng = SplitMix(seed: 53)
        var asked = 0, yes = 0
        for _ in 0..<20_000 {
            let markup = (0..<rng.below(12)).map { _ in Self.pieces[rng.below(Self.pieces.count)] }.joined()
            let general = TemplateSet.generalReadsSiteLists(Substring(markup))
            #expect(TemplateSet.markupReadsSiteLists(Substring(markup)) == general, "\(markup.debugDescription)")
            if markup.utf8.allSatisfy({ $0 < 0x80 }) {
                asked += 1
                if general { yes += 1 }
                let bytes = Array(markup.utf8)
                #expect(bytes.withUnsafeBufferPointer { TemplateSet.asciiReadsSiteLists($0) } == general, "\(markup.debugDescription)")
            }
        }
        #expect(asked > 5000 && yes > 500)
    }

    /// Every built-in template's markup, piece by piece.
    @Test func builtInTemplatesAgree() {
        for (path, text) in DefaultTheme.files where path.hasSuffix(".liquid") {
            for piece in text.components(separatedBy: "{") {
                #expect(TemplateSet.markupReadsSiteLists(Substring(piece)) == TemplateSet.generalReadsSiteLists(Substring(piece)), "\(path)")
            }
        }
    }
}
