#!/usr/bin/env python3
"""The default theme on every page of the demo site, in a real browser (Debian's chromium and
chromedriver; axe-core from PyPI's axe-playwright-python, whose axe.min.js is injected over WebDriver).

Builds the site, serves the output on loopback, and for every page at 360, 768 and 1280 px, in
light and dark: the page never scrolls sideways; at 1280 px the header and footer line up with the text column and every control reached with Tab shows a focus outline of 2 px at 3:1; axe-core (every rule, WCAG 2.2 AA and best
practices) reports no violation at any impact level; every scrolling box can take keyboard focus.
A post without images transfers under 40 KB (HTML, CSS and JavaScript, gzipped as hosts send them). Screenshots go to
$SCREENSHOTS (if set).

Usage: theme.py PATH-TO-GALLEY SITE-DIR   (prints `theme: N passed, M failed`; exit 1 on failure)
"""
import importlib.util, os, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tabs_callouts import WebDriver, contrast, parse_rgb, serve, start_chromedriver  # noqa: E402

WIDTHS = [360, 768, 1280]


def axe_source():
    spec = importlib.util.find_spec("axe_playwright_python")
    if not spec:
        raise SystemExit("theme.py: axe-core is missing: python3 -m pip install --no-deps axe-playwright-python (scripts/bootstrap does)")
    return open(os.path.join(spec.submodule_search_locations[0], "axe.min.js"), encoding="utf-8").read()


