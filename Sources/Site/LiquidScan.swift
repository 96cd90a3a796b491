/// Finds Liquid (`{{ … }}`, `{% … %}`) left in Markdown: Galley does not run it, so a reader would see
/// it as text. Code (fenced blocks, code spans) is skipped: Liquid shown as code is meant to be seen.
/// `\{{` or `\{%` is text written on purpose (the backslash escapes the brace in Markdown).
enum LiquidScan {
    struct Found: Equatable, Sendable {
        var line: Int      // 1-based, in the text scanned
        var column: Int    // 1-based, in characters
        var text: String
    }

    static func find(in text: String) -> [Found] {
        // Quick exit: no `{{` or `{%` at all (nearly every document).
        var copy = text
        let any = copy.withUTF8 { b -> Bool in
            var i = 0
            while i + 1 < b.count {
                if b[i] == 0x7B && (b[i + 1] == 0x7B || b[i + 1] == 0x25) { return true }
                i += 1
            }
            return false
        }
        guard any else { return [] }
        var found: [Found] = []
        var fence: (char: Character, count: Int)?
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if line.count - trimmed.count < 4, let c = trimmed.first, c == "`" || c == "~" {
                let run = trimmed.prefix { $0 == c }.count
                if run >= 3 {
                    if let f = fence {
                        if f.char == c && run >= f.count && trimmed.dropFirst(run).allSatisfy({ $0 == " " || $0 == "\t" }) { fence = nil }
                    } else if !(c == "`" && trimmed.dropFirst(run).contains("`")) {
                        fence = (c, run)
                    }
                    continue
                }
            }
            if fence != nil { continue }
            scanLine(line, number: n + 1, into: &found)
        }
        return found
    }

    private static func scanLine(_ line: Substring, number: Int, into found: inout [Found]) {
        let chars = Array(line)
        var i = 0
        var column = 1
        while i < chars.count {
            let c = chars[i]
            if c == "`" {
                // Skip a code span: the same number of backticks closes it.
                let run = chars[i...].prefix { $0 == "`" }.count
                var j = i + run
                var closed = false
                while j < chars.count {
                    if chars[j] == "`" {
                        let r = chars[j...].prefix { $0 == "`" }.count
                        if r == run { j += r; closed = true; break }
                        j += r
                    } else { j += 1 }
                }
                if closed { column += j - i; i = j; continue }
                i += run; column += run; continue
            }
            if c == "\\" { i += 2; column += 2; continue }
            if c == "{", i + 1 < chars.count, chars[i + 1] == "{" || chars[i + 1] == "%" {
                let close: [Character] = chars[i + 1] == "{" ? ["}", "}"] : ["%", "}"]
                var j = i + 2
                while j + 1 < chars.count, !(chars[j] == close[0] && chars[j + 1] == close[1]) { j += 1 }
                if j + 1 < chars.count {
                    found.append(Found(line: number, column: column, text: String(chars[i...(j + 1)])))
                    column += j + 2 - i; i = j + 2; continue
                }
            }
            i += 1; column += 1
        }
    }
}
