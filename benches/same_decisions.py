"""Time a decision of several agents on the same decisions: is one search within another's time?

``bench_ismcts_learned.py`` lets each agent play its own games, so the decisions it times differ
from agent to agent (a search that makes matches longer or shorter is timed on other positions),
and runs one agent after another, so a change in the machine's load falls on one of them. This
bench takes its positions from the games of an arena log (``zhengfen arena ... --log L``): every
decision with more than one legal move, or an even sample of ``--positions`` of them, each given
to the seat that made it (:meth:`zhengfen.Game.info_set`). Every agent decides every position,
the agents taking turns position by position (their order turning each time), each from the
same seed; the wall time of each call is what it reports.

For each agent: its mean and median milliseconds a decision, and its time relative to the first
agent's on the same positions: the ratio of the means (what a match's time follows), with a 95 %
interval from a bootstrap over the positions, and the median of the per-position ratios.

Run: ``python benches/same_decisions.py --log il-2026.jsonl --positions 400
--agents 'ismcts;ismcts(policy=learned);sparta'`` (agents separated by ``;``, the first the
yardstick).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

import zhengfen
from zhengfen.arena.log import Log
from zhengfen.errors import ArgumentError, InvalidStateError


@dataclass(frozen=True)
class Position:
    """A decision of a logged game: the game before it and the seat to decide."""

    game: zhengfen.Game
    seat: int


def positions(log: Path, wanted: int | None) -> list[Position]:
    """The decisions with more than one legal move in the games of ``log``, in log order; an
    even sample of ``wanted`` of them (all when ``None`` or there are fewer)."""
    found = []
    for game in logged_games(log):
        for k in range(len(game.decisions)):
            before = game.rewound(k)
            seat = before.current_player
            if seat is not None and len(before.legal_moves()) > 1:
                found.append(Position(before, seat))
    if not found:
        raise ArgumentError(f"{log} holds no decision with more than one legal move")
    if wanted is None or wanted >= len(found):
        return found
    step = len(found) / wanted
    return [found[int(i * step)] for i in range(wanted)]


def logged_games(log: Path) -> list[zhengfen.Game]:
    """The games ``log`` holds, read as ``zhengfen replay`` reads an arena log
    (:class:`zhengfen.arena.log.Log`); text that is not UTF-8, a line that is not an arena
    record with its game, or games of different rules (the agents are bound to one rule set)
    raise ``InvalidStateError`` naming the log (and the line)."""
    try:
        text = log.read_text()
        games = [saved.game for saved in Log(text)] if text.strip() else []
    except ValueError as error:
        raise InvalidStateError(f"{log}: {error}") from error
    for number, game in enumerate(games[1:], start=2):
        if game.rules != games[0].rules:
            raise InvalidStateError(
                f"{log}: game {number} plays {game.rules!r}, the first {games[0].rules!r}: "
                "the agents are timed on one rule set, so a log must hold one"
            )
    return games


def timings(specs: Sequence[str], table: Sequence[Position], seed: int) -> np.ndarray:
    """Seconds each agent (row) took at each position (column), the agents taking turns."""
    rules = table[0].game.rules
    agents = [zhengfen.AgentSpec(spec).bind(rules) for spec in specs]
    seconds = np.zeros((len(agents), len(table)))
    for p, position in enumerate(table):
        view = position.game.info_set(position.seat)
        for turn in range(len(agents)):
            a = (p + turn) % len(agents)
            start = time.perf_counter()
            view.choose(agents[a], seed + p)
            seconds[a, p] = time.perf_counter() - start
    return seconds


def ratio_interval(
    ours: np.ndarray, yardstick: np.ndarray, rng: np.random.Generator, rounds: int = 2000
) -> tuple[float, float]:
    """A 95 % bootstrap interval, over positions, of ``sum(ours) / sum(yardstick)``."""
    n = len(ours)
    picks = rng.integers(0, n, size=(rounds, n))
    ratios = ours[picks].sum(axis=1) / yardstick[picks].sum(axis=1)
    low, high = np.percentile(ratios, [2.5, 97.5])
    return float(low), float(high)


def report(specs: Sequence[str], seconds: np.ndarray) -> list[str]:
    """The Markdown table of the timings, each agent against the first."""
    rng = np.random.default_rng(0)
    lines = [
        "| agent | mean ms | median ms | mean / first's | 95 % interval | median of ratios |",
        "|---|---|---|---|---|---|",
    ]
    for spec, row in zip(specs, seconds, strict=True):
        ratio = row.sum() / seconds[0].sum()
        low, high = ratio_interval(row, seconds[0], rng)
        per_position = statistics.median((row / seconds[0]).tolist())
        lines.append(
            f"| `{spec}` | {row.mean() * 1e3:.2f} | {statistics.median(row.tolist()) * 1e3:.2f} "
            f"| {ratio:.2f} | [{low:.2f}, {high:.2f}] | {per_position:.2f} |"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parse = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parse.add_argument("--log", type=Path, required=True, help="an arena log (--log's file)")
    parse.add_argument("--positions", type=int, default=None, help="a sample of this many")
    parse.add_argument(
        "--agents", required=True, help="specs separated by ';', the first the yardstick"
    )
    parse.add_argument("--seed", type=int, default=0)
    args = parse.parse_args(argv)
    try:
        if args.positions is not None and args.positions < 1:
            raise ArgumentError("--positions must be at least 1")
        specs = [spec.strip() for spec in args.agents.split(";") if spec.strip()]
        if not specs:
            raise ArgumentError("--agents names no agent")
        table = positions(args.log, args.positions)
        seconds = timings(specs, table, args.seed)
    except (ValueError, OSError) as error:
        print(f"same_decisions: {error}", file=sys.stderr)
        return 2
    print(f"{len(table)} decisions of {args.log.name}, one thread, agents in turn")
    print("\n".join(report(specs, seconds)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
