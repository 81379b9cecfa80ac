# common.sh - sourced by the benchmark scripts beside it, once they have set HERE (their own folder): where the built
# service is, the one way they read their options, and starting and stopping the service. The JDK is jdk.sh's.
ROOT="$(cd "$HERE/../../.." && pwd)"
TARGET="$ROOT/bootstrap/target"
LAUNCHER="$TARGET/petstore-inventory"

die() { echo "$(basename "$0"): $*" >&2; exit 2; }

# bench_options "SPEC ..." "$@": reads the script's options. A SPEC is --name=VAR (an option with a value, stored in
# VAR) or --name:VAR=value (a flag that sets VAR to value). -h or --help prints the script's header comment.
bench_options() {
  local specs=$1 spec found
  shift
  while [ $# -gt 0 ]; do
    case "$1" in -h|--help) awk 'NR>1 && !/^#/ {exit} NR>1 {print}' "$0"; exit 0;; esac
    found=no
    for spec in $specs; do
      case "$spec" in
        "$1="*) [ $# -ge 2 ] || die "$1 needs a value"; printf -v "${spec#*=}" '%s' "$2"; shift; found=yes; break;;
        "$1:"*) spec=${spec#*:}; printf -v "${spec%%=*}" '%s' "${spec#*=}"; found=yes; break;;
      esac
    done
    [ "$found" = yes ] || die "unknown option $1 (see --help)"
    shift
  done
}

# bench_ready: the JDK (jdk.sh) and the built launcher, or the script stops with one line.
bench_ready() {
  . "$HERE/jdk.sh"
  [ -x "$LAUNCHER" ] || die "$LAUNCHER missing: build first (./mvnw -B package -DskipTests)"
}

# bench_start LOG: starts the service in the background with the environment as it is (PETSTORE_PORT=$PORT,
# PETSTORE_API_KEYS=$KEY) and its output in LOG, and waits until GET /v1/inventory answers 200. SERVICE_PID is
# its pid (the launcher execs the JVM). bench_stop ends it with SIGTERM and waits for it.
SERVICE_PID=
bench_start() {
  "$LAUNCHER" > "$1" 2>&1 &
  SERVICE_PID=$!
  for _ in $(seq 1 600); do
    curl -sf -o /dev/null -m 2 -H "Authorization: Bearer $KEY" "http://127.0.0.1:$PORT/v1/inventory" && return 0
    kill -0 "$SERVICE_PID" 2>/dev/null || die "the service exited at startup, see $1"
    sleep 0.1
  done
  die "the service did not answer within a minute, see $1"
}

bench_stop() {
  if [ -n "$SERVICE_PID" ]; then
    kill -TERM "$SERVICE_PID" 2>/dev/null || true
    wait "$SERVICE_PID" 2>/dev/null || true
    SERVICE_PID=
  fi
}
