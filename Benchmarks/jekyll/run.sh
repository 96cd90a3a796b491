#!/usr/bin/env bash
# Jekyll 4.3.1 against Galley on real Jekyll sites, as our acceptance compares them:
#   Benchmarks/jekyll/run.sh SITES_DIR [NAME…]
# SITES_DIR holds checkouts named as in sites.tsv (owner+repo at the commit given there; these machines reach
# no Git host, so fetch them beforehand). For each: Jekyll's build (oracle.sh), Galley's build of the
# unmodified folder (release), then ../shared/tools/jekyll-compare.py on the two outputs, and both times.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../.." && pwd)
sites=$(cd "$1" && pwd); shift
compare=${JEKYLL_COMPARE:-$root/../shared/tools/jekyll-compare.py}
galley=${GALLEY:-$root/.build/release/galley}
work=${WORK:-/tmp/galley-jekyll-bench}; mkdir -p "$work"
names=("$@"); [ ${#names[@]} -eq 0 ] && names=($(grep -v '^#' "$here/sites.tsv" | cut -f1))
for name in "${names[@]}"; do
  [ -d "$sites/$name" ] || { echo "$name: not in $sites (skipped)"; continue; }
  "$here/oracle.sh" "$sites/$name" "$work/$name.jekyll" || echo "$name: Jekyll failed (see $work/$name.jekyll.log)"
  rm -rf "$work/$name.galley"
  start=$(date +%s.%N)
  "$galley" build --site "$sites/$name" --output "$work/$name.galley" > "$work/$name.galley.log" 2>&1
  rc=$?
  end=$(date +%s.%N)
  printf '%s\tgalley\t%s\t%.2f\t(%s warnings)\n' "$name" "$rc" "$(echo "$end - $start" | bc)" "$(grep -c 'warning:' "$work/$name.galley.log")"
  python3 "$compare" "$work/$name.jekyll" "$work/$name.galley" | sed "s/^/$name: /"
done
