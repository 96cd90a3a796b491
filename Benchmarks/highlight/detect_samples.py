#!/usr/bin/env python3
"""Samples real code already on this machine into snippets for the detection benchmark.

Nothing sampled is committed: the output goes to /tmp (or argv[1]; argv[2] is the seed) as JSON lines
{"lang", "lines", "text", "file", "split"}. `split` is "tune" or "test", fixed by a hash of the
source file's path, so every snippet of one file lands on the same side whatever the seed:
weights and thresholds are tuned on "tune" only and the figures we report come from "test".

    python3 Benchmarks/highlight/detect_samples.py --fetch /tmp/galley-detect.jsonl
    GALLEY_DETECT_SAMPLES=/tmp/galley-detect.jsonl swift test --filter detectionBenchmark

`--fetch` first downloads a fixed, pinned list of PyPI packages that ship sources in languages this machine
has little of (Dart in Flet extensions, C# in pythonnet, Java in python-for-android and JPype,
Scala/Groovy/Kotlin test files in the Pygments sdist, TypeScript in JupyterLab/Voila/anywidget, Rust in
tiktoken) and Debian packages (Rust crate sources in librust-*-dev, TypeScript in node tools; downloaded
with `apt-get download`, unpacked with `dpkg-deb -x`, never installed), all unpacked under /tmp/galley-src;
and Debian source tarballs (`DEB_SOURCES`: Kotlin, kotlinx-coroutines, Scala and Groovy, fetched with curl
from the Debian pool, sha256-checked, unpacked under /tmp/galley-src/debsrc), which feed Kotlin, Scala and
Groovy only, without compiler test data (Scala's test/files/neg|pos|run, files with `<!DIAGNOSTIC!>`
markers or `// !` directives).

Languages draw on one shared RNG, in name order, so adding files to one language would reshuffle the
snippets of every language after it. Kotlin, Scala and Groovy therefore first draw on the shared RNG with the
files found without the tarballs (and drop what they got), then sample the tarballs' files and those with an
RNG of their own (seeded from the seed and the language's name): every other language's snippets, in the
benchmark file and in the training file, stay byte-identical to those of the sampler before the tarballs.
"""
import glob
import hashlib
import json
import os
import random
import re
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
SEED = int(ARGS[1]) if len(ARGS) > 1 else 20261122
rng = random.Random(SEED)
SRC = "/tmp/galley-src"
# `--train` also writes <out>-train.jsonl: tune-side snippets only, more of them and at more lengths.
TRAIN = "--train" in sys.argv
TRAIN_LENGTHS = (3, 5, 8, 12, 15, 20, 30, 40)
TRAIN_PER_LANG = int(os.environ.get("GALLEY_TRAIN_PER_LANG", 360))
TRAIN_PER_FILE = int(os.environ.get("GALLEY_TRAIN_PER_FILE", 40))

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
PIP_WHEELS = ["flet-audio==1.0.5", "flet-map==1.0.5", "flet-charts==1.0.5", "flet-video==1.0.5", "flet-webview==1.0.5",
              "flet-geolocator==1.0.5", "flet-permission-handler==1.0.5", "flet-secure-storage==1.0.5", "flet-lottie==1.0.5",
              "flet-camera==1.0.5", "flet-datatable2==1.0.5", "flet-code-editor==1.0.5", "flet-media-scanner==1.0.3",
              "flet-stt==0.2.0", "flet-printing==0.2.0", "flet-terminal==0.4.2", "flet-notifications==0.1.4",
              "flet-local-auth==1.0.5", "flet-flashlight==1.0.5", "flet-rive==1.0.5"]
# Sdists (only the named package is built from source, so build backends come as wheels): TypeScript in
# JupyterLab (galata), jupyterlab-widgets, Voila and anywidget; Rust in tiktoken.
PIP_SDISTS = ["pygments==2.21.0", "pythonnet==3.2.1", "python-for-android==2026.5.9", "jpype1==1.5.2",
              "jupyterlab==4.6.6", "jupyterlab-widgets==3.0.17", "voila==0.5.13", "anywidget==0.11.0", "tiktoken==0.14.0"]
