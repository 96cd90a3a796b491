#!/usr/bin/env python3
"""Measures cold builds of the benchmark corpus with Galley, Hugo and Jekyll (called by run.sh).

    python3 Benchmarks/bench.py --galley PATH --sizes 1000 5000 [--tools galley,hugo,jekyll]
                                [--runs 3] [--out Benchmarks/out] [--peers-at-20000]

For every N: one warm-up build per tool, then `--runs` measured cold builds, interleaved
round-robin (galley, hugo, jekyll, galley, …) so that load from other processes falls on every
tool alike. Each build runs under /usr/bin/time -v with the output folder removed first.
/proc/stat is read before and after each build: the CPU time the machine spent beyond the tool's
own user+sys is the load of other processes (the idle check). Then Galley's "nothing changed"
rebuild is measured on its existing output. Prints a Markdown table and writes
OUT/results-<date>.md and OUT/results-<date>.json.
"""

import argparse
import datetime as dt
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
HZ = os.sysconf("SC_CLK_TCK")
NCPU = os.cpu_count() or 1
OTHER_LOAD_WARN = 10.0   # percent of the machine used by other processes during a run


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def proc_stat():
    """(busy, total) jiffies of all CPUs."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    user, nice, system, idle, iowait, irq, softirq, steal = (fields + [0] * 8)[:8]
    busy = user + nice + system + irq + softirq + steal
    return busy, busy + idle + iowait


def parse_time_v(path):
    text = open(path).read()

    def field(name):
        m = re.search(re.escape(name) + r":\s*(.+)", text)
        return m.group(1).strip() if m else None
    wall = field("Elapsed (wall clock) time (h:mm:ss or m:ss)")
    parts = [float(p) for p in wall.split(":")]
    secs = 0.0
    for p in parts:
        secs = secs * 60 + p
    return {"wall_time_v": secs, "user": float(field("User time (seconds)")),
            "sys": float(field("System time (seconds)")),
            "rss_mb": int(field("Maximum resident set size (kbytes)")) / 1024.0,
            "exit": int(field("Exit status") or 0)}


def count_outputs(root):
    """HTML pages (redirect stubs counted apart), all files, bytes."""
    pages = stubs = files = size = 0
    for dirpath, dirnames, filenames in os.walk(root):
        for name in filenames:
            p = os.path.join(dirpath, name)
            st = os.stat(p)
            files += 1
            size += st.st_size
            if name.endswith(".html"):
                if st.st_size < 1024:
                    with open(p, "rb") as f:
                        if b'http-equiv="refresh"' in f.read():
                            stubs += 1
                            continue
                pages += 1
    return {"pages": pages, "redirect_stubs": stubs, "files": files, "bytes": size}


def snapshot(root):
    """path → (inode, mtime_ns, size), to see which outputs a rebuild rewrote."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in filenames:
            p = os.path.join(dirpath, name)
            st = os.stat(p)
            out[os.path.relpath(p, root)] = (st.st_ino, st.st_mtime_ns, st.st_size)
    return out


