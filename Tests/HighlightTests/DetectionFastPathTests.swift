import Testing
@testable import Highlight

/// The byte paths added to speed up detection against the Character-level code they stand in for, on the
/// random awkward text of `DetectionEquivalenceTests` (CR LF, combining and prepended marks, the Kelvin sign).
@Suite struct DetectionFastPathTests {
    typealias Rng = DetectionEquivalenceTests.Rng

    static func sample(_ r: inout Rng) -> Substring {
        Substring(DetectionEquivalenceTests.text(&r, r.next(10))).dropFirst(r.next(2))
    }

    /// The Character walk `trimmingBlanks` used before its byte path.
    static func trimmed(_ line: Substring) -> Substring {
        var s = line
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
        return s
    }

    @Test func trimmingMatchesCharacters() {
        var r = Rng(s: 0x2545_F491_4F6C_DD1D)
        for _ in 0..<6000 {
            let line = Self.sample(&r)
            let fast = line.trimmingBlanks, slow = Self.trimmed(line)
            #expect(fast == slow && fast.startIndex == slow.startIndex && fast.endIndex == slow.endIndex, "\(Array(line.unicodeScalars))")
        }
    }

    @Test func contextWordsMatchCharacters() {
        var r = Rng(s: 0x9E37_79B9_7F4A_7C15)
        let prose = ["Run ", "this ", "in ", "Objective-C", "C++", "c#", "build.gradle", "...", "--", "Swift.", "x_y", "K8s", " ", "\n", "\r\n", "2024", "é", "\u{301}", "\u{212A}"]
        for _ in 0..<4000 {
            var text = ""
            for _ in 0..<r.next(14) { text += r.next(3) == 0 ? DetectionEquivalenceTests.pieces[r.next(DetectionEquivalenceTests.pieces.count)] : prose[r.next(prose.count)] }
            #expect(ContextPriors.words(text) == ContextPriors.characterWords(text), "\(Array(text.unicodeScalars))")
        }
    }

    /// The line tests that now answer on their first byte, against their prefix lists alone.
    @Test func firstByteScreensMatchPrefixTests() {
        var r = Rng(s: 0xD1B5_4A32_D192_ED03)
        let extra = ["...", "…", "# ...", "// ...", "[...]", "[SNIP]", "<snip>", "(lldb) bt", "frame #0: x", "* thread #1", "thread #2",
                     "> Task :app", "BUILD SUCCESSFUL", "FAILURE: x", "* Try:", "** BUILD FAILED **", "INFO x", "[WARN] y", "WARNING: z",
                     "D/Tag( 12): m", "03-17 16:13:38.811  1702", "NSString *s;", "UIView *v = x", "CGFloat w;"]
        for _ in 0..<6000 {
            let line = r.next(4) == 0 ? Substring(extra[r.next(extra.count)]) + Self.sample(&r) : Self.sample(&r)
            let elision = line == "..." || line == "…" || line == "# ..." || line == "// ..." || line == "[...]" || line == "[SNIP]" || line == "[snip]" || line == "<snip>"
            #expect(Output.isElision(line) == elision, "\(Array(line.unicodeScalars))")
            let debugger = line.hasPrefix("(lldb)") || line.hasPrefix("(gdb)") || line.hasPrefix("(Pdb)") || line.hasPrefix("(pdb)")
                || line.hasPrefix("frame #") || line.hasPrefix("* thread #") || line.hasPrefix("thread #")
            #expect(Output.isDebugger(line) == debugger, "\(Array(line.unicodeScalars))")
            let status = ["> Task :", "> Configure project", "BUILD SUCCESSFUL", "BUILD FAILED", "FAILURE: ", "* What went wrong:", "* Try:",
                          "** BUILD ", "** TEST ", "** ARCHIVE "].contains { line.hasPrefix($0) }
            #expect(Output.isBuildStatus(line) == status, "\(Array(line.unicodeScalars))")
            if let c = line.utf8.first, !(isDigit(c) || c == 91) {
                #expect(Detector.looksLikeLogLine(line) == Detector.logPrefixes.contains { line.hasPrefix($0.description) }, "\(Array(line.unicodeScalars))")
            }
        }
    }

    /// The YAML key test on bytes against the Character test `yamlShare` keeps for other text.
    @Test func asciiYAMLKeysMatchCharacters() {
        var r = Rng(s: 0x5851_F42D_4C95_7F2D)
        let bytes = Array("aZ09_-. /\"'$<:;(){}#@!\t~".utf8)
        for _ in 0..<6000 {
            let key = Substring(String(decoding: (0..<r.next(8)).map { _ in bytes[r.next(bytes.count)] }, as: UTF8.self))
            let slow = !key.isEmpty && !key.hasPrefix("-") && key.allSatisfy { $0.isLetter || $0.isNumber || "_-. /\"'$<".contains($0) } && !key.contains("  ")
            #expect(Structure.asciiKey(key.utf8) == slow, "\(key)")
        }
    }

    @Test func radixSortSortsRows() {
        var r = Rng(s: 0x1234_5678_9ABC_DEF1)
        for _ in 0..<500 {
            let top = [1, 2, 255, 256, 70_000, 1 << 30][r.next(6)]
            let rows = (0..<r.next(700)).map { _ in Int32(r.next(top + 1)) }
            var fast = rows
            Model.radixSort(&fast)
            #expect(fast == rows.sorted())
        }
    }
}
