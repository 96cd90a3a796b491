/// Token scoring across programming languages (see `DetectFeatures`).
enum Scorer {
    struct Feature: Sendable {
        let kind: Character
        let weight: Double
        let pattern: String
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
            let pattern = String(rest[..<sp])
            if kind == "w" { out[out.count - 1].words[pattern] = weight } else {
                out[out.count - 1].features.append(Feature(kind: kind, weight: weight, pattern: pattern))
            }
        }
        return out
    }()

    static func root(_ i: Int) -> Int { langs[i].parent.map(root) ?? i }

    static func score(_ lines: [Substring], raw: [Substring] = []) -> Detection? {
        let n = langs.count
        var own = Array(repeating: 0.0, count: n)
        for (li, line) in lines.prefix(200).enumerated() {
            let words = Scorer.words(line)
            let rawLine = li < raw.count ? raw[li] : line
            let hasVar = line.contains("$") && dollarVariable(line)
            let cssDecl = isCSSDeclaration(line)
            let makeTarget = isMakeTarget(rawLine)
            for i in 0..<n {
                var s = 0.0
                for w in words { if let weight = langs[i].words[String(w)] { s += weight } }
                for f in langs[i].features {
                    let hit: Bool
                    switch f.kind {
                    case "s": hit = line.contains(f.pattern)
                    case "^": hit = line.hasPrefix(f.pattern)
                    case "$": hit = line.hasSuffix(f.pattern)
                    case "=": hit = line == f.pattern
                    case "v": hit = hasVar
                    case "p": hit = cssDecl
                    case "x": hit = makeTarget
                    case "t": hit = rawLine.hasPrefix("\t")
                    default: hit = false
                    }
                    if hit { s += f.weight }
                }
                own[i] += s
            }
        }
        var total = own
        for i in 0..<n { if let p = langs[i].parent { total[i] = own[i] + total[p] } }
        // A dialect wins over its base language only on its own evidence.
        var eff = total
        for i in 0..<n where langs[i].parent != nil && own[i] < 2.5 { eff[i] = -1 }
        guard let best = (0..<n).max(by: { eff[$0] < eff[$1] }) else { return nil }
        let family = root(best)
        var second = 0.0
        for i in 0..<n where root(i) != family { second = max(second, eff[i]) }
        let s1 = eff[best]
        let minimum = 4.0
        guard s1 >= minimum, s1 >= second * 1.6 + 1 else { return nil }
        let confidence = min(0.99, (s1 - second) / s1)
        return Detection(language: langs[best].name, confidence: confidence)
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
