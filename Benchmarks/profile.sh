#!/usr/bin/env bash
# Where does a Galley build spend its time? Instruction counts (callgrind: repeatable on a noisy
# machine) or samples (perf), on the benchmark corpus.
#
#   Benchmarks/profile.sh [N]            callgrind, N posts (default 1000), top 40 functions
#   Benchmarks/profile.sh --perf [N]     perf record -g instead (wall-clock samples, all threads)
#   GALLEY=/path/to/galley Benchmarks/profile.sh …
#
# Writes Benchmarks/out/profile-<N>/ (callgrind.out / perf.data and a text summary).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(dirname "$HERE")"
MODE=callgrind
N=1000
for a in "$@"; do
  case "$a" in
    --perf) MODE=perf ;;
    [0-9]*) N="$a" ;;
    *) echo "profile.sh: unknown argument $a" >&2; exit 2 ;;
  esac
done
GALLEY="${GALLEY:-$REPO/.build-bench/release/galley}"
[ -x "$GALLEY" ] || { echo "profile.sh: no galley at $GALLEY (run Benchmarks/run.sh --tools galley first, or set GALLEY)" >&2; exit 1; }
CORPUS="$HERE/out/corpus-$N"
[ -f "$CORPUS/manifest.json" ] || python3 "$HERE/corpus.py" --posts "$N" --out "$CORPUS" >&2
DIR="$HERE/out/profile-$N"
mkdir -p "$DIR"
rm -rf "$DIR/site-out"

if [ "$MODE" = callgrind ]; then
  command -v valgrind >/dev/null || { echo "profile.sh: apt-get install -y valgrind" >&2; exit 1; }
  valgrind --tool=callgrind --callgrind-out-file="$DIR/callgrind.out" --separate-threads=no \
    "$GALLEY" build --site "$CORPUS/galley" --output "$DIR/site-out" 2> "$DIR/valgrind.log"
  DEMANGLE=cat
  command -v swift-demangle >/dev/null && DEMANGLE="swift-demangle --simplified"
  callgrind_annotate --inclusive=no "$DIR/callgrind.out" 2>/dev/null | head -60 | $DEMANGLE > "$DIR/self.txt"
  callgrind_annotate --inclusive=yes "$DIR/callgrind.out" 2>/dev/null | head -80 | $DEMANGLE > "$DIR/inclusive.txt"
  echo "== self cost (top) =="; sed -n '1,60p' "$DIR/self.txt" | cut -c1-200
  echo "== inclusive cost: $DIR/inclusive.txt"
else
  command -v perf >/dev/null || { echo "profile.sh: perf is not installed" >&2; exit 1; }
  perf record -g -o "$DIR/perf.data" -- "$GALLEY" build --site "$CORPUS/galley" --output "$DIR/site-out" 2> "$DIR/perf-record.log"
  DEMANGLE=cat
  command -v swift-demangle >/dev/null && DEMANGLE="swift-demangle --simplified"
  # Inclusive time of Galley's own functions (what phase dominates), then self time (what instruction mix).
  perf report -i "$DIR/perf.data" --children --stdio -g none --percent-limit 1.5 2>/dev/null | grep -v '^#' | grep ' galley ' \
    | awk '{printf "%8s %8s  ", $1, $2; for (i = 6; i <= NF; i++) printf "%s ", $i; print ""}' | $DEMANGLE > "$DIR/inclusive.txt"
  perf report -i "$DIR/perf.data" --no-children --stdio -g none --percent-limit 0.7 2>/dev/null | grep -v '^#' | grep -v '^$' \
    | awk '{printf "%8s  %-16s ", $1, $3; for (i = 5; i <= NF; i++) printf "%s ", $i; print ""}' | $DEMANGLE > "$DIR/self.txt"
  echo "== inclusive (children) % , self % , function =="; head -45 "$DIR/inclusive.txt" | cut -c1-220
  echo "== self =="; head -30 "$DIR/self.txt" | cut -c1-220
fi
