#!/usr/bin/env python3
"""Save-to-reload latency of `galley serve` (issue 7, item 5), on the benchmark corpus.

    python3 Benchmarks/serve-latency.py [--posts 1000 5000] [--samples 20] [--galley PATH]
                                        [--tool galley|hugo|jekyll] [--post INDEX]

For each N: copies the corpus site to Benchmarks/out/serve-<N>/ (the build corpus stays
untouched), starts the server on a free port, waits for the first build, subscribes to the
live-reload stream (Server-Sent Events at /__galley/events), then `--samples` times appends a
sentence to one post the way editors save (write a temporary file, then rename it over the post)
and measures, from the rename:
  - event: the first `reload` (or `css`/`ok`/build-error) event on the stream;
  - disk:  the post's output page containing the new sentence.
  - page:  the server answering GET of the post's URL with the new text (save-to-page: what a
           reader of the preview waits for; polled every ~2 ms, as disk is).
An event that arrives before the new text is on disk is counted: the browser would reload to a
stale page. Successive saves differ in length; a last save changes one character and keeps the
length (the *same-size save* column: some change detectors look at size and mtime only). Reports median and p95 (nearest rank) and writes Benchmarks/out/serve-latency-<date>.md.

--tool hugo runs `hugo server --renderToDisk` and --tool jekyll `jekyll serve --watch` on the
same corpus for comparison (disk latency only: their reload channels are WebSockets).
Python 3 standard library only.
"""

import argparse
import datetime as dt
import json
import math
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
EVENTS_PATH = "/__galley/events"          # Sources/Server/LiveReloadScript.swift: eventsPath
RELOAD_EVENTS = {"reload", "css", "ok", "build-error", "error-overlay", "failure"}


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class EventStream(threading.Thread):
    """A minimal SSE client: records (perf_counter time, event name, data) for every event."""

    def __init__(self, port, path=EVENTS_PATH):
        super().__init__(daemon=True)
        self.port, self.path = port, path
        self.events = []
        self.lock = threading.Condition()
        self.connected = threading.Event()
        self.error = None
        self.sock = None

    def run(self):
        try:
            self.sock = socket.create_connection(("127.0.0.1", self.port), timeout=None)
            self.sock.sendall(f"GET {self.path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                              "Accept: text/event-stream\r\nCache-Control: no-cache\r\n\r\n".encode())
            buf = b""
            while b"\r\n\r\n" not in buf:
                chunk = self.sock.recv(65536)
                if not chunk:
                    raise ConnectionError("closed before headers")
                buf += chunk
            head, buf = buf.split(b"\r\n\r\n", 1)
            status = head.split(b"\r\n")[0].decode()
            if " 200" not in status:
                raise ConnectionError(f"{self.path}: {status}")
            chunked = b"transfer-encoding: chunked" in head.lower()
            self.connected.set()
            raw = buf
            text = b""
            name, data = None, []
            while True:
                if chunked:
                    # De-chunk whatever complete chunks we have.
                    while True:
                        if b"\r\n" not in raw:
                            break
                        size_line, rest = raw.split(b"\r\n", 1)
                        size = int(size_line.split(b";")[0] or b"0", 16)
                        if len(rest) < size + 2:
                            break
                        text += rest[:size]
                        raw = rest[size + 2:]
                        if size == 0:
                            return
                else:
                    text += raw
                    raw = b""
                while b"\n" in text:
                    line, text = text.split(b"\n", 1)
                    line = line.rstrip(b"\r").decode("utf-8", "replace")
                    if line == "":
                        if name or data:
                            with self.lock:
                                self.events.append((time.perf_counter(), name or "message", "\n".join(data)))
                                self.lock.notify_all()
                        name, data = None, []
                    elif line.startswith(":"):
                        continue
                    elif line.startswith("event:"):
                        name = line[6:].strip()
                    elif line.startswith("data:"):
                        data.append(line[5:].lstrip())
                chunk = self.sock.recv(65536)
                if not chunk:
                    return
                raw += chunk
        except Exception as e:  # noqa: BLE001 — reported by the caller
            self.error = e
            self.connected.set()

    def wait_after(self, t0, timeout):
        """First event recorded after t0, or None."""
        deadline = time.perf_counter() + timeout
        with self.lock:
            while True:
                for ev in self.events:
                    if ev[0] >= t0 and ev[1] in RELOAD_EVENTS:
                        return ev
                left = deadline - time.perf_counter()
                if left <= 0:
                    return None
                self.lock.wait(min(left, 0.05))

    def last_time(self):
        with self.lock:
            return self.events[-1][0] if self.events else 0.0

    def close(self):
        try:
            if self.sock:
                self.sock.shutdown(socket.SHUT_RDWR)
                self.sock.close()
        except OSError:
            pass


def server_command(tool, galley, site, out, port):
    if tool == "galley":
        return [galley, "serve", "--site", site, "--output", out, "--port", str(port)]
    if tool == "hugo":
        return ["hugo", "server", "--source", site, "--destination", out, "--renderToDisk", "--port", str(port),
                "--bind", "127.0.0.1", "--disableFastRender", "--watch", "--quiet"]
    if tool == "jekyll":
        return ["jekyll", "serve", "--source", site, "--destination", out, "--port", str(port), "--host", "127.0.0.1", "--watch"]
    raise ValueError(tool)


def http_ok(port, path="/"):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=2) as r:
            return r.status == 200
    except Exception:  # noqa: BLE001
        return False


