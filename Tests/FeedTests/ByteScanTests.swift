import Foundation
import Testing
@testable import Feed

/// The word-at-a-time scans (`ByteScan`) behind `removingIllegal`, `cdata` and `numericEntities`, compared with
/// plain definitions on long generated texts, so that words holding a special byte at every position are met.
@Suite struct ByteScanTests {
    static let pieces = ["plain text ", "<p class=\"x\">", "]", "]]", "]]>", "] ]>", "\r", "\n", "\t", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}",
                         "é", "€", "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "\u{EFBF}", "\u{1F600}", "&amp;", "&nbsp;", "&#x1;", "&#8212;",
                         "&mdash;", "&bogus;", "& ", "&", "<img src=\"a.png\" srcset=\"b.png 2x, c.png\">", "<a href=\"/p/\">"]

    static func random(_ rng: inout some RandomNumberGenerator, upTo count: Int = 40) -> String {
        (0..<Int.random(in: 0...count, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }

    /// Characters XML 1.0 forbids, removed one scalar at a time.
    static func referenceRemovingIllegal(_ s: String) -> (String, Int) {
        var out = String.UnicodeScalarView(), removed = 0
        for u in s.unicodeScalars { if XMLText.isLegal(u) { out.append(u) } else { removed += 1 } }
        return (removed == 0 ? s : String(out), removed)
    }

    /// What `cdata` promises: escaped text when empty or holding a CR or an illegal character, else sections split at `]]>`.
    static func referenceCDATA(_ s: String) -> String {
        if s.isEmpty || s.unicodeScalars.contains(where: { $0 == "\r" || !XMLText.isLegal($0) }) { return XMLText.escape(s) }
        return "<![CDATA[" + s.replacingOccurrences(of: "]]>", with: "]]]]><![CDATA[>") + "]]>"
    }

    @Test func nextFindsTheFirstSoughtByteAtEveryOffset() {
        let text = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ".utf8)
        for special: UInt8 in [0, 13, 0x1F, 93, 0xEF] {   // not a tab: `next` passes over tabs and line feeds
            for at in 0..<text.count {
                var bytes = text
                bytes[at] = special
                for from in 0...at {
                    let found = bytes.withUnsafeBufferPointer { ByteScan.next($0, from: from, 93, 0xEF) }
                    #expect(found == at, "special \(special) at \(at) from \(from)")
                }
                let after = bytes.withUnsafeBufferPointer { ByteScan.next($0, from: at + 1, 93, 0xEF) }
                #expect(after == bytes.count)
            }
        }
        // Bytes either side of the sought ones (0x20, 0x5C, 0x5E, 0xEE, 0xF0, 0x80…0xFF) are passed over, and so are
        // tabs and line feeds, which no caller acts on.
        let near: [UInt8] = Array(repeating: 0x20, count: 9) + [0x5C, 0x5E, 0xEE, 0xF0, 0x80, 0xFF, 0xC3, 0xA9, 9, 10, 10, 0x9A] + Array(repeating: 0x7E, count: 9)
        #expect(near.withUnsafeBufferPointer { ByteScan.next($0, from: 0, 93, 0xEF) } == near.count)
    }

    /// `next` against its definition on random bytes weighted to the sought ones, their neighbours, tabs and line feeds.
    @Test func nextMatchesItsDefinition() {
        var rng = SystemRandomNumberGenerator()
        let likely: [UInt8] = [0, 1, 8, 9, 10, 11, 13, 0x1F, 0x20, 0x21, 92, 93, 94, 0xEE, 0xEF, 0xF0, 0x89, 0x8A, 0x9F, 0xA0, 0xDD, 97, 98]
        func sought(_ c: UInt8) -> Bool { (c < 0x20 && c != 9 && c != 10) || c == 93 || c == 0xEF }
        for _ in 0..<3000 {
            let bytes: [UInt8] = (0..<Int.random(in: 0...70, using: &rng)).map { _ in
                Int.random(in: 0..<4, using: &rng) == 0 ? likely.randomElement(using: &rng)! : (Bool.random(using: &rng) ? 10 : 97)
            }
            let from = Int.random(in: 0...bytes.count, using: &rng)
            let expected = bytes[from...].firstIndex(where: sought) ?? bytes.count
            #expect(bytes.withUnsafeBufferPointer { ByteScan.next($0, from: from, 93, 0xEF) } == expected, "\(bytes) from \(from)")
        }
    }

    @Test func removingIllegalMatchesTheDefinition() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let s = Self.random(&rng)
            let (fast, removed) = XMLText.removingIllegal(s)
            let (slow, expected) = Self.referenceRemovingIllegal(s)
            #expect(fast == slow && removed == expected, "input: \(s.debugDescription)")
        }
    }

    @Test func cdataMatchesTheDefinition() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let s = Self.random(&rng)
            let expected = Self.referenceCDATA(s)
            #expect(XMLText.cdata(s) == expected, "input: \(s.debugDescription)")
            var appended = "<x>"
            XMLText.appendCDATA(s, to: &appended)
            #expect(appended == "<x>" + expected, "input: \(s.debugDescription)")
        }
        let post = String(repeating: "<span class=\"k\">let</span> a[i] = b[j] ", count: 300)
        #expect(XMLText.isPlainCDATA(post))
        #expect(XMLText.cdata(post) == "<![CDATA[" + post + "]]>")
        #expect(!XMLText.isPlainCDATA(post + "x]]>y"))
        #expect(!XMLText.isPlainCDATA(post + "\r"))
        #expect(!XMLText.isPlainCDATA(post + "\u{FFFE}"))
        #expect(!XMLText.isPlainCDATA(""))
    }

    @Test func numericEntitiesSkipTextBetweenReferences() {
        let text = String(repeating: "long text without references, ", count: 20)
        let (out, removed) = FeedHTML.numericEntities(in: text + "&nbsp;" + text + "&amp;&#x1;" + text + "&mdash")
        #expect(out == text + "&#160;" + text + "&amp;" + text + "&mdash")
        #expect(removed == 1)
        #expect(FeedHTML.numericEntities(in: text).html == text)
        #expect(FeedHTML.numericEntities(in: text + "&lt;&gt;").html == text + "&lt;&gt;")
        #expect(FeedHTML.numericEntities(in: "").html == "")
    }
}
