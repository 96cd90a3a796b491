#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Line-level scanning for footnote definitions: container markers, definition starts,
/// indentation and fences, enough to find definitions without parsing the whole document.
extension FootnoteSource {
    /// Line ranges (without the newline), found with memchr.
    static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(bytes.count / 32 + 1)
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { ranges.append(0..<0); return }
            var from = 0
            while from <= buf.count {
                if from < buf.count, let hit = memchr(base + from, 0x0A, buf.count - from) {
                    let nl = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
                    ranges.append(from..<nl)
                    from = nl + 1
                } else {
                    ranges.append(from..<buf.count)
                    break
                }
            }
        }
        return ranges
    }

    /// Removes up to `max` block quote markers (each with one optional space after it).
    static func stripQuotes(_ line: ArraySlice<UInt8>, max: Int) -> (Int, ArraySlice<UInt8>) {
        var l = line
        var q = 0
        while q < max {
            var k = l.startIndex
            while k < l.endIndex, k - l.startIndex < 4, l[k] == 0x20 { k += 1 }
            guard k < l.endIndex, k - l.startIndex < 4, l[k] == 0x3E else { break }
            l = l[(k + 1)...]
            if l.first == 0x20 { l = l.dropFirst() }
            q += 1
        }
        return (q, l)
    }

    /// The end of a list marker and its spaces (`- `, `* `, `+ `, `1. `, `2) `) at the start of `l`.
    static func listMarkerEnd(_ l: ArraySlice<UInt8>) -> Int? {
        var k = l.startIndex
        while k < l.endIndex, k - l.startIndex < 4, l[k] == 0x20 { k += 1 }
        guard k < l.endIndex, k - l.startIndex < 4 else { return nil }
        if l[k] == 0x2D || l[k] == 0x2A || l[k] == 0x2B {
            k += 1
        } else {
            let d = k
            while k < l.endIndex, k - d < 9, l[k] >= 0x30 && l[k] <= 0x39 { k += 1 }
            guard k > d, k < l.endIndex, l[k] == 0x2E || l[k] == 0x29 else { return nil }
            k += 1
        }
        guard k < l.endIndex, l[k] == 0x20 || l[k] == 0x09 else { return nil }
        while k < l.endIndex, l[k] == 0x20 { k += 1 }
        return k
    }

    /// `[^label]:` with at most three spaces of indentation; returns the label and the rest of the line.
    static func definitionStart(_ line: ArraySlice<UInt8>) -> (String, ArraySlice<UInt8>)? {
        var l = line
        var spaces = 0
        while let f = l.first, f == 0x20, spaces < 4 { l = l.dropFirst(); spaces += 1 }
        guard spaces < 4, l.count >= 5, l[l.startIndex] == 0x5B, l[l.startIndex + 1] == 0x5E else { return nil }
        var j = l.startIndex + 2
        while j < l.endIndex, l[j] != 0x5D, !isSpaceByte(l[j]), l[j] != 0x5B { j += 1 }
        guard j < l.endIndex - 1, l[j] == 0x5D, l[j + 1] == 0x3A, j > l.startIndex + 2 else { return nil }
        return (String(decoding: l[(l.startIndex + 2)..<j], as: UTF8.self), l[(j + 2)...])
    }

    static func indentation(_ l: ArraySlice<UInt8>) -> Int {
        var n = 0
        for b in l {
            if b == 0x20 { n += 1 } else if b == 0x09 { n += 4 - n % 4 } else { break }
        }
        return n
    }

    static func dedent(_ l: ArraySlice<UInt8>, _ width: Int) -> ArraySlice<UInt8> {
        var l = l
        var n = 0
        while n < width, let f = l.first {
            if f == 0x20 { n += 1 } else if f == 0x09 { n += 4 - n % 4 } else { break }
            l = l.dropFirst()
        }
        return l
    }

    static func startsBlock(_ l: ArraySlice<UInt8>) -> Bool {
        let t = trimmed(l)
        guard let f = t.first else { return true }
        if f == 0x23 || f == 0x3E { return true }
        if opensFence(l) != nil { return true }
        if (f == 0x2D || f == 0x2A || f == 0x2B), t.count == 1 || t[t.startIndex + 1] == 0x20 { return true }
        if f >= 0x30 && f <= 0x39, listMarkerEnd(t) != nil { return true }
        return false
    }

    static func opensFence(_ line: ArraySlice<UInt8>) -> (UInt8, Int)? {
        guard indentation(line) < 4 else { return nil }
        let t = trimmed(line)
        guard let c = t.first, c == 0x60 || c == 0x7E else { return nil }
        let n = t.prefix(while: { $0 == c }).count
        guard n >= 3 else { return nil }
        if c == 0x60 && t.dropFirst(n).contains(0x60) { return nil }
        return (c, n)
    }

    static func closesFence(_ line: ArraySlice<UInt8>, _ fence: (UInt8, Int)) -> Bool {
        guard indentation(line) < 4 else { return false }
        let t = trimmed(line)
        let n = t.prefix(while: { $0 == fence.0 }).count
        return n >= fence.1 && n == t.count
    }
}
