"""Load test of the REST server: N concurrent clients, a mix of add and recall, bounded time.

    python -m ripplemem.bench.load --clients 8 --seconds 30
    python -m ripplemem.bench.load --url http://127.0.0.1:8765 --admin-key ... --clients 4

Without ``--url`` it starts ``ripplemem serve`` on a free port of 127.0.0.1 in a subprocess
(a fresh store in a temporary directory unless ``--db``). Each client gets its own user and
key; it adds two-turn exchanges (``--write-ratio`` of its requests) or recalls a question.
At the end it checks that every acknowledged turn is stored, and reports throughput,
p50/p95 latency per operation and errors.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

NAMES = ["Ana", "Ben", "Chloe", "Dev", "Ema", "Farid", "Gus", "Hana"]
PLACES = ["Lisbon", "Oslo", "Porto", "Kyoto", "Lima", "Quebec", "Accra", "Hobart"]
THINGS = ["a pottery class", "a marathon", "a new job", "a sailing trip", "a book club", "a cello lesson"]


@dataclass
class Tally:
    latencies: dict[str, list[float]] = field(default_factory=lambda: {"add": [], "recall": []})
    errors: dict[str, int] = field(default_factory=dict)
    turns_acked: dict[str, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, op: str, seconds: float, error: str | None) -> None:
        with self.lock:
            if error is None:
                self.latencies[op].append(seconds)
            else:
                self.errors[f"{op}: {error}"] = self.errors.get(f"{op}: {error}", 0) + 1


def exchange(rng: random.Random, client: int, n: int) -> list[dict[str, Any]]:
    who, other = rng.sample(NAMES, 2)
    place, thing = rng.choice(PLACES), rng.choice(THINGS)
    return [
        {"id": f"c{client}-{n}-a", "speaker": who, "text": f"Last week I started {thing} in {place} with {other}."},
        {"id": f"c{client}-{n}-b", "speaker": other, "text": f"That sounds great, {who}! How was {place}?"},
    ]


def drive(url: str, key: str, client: int, deadline: float, write_ratio: float, tally: Tally) -> None:
    """One client: requests back to back until the deadline."""
    rng = random.Random(client)
    n = 0
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=120) as http:
        while time.monotonic() < deadline:
            if rng.random() < write_ratio:
                op, path = "add", "/v1/memories"
                body: dict[str, Any] = {"messages": exchange(rng, client, n), "session_id": f"s{n // 10}"}
                n += 1
            else:
                op, path = "recall", "/v1/recall"
                body = {"query": f"What did {rng.choice(NAMES)} start in {rng.choice(PLACES)}?"}
            started = time.perf_counter()
            try:
                response = http.post(path, json=body)
                error = None if response.status_code < 300 else str(response.status_code)
            except httpx.HTTPError as exc:
                error = type(exc).__name__
            tally.record(op, time.perf_counter() - started, error)
            if op == "add" and error is None:
                with tally.lock:
                    tally.turns_acked[key] = tally.turns_acked.get(key, 0) + response.json()["turns_added"]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def started_server(db: str, admin_key: str) -> Iterator[str]:
    """``ripplemem serve`` in a subprocess on a free port; yields its URL once healthy."""
    port = free_port()
    env = {**os.environ, "RIPPLEMEM_ADMIN_KEY": admin_key}
    cmd = [sys.executable, "-m", "ripplemem.interfaces.cli", "--db", db, "serve", "--port", str(port)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                if httpx.get(url + "/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the server did not start: {' '.join(cmd)}")
            time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()


def run(url: str, admin_key: str, clients: int, seconds: float, write_ratio: float) -> dict[str, Any]:
    """Mint a key per client, seed each user, drive for ``seconds``, verify, summarise."""
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {admin_key}"}, timeout=120) as admin:
        run_id = secrets.token_hex(3)
        keys = [admin.post("/v1/keys", json={"user_id": f"load-{run_id}-{c}"}).raise_for_status().json()
                for c in range(clients)]
        for c, key in enumerate(keys):  # something to recall from the first request on
            admin.post("/v1/memories", json={"user_id": key["user_id"], "messages": exchange(random.Random(-c), c, -1)})
        tally = Tally()
        deadline = time.monotonic() + seconds
        threads = [threading.Thread(target=drive, args=(url, k["key"], c, deadline, write_ratio, tally))
                   for c, k in enumerate(keys)]
        started = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.monotonic() - started
        lost = 0
        for key in keys:
            stored = admin.get("/v1/stats", params={"user_id": key["user_id"]}).json()["turns"]["total"]
            lost += tally.turns_acked.get(key["key"], 0) + 2 - stored
    done = {op: len(v) for op, v in tally.latencies.items()}
    return {
        "clients": clients, "seconds": round(elapsed, 1), "write_ratio": write_ratio,
        "requests": sum(done.values()), "throughput_rps": round(sum(done.values()) / elapsed, 2),
        "ops": {op: {"count": len(v), "p50_ms": round(1000 * percentile(v, 0.5), 1),
                     "p95_ms": round(1000 * percentile(v, 0.95), 1)} for op, v in tally.latencies.items()},
        "errors": tally.errors, "turns_acknowledged": sum(tally.turns_acked.values()), "turns_lost": lost,
    }


def report(result: dict[str, Any]) -> str:
    lines = [f"{result['clients']} clients, {result['seconds']} s, write ratio {result['write_ratio']}: "
             f"{result['requests']} requests, {result['throughput_rps']} req/s"]
    for op, o in result["ops"].items():
        lines.append(f"  {op:<7} {o['count']:>6} ok   p50 {o['p50_ms']:>8.1f} ms   p95 {o['p95_ms']:>8.1f} ms")
    errors = ", ".join(f"{k} x{n}" for k, n in result["errors"].items()) or "none"
    lines.append(f"  errors: {errors}")
    lines.append(f"  turns acknowledged {result['turns_acknowledged']}, lost {result['turns_lost']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m ripplemem.bench.load", description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients (default 8)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to drive the server (default 30)")
    parser.add_argument("--write-ratio", type=float, default=0.3, help="share of requests that add (default 0.3)")
    parser.add_argument("--url", default=None, help="target this running server instead of starting one")
    parser.add_argument("--admin-key", default=os.environ.get("RIPPLEMEM_ADMIN_KEY"),
                        help="the target server's admin key (default $RIPPLEMEM_ADMIN_KEY)")
    parser.add_argument("--db", default=None, help="store of the started server (default: a fresh temporary one)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    if args.url:
        if not args.admin_key:
            parser.error("--url needs --admin-key (or RIPPLEMEM_ADMIN_KEY)")
        result = run(args.url, args.admin_key, args.clients, args.seconds, args.write_ratio)
    else:
        admin_key = secrets.token_urlsafe(24)
        with tempfile.TemporaryDirectory() as tmp:
            db = args.db or str(Path(tmp) / "load.db")
            with started_server(db, admin_key) as url:
                result = run(url, admin_key, args.clients, args.seconds, args.write_ratio)
    print(json.dumps(result, indent=2) if args.json else report(result))


if __name__ == "__main__":
    main()
