#!/usr/bin/env python3
"""Save-to-page time of `galley serve` and `jekyll serve --watch` in a Jekyll folder (issue 28, item 6).

    python3 Benchmarks/jekyll/serve-latency.py SITE --tool galley|jekyll [--galley PATH] [--samples 5]
        --post SRC URL [--template SRC URL]

SITE is copied to a temporary folder (the checkout stays untouched). The server is started on a free port
and the first build awaited; then `--samples` times a sentence is appended to the post SRC the way editors
save (temporary file renamed over it) and the time from the rename until GET URL answers with the new text
is measured (polled every ~2 ms). With --template, an HTML comment is appended to SRC (an include or a
layout) and the time until URL shows it is measured the same way. Prints median and max per edit kind.
Jekyll runs as `PAGES_DISABLE_NETWORK=1 JEKYLL_NO_BUNDLER_REQUIRE=true jekyll serve --watch`.
Python 3 standard library only.
"""

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url):
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.read().decode("utf-8", "replace")
    except Exception:
        return None


def wait_for(url, text, timeout):
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        body = fetch(url)
        if body is not None and (text is None or text in body):
            return time.perf_counter()
        time.sleep(0.002)
    return None


def save(path, append):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    tmp = path + ".tmp-save"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text + append)
    t = time.perf_counter()
    os.replace(tmp, path)
    return t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("site")
    ap.add_argument("--tool", choices=["galley", "jekyll"], default="galley")
    ap.add_argument("--galley", default=".build/release/galley")
    ap.add_argument("--samples", type=int, default=5)
    ap.add_argument("--post", nargs=2, metavar=("SRC", "URL"), required=True)
    ap.add_argument("--template", nargs=2, metavar=("SRC", "URL"))
    ap.add_argument("--timeout", type=float, default=300)
    a = ap.parse_args()

    work = tempfile.mkdtemp(prefix="jserve-")
    site = os.path.join(work, os.path.basename(os.path.abspath(a.site)))
    shutil.copytree(a.site, site, symlinks=True, ignore=shutil.ignore_patterns(".git", "_site", ".jekyll-cache"))
    port = free_port()
    env = dict(os.environ, PAGES_DISABLE_NETWORK="1", JEKYLL_NO_BUNDLER_REQUIRE="true")
    if a.tool == "galley":
        cmd = [os.path.abspath(a.galley), "serve", "--site", site, "--port", str(port)]
    else:
        cmd = ["jekyll", "serve", "--watch", "--port", str(port), "--host", "127.0.0.1"]
    log = open(os.path.join(work, "server.log"), "w")
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=site, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    rows = []
    try:
        if wait_for(base + a.post[1], None, a.timeout) is None:
            sys.exit(f"{a.tool}: the first build did not finish (see /tmp/jserve-{a.tool}-server.log)")
        rows.append(("first build", [time.perf_counter() - start]))
        time.sleep(1.0)
        for kind, (src, url), fmt in [("post edit", a.post, "\n\nSaved sentence {n} {tag}.\n"),
                                       ("template edit", a.template, "\n<!-- saved {n} {tag} -->\n")]:
            if src is None:
                continue
            times = []
            for n in range(a.samples):
                tag = f"jserve{os.getpid()}x{kind[0]}{n}"
                t0 = save(os.path.join(site, src), fmt.format(n=n, tag=tag))
                t1 = wait_for(base + url, tag, a.timeout)
                if t1 is None:
                    sys.exit(f"{a.tool}: {url} never showed the {kind} (see /tmp/jserve-{a.tool}-server.log)")
                times.append(t1 - t0)
                time.sleep(0.5)
            rows.append((kind, times))
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
        kept = os.path.join(tempfile.gettempdir(), f"jserve-{a.tool}-server.log")
        shutil.copy(log.name, kept)  # the server's output survives the temporary copy
        shutil.rmtree(work, ignore_errors=True)
    name = os.path.basename(os.path.abspath(a.site))
    for kind, times in rows:
        ms = [t * 1000 for t in times]
        print(f"{name}\t{a.tool}\t{kind}\tmedian {statistics.median(ms):.0f} ms\tmax {max(ms):.0f} ms\tn={len(ms)}")


if __name__ == "__main__":
    main()
