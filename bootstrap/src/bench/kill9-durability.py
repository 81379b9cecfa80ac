#!/usr/bin/env python3
"""kill9-durability.py - do acknowledged writes survive a killed process? The service runs through its launcher
(bootstrap/target/petstore-inventory) on the embedded H2 database; writers send PATCHes; the JVM is killed with
SIGKILL at a random moment; the service is started again on the same files and every acknowledged write must be
there. Repeated for a number of rounds on the same database.

usage: bootstrap/src/bench/kill9-durability.py [--rounds 8] [--writers 12] [--min-run 1.0] [--max-run 4.0]
           [--port 18190] [--data-dir DIR] [--seed N] [--env VAR=value ...]

  --rounds N     kill and restart N times (default 8)
  --writers N    concurrent writers, each on a pet of its own (1..N; the demo data holds 12 pets), each sending
                 its PATCHes one after the other on a keep-alive connection (default 12)
  --min-run/--max-run  the kill comes at a random moment this many seconds after the writers started
  --port         the service's port (default 18190, below the ephemeral ports: a client probing a port in
                 that range before the service listens can be given that very port and hold it)
  --data-dir     the H2 directory (default: a new one under bootstrap/target/bench/kill9); it keeps the demo data
  --env VAR=val  more environment for the service (e.g. a setting under test), repeatable
Needs: a built service (./mvnw -B package -DskipTests), Python 3, a JDK 25 (JAVA_HOME or /usr/lib/jvm/*25*).

How a write is judged: every writer sends strictly increasing quantities to its own pet, and sends the next one only
after the answer to the previous one. A write is acknowledged when its 200 answer arrived before the kill. After the
restart the pet's quantity must be the last acknowledged one, or the one sent after it whose answer the kill cut off
(that write may or may not have been committed); anything older is an acknowledged write lost.

Output (stdout): one line per round and a total:
  round=R acknowledged=A in_flight=F lost=L run_s=S
  TOTAL rounds=R acknowledged=A lost=L
Exit status 1 when any acknowledged write was lost.
"""
import argparse
import http.client
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time

from bench_service import LAUNCHER, TARGET, require_launcher, service_env

KEY = "durability-key"


def start(args, log_path):
    settings = dict(assignment.partition("=")[::2] for assignment in args.env)  # --env VAR=value: (VAR, value)
    env = service_env("kill9-durability", args.port, KEY, args.data_dir, **settings)
    log = open(log_path, "ab")
    # the launcher execs the JVM: the child's pid is the JVM's
    process = subprocess.Popen([LAUNCHER], env=env, stdout=log, stderr=subprocess.STDOUT,
                               start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"kill9-durability: the service exited at startup (status {process.returncode}), see {log_path}")
        try:
            status, _ = request("GET", "/v1/inventory", args.port)
            if status == 200:
                return process
        except OSError:
            pass
        time.sleep(0.1)
    process.kill()
    sys.exit(f"kill9-durability: the service did not answer within 120 s, see {log_path}")


def request(method, path, port, body=None, connection=None):
    own = connection is None
    connection = connection or http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        headers = {"Authorization": "Bearer " + KEY}
        if body is not None:
            headers["Content-Type"] = "application/json"
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        if own:
            connection.close()


class Writer(threading.Thread):
    """Sends increasing quantities to one pet, one after the other, until its connection breaks."""

    def __init__(self, pet_id, port, first_quantity):
        super().__init__(daemon=True)
        self.pet_id = pet_id
        self.port = port
        self.next_quantity = first_quantity
        self.acknowledged = []      # quantities whose 200 arrived
        self.in_flight = None       # the quantity sent when the connection broke, if any
        self.stop = False

    def run(self):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        while not self.stop:
            quantity = self.next_quantity
            self.next_quantity += 1
            self.in_flight = quantity
            try:
                status, body = request("PATCH", f"/v1/inventory/{self.pet_id}", self.port,
                                       json.dumps({"quantity": quantity}), connection)
            except (OSError, http.client.HTTPException):
                return
            if status != 200:
                print(f"kill9-durability: PATCH pet {self.pet_id} answered {status}: {body!r}", file=sys.stderr)
                self.in_flight = None
                return
            self.acknowledged.append(quantity)
            self.in_flight = None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--writers", type=int, default=12)
    parser.add_argument("--min-run", type=float, default=1.0)
    parser.add_argument("--max-run", type=float, default=4.0)
    parser.add_argument("--port", type=int, default=18190)
    parser.add_argument("--data-dir")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--env", action="append", default=[])
    args = parser.parse_args()
    require_launcher("kill9-durability")
    work = os.path.join(TARGET, "bench", "kill9")
    os.makedirs(work, exist_ok=True)
    if args.data_dir is None:
        args.data_dir = os.path.join(work, "data-" + time.strftime("%Y%m%d-%H%M%S"))
    rng = random.Random(args.seed)
    log_path = os.path.join(work, "service.log")
    print(f"[kill9] H2 files in {args.data_dir}, service log in {log_path}", file=sys.stderr)

    next_quantity = {pet: 1000 for pet in range(1, args.writers + 1)}
    total_acknowledged = total_lost = 0
    for round_number in range(1, args.rounds + 1):
        process = start(args, log_path)
        _, body = request("GET", "/v1/inventory", args.port)
        before = {entry["petId"]: entry["quantity"] for entry in json.loads(body)}
        writers = [Writer(pet, args.port, next_quantity[pet]) for pet in next_quantity]
        for writer in writers:
            writer.start()
        run = rng.uniform(args.min_run, args.max_run)
        time.sleep(run)
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        for writer in writers:
            writer.stop = True
            writer.join(30)

        process = start(args, log_path)
        _, body = request("GET", "/v1/inventory", args.port)
        stored = {entry["petId"]: entry["quantity"] for entry in json.loads(body)}
        os.kill(process.pid, signal.SIGTERM)
        process.wait()

        acknowledged = sum(len(writer.acknowledged) for writer in writers)
        in_flight = sum(1 for writer in writers if writer.in_flight is not None)
        lost = 0
        for writer in writers:
            last = writer.acknowledged[-1] if writer.acknowledged else before.get(writer.pet_id)
            allowed = {q for q in (last, writer.in_flight) if q is not None}
            value = stored.get(writer.pet_id)
            if allowed and value not in allowed:
                # every acknowledged write after the stored value is lost (quantities only grow)
                lost += sum(1 for q in writer.acknowledged if value is None or q > value)
                print(f"kill9-durability: pet {writer.pet_id}: stored {value}, last acknowledged {last}, "
                      f"in flight {writer.in_flight}", file=sys.stderr)
            next_quantity[writer.pet_id] = writer.next_quantity + 1
        total_acknowledged += acknowledged
        total_lost += lost
        print(f"round={round_number} acknowledged={acknowledged} in_flight={in_flight} lost={lost} run_s={run:.2f}",
              flush=True)
    print(f"TOTAL rounds={args.rounds} acknowledged={total_acknowledged} lost={total_lost}", flush=True)
    return 1 if total_lost else 0


if __name__ == "__main__":
    sys.exit(main())
