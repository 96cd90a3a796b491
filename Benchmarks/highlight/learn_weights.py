#!/usr/bin/env python3
"""Fits the detection model on the TUNE side of the sampled snippets and writes it as
Sources/Highlight/DetectModelData.swift. Only numbers (and token keys) are written: no sampled code.

    python3 Benchmarks/highlight/detect_samples.py --fetch --train /tmp/galley-detect.jsonl
    GALLEY_DETECT_DUMP=/tmp/galley-detect-train.jsonl=/tmp/galley-hand-train.tsv \\
        swift test --scratch-path .build-detect --filter detectionFeatureDump
    python3 Benchmarks/highlight/learn_weights.py /tmp/galley-detect-train.jsonl /tmp/galley-hand-train.tsv

The model is a multinomial logistic regression (plain L-BFGS on the softmax loss, L2 penalty) over
  * tokens of each line (the tokenizer of `DetectModel.lineKeys` in Sources/Highlight/DetectModel.swift:
    identifiers, a number as `0`, runs of up to three operator characters, single brackets and quotes),
    `^` + the line's first token, `^^` + its first two, `$` + its last character if that is punctuation,
    each pair of neighbouring tokens (`a b`), `>` + the previous line's last token and this line's first,
    `^a$z` (the first and last token together: `def … )` is Ruby, `def … :` Python), `$$` + the last token,
    and identifier shapes (`#C` camelCase, `#S` snake_case, `#U` ALL_CAPS, `#_` leading underscore), each
    once per line, counted over the snippet as log(1 + lines);
  * the indentation of each raw line (`~iN` N spaces), counted the same way, and `~t` once if any line starts
    with a tab (a project's whitespace habit: counted per line it let tab-indented JavaScript read as Go);
  * the hand-written scores of `Scorer.effectiveScores` (DetectFeatures*), as log(1 + max(0, ±score));
  * log(line count).
Classes: every sampled language with enough tuning files (GALLEY_MIN_FILES; Kotlin, Scala and Groovy have had
their own since the sampler reads Debian's source tarballs of them), plus `other` for any thin one, which hands
the decision back to the hand-written scorer (empty when no language is thin). Abstention thresholds on the top
probability are set per line-count band from out-of-fold predictions (folds grouped by source file), so
the expected wrong share stays under TARGET_WRONG (GALLEY_TARGET_WRONG). Everything here reads the tune side only.
"""
import collections
import hashlib
import json
import math
import os
import pickle
import sys

import numpy as np
from scipy import optimize, sparse

SAMPLES = sys.argv[1] if len(sys.argv) > 1 else "/tmp/galley-detect-train.jsonl"
HAND = sys.argv[2] if len(sys.argv) > 2 else "/tmp/galley-hand-train.tsv"
OUT = sys.argv[3] if len(sys.argv) > 3 else "Sources/Highlight/DetectModelData.swift"
MIN_FILES = int(os.environ.get("GALLEY_MIN_FILES", 15))  # tuning files a language needs for its own class
MIN_KEY_FILES = 4       # a key must occur in this many tuning files of one language (no project names)
MAX_KEYS = 14000
L2 = 2.0                # penalty on token weights (sum of squares), relative to the mean loss * n
STEP = 0.04             # token weights are quantised to STEP, one character each of ALPHABET ('P' is 0)
HAND_STEP = 0.02
BANDS = [4, 7, 11, 18, 28, 1 << 30]   # line-count bands (upper bounds) with their own threshold
# Out-of-fold wrong share allowed per band, of the snippets the model decides. Held out, the wrong share came
# out about half a point above the out-of-fold one at 0.015 (other paths add their own), hence 0.012.
TARGET_WRONG = float(os.environ.get("GALLEY_TARGET_WRONG", 0.012))
# Classes that count as one answer (a C header read as C++ is not wrong): the threshold applies to their sum.
FAMILIES = [("c", "cpp"), ("javascript", "typescript"), ("html", "xml")]
FOLDS = 4
# '#'..'~' without the backslash: no escape, quote or raw-string delimiter can form in the data file.
ALPHABET = "".join(chr(c) for c in range(35, 127) if c != 92)
ZERO = ALPHABET.index("P")
SYM = set(b"!#$%&*+-./:;<=>?@^|~\\")
SINGLE = set(b"(){}[],\"'`")
# Scorer.langs whose dialect folds into a base family (for the hand-written fallback's margin).
PARENT = {"typescript": "javascript", "cpp": "c", "objective-c": "c", "scss": "css"}


