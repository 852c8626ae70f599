"""What a seat's selection of cards reads as, and why it cannot be played now (API.md,
``POST .../check`` and the reasons of ``POST .../move``): the readings, the legal moves and the
refusal all come from the engine. Only the seat's own hand is looked at, and not even that
before it has seen it (Zen Cheng You's blind declarations).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import zhengfen
from zhengfen.types import Move
from zhengfen.web import views

__all__ = ["check", "holds", "matching", "refusal", "why_not"]

Json = dict[str, Any]


def matching(moves: Sequence[Move], cards: zhengfen.Cards) -> list[int]:
    """The indices of the legal combinations made of exactly ``cards``."""
    return [i for i, m in enumerate(moves) if not isinstance(m, str) and m.cards == cards]


def holds(game: zhengfen.Game, seat: int, cards: zhengfen.Cards) -> bool:
    """Whether ``seat`` holds ``cards`` (never true before it has seen its hand: the blind
    declarations of Zen Cheng You)."""
    if game.phase == "blind_declare":
        return False
    hand = game.hand(seat)
    return all(hand.count(card) >= cards.count(card) for card in cards)


def refusal(game: zhengfen.Game, seat: int, cards: zhengfen.Cards) -> Json | None:
    """Why ``seat`` cannot play ``cards`` now, from the engine (``Game.refusal``): the reason's
    name and its words; ``None`` when a legal move plays them."""
    why = game.refusal(seat, cards)
    return None if why is None else {"refusal": why[0], "reason": why[1]}


def why_not(game: zhengfen.Game, seat: int, cards: zhengfen.Cards) -> str:
    """Why ``seat`` cannot play ``cards`` now, in the engine's words."""
    why = game.refusal(seat, cards)
    return "those cards can be played now" if why is None else why[1]


def check(game: zhengfen.Game, seat: int, cards: zhengfen.Cards) -> Json:
    """What ``cards`` read as for ``seat``, and whether they can be played now (API.md)."""
    rules = game.rules
    readings = zhengfen.classify(cards, rules) if len(cards) else []
    moves = game.legal_moves() if game.current_player == seat else []
    indices = matching(moves, cards) if len(cards) else []
    table = game.table
    beats = None
    if table is not None and readings:
        beats = any(zhengfen.beats(reading, table[0], rules) for reading in readings)
    return {
        "cards": views.cards_json(cards),
        "held": holds(game, seat, cards),
        "readings": [
            {key: views.move_json(r)[key] for key in ("text", "name", "kind")} for r in readings
        ],
        "legal": bool(indices),
        "indices": indices,
        "beats_table": beats,
        "no_reading": _no_reading(cards, rules),
        **(refusal(game, seat, cards) or {"refusal": None, "reason": None}),
    }


def _no_reading(cards: zhengfen.Cards, rules: zhengfen.Rules) -> Json | None:
    """Why a selection is no combination, in the engine's words; ``None`` when it is one."""
    why = zhengfen.no_reading(cards, rules) if len(cards) else None
    return None if why is None else {"reason": why[0], "text": why[1]}
