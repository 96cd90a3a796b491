#!/usr/bin/env bash
# Jekyll 4.3.1 against Galley on the benchmark corpus built as a Jekyll site, in the same run:
#   Benchmarks/jekyll/corpus.sh [--posts 1000] [--runs 3] [--galley PATH]...
# Generates the corpus (corpus.py, its `jekyll/` folder), then builds it cold, each build into a new
# folder, alternately with Jekyll (`jekyll build -d`) and with Galley (`galley build --site --output`),
# RUNS times each, under GNU time. Prints each run and the medians: wall, CPU (user + sys) and Jekyll ÷ Galley.
# Several --galley binaries (before/after a change) are measured in the same loop. Needs jekyll and
# /usr/bin/time; the release binary is built beforehand (swift build -c release --product galley).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../.." && pwd)
posts=1000; runs=3; galleys=()
while (($#)); do
  case "$1" in
    --posts) posts=$2; shift ;;
    --runs) runs=$2; shift ;;
    --galley) galleys+=("$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"); shift ;;
    *) echo "corpus.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
((${#galleys[@]})) || galleys=("$root/.build/release/galley")
work=${WORK:-/tmp/galley-jekyll-corpus}; mkdir -p "$work"
corpus="$work/corpus-$posts"
[ -f "$corpus/jekyll/_config.yml" ] || python3 "$root/Benchmarks/corpus.py" --posts "$posts" --out "$corpus" >&2
results="$work/times.tsv"; : > "$results"

# One cold build under GNU time: appends "tool<TAB>wall<TAB>cpu" to the results (a Galley is named by its path).
# Outputs are deleted only after the last run: on ext4 without a journal (these machines' disk) a new inode
# skips every inode freed in the last minutes, so deleting 3000 files just before a build made the
# kernel's share of Galley's time several times larger — a cost of the benchmark, not of either tool.
measure() {
  local tool=$1 out=$2 log; shift 2
  log="$work/$(basename "$tool").log"
  /usr/bin/time -f "%e %U %S" -o "$work/time.txt" "$@" > "$log" 2>&1 || { echo "$tool failed: see $log" >&2; exit 1; }
  read -r wall user sys < "$work/time.txt"
  printf '%s\t%s\t%s\n' "$tool" "$wall" "$(echo "$user + $sys" | bc)" | tee -a "$results"
}
sites="$work/sites"; rm -rf "$sites"; mkdir -p "$sites"
for ((r = 1; r <= runs; r++)); do
  (cd "$corpus/jekyll" && PAGES_DISABLE_NETWORK=1 JEKYLL_NO_BUNDLER_REQUIRE=true \
    measure jekyll "$sites/jekyll-$r" jekyll build -d "$sites/jekyll-$r")
  g=0
  for galley in "${galleys[@]}"; do
    g=$((g + 1)); measure "$galley" "$sites/galley$g-$r" "$galley" build --site "$corpus/jekyll" --output "$sites/galley$g-$r"
  done
done
rm -rf "$sites"
python3 - "$results" <<'PY'
import statistics, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
tools = list(dict.fromkeys(r[0] for r in rows))
med = {t: (statistics.median(float(r[1]) for r in rows if r[0] == t), statistics.median(float(r[2]) for r in rows if r[0] == t)) for t in tools}
jw, jc = med["jekyll"]
print("\n| build | wall (s) | CPU (s) | Jekyll ÷ it, wall | Jekyll ÷ it, CPU |\n|---|---:|---:|---:|---:|")
for t in tools:
    w, c = med[t]
    print(f"| {t} | {w:.2f} | {c:.2f} | {jw / w:.1f}× | {jc / c:.1f}× |")
PY
