"""The cost of the bot protocol (BOTS.md; issue 46 §2), against a bot that answers at once.

- **Per decision.** The same deals (one match each, 4-player Zheng Fen) played twice: by four
  bot processes of the instant bot (``benches/bots/instant.c``, built here with gcc; without
  gcc, ``benches/bots/instant.py``), each answering its first legal move at once, and by four
  in-process agents that return ``legal_moves[0]``. Both play the very same games, so the
  difference of their wall-clock times over the decisions the bots were asked (a seat with one
  legal move is not asked) is the protocol's overhead a decision: writing the ``decision`` line
  (the observation and legal moves as JSON), the bot's reading and answering, and reading and
  checking its answer. Target: at most 50 µs.
- **A tournament.** ``--deals`` deals (whole games unless ``--matches``) of four instant bots in
  the arena's Python loop against four ``greedy`` agents as the arena plays them (in Rust,
  ``rollouts``), and, for what bounds the bots, four ``greedy`` agents in the same Python loop.
  Target: the bots within 3x the time of the four ``greedy`` agents.

Wall-clock seconds (the bot's own time is part of the cost); each figure is the median of
``--repeats`` passes, the rows taking turns. Run: ``python benches/bench_bots.py [--deals 200]
[--repeats 3]``.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import zhengfen
from zhengfen.agents import Agent, make_agent, play_game
from zhengfen.arena import Tournament, python_game, rust_chunk
from zhengfen.bots import BotSpec, close_all
from zhengfen.types import Move

HERE = Path(__file__).parent
RULES = zhengfen.Rules.zheng_fen(players=4)


class First:
    """The in-process twin of the instant bot: its first legal move."""

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        return legal_moves[0]


def instant_command(folder: Path) -> tuple[str, str]:
    """The instant bot's command line and what it is (C, or Python without gcc)."""
    gcc = shutil.which("gcc")
    if gcc is not None:
        binary = folder / "instant"
        subprocess.run(
            [gcc, "-O2", "-o", str(binary), str(HERE / "bots" / "instant.c")], check=True
        )
        return str(binary), "C (gcc -O2)"
    return f"{sys.executable} {HERE / 'bots' / 'instant.py'}", "Python"


def timed(work: Callable[[], Any]) -> float:
    begun = time.perf_counter()
    work()
    return time.perf_counter() - begun


def play_deals(agents: Callable[[], list[Agent]], deals: int) -> tuple[int, int]:
    """Plays ``deals`` one-match games; returns (decisions, decisions with a choice)."""
    total = asked = 0
    for deal in range(deals):
        game = play_game(zhengfen.Game(RULES, seed=deal), agents(), matches=1)
        total += len(game.decisions)
        replay = zhengfen.Game(RULES, seed=deal)
        for decision in game.decisions:
            asked += len(replay.legal_moves()) > 1
            replay.play(decision)
    return total, asked


def per_decision(spec: BotSpec, deals: int, repeats: int) -> dict[str, float]:

    def bots() -> list[Agent]:
        return [make_agent(spec, seed=s, instance=s) for s in range(4)]

    def firsts() -> list[Agent]:
        return [First() for _ in range(4)]

    _, asked = play_deals(firsts, deals)
    bot_times, first_times = [], []
    for _ in range(repeats):
        bot_times.append(timed(lambda: play_deals(bots, deals)))
        first_times.append(timed(lambda: play_deals(firsts, deals)))
    bot, first = statistics.median(bot_times), statistics.median(first_times)
    # play_deals replays each game to count; the same work in both rows, so it cancels out
    return {"asked": asked, "bot_s": bot, "first_s": first, "us": (bot - first) / asked * 1e6}


def tournament(
    spec: BotSpec, deals: int, matches: int | None, repeats: int
) -> dict[str, tuple[float, int]]:
    """Each row's median seconds and the decisions its games took."""
    greedy = zhengfen.AgentSpec("greedy")
    with_bots = Tournament(RULES, (spec,) * 4, deals=deals, matches=matches)
    with_greedy = Tournament(RULES, (greedy,) * 4, deals=deals, matches=matches)
    rows: dict[str, Callable[[], list[Any]]] = {
        "bots": lambda: [python_game(with_bots, d, 0) for d in range(deals)],
        "greedy_rust": lambda: rust_chunk(with_greedy, 0, deals),
        "greedy_python": lambda: [python_game(with_greedy, d, 0) for d in range(deals)],
    }
    times: dict[str, list[float]] = {name: [] for name in rows}
    decisions: dict[str, int] = {}
    for _ in range(repeats):
        for name, work in rows.items():
            begun = time.perf_counter()
            games = work()
            times[name].append(time.perf_counter() - begun)
            decisions[name] = sum(game.decisions for game in games)
    return {name: (statistics.median(times[name]), decisions[name]) for name in rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument(
        "--matches", type=int, default=None, help="a game's matches (default whole)"
    )
    parser.add_argument("--decision-deals", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        command, kind = instant_command(Path(folder))
        spec = BotSpec(command, time_ms=10_000, budget_ms=86_400_000)
        try:
            decision = per_decision(spec, args.decision_deals, args.repeats)
            played = tournament(spec, args.deals, args.matches, args.repeats)
        finally:
            close_all()
    print(f"instant bot: {kind}; {args.repeats} passes, medians, wall-clock\n")
    print("| per decision | seconds | decisions asked | overhead a decision |")
    print("|---|---|---|---|")
    print(
        f"| 4 instant bots | {decision['bot_s']:.3f} | {decision['asked']:,} | "
        f"**{decision['us']:.1f} µs** (target <= 50) |"
    )
    print(f"| 4 in-process first-move agents | {decision['first_s']:.3f} | | |")
    length = "whole games" if args.matches is None else f"{args.matches} match(es)"
    print(
        f"\n| {args.deals} deals, 4-player Zheng Fen, {length} | seconds | vs greedy (Rust) "
        "| decisions | µs a decision |"
    )
    print("|---|---|---|---|---|")
    base = played["greedy_rust"][0]
    for name, label in (
        ("bots", "4 instant bots (Python loop)"),
        ("greedy_rust", "4 greedy (arena: Rust)"),
        ("greedy_python", "4 greedy (Python loop)"),
    ):
        seconds, decisions = played[name]
        print(
            f"| {label} | {seconds:.2f} | {seconds / base:.1f}x | {decisions:,} "
            f"| {seconds / decisions * 1e6:.1f} |"
        )


if __name__ == "__main__":
    main()
