#!/usr/bin/env python3
"""Search in a real browser (Debian's chromium and chromedriver, standard library only).

Builds a site with `galley init` plus posts written for it, serves the output on loopback, and
checks: a word that is only in one post's body finds that post first; prefix matching, accent
folding and several words (all of them); titles outrank bodies; only the manifest, the shards
and the fragments are fetched (short posts share a fragment file), all from this site; `/` focuses the box, arrows and Enter open a
result; `/search/?q=` works as a link; with JavaScript off the form goes to a web search
restricted to the site; nothing scrolls sideways at 360 px with results open. Screenshots go to
$SCREENSHOTS (if set).

Usage: search.py PATH-TO-GALLEY   (prints `search: N passed, M failed`; exit 1 on failure)
"""
import json, os, shutil, subprocess, sys, tempfile, time, urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tabs_callouts import WebDriver, serve, start_chromedriver  # noqa: E402

POSTS = {
    "2026-02-01-offline-sync.md": """---
title: Offline-first sync on both platforms
date: 2026-02-01
tags: [architecture, kotlin]
---
We keep one store per device. The merge step uses vector clocks; the word quillwort appears only here.

## Conflict handling

Kotlin coroutines and Swift actors both serialise access.
""",
    "2026-02-02-benchmarks.md": """---
title: Benchmarks of three generators
date: 2026-02-02
tags: [performance]
---
Build times measured side by side on two cores.
""",
    "2026-02-03-economia.md": """---
title: La economía del rendimiento
date: 2026-02-03
tags: [performance]
---
Cada milisegundo cuenta cuando el sitio tiene mil entradas.
""",
    "2026-02-04-mentions.md": """---
title: Notes from the week
date: 2026-02-04
---
A short note that mentions benchmarks in passing, and Kotlin too.
""",
}


