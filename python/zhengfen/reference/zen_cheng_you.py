"""Zen Cheng You combinations: every reading of a card multiset, values and beating.

Implements RULES.md §8 (§8.2 ranks: jokers one rank ``joker`` in groups, consecutive ranks
3..A only; §8.3 kinds; §8.4 joker groups; §8.5 bombs and straight flushes, a straight flush
being also a straight; §8.6 the order of readings) and §9 (beating: §9.1 non-bombs, §9.2 the
order of bombs).

Cards are grouped by *group rank*: 0..12 for the natural ranks 3..2, 13 for any joker. Each
``_kind`` function returns the readings of one kind as ``(rank number, length)`` pairs; in this
game a card set has at most one reading of each kind.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from zhengfen.reference.cards import BJ, NATURAL_RANKS, Cards, rank_of
from zhengfen.reference.reading import RANK_NUMBERS, Reading, rank_name

__all__ = ["BOMB_KINDS", "KINDS", "beats", "bomb_key", "kind_readings", "readings"]

#: The kinds in the order ``classify`` lists them (§8.6); the bombs first.
KINDS: tuple[str, ...] = (
    "straight_flush", "bomb", "straight", "full_house_seq", "full_house",
    "triple_seq", "triple", "pair_seq", "pair", "single",
)  # fmt: skip
#: The bomb kinds (§8.5).
BOMB_KINDS = frozenset({"bomb", "straight_flush"})
_JOKER = 13  # the group rank of every joker (§8.2)
_TOP_RUN_RANK = NATURAL_RANKS.index("A")  # runs use 3..A only (§8.2)
_JOKER_BOMB_LENGTH = 6  # the four jokers count as six of a kind (§8.5)

Found = tuple[int, int]  # (rank number, length)


class _Shape:
    """Group-rank counts and suits of a card multiset."""

    def __init__(self, indices: tuple[int, ...]) -> None:
        self.size = len(indices)
        self.counts = Counter(min(index // 4, _JOKER) for index in indices)
        self.suits = {index % 4 if index < BJ else None for index in indices}

    def run(self, per_rank: int) -> list[Found]:
        """Consecutive ranks 3..A of exactly ``per_rank`` cards each, as (top, ranks)."""
        ranks = sorted(self.counts)
        if any(self.counts[rank] != per_rank for rank in ranks):
            return []
        if not ranks or ranks[-1] > _TOP_RUN_RANK or ranks[-1] - ranks[0] != len(ranks) - 1:
            return []
        return [(ranks[-1], len(ranks))]


def _single(shape: _Shape, indices: tuple[int, ...]) -> list[Found]:
    """A single: the card's rank, BJ below RJ (§8.3)."""
    return [(rank_of(indices[0]), 1)] if shape.size == 1 else []


def _group(shape: _Shape, size: int) -> list[Found]:
    """A pair or a triple: ``size`` cards of one group rank, jokers one rank (§8.2-§8.4)."""
    if shape.size != size or len(shape.counts) != 1:
        return []
    return [(next(iter(shape.counts)), 1)]


def _sequence(shape: _Shape, per_rank: int) -> list[Found]:
    """pair_seq / triple_seq: two or more consecutive ranks 3..A, ``per_rank`` cards each."""
    found = shape.run(per_rank)
    return found if found and found[0][1] >= 2 else []


def _straight(shape: _Shape) -> list[Found]:
    """Five or more consecutive ranks 3..A, one card each, any suits (§8.3)."""
    found = shape.run(1)
    return found if found and found[0][1] >= 5 else []


def _straight_flush(shape: _Shape) -> list[Found]:
    """A straight of one suit (§8.5)."""
    return _straight(shape) if len(shape.suits) == 1 else []


def _bomb(shape: _Shape) -> list[Found]:
    """Four or more cards of one natural rank, or the four jokers as six of a kind (§8.5)."""
    if len(shape.counts) != 1 or shape.size < 4:
        return []
    (rank,) = shape.counts
    if rank == _JOKER:
        return [(_JOKER, _JOKER_BOMB_LENGTH)] if shape.size == 4 else []
    return [(rank, shape.size)]


def _full_house(shape: _Shape) -> list[Found]:
    """A triple of rank T plus a pair of another rank, jokers one rank (§8.3, §8.4)."""
    if shape.size != 5 or sorted(shape.counts.values()) != [2, 3]:
        return []
    return [next((rank, 1) for rank, count in shape.counts.items() if count == 3)]


