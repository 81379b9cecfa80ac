#!/usr/bin/env python3
"""idle-connections.py - do many idle keep-alive connections slow down ordinary requests? Starts the service through
its launcher (bootstrap/target/petstore-inventory) on the embedded H2 database with the demo data and measures the
p50 latency of GET /v1/inventory with wrk three times: without idle connections, with N idle keep-alive connections
open (each has sent one request and read its answer, then stays open and silent), and without them again (after
closing them), so that warm-up and a busy machine do not favour either side. It checks that the idle connections
were all still open after the second measurement.

usage: bootstrap/src/bench/idle-connections.py [--idle 10000] [--duration 10] [--warmup 10] [--conns 8]
           [--threads 2] [--port 18193]

  --idle N      idle keep-alive connections to hold open during the second measurement (default 10,000; the
                service's own cap, PETSTORE_SERVER_MAX_CONNECTIONS, is 20,000)
  --conns N     wrk's connections for the measured GETs (default 8)
The script raises its open-file limit (RLIMIT_NOFILE) to the hard limit; the service inherits it (and the JVM raises
its own). The service runs with PETSTORE_IDLE_TIMEOUT=10m, so that the idle connections outlive the measurement.
Needs: a built service (./mvnw -B package -DskipTests), Python 3, wrk, a JDK 25 (JAVA_HOME or /usr/lib/jvm/*25*).

Output (stdout), one line:
  idle=N p50_ms_before=.. p50_ms_with=.. p50_ms_after=.. ratio=.. p99_ms_before=.. p99_ms_with=.. p99_ms_after=..
  rps_before=.. rps_with=.. rps_after=.. still_open=N non2xx=.. sockerr=..
  ratio: the p50 with the idle connections over the mean p50 without them (before and after)
Exit status 1 when that ratio is above 2, or idle connections were lost.
"""
import argparse
import os
import resource
import selectors
import socket
import subprocess
import sys
import time
import urllib.request

from bench_service import HERE, LAUNCHER, TARGET, require_launcher, service_env

KEY = "bench-key"


def log(message):
    print(f"[idle {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def wrk(args, seconds):
    """Runs wrk with get.lua; returns its WRK summary line as a dict of numbers."""
    output = subprocess.run(
        ["wrk", f"-t{args.threads}", f"-c{args.conns}", f"-d{seconds}s", "-s", os.path.join(HERE, "get.lua"),
         f"http://127.0.0.1:{args.port}/v1/inventory", "--", KEY],
        check=True, capture_output=True, text=True).stdout
    line = next(line for line in output.splitlines() if line.startswith("WRK "))
    return {name: float(value) for name, value in (field.split("=") for field in line.split()[1:])}


def open_idle(count, port):
    """Opens count connections, sends one keep-alive GET on each, reads each answer; returns the open sockets."""
    request = (f"GET /v1/inventory/1 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {KEY}\r\n\r\n"
               ).encode()
    sockets = []
    selector = selectors.DefaultSelector()
    pending = {}
    batch = 500
    for start in range(0, count, batch):
        for _ in range(min(batch, count - start)):
            s = socket.create_connection(("127.0.0.1", port), timeout=30)
            s.sendall(request)
            s.setblocking(False)
            sockets.append(s)
            pending[s] = b""
            selector.register(s, selectors.EVENT_READ)
        # read the answers of this batch before opening the next: a full header block and the body it announces
        deadline = time.monotonic() + 60
        while pending and time.monotonic() < deadline:
            for key, _ in selector.select(timeout=1):
                s = key.fileobj
                data = s.recv(65536)
                if not data:
                    raise SystemExit("idle-connections: the service closed a connection while it was opened")
                pending[s] += data
                head, sep, body = pending[s].partition(b"\r\n\r\n")
                if sep:
                    length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                                   if line.lower().startswith(b"content-length:")), None)
                    if length is not None and len(body) >= length:
                        if not head.startswith(b"HTTP/1.1 200"):
                            raise SystemExit(f"idle-connections: answer {head.splitlines()[0]!r}")
                        selector.unregister(s)
                        del pending[s]
        if pending:
            raise SystemExit(f"idle-connections: {len(pending)} connections got no complete answer")
    selector.close()
    return sockets