class Tool:
    def __init__(self, name, galley=None):
        self.name = name
        self.galley = galley

    def command(self, site, out):
        if self.name == "galley":
            return [self.galley, "build", "--site", site, "--output", out]
        if self.name == "hugo":
            return ["hugo", "--source", site, "--destination", out, "--quiet"]
        if self.name == "jekyll":
            return ["jekyll", "build", "--source", site, "--destination", out, "--quiet"]
        raise ValueError(self.name)

    def clean(self, site, out):
        """Everything a cold build must not find: the output, and each tool's caches.

        Outputs are moved into a trash folder, deleted only after all measurements (`empty_trash`):
        these machines' ext4 has no journal, and then ext4 skips recently deleted inodes one by one
        when it makes a file, so a build started right after deleting the previous output (thousands
        of files) pays for that deletion, whatever the tool."""
        move_to_trash(out)
        parent = os.path.dirname(out)
        if os.path.isdir(parent):          # Galley's staging/retired folders from an interrupted build
            for name in os.listdir(parent):
                if name.startswith("." + os.path.basename(out) + ".galley-"):
                    move_to_trash(os.path.join(parent, name))
        for cache in (".jekyll-cache", ".jekyll-metadata", ".sass-cache", "resources/_gen", ".galley-cache", ".galley"):
            p = os.path.join(site, cache)
            if os.path.isdir(p):
                shutil.rmtree(p, ignore_errors=True)
            elif os.path.exists(p):
                os.remove(p)

    def version(self):
        try:
            if self.name == "galley":
                # The checkout the binary was built in (a worktree, or this repository).
                where = os.path.dirname(os.path.realpath(self.galley))
                top = subprocess.run(["git", "-C", where, "rev-parse", "--show-toplevel"], capture_output=True, text=True).stdout.strip() or REPO
                rev = subprocess.run(["git", "-C", top, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
                dirty = subprocess.run(["git", "-C", top, "status", "--porcelain", "--", "Sources", "Package.swift"],
                                       capture_output=True, text=True).stdout.strip()
                return f"Galley {rev}{' + uncommitted changes in Sources/' if dirty else ''} ({self.galley}, checkout {top})"
            if self.name == "hugo":
                return subprocess.run(["hugo", "version"], capture_output=True, text=True).stdout.strip()
            if self.name == "jekyll":
                return subprocess.run(["jekyll", "--version"], capture_output=True, text=True).stdout.strip()
        except OSError as e:
            return f"{self.name}: {e}"


TRASH = None   # set in main(): a folder on the same file system as the outputs


def move_to_trash(path):
    if not os.path.lexists(path):
        return
    if TRASH is None:
        shutil.rmtree(path, ignore_errors=True)
        return
    os.makedirs(TRASH, exist_ok=True)
    os.rename(path, os.path.join(TRASH, f"{len(os.listdir(TRASH))}-{os.path.basename(path)}"))


def empty_trash():
    if TRASH and os.path.isdir(TRASH):
        shutil.rmtree(TRASH, ignore_errors=True)


def run_once(tool, site, out, label, clean=True, timeout=7200):
    if clean:
        tool.clean(site, out)
    tfile = out.rstrip("/") + ".time.txt"
    os.makedirs(os.path.dirname(out), exist_ok=True)
    cmd = ["/usr/bin/time", "-v", "-o", tfile] + tool.command(site, out)
    b0, t0 = proc_stat()
    start = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=timeout)
    wall = time.perf_counter() - start
    b1, t1 = proc_stat()
    r = parse_time_v(tfile)
    r["wall"] = wall
    r["cpu"] = r["user"] + r["sys"]
    machine_cpu = (b1 - b0) / HZ
    others = max(0.0, machine_cpu - r["cpu"])
    r["others_cpu"] = others
    r["others_pct"] = 100.0 * others / (wall * NCPU) if wall > 0 else 0.0
    r["ok"] = proc.returncode == 0
    if not r["ok"]:
        r["stderr"] = proc.stderr.decode(errors="replace")[-3000:]
    log(f"  {label:<28} wall {wall:7.2f} s  cpu {r['cpu']:7.2f} s  rss {r['rss_mb']:7.0f} MB  "
        f"others {r['others_pct']:5.1f}%{'' if r['ok'] else '  FAILED (exit %d)' % proc.returncode}")
    if not r["ok"]:
        log("    " + r["stderr"].strip().replace("\n", "\n    ")[-1500:])
    return r


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--galley", required=True, help="path of the release galley binary")
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000])
    ap.add_argument("--tools", default="galley,hugo,jekyll")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--out", default=os.path.join(HERE, "out"))
    ap.add_argument("--peers-at-20000", action="store_true", help="also run Hugo and Jekyll at N ≥ 20000")
    ap.add_argument("--rebuild-runs", type=int, default=3, help="Galley nothing-changed rebuilds (0: skip)")
    args = ap.parse_args()

    tools = [Tool(t.strip(), args.galley) for t in args.tools.split(",") if t.strip()]
    results = {"started": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
               "machine": {"cpus": NCPU, "kernel": platform.release(), "python": platform.python_version()},
               "versions": {t.name: t.version() for t in tools}, "sizes": {}}

    global TRASH
    TRASH = os.path.join(args.out, ".trash")
    empty_trash()   # an interrupted run's
    for n in args.sizes:
        corpus = os.path.join(args.out, f"corpus-{n}")
        manifest = json.load(open(os.path.join(corpus, "manifest.json")))
        these = [t for t in tools if t.name == "galley" or n < 20000 or args.peers_at_20000]
        log(f"\nN = {n}: {manifest['markdown_bytes'] / 1e6:.1f} MB of Markdown, {manifest['code_blocks']} code blocks, "
            f"{manifest['tags']} tags, {manifest['categories']} categories; tools: {', '.join(t.name for t in these)}")
        entry = {"corpus": {k: manifest[k] for k in ("posts", "markdown_bytes", "code_blocks", "tags", "categories", "seed", "generator_version")},
                 "tools": {}}
        site = {t.name: os.path.join(corpus, t.name) for t in these}
        out = {t.name: os.path.join(args.out, f"build-{n}", t.name) for t in these}
        for t in these:
            r = run_once(t, site[t.name], out[t.name], f"{t.name} warm-up")
            entry["tools"][t.name] = {"warmup": r, "runs": []}
        for k in range(args.runs):
            for t in these:
                if not entry["tools"][t.name]["warmup"]["ok"]:
                    continue
                r = run_once(t, site[t.name], out[t.name], f"{t.name} run {k + 1}/{args.runs}")
                entry["tools"][t.name]["runs"].append(r)
        for t in these:
            e = entry["tools"][t.name]
            if os.path.isdir(out[t.name]):
                e["outputs"] = count_outputs(out[t.name])
        # Galley with nothing changed: same sources, output left in place.
        g = next((t for t in these if t.name == "galley"), None)
        if g and args.rebuild_runs > 0 and entry["tools"]["galley"]["runs"]:
            reb = []
            for k in range(args.rebuild_runs):
                before = snapshot(out["galley"])
                r = run_once(g, site["galley"], out["galley"], f"galley rebuild (no change) {k + 1}", clean=False)
                after = snapshot(out["galley"])
                r["rewritten"] = sum(1 for p, v in after.items() if before.get(p) != v)
                r["files"] = len(after)
                reb.append(r)
            entry["rebuild"] = reb
        results["sizes"][str(n)] = entry

    results["finished"] = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    log("\nremoving the old outputs (trash)")
    empty_trash()
    text = report(results, args)
    print(text)
    os.makedirs(args.out, exist_ok=True)
    # results-<date>.md is the day's latest run; results-<date>-<time>.md keeps every run.
    now = dt.datetime.now()
    for name in (f"results-{now:%Y-%m-%d}", f"results-{now:%Y-%m-%d-%H%M%S}"):
        with open(os.path.join(args.out, name + ".md"), "w") as f:
            f.write(text)
        with open(os.path.join(args.out, name + ".json"), "w") as f:
            json.dump(results, f, indent=1)
    day = f"{now:%Y-%m-%d}"
    log(f"\nwritten: {os.path.join(args.out, f'results-{day}.md')} (and .json)")


