"""Feed validation helpers."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Iterable

ATOM = "{http://www.w3.org/2005/Atom}"
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}T")


class FeedError(Exception):
    """Raised when a feed is malformed."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line

    def __str__(self) -> str:
        where = f" (line {self.line})" if self.line is not None else ""
        return f"{self.args[0]}{where}"


def entries(root: ET.Element) -> Iterable[ET.Element]:
    yield from root.iter(ATOM + "entry")


def validate(text: str, *, max_entries: int = 50) -> list[str]:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as err:
        raise FeedError("not XML", line=err.position[0]) from err
    problems = []
    ids = Counter(e.findtext(ATOM + "id") for e in entries(root))
    for entry_id, count in ids.items():
        if count > 1:
            problems.append("duplicate id %s (%d times)" % (entry_id, count))
    updated = root.findtext(ATOM + "updated") or ""
    if not DATE.match(updated):
        problems.append(f"bad updated date: {updated!r}")
    if sum(ids.values()) > max_entries:
        problems.append("too many entries")
    return problems


if __name__ == "__main__":
    import sys

    with open(sys.argv[1], encoding="utf-8") as fh:
        for p in validate(fh.read()):
            print("warning:", p, file=sys.stderr)
    ratio = 3 / 4 if len(sys.argv) > 2 else 0.0
    assert ratio >= 0, "negative"
    del ratio
