/// Plain text from our own HTML, for excerpts in meta tags and feeds: tags dropped (footnote
/// markers with their numbers), entities decoded, whitespace collapsed.
func plainText(fromHTML html: [UInt8]) -> String {
    html.withUnsafeBufferPointer { plainText(fromHTML: $0) }
}

/// Byte by byte into one buffer: no allocation per byte, tag name or entity-free stretch.
fileprivate func plainText(fromHTML html: UnsafeBufferPointer<UInt8>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(html.count)
    let n = html.count
    var i = 0
    var pendingSpace = false
    let supRef: StaticString = "<sup class=\"footnote-ref\">"
    let supEnd: StaticString = "</sup>"
    while i < n {
        let b = html[i]
        if b == 0x3C {
            if startsWith(html, at: i, supRef) {
                var j = i + supRef.utf8CodeUnitCount
                while j < n, !startsWith(html, at: j, supEnd) { j += 1 }
                i = min(j + supEnd.utf8CodeUnitCount, n)
                continue
            }
            // Block-level tags separate words.
            var j = i + 1
            while j < n, html[j] != 0x3E { j += 1 }
            var k = i + 1
            while k < j, html[k] == 0x2F { k += 1 }
            var e = k
            while e < j, isAlnumByte(html[e]) { e += 1 }
            if !isInlineTagName(UnsafeBufferPointer(rebasing: html[k..<e])) { pendingSpace = true }
            i = j + 1
            continue
        }
        if isSpaceByte(b) {
            pendingSpace = true
            i += 1
            continue
        }
        if b == 0x26 {
            var j = i + 1
            while j < n, j - i < 12, html[j] != 0x3B, !isSpaceByte(html[j]) { j += 1 }
            if j < n, html[j] == 0x3B, let decoded = decodeEntity(Array(html[(i + 1)..<j])[...]) {
                if pendingSpace && !out.isEmpty { out.append(0x20) }
                pendingSpace = false
                out.append(contentsOf: decoded)
                i = j + 1
                continue
            }
        }
        if pendingSpace && !out.isEmpty { out.append(0x20) }
        pendingSpace = false
        out.append(b)
        i += 1
    }
    return String(decoding: out, as: UTF8.self)
}

@inline(__always) private func startsWith(_ s: UnsafeBufferPointer<UInt8>, at i: Int, _ prefix: StaticString) -> Bool {
    let len = prefix.utf8CodeUnitCount
    guard i + len <= s.count else { return false }
    let p = prefix.utf8Start
    for k in 0..<len where s[i + k] != p[k] { return false }
    return true
}

/// Tags that do not separate words (`a`, `em`, `code`, …), compared ASCII case-insensitively.
private func isInlineTagName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    guard name.count >= 1 && name.count <= 6 else { return false }
    for tag in inlineTagNames where tag.utf8CodeUnitCount == name.count {
        let p = tag.utf8Start
        var same = true
        for k in 0..<name.count where name[k] | 0x20 != p[k] { same = false; break }
        if same { return true }
    }
    return false
}

private let inlineTagNames: [StaticString] = ["a", "em", "strong", "code", "del", "span", "sup", "sub", "b", "i", "abbr", "kbd", "mark", "small"]

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

/// The text of rendered HTML, for indexes outside this module (search): tags dropped, entities decoded.
public enum PlainText {
    public static func of(html: String) -> String {
        var html = html
        return html.withUTF8 { plainText(fromHTML: $0) }
    }
}
