/// Token scoring across programming languages (see `DetectFeatures`).
enum Scorer {
    struct Feature: Sendable {
        let kind: Character
        let weight: Double
        let pattern: [UInt8]
    }

    struct Lang: Sendable {
        let name: String
        let parent: Int?
        var features: [Feature] = []
        var words: [String: Double] = [:]
    }

    static let canonical = ["js": "javascript", "ts": "typescript", "objc": "objective-c"]

    static let langs: [Lang] = {
        var out: [Lang] = []
        for line in DetectFeatures.table.split(separator: "\n") {
            if line.first != " " {
                let parts = line.split(separator: " ")
                let name = String(parts[0])
                let parent = parts.count == 3 ? out.firstIndex { $0.name == (canonical[String(parts[2])] ?? String(parts[2])) } : nil
                out.append(Lang(name: canonical[name] ?? name, parent: parent))
                continue
            }
            let body = line.dropFirst(2)
            let kind = body.first!
            let rest = body.dropFirst(2)
            guard let sp = rest.lastIndex(of: " ") else { continue }
            let weight = Double(rest[rest.index(after: sp)...]) ?? 0
            let pattern = Array(rest[..<sp].utf8)
            if kind == "w" { out[out.count - 1].words[String(decoding: pattern, as: UTF8.self)] = weight } else {
                out[out.count - 1].features.append(Feature(kind: kind, weight: weight, pattern: pattern))
            }
        }
        return out
    }()

    /// Word → (language, weight) for every language that lists it.
    static let wordIndex: [String: [(Int, Double)]] = {
        var out: [String: [(Int, Double)]] = [:]
        for (i, l) in langs.enumerated() { for (w, weight) in l.words { out[w, default: []].append((i, weight)) } }
        return out
    }()

    static func root(_ i: Int) -> Int { langs[i].parent.map(root) ?? i }

    /// The hand-written verdict where it names a language the model has no class for (PowerShell, SCSS,
    /// Objective-C…), otherwise the model's (`Model`, fed the hand-written scores too).
    static func score(_ lines: [Substring], raw: [Substring] = []) -> Detection? {
        let hand = effectiveScores(lines, raw: raw)
        if let d = decide(hand, lineCount: lines.count), !Model.covered.contains(d.language) { return d }
        // The hand-written favourite with a looser margin: the model must still give it a fair share.
        let pick = decide(hand, lineCount: lines.count, ratio: 1.5, add: 2)
        return Model.decide(lines, raws: raw, hand: hand, handPick: pick?.language)
    }

    /// The hand-written features' own verdict: a clear winner over every other family.
    static func decide(_ eff: [Double], lineCount: Int = 15, ratio: Double = 2.5, add: Double = 4) -> Detection? {
        let n = eff.count
        guard let best = (0..<n).max(by: { eff[$0] < eff[$1] }) else { return nil }
        let family = root(best)
        var second = 0.0
        for i in 0..<n where root(i) != family { second = max(second, eff[i]) }
        let s1 = eff[best]
        // Short snippets need stronger evidence: a few lines share more words across languages.
        // Fitted on the tuning split for <= 2% wrong (detectionThresholdSweep).
        let minimum = lineCount < 8 ? 8.0 : 6.0
        guard s1 >= minimum, s1 >= second * ratio + add else { return nil }
        let confidence = min(0.99, (s1 - second) / s1)
        return Detection(language: langs[best].name, confidence: confidence)
    }

    @inline(__always) static func contains(_ u: [UInt8], _ p: [UInt8]) -> Bool {
        let m = p.count
        if m == 0 || u.count < m { return false }
        let first = p[0]
        var k = 0
        while k + m <= u.count {
            if u[k] == first {
                var j = 1
                while j < m && u[k + j] == p[j] { j += 1 }
                if j == m { return true }
            }
            k += 1
        }
        return false
    }

    /// Drops a trailing ` // …` or ` # …` comment (outside quotes): comments quote other languages.
    static func withoutTrailingComment(_ u: [UInt8]) -> [UInt8] {
        let k = trailingCommentStart(u)
        return k == u.count ? u : Array(u[0..<k])
    }

