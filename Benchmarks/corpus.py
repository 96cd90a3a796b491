#!/usr/bin/env python3
"""Deterministic benchmark corpus: N blog posts written as a Galley, a Hugo and a Jekyll site.

    python3 Benchmarks/corpus.py --posts 1000 --out Benchmarks/out/corpus-1000 [--seed 8]

Writes OUT/galley, OUT/hugo, OUT/jekyll and OUT/manifest.json. Python 3 standard library only.
The same seed and N always give byte-identical files; post i does not depend on N except for
the targets of its internal links, so a smaller corpus is nearly a prefix of a larger one.
"""

import argparse
import datetime as dt
import json
import os
import random
import re
import shutil
import struct
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from snippets import SNIPPETS  # noqa: E402

GENERATOR_VERSION = 4

SITE_TITLE = "Field Notes"
SITE_DESCRIPTION = "Benchmark corpus: engineering notes on builds, services and data."
SITE_URL = "https://bench.example.org"
AUTHOR = "Bench Author"
POSTS_PER_PAGE = 10
FEED_ITEMS = 20
NEWEST = dt.datetime(2026, 11, 1, 9, 30, tzinfo=dt.timezone.utc)

# ---------------------------------------------------------------------------------------------
# Vocabulary

CATEGORIES = ["Engineering", "Infrastructure", "Data", "Frontend", "Mobile", "Tooling",
              "Performance", "Security", "Release Notes", "Postmortems", "Tutorials", "Opinion"]
TAGS = ["swift", "kotlin", "go", "rust", "python", "typescript", "sql", "postgres", "sqlite",
        "kubernetes", "docker", "ci", "testing", "benchmarks", "profiling", "caching", "http",
        "grpc", "graphql", "rest", "observability", "logging", "tracing", "metrics", "memory",
        "concurrency", "async", "actors", "compilers", "parsing", "markdown", "static sites",
        "search", "indexing", "queues", "streaming", "kafka", "redis", "linux", "networking",
        "tls", "auth", "privacy", "accessibility", "css", "react", "android", "ios", "wasm",
        "build systems", "packaging", "monorepo", "code review", "refactoring", "api design",
        "migrations", "schema", "feature flags", "on call", "incident review"]

# Real blogs have tags in the hundreds, most on a few posts: the 60 above stay the common ones (the
# skewed draw below picks low indexes most), these 300 make the long tail.
TAGS += [f"{t} {q}" for q in ("internals", "at scale", "migration", "tips", "releases") for t in TAGS]

NOUNS = ["cache", "buffer", "request", "session", "token", "record", "batch", "index", "shard",
         "queue", "worker", "page", "feed", "post", "tag", "build", "asset", "route", "handler",
         "metric", "span", "event", "frame", "chunk", "ledger", "order", "account", "config",
         "manifest", "snapshot", "segment", "schema", "lexer", "parser", "template", "payload",
         "bucket", "cursor", "lease", "replica", "partition", "checkpoint", "pipeline", "layout"]
VERBS = ["load", "fetch", "render", "parse", "flush", "merge", "resolve", "compact", "encode",
         "decode", "validate", "index", "schedule", "collect", "publish", "drain", "prune",
         "restore", "sync", "hash", "split", "sort", "retry", "warm", "measure", "trace"]
IRREGULAR_PAST = {"split": "split"}


def past(verb):
    if verb in IRREGULAR_PAST:
        return IRREGULAR_PAST[verb]
    if verb.endswith("e"):
        return verb + "d"
    if verb.endswith("y"):
        return verb[:-1] + "ied"
    return verb + "ed"


def gerund(verb):
    if verb == "split":
        return "splitting"
    if verb.endswith("e") and not verb.endswith("ee"):
        return verb[:-1] + "ing"
    return verb + "ing"


def article(word):
    return ("an " if word[0] in "aeiou" else "a ") + word


SUFFIXES = ["Store", "Client", "Builder", "Cache", "Pool", "Loader", "Parser", "Writer", "Index",
            "Tracker", "Planner", "Scheduler", "Registry", "Reader", "Queue", "Router"]
ADJ = ["slow", "cold", "warm", "incremental", "parallel", "lazy", "stale", "hot", "small",
       "noisy", "flaky", "stable", "hidden", "shared", "sorted", "bounded", "streaming"]
PLACES = ["the build farm", "staging", "production", "the CI runners", "a laptop", "the edge",
          "the database tier", "our test cluster", "the release branch", "the nightly job"]
UNITS = ["ms", "s", "MB", "requests/s", "%", "GB", "µs"]
PEOPLE = ["the platform team", "our on-call engineer", "two reviewers", "the release manager",
          "a new contributor", "the data team", "everyone on the thread"]

TITLE_PATTERNS = [
    "How we made the {noun} {n}× faster",
    "What {a_adj} {noun} taught us about {tag}",
    "Notes on {verbing} {noun}s in {tag}",
    "Why our {noun} {verb}s twice",
    "{a_adj} {noun} in {place}",
    "Moving the {noun} {verb} step to {tag}",
    "Debugging {a_adj} {noun}",
    "{n} lessons from rewriting the {noun} {suffix}",
    "The {noun} {suffix}, one year later",
    "Measuring {noun} latency with {tag}",
    "When the {noun} is the bottleneck",
    "Designing {a_adj} {noun} API",
]