def atomic_save(path, text, tag):
    """As editors do: a temporary file in the same folder, then rename over the original."""
    tmp = os.path.join(os.path.dirname(path), f".{os.path.basename(path)}.{tag}.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    t0 = time.perf_counter()
    os.replace(tmp, path)
    return t0


def wait_on_disk(path, marker, t0, timeout):
    """Polls the output page (every ~2 ms) until it contains `marker`; seconds after t0, or None."""
    needle = marker.encode()
    deadline = t0 + timeout
    while time.perf_counter() < deadline:
        try:
            with open(path, "rb") as f:
                if needle in f.read():
                    return time.perf_counter() - t0
        except OSError:
            pass
        time.sleep(0.002)
    return None


def wait_served(port, url, path, marker, t0, timeout):
    """Polls the page over HTTP and on disk (every ~2 ms) until each has `marker`: (page s, disk s) after t0."""
    needle = marker.encode()
    deadline = t0 + timeout
    page = disk = None
    while time.perf_counter() < deadline and (page is None or disk is None):
        if disk is None:
            try:
                with open(path, "rb") as f:
                    if needle in f.read():
                        disk = time.perf_counter() - t0
            except OSError:
                pass
        if page is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}{url}", timeout=2) as r:
                    if needle in r.read():
                        page = time.perf_counter() - t0
            except Exception:  # noqa: BLE001
                pass
        time.sleep(0.002)
    return page, disk


def memory_mb(pid):
    """The server's resident memory now and its peak so far (VmRSS, VmHWM), in MB."""
    out = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(("VmRSS:", "VmHWM:")):
                    out[line.split(":")[0]] = int(line.split()[1]) / 1024
    except OSError:
        pass
    return out.get("VmRSS"), out.get("VmHWM")


def machine_busy():
    """CPU-seconds all processes have used since boot (/proc/stat)."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]] + [0] * 8
    return (v[0] + v[1] + v[2] + v[5] + v[6] + v[7]) / os.sysconf("SC_CLK_TCK")


def process_cpu(pid):
    """user+sys CPU-seconds of `pid` and its reaped children (the server; stdbuf execs it in place)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return 0.0


def pct(xs, p):
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[max(0, math.ceil(p / 100 * len(s)) - 1)]


