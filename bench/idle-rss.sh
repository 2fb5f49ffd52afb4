#!/usr/bin/env bash
# Idle memory of the server (budget: at most 40 MiB resident when idle, after start and after a short journey).
# Starts the release binary on SQLite with production password hashing (argon2id, 19 MiB per hash), reads its RSS
# once it is listening, signs up 12 accounts (three at a time), reads profiles and fails sign-ins, waits for it to
# go idle and reads RSS again. Talks only to 127.0.0.1 and stops the server it started. Not a test: run it by hand.
#
# Usage: bench/idle-rss.sh [binary]   (default target/release/questline; build with `make release`)
set -euo pipefail

binary="${1:-target/release/questline}"
budget_kib=$((40 * 1024))
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
base="http://127.0.0.1:$port"
data=$(mktemp -d)
PORT=$port QUESTLINE_DATA_DIR="$data" RUST_LOG=warn "$binary" serve >"$data/log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$data"' EXIT

for _ in $(seq 1 100); do curl -fsS "$base/api/health" >/dev/null 2>&1 && break; sleep 0.1; done
rss() { awk '/^VmRSS/ {print $2}' "/proc/$server/status"; }
sleep 2
started=$(rss)

pids=""
for i in $(seq 1 12); do
  curl -fsS -c "$data/cookies-$i" -H 'X-Questline-Csrf: 1' -H 'Content-Type: application/json' \
    -d "{\"email\":\"user$i@example.com\",\"password\":\"correct horse battery $i\",\"display_name\":\"User $i\"}" \
    "$base/api/auth/sign-up" >/dev/null &
  pids="$pids $!"
  if [ $((i % 3)) = 0 ]; then wait $pids; pids=""; fi
done
for i in $(seq 1 12); do
  curl -fsS -b "$data/cookies-$i" "$base/api/profile" >/dev/null
  curl -fsS -b "$data/cookies-$i" "$base/api/auth/me" >/dev/null
  curl -sS -o /dev/null -H 'X-Questline-Csrf: 1' -H 'Content-Type: application/json' \
    -d "{\"email\":\"user$i@example.com\",\"password\":\"not the password $i\"}" "$base/api/auth/sign-in"
done
busy=$(rss)
sleep 3
idle=$(rss)

printf 'idle after start: %d KiB\nright after the journey: %d KiB\nidle after the journey: %d KiB\n' \
  "$started" "$busy" "$idle"
if [ "$started" -gt "$budget_kib" ] || [ "$idle" -gt "$budget_kib" ]; then
  echo "over the budget of $budget_kib KiB" >&2
  exit 1
fi