# Debian packages (fetched with `apt-get download`, unpacked with `dpkg-deb -x`, never installed): Rust crate
# sources from librust-*-dev (one crate each, 30 authors) and TypeScript from a few node tools.
DEBS = ["librust-aho-corasick-dev=0.7.19-1", "librust-anyhow-dev=1.0.69-1", "librust-bstr-dev=0.2.17-1+b1",
        "librust-bytes-dev=1.2.1-1", "librust-chrono-dev=0.4.23-2", "librust-clap-dev=4.0.32-1",
        "librust-crossbeam-channel-dev=0.5.6-1", "librust-env-logger-dev=0.9.3-1", "librust-futures-util-dev=0.3.21-1",
        "librust-hashbrown-dev=0.12.3-1", "librust-hyper-dev=0.14.19-1", "librust-indexmap-dev=1.9.2-1",
        "librust-itertools-dev=0.10.3-1", "librust-log-dev=0.4.17-3", "librust-memchr-dev=2.5.0-1", "librust-nom-dev=7.1.1-1",
        "librust-num-traits-dev=0.2.15-1", "librust-rand-dev=0.8.5-1", "librust-rayon-core-dev=1.10.1-1",
        "librust-regex-dev=1.7.1-1", "librust-regex-syntax-dev=0.6.27-1", "librust-serde-dev=1.0.152-2",
        "librust-serde-json-dev=1.0.87-1", "librust-smallvec-dev=1.9.0-1", "librust-syn-dev=1.0.107-1",
        "librust-time-dev=0.3.9-1+deb12u1", "librust-tokio-dev=1.24.2-1", "librust-toml-dev=0.5.11-1",
        "librust-url-dev=2.3.1-1", "librust-walkdir-dev=2.3.2-1",
        "node-gulp-tsb=4.0.5+~cs7.0.2-3", "node-mj-context-menu=0.6.1+ds-4", "node-rollup-plugin-typescript2=0.34.1+ds+~cs6.0.0-2",
        "node-ts-loader=9.4.2-1", "ts-jest=29.0.3+~cs0.2.6-1"]
# Debian source tarballs (pool path, sha256), fetched with curl and unpacked under /tmp/galley-src/debsrc: the
# only sizeable Kotlin, Scala and Groovy here. Walked apart from ROOTS and used for those languages only, with
# the directories kept per package (compiler test cases such as Scala's test/files/neg and pos are not code
# anyone writes in a blog).
DEB_POOL = "http://deb.debian.org/debian/pool/main/"
DEB_SOURCES = [
    ("k/kotlin/kotlin_1.3.31+ds1.orig.tar.xz", "2c45fa552ee4bdb0990ec6c0d62a23b9ad5f52eafc7d0434a3176c71e1cc393c"),
    ("k/kotlinx-coroutines/kotlinx-coroutines_1.0.1.orig.tar.xz",
     "361a1e02f2d223c0d8ee16f5cd3987202264f037a4eff5de0e29334c38d16782"),
    ("s/scala/scala_2.11.12.orig.tar.xz", "b8db9faffd136d376a1885c04b2cced1b25fee5e61295c1c2a66bceaf99e7301"),
    ("g/groovy/groovy_2.4.21.orig.tar.xz", "b8a4b4262e02f4f4106990d0b5f5ba694b961da28657a7928b41c3a42baa6a24"),
]
DEB_LANGS = ("kotlin", "scala", "groovy")
# Per source package: the top directories (below the tarball's own folder) whose files are sampled.
DEB_KEEP = {"scala": ("src/", "test/junit/", "test/benchmarks/", "test/files/scalacheck/")}
SKIP_DIRS = {"testdata", "dist", ".git", "node_modules"}


def split_of(source_id):
    """'tune' or 'test' from the source file's identity (stable across seeds and runs)."""
    return "test" if hashlib.sha1(source_id.encode()).digest()[0] % 2 else "tune"


def fetch():
    os.makedirs(SRC + "/dl", exist_ok=True)
    for spec in PIP_WHEELS:
        subprocess.run(["pip", "download", "-q", "--no-deps", spec, "-d", SRC + "/dl"], timeout=120)
    for spec in PIP_SDISTS:
        name = spec.split("==")[0]
        subprocess.run(["pip", "download", "-q", "--no-deps", "--no-binary", name, spec, "-d", SRC + "/dl"], timeout=900)
    # `apt-get update` first if the package lists are missing.
    subprocess.run(["apt-get", "download", "-q"] + DEBS, cwd=SRC + "/dl", timeout=600)
    fetch_deb_sources()


def fetch_deb_sources():
    os.makedirs(SRC + "/debsrc-dl", exist_ok=True)
    for path, sha in DEB_SOURCES:
        dest = SRC + "/debsrc-dl/" + os.path.basename(path)
        if not (os.path.exists(dest) and sha256(dest) == sha):
            subprocess.run(["curl", "-sSf", "--max-time", "600", "-o", dest, DEB_POOL + path], timeout=660)
        if sha256(dest) != sha:
            os.remove(dest)
            raise SystemExit(f"sha256 mismatch for {path}")


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


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
            elif f.endswith(".deb"):
                os.makedirs(dest)
                subprocess.run(["dpkg-deb", "-x", f, dest], check=True, timeout=120)
        except Exception as e:
            print("skip", f, e, file=sys.stderr)
    for path, sha in DEB_SOURCES:
        f = SRC + "/debsrc-dl/" + os.path.basename(path)
        dest = SRC + "/debsrc/" + os.path.basename(path).split("_")[0]
        if os.path.isdir(dest) or not os.path.exists(f):
            continue
        if sha256(f) != sha:
            print("skip", f, "sha256 mismatch", file=sys.stderr)
            continue
        os.makedirs(dest)
        subprocess.run(["tar", "-xJf", f, "-C", dest], check=True, timeout=600)


