extension Scorer {
    /// Per-language evidence, dialects already folded into their base language.
    ///
    /// One pass per line over `DetectTables`; each language's feature weights are still summed in
    /// table order into a fresh per-line total before being added, as the per-language loop did.
    static func effectiveScores(_ lines: [Substring], raw: [Substring] = []) -> [Double] {
        let ref = DetectTables.reference
        let n = langs.count
        var own = Array(repeating: 0.0, count: n)
        var prose = 0, counted = 0
        // Line number that last hit a substring feature / a word: a hit counts once per line. Lines are numbered
        // below 200, so a byte holds one (255: none yet), and clearing the two tables for every fence costs an eighth.
        var featureSeen = [UInt8](repeating: 255, count: ref.tables.lang.count)
        var wordSeen = [UInt8](repeating: 255, count: ref.tables.wordHash.count)
        var hit: [Int] = []
        hit.reserveCapacity(64)
        var buffer: [UInt8] = []
        for (li, line) in lines.prefix(200).enumerated() {
            let rawLine = li < raw.count ? raw[li] : line
            let mark = UInt8(li)
            line.withBytes(&buffer) { full in
                if isComment(full) && !(full.count > 2 && full[0] == 35 && full[1] == 33) { return }
                let u = UnsafeBufferPointer(rebasing: full[0..<trailingCommentStart(full)])
                let count = u.count
                if isProse(u) { prose += 1 }
                counted += 1
                // Whole words, each once per line: one probe for all languages.
                var i = 0
                while i < count {
                    let c = u[i]
                    guard (c | 0x20) &- 97 < 26 || c == 95 else { i += 1; continue }
                    var j = i + 1
                    while j < count, (u[j] | 0x20) &- 97 < 26 || u[j] == 95 || isDigit(u[j]) { j += 1 }
                    let id = ref.tables.word(u, i, j)
                    if id >= 0 && wordSeen[id] != mark {
                        wordSeen[id] = mark
                        for h in ref.tables.hitStart[id]..<ref.tables.hitStart[id + 1] { own[ref.tables.hits[h].lang] += ref.tables.hits[h].weight }
                    }
                    i = j
                }
                // Substring features, tried only where their first byte (one-byte features) or first two bytes occur.
                // The order they are found in does not matter: `hit` is sorted below.
                hit.removeAll(keepingCapacity: true)
                for k in 0..<count {
                    let b = Int(u[k])
                    for m in ref.tables.singleByte.first[b]..<ref.tables.singleByte.first[b + 1] {
                        let f = ref.tables.singleByte.members[m]
                        if featureSeen[f] != mark { featureSeen[f] = mark; hit.append(f) }
                    }
                    guard k + 1 < count else { continue }
                    let key = b << 8 | Int(u[k + 1])
                    guard ref.tables.bytePair.mayHold(key) else { continue }
                    for m in Int(ref.tables.bytePair.first[key])..<Int(ref.tables.bytePair.first[key + 1]) {
                        let f = ref.tables.bytePair.members[m]
                        if featureSeen[f] != mark && ref.tables.matches(f, u, at: k, count: count, known: 2) { featureSeen[f] = mark; hit.append(f) }
                    }
                }
                let head = Int(u[0]), tail = Int(u[count - 1])
                for m in ref.tables.prefix.first[head]..<ref.tables.prefix.first[head + 1] {
                    let f = ref.tables.prefix.members[m]
                    if ref.tables.matches(f, u, at: 0, count: count) { hit.append(f) }
                }
                for m in ref.tables.suffix.first[tail]..<ref.tables.suffix.first[tail + 1] {
                    let f = ref.tables.suffix.members[m]
                    if ref.tables.matches(f, u, at: count - ref.tables.length[f], count: count) { hit.append(f) }
                }
                for m in ref.tables.whole.first[head]..<ref.tables.whole.first[head + 1] {
                    let f = ref.tables.whole.members[m]
                    if ref.tables.length[f] == count && ref.tables.matches(f, u, at: 0, count: count) { hit.append(f) }
                }
                hit += ref.tables.always
                if !ref.tables.flags.isEmpty {
                    let flags = lineFlags(full, u, line, rawLine)
                    for (f, kind) in ref.tables.flags where flags.contains(kind) { hit.append(f) }
                }
                // Back to table order, then one fresh total per language that hit anything.
                hit.withUnsafeMutableBufferPointer { h in
                    for a in 1..<max(1, h.count) {
                        let x = h[a]
                        var b = a
                        while b > 0 && h[b - 1] > x { h[b] = h[b - 1]; b -= 1 }
                        h[b] = x
                    }
                }
                var a = 0
                while a < hit.count {
                    let l = ref.tables.lang[hit[a]]
                    var s = 0.0
                    while a < hit.count && ref.tables.lang[hit[a]] == l { s += ref.tables.weight[hit[a]]; a += 1 }
                    own[l] += s
                }
            }
        }
        // Mostly prose: Markdown at best, never a programming language.
        if prose * 2 >= counted {
            for i in 0..<n where langs[i].name != "markdown" { own[i] = min(own[i], 0) }
        }
        var total = own
        for i in 0..<n { if let p = langs[i].parent { total[i] = own[i] + total[p] } }
        // A dialect wins over its base language only on its own evidence.
        var eff = total
        for i in 0..<n where langs[i].parent != nil && own[i] < 2.5 { eff[i] = -1 }
        return eff
    }

