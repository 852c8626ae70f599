"""A reading of a card set: the (kind, rank, length, cards) record the two games' classifiers
produce and compare (RULES.md §4.10, §8.6), and the rank numbers and names (§1.1, §8.2).

The public combination type, a reading with its notation read and checked, is
:class:`zhengfen.reference.combo.Combo`; the games build on this module, the type on them.
"""

from __future__ import annotations

from dataclasses import dataclass

from zhengfen.reference.cards import NATURAL_RANKS, Cards

__all__ = ["RANK_NUMBERS", "Reading", "rank_name"]

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
class Reading:
    """One reading (kind, rank, length) of a card set (§1.7, §4.10, §8.6), written in the
    notation ``KIND RANK LENGTH: CARDS``.

    >>> Reading("pair", "7", 1, Cards("7d 7c"))
    <Reading pair 7 1: 7c 7d>
    """

    kind: str
    rank: str
    length: int
    cards: Cards

    def __str__(self) -> str:
        return f"{self.kind} {self.rank} {self.length}: {self.cards}"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"
