#!/usr/bin/env bash
# The API contract test: schemathesis generates requests from docs/openapi.json and sends them to the release binary,
# signed in, failing on any server error, undocumented status, schema-valid request refused, schema-violating request
# accepted, or answer that does not match its schema. Settings per operation are in schemathesis.toml beside the
# document. Runs in well under a minute: a fixed seed and about ten examples per operation.
#
# Usage: scripts/contract-test.sh [path to the questline binary]   (default target/release/questline)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
binary="${1:-$root/target/release/questline}"
venv="${CARGO_TARGET_DIR:-$root/target}/schemathesis-venv"
# Pinned, so a new release of the tool cannot fail a build that passed yesterday.
version="4.32.5"
log() { echo "contract-test: $*" >&2; }

if [ ! -x "$venv/bin/st" ] || ! "$venv/bin/st" --version 2>/dev/null | grep -q "$version"; then
  log "installing schemathesis $version into $venv"
  if ! python3 -m venv "$venv" >/dev/null 2>&1; then
    # Debian ships venv's pip bootstrap separately.
    log "installing python3-venv with apt"
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-venv >/dev/null
    rm -rf "$venv"
    python3 -m venv "$venv"
  fi
  "$venv/bin/pip" install -q --disable-pip-version-check "schemathesis==$version"
fi

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
data=$(mktemp -d)
base="http://127.0.0.1:$port"
PORT=$port QUESTLINE_DATA_DIR="$data" QUESTLINE_PUBLIC_URL="$base" QUESTLINE_LOG_FORMAT=text RUST_LOG=warn \
  QUESTLINE_ARGON2_MEMORY_KIB=1024 QUESTLINE_ARGON2_ITERATIONS=1 QUESTLINE_CARTS_PER_ADDRESS_PER_HOUR=100000 \
  "$binary" serve >"$data/server.log" 2>&1 &
server=$!
cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT

for _ in $(seq 1 100); do
  curl -fsS "$base/api/health" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { cat "$data/server.log" >&2; log "the server did not start"; exit 1; }
  sleep 0.1
done

# A fresh signed-in game master (its session cookie on stdout), so operations behind sign-in and the GM's are reached
# too. Becoming a game master replaces the session token, which is why it happens here and not mid-run.
sign_up() {
  local jar="$data/cookies-$1" account
  account=$(curl -fsS -c "$jar" -H 'X-Questline-Csrf: 1' -H 'Content-Type: application/json' \
    -d "{\"email\":\"$1@example.com\",\"password\":\"correct horse battery staple\",\"display_name\":\"Contract\"}" \
    "$base/api/auth/sign-up" | python3 -c 'import json, sys; print(json.load(sys.stdin)["account"]["account_id"])') || true
  [ -n "$account" ] || { log "sign-up failed"; return 1; }
  # A game master's e-mail address is proven first: the link of the welcome mail (an .eml file under the data
  # folder, as the server writes mails without SMTP).
  local token=""
  for _ in $(seq 1 100); do
    token=$(python3 - "$data/mail" "$1@example.com" <<'PY'
import pathlib, re, sys
for mail in sorted(pathlib.Path(sys.argv[1]).glob("*.eml")) if pathlib.Path(sys.argv[1]).exists() else []:
    text = mail.read_text(errors="replace").replace("=\r\n", "").replace("=\n", "").replace("=3D", "=")
    if sys.argv[2].lower() in text.lower():  # the server keeps addresses in lower case
        found = re.search(r"/verify-email\?token=([A-Za-z0-9_.-]+)", text)
        if found:
            print(found.group(1))
            break
PY
)
    [ -n "$token" ] && break
    sleep 0.1
  done
  [ -n "$token" ] || { log "no verification mail for $1"; return 1; }
  curl -fsS -b "$jar" -H 'X-Questline-Csrf: 1' -H 'Content-Type: application/json' -d "{\"token\":\"$token\"}" \
    "$base/api/auth/verify-email" >/dev/null || { log "verifying the e-mail address failed"; return 1; }
  curl -fsS -b "$jar" -c "$jar" -H 'X-Questline-Csrf: 1' -X POST \
    "$base/api/accounts/$account/become-game-master" >/dev/null || { log "becoming a game master failed"; return 1; }
  local cookie
  cookie=$(awk '$6 ~ /questline_session$/ {print $6 "=" $7}' "$jar")
  [ -n "$cookie" ] || { log "sign-up set no session cookie"; return 1; }
  echo "$cookie"
}

# A generated request that succeeds in signing up, signing in, changing the password or deleting the account ends
# the session it runs in, and every operation after it would only meet 401. So the main run leaves those out, and
# each then runs alone on an account of its own.
session_enders=(signUp signIn changePassword deleteAccount)
cd "$root/docs"
status=0
run() {
  local account=$1; shift
  local cookie
  cookie=$(sign_up "$account") || { status=1; return; }
  "$venv/bin/st" --config-file schemathesis.toml run openapi.json --url "$base" \
    -H "Cookie: $cookie" -H 'X-Questline-Csrf: 1' -H 'x-publishable-api-key: pk_questline_local' "$@" || status=$?
}
excluded=(); for id in "${session_enders[@]}"; do excluded+=(--exclude-operation-id "$id"); done
run contract "${excluded[@]}"
for id in "${session_enders[@]}"; do
  run "contract-$id" --include-operation-id "$id"
done
if [ "$status" -ne 0 ]; then
  log "server log:"
  tail -n 50 "$data/server.log" >&2
fi
exit "$status"