def measure(n, args):
    corpus = os.path.join(args.out, f"corpus-{n}")
    if not os.path.isfile(os.path.join(corpus, "manifest.json")):
        log(f"generating corpus-{n} …")
        subprocess.run([sys.executable, os.path.join(HERE, "corpus.py"), "--posts", str(n), "--out", corpus], check=True)
    manifest = json.load(open(os.path.join(corpus, "manifest.json")))
    work = os.path.join(args.out, f"serve-{n}")
    site = os.path.join(work, f"{args.tool}-site")
    out = os.path.join(work, f"{args.tool}-public")
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(os.path.join(corpus, args.tool), site)
    item = manifest["items"][args.post]
    posts_dir = {"galley": "content/posts", "hugo": "content/posts", "jekyll": "_posts"}[args.tool]
    source = os.path.join(site, posts_dir, item["file"])
    target = os.path.join(out, item["output"])
    original = open(source, encoding="utf-8").read()

    port = free_port()
    cmd = server_command(args.tool, args.galley, site, out, port)
    logf = open(os.path.join(work, "server.log"), "w")
    log(f"\nN = {n}: {' '.join(cmd)}")
    t_start = time.perf_counter()
    proc = subprocess.Popen(["stdbuf", "-oL", "-eL"] + cmd, stdout=logf, stderr=subprocess.STDOUT, start_new_session=True)
    result = {"posts": n, "tool": args.tool, "post": item["file"], "samples": [], "error": None}
    stream = None
    try:
        # Ready: the server answers and the first build has written the post we will edit.
        deadline = time.perf_counter() + args.ready_timeout
        while not (os.path.isfile(target) and http_ok(port, "/" + item["url"].lstrip("/"))):
            if proc.poll() is not None:
                raise RuntimeError(f"server exited with {proc.returncode}; see {logf.name}")
            if time.perf_counter() > deadline:
                served = http_ok(port, "/")
                raise RuntimeError(f"no first build after {args.ready_timeout:.0f} s (server answering: {served}; "
                                   f"{target} {'exists' if os.path.isfile(target) else 'missing'}) — "
                                   f"does `{args.tool} serve` build and rebuild yet? see {logf.name}")
            time.sleep(0.05)
        result["first_build_s"] = time.perf_counter() - t_start
        time.sleep(args.settle)
        result["rss_after_first_mb"], result["peak_after_first_mb"] = memory_mb(proc.pid)
        log(f"  ready after {result['first_build_s']:.1f} s (first build)")
        if args.tool == "galley":
            stream = EventStream(port)
            stream.start()
            stream.connected.wait(10)
            if stream.error:
                raise RuntimeError(f"live-reload stream: {stream.error}")
        time.sleep(args.settle)

        busy0, server0, wall0 = machine_busy(), process_cpu(proc.pid), time.perf_counter()
        for k in range(args.samples):
            # Quiet period: no event for `settle` seconds, so samples do not overlap.
            if stream:
                while time.perf_counter() - stream.last_time() < args.settle:
                    time.sleep(0.05)
            marker = f"latency-marker-{n}-{k}-{os.getpid()}"
            # Each save also differs in length from the one before (k + 1 words of padding), so a tool that only
            # notices size changes is still measured; the same-size check below tests exactly that case.
            text = original.rstrip("\n") + f"\n\nAdded while measuring save-to-reload latency ({marker}){' again' * (k + 1)}.\n"
            t0 = atomic_save(source, text, k)
            page, disk = wait_served(port, "/" + item["url"].lstrip("/"), target, marker, t0, args.timeout)
            ev = stream.wait_after(t0, args.timeout if disk is None else max(0.0, args.timeout - disk)) if stream else None
            event = (ev[0] - t0) if ev else None
            sample = {"page_s": page, "disk_s": disk, "event_s": event, "event": ev[1] if ev else None,
                      "event_before_disk": bool(ev and disk is not None and event < disk) or bool(ev and disk is None)}
            result["samples"].append(sample)
            log(f"  sample {k + 1:2}/{args.samples}: page {fmt_ms(page)}  on disk {fmt_ms(disk)}  event {fmt_ms(event)}"
                f"{' (' + ev[1] + ')' if ev else ''}{'  EVENT BEFORE WRITE' if sample['event_before_disk'] else ''}")
            if disk is None and event is None and k >= 1 and all(s["disk_s"] is None for s in result["samples"]):
                result["error"] = "no rebuild observed after two saves — is the serve rebuild wired yet?"
                log("  " + result["error"])
                break
            if not stream:
                time.sleep(args.settle)
        wall = time.perf_counter() - wall0
        result["rss_after_saves_mb"], result["peak_after_saves_mb"] = memory_mb(proc.pid)
        others = max(0.0, (machine_busy() - busy0) - (process_cpu(proc.pid) - server0))
        result["others_pct"] = 100.0 * others / (wall * (os.cpu_count() or 1)) if wall > 0 else 0.0
        log(f"  other processes used {result['others_pct']:.0f}% of the machine while sampling")
        if result["samples"] and not result["error"]:
            # Same-size check: change one character of the last save, keeping its length.
            if stream:
                while time.perf_counter() - stream.last_time() < args.settle:
                    time.sleep(0.05)
            else:
                time.sleep(args.settle)
            same = marker.replace("latency-marker", "latency-markeR")      # same length, one character differs
            last = text
            text = last.replace(marker, same)
            marker = same
            assert len(text) == len(last) and text != last
            t0 = atomic_save(source, text, "same-size")
            disk = wait_on_disk(target, marker, t0, min(args.timeout, 10.0))
            result["same_size_edit_s"] = disk
            log(f"  same-size save (one character changed): on disk {fmt_ms(disk)}"
                f"{'' if disk is not None else '  MISSED: the page kept the previous text'}")
    except Exception as e:  # noqa: BLE001
        result["error"] = str(e)
        log(f"  error: {e}")
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)   # a second Ctrl-C must not leave the server running
        with open(source, "w", encoding="utf-8") as f:
            f.write(original)
        if stream:
            stream.close()
        try:
            os.killpg(proc.pid, signal.SIGINT)
            proc.wait(timeout=10)
        except (subprocess.TimeoutExpired, ProcessLookupError):
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait()
        logf.close()
        signal.signal(signal.SIGINT, signal.default_int_handler)
    return result


def fmt_ms(s):
    return "   —    " if s is None or s != s else f"{s * 1000:6.0f} ms"


