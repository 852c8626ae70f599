"""Regenerates the golden transcripts in ``tests/data/playthroughs/`` from the Rust engine:
every position of ``tests/scenarios.py`` and a few seeded games played with seeded random moves.
Refuses to write a transcript the reference does not reproduce.

Run: ``python tests/generate_playthroughs.py``.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import Any

import zhengfen
from playthroughs import start, transcript
from zhengfen import reference
from zhengfen.conformance.scenarios import SCENARIOS

OUT = Path(__file__).parent / "data" / "playthroughs"

SEEDED: list[tuple[str, dict[str, Any], int, int]] = [
    ("zheng fen, 4 players, seed 42", {"game": "zheng_fen", "players": 4}, 42, 1),
    (
        "zheng fen, 3 players, tame jokers, seed 7",
        {"game": "zheng_fen", "players": 3, "jokers_wild": False},
        7,
        1,
    ),
    ("zheng fen, 6 players, two matches, seed 5", {"game": "zheng_fen", "players": 6}, 5, 2),
    ("zen cheng you, seed 7", {"game": "zen_cheng_you"}, 7, 1),
    (
        "zen cheng you with last chance and partner leads, seed 3",
        {"game": "zen_cheng_you", "last_chance": True, "lead_after_out": "partner"},
        3,
        1,
    ),
]


def random_decisions(rules_spec: dict[str, Any], seed: int, matches: int) -> list[str]:
    game = start(zhengfen, rules_spec, {"seed": seed})
    rng = random.Random(seed)
    decisions: list[str] = []
    for match in range(matches):
        while not game.match_over:
            move = rng.choice(sorted(str(m) for m in game.legal_moves()))
            game.play(move)
            decisions.append(move)
        if match + 1 < matches and not game.game_over:
            game.next_match()
            decisions.append("next_match")
    return decisions


def write(
    title: str, rules_spec: dict[str, Any], setup: dict[str, Any], decisions: list[str]
) -> None:
    text = transcript(zhengfen, title, rules_spec, setup, decisions)
    if transcript(reference, title, rules_spec, setup, decisions) != text:
        sys.exit(f"the reference does not reproduce '{title}'")
    name = re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_")
    (OUT / f"{name}.txt").write_text(text, encoding="utf-8")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for s in SCENARIOS:
        write(s.name, s.rules, {"hands": s.hands, "leader": s.leader}, s.decisions)
    for title, rules_spec, seed, matches in SEEDED:
        write(title, rules_spec, {"seed": seed}, random_decisions(rules_spec, seed, matches))
    print(f"wrote {len(SCENARIOS) + len(SEEDED)} transcripts to {OUT}")


if __name__ == "__main__":
    main()
