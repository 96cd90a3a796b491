import Foundation
import TextBytes

/// JSON written byte by byte: the index is ten megabytes of text and hundreds of thousands of
/// numbers, and building Strings for them was a third of the index's cost.
struct JSONBytes {
    var bytes: [UInt8] = []

    mutating func byte(_ b: UInt8) { bytes.append(b) }
    mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
    /// A string literal; U+2028/U+2029 escaped too, so a fragment is also valid JavaScript.
    mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { u in
            var i = 0
            let n = u.count
            while i < n {
                // Runs that need no escape go in one copy.
                let j = Self.plainRun(u, from: i)
                if j > i { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: u[i..<j])); i = j; continue }
                let b = u[i]
                switch b {
                case UInt8(ascii: "\""): bytes.append(92); bytes.append(b)
                case 92: bytes.append(92); bytes.append(92)
                case 10: bytes.append(92); bytes.append(UInt8(ascii: "n"))
                case 13: bytes.append(92); bytes.append(UInt8(ascii: "r"))
                case 9: bytes.append(92); bytes.append(UInt8(ascii: "t"))
                case 0..<0x20:
                    bytes.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hexDigits[Int(b >> 4)], hexDigits[Int(b & 15)]])
                case 0xE2 where i + 2 < n && u[i + 1] == 0x80 && (u[i + 2] == 0xA8 || u[i + 2] == 0xA9):
                    bytes.append(contentsOf: Array("\\u202".utf8))
                    bytes.append(u[i + 2] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9"))
                    i += 2
                default: bytes.append(b)
                }
                i += 1
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

extension JSONBytes {
    /// Where the run of bytes from `i` that need no escape ends: eight bytes a step while none of
    /// them is a control character, `"`, `\` or 0xE2 (which may start U+2028 or U+2029). A fragment
    /// is mostly such runs, and the index has ten megabytes of fragments.
    @inline(__always)
    static func plainRun(_ u: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        let n = u.count
        var j = i
        let raw = UnsafeRawPointer(u.baseAddress!)
        // Bytes after a hit may be flagged too, which only ends the fast steps early.
        while j + 8 <= n {
            let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: j, as: UInt64.self))
            if maybeBelow(x, 0x20) | maybeHasByte(x, 0x22) | maybeHasByte(x, 0x5C) | maybeHasByte(x, 0xE2) != 0 { break }
            j += 8
        }
        while j < n, u[j] >= 0x20, u[j] != 0x22, u[j] != 0x5C, u[j] != 0xE2 { j += 1 }
        return j
    }
}

/// Lowercase hexadecimal digits, for `\u00XX` escapes and shard file names.
let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

enum JSON {
    static func string(_ s: String) -> String {
        var out = JSONBytes()
        out.string(s)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}

/// A stable hash of the index's content, for its id (Swift's `Hasher` is seeded per process): eight
/// bytes a step, so the ten megabytes of an index cost a few milliseconds.
struct ContentHash {
    private var value: UInt64 = 0xcbf2_9ce4_8422_2325

    static func of(_ data: Data) -> UInt64 {
        var h = ContentHash()
        data.withUnsafeBytes { h.add($0) }
        return h.value
    }

    mutating func add(_ s: String) { add(UInt64(s.utf8.count)); for b in s.utf8 { add(UInt64(b)) } }

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        add(UInt64(bytes.count))
        var i = 0
        while i + 8 <= bytes.count {
            add(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
            i += 8
        }
        while i < bytes.count { add(UInt64(bytes[i])); i += 1 }
    }

    mutating func add(_ word: UInt64) {
        let m = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
        value = (m << 29) | (m >> 35)
    }

    var hex: String { String(value, radix: 16) }
}

/// One slot per document, written by one thread each.
struct Slots<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
    let count: Int
    init(count: Int, empty: T) {
        self.count = count
        base = .allocate(capacity: max(count, 1))
        base.initialize(repeating: empty, count: count)
    }
    func take() -> [T] {
        defer { base.deinitialize(count: count); base.deallocate() }
        return Array(UnsafeBufferPointer(start: base, count: count))
    }
}
