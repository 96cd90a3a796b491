#!/usr/bin/env python3
"""Dev-server load: `galley serve` and `hugo server` on the same generated corpus, side by side.

    python3 Benchmarks/serve-load.py [--posts 1000] [--seconds 5] [--galley PATH]

For each server: start it on a free loopback port, wait until it answers, read its resident memory,
run `wrk` (Debian's package) against the same post page at 1 connection (kept alive) and at 50, read
the memory again, stop it. Prints a table of requests/s, p50 and p99 latency and RSS before/after,
and writes it to Benchmarks/out/serve-load-<date>.md. Bounded: every wrk run lasts --seconds, every
wait has a deadline, traffic goes to 127.0.0.1 only, and the servers are stopped at the end.
Both servers inject their live-reload script into pages, as a writer sees them.
"""
import argparse, datetime, json, os, re, shutil, signal, socket, subprocess, sys, time, urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def wait_ready(url, deadline):
    while time.time() < deadline:
        try:
            if urllib.request.urlopen(url, timeout=2).status == 200:
                return True
        except Exception:
            time.sleep(0.2)
    return False


def wrk(url, connections, seconds):
    threads = 1 if connections == 1 else 2
    out = subprocess.run(["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency", url],
                         capture_output=True, text=True, timeout=seconds + 30).stdout
    def ms(label):
        m = re.search(rf"^\s+{label}%\s+([\d.]+)(us|ms|s)", out, re.M)
        if not m:
            return float("nan")
        v = float(m.group(1))
        return v / 1000 if m.group(2) == "us" else v * 1000 if m.group(2) == "s" else v
    rps = re.search(r"Requests/sec:\s+([\d.]+)", out)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {"rps": float(rps.group(1)) if rps else float("nan"), "p50": ms("50"), "p99": ms("99"),
            "non2xx": int(errors.group(1)) if errors else 0}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--posts", type=int, default=1000)
    ap.add_argument("--seconds", type=int, default=5)
    ap.add_argument("--galley", default=os.path.join(ROOT, ".build/release/galley"))
    args = ap.parse_args()
    for tool in ["wrk", "hugo"]:
        if not shutil.which(tool):
            sys.exit(f"serve-load: `{tool}` is not installed (apt-get install {tool})")
    if not os.path.exists(args.galley):
        sys.exit(f"serve-load: no galley at {args.galley}; build it with `swift build -c release --product galley --static-swift-stdlib`")
    corpus = os.path.join(HERE, "out", f"corpus-{args.posts}")
    if not os.path.exists(os.path.join(corpus, "manifest.json")):
        subprocess.run([sys.executable, os.path.join(HERE, "corpus.py"), "--posts", str(args.posts), "--out", corpus], check=True)
    manifest = json.load(open(os.path.join(corpus, "manifest.json")))
    post = manifest["items"][len(manifest["items"]) // 2]["url"]
    scratch = os.path.join(HERE, "out", "serve-load")
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)

    results = {}
    for tool in ["galley", "hugo"]:
        port = free_port()
        if tool == "galley":
            cmd = [args.galley, "serve", "--site", os.path.join(corpus, "galley"), "--port", str(port)]
        else:
            cmd = ["hugo", "server", "--source", os.path.join(corpus, "hugo"), "--port", str(port), "--bind", "127.0.0.1",
                   "--baseURL", f"http://127.0.0.1:{port}/", "--appendPort=false"]
        log = open(os.path.join(scratch, f"{tool}.log"), "w")
        proc = subprocess.Popen(cmd, stdout=log, stderr=log, start_new_session=True)
        try:
            url = f"http://127.0.0.1:{port}{post}"
            if not wait_ready(url, time.time() + 180):
                sys.exit(f"serve-load: {tool} did not answer {url}; see {log.name}")
            time.sleep(1)
            before = rss_mb(proc.pid)
            one = wrk(url, 1, args.seconds)
            fifty = wrk(url, 50, args.seconds)
            after = rss_mb(proc.pid)
            results[tool] = {"one": one, "fifty": fifty, "rss_before": before, "rss_after": after}
        finally:
            os.killpg(proc.pid, signal.SIGINT)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)

    g, h = results["galley"], results["hugo"]
    lines = [f"# Dev server load, {args.posts} posts, {args.seconds} s per run ({datetime.date.today()})", "",
             f"Page: `{post}` (a post, live-reload script injected). wrk on loopback; one run each.", "",
             "| server | conns | req/s | p50 ms | p99 ms | non-2xx | RSS before → after MB |",
             "| --- | ---: | ---: | ---: | ---: | ---: | --- |"]
    for tool in ["galley", "hugo"]:
        r = results[tool]
        for label, key in [("1", "one"), ("50", "fifty")]:
            w = r[key]
            lines.append(f"| {tool} | {label} | {w['rps']:.0f} | {w['p50']:.2f} | {w['p99']:.2f} | {w['non2xx']} | "
                         f"{r['rss_before']:.0f} → {r['rss_after']:.0f} |")
    lines += ["", f"Galley ÷ Hugo, req/s: {g['one']['rps'] / h['one']['rps']:.2f}× on 1 connection, "
                  f"{g['fifty']['rps'] / h['fifty']['rps']:.2f}× on 50."]
    text = "\n".join(lines) + "\n"
    print(text)
    with open(os.path.join(HERE, "out", f"serve-load-{datetime.date.today()}.md"), "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