def still_open(sockets):
    """How many of the sockets the service has not closed (a closed one reads as end of stream)."""
    open_count = 0
    for s in sockets:
        try:
            data = s.recv(1, socket.MSG_PEEK)
            if data:
                open_count += 1   # unexpected bytes, but open
        except BlockingIOError:
            open_count += 1       # nothing to read: open and idle
        except OSError:
            pass
    return open_count


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--idle", type=int, default=10_000)
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--conns", type=int, default=8)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--port", type=int, default=18193)
    args = parser.parse_args()
    require_launcher("idle-connections")

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = args.idle + args.conns + 1024
    if hard != resource.RLIM_INFINITY and hard < needed:
        sys.exit(f"idle-connections: the open-file hard limit is {hard}, {needed} are needed (raise it: ulimit -Hn)")
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    work = os.path.join(TARGET, "bench", "idle-connections")
    os.makedirs(work, exist_ok=True)
    data = os.path.join(work, "data")
    subprocess.run(["rm", "-rf", data], check=True)
    env = service_env("idle-connections", args.port, KEY, data, PETSTORE_IDLE_TIMEOUT="10m")
    service_log = open(os.path.join(work, "service.log"), "wb")
    service = subprocess.Popen([LAUNCHER], env=env, stdout=service_log, stderr=subprocess.STDOUT)
    try:
        probe = urllib.request.Request(f"http://127.0.0.1:{args.port}/v1/inventory",
                                       headers={"Authorization": "Bearer " + KEY})
        for _ in range(1200):
            if service.poll() is not None:
                sys.exit("idle-connections: the service exited at startup, see " + service_log.name)
            try:
                if urllib.request.urlopen(probe, timeout=2).status == 200:
                    break
            except OSError:
                time.sleep(0.1)
        log(f"warming up ({args.warmup} s)")
        wrk(args, args.warmup)
        log(f"GET without idle connections ({args.duration} s)")
        before = wrk(args, args.duration)
        log(f"opening {args.idle} idle keep-alive connections")
        started = time.monotonic()
        idle = open_idle(args.idle, args.port)
        log(f"{len(idle)} open in {time.monotonic() - started:.1f} s; warming up again ({args.warmup} s)")
        wrk(args, args.warmup)
        log(f"GET with {len(idle)} idle connections ({args.duration} s)")
        with_idle = wrk(args, args.duration)
        remaining = still_open(idle)
        for s in idle:
            s.close()
        time.sleep(2)
        log(f"GET without idle connections again ({args.duration} s)")
        after = wrk(args, args.duration)
    finally:
        service.terminate()
        service.wait(60)

    runs = {"before": before, "with": with_idle, "after": after}
    ratio = with_idle["p50_ms"] / ((before["p50_ms"] + after["p50_ms"]) / 2)
    print(f"idle={args.idle} "
          + " ".join(f"p50_ms_{name}={run['p50_ms']:.3f}" for name, run in runs.items())
          + f" ratio={ratio:.2f} "
          + " ".join(f"p99_ms_{name}={run['p99_ms']:.3f}" for name, run in runs.items()) + " "
          + " ".join(f"rps_{name}={run['ok_rps']:.0f}" for name, run in runs.items())
          + f" still_open={remaining} non2xx={int(sum(run['non2xx'] for run in runs.values()))}"
          + f" sockerr={int(sum(run['sockerr'] for run in runs.values()))}", flush=True)
    return 0 if ratio <= 2 and remaining == args.idle else 1


if __name__ == "__main__":
    sys.exit(main())
