"""The legal-move count vectors, ``tests/data/legal_moves.jsonl``: how they are made and checked.

Each line is one JSON object: the rule set (``rules``: ``game`` plus options), a ``hand`` and a
``table`` (combination notation, or null for a lead) in canonical notation, the number of legal
moves (``count``) and their digest (``digest``, RULES.md §6.3), and a ``note`` on what the entry
exercises. ``cargo test`` (``rust/zhengfen-core/tests/vectors.rs``) and pytest
(``tests/test_vectors.py``) check both implementations against the file.

The vectors come from the Rust engine (:func:`write`); :func:`disagreements` recomputes every
entry with the reference implementation. ``python tests/regenerate.py`` runs both (it writes
nothing the reference disagrees with).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import zhengfen

PATH = "legal_moves.jsonl"
"""The file, relative to ``tests/data``."""

RULE_SETS: list[dict[str, Any]] = [
    *({"game": "zheng_fen", "players": p, "jokers_wild": True} for p in (3, 4, 5, 6)),
    *({"game": "zheng_fen", "players": p, "jokers_wild": False} for p in (3, 4)),
    {"game": "zen_cheng_you"},
]

# Hands chosen to reach every kind and the joker corner cases (RULES.md §4, §8).
CRAFTED: list[tuple[dict[str, Any], str, str | None, str]] = [
    (RULE_SETS[1], "4c 4d 5c 5d 6h 6s BJ RJ", None, "§4.5 joker windows"),
    (RULE_SETS[1], "5h 6h 7h 8h 9h BJ RJ", None, "§4.7 jokers replace naturals"),
    (RULE_SETS[1], "8c 8d 8h 9c BJ RJ 3s Ah 2h", None, "§4.6 full houses, several tops"),
    (RULE_SETS[1], "2c 2d 2h 2s 5c 10c Kc 5d 10h", None, "§4.9 specials"),
    (RULE_SETS[1], "2c 2d 2h 2s 5c 10c Kc 5d 10h", "special mixed_5_10_k 1: 5s 10s Kh", "§5.3"),
    (RULE_SETS[1], "3c 3d 3h 3s 4c 4d 4h 4s 5c 5d BJ RJ", None, "§4.5 four_seq"),
    (RULE_SETS[1], "Jh Qh Kh Ah 2h BJ 10h", "straight_flush K 5: 9s 10s Js Qs Ks", "§5.2 SF"),
    (RULE_SETS[1], "6c 6d 7c 7d 8c 8d 9c 9d BJ", "pair_seq 9 3: 7h 7s 8h 8s 9h 9s", "§5.2"),
    (RULE_SETS[1], "BJ RJ 7c", "pair A 1: Ac Ad", "§4.2 two jokers"),
    (RULE_SETS[5], "BJ RJ 7c 7d 8c 8d 9c 9d", None, "§4.2 tame jokers"),
    (RULE_SETS[6], "BJ BJ RJ RJ 2c 2c 2d 2d 2h 2h", None, "§8.5 bombs"),
    (RULE_SETS[6], "BJ BJ RJ RJ 2c 2c 2d 2d 2h 2h", "bomb 2 6: 2s 2s 2h 2c 2c 2d", "§9.2"),
    (
        RULE_SETS[6],
        "3c 4c 5c 6c 7c 8c 8c 9d",
        "straight 7 5: 3d 4d 5d 6d 7h",
        "§8.5 SF as straight",
    ),
    (RULE_SETS[6], "3c 3c 3d 4c 4d 4h 5c 5d 5h Qc Qd Qh Qs", None, "§8.3 full_house_seq"),
    (
        RULE_SETS[6],
        "5c 5c 5d 6c 6d 6h BJ RJ 9c 9c",
        "full_house_seq 4 2: 3c 3d 3h 4c 4d 4h 7c 7d 8c 8d",
        "§9.1",
    ),
    (
        RULE_SETS[6],
        "Ac Ad Ah 2c 2d 2h BJ RJ RJ",
        "full_house K 1: Kc Kd Kh 3c 3d",
        "§8.4 joker groups",
    ),
    (RULE_SETS[6], "5c 5c 5d 6c 6c 6d 9c 9d BJ BJ RJ RJ", None, "§8.4 four jokers only the bomb"),
    (RULE_SETS[6], "5c 5c 5d 6c 6c 6d 9c 9d BJ BJ RJ RJ", "bomb 2 6: 2c 2c 2d 2d 2h 2h", "§9.2"),
]


def rules_of(spec: dict[str, Any], module: Any) -> Any:
    """The rule set ``spec`` in ``module`` (``zhengfen`` or the reference)."""
    options = {k: v for k, v in spec.items() if k != "game"}
    if module is zhengfen:
        return module.Rules(spec["game"], **options)
    preset = module.Rules.zheng_fen if spec["game"] == "zheng_fen" else module.Rules.zen_cheng_you
    return preset(**options)


def entry(spec: dict[str, Any], hand: str, table: str | None, note: str) -> dict[str, Any]:
    """One vector, computed by the Rust engine."""
    moves = zhengfen.legal_moves(hand, table, rules_of(spec, zhengfen))
    return {
        "rules": spec,
        "hand": hand,
        "table": table,
        "count": len(moves),
        "digest": zhengfen.move_digest(moves),
        "note": note,
    }


def dealt(spec: dict[str, Any], seed: int) -> list[dict[str, Any]]:
    """A lead and two follows from a seeded deal: tables are leads of another seat's hand."""
    rules = rules_of(spec, zhengfen)
    hands = zhengfen.deal(rules, seed)
    hand, other = hands[0], hands[1]
    out = [entry(spec, str(hand), None, f"seed {seed} lead")]
    leads = zhengfen.legal_moves(other, None, rules)
    for pick in (seed * 7919 % len(leads), seed * 104729 % len(leads)):
        out.append(entry(spec, str(hand), str(leads[pick]), f"seed {seed} follow"))
    return out


def write(path: Path) -> int:
    """Writes every vector to ``path``, one JSON object a line; returns how many."""
    vectors = [entry(*crafted) for crafted in CRAFTED]
    for spec in RULE_SETS:
        for seed in range(10):
            vectors.extend(dealt(spec, seed))
    with path.open("w", encoding="utf-8") as f:
        for vector in vectors:
            f.write(json.dumps(vector, ensure_ascii=False) + "\n")
    return len(vectors)


def disagreements(path: Path, reference: Any) -> Iterator[str]:
    """Each vector of ``path`` whose count or digest the ``reference`` module computes
    otherwise, with the moves only one side lists."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        vector = json.loads(line)
        rules = rules_of(vector["rules"], reference)
        moves = reference.legal_moves(vector["hand"], vector["table"], rules)
        if (len(moves), reference.move_digest(moves)) != (vector["count"], vector["digest"]):
            ours = {
                str(m)
                for m in zhengfen.legal_moves(
                    vector["hand"], vector["table"], rules_of(vector["rules"], zhengfen)
                )
            }
            theirs = {str(m) for m in moves}
            yield (
                f"{PATH} line {number} ({vector['note']}): only in Rust {sorted(ours - theirs)[:3]}"
                f", only in the reference {sorted(theirs - ours)[:3]}"
            )
