import Foundation
import Testing
@testable import Highlight

/// Agreement with Pygments, by byte, ignoring whitespace.
@Suite struct AgreementTests {
    struct Score { var exact = 0, family = 0, total = 0, errs = 0, skipped = 0 }

    static func score(_ f: Corpus.File, dump: Bool = false) -> Score {
        let mine = Corpus.mine(f.text, f.language)
        let bytes = Array(f.text.utf8)
        var sc = Score()
        var k = 0
        while k < bytes.count {
            let c = bytes[k]
            if c == 32 || c == 9 || c == 10 || c == 13 { k += 1; continue }
            // Where Pygments itself fails (`err`: GraphQL type definitions, SCSS `$var` in blocks) it has no reading to agree with.
            if f.golden[k] == "err" { sc.skipped += 1; k += 1; continue }
            sc.total += 1
            if mine[k] == "err" { sc.errs += 1 }
            if mine[k] == f.golden[k] { sc.exact += 1 }
            if Corpus.family(mine[k]) == Corpus.family(f.golden[k]) { sc.family += 1 }
            k += 1
        }
        if dump { dumpMismatches(bytes, mine, f.golden) }
        return sc
    }

    /// Prints each run of bytes where we disagree (development aid: GALLEY_HL_DIFF=<corpus file>).
    static func dumpMismatches(_ bytes: [UInt8], _ mine: [String], _ gold: [String]) {
        var k = 0
        while k < bytes.count {
            if mine[k] == gold[k] || bytes[k] == 32 || bytes[k] == 10 { k += 1; continue }
            var e = k
            while e < bytes.count && mine[e] == mine[k] && gold[e] == gold[k] && bytes[e] != 10 { e += 1 }
            var ls = k
            while ls > 0 && bytes[ls - 1] != 10 { ls -= 1 }
            var le = k
            while le < bytes.count && bytes[le] != 10 { le += 1 }
            let text = String(decoding: bytes[k..<e], as: UTF8.self)
            let line = String(decoding: bytes[ls..<le], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            print("  mine=\(mine[k].isEmpty ? "-" : mine[k]) gold=\(gold[k].isEmpty ? "-" : gold[k]) \(text.debugDescription)   | \(line.prefix(70))")
            k = e
        }
    }

    /// Targets from the issue: ≥ 90% exact and ≥ 98% family for the main languages.
    static let floors: [String: (exact: Double, family: Double)] = [
        "swift": (90, 98), "kotlin": (90, 98), "java": (90, 98), "typescript": (90, 98), "javascript": (90, 98),
        "python": (90, 98), "go": (90, 98), "rust": (90, 98), "bash": (90, 98), "json": (90, 98), "yaml": (90, 98),
        "powershell": (90, 98), "graphql": (90, 98),
        // No floor for scss: Pygments' SCSS lexer loses its state at the first declaration inside a block
        // (from there every word is `nt`, `$var` is `err`), so agreeing with it would mean copying that.
    ]

    @Test func pygmentsAgreement() {
        let dumpFile = ProcessInfo.processInfo.environment["GALLEY_HL_DIFF"]
        var report: [String] = []
        for f in Corpus.files {
            let sc = AgreementTests.score(f, dump: dumpFile == f.name)
            guard sc.total > 0 else { continue }
            let exact = 100.0 * Double(sc.exact) / Double(sc.total)
            let family = 100.0 * Double(sc.family) / Double(sc.total)
            report.append(String(format: "%-14@ %-12@ exact %5.1f%%  family %5.1f%%  bytes %d  pygments-err %d", f.name as NSString, f.language as NSString, exact, family, sc.total, sc.skipped))
            #expect(sc.errs == 0, "\(f.name): err tokens")
            if let floor = AgreementTests.floors[f.language] {
                #expect(exact >= floor.exact, "\(f.name) exact \(exact)")
                #expect(family >= floor.family, "\(f.name) family \(family)")
            }
        }
        print("Pygments agreement:\n" + report.joined(separator: "\n"))
    }
}
