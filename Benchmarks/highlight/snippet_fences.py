#!/usr/bin/env python3
"""15-line windows of the corpus's hand-written snippets (Benchmarks/snippets.py), as unlabelled fences with no
context, in `blog_fences.jsonl`'s format:

    python3 Benchmarks/highlight/snippet_fences.py > /tmp/snippet-fences.jsonl
    python3 Benchmarks/highlight/blog_eval.py --file /tmp/snippet-fences.jsonl

Placeholders are filled as the corpus does (`corpus.fill`, seeded), each snippet cut into windows of 15 lines
(step 5; a shorter snippet is one window). Truth is the snippet's language; `console` also accepts `bash`.
"""
import json
import pathlib
import random
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from corpus import fill  # noqa: E402
from snippets import SNIPPETS  # noqa: E402

rng = random.Random(33)
n = 0
for lang, items in sorted(SNIPPETS.items()):
    for k, template in enumerate(items):
        lines = fill(template, rng).rstrip("\n").split("\n")
        starts = range(0, max(1, len(lines) - 14), 5)
        for s in starts:
            text = "\n".join(lines[s:s + 15]) + "\n"
            row = {"id": n, "repo": "Benchmarks/snippets.py", "path": f"{lang}[{k}]", "line": s + 1, "label": None,
                   "truth": lang, "truth_by": "author", "title": "", "tags": [], "categories": [], "post_labels": [],
                   "prose": "", "text": text}
            if lang in ("bash", "console"):
                row["also"] = ["console" if lang == "bash" else "bash"]
            print(json.dumps(row))
            n += 1
