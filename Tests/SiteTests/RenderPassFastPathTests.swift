import Foundation
import Testing
import TestSupport
@testable import Site

/// The per-file and per-page shortcuts of loading and rendering against the general code they stand in front of.
@Suite struct RenderPassFastPathTests {
    /// Bytes that exercise UTF-8 validation: ASCII, good sequences, and every kind of bad one.
    static let pieces: [[UInt8]] = [
        Array("plain text ".utf8), Array("Café “quoted” — 🌍 ".utf8), Array("\n".utf8), [0xEF, 0xBB, 0xBF],
        [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC3], [0xC3, 0x28], [0xE2, 0x80], [0xE2, 0x28, 0xA1], [0xED, 0xA0, 0x80],
        [0xEF, 0xBF, 0xBD], [0xEF, 0xBF], [0xF0, 0x9F, 0x98], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xFE],
        [0x00], [0xE0, 0x80, 0x80], [0xF0, 0x80, 0x80, 0x80], Array(String(repeating: "abcdefgh", count: 160).utf8)]

    static func same(_ a: Result<String, SiteDiagnostic>, _ b: Result<String, SiteDiagnostic>) -> Bool {
        switch (a, b) {
        case (.success(let x), .success(let y)): return x == y && Array(x.utf8) == Array(y.utf8)
        case (.failure(let x), .failure(let y)): return x.message == y.message && x.hint == y.hint && x.line == y.line && x.column == y.column
        default: return false
        }
    }

    /// `decode`'s in-place read equals the checked decoding on generated files, valid and not (a bad byte
    /// anywhere, before and after the 1024 bytes where the text is converted in runs).
    @Test func decodeMatchesCheckedDecoding() {
        var rng = SplitMix(seed: 31)
        for round in 0..<2000 {
            var bytes: [UInt8] = []
            let valid = round % 2 == 0
            for _ in 0..<rng.below(12) {
                let p = Self.pieces[rng.below(valid ? 4 : Self.pieces.count)]
                bytes += valid && p == [0xEF, 0xBB, 0xBF] ? Array("é".utf8) : p
            }
            if valid, rng.below(3) == 0 { bytes = [0xEF, 0xBB, 0xBF] + bytes }
            if valid, rng.below(2) == 0 { bytes += Self.pieces[23] + Array("’".utf8) + Self.pieces[23] }
            let data = Data(bytes)
            let fast = SourceText.decode(data, file: "p.md"), general = SourceText.checked(data, file: "p.md")
            #expect(Self.same(fast, general), "\(bytes)")
            if let text = SourceText.validText(data) { #expect(Self.same(.success(text), general), "\(bytes)") }
        }
        for data in [Data(), Data([0xEF, 0xBB, 0xBF]), Data([0xEF, 0xBB]), Data([0])] {
            #expect(Self.same(SourceText.decode(data, file: "e.md"), SourceText.checked(data, file: "e.md")))
        }
    }

    /// Real files: this package's sources (UTF-8 with typographic punctuation), whole and cut at every
    /// few bytes (a cut inside a character is invalid UTF-8).
    @Test func decodeMatchesCheckedOnRealFiles() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let dir = root.appendingPathComponent("Sources/Site")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".swift") }.sorted().prefix(20)
        #expect(!files.isEmpty)
        for f in files {
            let data = try Data(contentsOf: dir.appendingPathComponent(f))
            #expect(Self.same(SourceText.decode(data, file: f), SourceText.checked(data, file: f)), "\(f)")
            for cut in stride(from: 1, to: min(data.count, 3000), by: 97) {
                let part = data.prefix(cut)
                #expect(Self.same(SourceText.decode(part, file: f), SourceText.checked(part, file: f)), "\(f) cut at \(cut)")
            }
        }
    }

    /// The double-encoding pre-check, eight ASCII bytes a step, against the byte-by-byte test of every pair.
    @Test func doubleEncodingCheckMatchesBytePairs() {
        var rng = SplitMix(seed: 5)
        let alphabet: [UInt8] = [0x61, 0x20, 0x0A, 0xC2, 0xC3, 0x80, 0x82, 0x85, 0x86, 0x9F, 0xA0, 0xA2, 0xA5, 0xA6, 0xA9, 0xE2, 0x9C]
        for _ in 0..<5000 {
            var bytes = (0..<rng.below(40)).map { _ in UInt8(ascii: "x") }
            for _ in 0..<rng.below(4) { bytes.insert(alphabet[rng.below(alphabet.count)], at: rng.below(bytes.count + 1)) }
            var expected = false
            for i in 0..<max(0, bytes.count - 1) where Mojibake.isPairStart(bytes[i], bytes[i + 1]) { expected = true }
            #expect(bytes.withUnsafeBufferPointer { Mojibake.mayBeDoubleEncoded($0) } == expected, "\(bytes)")
        }
        #expect(Mojibake.find(in: "CafÃ© and plenty of plain ASCII text before it") != [])
        #expect(Mojibake.find(in: String(repeating: "plain ", count: 40) + "“text” é") == [])
    }
}
