# jdk.sh - sourced by the benchmark scripts beside it: the JDK 25 (or newer) they and the service's launcher run
# with. JAVA_HOME when it names one, else the newest /usr/lib/jvm/*25*; exported, with its bin first on the PATH.
# Without one the script stops (status 2) with one line.
if [ -z "${JAVA_HOME:-}" ] || [ ! -x "$JAVA_HOME/bin/java" ] \
    || ! grep -qE '^JAVA_VERSION="(2[5-9]|[3-9][0-9])' "$JAVA_HOME/release" 2>/dev/null; then
  JAVA_HOME=
  for candidate in $(ls -d /usr/lib/jvm/*25*/ 2>/dev/null | sort -r); do
    if [ -x "$candidate/bin/java" ]; then JAVA_HOME=${candidate%/}; break; fi
  done
fi
if [ -z "$JAVA_HOME" ]; then
  echo "$(basename "$0"): no JDK 25 found: set JAVA_HOME" >&2
  exit 2
fi
export JAVA_HOME PATH="$JAVA_HOME/bin:$PATH"
