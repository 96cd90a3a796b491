import Testing
import TextBytes

/// The byte searches that replace Foundation's and the standard library's generic ones: the same answers.
@Suite struct ByteSearchTests {
    static let texts = ["", "a", "\n", "a\nb", "a\n\nb\n", "ünï\ncödé\n\n東京\n", "<!--x-->y<!--x-->", "no match here"]

    @Test func linesAreSplitsAtNewline() {
        for t in Self.texts {
            #expect(lineSlices(t) == t.split(separator: "\n", omittingEmptySubsequences: false), "\(t.debugDescription)")
        }
    }

    @Test func replacingEqualsFoundations() {
        for t in Self.texts {
            for (target, with) in [("x", "yy"), ("\n", ""), ("ünï", "u"), ("<!--x-->", ""), ("zz", "q")] {
                #expect(replacingBytes(t, target, with: with) == t.replacingOccurrences(of: target, with: with), "\(t.debugDescription) \(target)")
            }
        }
    }

    @Test func rangesFindTheFirst() {
        let t = "Ein Tëxt\n\nmit zwei\n\nAbsätzen"
        let r = byteRange(of: "\n\n", in: t)
        #expect(r.map { String(t[..<$0.lowerBound]) } == "Ein Tëxt")
        #expect(r.map { String(t[$0.upperBound...]) } == "mit zwei\n\nAbsätzen")
        #expect(byteRange(of: "nicht", in: t) == nil)
        #expect(findBytes(Array("abcabc".utf8), Array("bc".utf8), from: 2) == 4)
    }
}
