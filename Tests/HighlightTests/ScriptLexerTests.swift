import Testing
@testable import Highlight

/// PowerShell, GraphQL and SCSS: the cases their corpus files do not pin down, and the places
/// where we deliberately read differently from Pygments (GraphQL type definitions, SCSS blocks).
@Suite struct ScriptLexerTests {
    func cls(_ code: String, _ lang: String, _ needle: String, occurrence: Int = 0) -> String {
        HardCaseTests().cls(code, lang, needle, occurrence: occurrence)
    }

    @Test func powershell() {
        let code = "$p = \"$env:PATH `n $($x.Count)\"\nif ($a -eq 1 -and -not $b) { Get-ChildItem -Path C:\\ | sort Name }\n[string[]]$names = @('a', 'it''s')\n$h = @\"\nline $($y)\n\"@\n<# .SYNOPSIS x #>\n"
        #expect(cls(code, "powershell", "$p") == "nv")
        #expect(cls(code, "powershell", "$env") == "s2")
        #expect(cls(code, "powershell", "`n") == "se")
        #expect(cls(code, "powershell", "$(") == "p")
        #expect(cls(code, "powershell", "$x") == "nv")
        #expect(cls(code, "powershell", "-eq") == "o")
        #expect(cls(code, "powershell", "-and") == "o")
        #expect(cls(code, "powershell", "Get-ChildItem") == "nb")
        #expect(cls(code, "powershell", "-Path") == "n")
        #expect(cls(code, "powershell", "sort") == "nb")
        #expect(cls(code, "powershell", "[string[]]") == "no")
        #expect(cls(code, "powershell", "'it''s'") == "s1")
        #expect(cls(code, "powershell", "s')") == "s1")
        #expect(cls(code, "powershell", "line") == "sh")
        #expect(cls(code, "powershell", "$y") == "nv")
        #expect(cls(code, "powershell", ".SYNOPSIS") == "sd")
        #expect(cls(code, "powershell", " x #>") == "cm")
    }

    @Test func graphqlTypeSystem() {
        let code = "\"\"\"Doc\"\"\"\ntype Post implements Node & Entity @key(fields: \"id\") {\n  \"Title\" title(lang: String = \"en\"): String!\n  tags: [Tag!]!\n}\nenum Mode { ON OFF }\nunion R = Post | Tag\n"
        #expect(cls(code, "graphql", "Doc") == "sd")
        #expect(cls(code, "graphql", "Post") == "nc")
        #expect(cls(code, "graphql", "Entity") == "nc")
        #expect(cls(code, "graphql", "&") == "p")
        #expect(cls(code, "graphql", "@key") == "nd")
        #expect(cls(code, "graphql", "\"Title\"") == "sd")
        #expect(cls(code, "graphql", "title") == "n")
        #expect(cls(code, "graphql", "\"en\"") == "s")
        #expect(cls(code, "graphql", "tags") == "nl")
        #expect(cls(code, "graphql", "Tag!") == "n")
        #expect(cls(code, "graphql", "!]!") == "p")
        #expect(cls(code, "graphql", "ON") == "n")
        #expect(cls(code, "graphql", "R =") == "nc")
        #expect(cls(code, "graphql", "| Tag") == "p")
    }

    @Test func graphqlOperations() {
        let code = "query Q($n: Int = 3, $s: [Str!]) { a: posts(first: $n, where: {tag: \"x\\n\", on: true}) { ...F ... on Post @skip(if: false) { id } } }\n"
        #expect(cls(code, "graphql", "Q(") == "nf")
        #expect(cls(code, "graphql", "$n") == "nv")
        #expect(cls(code, "graphql", "Int") == "nb")
        #expect(cls(code, "graphql", "Str") == "nc")
        #expect(cls(code, "graphql", "a:") == "nl")
        #expect(cls(code, "graphql", "posts") == "n")
        #expect(cls(code, "graphql", "tag:") == "n")
        #expect(cls(code, "graphql", "\\n") == "se")
        #expect(cls(code, "graphql", "true") == "nb")
        #expect(cls(code, "graphql", "F ") == "n")
        #expect(cls(code, "graphql", "on Post") == "k")
        #expect(cls(code, "graphql", "Post @") == "nc")
        #expect(cls(code, "graphql", "@skip") == "nd")
    }

    @Test func scss() {
        let code = "$gap: 2px !default;\n@mixin pad($x: 1rem) { padding: $x; }\n.card {\n  @include pad(2rem);\n  font: 400 #{$size}/1.5 serif;\n  &:hover,\n  &:focus { color: darken($c, 5%); }\n  &__title { content: \"a #{$b} c\"; }\n}\n%hidden { display: none; }\n@each $k in a, b { .x-#{$k} { margin: 0; } }\n"
        #expect(cls(code, "scss", "$gap") == "nv")
        #expect(cls(code, "scss", ": 2px") == "o")
        #expect(cls(code, "scss", "2px") == "mi")
        #expect(cls(code, "scss", "!default") == "cp")
        #expect(cls(code, "scss", "pad(") == "nf")
        #expect(cls(code, "scss", "pad(2rem") == "nd")
        #expect(cls(code, "scss", "font") == "k")
        #expect(cls(code, "scss", "#{$size") == "si")
        #expect(cls(code, "scss", "$size") == "nv")
        #expect(cls(code, "scss", "&:hover") == "k")
        #expect(cls(code, "scss", "hover") == "nd")
        #expect(cls(code, "scss", "focus") == "nd")
        #expect(cls(code, "scss", "darken") == "nf")
        #expect(cls(code, "scss", "$b") == "nv")
        #expect(cls(code, "scss", " c\"") == "s2")
        #expect(cls(code, "scss", "%hidden") == "nc")
        #expect(cls(code, "scss", "in a") == "ow")
    }
}
