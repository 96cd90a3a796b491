/// kramdown inline attribute lists (`{: .note #intro data-x="1"}`) and the attributes they carry.

/// HTML attributes attached to an element by an IAL or `{#id}`.
struct Attributes: Sendable, Hashable {
    var id: String?
    var classes: [String] = []
    var pairs: [(String, String)] = []
    /// Bare names (`{:toc}`): references, not HTML.
    var references: [String] = []

    var isEmpty: Bool { id == nil && classes.isEmpty && pairs.isEmpty }

    static func == (a: Attributes, b: Attributes) -> Bool {
        a.id == b.id && a.classes == b.classes && a.pairs.map { $0.0 + "\u{0}" + $0.1 } == b.pairs.map { $0.0 + "\u{0}" + $0.1 }
    }

    func hash(into h: inout Hasher) {
        h.combine(id)
        h.combine(classes)
        for (k, v) in pairs { h.combine(k); h.combine(v) }
    }

    /// Later attributes win for id and keys; classes accumulate (as in kramdown).
    mutating func merge(_ other: Attributes) {
        if let id = other.id { self.id = id }
        for c in other.classes where !classes.contains(c) { classes.append(c) }
        for (k, v) in other.pairs {
            if let i = pairs.firstIndex(where: { $0.0 == k }) { pairs[i].1 = v } else { pairs.append((k, v)) }
        }
        references += other.references
    }

    /// ` id="…" class="…" k="v"` in that order.
    func write(to out: inout [UInt8], skipID: Bool = false) {
        if let id, !skipID {
            out.append(" id=\"")
            appendEscaped(&out, id)
            out.append(0x22)
        }
        if !classes.isEmpty {
            out.append(" class=\"")
            appendEscaped(&out, classes.joined(separator: " "))
            out.append(0x22)
        }
        for (k, v) in pairs {
            out.append(0x20)
            appendEscaped(&out, k)
            out.append("=\"")
            appendEscaped(&out, v)
            out.append(0x22)
        }
    }