def is_ident(c):
    return 97 <= (c | 0x20) <= 122 or c == 95


def is_digit(c):
    return 48 <= c <= 57


def shape(tok):
    """`#C` camelCase, `#S` snake_case, `#U` ALL_CAPS, `#_` a leading underscore (DetectModel.shapeKeys)."""
    out = set()
    if not is_ident(tok[0]):
        return out
    low = any(97 <= c <= 122 for c in tok)
    up = any(65 <= c <= 90 for c in tok)
    for a, c in zip(tok, tok[1:]):
        if 97 <= a <= 122 and 65 <= c <= 90:
            out.add(b"#C")
        if a == 95 and 97 <= c <= 122 and tok[0] != 95:
            out.add(b"#S")
    if up and not low and len(tok) >= 3:
        out.add(b"#U")
    if tok[0] == 95:
        out.add(b"#_")
    return out


def line_keys(line, prev=None):
    """Keys of one trimmed line, each once (mirrors DetectModel.lineKeys), and its last token. `prev` is the
    last token of the previous line with tokens, for the cross-line key `>prev first`."""
    b = line.encode()
    toks = []
    i, n = 0, len(b)
    while i < n:
        c = b[i]
        tok = None
        if is_ident(c):
            j = i + 1
            while j < n and (is_ident(b[j]) or is_digit(b[j])):
                j += 1
            tok = b[i:j]
            i = j
        elif is_digit(c):
            while i < n and (is_ident(b[i]) or is_digit(b[i]) or b[i] == 46):
                i += 1
            tok = b"0"
        elif c in SYM:
            j = i + 1
            while j < n and j - i < 3 and b[j] in SYM:
                j += 1
            tok = b[i:j]
            i = j
        elif c in SINGLE:
            tok = b[i:i + 1]
            i += 1
        else:
            i += 1
        if tok is not None and len(tok) <= 24:
            toks.append(tok)
    out = set(toks)
    if toks:
        out.add(b"^" + toks[0])
        if prev is not None:
            out.add(b">" + prev + b" " + toks[0])
        out.add(b"^" + toks[0] + b"$" + toks[-1])
        out.add(b"$$" + toks[-1])
    if len(toks) >= 2:
        out.add(b"^^" + toks[0] + b" " + toks[1])
    for a, c in zip(toks, toks[1:]):
        out.add(a + b" " + c)
    for t in toks:
        out |= shape(t)
    last = b[-1]
    if not (is_ident(last) or is_digit(last)) and last < 128 and last not in b" \t":
        out.add(b"$" + bytes([last]))
    return out, (toks[-1] if toks else prev)


def indent_key(raw):
    if raw.startswith("\t"):
        return b"~t"
    w = len(raw) - len(raw.lstrip(" "))
    return b"~i%d" % w if 1 <= w <= 8 else None


def snippet_keys(text):
    counts = collections.Counter()
    lines = 0
    prev = None
    tabs = False
    for raw in text.split("\n"):
        t = raw.strip(" \t\r")
        if not t:
            continue
        lines += 1
        if lines > 200:
            break
        keys, prev = line_keys(t, prev)
        k = indent_key(raw)
        if k == b"~t":
            tabs = True
        elif k:
            keys.add(k)
        counts.update(keys)
    if tabs:
        counts[b"~t"] = 1
    return counts, lines


def load():
    rows = [json.loads(l) for l in open(SAMPLES)]
    rows = [r for r in rows if r.get("split") == "tune"]
    hand_lines = open(HAND).read().split("\n")
    hand_names = hand_lines[0].split(",")
    hand = []
    for l in hand_lines[1:len(rows) + 1]:
        n, verdict, scores = l.split("\t")
        hand.append((int(n), verdict, [float(x) for x in scores.split(",")] if scores else [0.0] * len(hand_names)))
    assert len(hand) == len(rows), "hand-score dump does not match the samples"
    return rows, hand_names, hand


def hand_decide(scores, names):
    """Scorer.decide on the hand-written scores alone."""
    best = max(range(len(scores)), key=lambda i: (scores[i], -i))
    fam = PARENT.get(names[best], names[best])
    second = max([scores[i] for i in range(len(scores)) if PARENT.get(names[i], names[i]) != fam] + [0.0])
    return scores, best, second


