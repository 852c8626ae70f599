"""The golden transcripts of ``tests/data/playthroughs/``: how they are made and checked.

:func:`write` plays them with the Rust engine: every position of
:mod:`zhengfen.conformance.scenarios` and a few seeded games played with seeded random moves.
:func:`disagreements` replays each with the reference implementation. ``python
tests/regenerate.py`` runs both (it writes nothing the reference disagrees with).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import zhengfen
from playthroughs import parse, start, transcript
from zhengfen.conformance.scenarios import SCENARIOS

PATH = "playthroughs"
"""The folder, relative to ``tests/data``."""

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


def write(folder: Path) -> int:
    """Writes every transcript into ``folder``, one file each; returns how many."""
    games = [
        (s.name, s.rules, {"hands": s.hands, "leader": s.leader}, s.decisions) for s in SCENARIOS
    ]
    for title, rules_spec, seed, matches in SEEDED:
        games.append(
            (title, rules_spec, {"seed": seed}, random_decisions(rules_spec, seed, matches))
        )
    folder.mkdir(parents=True, exist_ok=True)
    for title, rules_spec, setup, decisions in games:
        name = re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_")
        text = transcript(zhengfen, title, rules_spec, setup, decisions)
        (folder / f"{name}.txt").write_text(text, encoding="utf-8")
    return len(games)


def disagreements(folder: Path, reference: Any) -> Iterator[str]:
    """Each transcript of ``folder`` that the ``reference`` module does not reproduce."""
    for path in sorted(folder.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        try:
            again = transcript(reference, *parse(text))
        except ValueError as error:
            again = f"the reference refused a decision: {error}"
        if again != text:
            yield f"{PATH}/{path.name}: the reference does not reproduce it"
