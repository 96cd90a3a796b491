import Foundation

extension Highlighter {
    /// Guesses the language of unlabeled code; nil when unsure (a wrong colour is worse than none).
    public func detect(_ code: String) -> Detection? { Detector.detect(code) }

    /// The same with what the post says around the fence (its labelled fences, tags, title, the prose before).
    public func detect(_ code: String, context: DetectionContext) -> Detection? { Detector.detect(code, context: context) }

    /// Builds detection's tables (the model's keys and weights, the hand-written features) on a background thread, for
    /// a caller about to detect on several threads at once. Each table is built on first use, and threads that wait
    /// for one spin on a lock meanwhile: a cold build of the 1000-post benchmark spent about as much CPU waiting
    /// (~5 ms) as building them. Calling it is never needed for the answers, which do not change. The thread is
    /// started once per process: a `serve` session renders on every save, when the tables are long built.
    public static func prepareDetection() { _ = preparing }

    private static let preparing: Void = Thread.detachNewThread { Detector.prepare() }
}

/// Language detection: what a tool printed (consoles, diagnostics, logs) first, structural checks for data and
/// markup formats, then weighted token features and the model for programming languages, abstaining when the
/// winner's margin is small, and the post's context (`Fusion`) to choose between close candidates.
enum Detector {
    /// Touches every table detection builds on first use (`Highlighter.prepareDetection`).
    static func prepare() {
        // In the order a fence needs them: the hand-written scores first, then the model.
        _ = DetectTables.reference
        _ = Model.handIndex
        _ = Model.table
    }

    static func detect(_ code: String, context: DetectionContext = .empty) -> Detection? {
        let (lines, raws) = splitLines(code)
        guard !lines.isEmpty else { return nil }
        // Which bytes each line holds, once for the output and shape checks (each scanned every line for its own).
        let masks = lines.map(LineMask.init)
        if let kind = Output.classify(lines, raws: raws, masks: masks) {
            return kind == "plaintext" ? nil : Detection(language: kind, confidence: 0.9)
        }
        if isNotCode(code, lines, masks) { return nil }
        if Shapes.isGraphQL(lines) { return Detection(language: "graphql", confidence: 0.9) }
        if Shapes.isINI(lines) { return Detection(language: "ini", confidence: 0.9) }
        if let s = Structure.check(code, lines, masks) { return s }
        let hand = Scorer.effectiveScores(lines, raw: raws)
        var p: [Double]?
        func probabilities() -> [Double] {
            if let p { return p }
            let q = Model.probabilities(lines, raws: raws, hand: hand)
            p = q
            return q
        }
        // The hand-written verdict where it names a language the model has no class for (PowerShell, SCSS,
        // Objective-C…), otherwise the model's, which must still give the hand-written favourite a fair share.
        var base: Detection?
        if let d = Scorer.decide(hand, lineCount: lines.count), !Model.covered.contains(d.language) { base = d } else {
            let pick = Scorer.decide(hand, lineCount: lines.count, ratio: 1.5, add: 2)
            base = Model.decide(probabilities(), lineCount: lines.count, handPick: pick?.language)
        }
        // The model reads much tool output as Markdown: it needs a heading, a list, a link or emphasis.
        if base?.language == "markdown" {
            let marks = lines.filter { $0.hasASCIIPrefix("- ") || $0.hasASCIIPrefix("* ") || $0.hasASCIIPrefix("> ") || Output.has($0, "](") || Output.has($0, "**") || Output.has($0, "`") }.count
            // A heading has words (`# ...` is where an author cut output).
            let heading = lines.contains { ($0.hasASCIIPrefix("# ") || $0.hasASCIIPrefix("## ")) && $0.utf8.contains { Shapes.isWordByte($0) } }
            if !heading && marks < 2 { base = nil }
        }
        // Ruby's and PHP's `{ "key" => value }` read as JSON: `=>` is no JSON.
        if base?.language == "json" && lines.contains(where: { Output.has($0, "=>") }) { base = nil }
        return Fusion.choose(base: base, lineCount: lines.count, priors: ContextPriors(context), fallback: context.fallback,
                             evidence: { Fusion.Support(p: probabilities(), hand: hand, cocoa: Shapes.hasCocoaDeclaration(lines)) }, looksLikeCode: { looksLikeCode(code) })
    }