    /// Where `withoutTrailingComment` cuts the line (its length when there is nothing to cut).
    static func trailingCommentStart<C: RandomAccessCollection<UInt8>>(_ u: C) -> Int where C.Index == Int {
        var quote: UInt8 = 0
        var k = 1
        while k + 1 < u.count {
            let c = u[k]
            if quote != 0 { if c == quote { quote = 0 } else if c == 92 { k += 1 } }
            else if c == 34 || c == 39 || c == 96 { quote = c }
            else if u[k - 1] == 32 && ((c == 47 && u[k + 1] == 47) || (c == 35 && u[k + 1] == 32)) { return k }
            k += 1
        }
        return u.count
    }

    /// Comment lines say little about the language and a lot of prose: skip them.
    /// `#include`, `#!`, `#if`, `#[…]` and the like are not comments.
    static func isComment<C: RandomAccessCollection<UInt8>>(_ u: C) -> Bool where C.Index == Int {
        guard let c = u.first else { return true }
        if c == 47 { return u.count > 1 && (u[1] == 47 || u[1] == 42) }
        if c == 42 { return u.count == 1 || u[1] == 32 || u[1] == 47 || u[1] == 42 }
        if c == 35 { return u.count == 1 || u[1] == 32 || u[1] == 35 && (u.count == 2 || u[2] == 32) }
        return false
    }

    /// A sentence: mostly letters and spaces, several words, no code punctuation.
    static func isProse<C: RandomAccessCollection<UInt8>>(_ u: C) -> Bool where C.Index == Int {
        guard u.count >= 30 else { return false }
        var letters = 0, spaces = 0
        for c in u {
            if (c | 0x20) &- 97 < 26 || c >= 0x80 { letters += 1 }
            else if c == 32 { spaces += 1 }
            else if c == 59 || c == 123 || c == 125 || c == 61 || c == 36 || c == 95 { return false }
        }
        return spaces >= 5 && (letters + spaces) * 10 >= u.count * 9
    }

    /// `key: value` or `key:` (YAML-like), not ending like code.
    static func isYAMLKey<C: RandomAccessCollection<UInt8>>(_ u: C) -> Bool where C.Index == Int {
        var k = 0
        if u.count >= 2 && u[0] == 45 && u[1] == 32 { k = 2 }
        let start = k
        while k < u.count, (u[k] | 0x20) &- 97 < 26 || isDigit(u[k]) || u[k] == 95 || u[k] == 45 { k += 1 }
        guard k > start, k < u.count, u[k] == 58 else { return false }
        if k + 1 < u.count && u[k + 1] != 32 { return false }
        if let l = u.last, l == 59 || l == 123 || l == 44 || l == 40 || l == 41 { return false }
        return true
    }

    /// ASCII identifiers of a line, deduplicated (a word counts once per line).
    static func words(_ line: Substring) -> Set<Substring> {
        var out = Set<Substring>()
        let u = line.utf8
        var i = u.startIndex
        while i < u.endIndex {
            let c = u[i]
            if (c | 0x20) &- 97 < 26 || c == 95 {
                var j = u.index(after: i)
                while j < u.endIndex, (u[j] | 0x20) &- 97 < 26 || u[j] == 95 || isDigit(u[j]) { j = u.index(after: j) }
                out.insert(Substring(line.utf8[i..<j]))
                i = j
            } else {
                i = u.index(after: i)
            }
        }
        return out
    }

    static func dollarVariable(_ line: Substring) -> Bool {
        let u = Array(line.utf8)
        for k in 0..<u.count - 1 where u[k] == 36 { if (u[k + 1] | 0x20) &- 97 < 26 || u[k + 1] == 95 { return true } }
        return false
    }

    static func isCSSDeclaration(_ line: Substring) -> Bool {
        guard line.hasSuffix(";"), let colon = line.firstIndex(of: ":") else { return false }
        let prop = line[..<colon]
        return !prop.isEmpty && prop.allSatisfy { $0 == "-" || ("a"..."z").contains($0) } && !line.contains("(") || (line.contains("rgb(") && !prop.contains(" "))
    }

    static func isMakeTarget(_ raw: Substring) -> Bool {
        guard let f = raw.first, f != " ", f != "\t", f != "#" else { return false }
        guard let colon = raw.firstIndex(of: ":") else { return false }
        let target = raw[..<colon]
        let after = raw[colon...].dropFirst()
        if after.first == ":" || after.first == "=" { return false }
        if !(after.isEmpty || after.first == " ") { return false }
        return target.allSatisfy { $0.isLetter || $0.isNumber || "_./$()%-".contains($0) }
    }
}
