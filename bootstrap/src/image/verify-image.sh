#!/bin/sh
# Proves that the container image serves the API: unpacks the layers of the OCI image tar
# (bootstrap/target/petstore-inventory-image.tar, from ./mvnw -B -Pimage package -DskipTests) into a temporary
# root, runs the image's entrypoint in it (chroot, as the image's user 65532, with the image's environment), and asks
# GET /v1/inventory and GET /health/readiness; then stops the service with SIGTERM and prints the image's size.
# Needs root (for chroot and the /proc and /dev mounts a container runtime would provide), sh, tar, gzip, curl.
#
#   verify-image.sh [IMAGE_TAR]    default: the tar beside this script's build output
set -eu

here=$(cd -P -- "$(dirname -- "$0")" && pwd -P)
image=${1:-$here/../../target/petstore-inventory-image.tar}
port=${PETSTORE_VERIFY_PORT:-18480}
key=verify-$$-$(date +%s)

die() {
    echo "verify-image.sh: $*" >&2
    exit 1
}
[ -f "$image" ] || die "no image at $image (build it: ./mvnw -B -Pimage package -DskipTests)"
[ "$(id -u)" -eq 0 ] || die "run as root: the entrypoint runs in a chroot"
for tool in tar gzip curl chroot unshare; do
    command -v "$tool" >/dev/null || die "$tool is needed"
done

work=$(mktemp -d "${TMPDIR:-/tmp}/petstore-image.XXXXXX")
service=
cleanup() {
    if [ -n "$service" ] && kill -0 "$service" 2>/dev/null; then
        kill -KILL "$service" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

# ---- the layers, in the order the manifest lists them (OCI layout: index.json -> manifest -> config, layers)
mkdir -p "$work/oci" "$work/root"
tar -xf "$image" -C "$work/oci"
blob() { echo "$work/oci/blobs/sha256/${1#sha256:}"; }
manifest=$(grep -o '"digest":"sha256:[0-9a-f]*"' "$work/oci/index.json" | head -n 1 | cut -d'"' -f4)
[ -n "$manifest" ] || die "no manifest in $image"
digests=$(grep -o '"digest":"sha256:[0-9a-f]*"' "$(blob "$manifest")" | cut -d'"' -f4)
config=$(echo "$digests" | head -n 1)
layers=$(echo "$digests" | tail -n +2)
for layer in $layers; do
    gzip -dc "$(blob "$layer")" | tar --warning=no-unknown-keyword -xf - -C "$work/root"
done

# ---- what the image says about how to run it
config_json=$(cat "$(blob "$config")")
entrypoint=$(echo "$config_json" | grep -o '"Entrypoint":\["[^"]*"' | cut -d'"' -f4)
user=$(echo "$config_json" | grep -o '"User":"[^"]*"' | cut -d'"' -f4)
echo "image config: $config_json"
[ -n "$entrypoint" ] && [ -n "$user" ] || die "the image names no entrypoint or user"
[ -x "$work/root$entrypoint" ] || die "the entrypoint $entrypoint is not an executable file in the image"

# ---- run the entrypoint as the container runtime would: own mount and PID namespaces, the image's user and
# environment (JAVA_HOME, PATH, PETSTORE_DATA_DIR from the config), /proc and /dev from the host
mkdir -p "$work/root/proc" "$work/root/dev"
env_args=$(echo "$config_json" | grep -o '"Env":\[[^]]*\]' | grep -o '"[A-Z_]*=[^"]*"' | tr -d '"' | tr '\n' ' ')
echo "running $entrypoint as $user with $env_args PETSTORE_PORT=$port"
# shellcheck disable=SC2086
unshare --mount --pid --fork --kill-child=KILL sh -c '
    chroot=$1 user=$2 root=$3 entrypoint=$4; shift 4
    mount --bind /dev "$root/dev" && mount -t proc proc "$root/proc" || exit 1
    exec env -i "$@" "$chroot" --userspec="$user" "$root" "$entrypoint"
' sh "$(command -v chroot)" "$user" "$work/root" "$entrypoint" $env_args PETSTORE_PORT="$port" PETSTORE_API_KEYS="$key" \
    PETSTORE_SHUTDOWN_DRAIN=1s \
    >"$work/service.log" 2>&1 &
service=$!

tries=0
until curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$port/health/liveness"; do
    kill -0 "$service" 2>/dev/null || { cat "$work/service.log" >&2; die "the service exited at startup"; }
    tries=$((tries + 1))
    [ "$tries" -lt 300 ] || { cat "$work/service.log" >&2; die "no answer within 60 s"; }
    sleep 0.2
done

status=$(curl -s -o "$work/inventory.json" -w '%{http_code}' -H "Authorization: Bearer $key" \
    "http://127.0.0.1:$port/v1/inventory")
readiness=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/health/readiness")
echo "GET /v1/inventory: $status $(head -c 120 "$work/inventory.json")..."
echo "GET /health/readiness: $readiness"
ls -ln "$work/root/data" | tail -n +2 | sed 's/^/\/data: /'

# SIGTERM to the service (unshare's child, the JVM, PID 1 of its namespace; unshare itself ignores SIGTERM): it
# drains for 1 s, then exits
jvm=$(cat "/proc/$service/task/$service/children")
kill -TERM $jvm
wait "$service" 2>/dev/null || true
service=
echo "--- the service's log"
cat "$work/service.log"

[ "$status" = 200 ] || die "GET /v1/inventory answered $status"
[ "$readiness" = 200 ] || die "GET /health/readiness answered $readiness"
echo "image: $image, $(wc -c <"$image") bytes as a tar (compressed layers), $(du -sh "$work/root" | cut -f1) unpacked"
echo "verify-image.sh: the image serves GET /v1/inventory"
