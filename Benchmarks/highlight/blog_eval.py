#!/usr/bin/env python3
"""Galley's detection of unlabelled fences on real blogs' fences (`blog_fences.jsonl`).

    python3 Benchmarks/highlight/blog_eval.py [--fallback swift] [--no-context] [--repo owner/name] [--show wrong]

Compiles `blog_eval_main.swift` with Sources/Highlight and Sources/TextBytes into one optimised binary
(cached under /tmp by the sources' hash; no SwiftPM build, so it is cheap next to other work), feeds it every
fence with its post's context, and prints right / wrong / plain per source and in all, then a confusion table
(truth → what Galley said). A fence is *right* when the label matches the truth (or an accepted alternative:
`bash`/`console` for a command, noted per sample in `also`), or when the truth is a language Galley has no
lexer for and the block stays plain; *plain* is a fence of a known language left plain; *wrong* is a label
that is not the truth (a colour that misleads). `--show wrong|plain` prints those fences.
"""
import argparse
import collections
import hashlib
import json
import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
KNOWN = {"swift", "kotlin", "java", "typescript", "tsx", "javascript", "jsx", "python", "go", "rust", "bash", "console",
         "json", "yaml", "c", "cpp", "objective-c", "csharp", "ruby", "dart", "groovy", "scala", "php", "powershell",
         "toml", "ini", "xml", "html", "css", "scss", "sql", "diff", "dockerfile", "makefile", "markdown", "graphql",
         "protobuf", "plaintext"}


def build():
    sources = sorted((ROOT / "Sources/Highlight").glob("*.swift")) + [HERE / "blog_eval_main.swift"]
    textbytes = sorted((ROOT / "Sources/TextBytes").glob("*.swift"))
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in sources + textbytes)).hexdigest()[:16]
    out = pathlib.Path("/tmp/galley-blog-eval") / digest
    exe = out / "eval"
    if exe.exists():
        return exe
    out.mkdir(parents=True, exist_ok=True)
    # The context value exists from this branch on; the flag lets the harness also measure older commits.
    context = ["-D", "CONTEXT"] if (ROOT / "Sources/Highlight/DetectContext.swift").exists() else []
    subprocess.run(["swiftc", "-O", "-wmo", "-parse-as-library", "-emit-library", "-static", "-emit-module", "-module-name", "TextBytes",
                    "-o", str(out / "libTextBytes.a"), "-emit-module-path", str(out / "TextBytes.swiftmodule"), *map(str, textbytes)], check=True)
    main = out / "main.swift"
    main.write_text((HERE / "blog_eval_main.swift").read_text())
    subprocess.run(["swiftc", "-O", "-wmo", "-module-name", "Highlight", *context, "-I", str(out), str(out / "libTextBytes.a"),
                    "-o", str(exe), *[str(p) for p in sources[:-1]], str(main)], check=True)
    return exe


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fallback", default="")
    ap.add_argument("--no-context", action="store_true")
    ap.add_argument("--repo", default="")
    ap.add_argument("--show", default="")
    ap.add_argument("--file", default=str(HERE / "blog_fences.jsonl"))
    ap.add_argument("--speed", type=int, default=0, help="also time N rounds of detection + HTML over every fence")
    args = ap.parse_args()
    exe = build()
    text = pathlib.Path(args.file).read_text()
    rows = {r["id"]: r for r in map(json.loads, text.splitlines()) if "id" in r}
    cmd = [str(exe), args.fallback] + (["--no-context"] if args.no_context else []) + (["--speed", str(args.speed)] if args.speed else [])
    run = subprocess.run(cmd, input=text, capture_output=True, text=True, check=True)
    got = {o["id"]: o["got"] for o in map(json.loads, run.stdout.splitlines())}
    if run.stderr:
        print(run.stderr.strip())
    tally = collections.defaultdict(collections.Counter)
    confusion = collections.defaultdict(collections.Counter)
    shown = []
    for i, r in rows.items():
        if args.repo and r["repo"] != args.repo:
            continue
        g, t = got[i], r["truth"]
        ok = g == t or g in r.get("also", []) or (t not in KNOWN and g == "plaintext")
        verdict = "right" if ok else ("plain" if g == "plaintext" else "wrong")
        for key in (r["repo"], "all", "by " + r["truth_by"]):
            tally[key][verdict] += 1
        confusion[t if t in KNOWN else "(" + t + ")"][g] += 1
        if args.show == verdict:
            shown.append(r | {"got": g})
    print(f"{'source':36} {'fences':>6} {'right':>12} {'wrong':>11} {'plain':>11}")
    for key in sorted(tally, key=lambda k: (k == "all", k.startswith("by "), k)):
        c = tally[key]
        n = sum(c.values())
        print(f"{key:36} {n:6} " + " ".join(f"{c[v]:5} {100 * c[v] / n:5.1f}%" for v in ("right", "wrong", "plain")))
    cols = sorted({g for row in confusion.values() for g in row}, key=lambda g: (g != "plaintext", g))
    print("\nconfusion (rows: truth; columns: Galley's label)")
    print(f"{'':14}" + "".join(f"{c[:9]:>10}" for c in cols))
    for t in sorted(confusion, key=lambda t: -sum(confusion[t].values())):
        print(f"{t[:14]:14}" + "".join(f"{confusion[t][c] or '.':>10}" for c in cols))
    for r in shown:
        print(f"\n### {r['id']} {r['repo']}:{r['path']}:{r['line']} truth={r['truth']} got={r['got']} post={sorted(set(r['post_labels']))}")
        print("\n".join("    " + l[:120] for l in r["text"].splitlines()[:12]))


if __name__ == "__main__":
    main()
