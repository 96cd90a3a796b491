@testable import Feed

/// The URL-attribute scanner as it was before it moved to raw pointers and memchr (Galley 0.1,
/// array subscripts): the fast scanner must report exactly what this one does.
enum ScannerReference {
    static func referenceScan(_ bytes: [UInt8], _ visit: (FeedHTML.Attribute) -> Void) {
        let n = bytes.count
        var i = 0
        func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 || c == 12 }
        func lower(_ c: UInt8) -> UInt8 { (c >= 65 && c <= 90) ? c + 32 : c }
        func isLetter(_ c: UInt8) -> Bool { let l = lower(c); return l >= 97 && l <= 122 }
        func find(_ needle: [UInt8], from: Int, caseInsensitive: Bool) -> Int? {
            guard needle.count <= n else { return nil }
            var j = from
            while j + needle.count <= n {
                var k = 0
                while k < needle.count, (caseInsensitive ? lower(bytes[j + k]) : bytes[j + k]) == needle[k] { k += 1 }
                if k == needle.count { return j }
                j += 1
            }
            return nil
        }
        while i < n {
            guard bytes[i] == 60 /* < */, i + 1 < n else { i += 1; continue }
            if bytes[i + 1] == 33 /* ! */ {
                if i + 3 < n, bytes[i + 2] == 45, bytes[i + 3] == 45 {
                    i = (find(Array("-->".utf8), from: i + 4, caseInsensitive: false) ?? n - 3) + 3
                } else {
                    i = (find([62], from: i + 2, caseInsensitive: false) ?? n - 1) + 1
                }
                continue
            }
            guard isLetter(bytes[i + 1]) else { i += 1; continue }
            var j = i + 1
            while j < n, !isSpace(bytes[j]), bytes[j] != 62, bytes[j] != 47 { j += 1 }
            let tag = bytes[(i + 1)..<j]
            func tagIs(_ name: [UInt8]) -> Bool { tag.count == name.count && zip(tag, name).allSatisfy { lower($0) == $1 } }
            // Attributes.
            while j < n {
                while j < n, isSpace(bytes[j]) || bytes[j] == 47 { j += 1 }
                guard j < n, bytes[j] != 62 else { break }
                let nameStart = j
                while j < n, !isSpace(bytes[j]), bytes[j] != 61, bytes[j] != 62, bytes[j] != 47 || j == nameStart { j += 1 }
                let nameLength = j - nameStart
                // Most attributes (`class` on every highlighted span) cannot be a URL attribute: decided on
                // length and first letter before any string is made.
                let maybeURL = nameLength >= 3 && nameLength <= 10
                    && FeedHTML.urlAttributeShapes & (1 << UInt64((nameLength - 3) * 8 + Int(lower(bytes[nameStart]) & 7))) != 0
                let name = !maybeURL ? "" : String(unsafeUninitializedCapacity: nameLength) { buf in
                    for k in 0..<nameLength { buf[k] = lower(bytes[nameStart + k]) }
                    return nameLength
                }
                var k = j
                while k < n, isSpace(bytes[k]) { k += 1 }
                guard k < n, bytes[k] == 61 /* = */ else { continue }
                k += 1
                while k < n, isSpace(bytes[k]) { k += 1 }
                guard k < n else { j = k; break }
                var range: Range<Int>
                var quoted = false
                if bytes[k] == 34 || bytes[k] == 39 {
                    let q = bytes[k]
                    var e = k + 1
                    while e < n, bytes[e] != q { e += 1 }
                    range = (k + 1)..<e
                    quoted = true
                    j = min(e + 1, n)
                } else {
                    var e = k
                    while e < n, !isSpace(bytes[e]), bytes[e] != 62 { e += 1 }
                    range = k..<e
                    j = e
                }
                if FeedHTML.urlAttributes.contains(name) {
                    visit(FeedHTML.Attribute(name: name, value: String(decoding: bytes[range], as: UTF8.self), valueRange: range, quoted: quoted))
                }
            }
            i = j + 1
            if tagIs(FeedHTML.scriptTag) || tagIs(FeedHTML.styleTag) {
                let close = [60, 47] + tag.map(lower)
                i = find(close, from: i, caseInsensitive: true) ?? n
            }
        }
    }
}
