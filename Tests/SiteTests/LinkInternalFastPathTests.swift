import Testing
import TestSupport
@testable import Site

/// `LinkAudit.isInternal` on bytes (ASCII URLs) against its Character walk.
@Suite struct LinkInternalFastPathTests {
    @Test func bytesMatchCharacters() {
        let fixed = ["", "/", "//", "//cdn.example.com/x", "/a/b", "#top", "./x", "../y", ".", "https://x.y", "mailto:a@b", "a:b",
                     "a/b:c", "a?b:c", "a#b:c", "page.html", "x\r\n:y", "\r\n/", "é/x", "/\u{301}a:b", "e\u{301}:x", "c:", ":"]
        for url in fixed {
            #expect(LinkAudit.isInternal(url) == LinkAudit.characterIsInternal(url), "\(url.debugDescription)")
        }
        var rng = SplitMix(seed: 5)
        let pieces = ["/", "//", ":", "?", "#", ".", "a", "http", "\r", "\n", "é", "\u{301}", "x", "-", "%20"]
        for _ in 0..<3000 {
            var url = ""
            for _ in 0..<rng.below(7) { url += pieces[rng.below(pieces.count)] }
            #expect(LinkAudit.isInternal(url) == LinkAudit.characterIsInternal(url), "\(url.debugDescription)")
        }
    }

    /// `ImageFiles.withoutQuery` against cutting at the first `?` or `#` Character.
    @Test func queryCutMatchesCharacters() {
        var rng = SplitMix(seed: 9)
        let pieces = ["/", "?", "#", "a", "b.png", "\r", "\n", "\r\n", "é", "\u{301}", "%20", "x"]
        for _ in 0..<3000 {
            var path = ""
            for _ in 0..<rng.below(8) { path += pieces[rng.below(pieces.count)] }
            let expected = path.firstIndex(where: { $0 == "?" || $0 == "#" }).map { String(path[..<$0]) } ?? path
            #expect(ImageFiles.withoutQuery(path) == expected, "\(path.debugDescription)")
        }
    }
}
