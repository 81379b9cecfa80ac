"""bench_service.py - what the Python benchmarks beside it (idle-connections.py, kill9-durability.py) share: where
the built service's launcher is, the JDK 25 it runs on, and the environment it starts with (the embedded H2 database
with the demo data, no access log). A script run from this folder imports it as bench_service.
"""
import glob
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET = os.path.join(os.path.abspath(os.path.join(HERE, "..", "..", "..")), "bootstrap", "target")
LAUNCHER = os.path.join(TARGET, "petstore-inventory")


def require_launcher(script):
    """Ends the script with a message when the service has not been built."""
    if not os.path.exists(LAUNCHER):
        sys.exit(f"{script}: {LAUNCHER} missing: build first (./mvnw -B package -DskipTests)")


def java_home(script):
    """JAVA_HOME when it holds a java, else the newest /usr/lib/jvm/*25*; ends the script when there is none."""
    home = os.environ.get("JAVA_HOME")
    if home and os.path.exists(os.path.join(home, "bin", "java")):
        return home
    for candidate in sorted(glob.glob("/usr/lib/jvm/*25*"), reverse=True):
        if os.path.exists(os.path.join(candidate, "bin", "java")):
            return candidate
    sys.exit(f"{script}: no JDK 25 found: set JAVA_HOME")


def service_env(script, port, key, data_dir, **settings):
    """The service's environment: this one's, the port, the one API key, H2 in data_dir with the demo data, no
    access log, then settings (PETSTORE_... names) over it."""
    env = dict(os.environ, JAVA_HOME=java_home(script), PETSTORE_PORT=str(port), PETSTORE_API_KEYS=key,
               PETSTORE_DATA_DIR=data_dir, PETSTORE_DEMO_DATA="true", PETSTORE_ACCESS_LOG="false")
    env.update(settings)
    return env
