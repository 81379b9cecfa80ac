#!/usr/bin/env python3
"""quota-cluster.py - does one key's quota hold across instances? Two instances of the service run through its
launcher on one PostgreSQL database; a managed key with a quota is created; one client sends four times the quota's
rate for a while, in turn to each instance (as a round-robin balancer would), and counts the answers. Issue 49's
bound: over 20 s the accepted requests come to 0.9 to 1.1 x (rate x 20 + burst).

usage: bootstrap/src/bench/quota-cluster.py --database-url jdbc:postgresql://HOST:PORT/DB [--user postgres]
           [--password postgres] [--rate 50] [--burst 100] [--seconds 20] [--ports 18191,18192]

  --database-url  an empty (or this script's earlier) PostgreSQL database both instances share
  --rate/--burst  the key's quota (per second, and at once)
  --seconds       how long the client sends, at four times the rate
Needs: a built service (./mvnw -B package -DskipTests), Python 3, a JDK 25 (JAVA_HOME or /usr/lib/jvm/*25*).

Output (stdout), one line:
  QUOTA-CLUSTER instances=2 rate=R burst=B seconds=S sent=N accepted=A refused=F other=O bound_low=L bound_high=H within=yes|no
"""
import argparse
import http.client
import json
import os
import subprocess
import sys
import threading
import time

from bench_service import LAUNCHER, TARGET, require_launcher, service_env

KEY = "quota-cluster-key"


def request(method, path, port, secret=KEY, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        headers = {"Authorization": f"Bearer {secret}"}
        if body is not None:
            headers["Content-Type"] = "application/json"
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def start(args, port, log_path):
    env = service_env("quota-cluster", port, KEY, os.path.join(TARGET, "bench", "quota-cluster-h2"),
                      DATASOURCES_DEFAULT_URL=args.database_url, DATASOURCES_DEFAULT_USERNAME=args.user,
                      DATASOURCES_DEFAULT_PASSWORD=args.password, PETSTORE_DEMO_DATA="true")
    log = open(log_path, "ab")
    process = subprocess.Popen([LAUNCHER], env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"quota-cluster: an instance exited at startup (status {process.returncode}), see {log_path}")
        try:
            if request("GET", "/v1/inventory", port)[0] == 200:
                return process
        except OSError:
            pass
        time.sleep(0.05)
    process.kill()
    sys.exit(f"quota-cluster: no 200 within 120 s, see {log_path}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--user", default="postgres")
    parser.add_argument("--password", default="postgres")
    parser.add_argument("--rate", type=int, default=50)
    parser.add_argument("--burst", type=int, default=100)
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--ports", default="18191,18192")
    args = parser.parse_args()
    require_launcher("quota-cluster")
    ports = [int(port) for port in args.ports.split(",")]
    os.makedirs(os.path.join(TARGET, "bench"), exist_ok=True)
    instances = [start(args, port, os.path.join(TARGET, "bench", f"quota-cluster-{port}.log")) for port in ports]
    try:
        status, body = request("POST", "/v1/keys", ports[0], body=json.dumps(
            {"name": f"quota-cluster-{int(time.time())}", "scopes": ["inventory:read"],
             "quota": {"perSecond": args.rate, "burst": args.burst}}))
        if status != 201:
            sys.exit(f"quota-cluster: POST /v1/keys answered {status}: {body[:200]!r}")
        secret = json.loads(body)["key"]
        for port in ports:  # every instance knows the key before the clock starts
            request("GET", "/v1/keys/self", port, secret)
        time.sleep(args.burst / args.rate + 1)  # the two requests above are paid back: the burst is whole

        counts = {"accepted": 0, "refused": 0, "other": 0}
        lock = threading.Lock()
        interval = 1.0 / (4 * args.rate)
        total = 4 * args.rate * args.seconds
        start_at = time.monotonic()

        def send(i):
            code = request("GET", "/v1/inventory/1", ports[i % len(ports)], secret)[0]
            with lock:
                counts["accepted" if code == 200 else "refused" if code == 429 else "other"] += 1

        threads = []
        for i in range(total):
            delay = start_at + i * interval - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            thread = threading.Thread(target=send, args=(i,))
            thread.start()
            threads.append(thread)
        for thread in threads:
            thread.join()
        allowed = args.rate * args.seconds + args.burst
        low, high = round(0.9 * allowed), round(1.1 * allowed)
        within = "yes" if low <= counts["accepted"] <= high else "no"
        print(f"QUOTA-CLUSTER instances={len(ports)} rate={args.rate} burst={args.burst} seconds={args.seconds} "
              f"sent={total} accepted={counts['accepted']} refused={counts['refused']} other={counts['other']} "
              f"bound_low={low} bound_high={high} within={within}")
    finally:
        for process in instances:
            process.terminate()
        for process in instances:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()


if __name__ == "__main__":
    main()