    /// The whole-line tests behind the flag features, as ASCII kind letters (`v p x k < V`). The
    /// Character-based tests (CSS declaration, make target) run only when a byte check says they may
    /// hold; on non-ASCII text they always run, since Unicode equivalence defeats byte checks there.
    static func lineFlags(_ full: UnsafeBufferPointer<UInt8>, _ u: UnsafeBufferPointer<UInt8>, _ line: Substring, _ rawLine: Substring) -> FlagSet {
        var out = FlagSet()
        var ascii = true, colon = false
        for c in full { if c >= 0x80 { ascii = false }; if c == 58 { colon = true } }
        if u.contains(36) {
            for k in 0..<full.count - 1 where full[k] == 36 {
                if (full[k + 1] | 0x20) &- 97 < 26 || full[k + 1] == 95 { out.insert(UInt8(ascii: "v")); break }
            }
        }
        if !ascii || (colon && full[full.count - 1] == 59), plainCSSDeclaration(full) ?? isCSSDeclaration(line) { out.insert(UInt8(ascii: "p")) }
        if !ascii || Output.bytes(rawLine, { raw in raw.contains { $0 >= 0x80 || $0 == 58 } }),
           (rawLine.utf8.withContiguousStorageIfAvailable(plainMakeTarget) ?? nil) ?? isMakeTarget(rawLine) { out.insert(UInt8(ascii: "x")) }
        if isYAMLKey(u) { out.insert(UInt8(ascii: "k")) }
        let count = u.count
        if count > 2 && u[0] == 60 && (isIdentStart(u[1]) || u[1] == 47 || u[1] == 33) && u[count - 1] == 62 { out.insert(UInt8(ascii: "<")) }
        if u.first == 36 && u.last == 59 && u.contains(58) && !u.contains(61) { out.insert(UInt8(ascii: "V")) }
        return out
    }

    /// `isCSSDeclaration` on the line's bytes, nil unless they are ASCII without CR (then every byte is a Character
    /// of its own and equals no other, so the Character test gives this answer). The Character walk ran for every
    /// line ending in `;` with a colon.
    static func plainCSSDeclaration(_ u: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard !u.contains(where: { $0 >= 0x80 || $0 == 13 }) else { return nil }
        guard u.last == 59, let colon = u.firstIndex(of: 58) else { return false }
        let prop = UnsafeBufferPointer(rebasing: u[..<colon])
        let paren = u.contains(40)
        if !prop.isEmpty && prop.allSatisfy({ $0 == 45 || $0 &- 97 < 26 }) && !paren { return true }
        return paren && ("rgb(" as StaticString).withUTF8Buffer { Output.find(u, $0) } && !prop.contains(32)
    }

    /// `isMakeTarget` on a raw line's bytes, nil unless they are ASCII without CR (as `plainCSSDeclaration`; the
    /// ASCII letters and digits are the ASCII Characters with `isLetter` and `isNumber`). The Character walk ran
    /// for every line with a colon.
    static func plainMakeTarget(_ u: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard !u.contains(where: { $0 >= 0x80 || $0 == 13 }) else { return nil }
        guard let f = u.first, f != 32, f != 9, f != 35, let colon = u.firstIndex(of: 58) else { return false }
        if colon + 1 < u.count && u[colon + 1] != 32 { return false }   // `::`, `:=`, `:x`
        for c in u[..<colon] where !((c | 0x20) &- 97 < 26 || isDigit(c) || oneOf(c, "_./$()%-")) { return false }
        return true
    }

    /// A few ASCII letters as bits (no allocation).
    struct FlagSet {
        var bits: UInt128 = 0
        mutating func insert(_ c: UInt8) { bits |= 1 << UInt128(c) }
        func contains(_ c: UInt8) -> Bool { bits & (1 << UInt128(c)) != 0 }
    }
}
