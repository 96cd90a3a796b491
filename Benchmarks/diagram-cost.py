#!/usr/bin/env python3
"""What diagrams cost a cold build: the N-post corpus as it is, and the same corpus with a diagram
(a mermaid flowchart, a mermaid sequence diagram or a DOT graph, in turn) in one post of ten.

    python3 Benchmarks/diagram-cost.py --galley .build/release/galley [--posts 1000] [--runs 5]

Generates both corpora into Benchmarks/out/ (corpus-N and corpus-N-diagrams), then, after one
warm-up build of each, runs cold builds alternately (plain, diagrams, plain, …) so that background
load falls on both alike, each under /usr/bin/time -v with the same cleaning as bench.py. Prints
median wall and CPU seconds of each, the difference as a share of the plain build (ratio of the
medians, and the median of each diagrams build against the plain build just before it), and the largest
share of the machine other processes used during the runs (above 10 %, do not quote the numbers).
"""
import argparse, os, re, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench, corpus

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--galley", required=True)
    ap.add_argument("--posts", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--out", default=os.path.join(HERE, "out"))
    args = ap.parse_args()
    galley = os.path.abspath(args.galley)
    bench.TRASH = os.path.join(args.out, ".trash")
    bench.empty_trash()
    sites = {}
    for label, diagrams in (("plain", False), ("diagrams", True)):
        root = os.path.join(args.out, f"corpus-{args.posts}" + ("-diagrams" if diagrams else ""))
        corpus.generate(args.posts, root, 8, diagrams)
        site = os.path.join(root, "galley")
        fences = sum(len(re.findall(r"^```(mermaid|dot)$", open(os.path.join(site, "content/posts", f)).read(), re.M))
                     for f in os.listdir(os.path.join(site, "content/posts")))
        sites[label] = (site, os.path.join(args.out, f"build-diagram-cost/{label}"))
        bench.log(f"{label}: {args.posts} posts, {fences} diagram fences ({root})")
    tool = bench.Tool("galley", galley)
    results = {label: [] for label in sites}
    for label, (site, out) in sites.items():
        r = bench.run_once(tool, site, out, f"{label} warm-up")
        if not r["ok"]:
            sys.exit(f"{label}: the build failed")
    for k in range(args.runs):
        for label, (site, out) in sites.items():
            results[label].append(bench.run_once(tool, site, out, f"{label} run {k + 1}"))
    bench.empty_trash()
    med = {label: {key: bench.median([r[key] for r in rs]) for key in ("wall", "cpu")} for label, rs in results.items()}
    others = max(r["others_pct"] for rs in results.values() for r in rs)
    print(f"\n| {args.posts} posts, {args.runs} cold builds each | wall s (median) | CPU s (median) |")
    print("| --- | --- | --- |")
    for label in sites:
        print(f"| {label} | {med[label]['wall']:.2f} | {med[label]['cpu']:.2f} |")
    dw = 100 * (med["diagrams"]["wall"] / med["plain"]["wall"] - 1)
    dc = 100 * (med["diagrams"]["cpu"] / med["plain"]["cpu"] - 1)
    print(f"| cost of the diagrams, ratio of the medians | {dw:+.1f} % | {dc:+.1f} % |")
    # Each diagrams build against the plain build just before it: the machine's drift over the
    # minutes of a run (other work starting and stopping) falls on both sides of every pair.
    def pairs(key):
        xs = sorted(100 * (d[key] / p[key] - 1) for p, d in zip(results["plain"], results["diagrams"]))
        q = lambda f: xs[min(len(xs) - 1, int(f * (len(xs) - 1) + 0.5))]
        return f"{bench.median(xs):+.1f} % (quartiles {q(0.25):+.1f} to {q(0.75):+.1f} %)"
    print(f"| cost of the diagrams, median of the {args.runs} adjacent pairs | {pairs('wall')} | {pairs('cpu')} |")
    print(f"\nother processes: at most {others:.0f} % of the machine during a run" + ("  ⚠ noisy" if others > 10 else ""))


if __name__ == "__main__":
    main()
