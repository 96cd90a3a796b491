#!/usr/bin/env bash
# Builds one site with Jekyll 4.3.1 (Debian's, with its plugin packages) as the reference:
#   Benchmarks/jekyll/oracle.sh SITE_DIR OUT_DIR
# The site is copied first and patches/<name>.sh applied to the copy only: what Debian's Ruby cannot run
# (a YAML symbol, a gem that is not packaged). Galley always builds the unmodified folder.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$1" && pwd); out=$2; name=$(basename "$src")
copy=$(mktemp -d)/$name
cp -a "$src" "$copy" && rm -rf "$copy/.git"
[ -f "$here/patches/$name.sh" ] && (cd "$copy" && bash "$here/patches/$name.sh")
rm -rf "$out"
cd "$copy"
start=$(date +%s.%N)
PAGES_DISABLE_NETWORK=1 JEKYLL_NO_BUNDLER_REQUIRE=true jekyll build -d "$out" > "$out.log" 2>&1
rc=$?
end=$(date +%s.%N)
printf '%s\tjekyll\t%s\t%.2f\n' "$name" "$rc" "$(echo "$end - $start" | bc)"
rm -rf "$(dirname "$copy")"
exit $rc