def features(rows, hand, hand_names, vocab=None):
    keyed = [snippet_keys(r["text"]) for r in rows]
    if vocab is None:
        files = collections.defaultdict(lambda: collections.defaultdict(set))
        df = collections.Counter()
        for (c, _), r in zip(keyed, rows):
            for k in c:
                files[k][r["lang"]].add(r["file"])
                df[k] += 1
        ok = [k for k in files if max(len(s) for s in files[k].values()) >= MIN_KEY_FILES]
        ok.sort(key=lambda k: -df[k])
        vocab = {k: i for i, k in enumerate(sorted(ok[:MAX_KEYS]))}
    data, ind, ptr = [], [], [0]
    for c, _ in keyed:
        for k, v in c.items():
            j = vocab.get(k)
            if j is not None:
                ind.append(j)
                data.append(math.log1p(v))
        ptr.append(len(ind))
    X = sparse.csr_matrix((np.array(data), np.array(ind), np.array(ptr)), shape=(len(rows), len(vocab)))
    H = np.array([[math.log1p(max(0.0, s)) for s in sc] + [math.log1p(max(0.0, -s)) for s in sc] + [math.log(max(1, n))]
                  for n, _, sc in hand])
    return X, H, vocab


def fit(X, H, y, k, sample_w, w0=None):
    n, d = X.shape
    e = H.shape[1]
    Y = np.zeros((n, k))
    Y[np.arange(n), y] = 1

    def unpack(p):
        return p[:d * k].reshape(d, k), p[d * k:d * k + e * k].reshape(e, k), p[d * k + e * k:]

    def loss(p):
        W, V, b = unpack(p)
        Z = X @ W + H @ V + b
        Z -= Z.max(axis=1, keepdims=True)
        P = np.exp(Z)
        P /= P.sum(axis=1, keepdims=True)
        lp = np.log(np.maximum(P[np.arange(n), y], 1e-300))
        total = sample_w.sum()
        f = -(sample_w * lp).sum() / total + L2 / total * ((W * W).sum() + 0.1 * (V * V).sum())
        G = (P - Y) * (sample_w[:, None] / total)
        gW = X.T @ G + 2 * L2 / total * W
        gV = H.T @ G + 0.2 * L2 / total * V
        gb = G.sum(axis=0)
        return f, np.concatenate([np.asarray(gW).ravel(), gV.ravel(), gb])

    p0 = np.zeros(d * k + e * k + k) if w0 is None else w0
    r = optimize.minimize(loss, p0, jac=True, method="L-BFGS-B", options={"maxiter": 400})
    print(f"  fit: loss {r.fun:.4f} after {r.nit} iterations", file=sys.stderr)
    return unpack(r.x)


def probs(X, H, W, V, b):
    Z = X @ W + H @ V + b
    Z -= Z.max(axis=1, keepdims=True)
    P = np.exp(Z)
    return P / P.sum(axis=1, keepdims=True)


def band(n):
    return next(i for i, u in enumerate(BANDS) if n <= u)


def main():
    rows, hand_names, hand = load()
    files = collections.defaultdict(set)
    for r in rows:
        files[r["lang"]].add(r["file"])
    classes = sorted(l for l, f in files.items() if len(f) >= MIN_FILES) + ["other"]
    cls = {c: i for i, c in enumerate(classes)}
    y = np.array([cls.get(r["lang"], cls["other"]) for r in rows])
    k = len(classes)
    freq = collections.Counter(y.tolist())
    sample_w = np.array([len(rows) / (k * freq[c]) for c in y])
    print(f"{len(rows)} tuning snippets, classes {classes}", file=sys.stderr)

    # Out-of-fold probabilities (folds by source file) for the abstention thresholds.
    fold = np.array([hashlib.sha1(r["file"].encode()).digest()[1] % FOLDS for r in rows])
    X, H, vocab = features(rows, hand, hand_names)
    oof = np.zeros((len(rows), k))
    for f in range(FOLDS):
        tr, te = fold != f, fold == f
        sub = [r for r, m in zip(rows, tr) if m]
        subhand = [h for h, m in zip(hand, tr) if m]
        Xs, Hs, voc = features(sub, subhand, hand_names)
        W, V, b = fit(Xs, Hs, y[tr], k, sample_w[tr])
        Xt, Ht, _ = features([r for r, m in zip(rows, te) if m], [h for h, m in zip(hand, te) if m], hand_names, voc)
        oof[te] = probs(Xt, Ht, W, V, b)
    thresholds = calibrate(rows, hand, oof, y, classes, hand_names)
    if os.environ.get("GALLEY_OOF"):   # out-of-fold probabilities, for comparing feature sets on the tune side
        pickle.dump((classes, oof, y), open(os.environ["GALLEY_OOF"], "wb"))

    W, V, b = fit(X, H, y, k, sample_w)
    write(classes, hand_names, vocab, W, V, b, thresholds)


