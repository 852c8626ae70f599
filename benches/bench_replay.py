"""Replay frames through the web API: time per decision for short and long games, side by side.

A replay's frames must cost time in proportion to the decisions: a 0.5 MB saved game (60 Zen
Cheng You matches, over 8,000 decisions) once took a minute when each frame copied the whole
history. For each length, a game of that many matches between random agents is uploaded to
``zhengfen serve``'s app (Starlette's test client, no network), and its index and every match's
frames are asked for; the figure is the median over ``--repeats`` passes of the time per
decision. Flat figures across lengths mean linear work. The table is Markdown for
``benches/RESULTS.md``.

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
    print("| matches | decisions | saved KB | seconds (median) | µs per decision |")
    print("|---:|---:|---:|---:|---:|")
    with TestClient(create_app(), base_url=LOCAL) as client:
        for matches in args.matches:
            game = long_game(matches)
            text = game.to_json()
            times = [replay_seconds(client, text) for _ in range(args.repeats)]
            seconds = statistics.median(times)
            decisions = len(game.decisions)
            print(
                f"| {matches} | {decisions} | {len(text) // 1024} | {seconds:.2f} "
                f"| {1e6 * seconds / decisions:.0f} |"
            )


if __name__ == "__main__":
    main()
