#!/usr/bin/env python3
"""Samples real code already on this machine into snippets for the detection benchmark.

Nothing sampled is committed: the output goes to /tmp (or argv[1]; argv[2] is the seed) as JSON lines
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
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 20261122)


EXT = {
    "swift": "swift", "py": "python", "go": "go", "rb": "ruby", "js": "javascript", "ts": "typescript",
    "c": "c", "hpp": "cpp", "cc": "cpp", "cpp": "cpp", "php": "php", "css": "css", "html": "html",
    "xml": "xml", "json": "json", "yaml": "yaml", "yml": "yaml", "sh": "bash", "sql": "sql", "md": "markdown",
    "java": "java", "toml": "toml",
}
ROOTS = ["/work/main/.build/checkouts", "/usr/lib", "/usr/share", "/usr/include", "/etc", "/root/.rustup", "/root/.cargo"]


def walk():
    """One pass over the roots, bucketing files by language (capped, so the walk stays quick)."""
    found = {lang: [] for lang in set(EXT.values())}
    for root in ROOTS:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in ("testdata", "dist", ".git")]
            for f in filenames:
                ext = f.rsplit(".", 1)[-1].lower() if "." in f else ""
                lang = EXT.get(ext)
                if lang is None or ".min." in f or f.endswith(".d.ts") and False:
                    continue
                if len(found[lang]) < 4000:
                    found[lang].append(os.path.join(dirpath, f))
    return found


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
        found = walk()
        found["swift"] = found["swift"] + git_swift_files()
        for lang in sorted(found):
            got = snippets(lang, found[lang])
            for n, chunks in got.items():
                for c in chunks:
                    out.write(json.dumps({"lang": lang, "lines": n, "text": c}) + "\n")
                    count += 1
            print(lang, {n: len(v) for n, v in got.items()}, file=sys.stderr, flush=True)
    print(f"{count} snippets -> {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
