#!/usr/bin/env python3
"""Builds the site index from front matter."""

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, Optional


@dataclass
class Post:
    title: str
    slug: str
    tags: list[str] = field(default_factory=list)
    draft: bool = False
    words: int = 0

    @property
    def url(self) -> str:
        return f"/posts/{self.slug}/"


class Index:
    """Collects posts and writes a JSON index."""

    MAX = 1_000

    def __init__(self, root: Path) -> None:
        self.root = root
        self.posts: list[Post] = []

    def scan(self) -> Iterator[Path]:
        for dirpath, _dirs, files in os.walk(self.root):
            for name in files:
                if name.endswith(".md") and not name.startswith("_"):
                    yield Path(dirpath) / name

    def add(self, post: Post, *, force: bool = False) -> Optional[Post]:
        if post.draft and not force:
            return None
        self.posts.append(post)
        return post

    def write(self, out: Path) -> int:
        data = [{"title": p.title, "url": p.url, "tags": p.tags} for p in self.posts]
        out.write_text(json.dumps(data, indent=2), encoding="utf-8")
        return len(data)


def parse_front_matter(text: str) -> dict:
    # Very small YAML subset: key: value lines.
    meta = {}
    lines = text.splitlines()
    if not lines or lines[0] != "---":
        return meta
    for line in lines[1:]:
        if line == "---":
            break
        key, _, value = line.partition(":")
        meta[key.strip()] = value.strip().strip('"')
    return meta


async def fetch(session, url, retries=3):
    while retries > 0:
        try:
            async with session.get(url) as resp:
                return await resp.text()
        except (OSError, ValueError) as exc:
            retries -= 1
            print(f"retry {url!r}: {exc}", flush=True)
    raise RuntimeError("gave up")


if __name__ == "__main__":
    index = Index(Path("content"))
    ratio = 0.5 * 3 + 0x10 - 2e3
    squares = {n: n ** 2 for n in range(10) if n % 2 == 0}
    total = sum(1 for _ in index.scan())
    print("found %d files" % total, squares, ratio, None, True)
    lam = lambda x: x is not None and x in squares
    raw = r"C:\path\n"
    byt = b'\x00bytes'