def walk_deb():
    """Kotlin, Scala and Groovy files of the Debian source tarballs (all of them, sorted: no cap), leaving out
    compiler test data: files with diagnostic markers (`<!UNRESOLVED_REFERENCE!>`) or `// !` directives."""
    found = {lang: [] for lang in DEB_LANGS}
    for pkg in sorted(os.listdir(SRC + "/debsrc")) if os.path.isdir(SRC + "/debsrc") else []:
        base = SRC + "/debsrc/" + pkg
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and d.lower() != "testdata")
            for f in sorted(filenames):
                lang = EXT.get(f.rsplit(".", 1)[-1].lower() if "." in f else "")
                if lang not in DEB_LANGS:
                    continue
                path = os.path.join(dirpath, f)
                rel = os.path.relpath(path, base).split("/", 1)[-1]   # below the tarball's own folder
                if pkg in DEB_KEEP and not rel.startswith(DEB_KEEP[pkg]):
                    continue
                try:
                    text = open(path, errors="replace").read()
                except Exception:
                    continue
                if re.search(r"<!\w+!>|^// ?!", text, re.M):
                    continue
                found[lang].append(("deb:" + pkg + "/" + rel, path))
    return found


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


def snippets(items, lengths=LENGTHS, per_lang=PER_LANG, per_file=PER_FILE, splits=("tune", "test"), rng=rng):
    """Up to per_lang snippets per length and split, at most per_file from one file."""
    rng.shuffle(items)
    result = {(n, s): [] for n in lengths for s in splits}
    texts = []
    for source_id, item in items[:1500]:
        try:
            text = item if "\n" in item else open(item, errors="replace").read()
        except Exception:
            continue
        if len(text) > 2_000_000 or "\0" in text:
            continue
        texts.append((source_id, text.split("\n")))
    for _ in range(per_file):
        for source_id, lines in texts:
            split = split_of(source_id)
            if split not in splits:
                continue
            for n in lengths:
                bucket = result[(n, split)]
                if len(bucket) >= per_lang or len(lines) < n:
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
        if all(len(v) >= per_lang for v in result.values()):
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
        deb = walk_deb()
        for lang in sorted(found):
            got = snippets(found[lang])
            if lang in DEB_LANGS:
                items, own = with_deb(found, deb, lang)
                got = snippets(items, rng=own)
            for (n, split), chunks in sorted(got.items()):
                for source_id, c in chunks:
                    out.write(json.dumps({"lang": lang, "lines": n, "text": c, "file": source_id, "split": split}) + "\n")
                    count += 1
            files = {s: len({f for (n, sp), v in got.items() if sp == s for f, _ in v}) for s in ("tune", "test")}
            print(lang, {f"{n}/{s}": len(v) for (n, s), v in sorted(got.items())}, "files", files, file=sys.stderr, flush=True)
    print(f"{count} snippets -> {OUT}", file=sys.stderr)
    if TRAIN:
        training(found, deb)


def with_deb(found, deb, lang):
    """The files of a language with Debian sources, and an RNG of its own. The shared RNG has already been
    drawn on the files found before (and their snippets dropped), so every other language's snippets stay
    byte-identical to those of the sampler without the Debian sources."""
    return sorted(found[lang] + deb.get(lang, [])), rng_of(lang)


def rng_of(name):
    return random.Random(int.from_bytes(hashlib.sha1(f"{SEED}:{name}".encode()).digest()[:8], "big"))


def training(found, deb):
    """More snippets of the TUNE side only, at many lengths, for fitting the model (learn_weights.py):
    the benchmark file above is written first, so it does not depend on this pass."""
    path = OUT[:-len(".jsonl")] + "-train.jsonl" if OUT.endswith(".jsonl") else OUT + "-train"
    count = 0
    with open(path, "w") as out:
        for lang in sorted(found):
            opts = dict(lengths=TRAIN_LENGTHS, per_lang=TRAIN_PER_LANG, per_file=TRAIN_PER_FILE, splits=("tune",))
            got = snippets(found[lang], **opts)
            if lang in DEB_LANGS:
                items, _ = with_deb(found, deb, lang)
                got = snippets(items, rng=rng_of(lang + ":train"), **opts)
            for (n, split), chunks in sorted(got.items()):
                for source_id, c in chunks:
                    out.write(json.dumps({"lang": lang, "lines": n, "text": c, "file": source_id, "split": split}) + "\n")
                    count += 1
    print(f"{count} training snippets (tune side only) -> {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