def calibrate(rows, hand, oof, y, classes, hand_names):
    """Smallest top-probability threshold per band whose out-of-fold wrong share stays under TARGET_WRONG."""
    other = classes.index("other")
    out = []
    for bi in range(len(BANDS)):
        idx = [i for i, (n, v, _) in enumerate(hand) if v == "-" and band(n) == bi]
        if not idx:
            out.append(0.99)
            continue
        best = 0.99
        for t in np.arange(0.30, 0.995, 0.01):
            wrong = right = 0
            for i in idx:
                c = int(oof[i].argmax())
                if family_p(oof[i], c, classes) < t or c == other:
                    continue
                if c == y[i] or accepted(rows[i]["lang"], classes[c]):
                    right += 1
                else:
                    wrong += 1
            if wrong <= TARGET_WRONG * len(idx):
                best = float(t)
                break
        right = sum(1 for i in idx if family_p(oof[i], int(oof[i].argmax()), classes) >= best
                    and (int(oof[i].argmax()) == y[i] or accepted(rows[i]["lang"], classes[int(oof[i].argmax())])) and y[i] != other)
        print(f"  band <= {BANDS[bi]} lines: threshold {best:.2f}, right {right / len(idx):.1%} of {len(idx)}", file=sys.stderr)
        out.append(best)
    return out


def family_p(p, c, classes):
    """The top class's probability plus its family's."""
    fam = next((f for f in FAMILIES if classes[c] in f), (classes[c],))
    return sum(p[classes.index(x)] for x in fam if x in classes)


ACCEPTED = {"c": {"cpp"}, "cpp": {"c"}, "javascript": {"typescript"}, "typescript": {"javascript"}, "html": {"xml"}, "xml": {"html"}}


def accepted(lang, got):
    return got in ACCEPTED.get(lang, ())


def chars(values, step):
    return "".join(ALPHABET[ZERO + max(-ZERO, min(len(ALPHABET) - 1 - ZERO, round(v / step)))] for v in values)


def write(classes, hand_names, vocab, W, V, b, thresholds):
    entries = []
    for key, j in sorted(vocab.items()):
        cells = chars(W[j], STEP)
        if cells != ALPHABET[ZERO] * len(cells):
            entries.append(key.decode() + " " + cells)
    lines = ["\t".join(entries[i:i + 4]) for i in range(0, len(entries), 4)]
    hand_rows = [chars(V[r], HAND_STEP) for r in range(V.shape[0])]
    with open(OUT, "w") as f:
        f.write("// Generated by Benchmarks/highlight/learn_weights.py from the tuning split of sampled code; do not edit.\n")
        f.write(f"// {len(classes)} classes, {len(entries)} keys; one character per weight: its index in '#'...'~' without the backslash, less {ZERO}, times step.\n")
        f.write("enum DetectModelData {\n")
        f.write("    static let classes = [" + ", ".join(f'"{c}"' for c in classes) + "]\n")
        f.write("    /// `Scorer.langs` names, in the order the hand-written weights below expect.\n")
        f.write("    static let hand = [" + ", ".join(f'"{c}"' for c in hand_names) + "]\n")
        f.write(f"    static let step = {STEP}, handStep = {HAND_STEP}\n")
        f.write("    static let bias: [Double] = [" + ", ".join(f"{x:.4f}" for x in b) + "]\n")
        f.write("    /// Upper line counts of the bands and the top probability each needs.\n")
        f.write("    static let bands = [" + ", ".join(str(min(x, 100000)) for x in BANDS) + "]\n")
        f.write("    static let thresholds: [Double] = [" + ", ".join(f"{x:.2f}" for x in thresholds) + "]\n")
        f.write("    /// Rows: log(1 + score) per hand language, log(1 - score) per hand language, log(lines).\n")
        f.write("    static let handWeights = [\n" + "".join(f'        "{r}",\n' for r in hand_rows) + "    ]\n")
        f.write('    static let table = ###"""\n' + "\n".join(lines) + '\n"""###\n}\n')
    print(f"{len(classes)} classes, {len(entries)} keys, {len(lines)} lines -> {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
