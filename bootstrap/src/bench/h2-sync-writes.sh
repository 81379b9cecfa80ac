#!/usr/bin/env bash
# h2-sync-writes.sh - what PETSTORE_H2_SYNC_WRITES costs: PATCH throughput and latency on the embedded H2 database,
# with every update forced to the disk before it is answered and without. Starts the service through its launcher
# (bootstrap/target/petstore-inventory) on a fresh H2 directory with the demo data for each setting in turn, warms it
# up and loads it with wrk (bootstrap/src/bench/patch.lua, the 12 demo pets).
#
# usage: bootstrap/src/bench/h2-sync-writes.sh [--duration 10] [--warmup 5] [--conns 8] [--threads 2] [--port 18192]
# Needs: a built service (./mvnw -B package -DskipTests), a JDK 25 (JAVA_HOME or /usr/lib/jvm/*25*), wrk, curl.
#
# Output (stdout), one line per setting:
#   sync_writes=false patch_rps=.. p50_ms=.. p99_ms=.. non2xx=.. sockerr=.. conns=.. duration_s=..
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
TARGET="$ROOT/bootstrap/target"
LAUNCHER="$TARGET/petstore-inventory"
WORK="$TARGET/bench/h2-sync-writes"
DURATION=10 WARMUP=5 CONNS=8 THREADS=2 PORT=18192 KEY=bench-key

die() { echo "h2-sync-writes.sh: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) DURATION=$2; shift 2;;
    --warmup) WARMUP=$2; shift 2;;
    --conns) CONNS=$2; shift 2;;
    --threads) THREADS=$2; shift 2;;
    --port) PORT=$2; shift 2;;
    -h|--help) awk 'NR>1 && !/^#/ {exit} NR>1 {print}' "$0"; exit 0;;
    *) die "unknown option $1 (see --help)";;
  esac
done
. "$HERE/jdk.sh"
command -v wrk >/dev/null || die "wrk not found"
command -v curl >/dev/null || die "curl not found"
[ -x "$LAUNCHER" ] || die "$LAUNCHER missing: build first (./mvnw -B package -DskipTests)"
mkdir -p "$WORK"

SERVICE_PID=
stop_service() {
  if [ -n "$SERVICE_PID" ]; then
    kill -TERM "$SERVICE_PID" 2>/dev/null || true
    wait "$SERVICE_PID" 2>/dev/null || true
    SERVICE_PID=
  fi
}
trap stop_service EXIT

for sync in false true; do
  data="$WORK/data-$sync"
  rm -rf "$data"
  PETSTORE_PORT=$PORT PETSTORE_API_KEYS=$KEY PETSTORE_DATA_DIR=$data PETSTORE_DEMO_DATA=true \
    PETSTORE_ACCESS_LOG=false PETSTORE_H2_SYNC_WRITES=$sync "$LAUNCHER" >"$WORK/service-$sync.log" 2>&1 &
  SERVICE_PID=$!
  for _ in $(seq 1 600); do
    curl -s -o /dev/null -m 2 -H "Authorization: Bearer $KEY" "http://127.0.0.1:$PORT/v1/inventory" && break
    kill -0 "$SERVICE_PID" 2>/dev/null || die "the service exited at startup, see $WORK/service-$sync.log"
    sleep 0.1
  done
  wrk -t"$THREADS" -c"$CONNS" -d"${WARMUP}s" -s "$HERE/patch.lua" "http://127.0.0.1:$PORT" -- "$KEY" 12 >/dev/null
  line=$(wrk -t"$THREADS" -c"$CONNS" -d"${DURATION}s" -s "$HERE/patch.lua" "http://127.0.0.1:$PORT" -- "$KEY" 12 \
    | grep '^WRK ')
  stop_service
  # WRK requests=.. ok_rps=.. p50_ms=.. p99_ms=.. max_ms=.. non2xx=.. sockerr=..
  set -- $line
  echo "sync_writes=$sync patch_rps=${3#ok_rps=} p50_ms=${4#p50_ms=} p99_ms=${5#p99_ms=} ${7} ${8}" \
    "conns=$CONNS duration_s=$DURATION"
done
