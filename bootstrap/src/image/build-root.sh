#!/bin/sh
# Builds the file tree of the container image (Maven profile `image`, before jib packs it): under
# TARGET/image/root
#   /opt/java                 a Java runtime made by jlink with the modules the service needs (jdeps on the jar)
#   /opt/petstore             the launcher petstore-inventory and petstore-inventory.jar, as in bootstrap/target
#   /bin/sh, /bin/dirname     what the launcher runs (dash and coreutils' dirname of the build machine)
#   /lib*, /usr/lib*          the C libraries all of these link, with the dynamic loader, copied from the build machine
#   /etc/passwd, /etc/group   the user petstore (65532) the service runs as
#   /data, /tmp               the H2 files (a volume) and the JVM's temporary files
# No base image: the image is `scratch` plus this tree.
#
#   build-root.sh TARGET      TARGET: bootstrap/target, with petstore-inventory.jar and the launcher in it
set -eu

target=$1
jar=$target/petstore-inventory.jar
launcher=$target/petstore-inventory
[ -f "$jar" ] && [ -f "$launcher" ] || { echo "build-root.sh: $jar or $launcher missing" >&2; exit 1; }
if [ -n "${JAVA_HOME:-}" ]; then
    java_home=$JAVA_HOME
else
    java_home=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
fi
command -v ldd >/dev/null || { echo "build-root.sh: ldd is needed to find the C libraries" >&2; exit 1; }

root=$target/image/root
rm -rf "$target/image"
mkdir -p "$root"

# ---- the Java runtime: only the modules the jar uses
# (jdeps sees only static references: Micronaut also opens jars as file systems, a service of jdk.zipfs)
modules=$("$java_home/bin/jdeps" --print-module-deps --ignore-missing-deps --multi-release 25 "$jar"),jdk.zipfs
echo "build-root.sh: jlink --add-modules $modules" >&2
"$java_home/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages \
    --compress zip-6 --output "$root/opt/java"

# ---- the service, started by its launcher
mkdir -p "$root/opt/petstore"
cp "$jar" "$launcher" "$root/opt/petstore/"
chmod 755 "$root/opt/petstore/petstore-inventory"

# ---- a POSIX shell and dirname for the launcher
mkdir -p "$root/bin"
cp "$(readlink -f /bin/sh)" "$root/bin/sh"
cp "$(readlink -f "$(command -v dirname)")" "$root/bin/dirname"

# ---- the C libraries: everything the binaries and the runtime's libraries link, and the dynamic loader
# (not for the runtime's desktop libraries: the service runs headless and never loads them, so X11 and ALSA stay out)
for file in $(find "$root/opt/java" "$root/bin" -type f \( -name '*.so' -o -perm -u+x \) \
        ! -name 'libawt_xawt.so' ! -name 'libjawt.so' ! -name 'libjsound.so' ! -name 'libsplashscreen.so'); do
    ldd "$file" 2>/dev/null || true
done | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' | sort -u | while read -r library; do
    case $library in
        "$root"/*) continue ;;
    esac
    mkdir -p "$root$(dirname "$library")"
    cp -L "$library" "$root$library"
done

# ---- the user, the data volume and a temporary directory
mkdir -p "$root/etc" "$root/data" "$root/tmp"
echo 'root:x:0:0:root:/:/bin/sh' >"$root/etc/passwd"
echo 'petstore:x:65532:65532:petstore:/data:/bin/sh' >>"$root/etc/passwd"
echo 'root:x:0:' >"$root/etc/group"
echo 'petstore:x:65532:' >>"$root/etc/group"

echo "build-root.sh: image tree in $root ($(du -sh "$root" | cut -f1))" >&2
