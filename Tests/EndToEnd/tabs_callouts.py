#!/usr/bin/env python3
"""Code tabs, callouts and charts in a real browser (Debian's chromium and chromedriver, standard library only).

Builds a site with `galley init` plus two posts that use tab groups (Swift/Kotlin, and a group
without Kotlin) and GitHub-style callouts, serves the output folder on loopback, and checks:
the first tab shows and the others are hidden; clicking a label switches every group that has
it and the choice survives a page change (localStorage); arrow keys move between tabs; with
JavaScript off and in print every block shows under its label; callout titles meet 4.5:1 in
light and dark; nothing scrolls sideways at 360 px. The feeds carry every block under its label
and pass `galley check`. Screenshots go to $SCREENSHOTS (if set).

Usage: tabs_callouts.py PATH-TO-GALLEY   (prints `tabs-callouts: N passed, M failed`; exit 1 on failure)
"""
import base64, functools, http.server, json, os, shutil, subprocess, sys, tempfile, threading, urllib.error, urllib.parse, urllib.request

POST_A = """---
title: Sync engine
date: 2026-01-10
tags: [architecture]
---
The same store on both platforms.

```swift tab="Swift"
let store = Store()
```

```kotlin tab="Kotlin"
val store = Store()
```

> [!WARNING]
> The API changed in version 2.

And the client:

```swift tab="Swift"
client.sync()
```

```kotlin tab="Kotlin"
client.sync()
```

From a terminal:

```bash tab="Shell"
curl https://example.com/sync
```

```python tab="Python"
sync()
```

> [!TIP]
> Run it twice.

> [!NOTE]
> A note.

> [!IMPORTANT]
> Important.

> [!CAUTION]
> Careful.

| Tool | Seconds |
|---|---:|
| Galley | 1.5 |
| Hugo | 8.0 |
{: chart="bar" unit="s" title="Build"}
"""

POST_B = """---
title: Second post
date: 2026-01-11
---
Another pair.

```swift tab="Swift"
print("b")
```

```kotlin tab="Kotlin"
println("b")
```
"""




class WebDriver:
    def __init__(self, port, javascript=True):
        self.base = f"http://127.0.0.1:{port}"
        options = {"binary": shutil.which("chromium") or "/usr/bin/chromium",
                   "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1200,900"]}
        if not javascript:
            options["prefs"] = {"profile.managed_default_content_settings.javascript": 2}
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}}
        self.session = self.call("POST", "/session", caps)["sessionId"]

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return json.loads(r.read() or b"{}").get("value", {})
        except urllib.error.HTTPError as e:
            raise AssertionError(f"WebDriver {method} {path}: {e.code} {e.read()[:300]!r}") from None

    def s(self, path): return f"/session/{self.session}{path}"
    def go(self, url): self.call("POST", self.s("/url"), {"url": url})
    def js(self, script): return self.call("POST", self.s("/execute/sync"), {"script": script, "args": []})
    def find_all(self, css):
        found = self.call("POST", self.s("/elements"), {"using": "css selector", "value": css})
        if not isinstance(found, list) or any(not isinstance(e, dict) for e in found):
            raise AssertionError(f"find {css}: {found!r}")
        return [next(iter(e.values())) for e in found]
    def click(self, el): self.call("POST", self.s(f"/element/{el}/click"), {})
    def keys(self, el, text): self.call("POST", self.s(f"/element/{el}/value"), {"text": text})
    def displayed(self, el): return self.call("GET", self.s(f"/element/{el}/displayed"))
    def text(self, el): return self.call("GET", self.s(f"/element/{el}/text"))
    def cdp(self, cmd, params): return self.call("POST", self.s("/goog/cdp/execute"), {"cmd": cmd, "params": params})
    def size(self, w, h): self.call("POST", self.s("/window/rect"), {"width": w, "height": h})

    def screenshot(self, name):
        folder = os.environ.get("SCREENSHOTS")
        if folder:
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, name + ".png"), "wb") as f:
                f.write(base64.b64decode(self.call("GET", self.s("/screenshot"))))

    def quit(self):
        try: self.call("DELETE", self.s(""))
        except Exception: pass


