/// Plain text from our own HTML, for excerpts in meta tags and feeds: tags dropped (footnote
/// markers with their numbers), entities decoded, whitespace collapsed.
func plainText(fromHTML html: [UInt8]) -> String {
    html.withUnsafeBufferPointer { plainText(fromHTML: $0) }
}

/// A part of the HTML whose text is given instead of read from it: a code block, whose highlighted
/// HTML has a tag every few characters while its source is at hand in the renderer.
struct TextInstead {
    var range: Range<Int>
    var text: UnsafeBufferPointer<UInt8>
}

/// Runs of ordinary bytes are copied whole, into a String's own storage: the search index reads the
/// text of every page, tens of megabytes on a big site. `instead`: sorted, not overlapping, each
/// starting at a tag; their text is block-level and has its white space collapsed like the rest.
func plainText(fromHTML html: UnsafeBufferPointer<UInt8>, instead: [TextInstead] = []) -> String {
    let n = html.count
    guard let p = html.baseAddress, n > 0 else { return "" }
    let capacity = n + instead.reduce(0) { $0 + $1.text.count }   // the text is never longer than its sources
    return plainTextByteClass.withUnsafeBufferPointer { byteClass in
        String(unsafeUninitializedCapacity: capacity) { out in
            let q = out.baseAddress!
            var o = 0, i = 0
            var pendingSpace = false
            let supRef: StaticString = "<sup class=\"footnote-ref\">"
            let supEnd: StaticString = "</sup>"
            @inline(__always) func put(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
                if pendingSpace && o > 0 { q[o] = 0x20; o += 1 }
                pendingSpace = false
                (q + o).update(from: bytes, count: count)
                o += count
            }
            var next = 0
            while i < n {
                // Up to the next part given instead, or the end.
                let end = next < instead.count ? instead[next].range.lowerBound : n
                if i >= end {
                    let t = instead[next].text
                    pendingSpace = true
                    var k = 0
                    while k < t.count {
                        if isSpaceByte(t[k]) { pendingSpace = true; k += 1; continue }
                        var j = k + 1
                        while j < t.count {
                            if !isSpaceByte(t[j]) { j += 1; continue }
                            if t[j] == 0x20, j + 1 < t.count, !isSpaceByte(t[j + 1]) { j += 2; continue }
                            break
                        }
                        put(t.baseAddress! + k, j - k)
                        k = j
                    }
                    pendingSpace = true
                    i = max(i, instead[next].range.upperBound)
                    next += 1
                    continue
                }
                let b = p[i]
                switch byteClass[Int(b)] {
                case 0:
                    // Text up to a tag, an entity or white space other than one space between words.
                    var j = i + 1
                    while j < end {
                        if byteClass[Int(p[j])] == 0 { j += 1; continue }
                        if p[j] == 0x20, j + 1 < end, byteClass[Int(p[j + 1])] == 0 { j += 2; continue }
                        break
                    }
                    put(p + i, j - i)
                    i = j
                case 1:
                    pendingSpace = true
                    i += 1
                case 2:
                    if startsWith(html, at: i, supRef) {
                        var j = i + supRef.utf8CodeUnitCount
                        while j < end, !startsWith(html, at: j, supEnd) { j += 1 }
                        i = min(j + supEnd.utf8CodeUnitCount, end)
                        continue
                    }
                    // Block-level tags separate words.
                    var j = i + 1
                    while j < end, p[j] != 0x3E { j += 1 }
                    var k = i + 1
                    while k < j, p[k] == 0x2F { k += 1 }
                    var e = k
                    while e < j, isAlnumByte(p[e]) { e += 1 }
                    if !isInlineTagName(UnsafeBufferPointer(start: p + k, count: e - k)) { pendingSpace = true }
                    i = min(j + 1, end)
                default:  // &
                    var j = i + 1
                    while j < end, j - i < 12, p[j] != 0x3B, !isSpaceByte(p[j]) { j += 1 }
                    if j < end, p[j] == 0x3B {
                        let name = UnsafeBufferPointer(start: p + i + 1, count: j - i - 1)
                        if let c = commonEntity(name) {
                            withUnsafePointer(to: c) { put($0, 1) }
                            i = j + 1
                            continue
                        }
                        if let decoded = decodeEntity(ArraySlice(name)) {
                            decoded.withUnsafeBufferPointer { put($0.baseAddress!, $0.count) }
                            i = j + 1
                            continue
                        }
                    }
                    put(p + i, 1)
                    i += 1
                }
            }
            return o
        }
    }
}

/// 0: text, 1: white space, 2: `<`, 3: `&`.
private let plainTextByteClass: [UInt8] = (0..<256).map { b in
    if isSpaceByte(UInt8(b)) { return 1 }
    return b == 0x3C ? 2 : b == 0x26 ? 3 : 0
}

/// The entities our own HTML writes for text: `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`.
@inline(__always) private func commonEntity(_ name: UnsafeBufferPointer<UInt8>) -> UInt8? {
    switch name.count {
    case 2 where name[1] == 0x74:  // lt, gt
        return name[0] == 0x6C ? 0x3C : name[0] == 0x67 ? 0x3E : nil
    case 3 where name[0] == 0x61 && name[1] == 0x6D && name[2] == 0x70: return 0x26
    case 3 where name[0] == 0x23 && name[1] == 0x33 && name[2] == 0x39: return 0x27
    case 4 where name[0] == 0x71 && name[1] == 0x75 && name[2] == 0x6F && name[3] == 0x74: return 0x22
    default: return nil
    }
}

@inline(__always) private func startsWith(_ s: UnsafeBufferPointer<UInt8>, at i: Int, _ prefix: StaticString) -> Bool {
    let len = prefix.utf8CodeUnitCount
    guard i + len <= s.count else { return false }
    let p = prefix.utf8Start
    for k in 0..<len where s[i + k] != p[k] { return false }
    return true
}

/// Tags that do not separate words (`a`, `em`, `code`, …), compared ASCII case-insensitively: the
/// name's bytes, lowercased, packed into an integer (highlighted code has a tag every few words).
private func isInlineTagName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    guard name.count >= 1 && name.count <= 6 else { return false }
    var key: UInt64 = 0
    for k in 0..<name.count { key |= UInt64(name[k] | 0x20) << (8 * k) }
    return inlineTagKeys.contains(key)
}

private let inlineTagKeys: [UInt64] = ["span", "a", "code", "em", "strong", "del", "sup", "sub", "b", "i", "abbr", "kbd", "mark", "small"].map { name in
    var key: UInt64 = 0
    for (k, b) in name.utf8.enumerated() { key |= UInt64(b) << (8 * k) }
    return key
}

/// The named and numeric entities excerpts decode (internal: the tests' reference `plainText` uses it too).
func decodeEntity(_ name: ArraySlice<UInt8>) -> [UInt8]? {
    let s = String(decoding: name, as: UTF8.self)
    switch s {
    case "amp": return [0x26]
    case "lt": return [0x3C]
    case "gt": return [0x3E]
    case "quot": return [0x22]
    case "apos": return [0x27]
    case "nbsp": return [0xC2, 0xA0]
    default:
        guard s.hasPrefix("#") else { return nil }
        let digits = s.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let v = value, let scalar = Unicode.Scalar(v) else { return nil }
        return Array(String(Character(scalar)).utf8)
    }
}

/// The text of rendered HTML, for indexes outside this module (search) where the renderer's own
/// `MarkdownDocument.text` is not at hand: tags dropped, entities decoded.
public enum PlainText {
    public static func of(html: String) -> String {
        var html = html
        return html.withUTF8 { plainText(fromHTML: $0) }
    }
}
