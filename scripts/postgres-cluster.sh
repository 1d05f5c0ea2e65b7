#!/usr/bin/env bash
# A throwaway Postgres server for the service's tests on a Postgres server (DESIGN.md §8c):
#   eval "$(bash scripts/postgres-cluster.sh start)"   # exports PAYUI_POSTGRES_URL and PAYUI_PG_CLUSTER
#   bash scripts/postgres-cluster.sh stop "$PAYUI_PG_CLUSTER"
# Runs Debian's postgresql (15) as the unprivileged `postgres` user, on loopback, on a free port,
# in a new folder; `stop` ends it and removes the folder. Needs: apt-get install postgresql.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "postgres-cluster: no Postgres server (apt-get install postgresql)" >&2; exit 1; }
case "${1:-}" in
  start)
    dir=$(mktemp -d /tmp/payui-pg.XXXXXX)
    chown postgres "$dir"
    port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    su postgres -s /bin/sh -c "'$bin/initdb' -D '$dir/data' -A trust -U postgres --no-sync -E UTF8 --locale=C.UTF-8" > "$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    su postgres -s /bin/sh -c "'$bin/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -o \"-c listen_addresses=127.0.0.1 -p $port -k '$dir' -c fsync=off -c max_connections=300\" start" > /dev/null \
      || { cat "$dir/server.log" >&2; exit 1; }
    psql -h 127.0.0.1 -p "$port" -U postgres -qAt -c "CREATE ROLE payui LOGIN CREATEDB PASSWORD 'payui'" postgres
    echo "export PAYUI_POSTGRES_URL=postgres://payui:payui@127.0.0.1:$port/postgres"
    echo "export PAYUI_PG_CLUSTER=$dir"
    ;;
  stop)
    dir=${2:?the cluster folder}
    su postgres -s /bin/sh -c "'$bin/pg_ctl' -D '$dir/data' -m immediate stop" > /dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *) echo "usage: postgres-cluster.sh start | stop FOLDER" >&2; exit 2 ;;
esac
