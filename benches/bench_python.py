"""Classifier and legal-move timings through Python: the Rust core against the reference.

Both implementations get the same inputs, taken from seeded deals (the same 64 deals per rule
set as the criterion bench ``rust/zhengfen-core/benches/movegen.rs``): each seat-0 hand led from
and followed on (the table a legal lead of seat 1's hand), and a sample of plays to classify.
Each figure is the median over ``--repeats`` passes of the time per call; the table is Markdown
for ``benches/RESULTS.md``.

Run: ``python benches/bench_python.py [--deals 64] [--repeats 5]``.
"""

from __future__ import annotations

import argparse
import functools
import platform
import statistics
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any

import zhengfen
from common import RULE_SETS, rules_for
from zhengfen import reference


def inputs(name: str, deals: int) -> tuple[list[str], list[str], list[str]]:
    """Hands, tables and plays in notation, so each implementation parses its own."""
    rules = rules_for(zhengfen, name)
    hands: list[str] = []
    tables: list[str] = []
    plays: list[str] = []
    for seed in range(deals):
        dealt = zhengfen.deal(rules, seed)
        leads = zhengfen.legal_moves(dealt[1], None, rules)
        hands.append(str(dealt[0]))
        tables.append(str(leads[seed * 7919 % len(leads)]))
        plays.extend(str(m.cards) for m in leads[:: len(leads) // 16 + 1])
    return hands, tables, plays


def make_calls(
    module: ModuleType, rules: Any, op: str, data: tuple[list[str], list[str], list[str]]
) -> list[Callable[[], Any]]:
    """One call per input: classify a play, or list the moves of a hand (led or followed)."""
    hands, tables, plays = data
    if op == "classify":
        return [functools.partial(module.classify, play, rules) for play in plays]
    on = tables if op == "follow" else [None] * len(hands)
    return [functools.partial(module.legal_moves, h, t, rules) for h, t in zip(hands, on)]


def median_per_call(calls: list[Callable[[], Any]], repeats: int) -> float:
    """Median over ``repeats`` passes of the mean seconds per call."""
    passes = []
    for _ in range(repeats):
        start = time.perf_counter()
        for call in calls:
            call()
        passes.append((time.perf_counter() - start) / len(calls))
    return statistics.median(passes)


def measure(name: str, deals: int, repeats: int) -> list[str]:
    hands, tables, plays = inputs(name, deals)
    rows = []
    for op in ("lead", "follow", "classify"):
        times: dict[str, float] = {}
        moves = 0.0
        for label, module in (("rust", zhengfen), ("reference", reference)):
            rules = rules_for(module, name)
            calls = make_calls(module, rules, op, (hands, tables, plays))
            times[label] = median_per_call(calls, repeats)
            if label == "rust":
                moves = statistics.mean(len(call()) for call in calls)
        ratio = times["reference"] / times["rust"]
        per_move = f"{times['rust'] / moves * 1e9:.0f}" if op != "classify" else "-"
        rows.append(
            f"| {name} | {op} | {moves:.1f} | {times['rust'] * 1e6:.2f} | {per_move} "
            f"| {times['reference'] * 1e6:.1f} | {ratio:.0f}x |"
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=64)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(
        f"Python {platform.python_version()}, {platform.machine()}, {args.deals} deals, "
        f"median of {args.repeats}"
    )
    print()
    print(
        "| rule set | call | moves/call | Rust via Python µs/call | ns/move "
        "| reference µs/call | reference ÷ Rust |"
    )
    print("|---|---|---|---|---|---|---|")
    for name in RULE_SETS:
        for row in measure(name, args.deals, args.repeats):
            print(row, flush=True)


if __name__ == "__main__":
    main()
