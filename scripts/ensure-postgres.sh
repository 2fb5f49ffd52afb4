#!/usr/bin/env bash
# Prints a PostgreSQL URL the Rust tests can use as their admin connection (they create one database per test).
# Uses $QUESTLINE_TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test) when it answers; otherwise
# starts a throwaway cluster from the installed server binaries (installing them with apt when missing) on port
# 55432 under /tmp/questline-pg. Also drops the databases earlier test runs left behind. Progress goes to stderr.
set -euo pipefail

url="${QUESTLINE_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}"
log() { echo "ensure-postgres: $*" >&2; }

answers() { psql "$1" -Atqc 'select 1' >/dev/null 2>&1; }

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

pg_bin() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  [ -n "$found" ] && [ -x "$found/initdb" ] && echo "$found"
}

if ! command -v psql >/dev/null 2>&1 || ! answers "$url"; then
  bin=$(pg_bin || true)
  if [ -z "$bin" ]; then
    log "no PostgreSQL answers at $url and no server is installed: installing it with apt"
    sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >&2
    bin=$(pg_bin)
  fi
  port=55432
  # Outside the checkout: the postgres user must be able to reach it, and a clone may live in a private folder.
  dir="/tmp/questline-pg"
  url="postgres://postgres@127.0.0.1:$port/postgres"
  if ! answers "$url"; then
    log "starting a throwaway PostgreSQL cluster on 127.0.0.1:$port ($dir)"
    rm -rf "$dir" && mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then chown -R postgres "$dir"; fi
    as_postgres "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 >/dev/null
    as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=300" \
      start >&2
  fi
fi

# Databases of earlier runs: per-test copies and templates (a template is rebuilt when migrations change).
stale=$(psql "$url" -Atqc "select datname from pg_database where datname like 'qltest\_%' or datname like 'questline\_tpl\_%'")
for db in $stale; do
  psql "$url" -qc "drop database if exists \"$db\" with (force)" >/dev/null 2>&1 || true
done
echo "$url"
