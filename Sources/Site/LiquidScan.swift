#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds Liquid (`{{ … }}`, `{% … %}`) left in Markdown: Galley does not run it, so a reader would see
/// it as text. Code (fenced blocks, code spans) is skipped: Liquid shown as code is meant to be seen.
/// `\{{` or `\{%` is text written on purpose (the backslash escapes the brace in Markdown).
/// Works on UTF-8 bytes: it reads every document of every build, and code often holds `{{`.
enum LiquidScan {
    struct Found: Equatable, Sendable {
        var line: Int      // 1-based, in the text scanned
        var column: Int    // 1-based, in characters
        var text: String
    }

    static func find(in text: String) -> [Found] {
        var copy = text
        return copy.withUTF8 { scan($0) }
    }

    private static func scan(_ b: UnsafeBufferPointer<UInt8>) -> [Found] {
        // Quick exit: no `{{` or `{%` at all (nearly every document).
        // memchr to each `{`: a byte loop with an early exit was 2 % of the render phase.
        var any = false
        var k = 0
        if let base = b.baseAddress {
            while k + 1 < b.count, let p = memchr(base + k, 0x7B, b.count - 1 - k) {
                k = base.distance(to: p.assumingMemoryBound(to: UInt8.self))
                if b[k + 1] == 0x7B || b[k + 1] == 0x25 { any = true; break }
                k += 1
            }
        }
        guard any else { return [] }
        var found: [Found] = []
        var fence: (char: UInt8, count: Int)?
        var lineNo = 0
        var start = 0
        while start <= b.count {
            var end = b.count
            if start < b.count, let base = b.baseAddress, let p = memchr(base + start, 0x0A, b.count - start) {
                end = base.distance(to: p.assumingMemoryBound(to: UInt8.self))
            }
            lineNo += 1
            defer { start = end + 1 }
            var i = start
            while i < end, b[i] == 0x20, i - start < 4 { i += 1 }
            if i - start < 4, i < end, b[i] == 0x60 || b[i] == 0x7E {
                let c = b[i]
                var run = 0
                while i + run < end, b[i + run] == c { run += 1 }
                if run >= 3 {
                    let rest = UnsafeBufferPointer(rebasing: b[(i + run)..<end])
                    if let f = fence {
                        if f.char == c && run >= f.count && rest.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { fence = nil }
                    } else if !(c == 0x60 && rest.contains(0x60)) {
                        fence = (c, run)
                    }
                    if end >= b.count { break }
                    continue
                }
            }
            if fence == nil { scanLine(b, start, end, number: lineNo, into: &found) }
            if end >= b.count { break }
        }
        return found
    }

    private static func scanLine(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, number: Int, into found: inout [Found]) {
        var i = start
        while i < end {
            let c = b[i]
            if c == 0x60 {
                // Skip a code span: the same number of backticks closes it.
                var run = 0
                while i + run < end, b[i + run] == 0x60 { run += 1 }
                var j = i + run
                var closed = false
                while j < end {
                    if b[j] == 0x60 {
                        var r = 0
                        while j + r < end, b[j + r] == 0x60 { r += 1 }
                        j += r
                        if r == run { closed = true; break }
                    } else { j += 1 }
                }
                i = closed ? j : i + run
                continue
            }
            if c == 0x5C { i += 2; continue }
            if c == 0x7B, i + 1 < end, b[i + 1] == 0x7B || b[i + 1] == 0x25 {
                let close0: UInt8 = b[i + 1] == 0x7B ? 0x7D : 0x25
                var j = i + 2
                while j + 1 < end, !(b[j] == close0 && b[j + 1] == 0x7D) { j += 1 }
                if j + 1 < end {
                    var column = 1
                    for p in start..<i where b[p] & 0xC0 != 0x80 { column += 1 }
                    found.append(Found(line: number, column: column,
                                       text: String(decoding: UnsafeBufferPointer(rebasing: b[i...(j + 1)]), as: UTF8.self)))
                    i = j + 2
                    continue
                }
            }
            i += 1
        }
    }
}
