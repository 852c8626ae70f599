"""The plain Python loop of issue 12, timed per decision.

``moves = game.legal_moves(); game.play(moves[rng.randrange(len(moves))])`` for each rule set
of ``common.RULE_SETS``; Zen Cheng You also "with tensors" (the loop plus
``game.observation_tensor(seat)`` and ``game.history_tensor(seat)`` per decision) and through
``Game.play_index``. Beside them, what bounds any such loop on this machine: the same loop over a
plain Python object whose methods do nothing (``floor``), which costs what CPython's calls,
``len``, ``randrange`` and indexing cost, and the engine alone (``rollouts``, one thread, the
same random play without Python). For comparison with the list ``legal_moves()`` returned
before issue 12, the "eager list" rows play from ``list(game.legal_moves())``.

Each figure is the median over ``--repeats`` passes of about ``--seconds`` each, in µs of this
process's CPU time per decision (``time.process_time``: on a shared machine, time spent waiting
for a CPU is not counted); the passes of all rows take turns, so that a slow moment of the
machine spreads over every row. The table is Markdown for ``benches/RESULTS.md``.

Run: ``python benches/bench_loop.py [--seconds 1] [--repeats 5]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import zhengfen
from common import RULE_SETS, rules_for

#: One timed pass: (seconds, decisions), playing for about the given seconds.
Pass = Callable[[float], tuple[float, int]]
#: One match played out from Python: returns its decisions.
Match = Callable[[zhengfen.Game, random.Random], int]


def matches(rules: zhengfen.Rules, play: Match) -> Pass:
    """A pass of ``play`` over fresh seeded matches for about the budget (the timing and
    seeding around the loops below; a call per match, not per decision)."""

    def run(budget: float) -> tuple[float, int]:
        decisions, seed = 0, 0
        start = time.process_time()
        while time.process_time() - start < budget:
            decisions += play(zhengfen.Game(rules, seed), random.Random(seed))
            seed += 1
        return time.process_time() - start, decisions

    return run


def plain(game: zhengfen.Game, rng: random.Random) -> int:
    """The loop of the issue."""
    decisions = 0
    while not game.match_over:
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
        decisions += 1
    return decisions


def by_index(game: zhengfen.Game, rng: random.Random) -> int:
    """The loop, playing by index."""
    decisions = 0
    while not game.match_over:
        game.play_index(rng.randrange(len(game.legal_moves())))
        decisions += 1
    return decisions


def with_tensors(game: zhengfen.Game, rng: random.Random) -> int:
    """The loop plus the seat's observation and history tensors every decision."""
    decisions = 0
    while not game.match_over:
        seat = game.current_player
        assert seat is not None
        game.observation_tensor(seat)
        game.history_tensor(seat)
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
        decisions += 1
    return decisions


def eager(game: zhengfen.Game, rng: random.Random) -> int:
    """The loop over ``list(game.legal_moves())``: every move made into a Python object, and
    the move played checked again, as ``legal_moves()`` and ``play`` did before issue 12."""
    decisions = 0
    while not game.match_over:
        moves = list(game.legal_moves())
        game.play(moves[rng.randrange(len(moves))])
        decisions += 1
    return decisions


class _Idle:
    """A game that does nothing: two methods and a one-move list."""

    match_over = False
    moves = ("pass",)

    def legal_moves(self) -> tuple[str]:
        return self.moves

    def play(self, move: str) -> None:
        pass


def floor(budget: float) -> tuple[float, int]:
    """The loop's own cost: the same statements over :class:`_Idle`."""
    game, rng = _Idle(), random.Random(0)
    decisions = 0
    start = time.process_time()
    while time.process_time() - start < budget:
        for _ in range(10_000):
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
        decisions += 10_000
    return time.process_time() - start, decisions


def engine(rules: zhengfen.Rules) -> Pass:
    """The engine alone: ``zhengfen.rollouts`` of one-match games with random agents, one
    thread, no Python per decision (the Rust part that any Python loop pays on top)."""
    agents = ["random"] * rules.players

    def run(budget: float) -> tuple[float, int]:
        decisions, first = 0, 0
        start = time.process_time()
        while time.process_time() - start < budget:
            games = zhengfen.rollouts(rules, agents, 100, first_deal=first, matches=1)
            decisions += int(games["decisions"].sum())
            first += 100
        return time.process_time() - start, decisions

    return run


def medians(timed: dict[str, Pass], seconds: float, repeats: int) -> dict[str, float]:
    """The median µs per decision of each row over ``repeats`` passes taken in turns."""
    passes: dict[str, list[float]] = {name: [] for name in timed}
    for _ in range(repeats):
        for name, run in timed.items():
            spent, decisions = run(seconds)
            passes[name].append(spent / decisions * 1e6)
    return {name: statistics.median(us) for name, us in passes.items()}


def rows() -> dict[str, Pass]:
    """What is timed, by name."""
    timed: dict[str, Pass] = {"floor (the loop over a do-nothing object)": floor}
    for name in RULE_SETS:
        timed[name] = matches(rules_for(zhengfen, name), plain)
    zcy = rules_for(zhengfen, "zen_cheng_you")
    timed["zen_cheng_you with tensors"] = matches(zcy, with_tensors)
    timed["zheng_fen 4, engine alone (rollouts)"] = engine(rules_for(zhengfen, "zheng_fen 4"))
    timed["zen_cheng_you, engine alone (rollouts)"] = engine(zcy)
    timed["zheng_fen 4, eager list"] = matches(rules_for(zhengfen, "zheng_fen 4"), eager)
    timed["zen_cheng_you, eager list"] = matches(zcy, eager)
    if hasattr(zhengfen.Game, "play_index"):
        timed["zheng_fen 4, play_index"] = matches(rules_for(zhengfen, "zheng_fen 4"), by_index)
        timed["zen_cheng_you, play_index"] = matches(zcy, by_index)
    return timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one pass")
    parser.add_argument("--repeats", type=int, default=5, help="passes per row (median)")
    args = parser.parse_args()
    print(f"median of {args.repeats} passes of {args.seconds:g} s each")
    print()
    print("| loop | µs/decision |")
    print("|---|---|")
    for name, us in medians(rows(), args.seconds, args.repeats).items():
        print(f"| {name} | {us:.3f} |")


if __name__ == "__main__":
    main()