SENTENCES = [
    "The {noun} {verbed} in {n} {unit} on {place}, which was {adj2} than we expected.",
    "We {verb} every {noun} before the {noun2} is written, so readers never see a half-built state.",
    "Most of the time went into `{fn}()`, not into the {noun2} itself.",
    "After {people} looked at the traces, the {adj} {noun} turned out to be a configuration problem.",
    "{a_adj} {noun} is cheap to build but expensive to debug once it reaches {place}.",
    "We tried three approaches: {a_adj} {noun}, a {adj2} {noun2}, and doing nothing at all.",
    "The numbers below come from {place}, measured {n} times and reported as medians.",
    "If the {noun} misses, the request falls back to the {noun2} and pays about {n} {unit}.",
    "Nothing in the design requires {a_adj} {noun}; it simply made the first version easier.",
    "The change touched {n} files but only one of them, `{file}`, needed real thought.",
    "It is tempting to {verb} the {noun} eagerly, but that doubles the work on a cold start.",
    "We now {verb} the {noun2} in batches of {n}, which keeps memory flat.",
    "In hindsight the {noun} should have been {adj} from the beginning.",
    "Each {noun} carries its own {noun2}, so two workers never contend for the same lock.",
    "That single line saved roughly {n} {unit} per build on {place}.",
    "The failure only appeared under load, when the {noun} queue grew past {n} entries.",
    "Reading the {noun2} back after writing it caught two bugs before release.",
    "For the curious, the full profile is linked at the end of this post.",
]

LINK_TEXTS = ["the design notes", "an earlier post", "the upstream issue", "this write-up",
              "the documentation", "the benchmark repository", "a talk on the subject"]
EXTERNAL = ["https://example.com/docs/{w}", "https://example.org/blog/{w}-{n}",
            "https://docs.example.net/{w}/latest/", "https://github.example/{w}/{w2}/issues/{n}"]

BLOCKQUOTES = [
    "Make it work, make it right, make it fast — in that order, and measure between each step.",
    "The cheapest {noun} is the one you never {verb}.",
    "Every {adj} {noun} is {a_noun2} that nobody has measured yet.",
    "If a benchmark cannot be rerun by someone else, it is an anecdote.",
]

IMAGES = ["latency-chart", "architecture", "flamegraph", "memory-profile", "throughput", "pipeline"]


