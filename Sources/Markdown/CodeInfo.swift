/// Reading a fence's info string: `swift {3,5-7} title="Store.swift" linenos`.

struct CodeInfo: Equatable {
    var language: String?
    var attributes: [String: String] = [:]
    var highlightedLines: Set<Int> = []

    /// The first word is the language unless it is `{…}` or `key=value`; then `{ranges}`,
    /// `key=value`, `key="quoted value"` and bare flags (value "") in any order.
    init(_ info: String) {
        let bytes = Array(info.utf8)
        var i = 0
        var first = true
        while i < bytes.count {
            while i < bytes.count, isSpaceByte(bytes[i]) { i += 1 }
            guard i < bytes.count else { break }
            if bytes[i] == 0x7B { // {ranges}
                var j = i + 1
                while j < bytes.count, bytes[j] != 0x7D { j += 1 }
                highlightedLines.formUnion(CodeInfo.lineRanges(String(decoding: bytes[(i + 1)..<min(j, bytes.count)], as: UTF8.self)))
                i = min(j + 1, bytes.count)
                first = false
                continue
            }
            var j = i
            while j < bytes.count, !isSpaceByte(bytes[j]), bytes[j] != 0x3D, bytes[j] != 0x7B { j += 1 }
            let word = String(decoding: bytes[i..<j], as: UTF8.self)
            if j < bytes.count, bytes[j] == 0x3D { // key=value
                var k = j + 1
                var value: [UInt8] = []
                if k < bytes.count, bytes[k] == 0x22 || bytes[k] == 0x27 {
                    let q = bytes[k]
                    k += 1
                    while k < bytes.count, bytes[k] != q {
                        if bytes[k] == 0x5C, k + 1 < bytes.count, bytes[k + 1] == q { k += 1 }
                        value.append(bytes[k])
                        k += 1
                    }
                    k = min(k + 1, bytes.count)
                } else {
                    while k < bytes.count, !isSpaceByte(bytes[k]) { value.append(bytes[k]); k += 1 }
                }
                attributes[word] = String(decoding: value, as: UTF8.self)
                i = k
            } else if first {
                language = word.isEmpty ? nil : word
                i = j
            } else {
                if !word.isEmpty { attributes[word] = "" }
                i = j
            }
            first = false
        }
    }

    /// `3,5-7` → {3, 5, 6, 7}; nonsense parts are ignored, huge ranges capped.
    static func lineRanges(_ s: String) -> Set<Int> {
        var out = Set<Int>()
        for part in s.split(whereSeparator: { $0 == "," || $0 == " " }) {
            let ends = part.split(separator: "-", maxSplits: 1).map { Int($0.trimmingSpaces) }
            if ends.count == 1, let a = ends[0], a > 0 {
                out.insert(a)
            } else if ends.count == 2, let a = ends[0], let b = ends[1], a > 0, b >= a, b - a < 100_000 {
                for n in a...b { out.insert(n) }
            }
        }
        return out
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
