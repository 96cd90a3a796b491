#!/usr/bin/env python3
"""The four figures of one run.sh run, together: cold-build ratio to Hugo at each N (with peak
memory), and save-to-page latency of `galley serve` beside `hugo server` at each N.

    python3 Benchmarks/summary.py RESULTS.json [--serve-galley S.json] [--serve-hugo S.json]

RESULTS.json is bench.py's; the serve files are serve-latency.py's (--json). Standard library only.
"""

import argparse
import json
import statistics


def median(xs):
    return statistics.median(xs) if xs else None


def page_median(path):
    """N → (median save-to-page seconds, peak RSS MB after the saves)."""
    out = {}
    if not path:
        return out
    try:
        runs = json.load(open(path))
    except OSError:
        return out
    for r in runs:
        page = [s["page_s"] for s in r["samples"] if s.get("page_s") is not None]
        out[r["posts"]] = (median(page), r.get("peak_after_saves_mb"), r.get("others_pct"))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("results")
    ap.add_argument("--serve-galley")
    ap.add_argument("--serve-hugo")
    args = ap.parse_args()
    results = json.load(open(args.results))
    load = open("/proc/loadavg").read().split()[:3]
    lines = [f"The four figures (same run; load average now {' '.join(load)}):", ""]
    cold = {}
    for n, entry in results["sizes"].items():
        g, h = entry["tools"].get("galley"), entry["tools"].get("hugo")
        if not g or not h:
            continue
        gr = [r for r in g["runs"] if r["ok"]]
        hr = [r for r in h["runs"] if r["ok"]]
        if not gr or not hr:
            continue
        gw, hw = median([r["wall"] for r in gr]), median([r["wall"] for r in hr])
        grss, hrss = max(r["rss_mb"] for r in gr), max(r["rss_mb"] for r in hr)
        others = max(r["others_pct"] for r in gr + hr)
        cold[int(n)] = hw / gw
        lines.append(f"- cold build, {n} posts: Galley {gw:.2f} s, Hugo {hw:.2f} s: **{hw / gw:.1f}×** "
                     f"(target ≥ 12× at 1000) {'✅' if hw / gw >= 12 else '❌'}; peak RSS {grss:.0f} MB vs Hugo {hrss:.0f} MB "
                     f"({'≤' if grss <= hrss / 4 else '>'} ¼ {'✅' if grss <= hrss / 4 else '❌'}); others ≤ {others:.0f}%")
    gs, hs = page_median(args.serve_galley), page_median(args.serve_hugo)
    for n in sorted(gs):
        g = gs[n]
        if g[0] is None:
            lines.append(f"- save-to-page, {n} posts: Galley missed every save")
            continue
        text = f"- save-to-page, {n} posts: Galley **{g[0] * 1000:.0f} ms** (server peak {g[1] or 0:.0f} MB, others {g[2] or 0:.0f}%)"
        if n in hs and hs[n][0]:
            ratio = hs[n][0] / g[0]
            text += f", hugo server {hs[n][0] * 1000:.0f} ms: **{ratio:.0f}×**"
            if n == min(gs):
                text += f" (target ≥ 20×) {'✅' if ratio >= 20 else '❌'}"
        lines.append(text)
    if len(gs) >= 2:
        small, large = min(gs), max(gs)
        if gs[small][0] and gs[large][0]:
            r = gs[large][0] / gs[small][0]
            lines.append(f"- save-to-page at {large} ÷ at {small}: **{r:.2f}** (target ≤ 1.5) {'✅' if r <= 1.5 else '❌'}")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
