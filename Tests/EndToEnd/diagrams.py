#!/usr/bin/env python3
"""Diagrams in a real browser (Debian's chromium and chromedriver, standard library only).

Builds a site with a post holding a mermaid flowchart, a mermaid sequence diagram and a DOT graph,
and checks: the build and `galley check` pass; every label is SVG text; at 360 and 1280 px, in light
and dark, no two labels overlap and none leaves its SVG; text and lines keep their contrast; no
script. The feed carries the three diagrams as images of standalone files, which are well-formed
SVG, with the source under a disclosure. A broken fence fails the build at its line and column.
Screenshots go to $SCREENSHOTS (if set).

Usage: diagrams.py PATH-TO-GALLEY   (prints `diagrams: N passed, M failed`; exit 1 on failure)
"""
import os, re, shutil, subprocess, sys, tempfile, xml.etree.ElementTree as ET
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tabs_callouts import WebDriver, serve, start_chromedriver, contrast, parse_rgb

FLOW = """flowchart LR
    client[Browser client] -->|HTTPS| api(API gateway)
    api --> cache{Cache hit?}
    cache -- yes --> done([Respond with the cached page])
    cache -- no --> db[(Postgres)]
    db -.-> api
    subgraph backend [Back end]
      api
      cache
      db
    end
    classDef hot fill:#f96
    class db hot
    api ==> queue>Work queue]:::hot
    queue --> w1[Worker] & w2[Worker with a rather long name that has to wrap] --> db
"""

SEQUENCE = """sequenceDiagram
    autonumber
    actor U as User
    participant C as Client app
    participant A as API
    participant D as Database
    U->>C: Tap "Sync"
    C->>+A: POST /sync (changes since the last cursor)
    loop Every page of changes
        A->>D: SELECT … WHERE version > cursor
        D-->>A: rows
    end
    alt conflict
        A-->>C: 409 with the server's copy
        Note over C,A: The client merges and retries
    else no conflict
        A-->>-C: 200 new cursor
    end
    C-)U: Notification
    A->>A: Compact the log
    Note right of D: Vacuum runs nightly
    par Push
        A--)C: push
    and Email
        A-xU: email bounced
    end
"""

DOT = """digraph build {
  rankdir=LR;
  node [shape=box];
  subgraph cluster_parse { label="Parse"; load; markdown [label="Markdown\\n(cmark)"]; }
  load -> markdown [label="front matter"];
  markdown -> render -> write;
  render -> feed [style=dashed, label="posts"];
  feed [shape=cylinder];
}
"""

POST = f"""---
title: How a sync works
date: 2026-01-10
---
The pieces:

```mermaid
{FLOW}```

One sync, message by message:

```mermaid
{SEQUENCE}```

And the build, in DOT:

```dot
{DOT}```
"""

BROKEN = """---
title: Broken
date: 2026-01-11
---
Text.

```mermaid
flowchart LR
    a --> b
    b --> [oops
```
"""

OTHER = """---
title: Other kinds
date: 2026-01-12
---
A pie chart is not drawn:

```mermaid
pie title Pets
    "Dogs" : 386
    "Cats" : 85
```

A click is read but not drawn:

```mermaid
flowchart LR
    a --> b
    click a "https://example.org"
    click b "https://example.org"
```
"""

# Every label's box in page pixels, the SVG's box, and which labels overlap or stick out.
GEOMETRY = """
return Array.from(document.querySelectorAll('figure.diagram svg')).map(svg => {
  const s = svg.getBoundingClientRect();
  const texts = Array.from(svg.querySelectorAll('text')).map(t => { const r = t.getBoundingClientRect();
    return {text: t.textContent, l: r.left, t: r.top, r: r.right, b: r.bottom}; });
  const outside = texts.filter(r => r.l < s.left - 0.5 || r.r > s.right + 0.5 || r.t < s.top - 0.5 || r.b > s.bottom + 0.5).map(r => r.text);
  const overlaps = [];
  for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < texts.length; j++) {
    const a = texts[i], b = texts[j];
    if (Math.min(a.r, b.r) - Math.max(a.l, b.l) > 0.5 && Math.min(a.b, b.b) - Math.max(a.t, b.t) > 0.5) overlaps.push(a.text + ' / ' + b.text);
  }
  return {texts: texts.length, width: s.width, outside, overlaps};
});
"""