    var html: String {
        var out: [UInt8] = []
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

/// Outcome of reading `{:…}` at the start of some bytes.
enum IALParse {
    /// Not an attribute list at all (no `{:` opener).
    case none
    /// A well-formed list: its attributes and how many bytes it spans.
    case attributes(Attributes, length: Int)
    /// Starts like one but cannot be read; left as text and warned about.
    case invalid(String)
}

/// Reads a kramdown IAL at the start of `s`: `{:` then `#id`, `.class`, `key="v"`, `key='v'`, `key=v`
/// or bare reference names (ignored), then `}`.
func parseIAL<C: RandomAccessCollection>(_ s: C) -> IALParse where C.Element == UInt8, C.Index == Int {
    var i = s.startIndex
    let end = s.endIndex
    guard end - i >= 2, s[i] == 0x7B, s[i + 1] == 0x3A else { return .none }
    i += 2
    var attrs = Attributes()
    func isNameByte(_ b: UInt8) -> Bool { isAlnumByte(b) || b == 0x2D || b == 0x5F || b == 0x3A }
    while true {
        while i < end, s[i] == 0x20 || s[i] == 0x09 { i += 1 }
        guard i < end else { return .invalid("attribute list is missing its closing `}`") }
        let b = s[i]
        if b == 0x7D { // }
            return .attributes(attrs, length: i + 1 - s.startIndex)
        }
        if b == 0x23 || b == 0x2E { // # or .
            let (name, j) = readName(s, i + 1, end)
            guard j > i + 1 else { return .invalid("empty `\(b == 0x23 ? "#" : ".")` in attribute list") }
            if b == 0x23 { attrs.id = name } else if !attrs.classes.contains(name) { attrs.classes.append(name) }
            i = j
            continue
        }
        guard isNameByte(b) else {
            return .invalid("unexpected `\(String(decoding: [b], as: UTF8.self))` in attribute list")
        }
        var (key, j) = readName(s, i, end)
        if j < end, s[j] == 0x3D { // =
            j += 1
            guard j < end else { return .invalid("attribute `\(key)` has no value") }
            var value: String
            if let open = quoteAt(s, j, end) {
                // Straight quotes, or the curly ones smart punctuation turned them into.
                var k = j + open.length
                var bytes: [UInt8] = []
                var closed = false
                while k < end {
                    if let close = quoteAt(s, k, end), close.kind == open.kind { k += close.length; closed = true; break }
                    if s[k] == 0x5C, k + 1 < end, quoteAt(s, k + 1, end)?.kind == open.kind { k += 1 }
                    bytes.append(s[k])
                    k += 1
                }
                guard closed else { return .invalid("attribute `\(key)` has an unterminated quote") }
                value = String(decoding: bytes, as: UTF8.self)
                j = k
            } else {
                var k = j
                while k < end, !isSpaceByte(s[k]), s[k] != 0x7D { k += 1 }
                guard k > j else { return .invalid("attribute `\(key)` has no value") }
                value = String(decoding: s[j..<k], as: UTF8.self)
                j = k
            }
            if key == "class" {
                for c in value.split(separator: " ") where !attrs.classes.contains(String(c)) { attrs.classes.append(String(c)) }
            } else if key == "id" {
                attrs.id = value
            } else if let idx = attrs.pairs.firstIndex(where: { $0.0 == key }) {
                attrs.pairs[idx].1 = value
            } else {
                attrs.pairs.append((key, value))
            }
            i = j
        } else {
            // A bare word refers to an attribute list definition; only kramdown's `{:toc}` means something here.
            attrs.references.append(key)
            i = j
        }
    }
}

/// A class, id or key name from `i`. Smart punctuation has turned `--` into an en dash and `---`
/// into an em dash before the list is read (`.notice--warning`); they are turned back.
private func readName<C: RandomAccessCollection>(_ s: C, _ from: Int, _ end: Int) -> (String, Int) where C.Element == UInt8, C.Index == Int {
    var bytes: [UInt8] = []
    var j = from
    while j < end {
        let b = s[j]
        if isAlnumByte(b) || b == 0x2D || b == 0x5F || b == 0x3A {
            bytes.append(b)
            j += 1
        } else if b == 0xE2, j + 2 < end, s[j + 1] == 0x80, s[j + 2] == 0x93 || s[j + 2] == 0x94 {
            bytes += s[j + 2] == 0x93 ? [0x2D, 0x2D] : [0x2D, 0x2D, 0x2D]
            j += 3
        } else {
            break
        }
    }
    return (String(decoding: bytes, as: UTF8.self), j)
}

/// A quote mark at `i`: its kind (straight double/single, curly double/single, as smart
/// punctuation may have turned them) and its length in bytes.
private func quoteAt<C: RandomAccessCollection>(_ s: C, _ i: Int, _ end: Int) -> (kind: Int, length: Int)? where C.Element == UInt8, C.Index == Int {
    guard i < end else { return nil }
    if s[i] == 0x22 { return (1, 1) }
    if s[i] == 0x27 { return (2, 1) }
    if s[i] == 0xE2, i + 2 < end, s[i + 1] == 0x80 {
        switch s[i + 2] {
        case 0x9C, 0x9D: return (3, 3)
        case 0x98, 0x99: return (4, 3)
        default: return nil
        }
    }
    return nil
}

/// `{#custom-id}` (kramdown header id) at the very end of heading text: returns the id and
/// the length of the text before it (trailing blanks dropped).
func trailingHeaderID(_ s: UnsafeBufferPointer<UInt8>) -> (id: String, keep: Int)? {
    var e = s.count
    while e > 0, isSpaceByte(s[e - 1]) { e -= 1 }
    guard e >= 3, s[e - 1] == 0x7D else { return nil }
    var j = e - 2
    while j > 0, s[j] != 0x7B { j -= 1 }
    guard s[j] == 0x7B, j + 1 < e - 1, s[j + 1] == 0x23 else { return nil }
    let idBytes = s[(j + 2)..<(e - 1)]
    guard let f = idBytes.first, isAlnumByte(f) || f >= 0x80 || f == 0x5F,
          idBytes.allSatisfy({ isAlnumByte($0) || $0 == 0x2D || $0 == 0x5F || $0 == 0x3A || $0 == 0x2E || $0 >= 0x80 })
    else { return nil }
    var keep = j
    while keep > 0, isSpaceByte(s[keep - 1]) { keep -= 1 }
    return (String(decoding: idBytes, as: UTF8.self), keep)
}

extension Attributes {
    var asList: [HTMLAttribute] {
        var list: [HTMLAttribute] = []
        if let id { list.append(HTMLAttribute(name: "id", value: id)) }
        if !classes.isEmpty { list.append(HTMLAttribute(name: "class", value: classes.joined(separator: " "))) }
        for (k, v) in pairs { list.append(HTMLAttribute(name: k, value: v)) }
        return list
    }
}
