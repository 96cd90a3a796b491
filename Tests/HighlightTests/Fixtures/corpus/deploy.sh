#!/usr/bin/env bash
# Deploys the built site to the server.
set -euo pipefail

SITE_DIR="${1:-_site}"
REMOTE=deploy@example.com
PORT=22
readonly STAMP=$(date +%Y%m%d%H%M%S)

log() {
  echo "[$(date +%T)] $*" >&2
}

function check_tools {
  local tool
  for tool in rsync ssh git; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      log "missing $tool"
      exit 1
    fi
  done
}

check_tools
if [[ ! -d "$SITE_DIR" ]]; then
  log "no site at $SITE_DIR"
  exit 2
fi

count=$(find "$SITE_DIR" -name '*.html' | wc -l)
log "deploying $count pages"

case "$PORT" in
  22) echo "default port" ;;
  *) echo "custom port $PORT" ;;
esac

cat > /tmp/deploy-$STAMP.txt <<EOF
site=$SITE_DIR
count=$count
EOF

while read -r line; do
  echo "line: ${line}"
done < /tmp/deploy-$STAMP.txt

rsync -az --delete "$SITE_DIR/" "$REMOTE:/var/www/blog/" -e "ssh -p $PORT"
export GALLEY_ENV=production
arr=(one two three)
echo "${#arr[@]} items, first ${arr[0]}"
(( count += 1 ))
test -f ~/.profile && source ~/.profile
echo 'done' | tee -a deploy.log
