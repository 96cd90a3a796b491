import Testing
import Liquid

/// A small deterministic generator (SplitMix64), so a failing case can be reproduced from its seed.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// Random fragments of Liquid syntax: every template must render or throw a LiquidError, never crash or hang.
@Suite struct FuzzTests {
    static let fragments = [
        "{{", "}}", "{%", "%}", "{%-", "-%}", "{{-", "-}}", "}", "{", "%", "|", ":", ",", ".", "..", "[", "]", "(", ")",
        "'", "\"", "-", "=", "==", "!=", "<", ">", "<=", "contains", "and", "or", " ", "\n", "é", "x", "arr", "h", "s",
        "posts", "forloop", "size", "first", "1", "-2", "3.5", "nil", "empty", "blank", "true",
        "if", "elsif", "else", "endif", "unless", "endunless", "case", "when", "endcase", "for", "in", "endfor",
        "break", "continue", "limit:", "offset:", "reversed", "continue", "cycle", "assign", "capture", "endcapture",
        "increment", "decrement", "raw", "endraw", "comment", "endcomment", "#", "liquid", "echo", "tablerow",
        "endtablerow", "cols:", "include", "include_relative", "render", "with", "as", "loop.html", "a.html",
        "upcase", "append", "plus", "join", "ifchanged", "endifchanged",
        "{% if x %}", "{% endif %}", "{% for i in arr %}", "{% endfor %}", "{{ x | plus: 1 }}", "{% include loop.html %}",
        "{% for i in (1..100000) %}", "{% render 'loop.html' %}", "{% liquid\nif x\necho 1\nendif\n%}", "{% raw %}",
    ]

    static let files = [
        "loop.html": "{% include loop.html %}",
        "a.html": "{% for i in (1..50) %}{% include a.html %}{% endfor %}",
    ]

    @Test(arguments: 0..<8)
    func randomTemplatesNeverCrash(_ batch: Int) {
        var rng = SplitMix(state: UInt64(batch) &* 7919 &+ 17)
        let options = LiquidOptions(maxIncludeDepth: 20, maxLoopIterations: 20_000, maxOutputBytes: 200_000)
        let engines = [LiquidOptions.ErrorMode.lax, .warn, .strict].map { mode -> LiquidEngine in
            var o = options
            o.errorMode = mode
            return Fixture.engine(o)
        }
        let fs = MemoryFileSystem(files: Self.files)
        for _ in 0..<400 {
            let count = Int.random(in: 1...30, using: &rng)
            var source = ""
            for _ in 0..<count {
                source += Self.fragments.randomElement(using: &rng)!
                if Bool.random(using: &rng) { source += " " }
            }
            for engine in engines {
                do {
                    let t = try engine.parse(source, file: "fuzz")
                    _ = try engine.render(t, variables: Fixture.variables, fileSystem: fs)
                } catch {
                    #expect(!error.message.isEmpty, "\(source)")
                }
            }
        }
    }

    @Test func pathologicalInputs() {
        let engine = Fixture.engine(LiquidOptions(maxLoopIterations: 100_000))
        let inputs = [
            String(repeating: "{{", count: 5000),
            String(repeating: "{%", count: 5000) + String(repeating: "%}", count: 5000),
            "{{ " + String(repeating: "[", count: 5000) + "x" + String(repeating: "]", count: 5000) + " }}",
            "{{ " + String(repeating: "a.", count: 5000) + "b }}",
            "{% if " + String(repeating: "x and ", count: 2000) + "x %}y{% endif %}",
            "{{ (" + String(repeating: "(", count: 500) + "1..2) }}",
            String(repeating: "{% liquid\n", count: 200),
            String(repeating: "{% capture a %}", count: 200),
        ]
        for source in inputs {
            do {
                let t = try engine.parse(source, file: "p")
                _ = try engine.render(t, variables: Fixture.variables)
            } catch {
                #expect(!error.message.isEmpty)
            }
        }
    }
}
