#!/usr/bin/env bash
# ledger-streams.sh - the stock ledger's live streams under load: starts the service through its launcher on a fresh
# embedded database (demo data: 12 pets), or on PostgreSQL with --pg (PGHOST, PGPORT, PGUSER, PGPASSWORD; database
# BENCH_PG_DATABASE, default petstore_streams, dropped and created anew), then runs LedgerStreams.java beside this
# script: STREAMS clients follow the feed as Server-Sent Events while PATCHes are sent at RATE a second (open-loop:
# each PATCH is sent at its time, whatever the earlier ones take), after WARMUP seconds of the same load that are not
# counted (the service and the client are measured compiled, not while their JIT compilers work; on 2 cores shared
# with the client, the service's C2 compiler is busy for well over the first 10 s).
#
# usage: bootstrap/src/bench/ledger-streams.sh [--pg] [--streams 100] [--rate 1000] [--seconds 10] [--warmup 30]
#                                              [--port 30295]
# Needs: a JDK 25 (JAVA_HOME, or /usr/lib/jvm/*25*) and the built launcher (./mvnw -B package -DskipTests).
# Output (stdout): one line, from LedgerStreams.java:
#   streams=.. rate_target=.. seconds=.. warmup_s=.. changes=.. rate_achieved=.. patch_failures=.. patch_p50_ms=..
#   patch_p99_ms=.. delivered=.. expected=.. missing=.. duplicates=.. out_of_order=.. latency_p50_ms=..
#   latency_p99_ms=.. latency_max_ms=..
# delivered = expected with missing=0, duplicates=0 and out_of_order=0 is every change arriving once, in order, on
# every stream; latency is from a PATCH's answer to the change's arrival on a stream; patch_* is the PATCHes' own
# latency. The client runs on the same machine: what it spends on reading the streams is not the service's.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$HERE/common.sh"
STREAMS=100 RATE=1000 SECONDS_=10 WARMUP=30 PORT=30295 PG=no KEY=bench-key
bench_options "--pg:PG=yes --streams=STREAMS --rate=RATE --seconds=SECONDS_ --warmup=WARMUP --port=PORT" "$@"
bench_ready

WORK=$(mktemp -d /tmp/ledger-streams.XXXX)
export PETSTORE_API_KEYS=$KEY PETSTORE_PORT=$PORT PETSTORE_ACCESS_LOG=false
if [ "$PG" = yes ]; then
  export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGUSER=${PGUSER:-postgres} PGPASSWORD=${PGPASSWORD:-postgres}
  DB=${BENCH_PG_DATABASE:-petstore_streams}
  dropdb --if-exists "$DB" && createdb "$DB"
  export DATASOURCES_DEFAULT_URL="jdbc:postgresql://$PGHOST:$PGPORT/$DB" DATASOURCES_DEFAULT_USERNAME=$PGUSER \
    DATASOURCES_DEFAULT_PASSWORD=$PGPASSWORD PETSTORE_DEMO_DATA=true
else
  export PETSTORE_DATA_DIR=$WORK/data
fi
trap bench_stop EXIT
bench_start "$WORK/service.log"
echo "[ledger-streams] service up (log $WORK/service.log); $STREAMS streams, $RATE changes/s for $SECONDS_ s after $WARMUP s" >&2
java "$HERE/LedgerStreams.java" "http://127.0.0.1:$PORT" "$KEY" "$STREAMS" "$RATE" "$SECONDS_" 12 "$WARMUP"
