"""Legal moves: every play a hand may make on a table, and the digest of a move list.

Implements RULES.md §6.1 (leading and following), §6.2 (each card set once per kind, at its
highest legal value), §6.3 (the digest) and §10 (the same for Zen Cheng You, with its kinds,
a straight flush listed both as ``straight_flush`` and as ``straight``). Card sets come from
:mod:`zhengfen.reference.candidates`; whether they read as a kind, and at which values, is
decided by the game's classifier, so a move is exactly a reading ``classify`` gives.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator

from zhengfen.errors import InvalidCardsError
from zhengfen.reference import zen_cheng_you, zheng_fen
from zhengfen.reference.candidates import (
    CardSet,
    Holdings,
    zen_cheng_you_candidates,
    zheng_fen_candidates,
)
from zhengfen.reference.cards import Cards
from zhengfen.reference.classify import as_combo
from zhengfen.reference.combo import Combo, as_cards, kind_readings, kinds
from zhengfen.reference.rules import ZHENG_FEN, Rules

__all__ = ["MAX_HAND", "legal_moves", "move_digest"]

#: The largest hand legal_moves accepts: a Zen Cheng You deal (§8.1).
MAX_HAND = 27


def _kinds_to_try(table: Combo | None, rules: Rules) -> tuple[str, ...]:
    """The kinds that can be played: all when leading; else the table's kind and what beats
    every kind: specials (§5.3) or bombs (§9.2)."""
    if table is None:
        return kinds(rules)
    if rules.game == ZHENG_FEN:
        return ("special",) if table.kind == "special" else (table.kind, "special")
    bombs = ("straight_flush", "bomb")
    return bombs if table.kind in zen_cheng_you.BOMB_KINDS else (table.kind, *bombs)


def _candidates(hand: Holdings, kind: str, rules: Rules) -> Iterator[CardSet]:
    if rules.game == ZHENG_FEN:
        return zheng_fen_candidates(hand, kind, rules.jokers_wild)
    return zen_cheng_you_candidates(hand, kind)


def _beats(challenger: Combo, table: Combo, rules: Rules) -> bool:
    if rules.game == ZHENG_FEN:
        return zheng_fen.beats(challenger, table)
    return zen_cheng_you.beats(challenger, table)


def _best_legal(cards: Cards, kind: str, table: Combo | None, rules: Rules) -> Combo | None:
    """The highest reading of ``cards`` as ``kind`` that may be played on ``table`` (§6.2)."""
    for reading in kind_readings(cards, kind, rules):  # highest value first
        if table is None or _beats(reading, table, rules):
            return reading
    return None


def legal_moves(hand: Cards | str, table: Combo | str | None, rules: Rules) -> list[Combo]:
    """Every legal play of ``hand``: leads if ``table`` is None, else plays beating it (§6, §10).

    Each card set appears once per kind it reads as, at its highest legal value; the order of
    the list is unspecified. The pass is not listed.

    >>> zf = Rules.zheng_fen()
    >>> sorted(str(m) for m in legal_moves("BJ RJ", None, zf))
    ['pair 2 1: BJ RJ', 'single BJ 1: BJ', 'single RJ 1: RJ']
    >>> [str(m) for m in legal_moves("4c 4d 5c 5d BJ RJ", None, zf) if m.kind == "pair_seq"]
    ['pair_seq 6 3: 4c 4d 5c 5d BJ RJ']
    >>> sorted(str(m) for m in legal_moves("Kc Kd 2h", "pair Q 1: Qc Qd", zf))
    ['pair K 1: Kc Kd']
    """
    cards = as_cards(hand, rules)
    if len(cards) > MAX_HAND:
        raise InvalidCardsError(f"a hand holds at most {MAX_HAND} cards, got {len(cards)}")
    on_table = None if table is None else as_combo(table, rules)
    holdings = Holdings(cards.indices)
    moves: list[Combo] = []
    for kind in _kinds_to_try(on_table, rules):
        seen: set[CardSet] = set()
        for indices in _candidates(holdings, kind, rules):
            if indices not in seen:
                seen.add(indices)
                move = _best_legal(Cards.from_indices(indices, rules.decks), kind, on_table, rules)
                if move is not None:
                    moves.append(move)
    return moves


def move_digest(moves: Iterable[Combo]) -> str:
    """The digest of a move list (§6.3): notations sorted by bytes, joined by newlines,
    first 16 hex digits of their SHA-256.

    >>> move_digest([])
    'e3b0c44298fc1c14'
    >>> zf = Rules.zheng_fen()
    >>> move_digest(legal_moves("3c 3d", None, zf)) == move_digest(
    ...     reversed(legal_moves("3c 3d", None, zf)))
    True
    """
    lines = sorted(str(move).encode("utf-8") for move in moves)
    return hashlib.sha256(b"\n".join(lines)).hexdigest()[:16]