def slugify(text):
    """Jekyll's default slugify, which Galley and Hugo's urlize agree with for these names."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


class Names:
    """Fresh identifiers for one snippet."""

    def __init__(self, rng):
        self.rng = rng
        self.cache = {}

    def get(self, kind, index):
        key = (kind, index)
        if key in self.cache:
            return self.cache[key]
        r = self.rng
        while True:
            noun, verb = r.choice(NOUNS), r.choice(VERBS)
            if kind == "T":
                value = noun.capitalize() + r.choice(SUFFIXES)
            elif kind == "f":
                value = verb + noun.capitalize() + (r.choice(["", "s", "All", "Batch"]))
            elif kind == "s":
                value = r.choice([verb + "_" + noun, noun + "_" + r.choice(NOUNS), noun + "s"])
            elif kind == "v":
                value = r.choice([noun, noun + r.choice(["Count", "Ids", "Name", "Limit", "Map"])])
            elif kind == "w":
                value = noun
            elif kind == "n":
                value = str(r.choice([2, 3, 4, 8, 10, 16, 20, 25, 32, 50, 64, 100, 128, 250, 256,
                                      500, 512, 1000, 1024, 2048, 4096]))
            elif kind == "k":
                value = noun + "-" + r.choice(NOUNS + VERBS)
            elif kind == "U":
                value = (noun + "_" + verb).upper()
            else:
                raise ValueError(kind)
            if kind in ("n",) or value not in self.cache.values():
                break
        self.cache[key] = value
        return value


PLACEHOLDER = re.compile(r"@([TfsvwnkU])(\d)@")


def fill(template, rng):
    names = Names(rng)
    return PLACEHOLDER.sub(lambda m: names.get(m.group(1), m.group(2)), template)


def json_block(rng, target_lines):
    """A JSON document of about target_lines lines (an API response or a config)."""
    items = []
    lines = 4
    while lines < target_lines:
        noun = rng.choice(NOUNS)
        item = {
            "id": rng.randrange(1000, 99999),
            "name": f"{noun}-{rng.choice(VERBS)}",
            "enabled": rng.random() < 0.7,
            "limit": rng.choice([10, 50, 100, 500, 1000]),
            "tags": rng.sample(TAGS, 2),
        }
        if rng.random() < 0.4:
            item["owner"] = {"team": rng.choice(["platform", "data", "web", "mobile"]), "oncall": rng.random() < 0.5}
        items.append(item)
        lines += 2 + len(item) + 3 + (4 if "owner" in item else 0)
    doc = {"version": rng.randrange(1, 9), "generated": "2026-01-01T00:00:00Z", "items": items}
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def code_block(rng, lang):
    """10–60 lines of `lang`, from one or more filled snippets."""
    target = rng.choice([10, 12, 15, 18, 20, 24, 28, 32, 40, 48, 60])
    if lang == "json":
        text = json_block(rng, target)
    else:
        pool = SNIPPETS[lang]
        parts, count = [], 0
        order = rng.sample(range(len(pool)), len(pool))
        sep = "---\n" if lang == "yaml" else "\n"
        for i in order:
            body = fill(pool[i], rng)
            n = body.count("\n")
            if parts and count + n + 1 > 60:
                break
            parts.append(body)
            count += n + (1 if len(parts) > 1 else 0)
            if count >= target:
                break
        text = sep.join(parts)
    lines = text.rstrip("\n").split("\n")
    if len(lines) > 60:
        lines = lines[:60]
    while len(lines) < 10:
        lines.append("")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# Posts

class Post:
    def __init__(self, index, count, seed):
        rng = random.Random(f"{seed}:{index}")
        self.index = index
        self.date = NEWEST - dt.timedelta(days=index, hours=rng.randrange(0, 8), minutes=rng.randrange(0, 60))
        self.title = self._title(rng) + ("" if index < 200 else f" (part {index // 200 + 1})")
        base_slug = slugify(self.title)
        self.slug = f"{base_slug}-{index}"
        self.categories = [CATEGORIES[int(rng.paretovariate(1.2) - 1) % len(CATEGORIES)]]
        if rng.random() < 0.2:
            other = rng.choice(CATEGORIES)
            if other not in self.categories:
                self.categories.append(other)
        tags = []
        for _ in range(rng.randrange(2, 6)):
            t = TAGS[int(rng.paretovariate(0.9) * 3 - 3) % len(TAGS)]
            if t not in tags:
                tags.append(t)
        self.tags = tags
        self.description = self._sentence(rng).replace("`", "")
        self.body = self._body(rng, count, seed) + self._flaws(index, count, seed)

    @property
    def filename(self):
        return f"{self.date:%Y-%m-%d}-{self.slug}.md"

    @property
    def url(self):
        return f"/{self.date:%Y/%m/%d}/{self.slug}/"

    def _title(self, rng):
        verb, adj = rng.choice(VERBS), rng.choice(ADJ)
        words = dict(noun=rng.choice(NOUNS), verb=verb, verbing=gerund(verb), adj=adj, a_adj=article(adj),
                     tag=rng.choice(TAGS), place=rng.choice(PLACES), n=rng.randrange(2, 12),
                     suffix=rng.choice(SUFFIXES))
        title = rng.choice(TITLE_PATTERNS).format(**words)
        return title[0].upper() + title[1:]

    def _sentence(self, rng):
        verb, adj = rng.choice(VERBS), rng.choice(ADJ)
        s = rng.choice(SENTENCES).format(
            noun=rng.choice(NOUNS), noun2=rng.choice(NOUNS), verb=verb, verbed=past(verb), adj=adj, a_adj=article(adj),
            adj2=rng.choice(["faster", "slower", "smaller", "larger", "noisier", "steadier"]),
            n=rng.choice([2, 3, 4, 7, 12, 40, 90, 150, 300, 1200]), unit=rng.choice(UNITS),
            place=rng.choice(PLACES), people=rng.choice(PEOPLE),
            fn=rng.choice(VERBS) + rng.choice(NOUNS).capitalize(),
            file=f"Sources/{rng.choice(NOUNS).capitalize()}{rng.choice(SUFFIXES)}.swift")
        return s[0].upper() + s[1:]

    def _paragraph(self, rng, count, seed):
        sentences = [self._sentence(rng) for _ in range(rng.randrange(3, 7))]
        r = rng.random()
        i = rng.randrange(len(sentences))
        if r < 0.3:
            target = rng.randrange(count)
            other = Post.light(target, seed)
            sentences[i] += f" See [{rng.choice(LINK_TEXTS)}]({other}) for the background."
        elif r < 0.55:
            url = rng.choice(EXTERNAL).format(w=rng.choice(NOUNS), w2=rng.choice(VERBS), n=rng.randrange(10, 9999))
            sentences[i] += f" There is more in [{rng.choice(LINK_TEXTS)}]({url})."
        elif r < 0.7:
            sentences[i] = sentences[i].replace(" the ", " the **most expensive** ", 1)
        elif r < 0.8:
            sentences[i] = sentences[i].replace(" a ", " a *surprisingly* ", 1).replace(" an ", " a *surprisingly* ", 1)
        return " ".join(sentences)

    def _list(self, rng):
        ordered = rng.random() < 0.35
        items = []
        for k in range(rng.randrange(3, 7)):
            text = self._sentence(rng)
            if rng.random() < 0.3:
                text = f"**{rng.choice(VERBS).capitalize()} the {rng.choice(NOUNS)}.** " + text
            marker = f"{k + 1}." if ordered else "-"
            items.append(f"{marker} {text}")
            if not ordered and rng.random() < 0.15:
                items.append(f"  - `{rng.choice(VERBS)}_{rng.choice(NOUNS)}` stays {rng.choice(ADJ)}")
                items.append(f"  - the {rng.choice(NOUNS)} stays {rng.choice(ADJ)}")
        return "\n".join(items)

    def _table(self, rng):
        cols = rng.randrange(3, 6)
        header = ["Variant"] + [rng.choice(["p50", "p95", "p99", "mean", "max", "CPU", "RSS", "runs", "errors"]) + f" ({rng.choice(UNITS)})" for _ in range(cols - 1)]
        rows = []
        for _ in range(rng.randrange(3, 9)):
            row = [f"{rng.choice(ADJ)} {rng.choice(NOUNS)}"] + [f"{rng.uniform(0.1, 999):.1f}" for _ in range(cols - 1)]
            rows.append(row)
        align = ["---"] + ["---:"] * (cols - 1)
        out = ["| " + " | ".join(header) + " |", "| " + " | ".join(align) + " |"]
        out += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(out)

    def _body(self, rng, count, seed):
        n_code = rng.randrange(2, 7)
        n_sections = rng.randrange(3, 7)
        code_at = sorted(rng.randrange(n_sections) for _ in range(n_code))
        table_at = rng.randrange(n_sections)
        quote_at = rng.randrange(n_sections) if rng.random() < 0.5 else -1
        image_at = rng.randrange(n_sections) if rng.random() < 0.8 else -1
        langs = list(SNIPPETS) + ["json"]
        parts = [self._paragraph(rng, count, seed), self._paragraph(rng, count, seed)]
        for s in range(n_sections):
            heading = f"{gerund(rng.choice(VERBS)).capitalize()} the {rng.choice(ADJ)} {rng.choice(NOUNS)}"
            parts.append(f"## {heading}")
            parts.append(self._paragraph(rng, count, seed))
            if rng.random() < 0.6:
                parts.append(self._list(rng))
            if s == image_at:
                img = rng.choice(IMAGES)
                parts.append(f"![{img.replace('-', ' ').capitalize()} for the {rng.choice(NOUNS)}](/images/{img}.png)")
            for _ in range(code_at.count(s)):
                lang = rng.choice(langs)
                code = code_block(rng, lang)
                label = lang
                if rng.random() < 0.15:
                    label = ""        # unlabeled fence: each tool guesses or leaves it plain
                elif lang == "bash" and rng.random() < 0.3:
                    label = "sh"
                parts.append(f"Here is the {rng.choice(['relevant', 'simplified', 'final', 'first'])} "
                             f"{rng.choice(NOUNS)} code:")
                parts.append(f"```{label}\n{code}```")
                if rng.random() < 0.5:
                    parts.append(self._paragraph(rng, count, seed))
            if s == table_at:
                parts.append(f"### {rng.choice(['Results', 'Numbers', 'Measurements', 'Before and after'])}")
                parts.append(self._table(rng))
            if s == quote_at:
                n2 = rng.choice(NOUNS)
                q = rng.choice(BLOCKQUOTES).format(noun=rng.choice(NOUNS), a_noun2=article(n2),
                                                   verb=rng.choice(VERBS), adj=rng.choice(ADJ))
                parts.append(f"> {q}\n>\n> — {rng.choice(PEOPLE)}")
            if rng.random() < 0.5:
                parts.append(self._paragraph(rng, count, seed))
        parts.append("## Wrapping up")
        parts.append(self._paragraph(rng, count, seed))
        body = "\n\n".join(parts) + "\n"
        assert "{{" not in body and "{%" not in body, "Liquid/shortcode delimiters in a post body"
        return body

    @staticmethod
    def _flaws(index, count, seed):
        """What real blogs have and a link checker reports: about 4 % of posts link to a post that is not
        there (an old slug with a typo), about 3 % show an image whose file is missing. From a random
        stream of their own, so the rest of each post is as before."""
        rng = random.Random(f"{seed}:flaws:{index}")
        out = ""
        if rng.random() < 0.04:
            url = Post.light(rng.randrange(count), seed).rstrip("/")
            cut = rng.randrange(len(url) // 2, len(url))
            out += f"\nAn older version is in [the first draft]({url[:cut] + url[cut + 1:]}/), since moved.\n"
        if rng.random() < 0.03:
            out += f"\n![The {rng.choice(IMAGES).replace('-', ' ')} before the redesign](/images/{rng.choice(IMAGES)}-2019.png)\n"
        return out

    _light_cache = {}

    @staticmethod
    def light(index, seed):
        """URL of post `index` without generating its body (for internal links)."""
        key = (index, seed)
        if key not in Post._light_cache:
            rng = random.Random(f"{seed}:{index}")
            date = NEWEST - dt.timedelta(days=index, hours=rng.randrange(0, 8), minutes=rng.randrange(0, 60))
            dummy = Post.__new__(Post)
            title = dummy._title(rng) + ("" if index < 200 else f" (part {index // 200 + 1})")
            Post._light_cache[key] = f"/{date:%Y/%m/%d}/{slugify(title)}-{index}/"
        return Post._light_cache[key]

    def front_matter(self):
        def q(s):
            return json.dumps(s, ensure_ascii=False)
        return ("---\n"
                f"title: {q(self.title)}\n"
                f"date: {self.date:%Y-%m-%dT%H:%M:%SZ}\n"
                f"description: {q(self.description)}\n"
                f"categories: [{', '.join(q(c) for c in self.categories)}]\n"
                f"tags: [{', '.join(q(t) for t in self.tags)}]\n"
                "---\n\n")


# ---------------------------------------------------------------------------------------------
# Shared files

def png(width, height, seed):
    """A small valid PNG (a gradient), standard library only."""
    rng = random.Random(seed)
    r0, g0, b0 = rng.randrange(256), rng.randrange(256), rng.randrange(256)
    raw = bytearray()
    for y in range(height):
        raw.append(0)
        for x in range(width):
            raw += bytes(((r0 + x) % 256, (g0 + y) % 256, (b0 + x + y) % 256))

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


SITE_CSS = """body { max-width: 46rem; margin: 2rem auto; font: 16px/1.5 system-ui, sans-serif; padding: 0 1rem; }
pre { overflow-x: auto; padding: .75rem; background: #f6f8fa; }
table { border-collapse: collapse; } td, th { border: 1px solid #ddd; padding: .25rem .5rem; }
.post-list { list-style: none; padding: 0; } .terms a { margin-right: .5rem; }
"""


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def write_bytes(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


# ---------------------------------------------------------------------------------------------
# Galley

GALLEY_SITE = f"""title: {SITE_TITLE}
description: "{SITE_DESCRIPTION}"
url: {SITE_URL}
author:
  name: {AUTHOR}
language: en
timezone: UTC
permalink: /:year/:month/:day/:title/
paginate: {POSTS_PER_PAGE}
feed:
  items: {FEED_ITEMS}
  full_content: true
  # RSS only, as the Hugo and Jekyll sites write (Galley's default adds Atom and JSON Feed).
  formats: [rss]
highlight:
  theme: galley
  unlabeled: auto
markdown:
  smart: true
  raw_html: true
"""

GALLEY_TEMPLATES = {
    "base.liquid": """<!DOCTYPE html>
<html lang="{{ site.lang }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{% if page.kind == "home" %}{{ site.title | escape }}{% else %}{{ page.title | escape }} · {{ site.title | escape }}{% endif %}</title>
<meta name="description" content="{{ page.description | escape }}">
<link rel="canonical" href="{{ page.absolute_url | escape }}">
<link rel="stylesheet" href="{{ site.assets | escape }}site.css">
<link rel="stylesheet" href="{{ site.assets | escape }}syntax.css">
<link rel="alternate" type="application/rss+xml" title="{{ site.title | escape }}" href="{{ site.feeds.rss | escape }}">
</head>
<body>
<header><a href="{{ site.home | escape }}">{{ site.title | escape }}</a> · <a href="{{ site.tags_url | escape }}">Tags</a></header>
<main>
{{ content }}
</main>
<footer>© {{ site.copyright_year }} {{ site.title | escape }}</footer>
</body>
</html>
""",
    "post.liquid": """---
layout: base
---
<article>
<h1>{{ page.title | escape }}</h1>
<p class="meta"><time datetime="{{ page.date | date_to_xmlschema }}">{{ page.display_date | escape }}</time>
{% for category in page.categories %} · <a href="{{ category.url | escape }}">{{ category.name | escape }}</a>{% endfor %}</p>
{{ content }}
<p class="terms">{% for tag in page.tags %}<a href="{{ tag.url | escape }}" rel="tag">#{{ tag.name | escape }}</a> {% endfor %}</p>
<nav class="post-nav">
{% if page.previous %}<a rel="prev" href="{{ page.previous.url | escape }}">← {{ page.previous.title | escape }}</a>{% endif %}
{% if page.next %}<a rel="next" href="{{ page.next.url | escape }}">{{ page.next.title | escape }} →</a>{% endif %}
</nav>
</article>
""",
    "page.liquid": """---
layout: base
---
<article>
<h1>{{ page.title | escape }}</h1>
{{ content }}
</article>
""",
    "partials/list.liquid": """<ul class="post-list">
{% for post in paginator.posts %}<li><time datetime="{{ post.date | date_to_xmlschema }}">{{ post.date | date: "%Y-%m-%d" }}</time> <a href="{{ post.url | escape }}">{{ post.title | escape }}</a></li>
{% endfor %}</ul>
{% if paginator.total_pages > 1 %}<nav class="pagination">
{% if paginator.previous_page_path %}<a rel="prev" href="{{ paginator.previous_page_path | escape }}">Newer</a>{% endif %}
<span>Page {{ paginator.page }} of {{ paginator.total_pages }}</span>
{% if paginator.next_page_path %}<a rel="next" href="{{ paginator.next_page_path | escape }}">Older</a>{% endif %}
</nav>{% endif %}
""",
    "home.liquid": """---
layout: base
---
<h1>{{ site.title | escape }}</h1>
{% include list.liquid -%}
""",
    "tag.liquid": """---
layout: base
---
<h1>{{ page.term.name | escape }}</h1>
{% include list.liquid -%}
""",
    "tags.liquid": """---
layout: base
---
<h1>Tags</h1>
<ul class="terms">
{% for term in site.terms %}<li><a href="{{ term.url | escape }}">{{ term.name | escape }}</a> ({{ term.count }})</li>
{% endfor %}</ul>
""",
    "404.liquid": """---
layout: base
---
<h1>Page not found</h1>
<p><a href="{{ site.home | escape }}">Back to the home page</a></p>
""",
}

# ---------------------------------------------------------------------------------------------
# Hugo

HUGO_CONFIG = f"""baseURL = "{SITE_URL}/"
languageCode = "en"
title = "{SITE_TITLE}"
paginate = {POSTS_PER_PAGE}
rssLimit = {FEED_ITEMS}
# The posts section's own list page would duplicate the home listing: Galley and Jekyll have none.
disableKinds = ["section"]
enableRobotsTXT = true

[params]
  description = "{SITE_DESCRIPTION}"
  author = "{AUTHOR}"

[permalinks]
  posts = "/:year/:month/:day/:slug/"

# YYYY-MM-DD-slug.md: the slug comes from the file name, as in Galley and Jekyll.
[frontmatter]
  date = [":filename", ":default"]

[taxonomies]
  tag = "tags"
  category = "categories"

[outputs]
  home = ["HTML", "RSS"]
  page = ["HTML"]
  taxonomy = ["HTML"]
  term = ["HTML", "RSS"]

# Feeds at feed.xml, as Galley and Jekyll name them.
[outputFormats.RSS]
  baseName = "feed"

[markup]
  [markup.highlight]
    codeFences = true
    guessSyntax = true
    noClasses = false
    style = "github"
  [markup.goldmark.renderer]
    unsafe = true
"""

HUGO_LAYOUTS = {
    "_default/baseof.html": """<!DOCTYPE html>
<html lang="{{ .Site.LanguageCode }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ block "title" . }}{{ .Title }} · {{ .Site.Title }}{{ end }}</title>
<meta name="description" content="{{ with .Description }}{{ . }}{{ else }}{{ .Site.Params.description }}{{ end }}">
<link rel="canonical" href="{{ .Permalink }}">
<link rel="stylesheet" href="/assets/site.css">
<link rel="stylesheet" href="/assets/syntax.css">
<link rel="alternate" type="application/rss+xml" title="{{ .Site.Title }}" href="/feed.xml">
</head>
<body>
<header><a href="/">{{ .Site.Title }}</a> · <a href="/tags/">Tags</a></header>
<main>
{{ block "main" . }}{{ end }}
</main>
<footer>© {{ now.Year }} {{ .Site.Title }}</footer>
</body>
</html>
""",
    "_default/single.html": """{{ define "main" }}
<article>
<h1>{{ .Title }}</h1>
<p class="meta"><time datetime="{{ .Date.Format "2006-01-02T15:04:05Z07:00" }}">{{ .Date.Format "January 2, 2006" }}</time>
{{ range .Params.categories }} · <a href="{{ "/categories/" | relURL }}{{ . | urlize }}/">{{ . }}</a>{{ end }}</p>
{{ .Content }}
<p class="terms">{{ range .Params.tags }}<a href="/tags/{{ . | urlize }}/" rel="tag">#{{ . }}</a> {{ end }}</p>
<nav class="post-nav">
{{ with .Next }}<a rel="prev" href="{{ .RelPermalink }}">← {{ .Title }}</a>{{ end }}
{{ with .Prev }}<a rel="next" href="{{ .RelPermalink }}">{{ .Title }} →</a>{{ end }}
</nav>
</article>
{{ end }}
""",
    "partials/list.html": """<ul class="post-list">
{{ range .Paginator.Pages }}<li><time datetime="{{ .Date.Format "2006-01-02T15:04:05Z07:00" }}">{{ .Date.Format "Jan 2, 2006" }}</time> <a href="{{ .RelPermalink }}">{{ .Title }}</a></li>
{{ end }}</ul>
{{ if gt .Paginator.TotalPages 1 }}<nav class="pagination">
{{ with .Paginator.Prev }}<a rel="prev" href="{{ .URL }}">Newer</a>{{ end }}
<span>Page {{ .Paginator.PageNumber }} of {{ .Paginator.TotalPages }}</span>
{{ with .Paginator.Next }}<a rel="next" href="{{ .URL }}">Older</a>{{ end }}
</nav>{{ end }}
""",
    "index.html": """{{ define "title" }}{{ .Site.Title }}{{ end }}
{{ define "main" }}
<h1>{{ .Site.Title }}</h1>
{{ $paginator := .Paginate (where .Site.RegularPages "Type" "posts") }}
{{ partial "list.html" . }}
{{ end }}
""",
    "_default/term.html": """{{ define "main" }}
<h1>{{ .Title }}</h1>
{{ partial "list.html" . }}
{{ end }}
""",
    "_default/terms.html": """{{ define "main" }}
<h1>{{ .Title }}</h1>
<ul class="terms">
{{ range .Data.Terms.Alphabetical }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> ({{ .Count }})</li>
{{ end }}</ul>
{{ end }}
""",
    "_default/list.html": """{{ define "main" }}
<h1>{{ .Title }}</h1>
{{ partial "list.html" . }}
{{ end }}
""",
    "404.html": """{{ define "main" }}
<h1>Page not found</h1>
<p><a href="/">Back to the home page</a></p>
{{ end }}
""",
    "_default/rss.xml": """{{- $pages := .Pages -}}
{{- if .IsHome }}{{ $pages = where .Site.RegularPages "Type" "posts" }}{{ end -}}
{{ printf "<?xml version=\\"1.0\\" encoding=\\"utf-8\\"?>" | safeHTML }}
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>{{ if .IsHome }}{{ .Site.Title }}{{ else }}{{ .Site.Title }} — {{ .Title }}{{ end }}</title>
<link>{{ .Permalink }}</link>
<description>{{ .Site.Params.description }}</description>
<language>en</language>
{{ with .OutputFormats.Get "RSS" }}<atom:link href="{{ .Permalink }}" rel="self" type="application/rss+xml"/>{{ end }}
{{ range first 20 $pages }}<item>
<title>{{ .Title }}</title>
<link>{{ .Permalink }}</link>
<guid>{{ .Permalink }}</guid>
<pubDate>{{ .Date.Format "Mon, 02 Jan 2006 15:04:05 -0700" | safeHTML }}</pubDate>
{{ range .Params.categories }}<category>{{ . }}</category>{{ end }}{{ range .Params.tags }}<category>{{ . }}</category>{{ end }}
<description>{{ .Content | html }}</description>
</item>
{{ end }}</channel>
</rss>
""",
}

# ---------------------------------------------------------------------------------------------
# Jekyll

JEKYLL_CONFIG = f"""title: {SITE_TITLE}
description: "{SITE_DESCRIPTION}"
url: {SITE_URL}
baseurl: ""
author: {AUTHOR}
timezone: UTC
permalink: /:year/:month/:day/:title/
markdown: kramdown
highlighter: rouge
kramdown:
  input: GFM
  hard_wrap: false
  syntax_highlighter: rouge
  syntax_highlighter_opts:
    # Unlabeled fences: let Rouge guess the language, as Hugo (guessSyntax) and Galley (auto) do.
    default_lang: guess
    guess_lang: true
    # Inline `code` is not highlighted by Galley or Hugo either.
    span:
      disable: true
# No plugins: Debian's jekyll does not pull in jekyll-paginate or jekyll-feed, so pagination,
# term pages and feeds are plain Liquid pages written by the corpus generator.
plugins: []
defaults:
  - scope:
      path: ""
      type: posts
    values:
      layout: post
exclude: [manifest.json]
"""

JEKYLL_LAYOUTS = {
    "default.html": """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{% if page.home %}{{ site.title }}{% else %}{{ page.title }} · {{ site.title }}{% endif %}</title>
<meta name="description" content="{{ page.description | default: site.description }}">
<link rel="canonical" href="{{ page.url | absolute_url }}">
<link rel="stylesheet" href="/assets/site.css">
<link rel="stylesheet" href="/assets/syntax.css">
<link rel="alternate" type="application/rss+xml" title="{{ site.title }}" href="/feed.xml">
</head>
<body>
<header><a href="/">{{ site.title }}</a> · <a href="/tags/">Tags</a></header>
<main>
{{ content }}
</main>
<footer>© {{ site.time | date: "%Y" }} {{ site.title }}</footer>
</body>
</html>
""",
    "post.html": """---
layout: default
---
<article>
<h1>{{ page.title }}</h1>
<p class="meta"><time datetime="{{ page.date | date_to_xmlschema }}">{{ page.date | date: "%B %-d, %Y" }}</time>
{% for c in page.categories %} · <a href="/categories/{{ c | slugify }}/">{{ c }}</a>{% endfor %}</p>
{{ content }}
<p class="terms">{% for t in page.tags %}<a href="/tags/{{ t | slugify }}/" rel="tag">#{{ t }}</a> {% endfor %}</p>
<nav class="post-nav">
{% if page.previous %}<a rel="prev" href="{{ page.previous.url }}">← {{ page.previous.title }}</a>{% endif %}
{% if page.next %}<a rel="next" href="{{ page.next.url }}">{{ page.next.title }} →</a>{% endif %}
</nav>
</article>
""",
    # One page of a listing: `page.source` picks the posts (all, a tag, a category).
    "list.html": """---
layout: default
---
{% if page.kind == "tags" %}{% assign all = site.tags[page.term] %}{% elsif page.kind == "categories" %}{% assign all = site.categories[page.term] %}{% else %}{% assign all = site.posts %}{% endif %}
<h1>{% if page.term %}{{ page.term }}{% else %}{{ site.title }}{% endif %}</h1>
<ul class="post-list">
{% for post in all limit: page.per offset: page.offset %}<li><time datetime="{{ post.date | date_to_xmlschema }}">{{ post.date | date: "%b %-d, %Y" }}</time> <a href="{{ post.url }}">{{ post.title }}</a></li>
{% endfor %}</ul>
{% if page.total > 1 %}<nav class="pagination">
{% if page.newer %}<a rel="prev" href="{{ page.newer }}">Newer</a>{% endif %}
<span>Page {{ page.number }} of {{ page.total }}</span>
{% if page.older %}<a rel="next" href="{{ page.older }}">Older</a>{% endif %}
</nav>{% endif %}
""",
    "terms.html": """---
layout: default
---
<h1>Tags</h1>
<ul class="terms">
{% assign cats = site.categories | sort %}{% for c in cats %}<li><a href="/categories/{{ c[0] | slugify }}/">{{ c[0] }}</a> ({{ c[1].size }})</li>
{% endfor %}{% assign tags = site.tags | sort %}{% for t in tags %}<li><a href="/tags/{{ t[0] | slugify }}/">{{ t[0] }}</a> ({{ t[1].size }})</li>
{% endfor %}</ul>
""",
    "feed.html": """<?xml version="1.0" encoding="utf-8"?>
{% if page.kind == "tags" %}{% assign all = site.tags[page.term] %}{% elsif page.kind == "categories" %}{% assign all = site.categories[page.term] %}{% else %}{% assign all = site.posts %}{% endif %}<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>{{ site.title | xml_escape }}{% if page.term %} — {{ page.term | xml_escape }}{% endif %}</title>
<link>{{ site.url }}{{ page.list_url }}</link>
<description>{{ site.description | xml_escape }}</description>
<language>en</language>
<atom:link href="{{ page.url | absolute_url }}" rel="self" type="application/rss+xml"/>
{% for post in all limit: 20 %}<item>
<title>{{ post.title | xml_escape }}</title>
<link>{{ post.url | absolute_url }}</link>
<guid>{{ post.url | absolute_url }}</guid>
<pubDate>{{ post.date | date_to_rfc822 }}</pubDate>
{% for c in post.categories %}<category>{{ c | xml_escape }}</category>{% endfor %}{% for t in post.tags %}<category>{{ t | xml_escape }}</category>{% endfor %}
<description>{{ post.content | xml_escape }}</description>
</item>
{% endfor %}</channel>
</rss>
""",
}

JEKYLL_STATIC_PAGES = {
    "404.html": """---
layout: default
title: Page not found
permalink: /404.html
---
<h1>Page not found</h1>
<p><a href="/">Back to the home page</a></p>
""",
    "tags/index.html": """---
layout: terms
title: Tags
---
""",
    "feed.xml": """---
layout: feed
---
""",
    "sitemap.xml": """---
layout: null
---
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>{{ site.url }}/</loc></url>
{% for post in site.posts %}<url><loc>{{ post.url | absolute_url }}</loc><lastmod>{{ post.date | date_to_xmlschema }}</lastmod></url>
{% endfor %}{% for t in site.tags %}<url><loc>{{ site.url }}/tags/{{ t[0] | slugify }}/</loc></url>
{% endfor %}{% for c in site.categories %}<url><loc>{{ site.url }}/categories/{{ c[0] | slugify }}/</loc></url>
{% endfor %}</urlset>
""",
    "robots.txt": """---
layout: null
---
User-agent: *
Allow: /

Sitemap: {{ site.url }}/sitemap.xml
""",
}


def jekyll_list_pages(root, kind, term, base, count):
    """Jekyll has no pagination without plugins: one small Liquid page per listing page."""
    total = max(1, -(-count // POSTS_PER_PAGE))
    for n in range(1, total + 1):
        url = base if n == 1 else f"{base}page/{n}/"
        newer = "" if n == 1 else (base if n == 2 else f"{base}page/{n - 1}/")
        older = f"{base}page/{n + 1}/" if n < total else ""
        fm = ["---", "layout: list", f"kind: {kind}", f"title: {json.dumps(term or SITE_TITLE)}"]
        if term:
            fm.append(f"term: {json.dumps(term)}")
        else:
            fm.append("home: true")
        fm += [f"per: {POSTS_PER_PAGE}", f"offset: {(n - 1) * POSTS_PER_PAGE}", f"number: {n}", f"total: {total}",
               f"newer: \"{newer}\"", f"older: \"{older}\"", f"permalink: {url}", "---", ""]
        write(os.path.join(root, url.strip("/"), "index.html"), "\n".join(fm))


def jekyll_feed_page(root, kind, term, base):
    fm = ["---", "layout: feed", f"kind: {kind}", f"term: {json.dumps(term)}", f"list_url: {base}",
          f"permalink: {base}feed.xml", "---", ""]
    write(os.path.join(root, base.strip("/"), "feed.xml"), "\n".join(fm))


# ---------------------------------------------------------------------------------------------
# Diagrams (--diagrams): one post of ten gets a ```mermaid flowchart, a ```mermaid sequence diagram
# or a ```dot graph, in turn, from a random stream of its own (the rest of each post is unchanged).

def diagram_block(index, seed):
    rng = random.Random(f"{seed}:diagram:{index}")
    names = rng.sample(NOUNS, 9)
    label = lambda k: f"{gerund(rng.choice(VERBS)).capitalize()} the {names[k]}"
    kind = (index // 10) % 3
    if kind == 0:
        n = rng.randrange(6, 10)
        lines = [f"flowchart {rng.choice(['LR', 'TD'])}"]
        shapes = [("[", "]"), ("(", ")"), ("{", "}"), ("[(", ")]"), ("([", "])")]
        for k in range(n):
            o, c = rng.choice(shapes)
            lines.append(f"    n{k}{o}{label(k)}{c}")
        for k in range(1, n):
            arrow = rng.choice(["-->", "-->", "-.->", "==>"])
            text = f"|{rng.choice(VERBS)}|" if rng.random() < 0.4 else ""
            lines.append(f"    n{rng.randrange(k)} {arrow}{text} n{k}")
        lines += ["    subgraph core [The " + rng.choice(ADJ) + " core]", "      n1", "      n2", "    end"]
        return "```mermaid\n" + "\n".join(lines) + "\n```"
    if kind == 1:
        people = [names[k].capitalize() for k in range(rng.randrange(3, 5))]
        lines = ["sequenceDiagram", "    autonumber"] + [f"    participant {p}" for p in people]
        for k in range(rng.randrange(6, 11)):
            a, b = rng.sample(people, 2)
            if k == 3:
                lines.append(f"    loop Every {rng.choice(names)}")
            lines.append(f"    {a}{rng.choice(['->>', '-->>', '-)'])}{b}: {rng.choice(VERBS)} the {rng.choice(NOUNS)}")
            if k == 4:
                lines.append("    end")
        lines.append(f"    Note over {people[0]},{people[1]}: {rng.choice(ADJ)} path")
        return "```mermaid\n" + "\n".join(lines) + "\n```"
    n = rng.randrange(6, 10)
    lines = ["digraph G {", f"    rankdir={rng.choice(['LR', 'TB'])};", "    node [shape=box];"]
    lines += [f"    n{k} [label=\"{label(k)}\"];" for k in range(n)]
    lines.append("    subgraph cluster_a { label=\"Stage one\"; n0; n1; }")
    for k in range(1, n):
        attrs = f" [label=\"{rng.choice(VERBS)}\"]" if rng.random() < 0.4 else ""
        lines.append(f"    n{rng.randrange(k)} -> n{k}{attrs};")
    return "```dot\n" + "\n".join(lines) + "\n}\n```"


def generate(n, out, seed, diagrams=False):
    if os.path.exists(out):
        shutil.rmtree(out)
    galley, hugo, jekyll = (os.path.join(out, t) for t in ("galley", "hugo", "jekyll"))

    # Shared static files: images referenced by posts, a stylesheet.
    for k, name in enumerate(IMAGES):
        data = png(64, 40, f"{seed}:img:{k}")
        write_bytes(os.path.join(galley, "content/images", name + ".png"), data)
        write_bytes(os.path.join(hugo, "static/images", name + ".png"), data)
        write_bytes(os.path.join(jekyll, "images", name + ".png"), data)
    write(os.path.join(galley, "templates/assets/site.css"), SITE_CSS)
    write(os.path.join(hugo, "static/assets/site.css"), SITE_CSS)
    write(os.path.join(jekyll, "assets/site.css"), SITE_CSS)
    # A stylesheet for the highlighter classes (Galley writes its own syntax.css).
    syntax_css = ".highlight .k, .highlight .kd, .highlight .kt { color: #cf222e; }\n.highlight .s, .highlight .s2 { color: #0a3069; }\n.highlight .c, .highlight .c1 { color: #6e7781; }\n"
    write(os.path.join(hugo, "static/assets/syntax.css"), syntax_css)
    write(os.path.join(jekyll, "assets/syntax.css"), syntax_css)

    write(os.path.join(galley, "site.yml"), GALLEY_SITE)
    for name, text in GALLEY_TEMPLATES.items():
        write(os.path.join(galley, "templates", name), text)
    write(os.path.join(hugo, "config.toml"), HUGO_CONFIG)
    for name, text in HUGO_LAYOUTS.items():
        write(os.path.join(hugo, "layouts", name), text)
    write(os.path.join(jekyll, "_config.yml"), JEKYLL_CONFIG)
    for name, text in JEKYLL_LAYOUTS.items():
        write(os.path.join(jekyll, "_layouts", name), text)
    for name, text in JEKYLL_STATIC_PAGES.items():
        write(os.path.join(jekyll, name), text)

    manifest = {"generator_version": GENERATOR_VERSION, "seed": seed, "posts": n, "per_page": POSTS_PER_PAGE,
                "feed_items": FEED_ITEMS, "items": []}
    tag_counts, cat_counts = {}, {}
    total_bytes = code_blocks = 0
    for i in range(n):
        p = Post(i, n, seed)
        text = p.front_matter() + p.body
        if diagrams and i % 10 == 3:
            text = text.replace("\n## Wrapping up\n", "\n" + diagram_block(i, seed) + "\n\n## Wrapping up\n", 1)
        total_bytes += len(text.encode("utf-8"))
        code_blocks += len(re.findall(r"^```", p.body, re.M)) // 2
        write(os.path.join(galley, "content/posts", p.filename), text)
        write(os.path.join(hugo, "content/posts", p.filename), text)
        write(os.path.join(jekyll, "_posts", p.filename), text)
        for t in p.tags:
            tag_counts[t] = tag_counts.get(t, 0) + 1
        for c in p.categories:
            cat_counts[c] = cat_counts.get(c, 0) + 1
        manifest["items"].append({"index": i, "file": p.filename, "url": p.url,
                                  "output": p.url.strip("/") + "/index.html", "title": p.title})

    jekyll_list_pages(jekyll, "home", None, "/", n)
    for kind, counts in (("tags", tag_counts), ("categories", cat_counts)):
        for term, count in sorted(counts.items()):
            base = f"/{kind}/{slugify(term)}/"
            jekyll_list_pages(jekyll, kind, term, base, count)
            jekyll_feed_page(jekyll, kind, term, base)

    manifest["tags"] = len(tag_counts)
    manifest["categories"] = len(cat_counts)
    manifest["markdown_bytes"] = total_bytes
    manifest["code_blocks"] = code_blocks
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    return manifest


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--posts", "-n", type=int, default=1000)
    ap.add_argument("--out", "-o", required=True)
    ap.add_argument("--seed", type=int, default=8)
    ap.add_argument("--diagrams", action="store_true", help="a diagram (flowchart, sequence, DOT in turn) in one post of ten")
    args = ap.parse_args()
    m = generate(args.posts, args.out, args.seed, args.diagrams)
    print(f"corpus: {m['posts']} posts, {m['code_blocks']} code blocks, {m['tags']} tags, "
          f"{m['categories']} categories, {m['markdown_bytes'] / 1e6:.1f} MB of Markdown → {args.out}")


if __name__ == "__main__":
    main()
