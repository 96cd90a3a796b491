import Foundation
import TextBytes

/// JSON written byte by byte: the index is ten megabytes of text and hundreds of thousands of
/// numbers, and building Strings for them was a third of the index's cost. The bytes are in a
/// buffer of its own, which `take()` hands to a `Data` as it is: copying ten megabytes into Data
/// cost the copy and as many page faults again. A writer ends with `take()` or `takeString()`,
/// which free or hand over its buffer, and is not copied.
struct JSONBytes {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = malloc(self.capacity)!.assumingMemoryBound(to: UInt8.self)
    }

    /// The bytes written, as Data that owns them (the writer is not to be used after).
    mutating func take() -> Data {
        if count < capacity / 2, let smaller = realloc(base, max(count, 1)) { base = smaller.assumingMemoryBound(to: UInt8.self) }
        return Data(bytesNoCopy: base, count: count, deallocator: .free)
    }

    /// The bytes written, for a writer that is dropped after (`take()` is not called).
    mutating func takeString() -> String {
        defer { free(base) }
        return String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    @inline(__always)
    private mutating func reserve(_ n: Int) {
        guard count + n > capacity else { return }
        capacity = max(capacity * 2, count + n)
        base = realloc(base, capacity)!.assumingMemoryBound(to: UInt8.self)
    }

    @inline(__always)
    mutating func byte(_ b: UInt8) { reserve(1); base[count] = b; count += 1 }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let from = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: from, count: bytes.count)
        count += bytes.count
    }

    mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { append($0) }
    }

    /// A string literal; U+2028/U+2029 escaped too, so a fragment is also valid JavaScript.
    mutating func string(_ s: String) {
        byte(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { u in
            var i = 0
            let n = u.count
            while i < n {
                // Runs that need no escape go in one copy.
                let j = Self.plainRun(u, from: i)
                if j > i { append(UnsafeBufferPointer(rebasing: u[i..<j])); i = j; continue }
                let b = u[i]
                switch b {
                case UInt8(ascii: "\""): byte(92); byte(b)
                case 92: byte(92); byte(92)
                case 10: byte(92); byte(UInt8(ascii: "n"))
                case 13: byte(92); byte(UInt8(ascii: "r"))
                case 9: byte(92); byte(UInt8(ascii: "t"))
                case 0..<0x20:
                    for e in [92, UInt8(ascii: "u"), 48, 48, hexDigits[Int(b >> 4)], hexDigits[Int(b & 15)]] { byte(e) }
                case 0xE2 where i + 2 < n && u[i + 1] == 0x80 && (u[i + 2] == 0xA8 || u[i + 2] == 0xA9):
                    raw("\\u202")
                    byte(u[i + 2] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9"))
                    i += 2
                default: byte(b)
                }
                i += 1
            }
        }
        byte(UInt8(ascii: "\""))
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
        var out = JSONBytes(capacity: s.utf8.count + 8)
        out.string(s)
        return out.takeString()
    }
}

/// A stable hash of the index's content, for its id (Swift's `Hasher` is seeded per process): 32
/// bytes a step, so the ten megabytes of an index cost about a millisecond.
struct ContentHash {
    private var value: UInt64 = 0xcbf2_9ce4_8422_2325

    static func of(_ data: Data) -> UInt64 {
        var h = ContentHash()
        data.withUnsafeBytes { h.add($0) }
        return h.value
    }

    mutating func add(_ s: String) { add(UInt64(s.utf8.count)); for b in s.utf8 { add(UInt64(b)) } }

    /// Four lanes of 8 bytes a step, folded together at the end: one lane waits on its multiply
    /// every step, four keep the multiplier busy (a fragment file is tens of kilobytes).
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        add(UInt64(bytes.count))
        var a = value, b = ~value, c = value ^ 0x5555_5555_5555_5555, d = value ^ 0xAAAA_AAAA_AAAA_AAAA
        @inline(__always) func word(_ at: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
        var i = 0
        while i + 32 <= bytes.count {
            a = Self.mix(a, word(i)); b = Self.mix(b, word(i + 8)); c = Self.mix(c, word(i + 16)); d = Self.mix(d, word(i + 24))
            i += 32
        }
        value = a
        add(b); add(c); add(d)
        while i + 8 <= bytes.count { add(word(i)); i += 8 }
        while i < bytes.count { add(UInt64(bytes[i])); i += 1 }
    }

    mutating func add(_ word: UInt64) { value = Self.mix(value, word) }

    @inline(__always)
    private static func mix(_ value: UInt64, _ word: UInt64) -> UInt64 {
        let m = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
        return (m << 29) | (m >> 35)
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
