import Testing
@testable import Highlight

/// `WordTable` packs a word's first 8 bytes into one integer: check words of every length, at the end
/// of a buffer (where the 8-byte load cannot be used), longer than 8 bytes and near-misses.
@Suite struct WordTableTests {
    static let words = ["a", "if", "for", "func", "while", "return", "private", "continue", "protocol", "associatedtype",
                        "fallthrough", "nonisolated", "abcdefgh", "abcdefghi", "ArithmeticError"]
    let table = WordTable([(WordTableTests.words.joined(separator: " "), .k, nil), ("if", .nb, nil), ("class", .kd, .nc)])

    func find(_ text: String, _ start: Int, _ end: Int) -> WordInfo? {
        Array(text.utf8).withUnsafeBufferPointer { table.lookup($0, start, end) }
    }

    @Test func everyWordIsFoundAloneAndInsideText() {
        for w in WordTableTests.words {
            #expect(find(w, 0, w.utf8.count)?.cls == .k, "\(w) alone")
            let padded = "x " + w + " yyyyyyyyyy"
            #expect(find(padded, 2, 2 + w.utf8.count)?.cls == .k, "\(w) in text")
            #expect(table.contains(w))
        }
    }

    @Test func firstDefinitionWinsAndNextIsKept() {
        #expect(find("if", 0, 2)?.cls == .k)
        let c = find("class", 0, 5)
        #expect(c?.cls == .kd && c?.next == .nc)
    }

    @Test func nearMissesAreNotWords() {
        for w in ["", "i", "fo", "forx", "For", "abcdefg", "abcdefghj", "abcdefghij", "associatedtypes", "associatedtyp",
                  "fallthrougH", "ArithmeticErro", "continu", "protocoL", "x"] {
            #expect(find(w, 0, w.utf8.count) == nil, "\(w)")
            #expect(find(w + "zzzzzzzzzz", 0, w.utf8.count) == nil, "\(w) before text")
        }
        // A prefix of a word followed by more identifier bytes in the buffer is still only that prefix.
        #expect(find("fortune", 0, 3)?.cls == .k)
        #expect(find("fortune", 0, 4) == nil)
    }

    @Test func emptyTableFindsNothing() {
        let empty = WordTable([])
        #expect(Array("if".utf8).withUnsafeBufferPointer { empty.lookup($0, 0, 2) } == nil)
    }
}
