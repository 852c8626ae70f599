"""The shape of a conformance case (CONFORMANCE.md §2): a named list of steps, each a protocol
request and the answer expected, with the rule sets the cases play and what a game state is
checked by (:func:`summarize`)."""

from __future__ import annotations

import json
from typing import Any

import zhengfen

ZF: dict[str, Any] = {"game": "zheng_fen"}
ZF_TAME: dict[str, Any] = {"game": "zheng_fen", "jokers_wild": False}
ZCY: dict[str, Any] = {"game": "zen_cheng_you"}
RULE_SETS: list[dict[str, Any]] = [
    {"game": "zheng_fen", "players": 3},
    ZF,
    {"game": "zheng_fen", "players": 5},
    {"game": "zheng_fen", "players": 6},
    ZF_TAME,
    ZCY,
]


def summarize(state: dict[str, Any], full: bool) -> dict[str, Any]:
    """What a game state is checked by: legal moves by count and digest (RULES.md §6.3)."""
    moves = state["legal_moves"]
    summary = {k: v for k, v in state.items() if k not in ("legal_moves", "history", "hands")}
    summary["legal_count"] = len(moves)
    summary["legal_digest"] = zhengfen.move_digest(moves)
    if full:
        summary["history"] = state["history"]
        summary["hands"] = state["hands"]
    return summary


def step(request: dict[str, Any]) -> dict[str, Any]:
    return {"request": request}


def case(name: str, sections: str, *steps: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "rules_sections": sections, "steps": list(steps)}


def make_rules(spec: dict[str, Any]) -> zhengfen.Rules:
    """The Rust rule set of a protocol ``rules`` object ``{"game": …, option: value, …}``."""
    options = {k: v for k, v in spec.items() if k != "game"}
    rules: zhengfen.Rules = getattr(zhengfen.Rules, spec["game"])(**options)
    return rules


def strongest(cards: str, rules: dict[str, Any]) -> str:
    return str(zhengfen.classify(cards, make_rules(rules))[0])


def printable(text: str) -> str:
    """``text`` for a case name: as it is, or with JSON escapes if it holds a tab, a line end or
    another character that does not print."""
    return text if text.isprintable() else json.dumps(text)[1:-1]
