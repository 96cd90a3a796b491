#!/usr/bin/env bash
# Markdown speed: `galley markdown --no-highlight` against the cmark CLI (Debian `cmark`,
# same library, same options: smart punctuation, raw HTML kept) on generated documents.
# Both are whole processes (start-up, reading, writing included); the best of N runs of
# user+sys CPU time is compared, which is steadier than wall time on a shared machine.
# Process ratios include what the CLI adds around the renderer (reading, UTF-8 validation of
# the input, a worker thread); for parse+render in-process against cmark_markdown_to_html, see
# Tests/MarkdownTests/BenchmarkTests.swift (GALLEY_BENCH=1). Peak RSS (MB) is shown too: cmark's
# memory comes from a per-render arena (Sources/Markdown/Arena.swift), which trades some memory for speed.
set -euo pipefail
cd "$(dirname "$0")/../.."
SCRATCH=${SCRATCH:-.build-bench}
RUNS=${RUNS:-7}
DIR=$(python3 Benchmarks/markdown/generate.py "${TMPDIR:-/tmp}/galley-md-bench" "${SIZE:-4000000}")
LOG=$(mktemp)
swift build -c release --scratch-path "$SCRATCH" --product galley >"$LOG" 2>&1 || { grep -E "error" "$LOG" >&2; echo "release build failed" >&2; exit 1; }
GALLEY="$SCRATCH/release/galley"
command -v cmark >/dev/null || { echo "needs the cmark CLI (apt-get install cmark)" >&2; exit 1; }

best() { # best user+sys seconds of RUNS runs of "$@"
    local b=999
    for _ in $(seq "$RUNS"); do
        local t
        t=$( { /usr/bin/time -f "%U %S" "$@" >/dev/null; } 2>&1 | tail -1 | awk '{print $1 + $2}')
        b=$(awk -v a="$t" -v b="$b" 'BEGIN { print (a < b) ? a : b }')
    done
    echo "$b"
}

rss() { # peak resident MB of one run of "$@"
    /usr/bin/time -f "%M" -o "$LOG" "$@" >/dev/null 2>&1
    awk '{ printf "%.0f", $1 / 1024 }' "$LOG"
}

printf "%-10s %8s %10s %10s %7s %10s %10s\n" input MB galley_s cmark_s ratio galley_MB cmark_MB
for f in plain mixed gfm; do
    g=$(best "$GALLEY" markdown --no-highlight "$DIR/$f.md")
    c=$(best cmark --smart --unsafe "$DIR/$f.md")
    mb=$(awk -v s="$(stat -c %s "$DIR/$f.md")" 'BEGIN { printf "%.1f", s / 1e6 }')
    printf "%-10s %8s %10s %10s %7s %10s %10s\n" "$f" "$mb" "$g" "$c" "$(awk -v g="$g" -v c="$c" 'BEGIN { printf "%.2f", g / c }')" \
        "$(rss "$GALLEY" markdown --no-highlight "$DIR/$f.md")" "$(rss cmark --smart --unsafe "$DIR/$f.md")"
done
