"""Load on ``zhengfen serve``: N games at once, a person in seat 0 of each playing through the
HTTP API, greedy agents in the other seats; the answer times of the people's moves, and the
database's commits a second, with the database on (``--data``, each change synced to the disk,
``--sync full``, the default; or left to the operating system, ``--sync normal``) and off
(``--memory-only``).

The server runs as ``zhengfen serve --agent-seconds S`` in its own process (``--agent-seconds``,
2 by default, the server's own default). Each game has its own client thread and keep-alive
connection: it opens a game (``POST /api/games``), then while the game goes on asks
``POST .../move`` on its person's turn (timed) and ``POST .../advance`` otherwise (the agents'
play, not timed). A move's answer holds the person's move and the agents' moves up to the
person's next turn (with ``--agent-seconds 0``: at most one agent's move, the others asked for
by ``advance``, each its own commit); the greedy agent thinks for about 0.02 ms a move, so the
timed answers are the server's handling of a person's move. Each game
makes ``--moves`` timed moves; the N games start together. A person moves as soon as it is their
turn (the most load the server can be given), or after ``--think`` seconds (a person's pace; not
timed). Errors (any answer other than 200 or 201) are counted. Commits a second: the revisions
the database holds at the end (one commit each) over the run's seconds.

Run: ``python benches/bench_serve.py [--games 16 64 256] [--moves 20] [--repeats 3] [--think 0]
[--agent-seconds 2]`` (needs the web extra); the database lives in a temporary folder of the
current one. The table is Markdown for ``benches/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
Json = dict[str, Any]


def start(
    data: Path | None, games: int, sync: str, agent_seconds: float
) -> tuple[subprocess.Popen[str], int]:
    """A server (its database in ``data``, or in memory only) and its port."""
    store = ["--data", str(data), "--sync", sync] if data is not None else ["--memory-only"]
    command = [sys.executable, "-m", "zhengfen", "serve", "--port", "0"]
    command += ["--agent-seconds", str(agent_seconds)]
    server = subprocess.Popen(
        [*command, "--max-games", str(max(games, 64)), *store],
        stdout=subprocess.PIPE,
        text=True,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(ROOT / "python")},
    )
    assert server.stdout is not None
    found = re.search(r":(\d+)/", server.stdout.readline())
    assert found, "the server did not start"
    return server, int(found.group(1))


class Person:
    """One game's client: its connection, the answer times of its moves, its errors."""

    def __init__(self, port: int, seed: int) -> None:
        # Each person from an address of its own (any 127.x.y.z is this machine's): a server
        # holds at most 16 games of one address in memory (``Limits.games_per_client``).
        address = (f"127.0.{seed // 200}.{seed % 200 + 2}", 0)
        self.connection = http.client.HTTPConnection(
            "127.0.0.1", port, timeout=120, source_address=address
        )
        self.seed = seed
        self.times: list[float] = []
        self.errors = 0

    def post(self, path: str, body: Json) -> Json | None:
        data = json.dumps(body)
        self.connection.request("POST", path, data, {"Content-Type": "application/json"})
        answer = self.connection.getresponse()
        text = answer.read()
        if answer.status not in (200, 201):
            self.errors += 1
            return None
        found: Json = json.loads(text)
        return found

    def play(self, moves: int, go: threading.Barrier, think: float = 0.0) -> None:
        request = {"game": "zheng_fen", "players": 4, "seed": self.seed, "opponents": "greedy"}
        go.wait()
        opened = self.post("/api/games", request)
        if opened is None:
            return
        key, view = opened["id"], opened["view"]
        while len(self.times) < moves and not view["game_over"]:
            if view["your_turn"]:
                time.sleep(think)
                index = view["version"] % len(view["moves"])
                began = time.perf_counter()
                answer = self.post(f"/api/games/{key}/move", {"index": index})
                self.times.append(time.perf_counter() - began)
            elif view["match_over"]:
                answer = self.post(f"/api/games/{key}/next", {})
            else:
                answer = self.post(f"/api/games/{key}/advance", {})
            if answer is None:
                return
            view = answer
        self.connection.close()


def commits(data: Path | None) -> int:
    """The commits the database holds: one a revision of each game, its first included."""
    if data is None:
        return 0
    with sqlite3.connect(data / "games.sqlite") as reader:
        total: int = reader.execute("SELECT coalesce(sum(revision), 0) FROM games").fetchone()[0]
        return total


def run(games: int, moves: int, store: str, think: float = 0.0, agent_seconds: float = 2.0) -> Json:
    """One load: ``games`` people at once, ``moves`` timed moves each; ``store``: ``full`` or
    ``normal`` (the database's ``--sync``), or ``off``."""
    stored = store != "off"
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as folder:  # on the disk, not in memory
        data = Path(folder) if stored else None
        server, port = start(data, games, store, agent_seconds)
        try:
            people = [Person(port, seed) for seed in range(games)]
            go = threading.Barrier(games + 1)
            threads = [threading.Thread(target=p.play, args=(moves, go, think)) for p in people]
            for thread in threads:
                thread.start()
            go.wait()
            began = time.perf_counter()
            for thread in threads:
                thread.join()
            seconds = time.perf_counter() - began
        finally:
            server.terminate()
            server.wait(timeout=60)
        times = sorted(t for p in people for t in p.times)
        cuts = statistics.quantiles(times, n=100)
        return {
            "p50": cuts[49] * 1000,
            "p95": cuts[94] * 1000,
            "p99": cuts[98] * 1000,
            "moves": len(times),
            "errors": sum(p.errors for p in people),
            "seconds": seconds,
            "commits": commits(data) / seconds if stored else None,
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[16, 64, 256])
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=1, help="runs of each load; medians")
    parser.add_argument("--think", type=float, default=0.0, help="seconds before each move")
    parser.add_argument("--agent-seconds", type=float, default=2.0, help="the server's (2)")
    parser.add_argument(
        "--stores", nargs="+", default=["full", "normal", "off"], choices=["full", "normal", "off"]
    )
    args = parser.parse_args()
    print(
        f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, "
        f"{os.cpu_count()} cores\n"
    )
    print("| games | database | p50 ms | p95 ms | p99 ms | moves | errors | commits/s |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|")
    names = {"full": "on, sync full", "normal": "on, sync normal", "off": "off"}
    for games in args.games:
        for store in args.stores:
            runs = [
                run(games, args.moves, store, args.think, args.agent_seconds)
                for _ in range(args.repeats)
            ]
            row = {k: statistics.median(r[k] for r in runs) for k in ("p50", "p95", "p99")}
            rate = statistics.median(r["commits"] for r in runs) if store != "off" else None
            print(
                f"| {games} | {names[store]} | {row['p50']:.1f} | {row['p95']:.1f} "
                f"| {row['p99']:.1f} | {sum(r['moves'] for r in runs)} "
                f"| {sum(r['errors'] for r in runs)} | {'-' if rate is None else f'{rate:.0f}'} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