def _full_house_seq(shape: _Shape) -> list[Found]:
    """N >= 2 consecutive triples 3..A plus N pairs of ranks not among the triples' (§8.3).

    The triples are exactly the ranks held three times; every other rank gives pairs (an even
    count). Four jokers are only the bomb (§8.2), so at most one jokers' pair.
    """
    triples = sorted(rank for rank, count in shape.counts.items() if count == 3)
    others = [count for rank, count in shape.counts.items() if count != 3]
    if len(triples) < 2 or triples[-1] > _TOP_RUN_RANK:
        return []
    if triples[-1] - triples[0] != len(triples) - 1:
        return []
    if any(count % 2 for count in others) or shape.counts.get(_JOKER, 0) > 2:
        return []
    if sum(others) != 2 * len(triples):
        return []
    return [(triples[-1], len(triples))]


_MULTI_CARD: dict[str, Callable[[_Shape], list[Found]]] = {
    "straight_flush": _straight_flush,
    "bomb": _bomb,
    "straight": _straight,
    "full_house_seq": _full_house_seq,
    "full_house": _full_house,
    "triple_seq": lambda shape: _sequence(shape, 3),
    "triple": lambda shape: _group(shape, 3),
    "pair_seq": lambda shape: _sequence(shape, 2),
    "pair": lambda shape: _group(shape, 2),
}


def _kind_values(indices: tuple[int, ...], kind: str) -> list[Found]:
    """The readings of one kind as (rank number, length)."""
    shape = _Shape(indices)
    if kind == "single":
        return _single(shape, indices)
    return _MULTI_CARD[kind](shape)


def kind_readings(cards: Cards, kind: str) -> list[Reading]:
    """Every reading of ``cards`` as ``kind`` (at most one in this game, §8).

    >>> kind_readings(Cards("3c 3d Qc Qh 5c 5d 5h 6c 6d 6s", decks=2), "full_house_seq")
    [<Reading full_house_seq 6 2: 3c 3d 5c 5d 5h 6c 6d 6s Qc Qh>]
    >>> kind_readings(Cards("BJ RJ RJ 7c 7c", decks=2), "full_house")
    [<Reading full_house joker 1: 7c 7c BJ RJ RJ>]
    """
    joker_group = kind != "single"
    return [
        Reading(kind, rank_name(rank, joker_group), length, cards)
        for rank, length in _kind_values(cards.indices, kind)
    ]


def readings(cards: Cards) -> list[Reading]:
    """Every reading of a card multiset in the order of §8.6; ``[]`` when it has none.

    >>> [str(c) for c in readings(Cards("5h 6h 7h 8h 9h"))]
    ['straight_flush 9 5: 5h 6h 7h 8h 9h', 'straight 9 5: 5h 6h 7h 8h 9h']
    """
    if not cards.indices:
        return []
    return [combo for kind in KINDS for combo in kind_readings(cards, kind)]


def bomb_key(combo: Reading) -> tuple[int, int, int]:
    """The order of bombs (§9.2): card count (four jokers 6), then straight flush, then rank.

    >>> bomb_key(Reading("bomb", "joker", 6, Cards("BJ BJ RJ RJ", decks=2)))
    (6, 0, 13)
    """
    return (combo.length, int(combo.kind == "straight_flush"), RANK_NUMBERS[combo.rank])


def beats(challenger: Reading, table: Reading) -> bool:
    """Whether ``challenger`` may follow ``table`` (§9.1, §9.2); both must be ZCY readings.

    >>> pair = Reading("pair", "joker", 1, Cards("BJ BJ", decks=2))
    >>> beats(Reading("pair", "joker", 1, Cards("RJ RJ", decks=2)), pair)
    False
    >>> beats(Reading("bomb", "3", 4, Cards("3c 3c 3d 3d", decks=2)), pair)
    True
    """
    if challenger.kind in BOMB_KINDS or table.kind in BOMB_KINDS:
        if table.kind not in BOMB_KINDS:
            return True
        return challenger.kind in BOMB_KINDS and bomb_key(challenger) > bomb_key(table)
    return (
        challenger.kind == table.kind
        and challenger.length == table.length
        and RANK_NUMBERS[challenger.rank] > RANK_NUMBERS[table.rank]
    )
