#!/usr/bin/env bash
# Restarts the shop's processes one at a time, each after the one before is ready again, so nginx
# always has a process to send visitors to. Run after `npm ci && npm run build` (the new build sits
# beside the old one; the running processes keep serving theirs until restarted).
#   deploy/rolling-restart.sh 1 2
set -euo pipefail
for instance in "$@"; do
  port="300${instance}"
  echo "shop@${instance}: restarting"
  systemctl restart "shop@${instance}"
  for _ in $(seq 1 120); do
    if curl -fsS "http://127.0.0.1:${port}/api/ready" > /dev/null 2>&1; then
      echo "shop@${instance}: ready"
      continue 2
    fi
    sleep 1
  done
  echo "shop@${instance}: not ready after 120 s; stopping the deploy here" >&2
  exit 1
done
