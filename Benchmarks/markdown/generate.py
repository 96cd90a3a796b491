#!/usr/bin/env python3
"""Writes three ~4 MB Markdown documents for the Markdown benchmark:
plain.md (CommonMark only), mixed.md (blog posts with an occasional table, footnotes,
strikethrough, task list and bare URL) and gfm.md (every section uses every extension)."""
import os, sys

out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/galley-md-bench"
size = int(sys.argv[2]) if len(sys.argv) > 2 else 4_000_000
os.makedirs(out, exist_ok=True)

def section(n):
    return f'''## Section {n}: what "we" measured

The *renderer* walks cmark's **AST** once, escaping `text` and <span>inline HTML</span>; see [the docs](https://example.com/docs/{n} "Docs")
and the [reference][ref] --- it's fast... Numbers & symbols < > are escaped. A second sentence keeps the paragraph long
enough to look like prose, with _underscores_ and a hard break\\
at the end of a line.

> A quote with *emphasis*
> over two lines.

1. First item with `code`
2. Second item
   - nested bullet
   - another one

```swift
struct Item{n}: Sendable {{ let id = {n} }}
```

![diagram](/img/{n}.png "Figure {n}")

'''

def extensions(n):
    return f'''| Metric | Value |
|:-------|------:|
| time {n} | ~~slow~~ fast |

- [x] done www.example.com/{n}
- [ ] todo[^n{n % 50}]

'''

def write(name, every):
    parts, total, n = [], 0, 0
    while total < size:
        n += 1
        chunk = section(n) + (extensions(n) if every and n % every == 0 else "")
        parts.append(chunk)
        total += len(chunk)
    parts.append("\n[ref]: https://example.com/ref\n")
    if every:
        parts += [f"\n[^n{k}]: Footnote {k} with *emphasis*.\n" for k in range(50)]
    with open(os.path.join(out, name), "w") as f:
        f.write("".join(parts))

write("plain.md", 0)
write("mixed.md", 10)
write("gfm.md", 1)
print(out)
