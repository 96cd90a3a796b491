#!/usr/bin/env python3
"""Cuts the code fences of real engineering blogs into an evaluation file for unlabelled-fence detection.

    python3 Benchmarks/highlight/blog_samples.py GITDIR=owner/repo ... > /tmp/fences.jsonl

Each GITDIR is a bare snapshot (`fetch github:owner/repo`); the newest commit's Markdown posts are read
with `git show`, never checked out. Every fence becomes one JSON line: where it is (repo, commit, path,
line), its text, the author's label (`label`, raw, or null), and the post's context a detector may use:
title, tags, categories, the labels of the post's other fences, and the prose right before the fence.
The truth is added afterwards (`truth`): the author's label normalised for labelled fences, and a
hand-read verdict for unlabelled ones (`blog_fences.jsonl` is the committed, hand-checked file).
"""
import json
import re
import subprocess
import sys

#: Fence labels as Galley names them (its aliases); what is not listed keeps its own lower-cased name.
CANONICAL = {
    "objc": "objective-c", "objectivec": "objective-c", "obj-c": "objective-c", "objective-c++": "objective-c",
    "m": "objective-c", "mm": "objective-c", "sh": "bash", "shell": "bash", "zsh": "bash", "console": "console",
    "shell-session": "console", "sh-session": "console", "terminal": "console", "text": "plaintext",
    "txt": "plaintext", "plain": "plaintext", "none": "plaintext", "output": "plaintext", "log": "plaintext",
    "nohighlight": "plaintext", "js": "javascript", "ts": "typescript", "py": "python", "python3": "python",
    "rb": "ruby", "kt": "kotlin", "kts": "kotlin", "golang": "go", "rs": "rust", "yml": "yaml",
    "c++": "cpp", "cc": "cpp", "cs": "csharp", "c#": "csharp", "gradle": "groovy", "patch": "diff",
    "docker": "dockerfile", "make": "makefile", "md": "markdown", "htm": "html", "xhtml": "html",
    "erb": "html", "plist": "xml", "svg": "xml", "postgresql": "sql", "mysql": "sql", "sqlite": "sql",
    "psql": "sql", "proto": "protobuf", "cfg": "ini", "conf": "ini", "properties": "ini", "jsonc": "json",
    "json5": "json", "sass": "scss", "less": "scss", "shellsession": "console", "bash": "bash",
}


def canonical(label):
    if not label:
        return None
    l = label.strip().lower()
    return CANONICAL.get(l, l)


def git(gitdir, *args):
    return subprocess.run(["git", "-C", gitdir, *args], capture_output=True, check=True).stdout


def front_matter(text):
    """(fields, body, body's first line number): a tiny YAML reader for title / tags / categories."""
    if not text.startswith("---"):
        return {}, text, 1
    end = text.find("\n---", 3)
    if end < 0:
        return {}, text, 1
    head = text[3:end]
    fields, key = {}, None
    for line in head.splitlines():
        m = re.match(r"^([A-Za-z_]+):\s*(.*)$", line)
        if m:
            key, value = m.group(1).lower(), m.group(2).strip()
            if value.startswith("[") and value.endswith("]"):
                fields[key] = [v.strip().strip("'\"") for v in value[1:-1].split(",") if v.strip()]
            elif value:
                fields[key] = value.strip("'\"")
            else:
                fields[key] = []
        elif key and re.match(r"^\s*-\s+", line) and isinstance(fields.get(key), list):
            fields[key].append(re.sub(r"^\s*-\s+", "", line).strip().strip("'\""))
    body_start = end + 4
    return fields, text[body_start:], text[:body_start].count("\n") + 1


def words(value):
    if isinstance(value, list):
        return [str(v) for v in value]
    if isinstance(value, str):
        return [w for w in re.split(r"[,\s]+", value) if w]
    return []


FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})\s*([^\s`{]*)")


def fences(body):
    """(line index, label, text, prose before) for each fenced block of a Markdown body."""
    lines = body.split("\n")
    out, i = [], 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, marker, label = len(m.group(1)), m.group(2), m.group(3)
        j = i + 1
        code = []
        while j < len(lines) and not re.match(r"^ {0,3}" + re.escape(marker[0]) + "{%d,}\\s*$" % len(marker), lines[j]):
            code.append(lines[j][indent:] if lines[j][:indent].strip() == "" else lines[j])
            j += 1
        # The paragraph right before: the non-blank lines above the fence, up to a blank line or another fence.
        k, prose = i - 1, []
        while k >= 0 and not lines[k].strip():
            k -= 1
        while k >= 0 and lines[k].strip() and not FENCE.match(lines[k]) and len(prose) < 6:
            prose.insert(0, lines[k].strip())
            k -= 1
        out.append((i, label or None, "\n".join(code) + "\n", " ".join(prose)[-400:]))
        i = j + 1
    return out


def main():
    for spec in sys.argv[1:]:
        gitdir, repo = spec.split("=", 1)
        commit = git(gitdir, "rev-parse", "HEAD").decode().strip()
        paths = [p for p in git(gitdir, "ls-tree", "-r", "--name-only", commit).decode().splitlines()
                 if p.endswith((".md", ".markdown")) and "README" not in p and "/.github/" not in p]
        for path in sorted(paths):
            text = git(gitdir, "show", f"{commit}:{path}").decode("utf-8", "replace")
            fields, body, offset = front_matter(text)
            found = fences(body)
            labels = [canonical(l) for _, l, _, _ in found if l]
            for n, (line, label, code, prose) in enumerate(found):
                if not code.strip() or label in ("mermaid", "math", "chart"):
                    continue
                others = [canonical(l) for m, (_, l, _, _) in enumerate(found) if l and m != n]
                print(json.dumps({
                    "repo": repo, "commit": commit, "path": path, "line": line + offset,
                    "label": label, "text": code,
                    "title": fields.get("title", ""), "tags": words(fields.get("tags")),
                    "categories": words(fields.get("categories")) + words(fields.get("category")),
                    "post_labels": others, "prose": prose,
                }, ensure_ascii=False))
            del labels


if __name__ == "__main__":
    main()
