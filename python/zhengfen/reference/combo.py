"""Combinations: the (kind, rank, length, cards) value type, its notation and the rank names.

Implements RULES.md §1.7 (combination notation ``KIND RANK LENGTH: CARDS``); the kind names
are those of §4 (Zheng Fen) and §8 (Zen Cheng You). Whether a combination is a reading of its
cards is decided by :mod:`zhengfen.reference.classify`, which :meth:`Combo.parse` uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from zhengfen.reference.cards import NATURAL_RANKS, Cards

if TYPE_CHECKING:
    from zhengfen.reference.rules import Rules

__all__ = ["RANK_NUMBERS", "Combo", "rank_name"]

#: Rank numbers (§1.1): 3..2 are 0..12, BJ 13, RJ 14; a ZCY group of jokers ``joker`` is 13
#: (§8.2: one rank above 2; it never meets BJ or RJ in one kind).
RANK_NUMBERS: dict[str, int] = {name: number for number, name in enumerate(NATURAL_RANKS)}
RANK_NUMBERS.update({"BJ": 13, "RJ": 14, "joker": 13})


def rank_name(number: int, joker_group: bool = False) -> str:
    """The name of a rank number; 13 is ``joker`` for a ZCY group of jokers, else ``BJ``.

    >>> rank_name(7), rank_name(13), rank_name(13, joker_group=True), rank_name(14)
    ('10', 'BJ', 'joker', 'RJ')
    """
    if number < len(NATURAL_RANKS):
        return NATURAL_RANKS[number]
    if joker_group:
        return "joker"
    return "BJ" if number == 13 else "RJ"


@dataclass(frozen=True, repr=False)
class Combo:
    """A combination: one reading (kind, rank, length) of a card set (§1.7, §4.10, §8.6).

    >>> combo = Combo("pair", "7", 1, Cards("7d 7c"))
    >>> combo
    <Combo pair 7 1: 7c 7d>
    >>> str(combo), combo == Combo("pair", "7", 1, Cards("7c 7d", decks=2))
    ('pair 7 1: 7c 7d', True)
    """

    kind: str
    rank: str
    length: int
    cards: Cards

    def __str__(self) -> str:
        return f"{self.kind} {self.rank} {self.length}: {self.cards}"

    def __repr__(self) -> str:
        return f"<Combo {self}>"

    @classmethod
    def parse(cls, text: str, rules: Rules) -> Combo:
        """Read ``KIND RANK LENGTH: CARDS`` (§1.7) and check it is a reading of its cards.

        >>> from zhengfen.reference.rules import Rules
        >>> Combo.parse("pair_seq 6 3: 4c 4d 5c 5d BJ RJ", Rules.zheng_fen())
        <Combo pair_seq 6 3: 4c 4d 5c 5d BJ RJ>
        >>> Combo.parse("pair 8 1: 7c 7d", Rules.zheng_fen())  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        zhengfen.errors.InvalidComboError: 'pair 8 1' is not a reading of 7c 7d (its readings: ...
        """
        # Imported here: classify builds on this module.
        from zhengfen.reference.classify import parse_combo

        return parse_combo(text, rules)
