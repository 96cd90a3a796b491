import Testing
@testable import Highlight

/// The hard cases from the issue, checked against the classes we intend (Pygments gets several wrong).
@Suite struct HardCaseTests {
    /// Class of the first occurrence of `needle` (its first byte) in `code`.
    func cls(_ code: String, _ lang: String, _ needle: String, occurrence: Int = 0) -> String {
        let spans = Highlighter().highlightSpans(code, language: lang) ?? []
        let u = Array(code.utf8), n = Array(needle.utf8)
        var seen = 0
        for k in 0..<(u.count - n.count + 1) where Array(u[k..<k + n.count]) == n {
            if seen == occurrence { return spans.first { $0.range.contains(k) }?.cls.cssClass ?? "" }
            seen += 1
        }
        return "missing"
    }

    @Test func swiftStrings() {
        let code = ##"let s = "a \("b \(c) d") e"; let r = #"raw "q" \d"#; let m = """"## + "\n  x \\(y)\n  \"\"\"\n"
        #expect(cls(code, "swift", "a ") == "s")
        #expect(cls(code, "swift", "\\(") == "si")
        #expect(cls(code, "swift", "b ") == "s")
        #expect(cls(code, "swift", "c)") == "n")
        #expect(cls(code, "swift", " e") == "s")
        #expect(cls(code, "swift", "q") == "s")
        #expect(cls(code, "swift", "\\d") == "s")
        #expect(cls(code, "swift", "x ") == "s")
        #expect(cls(code, "swift", "y)") == "n")
    }

    @Test func swiftSyntax() {
        let code = "@MainActor\nfinal class A { /* x /* y */ z */ }\n#if DEBUG\nlet p = \\Post.title\n#endif\nlet re = /[a-z]+/\nlet d = a / b / c\n"
        #expect(cls(code, "swift", "MainActor") == "n")
        #expect(cls(code, "swift", "@") == "p")
        #expect(cls(code, "swift", "z */") == "cm")
        #expect(cls(code, "swift", "#if") == "cp")
        #expect(cls(code, "swift", "DEBUG") == "cp")
        #expect(cls(code, "swift", "\\Post") == "o")
        #expect(cls(code, "swift", "/[a-z]") == "sr")
        #expect(cls(code, "swift", "/ b") == "o")
        #expect(cls(code, "swift", "A ") == "nc")
    }

    @Test func kotlinTemplates() {
        let code = "val s = \"Hi ${user.name} and $count /* no */\"\n/* a /* b */ c */\nfun `my test`() {}\n"
        #expect(cls(code, "kotlin", "${") == "si")
        #expect(cls(code, "kotlin", "user") == "n")
        #expect(cls(code, "kotlin", "$count") == "si")
        #expect(cls(code, "kotlin", "/* no") == "s")
        #expect(cls(code, "kotlin", "c */") == "cm")
        #expect(cls(code, "kotlin", "`my") == "nf")
    }

    @Test func typescriptTemplatesAndGenerics() {
        let code = "const a: Map<string, number> = new Map();\nconst t = `x ${a.get(`k${1}`)} y`;\nconst r = /ab+c/g;\n"
        #expect(cls(code, "typescript", "string") == "kt")
        #expect(cls(code, "typescript", "x ") == "sb")
        #expect(cls(code, "typescript", "${") == "si")
        #expect(cls(code, "typescript", "k$") == "sb")
        #expect(cls(code, "typescript", " y") == "sb")
        #expect(cls(code, "typescript", "/ab") == "sr")
    }

    @Test func shellHeredoc() {
        let code = "cat <<EOF > out.txt\nhello $USER\nEOF\necho done\n"
        #expect(cls(code, "bash", "<<EOF") == "s")
        #expect(cls(code, "bash", "hello") == "s")
        #expect(cls(code, "bash", "EOF\necho") == "s")
        #expect(cls(code, "bash", "echo") == "nb")
    }

    @Test func consolePrompts() {
        let code = "$ swift build\nBuilding...\n$ ls\n"
        #expect(cls(code, "console", "$ ") == "gp")
        #expect(cls(code, "console", "Building") == "go")
    }

    @Test func aliases() {
        for (alias, name) in [("sh", "bash"), ("zsh", "bash"), ("js", "javascript"), ("ts", "typescript"), ("kt", "kotlin"), ("kts", "kotlin"), ("yml", "yaml"), ("objc", "objective-c"), ("c++", "cpp"), ("html", "html"), ("text", "plaintext"), ("console", "console"), ("Swift", "swift"), ("gradle", "groovy")] {
            #expect(Highlighter.language(named: alias)?.name == name, "\(alias)")
        }
    }
}