def main():
    galley = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="galley-diagrams-")
    site, out = os.path.join(work, "site"), os.path.join(work, "public")
    results = {"passed": 0, "failed": 0}

    def check(name, condition, detail=""):
        results["passed" if condition else "failed"] += 1
        print("ok  " if condition else "FAIL", name, "" if condition else detail)

    procs, drivers, server = [], [], None
    try:
        subprocess.run([galley, "init", site, "--title", "Diagrams"], check=True, capture_output=True)
        posts = os.path.join(site, "content/posts")
        with open(os.path.join(posts, "2026-01-10-sync.md"), "w") as f: f.write(POST)
        build = subprocess.run([galley, "build", "--site", site, "--output", out], capture_output=True, text=True)
        check("site builds without warnings", build.returncode == 0 and "warning" not in build.stderr, build.stderr)
        checked = subprocess.run([galley, "check", "--strict", out], capture_output=True, text=True)
        check("galley check passes on pages and feeds", checked.returncode == 0, checked.stdout + checked.stderr)

        page = open(os.path.join(out, "blog/sync/index.html"), encoding="utf-8").read()
        check("three inline diagrams", page.count('<figure class="diagram"') == 3)
        check("no script in the diagrams", "<script" not in "".join(re.findall(r'<figure class="diagram".*?</figure>', page, re.S)))
        feed = open(os.path.join(out, "feed.xml"), encoding="utf-8").read()
        images = re.findall(r'&lt;img src="([^"]*/diagrams/[0-9a-f]+\.svg)"', feed) or re.findall(r'<img src="([^"]*/diagrams/[0-9a-f]+\.svg)"', feed)
        check("the feed carries the three diagrams as images", len(set(images)) == 3, images)
        check("the feed carries no inline SVG", "&lt;svg" not in feed and "<svg" not in feed)
        check("the feed carries each source under a disclosure", feed.count("diagram-source") == 3 and "sequenceDiagram" in feed)
        for url in sorted(set(images)):
            path = os.path.join(out, url.split("/", 3)[3])
            try:
                root = ET.parse(path).getroot()
                ns = "{http://www.w3.org/2000/svg}"
                ok = root.tag == ns + "svg" and root.find(ns + "title") is not None and root.find(ns + "desc") is not None and len(root.findall(f".//{ns}text")) > 3
                check(f"{os.path.basename(path)} is a well-formed SVG with title, desc and text", ok)
            except ET.ParseError as e:
                check(f"{os.path.basename(path)} is well-formed", False, str(e))

        server, base = serve(out)
        d = WebDriver(start_chromedriver(procs))
        drivers.append(d)
        for scheme in ["light", "dark"]:
            d.cdp("Emulation.setEmulatedMedia", {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for width in [1280, 360]:
                d.size(width, 1700)
                d.go(base + "/blog/sync/")
                geo = d.js(GEOMETRY)
                check(f"three diagrams with labels at {width} px ({scheme})", len(geo) == 3 and all(g["texts"] > 3 for g in geo), geo)
                for k, g in enumerate(geo):
                    check(f"diagram {k + 1}: no label leaves its SVG at {width} px ({scheme})", not g["outside"], g["outside"])
                    check(f"diagram {k + 1}: no two labels overlap at {width} px ({scheme})", not g["overlaps"], g["overlaps"])
                wide = d.js("return [document.scrollingElement.scrollWidth, window.innerWidth]")
                check(f"nothing scrolls sideways at {width} px ({scheme})", wide[0] <= wide[1], wide)
                for k, el in enumerate(d.find_all("figure.diagram svg")):
                    folder = os.environ.get("SCREENSHOTS")
                    if folder:
                        import base64
                        os.makedirs(folder, exist_ok=True)
                        shot = d.call("GET", d.s(f"/element/{el}/screenshot"))
                        with open(os.path.join(folder, f"diagram-{k + 1}-{width}-{scheme}.png"), "wb") as f:
                            f.write(base64.b64decode(shot))
                d.screenshot(f"diagrams-page-{width}-{scheme}")
            colours = d.js("""const q = s => getComputedStyle(document.querySelector('figure.diagram ' + s));
                return [q('text.t').fill, q('.n').fill, q('.n').stroke, q('.e').stroke, getComputedStyle(document.body).backgroundColor, q('.nt').fill, q('.g').fill]""")
            text, node, border, line, page_bg, note, group = (parse_rgb(c) for c in colours)
            check(f"text on nodes ≥ 4.5:1 ({scheme})", contrast(text, node) >= 4.5, f"{contrast(text, node):.2f}")
            check(f"text on notes ≥ 4.5:1 ({scheme})", contrast(text, note) >= 4.5, f"{contrast(text, note):.2f}")
            check(f"text on groups ≥ 4.5:1 ({scheme})", contrast(text, group) >= 4.5, f"{contrast(text, group):.2f}")
            check(f"lines on the page ≥ 3:1 ({scheme})", contrast(line, page_bg) >= 3, f"{contrast(line, page_bg):.2f}")
            check(f"node borders on the page ≥ 3:1 ({scheme})", contrast(border, page_bg) >= 3, f"{contrast(border, page_bg):.2f}")

        with open(os.path.join(posts, "2026-01-11-broken.md"), "w") as f: f.write(BROKEN)
        broken = subprocess.run([galley, "build", "--site", site, "--output", out], capture_output=True, text=True)
        check("a broken fence fails the build", broken.returncode == 1, broken.stderr)
        check("and is reported at its line and column", "content/posts/2026-01-11-broken.md:10:11: error: diagram:" in broken.stderr, broken.stderr)
        check("with a hint", re.search(r"broken\.md:10:11: error: diagram:[^\n]*\n\s*hint: \S", broken.stderr) is not None, broken.stderr)
        os.remove(os.path.join(posts, "2026-01-11-broken.md"))

        with open(os.path.join(posts, "2026-01-12-other.md"), "w") as f: f.write(OTHER)
        other = subprocess.run([galley, "build", "--site", site, "--output", out], capture_output=True, text=True)
        warnings = re.findall(r"^(\S+): warning: (.*)$", other.stderr, re.M)
        check("other mermaid kinds and unsupported statements build", other.returncode == 0, other.stderr)
        check("one warning at the pie fence, one at the first click", [w[0].split("content/posts/")[-1] for w in warnings]
              == ["2026-01-12-other.md:8:1", "2026-01-12-other.md:18:5"], warnings)
        page = open(os.path.join(out, "blog/other/index.html"), encoding="utf-8").read()
        check("the pie is shown as code, the flowchart drawn", page.count('<figure class="diagram"') == 1 and "pie title Pets" in page, page[-2000:])

        source = os.path.join(work, "flow.mmd")
        with open(source, "w") as f: f.write(FLOW)
        printed = subprocess.run([galley, "diagram", source], capture_output=True, text=True)
        try:
            root = ET.fromstring(printed.stdout)
            labels = {t.text for t in root.iter("text")}
            check("galley diagram FILE prints the SVG", printed.returncode == 0 and {"Browser client", "HTTPS", "Postgres"} <= labels, labels)
        except ET.ParseError as e:
            check("galley diagram FILE prints well-formed SVG", False, str(e) + printed.stderr)
    finally:
        for d in drivers: d.quit()
        for p in procs: p.terminate()
        if server: server.shutdown()
        shutil.rmtree(work, ignore_errors=True)
    print(f"diagrams: {results['passed']} passed, {results['failed']} failed")
    sys.exit(1 if results["failed"] else 0)


if __name__ == "__main__":
    main()
