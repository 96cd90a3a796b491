/// Spots the Sass module system, which libsass does not have: `@use`, `@forward`, and calls into the
/// built-in modules (`math.div(…)`, `map.get(…)`, …). libsass would otherwise pass `@use` through into
/// the CSS or fail somewhere unrelated, so the fallback reports the first such place instead.
enum DartOnlySyntax {
    struct Hit: Equatable {
        /// What was found, as the error names it (e.g. "`@use`", "`math.div()`").
        var construct: String
        var line: Int
        var column: Int
    }

    static let builtinModules: Set<String> = ["math", "map", "list", "string", "color", "meta", "selector"]

    /// The first module-system construct outside comments and strings, with its 1-based line and column.
    static func find(in source: String) -> Hit? {
        let chars = Array(source.unicodeScalars)
        var i = 0, line = 1, lineStart = 0
        func isName(_ c: Unicode.Scalar) -> Bool {
            c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "-" || c == "_"
        }
        func word(at start: Int) -> String {
            var end = start
            while end < chars.count, isName(chars[end]) { end += 1 }
            return String(String.UnicodeScalarView(chars[start..<end]))
        }
        while i < chars.count {
            let c = chars[i]
            let next: Unicode.Scalar? = i + 1 < chars.count ? chars[i + 1] : nil
            switch c {
            case "\n":
                line += 1
                lineStart = i + 1
                i += 1
            case "/" where next == "/":
                while i < chars.count, chars[i] != "\n" { i += 1 }
            case "/" where next == "*":
                i += 2
                while i < chars.count, !(chars[i] == "*" && i + 1 < chars.count && chars[i + 1] == "/") {
                    if chars[i] == "\n" { line += 1; lineStart = i + 1 }
                    i += 1
                }
                i += 2
            case "\"", "'":
                i += 1
                while i < chars.count, chars[i] != c, chars[i] != "\n" {
                    i += chars[i] == "\\" ? 2 : 1
                }
                i += 1
            case "@":
                let name = word(at: i + 1)
                if name == "use" || name == "forward" {
                    return Hit(construct: "`@\(name)`", line: line, column: i - lineStart + 1)
                }
                i += 1 + max(name.unicodeScalars.count, 0)
            case _ where isName(c):
                let name = word(at: i)
                let end = i + name.unicodeScalars.count
                let before: Unicode.Scalar? = i > 0 ? chars[i - 1] : nil
                let plainStart = before.map { !isName($0) && !".#$%@&".unicodeScalars.contains($0) } ?? true
                if plainStart, builtinModules.contains(name), end < chars.count, chars[end] == ".",
                   end + 1 < chars.count, isName(chars[end + 1]) {
                    let member = word(at: end + 1)
                    let after = end + 1 + member.unicodeScalars.count
                    if after < chars.count, chars[after] == "(" {
                        return Hit(construct: "`\(name).\(member)()`", line: line, column: i - lineStart + 1)
                    }
                }
                i = end
            default:
                i += 1
            }
        }
        return nil
    }
}
