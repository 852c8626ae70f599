"""The Python-driven game loop: ask for the legal moves, play a random one, until the match ends.

Times whole random matches for each rule set through the Rust-backed ``zhengfen.Game``, and
(fewer of them) through ``zhengfen.reference.Game`` for scale. Each figure is the median over
``--repeats`` passes; the table is Markdown for ``benches/RESULTS.md``.

Run: ``python benches/bench_game.py [--matches 400] [--repeats 5]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from types import ModuleType

import zhengfen
from common import RULE_SETS, rules_for
from zhengfen import reference


def one_pass(module: ModuleType, name: str, matches: int) -> tuple[float, int, int]:
    """Seconds, decisions and legal moves listed for ``matches`` random matches."""
    rules = rules_for(module, name)
    decisions = listed = 0
    start = time.perf_counter()
    for seed in range(matches):
        game = module.Game(rules, seed)
        rng = random.Random(seed)
        while not game.match_over:
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
            decisions += 1
            listed += len(moves)
    return time.perf_counter() - start, decisions, listed


def measure(
    module: ModuleType, name: str, matches: int, repeats: int
) -> tuple[float, float, float]:
    """Median µs per decision, matches per second, and mean legal moves per decision."""
    passes = [one_pass(module, name, matches) for _ in range(repeats)]
    seconds = statistics.median(p[0] for p in passes)
    _, decisions, listed = passes[0]
    return seconds / decisions * 1e6, matches / seconds, listed / decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(f"{args.matches} matches per pass (reference: a tenth), median of {args.repeats}")
    print()
    print(
        "| rule set | moves/decision | Rust via Python µs/decision | matches/s "
        "| reference µs/decision | reference ÷ Rust |"
    )
    print("|---|---|---|---|---|---|")
    for name in RULE_SETS:
        ours = measure(zhengfen, name, args.matches, args.repeats)
        theirs = measure(reference, name, max(1, args.matches // 10), 1)
        print(
            f"| {name} | {ours[2]:.1f} | {ours[0]:.2f} | {ours[1]:.0f} | {theirs[0]:.0f} "
            f"| {theirs[0] / ours[0]:.0f}x |",
            flush=True,
        )


if __name__ == "__main__":
    main()
