#!/usr/bin/env bash
# Galley vs Hugo vs Jekyll: cold builds of the same generated blog. See Benchmarks/README.md.
#
#   Benchmarks/run.sh                 N = 1000 and 5000, all three tools
#   Benchmarks/run.sh 1000            one size
#   Benchmarks/run.sh 5000 20000      20000 (linearity check) runs Galley only …
#   Benchmarks/run.sh --all 20000     … unless --all
#   options: --tools galley,hugo      --runs 5      --no-install      --no-serve
#            --galley PATH (skip building Galley; use this binary)   --samples 20
#
# Results: a table on stdout and Benchmarks/out/results-<date>.md (+ .json with every run), then
# save-to-page latency (serve-latency.py) of galley serve and hugo server at each N, then the four
# figures together (summary.py): cold-build ratio to Hugo and save-to-page at 1000 and 5000 posts.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(dirname "$HERE")"
OUT="$HERE/out"
SIZES=()
TOOLS="galley,hugo,jekyll"
RUNS=3
INSTALL=1
ALL=0
SERVE=1
SAMPLES=20
GALLEY="${GALLEY:-}"

while (($#)); do
  case "$1" in
    --all) ALL=1 ;;
    --tools) TOOLS="$2"; shift ;;
    --tools=*) TOOLS="${1#*=}" ;;
    --runs) RUNS="$2"; shift ;;
    --runs=*) RUNS="${1#*=}" ;;
    --galley) GALLEY="$2"; shift ;;
    --galley=*) GALLEY="${1#*=}" ;;
    --no-install) INSTALL=0 ;;
    --no-serve) SERVE=0 ;;
    --samples) SAMPLES="$2"; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    [0-9]*) SIZES+=("$1") ;;
    *) echo "run.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
((${#SIZES[@]})) || SIZES=(1000 5000)

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# 1. Peers from Debian (hugo 0.111, jekyll 4.3) and GNU time, if missing.
if ((INSTALL)); then
  missing=()
  [[ ",$TOOLS," == *",hugo,"* ]] && ! command -v hugo >/dev/null && missing+=(hugo)
  [[ ",$TOOLS," == *",jekyll,"* ]] && ! command -v jekyll >/dev/null && missing+=(jekyll)
  [ -x /usr/bin/time ] || missing+=(time)
  if ((${#missing[@]})); then
    echo "run.sh: installing ${missing[*]} (apt-get install -y hugo jekyll time)" >&2
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y hugo jekyll time >&2 \
      || { as_root apt-get update >&2 && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y hugo jekyll time >&2; }
  fi
fi
command -v python3 >/dev/null || { echo "run.sh: python3 is required" >&2; exit 1; }

# 2. Galley, release build in its own scratch folder (does not disturb .build).
if [ -z "$GALLEY" ]; then
  echo "run.sh: building Galley (release) …" >&2
  if [ ! -d "$REPO/.build-bench" ] && [ -d "$REPO/.build" ]; then
    # Reuse fetched packages; module caches hold absolute paths and are rebuilt.
    cp -a "$REPO/.build" "$REPO/.build-bench"
    rm -rf "$REPO"/.build-bench/*/debug/ModuleCache "$REPO"/.build-bench/*/release/ModuleCache
  fi
  (cd "$REPO" && swift build -c release --product galley --static-swift-stdlib --scratch-path .build-bench >&2)
  GALLEY="$(cd "$REPO" && swift build -c release --product galley --static-swift-stdlib --scratch-path .build-bench --show-bin-path)/galley"
fi
[ -x "$GALLEY" ] || { echo "run.sh: no galley binary at $GALLEY" >&2; exit 1; }

# 3. The corpus per N (regenerated only when corpus.py, snippets.py or the seed changed).
mkdir -p "$OUT"
stamp_of() { cat "$HERE/corpus.py" "$HERE/snippets.py" | sha256sum | cut -c1-16; }
STAMP="$(stamp_of)"
for n in "${SIZES[@]}"; do
  dir="$OUT/corpus-$n"
  if [ "$(cat "$dir/.stamp" 2>/dev/null)" != "$STAMP" ]; then
    python3 "$HERE/corpus.py" --posts "$n" --out "$dir" >&2
    echo "$STAMP" > "$dir/.stamp"
  fi
done

# 4. Measure.
PEERS=()
((ALL)) && PEERS=(--peers-at-20000)
python3 "$HERE/bench.py" --galley "$GALLEY" --sizes "${SIZES[@]}" --tools "$TOOLS" --runs "$RUNS" --out "$OUT" "${PEERS[@]}"
RESULTS="$(ls -t "$OUT"/results-*.json | head -1)"

# 5. The writing loop: save-to-page of galley serve and hugo server, same corpus, same sizes.
SERVE_ARGS=()
if ((SERVE)); then
  stamp="$(date +%H%M%S)"
  for tool in galley hugo; do
    [[ ",$TOOLS," == *",$tool,"* ]] || continue
    json="$OUT/serve-$tool-$stamp.json"
    python3 "$HERE/serve-latency.py" --tool "$tool" --galley "$GALLEY" --posts "${SIZES[@]}" --samples "$SAMPLES" --json "$json" >&2 || true
    SERVE_ARGS+=("--serve-$tool" "$json")
  done
fi

# 6. The four figures together.
echo
python3 "$HERE/summary.py" "$RESULTS" "${SERVE_ARGS[@]}"
