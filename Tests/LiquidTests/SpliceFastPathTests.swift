import Foundation
import Testing
@testable import Liquid

/// A spliced `content` (a hole where a template prints it whole, see `LiquidContent`) gives the same text,
/// bytes and warnings as rendering with `content` as a plain string; and plain `%Y-%m-%d`-style dates written as
/// bytes give what `Strftime.render` gives.
@Suite struct SpliceFastPathTests {
    /// Ways a template can read `content`: whole (a hole), filtered, shadowed, captured, in tags and includes.
    static let snippets = [
        "{{ content }}", "<p>{{ content }}</p>", "{{ content | upcase }}", "{{content}}", "{{- content -}}",
        "{% capture c %}[{{ content }}]{% endcapture %}{{ c }}", "{% assign content = 'mine' %}{{ content }}",
        "{% for i in (1..2) %}{{ i }}{{ content }}{% endfor %}", "{% for content in words %}{{ content }}{% endfor %}",
        "{% ifchanged %}{{ content }}{% endifchanged %}", "{% if content contains 'é' %}yes{% else %}no{% endif %}",
        "{{ content.size }}", "{{ content | size }}", "{% cycle content, 'b' %}", "{% include 'p' %}", "{% render 'p' %}",
        "{% include 'p' content: 'given' %}", "{% unless content == '' %}full{% endunless %}", "{{ content | append: s }}",
        "{% case content %}{% when '' %}empty{% else %}{{ content }}{% endcase %}", "{{ nope }}", "{{ contents }}",
        "{% increment content %}", "{% capture content %}redone{% endcapture %}{{ content }}", "{{ content }}{{ content }}",
        "{% tablerow w in words %}{{ content }}{% endtablerow %}", "{% render 'q' with content %}", "text ✓ ",
    ]
    static let contents = ["", "body", "<h1>Café ✓ 🌍</h1>\n<p>é</p>", String(repeating: "<p>x</p>", count: 300)]
    static let files = ["p": "<{{ content }}|{{ include.content }}>", "q": "({{ q }})"]

    /// The general result: `content` a plain string among the variables.
    static func general(_ source: String, _ content: String, _ options: LiquidOptions) -> String {
        var vars = Fixture.variables
        vars["content"] = .string(content)
        return render(source, vars, options, splice: nil)
    }

    static func render(_ source: String, _ vars: LiquidHash, _ options: LiquidOptions, splice: LiquidContent?) -> String {
        let engine = Fixture.engine(options)
        do {
            let t = try engine.parse(source, file: "t.html")
            let r = try engine.render(t, variables: vars, fileSystem: MemoryFileSystem(files: files), splice: splice.map { ("content", $0) })
            let text = r.content.string
            #expect(Array(r.content.data) == Array(text.utf8))
            #expect(r.content.utf8Count == text.utf8.count)
            return text + "\n" + r.warnings.map(\.description).joined(separator: "\n")
        } catch {
            return "ERROR: \(error.message)"
        }
    }

    static let options = [LiquidOptions(), LiquidOptions(strictVariables: true, strictFilters: true)]

    /// Every snippet, alone and in generated templates of several, with each content, as `.text` and as a
    /// layout's input (a spliced render of its own) — and the place holder the site passes in its stead.
    @Test func splicedMatchesPlain() {
        var seed: UInt64 = 31
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        var sources = Self.snippets
        for _ in 0..<150 {
            sources.append((0..<(2 + next(4))).map { _ in Self.snippets[next(Self.snippets.count)] }.joined(separator: "\n"))
        }
        for options in Self.options {
            for source in sources {
                for content in Self.contents {
                    let expected = Self.general(source, content, options)
                    var vars = Fixture.variables
                    vars["content"] = .string(content)
                    #expect(Self.render(source, vars, options, splice: .text(content)) == expected, "\(source) | \(content)")
                    // The same content as the output of an inner layout with holes of its own.
                    let inner = "<div>{{ content }}</div>"
                    let innerPlain = "<div>\(content)</div>"
                    let engine = Fixture.engine(options)
                    let r = try! engine.render(try! engine.parse(inner, file: "i.html"), variables: vars, splice: ("content", .text(content)))
                    #expect(r.content.string == innerPlain)
                    vars["content"] = .null
                    #expect(Self.render(source, vars, options, splice: r.content) == Self.general(source, innerPlain, options),
                            "\(source) | \(content)")
                }
            }
        }
    }

    /// No `content` among the variables: nothing is spliced, as nothing would be printed.
    @Test func absentVariableIsNotSpliced() throws {
        let engine = Fixture.engine()
        let r = try engine.render(try engine.parse("a{{ content }}b", file: "t"), variables: Fixture.variables, splice: ("content", .text("X")))
        #expect(r.content.string == "ab")
    }

    /// Plain date formats as bytes against `Strftime.render`, over formats with and without other directives.
    @Test func plainStrftimeMatchesRender() throws {
        let formats = ["%Y-%m-%d", "%Y", "%d/%m/%Y %H:%M:%S", "x%%y", "%Y-%m-%dT%H:%M:%S%:z", "%-d", "%_m", "%05Y", "%b %e",
                       "é %Y ✓", "", "%H%M%S", "%y", "%Ey", "%OH", "%^Y", "%:Y", "%j"]
        let instants = [0, 1, 59, 86399, 951_782_400, 1_700_000_000, 1_709_210_096, 253_402_300_799, -1, -86_401,
                        -62_135_596_800, -62_167_219_200, 253_402_300_800, -62_200_000_000]
        var plain = 0
        for seconds in instants {
            for offset in [0, 3600, -34200, 50400] {
                let t = RubyTime(seconds: seconds, nanos: 5, offset: offset, zoneName: "", isUTC: false)
                for format in formats {
                    guard let tokens = Strftime.tokens(format) else { continue }
                    var general = ""
                    Strftime.render(tokens, t, t.fields, into: &general)
                    if let fast = Strftime.plain(tokens, t.fields) {
                        #expect(fast == general, "\(format) \(seconds) \(offset)")
                        plain += 1
                    }
                    #expect(try Strftime.format(t, format) == general)
                }
            }
        }
        #expect(plain > 100)
    }
}