def main():
    galley, site = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    only = sys.argv[3:]  # optional page paths, for a quick look
    work = tempfile.mkdtemp(prefix="galley-theme-")
    out = os.path.join(work, "public")
    results = {"passed": 0, "failed": 0}
    axe = axe_source()

    def check(name, condition, detail=""):
        results["passed" if condition else "failed"] += 1
        if not condition:
            print("FAIL", name, detail)

    procs, drivers, server = [], [], None
    try:
        build = subprocess.run([galley, "build", "--site", site, "--output", out], capture_output=True, text=True)
        check("site builds", build.returncode == 0, build.stderr)
        pages = sorted("/" + os.path.relpath(os.path.join(d, f), out) for d, _, fs in os.walk(out) for f in fs if f.endswith(".html"))
        pages = [p[:-len("index.html")] if p.endswith("/index.html") else p for p in pages]
        if only: pages = [p for p in pages if p in only]
        served = []

        server, base = serve(out, requests=served, extensionless=True)
        port = start_chromedriver(procs)
        d = WebDriver(port)
        drivers.append(d)

        def run_axe():
            d.js(axe + "\nreturn true;")
            return d.call("POST", d.s("/execute/async"), {"script": """const done = arguments[arguments.length - 1];
                axe.run(document, {resultTypes: ['violations'], rules: {'target-size': {enabled: true}, 'region': {enabled: true}}}).then(r => done(r.violations.map(v =>
                  [v.id, v.impact, v.nodes.length, v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' :: ' + (n.failureSummary || '').split('\\n').slice(1, 2).join(''))])))""", "args": []})

        findings = {}
        for scheme in ["light", "dark"]:
            d.cdp("Emulation.setEmulatedMedia", {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for width in WIDTHS:
                d.size(width, 900)
                for page in pages:
                    d.go(base + page)
                    inner = d.js("return window.innerWidth")
                    wide = d.js("return document.scrollingElement.scrollWidth")
                    check(f"{page} at {width} px ({scheme}): no sideways scroll", wide <= inner, f"{wide} > {inner}")
                    unfocusable = d.js("""return Array.from(document.querySelectorAll('body *')).filter(e => {
                        const s = getComputedStyle(e); return (s.overflowX === 'auto' || s.overflowX === 'scroll') && e.scrollWidth > e.clientWidth + 1 && e.tabIndex < 0 && !e.querySelector('a, button, input, [tabindex]');
                      }).map(e => e.tagName.toLowerCase() + '.' + e.className)""")
                    check(f"{page} at {width} px ({scheme}): scrolling boxes take focus", not unfocusable, unfocusable)
                    if width == 1280:
                        colours = d.js("""const b = document.querySelector('div.highlighter-rouge'), i = document.querySelector(':not(pre) > code');
                            if (!b || !i) return null;
                            return [getComputedStyle(document.body).backgroundColor, getComputedStyle(b).backgroundColor, getComputedStyle(i).backgroundColor]""")
                        if colours:
                            page_bg, block_bg, inline_bg = (parse_rgb(c) for c in colours)
                            check(f"{page} ({scheme}): one background for inline and block code", block_bg == inline_bg, colours)
                            check(f"{page} ({scheme}): code stands apart from the page (≥ 1.1:1)", contrast(page_bg, block_bg) >= 1.1, f"{contrast(page_bg, block_bg):.3f}")
                    if width == 1280 and scheme == "light":
                        edges = d.js("""const m = document.querySelector('.site-main'); if (!m) return null;
                            const pad = parseFloat(getComputedStyle(m).paddingLeft), left = m.getBoundingClientRect().left + pad;
                            const right = m.getBoundingClientRect().right - parseFloat(getComputedStyle(m).paddingRight);
                            const t = document.querySelector('.site-title'), f = document.querySelector('.site-footer-inner p');
                            const s = document.querySelector('.site-header .search-form') || t;
                            return [left, t.getBoundingClientRect().left, f ? f.getBoundingClientRect().left : left, right, s.getBoundingClientRect().right]""")
                        if edges:
                            check(f"{page} at 1280 px: header and footer line up with the text column",
                                  abs(edges[0] - edges[1]) < 2 and abs(edges[0] - edges[2]) < 2 and abs(edges[3] - edges[4]) < 2, edges)
                    if scheme == "light":
                        # Controls outside running text (menus, tags, contents, footer, buttons): 24 px high at least (WCAG 2.5.8 without its spacing exception).
                        small = d.js("""return Array.from(document.querySelectorAll('header a, footer a, nav a, .toc a, .post-meta a, .post-tags a, .term-list a, .related a, button, input, select, summary'))
                            .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && r.height < 24 && !e.disabled && getComputedStyle(e).visibility !== 'hidden' && !e.closest('.visually-hidden, .skip-link'); })
                            .map(e => e.tagName.toLowerCase() + '.' + e.className + ' ' + (e.textContent || '').trim().slice(0, 20) + ' ' + Math.round(e.getBoundingClientRect().height) + 'px')""")
                        check(f"{page} at {width} px: tap targets at least 24 px high", not small, small[:6])
                    if width == 1280:
                        # Focus visible on every control, reached with the Tab key as a keyboard user does:
                        # an outline of 2 px or more, 3:1 against the page (WCAG 1.4.11, 2.4.7).
                        d.js("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
                        seen, weak = set(), []
                        for _ in range(60):
                            d.call("POST", d.s("/actions"), {"actions": [{"type": "key", "id": "k", "actions": [{"type": "keyDown", "value": "\ue004"}, {"type": "keyUp", "value": "\ue004"}]}]})
                            info = d.js("""const e = document.activeElement; if (!e || e === document.body) return null;
                                const s = getComputedStyle(e);
                                return [e.tagName.toLowerCase() + '.' + e.className + ' ' + (e.textContent || e.value || '').trim().slice(0, 24),
                                        s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor, getComputedStyle(document.body).backgroundColor]""")
                            if not info or info[0] in seen: break
                            seen.add(info[0])
                            name, style, w, colour, page_bg = info
                            if style == "none" or w < 2 or contrast(parse_rgb(colour), parse_rgb(page_bg)) < 3:
                                weak.append(f"{name}: {style} {w}px {colour}")
                        check(f"{page} ({scheme}): focus is visible on every control ({len(seen)} tabbed)", not weak, weak[:5])
                    if width != 768:
                        for v in run_axe():
                            findings.setdefault((v[0], v[1]), []).append(f"{page} {width} {scheme}: {v[2]} × {v[3]}")
                            check(f"axe {v[0]} on {page} at {width} px ({scheme})", False, "")
                    if page in ("/", "/blog/benchmarking-galley.html") or page.startswith("/blog/year"):
                        d.screenshot(f"theme-{page.strip('/').replace('/', '-') or 'home'}-{width}-{scheme}")
        for (rule, impact), where in sorted(findings.items()):
            print(f"  axe {rule} ({impact}): {len(where)} page views; e.g. {where[0]}")

        # Weight: a post without images, fresh cache.
        d2 = WebDriver(port); drivers.append(d2)
        def html_of(p): return open(os.path.join(out, p.lstrip("/") + ("index.html" if p.endswith("/") else "")), encoding="utf-8").read()
        def main_of(p): h = html_of(p); return h[h.find("<main"):h.find("</main>")]
        plain = next((p for p in pages if p.startswith("/blog/") and "<img" not in main_of(p) and 'http-equiv="refresh"' not in html_of(p)), None)
        check("the demo has a post without images", plain is not None)
        if plain:
            served.clear()
            d2.go(base + plain)
            time.sleep(0.5)
            files = [p for p in set(served) if p.endswith((".html", ".css", ".js")) or p.endswith("/")]
            import gzip
            paths = [os.path.join(out, p.lstrip("/") + ("index.html" if p.endswith("/") else "")) for p in files]
            size = sum(os.path.getsize(p) for p in paths)
            # Transferred: every host the README's Deploy section names compresses HTML, CSS and JavaScript.
            wire = sum(len(gzip.compress(open(p, "rb").read(), 6)) for p in paths)
            check(f"a post without images ({plain}) transfers under 40 KB", wire < 40 * 1024, f"{wire} bytes gzipped: {sorted(files)}")
            print(f"  weight of {plain}: {wire / 1024:.1f} KB transferred (gzip), {size / 1024:.1f} KB as files, {len(files)} files")
    finally:
        for d in drivers: d.quit()
        for p in procs: p.terminate()
        if server: server.shutdown()
        shutil.rmtree(work, ignore_errors=True)
    print(f"theme: {results['passed']} passed, {results['failed']} failed")
    sys.exit(1 if results["failed"] else 0)


if __name__ == "__main__":
    main()
