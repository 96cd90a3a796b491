import Foundation
import Testing
import TestSupport
@testable import Search

/// `WordScan` (words from a bitmask of the text, runs with non-ASCII bytes handed to the general
/// tokenizer) against `Terms.forEachWord` on the whole text: the same words, bytes and keys, in order.
@Suite struct WordScanFastPathTests {
    struct Word: Equatable { var bytes: [UInt8]; var low: UInt64; var high: UInt64 }

    struct Recorder: WordSink {
        var words: [Word] = []
        mutating func word(_ word: UnsafeBufferPointer<UInt8>, _ low: UInt64, _ high: UInt64) {
            words.append(Word(bytes: Array(word), low: low, high: high))
        }
    }

    static func general(_ s: String) -> [Word] {
        var r = Recorder()
        Terms.forEachWord(s, into: &r)
        return r.words
    }

    static func scanned(_ s: String, _ scan: inout WordScan) -> [Word] {
        var r = Recorder()
        scan.forEachWord(s, into: &r)
        return r.words
    }

    static func expectSame(_ s: String, _ scan: inout WordScan) {
        let a = scanned(s, &scan), b = general(s)
        #expect(a == b, "\(s.prefix(200).debugDescription)")
        // The keys are the words' first 16 bytes, as the tables read them.
        for w in a {
            let k = w.bytes.withUnsafeBufferPointer { b -> (UInt64, UInt64) in
                var padded = Array(b) + [UInt8](repeating: 0, count: 16)
                return padded.withUnsafeMutableBufferPointer { p in
                    for i in min(b.count, 16)..<16 { p[i] = 0 }
                    let key = PackedWord.key(UnsafeBufferPointer(start: p.baseAddress, count: b.count))
                    return (key.low, key.high)
                }
            }
            #expect(k.0 == w.low && k.1 == w.high)
        }
    }

    /// Word lengths around 8, 16, 40 and the 64-byte blocks, runs across blocks, long runs,
    /// separators of every kind, text ending in a word.
    @Test func shapesAroundTheBoundaries() {
        var scan = WordScan(blocks: 1)
        defer { scan.deallocate() }
        for n in 0..<140 {
            let bytes: [UInt8] = (0..<n).map { k -> UInt8 in
                let letter = UInt8(65 + k % 26)
                return k % 3 == 0 ? letter + 32 : letter
            }
            let w = String(decoding: bytes, as: UTF8.self)
            for pad in 0..<3 {
                let lead = String(repeating: " ", count: pad * 31)
                var texts: [String] = [w, lead + w, lead + w + ".", "x " + w + " y", w + "é", "é" + w]
                texts.append(lead + w + "—" + w)
                texts.append(w + "9" + w)
                texts.append(lead + w + "’s " + w)
                texts.append("\t" + w + "\n" + w + "\u{0}" + w)
                for s in texts { Self.expectSame(s, &scan) }
            }
        }
        for b in 0..<256 {
            let bytes: [UInt8] = [0x61, UInt8(b), 0x62, 0x20] + Array("Z9z".utf8)
            Self.expectSame(String(decoding: bytes, as: UTF8.self), &scan)
        }
    }

    /// Generated text of ASCII words and separators mixed with Latin-1, marks, symbols and other scripts.
    @Test func generatedText() {
        var rng = SplitMix(seed: 57)
        var scan = WordScan(blocks: 1)
        defer { scan.deallocate() }
        let pieces = ["a", "Zeta", "x9", "0", "HTTP2", "encodeEvent()", String(repeating: "w", count: 7), String(repeating: "E", count: 20),
                      String(repeating: "q", count: 41), "é", "Ñ", "×", "µ", "²", "½", "ª", "✔", "→", "─", "≠", "❶", "—", "’",
                      "\u{00A0}", " ", " ", " ", "\n", ".", "-", "_", "/", "\"", "\u{0301}", "\u{0903}", "東京", "Ελ", "👍", "İ", "ß"]
        for _ in 0..<20_000 {
            var s = ""
            for _ in 0..<rng.below(60) { s += pieces[rng.below(pieces.count)] }
            Self.expectSame(s, &scan)
        }
    }

    /// Real text: the repository's Markdown and Swift sources, whole.
    @Test func realText() throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files: [URL] = []
        for dir in ["Sources/Search", "Sources/Site", "content", "Benchmarks"] {
            let e = FileManager.default.enumerator(at: repo.appendingPathComponent(dir), includingPropertiesForKeys: nil)
            while let u = e?.nextObject() as? URL {
                if ["md", "swift", "html", "txt"].contains(u.pathExtension) { files.append(u) }
            }
        }
        files.append(repo.appendingPathComponent("README.md"))
        #expect(files.count > 20)
        var scan = WordScan()
        defer { scan.deallocate() }
        for f in files {
            guard let s = try? String(contentsOf: f, encoding: .utf8) else { continue }
            Self.expectSame(s, &scan)
        }
    }
}
