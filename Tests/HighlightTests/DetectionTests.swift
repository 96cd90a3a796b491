import Testing
@testable import Highlight

/// Detection on snippets we wrote: structure first, then token scores, abstaining when unsure.
@Suite struct DetectionTests {
    let h = Highlighter()

    @Test func swiftVersusKotlin() {
        let swift = """
        struct Post: Codable {
            let title: String
            var tags: [String] = []
        }
        func load(_ url: URL) async throws -> [Post] {
            guard let data = try? Data(contentsOf: url) else { return [] }
            return try JSONDecoder().decode([Post].self, from: data)
        }
        """
        let kotlin = """
        data class Post(val title: String, val tags: List<String> = emptyList())
        fun load(path: String): List<Post> {
            val text = File(path).readText()
            return text.lines().map { Post(it, listOf()) }
        }
        """
        #expect(h.detect(swift)?.language == "swift")
        #expect(h.detect(kotlin)?.language == "kotlin")
    }

    @Test func commonLanguages() {
        let cases: [(String, String)] = [
            ("python", "def render(posts):\n    for post in posts:\n        if post.draft is None:\n            continue\n        print(f\"{post.title}\")\n"),
            ("go", "func main() {\n\tposts, err := load(\"posts\")\n\tif err != nil {\n\t\tlog.Fatal(err)\n\t}\n\tfmt.Println(len(posts))\n}\n"),
            ("rust", "fn main() {\n    let mut posts = Vec::new();\n    posts.push(String::from(\"a\"));\n    println!(\"{}\", posts.len());\n}\n"),
            ("java", "public class Main {\n    public static void main(String[] args) {\n        System.out.println(\"hello\");\n    }\n}\n"),
            ("typescript", "interface Post { title: string; words: number }\nexport function count(posts: Post[]): number {\n  return posts.reduce((n, p) => n + p.words, 0);\n}\n"),
            ("javascript", "const fs = require('fs');\nfunction read(path) {\n  return fs.readFileSync(path, 'utf8');\n}\nmodule.exports = { read };\n"),
            ("bash", "#!/bin/bash\nset -e\nfor f in *.md; do\n  echo \"$f\"\ndone\n"),
            ("ruby", "class Post\n  attr_reader :title\n  def initialize(title)\n    @title = title\n  end\nend\n"),
        ]
        for (lang, code) in cases {
            #expect(h.detect(code)?.language == lang, "\(lang)")
        }
    }

    @Test func structuralFormats() {
        #expect(h.detect("{\n  \"name\": \"galley\",\n  \"version\": 1\n}\n")?.language == "json")
        #expect(h.detect("{\"name\": \"galley\", \"version\": 1}")?.language == "json")
        #expect(h.detect("title: Blog\nauthor:\n  name: Ada\ntags:\n  - swift\n")?.language == "yaml")
        #expect(h.detect("<?xml version=\"1.0\"?>\n<feed>\n  <title>Blog</title>\n</feed>\n")?.language == "xml")
        #expect(h.detect("<div class=\"post\">\n  <p>Hello</p>\n</div>\n")?.language == "html")
        #expect(h.detect("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new\n")?.language == "diff")
        #expect(h.detect("$ swift build\nBuilding for debugging...\n")?.language == "console")
        #expect(h.detect("FROM swift:6.0\nWORKDIR /app\nCOPY . .\nRUN swift build\n")?.language == "dockerfile")
        #expect(h.detect("SELECT title, date\nFROM posts\nWHERE draft = 0\nORDER BY date DESC;\n")?.language == "sql")
        #expect(h.detect("\"on\": true,\n\"size\": -1,\n\"tags\": [],\n\"name\": null\n")?.language == "json")
    }

    /// A map literal in code whose values are expressions is not JSON.
    @Test func objectLiteralIsNotJSON() {
        #expect(Structure.jsonShare(["\"id\": response.id,", "\"payload\": payload,", "\"input\": input,"]) == nil)
        #expect(h.detect("    \"action_id\": actionId,\n    \"payload\": payload,\n    \"input\": normalizedInput,\n")?.language != "json")
    }

    @Test func nonCodeStaysPlain() {
        #expect(h.detect("┌──────┬──────┐\n│ name │ size │\n└──────┴──────┘\n") == nil)
        #expect(h.detect("+------+------+\n| name | size |\n+------+------+\n| a    | 1    |\n+------+------+\n") == nil)
        #expect(h.detect("2024-01-02 10:00:01 INFO starting\n2024-01-02 10:00:02 WARN slow\n") == nil)
        #expect(h.detect("Just a sentence of prose, nothing else.") == nil)
        #expect(h.detect("") == nil)
    }
}
