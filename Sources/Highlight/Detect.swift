extension Highlighter {
    /// Guesses the language of unlabeled code; nil when unsure (a wrong colour is worse than none).
    public func detect(_ code: String) -> Detection? { Detector.detect(code) }
}

/// Language detection: structural checks for data and markup formats, then weighted
/// token features for programming languages, abstaining when the winner's margin is small.
enum Detector {
    static func detect(_ code: String) -> Detection? {
        var lines: [Substring] = []
        var raws: [Substring] = []
        for raw in code.split(separator: "\n", omittingEmptySubsequences: true).prefix(400) {
            let t = raw.trimmingBlanks
            if !t.isEmpty { lines.append(t); raws.append(raw) }
        }
        guard !lines.isEmpty else { return nil }
        if isNotCode(code, lines) { return nil }
        if let s = Structure.check(code, lines) { return s }
        return Scorer.score(lines, raw: raws)
    }

    /// Box drawing, ASCII tables and logs stay plain.
    static func isNotCode(_ code: String, _ lines: [Substring]) -> Bool {
        var box = 0, table = 0, log = 0
        for l in lines {
            if l.unicodeScalars.contains(where: { (0x2500...0x257F).contains($0.value) }) { box += 1 }
            if let f = l.first, f == "+" || f == "|", let e = l.last, e == "+" || e == "|", l.count > 3, !l.hasPrefix("+++") { table += 1 }
            if looksLikeLogLine(l) { log += 1 }
        }
        let n = lines.count
        return box * 3 >= n || table * 2 > n || log * 2 > n
    }

    /// `2024-01-02 10:00:01 INFO …`, `[10:00:01] …`, `INFO: …`, `E1122 …`.
    static func looksLikeLogLine(_ l: Substring) -> Bool {
        let u = Array(l.utf8.prefix(24))
        if u.count >= 10, u[0...3].allSatisfy(isDigit), u[4] == 45, isDigit(u[5]), isDigit(u[6]), u[7] == 45 { return true }
        if u.count >= 9, u[0] == 91, isDigit(u[1]), isDigit(u[2]), u[3] == 58 { return true }
        for lvl in ["INFO", "WARN", "ERROR", "DEBUG", "TRACE", "FATAL", "WARNING"] where l.hasPrefix(lvl + " ") || l.hasPrefix(lvl + ":") || l.hasPrefix("[" + lvl + "]") { return true }
        return false
    }
}

extension Substring {
    var trimmingBlanks: Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
        return s
    }
}
