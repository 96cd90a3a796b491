#!/bin/sh
# Tags a release and uploads the archive.
set -eu

VERSION="${1:?usage: release.sh VERSION}"
ARCHIVE="galley-$VERSION.tar.gz"
DRY_RUN=${DRY_RUN:-0}

run() {
  if [ "$DRY_RUN" -eq 1 ]; then
    printf 'would run: %s\n' "$*"
  else
    "$@"
  fi
}

if git rev-parse "v$VERSION" >/dev/null 2>&1; then
  echo "tag v$VERSION already exists" >&2
  exit 1
fi

swift build -c release
tar -czf "$ARCHIVE" -C .build/release galley
sha=$(shasum -a 256 "$ARCHIVE" | cut -d ' ' -f 1)
echo "sha256: $sha"

for remote in origin mirror; do
  run git push "$remote" "v$VERSION" || echo "push to $remote failed"
done

until [ -f "$ARCHIVE.sig" ]; do
  run gpg --detach-sign "$ARCHIVE"
  sleep 1
done
export RELEASE_SHA="$sha"
exit 0
