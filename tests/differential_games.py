"""Rust against the reference, decision by decision, over seeded random games (RULES.md §12).

After every decision both games must agree on the current player, the phase, the legal-move
set, the table, the order of going out, the match points and the scores; at the end of each
match on the whole history. Moves are drawn from the sorted legal list by ``random.Random(seed)``
and played as text, so each implementation reads them itself.

The short run is part of pytest (``tests/test_game_differential.py``); the long one:
``python tests/differential_games.py --games 2000`` (every configuration, 2,000 games each).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

import zhengfen
from zhengfen import reference

# Every configuration the long run covers: both games, each Zheng Fen player count, options
# on and off. A low target makes games end after a few matches.
CONFIGS: list[dict[str, Any]] = [
    *(
        {"game": "zheng_fen", "players": p, "jokers_wild": w, "target": 150}
        for p in (3, 4, 5, 6)
        for w in (True, False)
    ),
    {"game": "zheng_fen", "players": 4, "next_leader": "best_score", "tie": "share", "target": 120},
    {"game": "zen_cheng_you", "target": 300},
    {"game": "zen_cheng_you", "last_chance": True, "lead_after_out": "partner", "target": 300},
]


def make(module: Any, spec: dict[str, Any]) -> Any:
    options = {k: v for k, v in spec.items() if k != "game"}
    preset = module.Rules.zheng_fen if spec["game"] == "zheng_fen" else module.Rules.zen_cheng_you
    return preset(**options)


def snapshot(game: Any) -> dict[str, Any]:
    """What must agree after every decision."""
    table = game.table
    return {
        "current_player": game.current_player,
        "phase": game.phase,
        "legal": sorted(str(m) for m in game.legal_moves()),
        "table": None if table is None else (str(table[0]), table[1]),
        "out_order": list(game.out_order),
        "match_points": list(game.match_points),
        "scores": list(game.scores),
    }


def compare_game(spec: dict[str, Any], seed: int, max_matches: int = 3) -> int:
    """Plays one seeded game in both implementations; returns the decisions compared."""
    ours = zhengfen.Game(make(zhengfen, spec), seed)
    theirs = reference.Game(make(reference, spec), seed)
    rng = random.Random(seed)
    decisions = 0
    for match in range(max_matches):
        while True:
            a, b = snapshot(ours), snapshot(theirs)
            if a != b:
                raise AssertionError(f"{spec} seed {seed} decision {decisions}: {diff(a, b)}")
            if ours.match_over:
                break
            move = rng.choice(a["legal"])
            ours.play(move)
            theirs.play(move)
            decisions += 1
        if ours.history != theirs.history:
            raise AssertionError(f"{spec} seed {seed} match {match}: histories differ")
        if ours.game_over or match == max_matches - 1:
            break
        ours.next_match()
        theirs.next_match()
    if ours.winners != theirs.winners or ours.decisions != theirs.decisions:
        raise AssertionError(f"{spec} seed {seed}: winners or decisions differ")
    return decisions


def diff(a: dict[str, Any], b: dict[str, Any]) -> str:
    return "; ".join(f"{k}: rust {a[k]!r} reference {b[k]!r}" for k in a if a[k] != b[k])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="games per configuration")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--only", type=int, nargs="*", help="indices into CONFIGS to run")
    parser.add_argument("--progress", type=int, default=0, help="report every N games")
    args = parser.parse_args()
    chosen = args.only if args.only is not None else range(len(CONFIGS))
    for spec in (CONFIGS[i] for i in chosen):
        start, decisions = time.perf_counter(), 0
        for n, seed in enumerate(range(args.first_seed, args.first_seed + args.games), 1):
            decisions += compare_game(spec, seed)
            if args.progress and n % args.progress == 0:
                print(f"  {spec}: {n} games, {decisions} decisions agree so far", flush=True)
        elapsed = time.perf_counter() - start
        print(
            f"{spec}: {args.games} games, {decisions} decisions agree ({elapsed:.0f} s)", flush=True
        )
    sys.exit(0)


if __name__ == "__main__":
    main()
