#!/usr/bin/env bash
# data-commands.sh - throughput and memory of the data commands (export, import, copy) on a large store, each in a
# JVM with a small heap, beside what `psql \copy` achieves for the same rows on the same machine.
#
# usage: bootstrap/src/bench/data-commands.sh [--skip-build] [--rows 1000000] [--heap 64m]
#
#   --skip-build   use the jar and launcher already in bootstrap/target
#   --rows N       pets in the store, each with an inventory entry (default 1,000,000)
#   --heap SIZE    the maximum heap of every command (-Xmx; default 64m): a command whose memory grew with the store
#                  would run out of it, and the launcher's -XX:+ExitOnOutOfMemoryError makes it fail
#
# PostgreSQL: PGHOST, PGPORT, PGUSER, PGPASSWORD (default 127.0.0.1, 5432, postgres, empty) name the server; the
# databases petstore_data_bench_copy, _import and _target are dropped and created anew. Needs a JDK 25 (JAVA_HOME,
# or /usr/lib/jvm/*25*), psql, createdb, dropdb, awk; GNU time (/usr/bin/time) for the peak memory, when present.
#
# Output (stdout), one line per step, the rest goes to stderr:
#   STEP rows=.. seconds=.. rows_per_s=.. peak_rss_mb=..
#   psql-copy       psql \copy of the pets and their entries into the migrated, empty tables (the baseline)
#   import-pg       petstore-inventory import of the same rows (CSV) into an empty PostgreSQL store
#   export-pg       petstore-inventory export of them to a JSON Lines file
#   import-h2, export-h2, copy-h2-to-pg, copy-pg-to-h2   likewise
# and a last line: import_pg_vs_psql_copy=<import-pg rows/s divided by psql-copy rows/s>.
# The generated files and the H2 databases stay in bootstrap/target/bench-data/.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$HERE/common.sh"
WORK="$TARGET/bench-data"

BUILD=yes ROWS=1000000 HEAP=64m
bench_options "--skip-build:BUILD=no --rows=ROWS --heap=HEAP" "$@"

. "$HERE/jdk.sh"
export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGUSER=${PGUSER:-postgres} PGPASSWORD=${PGPASSWORD:-}
PG_URL="jdbc:postgresql://$PGHOST:$PGPORT"

if [ "$BUILD" = yes ]; then
    (cd "$ROOT" && ./mvnw -B -ntp -q package -DskipTests) >&2
fi
rm -rf "$WORK" && mkdir -p "$WORK"
cd "$WORK"

echo "generating $ROWS pets" >&2
awk -v rows="$ROWS" 'BEGIN { split("available pending sold", s, " "); print "petId,name,status,quantity,version";
    for (i = 1; i <= rows; i++) printf "%d,Pet %d,%s,%d,1\n", i, i, s[i % 3 + 1], i % 1000 }' > pets.csv
tail -n +2 pets.csv | cut -d, -f1-3 > pet-rows.csv
tail -n +2 pets.csv | cut -d, -f1,4,5 > entry-rows.csv

fresh_database() {
    dropdb --if-exists "$1" && createdb "$1"
}

# Runs a step, prints its line; the command's own output goes to WORK/STEP.out and .err
measure() {
    name=$1
    shift
    start=$(date +%s%N)
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f '%M' -o "$name.rss" "$@" > "$name.out" 2> "$name.err"
    else
        "$@" > "$name.out" 2> "$name.err"
    fi || { echo "$name failed:" >&2; tail -n 5 "$name.err" >&2; exit 1; }
    end=$(date +%s%N)
    seconds=$(awk -v ns=$((end - start)) 'BEGIN { printf "%.1f", ns / 1e9 }')
    rate=$(awk -v rows="$ROWS" -v ns=$((end - start)) 'BEGIN { printf "%d", rows / (ns / 1e9) }')
    rss=$( [ -f "$name.rss" ] && awk '{ printf "%d", $1 / 1024 }' "$name.rss" || echo "?")
    echo "$name rows=$ROWS seconds=$seconds rows_per_s=$rate peak_rss_mb=$rss"
    eval "rate_${name//-/_}=$rate"
}

# every data command: the launcher, with the small heap, on the database the environment names
export JAVA_OPTS="-Xms$HEAP -Xmx$HEAP"

# the baseline: the schema made by the program itself (an export of the empty database migrates it), then psql
fresh_database petstore_data_bench_copy
DATASOURCES_DEFAULT_URL=$PG_URL/petstore_data_bench_copy DATASOURCES_DEFAULT_USERNAME=$PGUSER \
    DATASOURCES_DEFAULT_PASSWORD=$PGPASSWORD "$LAUNCHER" export > /dev/null 2>&1
measure psql-copy psql -v ON_ERROR_STOP=1 -d petstore_data_bench_copy \
    -c "\\copy pet (id, name, status) from 'pet-rows.csv' csv" \
    -c "\\copy inventory_item (pet_id, quantity, version) from 'entry-rows.csv' csv"

fresh_database petstore_data_bench_import
export DATASOURCES_DEFAULT_USERNAME=$PGUSER DATASOURCES_DEFAULT_PASSWORD=$PGPASSWORD
DATASOURCES_DEFAULT_URL=$PG_URL/petstore_data_bench_import measure import-pg "$LAUNCHER" import pets.csv
DATASOURCES_DEFAULT_URL=$PG_URL/petstore_data_bench_import measure export-pg "$LAUNCHER" export -o export-pg.jsonl

unset DATASOURCES_DEFAULT_URL DATASOURCES_DEFAULT_USERNAME DATASOURCES_DEFAULT_PASSWORD
export PETSTORE_DEMO_DATA=false
PETSTORE_DATA_DIR=$WORK/h2 measure import-h2 "$LAUNCHER" import pets.csv
PETSTORE_DATA_DIR=$WORK/h2 measure export-h2 "$LAUNCHER" export -o export-h2.jsonl

fresh_database petstore_data_bench_target
PETSTORE_COPY_TO_PASSWORD=$PGPASSWORD PETSTORE_DATA_DIR=$WORK/h2 measure copy-h2-to-pg \
    "$LAUNCHER" copy --to "$PG_URL/petstore_data_bench_target" --to-user "$PGUSER"
DATASOURCES_DEFAULT_URL=$PG_URL/petstore_data_bench_target DATASOURCES_DEFAULT_USERNAME=$PGUSER \
    DATASOURCES_DEFAULT_PASSWORD=$PGPASSWORD measure copy-pg-to-h2 \
    "$LAUNCHER" copy --to "jdbc:h2:file:$WORK/h2-copy/petstore"

cmp -s export-pg.jsonl export-h2.jsonl || { echo "the exports of PostgreSQL and H2 differ" >&2; exit 1; }
awk -v a="$rate_import_pg" -v b="$rate_psql_copy" 'BEGIN { printf "import_pg_vs_psql_copy=%.2f\n", a / b }'