def main():
    galley = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="galley-search-")
    site, out = os.path.join(work, "site"), os.path.join(work, "public")
    results = {"passed": 0, "failed": 0}

    def check(name, condition, detail=""):
        results["passed" if condition else "failed"] += 1
        print("ok  " if condition else "FAIL", name, "" if condition else detail)

    procs, drivers, server = [], [], None
    try:
        subprocess.run([galley, "init", site, "--title", "Search test", "--no-workflow"], check=True, capture_output=True)
        import re
        yml = os.path.join(site, "site.yml")
        text = open(yml).read()
        with open(yml, "w") as f: f.write(re.sub(r"(?m)^url: .*$", "url: https://blog.example.org", text))
        for name, text in POSTS.items():
            with open(os.path.join(site, "content/posts", name), "w") as f: f.write(text)
        build = subprocess.run([galley, "build", "--site", site, "--output", out], capture_output=True, text=True)
        check("site builds", build.returncode == 0, build.stderr)
        checked = subprocess.run([galley, "check", out], capture_output=True, text=True)
        check("galley check passes on pages, feeds and the index", checked.returncode == 0, checked.stdout + checked.stderr)

        server, base = serve(out)

        def start_driver(javascript=True):
            d = WebDriver(start_chromedriver(procs), javascript)
            drivers.append(d)
            return d

        def wait(d, script, timeout=5):
            end = time.time() + timeout
            while time.time() < end:
                value = d.js(script)
                if value: return value
                time.sleep(0.05)
            return d.js(script)

        d = start_driver()
        d.go(base + "/")
        box = d.find_all("#site-search")[0]
        before = d.js("return performance.getEntriesByType('resource').map(e => e.name)")
        check("nothing of the index is fetched before the box is used", not any("/search/" in u for u in before), before)

        def dropdown(query):
            d.js("const i = document.getElementById('site-search'); i.value = ''; i.focus();")
            d.keys(box, query)
            return wait(d, """const l = document.querySelector('.search-dropdown');
                return l && !l.hidden && l.dataset.query === """ + json.dumps(query) + """ ?
                  Array.from(l.querySelectorAll('.search-result-title')).map(a => a.getAttribute('href')) : null""")

        hits = dropdown("quillwort")
        check("a word only in one post's body finds that post", hits and len(hits) == 1 and "offline-sync" in hits[0], hits)
        mark = d.js("return Array.from(document.querySelectorAll('.search-dropdown .search-result-snippet mark')).map(m => m.textContent)")
        check("the snippet marks the word", mark == ["quillwort"], mark)
        d.screenshot("search-dropdown-desktop")

        fetched = d.js("return performance.getEntriesByType('resource').map(e => e.name)")
        index_files = [u for u in fetched if "/search/" in u]
        paths = [urllib.parse.urlparse(u).path for u in index_files]
        check("the manifest, one shard and one fragment are fetched", sorted(p.split("/")[2] for p in paths) == ["d", "manifest.json", "t"], paths)
        per = json.load(open(os.path.join(out, "search", "manifest.json"))).get("per")
        check("short posts share a fragment file, and the result is read from its place in it", isinstance(per, int) and per > 1, per)
        check("no request leaves the site", all(u.startswith(base) for u in fetched), [u for u in fetched if not u.startswith(base)])

        hits = dropdown("bench")
        check("prefix: `bench` finds both posts about benchmarks, the title first",
              hits and len(hits) == 2 and "benchmarks" in hits[0] and "mentions" in hits[1], hits)
        hits = dropdown("economia")
        check("accent folding: `economia` finds `economía`", hits and "economia" in hits[0], hits)
        hits = dropdown("kotlin swift")
        check("several words: all of them", hits == [h for h in hits if "offline-sync" in h] and len(hits) == 1, hits)
        hits = dropdown("zzzzqx")
        check("no results says so", hits == [] and "No results" in d.js("return document.querySelector('.search-all').textContent"))

        dropdown("bench")
        d.keys(box, "\ue015")  # ArrowDown
        active = d.js("return document.getElementById('site-search').getAttribute('aria-activedescendant')")
        check("ArrowDown selects the first result", active and active.endswith("-0"), active)
        d.keys(box, "\ue015\ue013")  # ArrowDown, ArrowUp
        d.keys(box, "\ue007")  # Enter
        opened = wait(d, "return location.pathname.includes('benchmarks') ? location.pathname : null")
        check("Enter opens the selected result", opened, d.js("return location.href"))

        d.js("document.activeElement.blur()")
        d.call("POST", d.s("/actions"), {"actions": [{"type": "key", "id": "k", "actions": [{"type": "keyDown", "value": "/"}, {"type": "keyUp", "value": "/"}]}]})
        check("`/` focuses the search box", d.js("return document.activeElement.id") == "site-search")
        check("and types nothing into it", d.js("return document.activeElement.value") == "")

        d.go(base + "/search/?q=kotlin")
        listed = wait(d, "const r = document.querySelectorAll('#search-results .search-result-title'); return r.length ? Array.from(r).map(a => a.getAttribute('href')) : null")
        check("/search/?q=kotlin lists every post with the word, the tagged one first",
              listed and len(listed) == 2 and "offline-sync" in listed[0], listed)
        check("the page's box holds the query", d.js("return document.getElementById('search-page-q').value") == "kotlin")
        check("the status counts the results", "2 results" in d.js("return document.getElementById('search-status').textContent"))
        d.screenshot("search-page-desktop")

        for scheme in ["light", "dark"]:
            d.cdp("Emulation.setEmulatedMedia", {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})
            d.size(360, 800)
            d.go(base + "/")
            box = d.find_all("#site-search")[0]
            dropdown("kotlin")
            wide = d.js("return [document.scrollingElement.scrollWidth, window.innerWidth]")
            check(f"nothing scrolls sideways at 360 px with results open ({scheme})", wide[0] <= wide[1], wide)
            rect = d.js("const r = document.querySelector('.search-dropdown').getBoundingClientRect(); return [r.left, r.right, window.innerWidth]")
            check(f"the results fit the phone screen ({scheme})", rect[0] >= 0 and rect[1] <= rect[2], rect)
            d.screenshot(f"search-dropdown-phone-{scheme}")
            d.size(1200, 900)

        nojs = start_driver(javascript=False)
        nojs.go(base + "/")
        form = nojs.js("""const f = document.querySelector('.site-header form[role=search]');
            return [f.action, f.method, Array.from(f.querySelectorAll('input[type=hidden]')).map(i => i.name + '=' + i.value)]""")
        check("JavaScript off: the form goes to a web search restricted to the site",
              form == ["https://duckduckgo.com/", "get", ["sites=blog.example.org"]], form)
        nojs.go(base + "/search/?q=kotlin")
        check("JavaScript off: the search page says why and offers the same form",
              "needs JavaScript" in nojs.js("return document.body.innerText") and
              nojs.js("return document.querySelector('.search-page form').action") == "https://duckduckgo.com/")
    finally:
        for d in drivers: d.quit()
        for p in procs: p.terminate()
        if server: server.shutdown()
        shutil.rmtree(work, ignore_errors=True)
    print(f"search: {results['passed']} passed, {results['failed']} failed")
    sys.exit(1 if results["failed"] else 0)


if __name__ == "__main__":
    main()
