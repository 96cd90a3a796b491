#!/usr/bin/env bash
# A lower bound for any build of the benchmark corpus on this machine: CPU seconds of the work every
# tool must do, each done by the fastest program at hand, without highlighting or templates.
#
#   Benchmarks/floor/run.sh [N]     (default 1000; needs Benchmarks/out/corpus-N and build-N/galley)
#
# 1. Markdown → HTML of every post with cmark (C, the reference implementation).
# 2. Parsing every written feed back with libxml2 (what the feed check must do at least).
# 3. Creating the output: a copy of Galley's output tree into a fresh folder (files and folders).
# The sum divided by the number of cores is the least wall time; Hugo's time divided by it is the
# largest speed-up over Hugo that any tool could show on this corpus and machine.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
N="${1:-1000}"
OUT="$HERE/../out"
CORPUS="$OUT/corpus-$N/galley"
BUILT="$OUT/build-$N/galley"
[ -d "$CORPUS" ] && [ -d "$BUILT" ] || { echo "run Benchmarks/run.sh $N first (needs corpus-$N and build-$N/galley)" >&2; exit 1; }
command -v cmark >/dev/null || { echo "apt-get install -y cmark" >&2; exit 1; }
cc -O2 -o "$OUT/xmlparse" "$HERE/xmlparse.c" $(pkg-config --cflags --libs libxml-2.0)

cpu() {   # user+sys seconds of a command
  local f; f=$(mktemp)
  /usr/bin/time -f "%U %S" -o "$f" "$@" >/dev/null
  awk '{printf "%.3f", $1 + $2}' "$f"; rm -f "$f"
}
md=$(cpu sh -c "cat '$CORPUS'/content/posts/*.md | cmark --unsafe")
xml=$(cpu sh -c "find '$BUILT' -name '*.xml' ! -name sitemap.xml -print0 | xargs -0 '$OUT/xmlparse'")
copy="$OUT/floor-copy-$$"
files=$(find "$BUILT" -type f | wc -l); dirs=$(find "$BUILT" -type d | wc -l)
write=$(cpu cp -r "$BUILT" "$copy")
mkdir -p "$OUT/.trash" && mv "$copy" "$OUT/.trash/"   # deleted later: see README, ext4 without a journal
cores=$(nproc)
awk -v md="$md" -v xml="$xml" -v w="$write" -v c="$cores" -v f="$files" -v d="$dirs" -v n="$N" 'BEGIN {
  s = md + xml + w
  printf "N = %d: Markdown (cmark) %.2f CPU s, feeds parsed back (libxml2) %.2f, writing %d files in %d folders %.2f\n", n, md, xml, f, d, w
  printf "floor: %.2f CPU s, %.2f s wall on %d cores at best\n", s, s / c, c
}'
