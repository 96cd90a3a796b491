import Testing
@testable import Highlight

/// The first-byte and mask gates in front of detection's line and block tests (`Gate`, `LineMask`'s first, last,
/// count and colons, the DTrace, AppleScript and justfile screens, yamlShare's early exit, the byte SQL opener),
/// each against the test it stands in front of: a closed gate must mean the test says no. On the corpus' lines, the
/// awkward random text of `DetectionEquivalenceTests`, and lines built from the tests' own prefixes with
/// Characters that equal an ASCII one (`;` U+037E, `` ` `` U+1FEF, `K` U+212A) or absorb the byte before them.
@Suite struct DetectionGateFastPathTests {
    typealias Rng = DetectionEquivalenceTests.Rng

    static let openers = ["data: {", "data: [", "event: ", "--> ", "= note", "= help", "|", "| ^^", "^~~", "~", "12 | x", "LL | y", "[0002d8] Main.main:",
                          "00012e: 9201", "12: invokestatic #71", "-----BEGIN ", "-----END ", "2024-01-02 10:00:01 INFO", "[10:00:01] x", "INFO: a",
                          "E1122 x", "Starting web...", "Loading…", "> Task :app", "BUILD FAILED", "FAILURE: x", "* What went wrong:", "** BUILD ",
                          "D/Tag( 1): x", "03-17 16:13:38.811  1702", "----|----", "=====", "+-----+", "at a.b.C(F.java:1)", "E   assert",
                          "0   libswiftCore.dylib  0x1", "Caused by: x", "Traceback (most", "thread 'main' panicked", "goroutine 1 [running]:",
                          "File \"a.py\", line 3", "(lldb) bt", "frame #0:", "* thread #1", "error[E0277]: x", "src/a.rs:3:5: error: x",
                          "a.ts(5,7): error TS1", "GET / HTTP/1.1", "HTTP/1.1 200 OK", "OPTIONS * HTTP/2", "|-- a", "`-- b", "+--- c", "\\-- d",
                          "end tell", "end if", "set x to 3", "export A := 1", "build:", "@test *opts:", "{{name}}", "syscall:::entry",
                          "objc$target:NSView:-drawRect?:entry {", "SELECT * FROM t", "select", "group by x", "-- note", "with x as", "key: value", "- item"]
    static let marks = ["\u{37E}", "\u{1FEF}", "\u{212A}", "\u{301}", "é", "\r", "\t", " ", ":", "{", "}", "(", "x", "9", "..."]

    static func lines() -> [Substring] {
        var out = DetectionLineTestFastPathTests.lines()
        var r = Rng(s: 0x2545_F491_4F6C_DD1D)
        for o in openers {
            out.append(Substring(o))
            for _ in 0..<40 {
                var s = r.next(4) == 0 ? marks[r.next(marks.count)] + o : o
                if r.next(2) == 0 { s.insert(contentsOf: marks[r.next(marks.count)], at: s.index(s.startIndex, offsetBy: r.next(s.count + 1))) }
                for _ in 0..<r.next(4) { s += marks[r.next(marks.count)] }
                out.append(Substring(s))
            }
        }
        return out
    }

    @Test func maskHoldsFirstLastCountColons() {
        for l in Self.lines() {
            let m = LineMask(l)
            #expect(m.first == (l.utf8.first ?? 0) && m.last == (l.utf8.last ?? 0) && m.count == l.utf8.count)
            #expect(Int(m.colons) == min(255, l.utf8.filter { $0 == 58 }.count))
        }
    }

    /// A closed gate, a test that says no; `mayBeDiagnostic` on the mask as on the line.
    @Test func closedGateMeansNo() {
        let tests: [(UInt16, (Substring) -> Bool)] = [
            (Gate.trace, Output.traceLine), (Gate.debugger, Output.isDebugger), (Gate.gutter, Output.isGutter), (Gate.dump, Output.isDumpLine),
            (Gate.data, { $0.hasASCIIPrefix("data: {") || $0.hasASCIIPrefix("data: [") }), (Gate.event, { $0.hasASCIIPrefix("event: ") }),
            (Gate.tree, Output.treeBranch), (Gate.log, Detector.looksLikeLogLine), (Gate.progress, Output.isProgress),
            (Gate.build, Output.isBuildStatus), (Gate.logcat, Output.isLogcat),
        ]
        var open = 0
        for l in Self.lines() {
            let m = LineMask(l)
            let g = m.count == 0 ? 0 : Gate.table[Int(m.first)]
            for (bit, test) in tests where g & bit == 0 { #expect(!test(l), "\(bit) \(Array(l.unicodeScalars))") }
            if g & Gate.encoded == 0 && m.count < 40 { #expect(!Output.isEncoded(l), "\(Array(l.unicodeScalars))") }
            if g & Gate.rule == 0 || m.count < 5 { #expect(!Output.isTableRule(l), "\(Array(l.unicodeScalars))") }
            if m.count > 6 { #expect(!Output.isElision(l)) }
            if m.opensOutside(Gate.http) { #expect(!Output.isHTTP(l), "\(Array(l.unicodeScalars))") }
            #expect(Output.mayBeDiagnostic(m) == Output.mayBeDiagnostic(l, m))
            if g != 0 { open += 1 }
        }
        #expect(open > 1000)
    }

    /// Blocks of the lines above: a closed block screen means the lines say no; the early YAML exit only where the
    /// share stays under 0.85; the byte SQL opener as the upper-cased String's.
    @Test func blockScreensMatchTheirLines() {
        let pool = Self.lines()
        var r = Rng(s: 0x9E37_79B9_7F4A_7C15)
        var blocks: [[Substring]] = Corpus.files.map { f in f.text.split(separator: "\n").map { $0.trimmingBlanks }.filter { !$0.isEmpty } }
        for _ in 0..<6000 { blocks.append((0..<(1 + r.next(12))).map { _ in pool[r.next(pool.count)] }.filter { !$0.isEmpty }) }
        var yaml = 0
        for b in blocks where !b.isEmpty {
            let masks = b.map(LineMask.init)
            if !Shapes.mayBeDTrace(masks) { #expect(!Shapes.dtraceLines(b, masks), "\(b)") }
            if !Shapes.mayBeAppleScript(masks) { #expect(!Shapes.appleScriptLines(b), "\(b)") }
            if !Shapes.mayBeJustfile(masks) { #expect(!Shapes.justfileLines(b, masks), "\(b)") }
            let whole = Structure.yamlShare(b)
            if let early = Structure.yamlShare(b, giveUp: true) { #expect(early == whole) } else { #expect((whole ?? 0) < 0.85, "\(b)") }
            if (whole ?? 0) >= 0.85 { yaml += 1 }
            #expect(Structure.jsonShare(b, masks) == Structure.jsonShare(b))
            if masks[0].isPlainASCII { #expect(Structure.sqlShare(b, plainFirst: true) == Structure.sqlShare(b, plainFirst: false), "\(b)") }
        }
        for l in pool where LineMask(l).isPlainASCII && !l.isEmpty {
            let up = l.uppercased()
            #expect(Structure.opensSQL(l) == (Structure.sqlBare.contains(up) || Structure.sqlOpeners.contains { up.hasPrefix($0) }), "\(l)")
        }
        #expect(yaml > 0)
    }
}
