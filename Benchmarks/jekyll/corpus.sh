#!/usr/bin/env bash
# Jekyll 4.3.1 against Galley on the benchmark corpus built as a Jekyll site, in the same run:
#   Benchmarks/jekyll/corpus.sh [--posts 1000] [--runs 3] [--galley PATH]...
# Generates the corpus (corpus.py, its `jekyll/` folder), then builds it cold (output folder removed
# first) alternately with Jekyll (`jekyll build -d`) and with Galley (`galley build --site --output`),
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

# One cold build under GNU time: appends "tool<TAB>wall<TAB>cpu" to the results.
measure() {
  local tool=$1 out=$2; shift 2
  rm -rf "$out"
  /usr/bin/time -f "%e %U %S" -o "$work/time.txt" "$@" > "$work/$tool.log" 2>&1 || { echo "$tool failed: see $work/$tool.log" >&2; exit 1; }
  read -r wall user sys < "$work/time.txt"
  printf '%s\t%s\t%s\n' "$tool" "$wall" "$(echo "$user + $sys" | bc)" | tee -a "$results"
}
for ((r = 1; r <= runs; r++)); do
  (cd "$corpus/jekyll" && PAGES_DISABLE_NETWORK=1 JEKYLL_NO_BUNDLER_REQUIRE=true \
    measure jekyll "$work/jekyll-site" jekyll build -d "$work/jekyll-site")
  for g in "${galleys[@]}"; do measure "$g" "$work/galley-site" "$g" build --site "$corpus/jekyll" --output "$work/galley-site"; done
done
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
