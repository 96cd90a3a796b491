#!/usr/bin/env python3
"""Run each command R times under /usr/bin/time -v; report median wall, CPU s,
peak RSS, and CPU used by *other* processes during the run (from /proc/stat)."""
import time, subprocess, statistics, sys, os, re, json
HZ = os.sysconf("SC_CLK_TCK")
def busy():
    f = open("/proc/stat").readline().split()[1:]
    v = list(map(int, f)); return (v[0] + v[1] + v[2] + v[5] + v[6]) / HZ  # user nice system irq softirq
def once(cmd):
    b0 = busy(); t0 = time.perf_counter()
    p = subprocess.run(["/usr/bin/time", "-v", "sh", "-c", cmd],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - t0; b1 = busy()
    t = p.stderr
    g = lambda k: re.search(k + r".*?: (.*)", t).group(1)
    cpu = float(g("User time")) + float(g("System time"))
    rss = int(g("Maximum resident set size")) / 1024
    return dict(wall=wall, cpu=cpu, rss=rss, other=max(0.0, (b1 - b0) - cpu))
R = int(os.environ.get("RUNS", 5))
results = {}
for name, cmd, size in json.load(open(sys.argv[1])):
    once(cmd)                                   # warm the page cache
    runs, dropped = [], 0
    while len(runs) < R:
        r = once(cmd)
        # idle check: other processes may use at most 5% of one core during the run
        if r["other"] > 0.05 * r["wall"] + 0.03 and dropped < 20: dropped += 1; continue
        runs.append(r)
    med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
    med["mbps"] = size / 1e6 / med["wall"] if size else None
    med["dropped"] = dropped
    med["walls"] = [round(r["wall"], 3) for r in runs]
    results[name] = med
    print(f"{name:28s} wall {med['wall']:.3f}s  cpu {med['cpu']:.2f}s  rss {med['rss']:.1f} MB  "
          f"other-cpu {max(r['other'] for r in runs):.2f}s dropped {dropped}  " + (f"{med['mbps']:.2f} MB/s" if size else ""), flush=True)
json.dump(results, open(sys.argv[2], "w"), indent=1)
