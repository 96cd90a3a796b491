#!/usr/bin/python3
"""Agreement of `galley check` with the W3C feed validator on the validator's own testcases.

Development-time only: fetches nothing, CI does not run it. Needs a checkout of
github.com/w3c/feedvalidator (FEEDVALIDATOR, default /work/feedvalidator) and a Python 3
with lxml, html5lib and rdflib (the validator's requirements.txt). Runs the validator the way
its src/validtest.py does (validateString(data, fallback='US-ASCII', base=URL)); a file is
"W3C error" when any logged event is a feedvalidator.logging.Error. Galley's verdict is
`galley check --format json FILE` reporting any finding of severity "error".

Usage: agreement.py GALLEY_BINARY [--list] [--held-out]
Groups: RSS 2.0 = testcases/rss + testcases/rss20 files whose root is <rss version="2.0">;
RSS 0.9x = the files there whose root is <rss> of another version (0.91, 0.92, none, a wrong one);
RSS 1.0 = the files there whose root is RDF (<rdf:RDF>, RSS 1.0 and 0.90);
Atom 1.0 = testcases/atom; iTunes = testcases/ext/itunes.
"""
import glob, json, os, re, subprocess, sys, time

root = os.environ.get("FEEDVALIDATOR", "/work/feedvalidator")
sys.path.insert(0, os.path.join(root, "src"))
import feedvalidator  # noqa: E402
from feedvalidator import logging as fvlog  # noqa: E402

galley = sys.argv[1]
listing = "--list" in sys.argv


cache_path = os.environ.get("W3C_CACHE", "/tmp/w3c-verdicts.json")
cache = json.load(open(cache_path)) if os.path.exists(cache_path) else {}


def w3c_events(path):
    """The validator's errors for `path` (class name and line), or None when it fails; cached."""
    key = os.path.relpath(path, root)
    if key not in cache:
        data = open(path, "rb").read()
        base = os.path.abspath(path).replace(root, "http://www.feedvalidator.org")
        try:
            events = feedvalidator.validateString(data, fallback="US-ASCII", base=base)["loggedEvents"]
            cache[key] = [f"{e.__class__.__name__}@{e.params.get('line', '?')}" for e in events if isinstance(e, fvlog.Error)]
        except Exception:  # the validator itself failing: the file is unjudged
            cache[key] = None
    return cache[key]


def w3c_error(path):
    events = w3c_events(path)
    return None if events is None else bool(events)


def galley_run(path):
    start = time.time()
    p = subprocess.run([galley, "check", "--format", "json", path], capture_output=True, timeout=30)
    elapsed = time.time() - start
    crashed = p.returncode not in (0, 1)
    try:
        diags = json.loads(p.stdout or b"[]")
    except ValueError:
        diags, crashed = [], True
    no_position = [d for d in diags if not d.get("line")]
    return any(d["severity"] == "error" for d in diags), diags, crashed, elapsed, no_position


def is_rss2(path):
    head = open(path, "rb").read(4096)
    return re.search(rb"<rss[^>]*version\s*=\s*[\"']2\.0", head) is not None


def is_rss09(path):
    head = open(path, "rb").read(4096)
    return not is_rss2(path) and re.search(rb"<rss[\s>]", head) is not None


def is_rdf(path):
    head = open(path, "rb").read(4096)
    return re.search(rb"<(\w+:)?RDF[\s>]", head) is not None


rss_files = [p for d in ("rss", "rss20") for p in glob.glob(f"{root}/testcases/{d}/**/*.xml", recursive=True)]


groups = {
    "RSS 2.0": [p for p in rss_files if is_rss2(p)],
    "RSS 0.9x": [p for p in rss_files if is_rss09(p)],
    "RSS 1.0": [p for p in rss_files if is_rdf(p)],
    "Atom 1.0": glob.glob(f"{root}/testcases/atom/**/*.xml", recursive=True),
    "iTunes": glob.glob(f"{root}/testcases/ext/itunes/**/*.xml", recursive=True),
}
if "--held-out" in sys.argv:
    # Rules were written against the three groups above; these files were not looked at.
    groups = {"Other extensions (held out)": [p for p in glob.glob(f"{root}/testcases/ext/**/*.xml", recursive=True) if "/itunes/" not in p]}

crashes, slowest, unpositioned = 0, (0.0, ""), 0
# "format only": galley's errors were all "not this format" (rss-version, feed-format-unknown): an
# agreement by accident, since it never looked at what the validator faulted.
FORMAT_RULES = {"rss-version", "feed-format-unknown"}
print("| testcases | files | W3C error & galley error | of which format only | missed | false alarm | agreement |")
print("|---|---|---|---|---|---|---|")
details = []
for name, files in groups.items():
    both = format_only = missed = false_alarm = agree = judged = 0
    for path in sorted(files):
        w = w3c_error(path)
        g, diags, crashed, elapsed, nopos = galley_run(path)
        crashes += crashed
        unpositioned += len(nopos)
        slowest = max(slowest, (elapsed, path))
        if w is None:
            continue
        judged += 1
        if w and g:
            both += 1
            format_only += all(d["rule"] in FORMAT_RULES for d in diags if d["severity"] == "error")
        if w and not g: missed += 1; details.append(("missed", path, w3c_events(path)))
        if g and not w:
            false_alarm += 1
            details.append(("false alarm", path, [f"{d['line']}:{d['column']} {d['rule']}" for d in diags if d["severity"] == "error"]))
        agree += (w == g)
    print(f"| {name} | {judged} | {both} | {format_only} | {missed} | {false_alarm} | {100.0 * agree / max(judged, 1):.1f} % |")
print(f"\ncrashes: {crashes}; findings without a line: {unpositioned}; slowest: {slowest[0]:.2f} s ({os.path.relpath(slowest[1], root)})")
json.dump(cache, open(cache_path, "w"))
if listing:
    for kind, path, why in details:
        print(kind, os.path.relpath(path, root), " ".join(why))