def fmt(x, digits=2):
    return "—" if x is None or x != x else f"{x:.{digits}f}"


def ratio(x, base):
    return f"{x / base:.1f}×" if base else "—"


def report(results, args):
    lines = [f"# Galley build benchmark — {results['started']}", "",
             f"Machine: {results['machine']['cpus']} CPUs, Linux {results['machine']['kernel']}. "
             f"Each cell: median of {args.runs} cold builds (output and caches removed) after one warm-up; "
             f"runs interleaved across tools. Peak RSS: the largest of the measured runs. "
             f"*Others*: CPU used by other processes during the run, as % of the machine (largest run); "
             f"⚠ above {OTHER_LOAD_WARN:.0f}% — the machine was not idle, times are inflated.", ""]
    for name, v in results["versions"].items():
        lines.append(f"- {name}: `{v}`")
    lines += ["", "| tool | N | wall s | CPU s | peak RSS MB | pages | others | wall ÷ Galley | CPU ÷ Galley | RSS ÷ Galley |",
              "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    summary = {}
    for n, entry in results["sizes"].items():
        g = entry["tools"].get("galley")
        gruns = [r for r in (g or {}).get("runs", []) if r["ok"]]
        gw = median([r["wall"] for r in gruns]) if gruns else None
        gc = median([r["cpu"] for r in gruns]) if gruns else None
        grss = max([r["rss_mb"] for r in gruns]) if gruns else None
        for name, e in entry["tools"].items():
            runs = [r for r in e["runs"] if r["ok"]]
            if not runs:
                lines.append(f"| {name} | {n} | failed | | | | | | | |")
                continue
            w, c, rss = median([r["wall"] for r in runs]), median([r["cpu"] for r in runs]), max(r["rss_mb"] for r in runs)
            others = max(r["others_pct"] for r in runs + [e["warmup"]])
            o = e.get("outputs", {})
            pages = str(o.get("pages", "—")) + (f" (+{o['redirect_stubs']} redirects)" if o.get("redirect_stubs") else "")
            warn = " ⚠" if others > OTHER_LOAD_WARN else ""
            lines.append(f"| {name} | {n} | {fmt(w)} | {fmt(c)} | {fmt(rss, 0)} | {pages} | {others:.0f}%{warn} | "
                         f"{ratio(w, gw)} | {ratio(c, gc)} | {ratio(rss, grss)} |")
            summary[(name, int(n))] = (w, c, rss)
    # Nothing-changed rebuilds.
    reb_rows = []
    for n, entry in results["sizes"].items():
        reb = [r for r in entry.get("rebuild", []) if r["ok"]]
        if reb:
            reb_rows.append(f"| galley (nothing changed) | {n} | {fmt(median([r['wall'] for r in reb]))} | "
                            f"{fmt(median([r['cpu'] for r in reb]))} | {fmt(max(r['rss_mb'] for r in reb), 0)} | "
                            f"{reb[-1]['rewritten']} of {reb[-1]['files']} | {max(r['others_pct'] for r in reb):.0f}% |")
    if reb_rows:
        lines += ["", "Rebuild with nothing changed (output left in place; *rewritten*: output files whose inode, mtime or size changed):", "",
                  "| tool | N | wall s | CPU s | peak RSS MB | rewritten | others |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"] + reb_rows
    # Issue 8 targets.
    checks = []
    for n in sorted({n for (_, n) in summary}):
        g = summary.get(("galley", n))
        if not g:
            continue
        if ("hugo", n) in summary:
            h = summary[("hugo", n)]
            checks.append(f"- N={n}: Hugo ÷ Galley wall {h[0] / g[0]:.1f}× (target ≥ 20×) {'✅' if h[0] / g[0] >= 20 else '❌'}; "
                          f"Galley RSS {g[2]:.0f} MB vs ¼ of Hugo's {h[2] / 4:.0f} MB {'✅' if g[2] <= h[2] / 4 else '❌'}")
        if ("jekyll", n) in summary:
            j = summary[("jekyll", n)]
            checks.append(f"- N={n}: Jekyll ÷ Galley wall {j[0] / g[0]:.1f}× (target ≥ 50×) {'✅' if j[0] / g[0] >= 50 else '❌'}")
    if ("galley", 20000) in summary and ("galley", 5000) in summary:
        a, b = summary[("galley", 20000)], summary[("galley", 5000)]
        checks.append(f"- Linearity: Galley wall(20000) ÷ wall(5000) = {a[0] / b[0]:.2f} (target ≤ 4.2) {'✅' if a[0] / b[0] <= 4.2 else '❌'}; "
                      f"CPU ratio {a[1] / b[1]:.2f}")
    if checks:
        lines += ["", "Issue 8 targets:", ""] + checks
    lines += ["", "All runs (wall s / CPU s / RSS MB / others %):", ""]
    for n, entry in results["sizes"].items():
        for name, e in entry["tools"].items():
            runs = ", ".join(f"{r['wall']:.2f}/{r['cpu']:.2f}/{r['rss_mb']:.0f}/{r['others_pct']:.0f}%" + ("" if r["ok"] else " FAILED")
                             for r in [e["warmup"]] + e["runs"])
            lines.append(f"- {name} N={n}: warm-up {runs}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
