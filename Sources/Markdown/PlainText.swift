/// Plain text from our own HTML, for excerpts in meta tags and feeds: tags dropped (footnote
/// markers with their numbers), entities decoded, whitespace collapsed.
func plainText(fromHTML html: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(html.count)
    var i = 0
    var pendingSpace = false
    func emit(_ bytes: [UInt8]) {
        if pendingSpace && !out.isEmpty { out.append(0x20) }
        pendingSpace = false
        out.append(contentsOf: bytes)
    }
    let supRef = Array("<sup class=\"footnote-ref\">".utf8)
    let supEnd = Array("</sup>".utf8)
    while i < html.count {
        let b = html[i]
        if b == 0x3C {
            if html[i...].starts(with: supRef) {
                var j = i + supRef.count
                while j < html.count, !html[j...].starts(with: supEnd) { j += 1 }
                i = min(j + supEnd.count, html.count)
                continue
            }
            // Block-level tags separate words.
            var j = i + 1
            while j < html.count, html[j] != 0x3E { j += 1 }
            let tag = html[(i + 1)..<min(j, html.count)]
            let name = tag.drop(while: { $0 == 0x2F }).prefix(while: { isAlnumByte($0) })
            let inline: Set<String> = ["a", "em", "strong", "code", "del", "span", "sup", "sub", "b", "i", "abbr", "kbd", "mark", "small"]
            if !inline.contains(String(decoding: name, as: UTF8.self).lowercased()) { pendingSpace = true }
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
            while j < html.count, j - i < 12, html[j] != 0x3B, !isSpaceByte(html[j]) { j += 1 }
            if j < html.count, html[j] == 0x3B, let decoded = decodeEntity(html[(i + 1)..<j]) {
                emit(decoded)
                i = j + 1
                continue
            }
        }
        emit([b])
        i += 1
    }
    return String(decoding: out, as: UTF8.self)
}

private func decodeEntity(_ name: ArraySlice<UInt8>) -> [UInt8]? {
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