    /// Whether text detection was unsure about is still code (for `UnlabeledPolicy.fallback`): most lines
    /// carry code punctuation, and it is no log, table, console session, debugger output or stack trace.
    static func looksLikeCode(_ code: String) -> Bool {
        let (lines, _) = splitLines(code)
        guard !lines.isEmpty, !isNotCode(code, lines) else { return false }
        var codeLines = 0, sentences = 0
        for raw in lines {
            let l = raw.trimmingBlanks
            if l.isEmpty { continue }
            // Console prompts, debugger and stack-trace lines: output, not source.
            for prompt in ["$ ", "% ", "> ", ">>> ", "(lldb)", "(gdb)", "irb(", "Thread ", "Exception in thread", "Traceback ("] where l.hasPrefix(prompt) { return false }
            if let f = l.first, f.isNumber, l.contains(" 0x") { return false }
            if l.hasPrefix("at ") && l.hasSuffix(")") { return false }
            let u = l.utf8
            if u.contains(where: { $0 == 0x7B || $0 == 0x7D || $0 == 0x28 || $0 == 0x3D || $0 == 0x3B || $0 == 0x5B }) { codeLines += 1 }
            // Prose: words, ending like a sentence, few symbols.
            if let e = l.last, e == "." || e == "?" || e == "!", l.split(separator: " ").count >= 5,
               !u.contains(where: { $0 == 0x7B || $0 == 0x3D || $0 == 0x3B }) { sentences += 1 }
        }
        let n = lines.filter { !$0.trimmingBlanks.isEmpty }.count
        return n > 0 && codeLines * 2 >= n && sentences * 3 < n
    }

    /// Box drawing, ASCII tables and logs stay plain.
    static func isNotCode(_ code: String, _ lines: [Substring]) -> Bool { isNotCode(code, lines, lines.map(LineMask.init)) }

    /// The same with each line's `LineMask`.
    static func isNotCode(_ code: String, _ lines: [Substring], _ masks: [LineMask]) -> Bool {
        var box = 0, table = 0, log = 0
        for (k, l) in lines.enumerated() {
            let m = masks[k]
            if m.isPlainASCII {
                // No box drawing in ASCII; Characters are bytes (the mask holds the first and last).
                if m.first == 43 || m.first == 124, m.last == 43 || m.last == 124, m.count > 3, !l.hasASCIIPrefix("+++") { table += 1 }
            } else {
                if l.unicodeScalars.contains(where: { (0x2500...0x257F).contains($0.value) }) { box += 1 }
                if let f = l.first, f == "+" || f == "|", let e = l.last, e == "+" || e == "|", l.count > 3, !l.hasPrefix("+++") { table += 1 }
            }
            // A log line opens with a digit, `[` or a level's capital (`Gate.log`).
            if m.count > 0 && Gate.table[Int(m.first)] & Gate.log != 0 && looksLikeLogLine(l) { log += 1 }
        }
        let n = lines.count
        return box * 3 >= n || table * 2 > n || log * 2 > n || Shapes.isPlain(lines, masks)
    }

    /// `INFO `, `INFO:` and `[INFO]` for each level.
    static let logPrefixes: [StaticString] = [
        "INFO ", "INFO:", "[INFO]", "WARN ", "WARN:", "[WARN]", "ERROR ", "ERROR:", "[ERROR]", "DEBUG ", "DEBUG:", "[DEBUG]",
        "TRACE ", "TRACE:", "[TRACE]", "FATAL ", "FATAL:", "[FATAL]", "WARNING ", "WARNING:", "[WARNING]",
    ]

    /// `2024-01-02 10:00:01 INFO …`, `[10:00:01] …`, `INFO: …`, `E1122 …`.
    static func looksLikeLogLine(_ l: Substring) -> Bool {
        if let c = l.utf8.first, isDigit(c) || c == 91 {
            let u = Array(l.utf8.prefix(24))
            if u.count >= 10, u[0...3].allSatisfy(isDigit), u[4] == 45, isDigit(u[5]), isDigit(u[6]), u[7] == 45 { return true }
            if u.count >= 9, u[0] == 91, isDigit(u[1]), isDigit(u[2]), u[3] == 58 { return true }
        }
        // Every level prefix opens with `I`, `W`, `E`, `D`, `T`, `F` or `[`: other lines skip the 21 tests.
        guard let f = l.utf8.first, f == 73 || f == 87 || f == 69 || f == 68 || f == 84 || f == 70 || f == 91 else { return false }
        return logPrefixes.contains { l.hasASCIIPrefix($0) }
    }
}

extension Substring {
    /// Without leading and trailing spaces, tabs and lone CRs (Characters). On bytes where that is the Character
    /// answer: a byte other than those three starts (ends) no such Character, and a space or tab next to an ASCII
    /// byte is a Character of its own; anything else asks the Character-level test. Indented lines went through
    /// the Character walk for every line of every unlabelled block (a sixteenth of detection).
    var trimmingBlanks: Substring {
        var s = self
        while let f = s.utf8.first {
            if f == 32 || f == 9, s.utf8.dropFirst().first.map({ $0 < 0x80 }) ?? true { s = Substring(s.utf8.dropFirst()); continue }
            guard f == 32 || f == 9 || f == 13, let c = s.first, c == " " || c == "\t" || c == "\r" else { break }
            s = s.dropFirst()
        }
        while let l = s.utf8.last {
            if l == 32 || l == 9, s.utf8.dropLast().last.map({ $0 < 0x80 }) ?? true { s = Substring(s.utf8.dropLast()); continue }
            guard l == 32 || l == 9 || l == 13, let c = s.last, c == " " || c == "\t" || c == "\r" else { break }
            s = s.dropLast()
        }
        return s
    }
}
