#!/usr/bin/env python3
"""Galley's built-in search against Pagefind on the same built site, in a real browser.

Builds the corpus (on Galley's default theme) with Galley, with search and with `search: false`,
alternately --runs times each, each into an output of its own (a rebuild, as a writer's are): the index's
cost is the median ratio of each adjacent pair, which holds on a busy machine where the
minimum of either side alone moves by more than the index costs. Then it runs Pagefind (`pip install pagefind-bin`) on the output, then
in headless Chromium types one word into each tool's own search UI (Galley's header box; the
Pagefind default UI on a page added to the output) and sums what the page fetched for it.
Files are served as they are on disk by a plain HTTP server; Pagefind's index and WebAssembly
are gzip-compressed files already, Galley's are JSON and JavaScript, so the table gives Galley's
bytes both as files and gzipped (what any host that compresses sends).

`--cold` removes each output before its build: every file is written, as in a first build or CI.

Usage: search.py GALLEY CORPUS-SITE [--runs 15] [--words a,b,c] [--cold]   (prints a Markdown table)
"""
import argparse, gzip, json, os, re, shutil, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "EndToEnd"))
from tabs_callouts import WebDriver, serve, start_chromedriver  # noqa: E402


def timed(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def folder_bytes(path):
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(path) for f in fs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("galley"); ap.add_argument("site")
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--words", default="kotlin,ledger,checkpoint")
    ap.add_argument("--cold", action="store_true", help="remove each output before its build (a first build, every file written)")
    args = ap.parse_args()
    galley = os.path.abspath(args.galley)
    work = tempfile.mkdtemp(prefix="galley-search-bench-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
    site = os.path.join(work, "site"); shutil.copytree(args.site, site)
    # The corpus brings its own plain theme (the same pages for Hugo and Jekyll); the search box is
    # the default theme's, so this runs on the default theme.
    shutil.rmtree(os.path.join(site, "templates"), ignore_errors=True)
    out = os.path.join(work, "public")
    yml = os.path.join(site, "site.yml"); base_yml = open(yml).read()

    def build(search):
        with open(yml, "w") as f: f.write(base_yml + ("" if search else "\nsearch: false\n"))
        target = out if search else out + "-without"
        if args.cold: shutil.rmtree(target, ignore_errors=True)
        return timed([galley, "build", "--site", site, "--output", target])
    pairs = [(build(False), build(True)) for _ in range(args.runs)]
    without = min(p[0] for p in pairs)
    with_search = min(p[1] for p in pairs)
    ratios = sorted(w / wo for wo, w in pairs)
    ratio = statistics.median(ratios)
    quartiles = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratio, ratio, ratio]
    pagefind_time = min(timed([sys.executable, "-m", "pagefind_bin", "--site", out, "--output-subdir", "pagefind"]) for _ in range(min(args.runs, 3)))
    galley_index = folder_bytes(os.path.join(out, "search"))
    pagefind_index = folder_bytes(os.path.join(out, "pagefind"))
    with open(os.path.join(out, "pagefind-test.html"), "w") as f:
        f.write("""<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Pagefind</title>
<link href="/pagefind/pagefind-ui.css" rel="stylesheet"><script src="/pagefind/pagefind-ui.js"></script></head>
<body><div id="search"></div><script>window.addEventListener('DOMContentLoaded', () => new PagefindUI({ element: "#search", showSubResults: false }));</script></body></html>""")

    served = []  # every path the browser asked for (Pagefind fetches from a worker, out of the page's sight)

    server, base = serve(out, requests=served)
    procs = []
    port = start_chromedriver(procs)
    rows = []
    try:
        for word in args.words.split(","):
            for tool in ["galley", "pagefind"]:
                d = WebDriver(port)
                try:
                    if tool == "galley":
                        d.go(base + "/")
                        time.sleep(0.3)
                        served.clear()
                        box = d.find_all("#site-search")[0]
                        d.keys(box, word)
                        ready = "const l = document.querySelector('.search-dropdown'); return l && l.dataset.query === " + json.dumps(word) + " ? l.querySelectorAll('.search-result').length : 0"
                    else:
                        served.clear()  # everything Pagefind's UI loads is part of its search
                        d.go(base + "/pagefind-test.html")
                        for _ in range(100):
                            if d.find_all(".pagefind-ui__search-input"): break
                            time.sleep(0.05)
                        d.keys(d.find_all(".pagefind-ui__search-input")[0], word)
                        ready = "return document.querySelectorAll('.pagefind-ui__result').length"
                    shown = 0
                    for _ in range(200):
                        shown = d.js(ready)
                        if shown: break
                        time.sleep(0.05)
                    time.sleep(0.5)  # let fragment loads for the shown results finish
                    if tool == "galley":
                        urls = sorted(set(p for p in served if p.startswith("/search/")) | {"/assets/search.js"})
                    else:
                        urls = sorted(set(p for p in served if p.startswith("/pagefind/")))
                    files = [os.path.join(out, u.lstrip("/")) for u in urls]
                    raw = sum(os.path.getsize(p) for p in files)
                    gz = sum(len(gzip.compress(open(p, "rb").read(), 9)) if not re.search(r"\.(pf_\w+|pagefind)$", p) else os.path.getsize(p) for p in files)
                    rows.append((word, tool, shown, len(files), raw, gz))
                finally:
                    d.quit()
    finally:
        for p in procs: p.terminate()
        server.shutdown()
    print(f"Corpus: {args.site}; {args.runs} pairs of {'first builds (outputs removed)' if args.cold else 'rebuilds'}; output on {'tmpfs' if work.startswith('/dev/shm') else 'disk'}\n")
    print("| | Galley | Pagefind 1.5 |\n|---|---:|---:|")
    print(f"| time to build the index | +{(ratio - 1) * 100:.1f} % of the build (median of {len(ratios)} pairs, quartiles +{(quartiles[0] - 1) * 100:.1f} to +{(quartiles[2] - 1) * 100:.1f} %; fastest builds {without:.3f} s without, {with_search:.3f} s with) | {pagefind_time:.3f} s (a second pass over the output) |")
    print(f"| index size on disk | {galley_index / 1e6:.2f} MB | {pagefind_index / 1e6:.2f} MB |")
    print("\nFirst one-word query, typed into each tool's own UI (results shown / files / bytes as files / bytes gzipped on the wire):\n")
    print("| word | Galley | Pagefind 1.5 |\n|---|---:|---:|")
    by = {(w, t): r for (w, t, *r) in rows}
    for word in args.words.split(","):
        g, p = by[(word, "galley")], by[(word, "pagefind")]
        print(f"| `{word}` | {g[0]} shown, {g[1]} files, {g[2] / 1024:.1f} KB, **{g[3] / 1024:.1f} KB gz** | {p[0]} shown, {p[1]} files, {p[2] / 1024:.1f} KB, **{p[3] / 1024:.1f} KB gz** |")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