def cell(s):
    return "—" if s is None or s != s else f"{s * 1000:.0f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--posts", type=int, nargs="+", default=[1000, 5000])
    ap.add_argument("--samples", type=int, default=20)
    ap.add_argument("--tool", choices=["galley", "hugo", "jekyll"], default="galley")
    ap.add_argument("--galley", default=os.environ.get("GALLEY"), help="galley binary (default: .build-bench release)")
    ap.add_argument("--post", type=int, default=0, help="index of the post to edit (0 = newest)")
    ap.add_argument("--out", default=os.path.join(HERE, "out"))
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds to wait for each rebuild")
    ap.add_argument("--ready-timeout", type=float, default=300.0, help="seconds to wait for the first build")
    ap.add_argument("--json", help="also write the results here (run.sh reads them)")
    ap.add_argument("--settle", type=float, default=0.5, help="quiet seconds between samples")
    args = ap.parse_args()
    if args.tool == "galley" and not args.galley:
        repo = os.path.dirname(HERE)
        args.galley = os.path.join(repo, ".build-bench", "release", "galley")
    if args.tool == "galley" and not os.access(args.galley, os.X_OK):
        sys.exit(f"serve-latency: no galley binary at {args.galley} (build it: see Benchmarks/README.md, or --galley PATH)")

    results = [measure(n, args) for n in args.posts]
    lines = [f"# Save-to-reload latency — {args.tool} serve — {dt.datetime.now(dt.timezone.utc).isoformat(timespec='seconds')}", "",
             f"{args.samples} saves per N (temp file + rename), appending one sentence to the newest post. "
             "*page*: save → the server answers with the new text (save-to-page); *event*: save → live-reload event; "
             "*disk*: save → the post's page on disk with the new text. *RSS MB*: the server's resident memory after the first build → after the saves (peak in brackets). "
             "Median / p95 (nearest rank). *others*: CPU used by other processes while sampling, % of the machine (⚠ > 10%: not idle).", "",
             "| tool | N | first build s | samples | page median ms | page p95 ms | disk median ms | disk p95 ms | event median ms | event p95 ms | event before write | missed | same-size save | RSS MB | others |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: |"]
    for r in results:
        disk = [s["disk_s"] for s in r["samples"] if s["disk_s"] is not None]
        ev = [s["event_s"] for s in r["samples"] if s["event_s"] is not None]
        page = [s["page_s"] for s in r["samples"] if s.get("page_s") is not None]
        r["page_median_s"] = statistics.median(page) if page else None
        mem = "—"
        if r.get("rss_after_saves_mb"):
            mem = f"{r['rss_after_first_mb']:.0f} → {r['rss_after_saves_mb']:.0f} ({r['peak_after_saves_mb']:.0f})"
        missed = sum(1 for s in r["samples"] if s["disk_s"] is None or (args.tool == "galley" and s["event_s"] is None))
        early = sum(1 for s in r["samples"] if s["event_before_disk"])
        row = (f"| {r['tool']} | {r['posts']} | {r.get('first_build_s', float('nan')):.1f} | {len(r['samples'])} | "
               f"{cell(r['page_median_s'])} | {cell(pct(page, 95) if page else None)} | "
               f"{cell(statistics.median(disk) if disk else None)} | {cell(pct(disk, 95) if disk else None)} | "
               f"{cell(statistics.median(ev) if ev else None)} | {cell(pct(ev, 95) if ev else None)} | {early} | {missed} | "
               f"{'—' if 'same_size_edit_s' not in r else ('missed' if r['same_size_edit_s'] is None else cell(r['same_size_edit_s']) + ' ms')} | "
               f"{mem} | "
               f"{'—' if 'others_pct' not in r else '%.0f%%%s' % (r['others_pct'], ' ⚠' if r['others_pct'] > 10 else '')} |")
        lines.append(row)
        if r["error"]:
            lines.append(f"|  | error: {r['error']} | | | | | | | | | | | | | |")
    text = "\n".join(lines) + "\n"
    print(text)
    # serve-latency-<tool>-<date>.md is the day's latest run; …-<date>-<time>.md keeps every run.
    now = dt.datetime.now()
    for name in (f"serve-latency-{args.tool}-{now:%Y-%m-%d}", f"serve-latency-{args.tool}-{now:%Y-%m-%d-%H%M%S}"):
        path = os.path.join(args.out, name + ".md")
        with open(path, "w") as f:
            f.write(text)
        with open(path[:-3] + ".json", "w") as f:
            json.dump(results, f, indent=1)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    log(f"written: {path}")
    sys.exit(1 if any(r["error"] for r in results) else 0)


if __name__ == "__main__":
    main()
