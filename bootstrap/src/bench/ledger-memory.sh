#!/usr/bin/env bash
# ledger-memory.sh - reading a large stock ledger takes bounded memory: fills the ledger of a fresh embedded database
# with RECORDS changes (plain SQL through H2's shell, with the service's jar on the class path), starts the service
# with a 64 MiB heap (JAVA_OPTS=-Xmx64m), reads every change through the JSON feed page by page (limit 500), then
# through a live stream (Accept: text/event-stream) from the first change on, and prints one line: the changes each
# read saw, how long it took, the service's peak RSS (VmHWM) and whether it is still alive.
#
# usage: bootstrap/src/bench/ledger-memory.sh [--records 1000000] [--port 30296]
# Needs: a JDK 25 (JAVA_HOME, or /usr/lib/jvm/*25*), curl, and the built launcher (./mvnw -B package -DskipTests).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$HERE/common.sh"
RECORDS=1000000 PORT=30296 KEY=bench-key
bench_options "--records=RECORDS --port=PORT" "$@"
bench_ready

WORK=$(mktemp -d /tmp/ledger-memory.XXXX)
echo "[ledger-memory] logs in $WORK" >&2
export PETSTORE_API_KEYS=$KEY PETSTORE_PORT=$PORT PETSTORE_DATA_DIR=$WORK/data PETSTORE_ACCESS_LOG=false
URL="http://127.0.0.1:$PORT"
trap bench_stop EXIT
if ss -Htln "sport = :$PORT" | grep -q .; then
  echo "ledger-memory.sh: port $PORT already has a listener; give --port" >&2; exit 2
fi

echo "[ledger-memory] creating the schema, then $RECORDS changes" >&2
bench_start "$WORK/service-schema.log"
bench_stop
cat > "$WORK/fill.sql" <<SQL
INSERT INTO stock_change (change_id, pet_id, from_quantity, to_quantity, version, changed_at, source, key_id,
                          request_id, reason)
SELECT "X", MOD("X", 12) + 1, MOD("X", 1000), MOD("X" + 1, 1000), "X" + 1, CURRENT_TIMESTAMP, 'api',
       'key-000000000000', 'request-' || "X", 'adjustment' FROM SYSTEM_RANGE(1, $RECORDS);
UPDATE stock_ledger_head SET last_change_id = $RECORDS WHERE id = 1;
SQL
java -cp "$ROOT/bootstrap/target/petstore-inventory.jar" org.h2.tools.RunScript \
  -url "jdbc:h2:file:$WORK/data/petstore;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE" -user sa -password "" \
  -script "$WORK/fill.sql" > "$WORK/fill.log" 2>&1 \
  || { echo "ledger-memory.sh: filling the ledger failed (log $WORK/fill.log)" >&2; exit 1; }

JAVA_OPTS="-Xmx64m" bench_start "$WORK/service-read.log"
T0=$(date +%s%N)
cursor=0 pages=0 seen=0
while :; do
  page=$(curl -sf -D "$WORK/headers" -H "Authorization: Bearer $KEY" "$URL/v1/inventory/changes?after=$cursor&limit=500")
  n=$(grep -o '"changeId"' <<<"$page" | wc -l || true)
  [ "$n" -eq 0 ] && break
  seen=$((seen + n)) pages=$((pages + 1))
  cursor=$(grep -i '^link:' "$WORK/headers" | sed 's/.*after=\([0-9]*\).*/\1/')
done
T1=$(date +%s%N)
streamed=$( (timeout 600 curl -sN -H "Authorization: Bearer $KEY" -H 'Accept: text/event-stream' \
  "$URL/v1/inventory/changes?after=0" || true) | grep -m "$RECORDS" -c '^id: ' || true)
T2=$(date +%s%N)
alive=$(kill -0 "$SERVICE_PID" 2>/dev/null && echo yes || echo no)
hwm=$(awk '/VmHWM/ {print int($2/1024)}' "/proc/$SERVICE_PID/status" 2>/dev/null || echo 0)
bench_stop
echo "records=$RECORDS feed_seen=$seen feed_pages=$pages feed_s=$(( (T1 - T0) / 1000000000 )) stream_seen=${streamed:-0} stream_s=$(( (T2 - T1) / 1000000000 )) heap_max_mb=64 rss_peak_mb=$hwm alive=$alive"
