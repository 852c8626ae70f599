"""Replay frames through the web API: time per decision for short and long games, side by side.

A replay's frames must cost time in proportion to the decisions: a 0.5 MB saved game (60 Zen
Cheng You matches, over 8,000 decisions) once took a minute when each frame copied the whole
history. For each length, a game of that many matches between random agents is uploaded to
``zhengfen serve``'s app (Starlette's test client, no network), and its index and every match's
frames are asked for; the figure is the median over ``--repeats`` passes of the time per
decision. Flat figures across lengths mean linear work. Each length is timed twice, side by
side: as served (an opened log keeps the outlines of the games last asked for) and with no
outline kept (``KEPT_OUTLINES = 0``: each request reads and cuts the whole game again, as before
issue 23's last change). The table is Markdown for ``benches/RESULTS.md``.

Run: ``python benches/bench_replay.py [--matches 5 20 60] [--repeats 3]`` (needs the web extra
and httpx).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from starlette.testclient import TestClient

import zhengfen
from zhengfen.agents import RandomAgent, play_seats
from zhengfen.web import replays
from zhengfen.web.app import create_app

LOCAL = "http://127.0.0.1"


def long_game(matches: int) -> zhengfen.Game:
    """A Zen Cheng You game of ``matches`` matches between random agents."""
    game = zhengfen.Game(zhengfen.Rules.zen_cheng_you(target=10_000), 1)
    play_seats(game, [RandomAgent(seat) for seat in range(4)], matches=matches)
    return game


def replay_seconds(client: TestClient, text: str) -> float:
    """Seconds to open a replay of ``text`` and fetch its index and every match's frames."""
    start = time.perf_counter()
    key = client.post("/api/replays", json={"text": text}).json()["id"]
    index = client.get(f"/api/replays/{key}/0").json()
    for match in range(1, len(index["matches"]) + 1):
        answer = client.get(f"/api/replays/{key}/0?match={match}")
        assert answer.status_code == 200, answer.text
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, nargs="+", default=[5, 20, 60])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}\n")
    print(
        "| matches | decisions | saved KB | seconds, kept | seconds, recut "
        "| µs per decision, kept | µs per decision, recut |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|")
    kept = replays.KEPT_OUTLINES
    with TestClient(create_app(), base_url=LOCAL) as client:
        for matches in args.matches:
            game = long_game(matches)
            text = game.to_json()
            seconds = {}
            for outlines in (kept, 0):
                replays.KEPT_OUTLINES = outlines
                times = [replay_seconds(client, text) for _ in range(args.repeats)]
                seconds[outlines] = statistics.median(times)
            replays.KEPT_OUTLINES = kept
            decisions = len(game.decisions)
            per = {n: 1e6 * t / decisions for n, t in seconds.items()}
            print(
                f"| {matches} | {decisions} | {len(text) // 1024} | {seconds[kept]:.2f} "
                f"| {seconds[0]:.2f} | {per[kept]:.0f} | {per[0]:.0f} |"
            )


if __name__ == "__main__":
    main()
