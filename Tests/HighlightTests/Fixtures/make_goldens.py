#!/usr/bin/env python3
"""Development-time only: writes Pygments token classes for every corpus file.

Each golden line is `byteOffset byteLength class` for one Pygments token with a
non-empty short class (plain text is omitted). Run from anywhere:
    python3 Tests/HighlightTests/Fixtures/make_goldens.py
"""
import os
import sys

from pygments.lexers import get_lexer_by_name
from pygments.token import STANDARD_TYPES

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")
GOLDENS = os.path.join(HERE, "goldens")

# corpus extension -> Pygments lexer name
LEXERS = {
    "swift": "swift", "kt": "kotlin", "java": "java", "ts": "typescript",
    "js": "javascript", "py": "python", "go": "go", "rs": "rust",
    "sh": "bash", "json": "json", "yaml": "yaml", "yml": "yaml", "console": "console",
    "c": "c", "cpp": "cpp", "m": "objective-c", "cs": "csharp", "rb": "ruby",
    "dart": "dart", "groovy": "groovy", "scala": "scala", "php": "php",
    "ps1": "powershell", "toml": "toml", "xml": "xml", "html": "html",
    "css": "css", "scss": "scss", "sql": "sql", "diff": "diff",
    "dockerfile": "docker", "mk": "make", "md": "markdown",
    "graphql": "graphql", "proto": "protobuf", "ini": "ini", "jsx": "jsx", "tsx": "tsx",
}


def short(ttype):
    while ttype not in STANDARD_TYPES:
        ttype = ttype.parent
    return STANDARD_TYPES[ttype]


def tokens(name, text):
    lexer = get_lexer_by_name(name, stripnl=False, ensurenl=False)
    if name == "php":
        lexer = get_lexer_by_name(name, stripnl=False, ensurenl=False, startinline=False)
    offset = 0
    for ttype, value in lexer.get_tokens(text):
        size = len(value.encode("utf-8"))
        yield offset, size, short(ttype), value
        offset += size


def main():
    os.makedirs(GOLDENS, exist_ok=True)
    dump = "--dump" in sys.argv
    for fname in sorted(os.listdir(CORPUS)):
        ext = fname.rsplit(".", 1)[-1].lower()
        name = LEXERS.get(ext)
        if name is None:
            continue
        with open(os.path.join(CORPUS, fname), encoding="utf-8") as f:
            text = f.read()
        lines = []
        for off, size, cls, value in tokens(name, text):
            if dump and (len(sys.argv) < 3 or fname in sys.argv):
                print(fname, cls or "-", repr(value))
            if cls and cls != "w":
                lines.append(f"{off} {size} {cls}")
        with open(os.path.join(GOLDENS, fname + ".tokens"), "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
