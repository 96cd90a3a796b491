#!/usr/bin/env python3
"""Generate a synthetic engineering-blog corpus: N posts, 2-6 code blocks each.
Usage: python3 gen.py 1000 corpus  (writes corpus/*.md and corpus-code/all.{swift,kt})"""
import random, sys, os
N = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
out = sys.argv[2] if len(sys.argv) > 2 else "corpus"
rng = random.Random(2026)
words = ("latency throughput allocator cache queue parser token buffer median "
         "percentile request handler thread core build pipeline render template "
         "feed index page module struct protocol actor value reference copy the a "
         "of to and in is that for we it with on this as measured run").split()
def sentence():
    w = [rng.choice(words) for _ in range(rng.randint(8, 22))]
    if rng.random() < 0.3: w[rng.randrange(len(w))] = "*" + rng.choice(words) + "*"
    if rng.random() < 0.2: w[rng.randrange(len(w))] = "`" + rng.choice(words) + "()`"
    if rng.random() < 0.15: w[rng.randrange(len(w))] = "[" + rng.choice(words) + "](https://example.org/" + rng.choice(words) + ")"
    return " ".join(w).capitalize() + "."
def para(): return " ".join(sentence() for _ in range(rng.randint(3, 7)))
swift = '''struct {T}Stats: Sendable {{
    var samples: [Double] = []
    mutating func add(_ x: Double) {{ samples.append(x) }}
    var median: Double {{
        let s = samples.sorted()
        guard !s.isEmpty else {{ return .nan }}
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }}
}}
// {c}
let {v} = {T}Stats(samples: [{a}, {b}])
print("median: \\({v}.median)")
'''
kotlin = '''data class {T}Stats(val samples: List<Double> = emptyList()) {{
    fun add(x: Double) = copy(samples = samples + x)
    val median: Double get() {{
        val s = samples.sorted()
        if (s.isEmpty()) return Double.NaN
        return if (s.size % 2 == 1) s[s.size / 2] else (s[s.size / 2 - 1] + s[s.size / 2]) / 2
    }}
}}
// {c}
val {v} = {T}Stats(listOf({a}, {b}))
println("median: ${{{v}.median}}")
'''
os.makedirs(out, exist_ok=True)
code_dir = out + "-code"; os.makedirs(code_dir, exist_ok=True)
allswift = open(os.path.join(code_dir, "all.swift"), "w")
allkt = open(os.path.join(code_dir, "all.kt"), "w")
for i in range(N):
    parts = [f"---\ntitle: Post {i}\ndate: 2026-01-01\n---\n", para()]
    for b in range(rng.randint(2, 6)):
        parts.append(f"## Section {b}\n\n" + para())
        if rng.random() < 0.3:
            parts.append("| run | wall (s) | RSS (MB) |\n|---|---:|---:|\n" + "\n".join(
                f"| {r} | {rng.uniform(1,30):.2f} | {rng.randint(100,900)} |" for r in range(5)))
        lang = rng.choice(["swift", "kotlin"])
        T = rng.choice(words).capitalize(); v = rng.choice(words) + "s"
        code = (swift if lang == "swift" else kotlin).format(T=T, v=v, c=sentence(), a=rng.randint(1,99), b=rng.randint(1,99))
        (allswift if lang == "swift" else allkt).write(code)
        parts.append(f"```{lang}\n{code}```")
        parts.append("- " + sentence() + "\n- " + sentence() + "\n- " + sentence())
    open(os.path.join(out, f"post-{i:04d}.md"), "w").write("\n\n".join(parts) + "\n")
