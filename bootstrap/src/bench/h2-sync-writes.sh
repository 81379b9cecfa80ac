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
. "$HERE/common.sh"
WORK="$TARGET/bench/h2-sync-writes"
DURATION=10 WARMUP=5 CONNS=8 THREADS=2 PORT=18192 KEY=bench-key
bench_options "--duration=DURATION --warmup=WARMUP --conns=CONNS --threads=THREADS --port=PORT" "$@"
command -v wrk >/dev/null || die "wrk not found"
command -v curl >/dev/null || die "curl not found"
bench_ready
mkdir -p "$WORK"
trap bench_stop EXIT

for sync in false true; do
  data="$WORK/data-$sync"
  rm -rf "$data"
  PETSTORE_PORT=$PORT PETSTORE_API_KEYS=$KEY PETSTORE_DATA_DIR=$data PETSTORE_DEMO_DATA=true \
    PETSTORE_ACCESS_LOG=false PETSTORE_H2_SYNC_WRITES=$sync bench_start "$WORK/service-$sync.log"
  wrk -t"$THREADS" -c"$CONNS" -d"${WARMUP}s" -s "$HERE/patch.lua" "http://127.0.0.1:$PORT" -- "$KEY" 12 >/dev/null
  line=$(wrk -t"$THREADS" -c"$CONNS" -d"${DURATION}s" -s "$HERE/patch.lua" "http://127.0.0.1:$PORT" -- "$KEY" 12 \
    | grep '^WRK ')
  bench_stop
  # WRK requests=.. ok_rps=.. p50_ms=.. p99_ms=.. max_ms=.. non2xx=.. sockerr=..
  set -- $line
  echo "sync_writes=$sync patch_rps=${3#ok_rps=} p50_ms=${4#p50_ms=} p99_ms=${5#p99_ms=} ${7} ${8}" \
    "conns=$CONNS duration_s=$DURATION"
done