def serve(directory, requests=None, extensionless=False):
    """Serves `directory` on a free loopback port from a thread; returns (server, base URL). Each path
    asked for is appended to `requests` when given; `extensionless` serves /a/b from /a/b.html, as
    GitHub Pages, Netlify and Cloudflare Pages do."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args): pass
        def do_GET(self):
            if requests is not None: requests.append(urllib.parse.urlparse(self.path).path)
            super().do_GET()
        def translate_path(self, path):
            local = super().translate_path(path)
            if extensionless and not os.path.exists(local) and os.path.exists(local + ".html"): return local + ".html"
            return local
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=directory))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def start_chromedriver(procs):
    """Starts chromedriver on a free loopback port (its process goes into `procs`), waits until it
    answers, and returns the port."""
    import socket, time
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0)); port = sock.getsockname()[1]
    procs.append(subprocess.Popen(["chromedriver", f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/status", timeout=1); break
        except Exception:
            time.sleep(0.1)
    return port


def luminance(rgb):
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def parse_rgb(css):  # "rgb(1, 2, 3)" or "rgba(1, 2, 3, 1)"
    return [int(float(x)) for x in css[css.index("(") + 1:css.index(")")].split(",")[:3]]


def main():
    galley = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="galley-tabs-")
    site, out = os.path.join(work, "site"), os.path.join(work, "public")
    results = {"passed": 0, "failed": 0}

    def check(name, condition, detail=""):
        if condition:
            results["passed"] += 1
            print("ok  ", name)
        else:
            results["failed"] += 1
            print("FAIL", name, detail)

    procs, drivers, server = [], [], None
    try:
        subprocess.run([galley, "init", site, "--title", "Tabs"], check=True, capture_output=True)
        posts = os.path.join(site, "content/posts")
        with open(os.path.join(posts, "2026-01-10-sync-engine.md"), "w") as f: f.write(POST_A)
        with open(os.path.join(posts, "2026-01-11-second-post.md"), "w") as f: f.write(POST_B)
        build = subprocess.run([galley, "build", "--site", site, "--output", out], capture_output=True, text=True)
        check("site builds", build.returncode == 0, build.stderr)
        checked = subprocess.run([galley, "check", out], capture_output=True, text=True)
        check("galley check passes on pages and feeds", checked.returncode == 0, checked.stdout + checked.stderr)
        feed = open(os.path.join(out, "feed.xml"), encoding="utf-8").read()
        check("the feed carries every tab under its label",
              all(f"&lt;strong&gt;{label}&lt;/strong&gt;" in feed or f"<strong>{label}</strong>" in feed for label in ["Swift", "Kotlin", "Shell", "Python"]))
        check("the feed carries the callout title", "Warning" in feed and "callout-warning" in feed)
        check("the feed shows the chart as an image of its SVG file", "/charts/" in feed and "&lt;svg" not in feed and "<svg" not in feed)

        server, base = serve(out)
        def page_url(slug):
            for dirpath, _, files in os.walk(out):
                for name in files:
                    rel = os.path.relpath(os.path.join(dirpath, name), out)
                    if slug in rel and name.endswith(".html"):
                        return base + "/" + rel
            raise AssertionError(f"no page for {slug}")
        page_a = page_url("sync-engine")

        def start_driver(javascript=True):
            d = WebDriver(start_chromedriver(procs), javascript)
            drivers.append(d)
            return d

        d = start_driver()
        d.go(page_a)
        state = lambda: d.js("""return Array.from(document.querySelectorAll('.code-tabs')).map(g =>
            Array.from(g.querySelectorAll('.code-tab')).filter(p => p.offsetHeight > 0).map(p => p.dataset.tab))""")
        check("three groups, the first tab of each shows alone", state() == [["Swift"], ["Swift"], ["Shell"]], state())
        roles = d.js("""const g = document.querySelector('.code-tabs'); const tabs = g.querySelectorAll('[role=tab]');
            return [g.querySelector('[role=tablist]') !== null, tabs.length, tabs[0].getAttribute('aria-selected'),
                    tabs[1].getAttribute('aria-selected'), document.getElementById(tabs[0].getAttribute('aria-controls')).getAttribute('role'),
                    tabs[1].tabIndex]""")
        check("WAI-ARIA roles, selection and roving tabindex", roles == [True, 2, "true", "false", "tabpanel", -1], roles)
        check("labels are hidden when tabbed", d.js("return getComputedStyle(document.querySelector('.code-tab-label')).display") == "none")
        d.screenshot("tabs-desktop-light")

        kotlin = [e for e in d.find_all(".code-tabs-list [role=tab]") if d.text(e) == "Kotlin"]
        d.click(kotlin[0])
        check("choosing Kotlin switches every group that has it", state() == [["Kotlin"], ["Kotlin"], ["Shell"]], state())
        check("the choice is remembered", d.js("return localStorage.getItem('galley-code-tab')") == "Kotlin")
        d.go(base + "/")
        d.go(page_url("second-post"))
        check("the choice holds on another page", state() == [["Kotlin"]], state())
        d.go(page_a)
        check("and when coming back", state() == [["Kotlin"], ["Kotlin"], ["Shell"]], state())

        shell = [e for e in d.find_all(".code-tabs-list [role=tab]") if d.text(e) == "Shell"][0]
        d.click(shell)
        d.keys(shell, "\ue014")  # ArrowRight
        after = d.js("return [document.activeElement.textContent, document.activeElement.getAttribute('aria-selected')]")
        check("ArrowRight moves to and selects the next tab", after == ["Python", "true"], after)
        d.keys([e for e in d.find_all(".code-tabs-list [role=tab]") if d.text(e) == "Python"][0], "\ue012")  # ArrowLeft
        check("ArrowLeft moves back", d.js("return document.activeElement.textContent") == "Shell")

        d.cdp("Emulation.setEmulatedMedia", {"media": "print"})
        printed = d.js("""return Array.from(document.querySelectorAll('.code-tab')).filter(p => p.offsetHeight > 0).length""")
        check("print shows every tab", printed == 6, printed)
        d.cdp("Emulation.setEmulatedMedia", {"media": ""})

        for scheme in ["light", "dark"]:
            d.cdp("Emulation.setEmulatedMedia", {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for kind in ["note", "tip", "important", "warning", "caution"]:
                colours = d.js(f"""const q = document.querySelector('blockquote.callout-{kind}');
                    const t = q.querySelector('.callout-title strong');
                    return [getComputedStyle(t).color, getComputedStyle(q).backgroundColor, getComputedStyle(q.querySelector('p:not(.callout-title)')).color]""")
                title, bg, body = (parse_rgb(c) for c in colours)
                check(f"{kind} callout title contrast in {scheme}", contrast(title, bg) >= 4.5, f"{contrast(title, bg):.2f}")
                check(f"{kind} callout text contrast in {scheme}", contrast(body, bg) >= 4.5, f"{contrast(body, bg):.2f}")
            fill = d.js("return getComputedStyle(document.querySelector('figure.chart rect.s0')).fill")
            check(f"chart bars take the {scheme} palette", parse_rgb(fill) == ([0, 114, 178] if scheme == "light" else [86, 180, 233]), fill)
            d.screenshot(f"callouts-desktop-{scheme}")
            d.size(360, 800)
            d.go(page_a)
            wide = d.js("return [document.scrollingElement.scrollWidth, window.innerWidth]")
            check(f"nothing scrolls sideways at 360 px ({scheme})", wide[0] <= wide[1], wide)
            d.screenshot(f"tabs-phone-{scheme}")
            d.size(1200, 900)

        nojs = start_driver(javascript=False)
        nojs.go(page_a)
        panels = nojs.find_all(".code-tab")
        labels = nojs.find_all(".code-tab-label")
        check("JavaScript off: every block shows", len(panels) == 6 and all(nojs.displayed(p) for p in panels), len(panels))
        check("JavaScript off: each under its label", len(labels) == 6 and all(nojs.displayed(l) for l in labels))
        check("JavaScript off: no tab list", nojs.find_all("[role=tablist]") == [])
        nojs.screenshot("tabs-desktop-nojs")
    finally:
        for d in drivers: d.quit()
        for p in procs: p.terminate()
        if server: server.shutdown()
        shutil.rmtree(work, ignore_errors=True)
    print(f"tabs-callouts: {results['passed']} passed, {results['failed']} failed")
    sys.exit(1 if results["failed"] else 0)


if __name__ == "__main__":
    main()
