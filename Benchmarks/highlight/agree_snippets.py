#!/usr/bin/env python3
"""Pygments' reading of real-code snippets, for the agreement benchmark (issue 33: "class agreement with
Pygments at least 98 % by family on held-back 15-line snippets").

Reads the snippets `detect_samples.py` writes, keeps one length and split (15 lines, `test`: held out) of the
languages below, lexes each with the Pygments lexer of its TRUE language and writes JSON lines
{"lang", "file", "text", "tokens": [[byteOffset, byteLength, class], ...]} (plain text and whitespace left out,
the same shape as Tests/HighlightTests/Fixtures/make_goldens.py). Nothing it writes is committed.

    python3 Benchmarks/highlight/agree_snippets.py /tmp/galley-detect.jsonl /tmp/galley-agree.jsonl
    GALLEY_AGREE_SNIPPETS=/tmp/galley-agree.jsonl swift test --filter snippetAgreement

Options: --lines=N (15), --split=test|tune|all (test).
"""
import json
import sys

import pygments
from pygments.lexers import get_lexer_by_name
from pygments.token import STANDARD_TYPES

# Sampled language -> (Galley language, Pygments lexer): what engineering blogs show most, and what we have real
# code for. A PHP snippet cut from a file rarely starts at `<?php`: Pygments reads it inline (as a blog's fence).
LANGS = {
    "swift": ("swift", "swift"), "kotlin": ("kotlin", "kotlin"), "java": ("java", "java"),
    "c": ("c", "c"), "cpp": ("cpp", "cpp"), "go": ("go", "go"), "rust": ("rust", "rust"),
    "python": ("python", "python"), "javascript": ("javascript", "javascript"),
    "typescript": ("typescript", "typescript"), "ruby": ("ruby", "ruby"), "bash": ("bash", "bash"),
    "csharp": ("csharp", "csharp"), "scala": ("scala", "scala"), "php": ("php", "php"),
    "dart": ("dart", "dart"), "groovy": ("groovy", "groovy"),
}


def short(ttype):
    while ttype not in STANDARD_TYPES:
        ttype = ttype.parent
    return STANDARD_TYPES[ttype]


def tokens(name, text):
    extra = {"startinline": True} if name == "php" else {}
    lexer = get_lexer_by_name(name, stripnl=False, ensurenl=False, **extra)
    offset, out = 0, []
    for ttype, value in lexer.get_tokens(text):
        size = len(value.encode("utf-8"))
        cls = short(ttype)
        if cls and cls != "w":
            out.append([offset, size, cls])
        offset += size
    # Pygments' Ruby heredoc rule can emit a heredoc's body twice: no per-byte reading to compare with.
    return out if offset == len(text.encode("utf-8")) else None


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    opts = dict(a[2:].split("=", 1) for a in sys.argv[1:] if a.startswith("--") and "=" in a)
    src = args[0] if args else "/tmp/galley-detect.jsonl"
    dst = args[1] if len(args) > 1 else "/tmp/galley-agree.jsonl"
    lines, split = int(opts.get("lines", 15)), opts.get("split", "test")
    count = {}
    with open(src) as f, open(dst, "w") as out:
        for row in f:
            s = json.loads(row)
            if s["lines"] != lines or (split != "all" and s.get("split", "test") != split) or s["lang"] not in LANGS:
                continue
            ours, theirs = LANGS[s["lang"]]
            # Pygments reads `\r\n` and `\r` as `\n`: give both sides the same bytes (a blog's fence has `\n` only).
            s["text"] = s["text"].replace("\r\n", "\n").replace("\r", "\n")
            toks = tokens(theirs, s["text"])
            if toks is None:
                print("skipped (Pygments' tokens do not add up to the text):", ours, s["file"], file=sys.stderr)
                continue
            out.write(json.dumps({"lang": ours, "file": s["file"], "text": s["text"], "tokens": toks}) + "\n")
            count[ours] = count.get(ours, 0) + 1
    print(f"Pygments {pygments.__version__}: {sum(count.values())} snippets -> {dst}", count, file=sys.stderr)


if __name__ == "__main__":
    main()
