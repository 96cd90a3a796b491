#!/usr/bin/env python3
"""Samples real code already on this machine into snippets for the detection benchmark.

Nothing sampled is committed: the output goes to /tmp (or argv[1]) as JSON lines
{"lang": ..., "lines": N, "text": ...}. Then run
    GALLEY_DETECT_SAMPLES=/tmp/galley-detect.jsonl swift test --filter detectionBenchmark
"""
import glob
import json
import os
import random
import subprocess
import sys

OUT = sys.argv[1] if len(sys.argv) > 1 else "/tmp/galley-detect.jsonl"
PER_LANG = 60          # snippets per language and length
LENGTHS = (5, 15, 40)
rng = random.Random(20261122)


def files(patterns, exclude=()):
    out = []
    for p in patterns:
        out += [f for f in glob.glob(p, recursive=True)
                if os.path.isfile(f) and not any(x in f for x in exclude)]
    return sorted(set(out))


def git_swift_files(limit=400):
    """Swift sources from the bare repositories in /opt/swift-packages (via git show)."""
    texts = []
    repos = sorted(glob.glob("/opt/swift-packages/*/*.git"))
    for repo in repos:
        try:
            names = subprocess.run(["git", "--git-dir", repo, "ls-tree", "-r", "--name-only", "HEAD"],
                                   capture_output=True, text=True, timeout=20).stdout.split()
        except Exception:
            continue
        names = [n for n in names if n.endswith(".swift")]
        rng.shuffle(names)
        for n in names[:8]:
            try:
                t = subprocess.run(["git", "--git-dir", repo, "show", "HEAD:" + n],
                                   capture_output=True, text=True, timeout=20).stdout
                texts.append(t)
            except Exception:
                pass
        if len(texts) >= limit:
            break
    return texts


SOURCES = {
    "swift": lambda: [open(f, errors="replace").read() for f in files(["/work/main/.build/checkouts/**/*.swift"])] + git_swift_files(),
    "python": lambda: files(["/usr/lib/python3*/**/*.py"]),
    "go": lambda: files(["/usr/lib/go-1.19/src/**/*.go"], exclude=("testdata",)),
    "ruby": lambda: files(["/usr/lib/ruby/**/*.rb", "/usr/share/rubygems-integration/**/*.rb"]),
    "javascript": lambda: files(["/usr/lib/node_modules/**/*.js"], exclude=(".min.", "/dist/")),
    "typescript": lambda: files(["/usr/lib/node_modules/**/*.ts"]),
    "c": lambda: files(["/usr/lib/go-1.19/**/*.c", "/usr/share/**/*.c", "/usr/lib/**/*.c"]),
    "cpp": lambda: files(["/usr/include/**/*.hpp", "/usr/lib/**/*.cc", "/usr/lib/**/*.cpp", "/usr/include/**/*.cc"]),
    "php": lambda: files(["/usr/**/*.php"]),
    "css": lambda: files(["/usr/**/*.css"], exclude=(".min.",)),
    "html": lambda: files(["/usr/share/doc/**/*.html", "/usr/lib/**/*.html"]),
    "xml": lambda: files(["/usr/share/**/*.xml"]),
    "json": lambda: files(["/usr/lib/node_modules/**/*.json", "/usr/share/**/*.json"]),
    "yaml": lambda: files(["/usr/**/*.yaml", "/usr/**/*.yml"]),
    "bash": lambda: files(["/usr/**/*.sh", "/etc/**/*.sh"]),
    "sql": lambda: files(["/usr/**/*.sql"]),
    "markdown": lambda: files(["/usr/lib/node_modules/**/*.md", "/usr/share/doc/**/*.md"]),
    "java": lambda: files(["/usr/**/*.java"]),
    "toml": lambda: files(["/usr/**/*.toml", "/root/.cargo/**/*.toml", "/root/.rustup/**/*.toml"]),
}


def snippets(lang, texts_or_files):
    items = texts_or_files
    rng.shuffle(items)
    result = {n: [] for n in LENGTHS}
    for item in items[:1500]:
        if all(len(v) >= PER_LANG for v in result.values()):
            break
        try:
            text = item if "\n" in item else open(item, errors="replace").read()
        except Exception:
            continue
        if len(text) > 2_000_000 or "\0" in text:
            continue
        lines = text.split("\n")
        for n in LENGTHS:
            if len(result[n]) >= PER_LANG or len(lines) < n:
                continue
            start = rng.randrange(0, len(lines) - n + 1)
            chunk = lines[start:start + n]
            if sum(1 for l in chunk if l.strip()) < max(3, n * 0.6):
                continue
            if max(len(l) for l in chunk) > 400:
                continue
            result[n].append("\n".join(chunk) + "\n")
    return result


def main():
    count = 0
    with open(OUT, "w") as out:
        for lang, source in SOURCES.items():
            got = snippets(lang, source())
            for n, chunks in got.items():
                for c in chunks:
                    out.write(json.dumps({"lang": lang, "lines": n, "text": c}) + "\n")
                    count += 1
            print(lang, {n: len(v) for n, v in got.items()}, file=sys.stderr)
    print(f"{count} snippets -> {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
