"""Zheng Fen combinations: every reading of a card set, values and beating.

Implements RULES.md §4 (kinds and readings: §4.2 wild jokers, §4.3 singles, §4.4 pairs,
triples and fours, §4.5 sequences without wrap, §4.6 full houses and their kickers, §4.7
straight flushes, §4.8-§4.9 specials, §4.10 the order of readings) and §5 (values and
beating: §5.1, §5.2, §5.3).

A reading is computed from the card indices alone (§1.4). Each ``_kind`` function below
returns the readings of one kind as ``(rank number, length)`` pairs, highest value first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from zhengfen.reference.cards import BJ, NATURAL_RANKS, Cards, rank_of
from zhengfen.reference.reading import RANK_NUMBERS, Reading, rank_name

__all__ = ["KINDS", "SPECIALS", "beats", "kind_readings", "readings", "value"]

#: The kinds in the order ``classify`` lists them (§4.10).
KINDS: tuple[str, ...] = (
    "special", "straight_flush", "four_seq", "triple_seq", "pair_seq",
    "full_house", "four", "triple", "pair", "single",
)  # fmt: skip
#: The specials, lowest first (§4.9).
SPECIALS: tuple[str, ...] = ("mixed_5_10_k", "suited_5_10_k", "four_twos")
_SEQUENCE_GROUP = {"pair_seq": 2, "triple_seq": 3, "four_seq": 4}
_GROUP_SIZE = {"pair": 2, "triple": 3, "four": 4}
_RANK_TWO = NATURAL_RANKS.index("2")
_RANK_THREE = NATURAL_RANKS.index("3")
_POINT_RANKS = frozenset(NATURAL_RANKS.index(name) for name in ("5", "10", "K"))
_FIVE_TEN_KING = (NATURAL_RANKS.index("5"), NATURAL_RANKS.index("10"), NATURAL_RANKS.index("K"))
_TOP_RANK = len(NATURAL_RANKS) - 1

Found = tuple[int, int]  # (rank number, length); for specials the rank number is the tier


class _Shape:
    """The naturals and the joker count of a card set, as the kinds need them."""

    def __init__(self, indices: tuple[int, ...]) -> None:
        self.size = len(indices)
        self.naturals = [index for index in indices if index < BJ]
        self.jokers = self.size - len(self.naturals)
        self.counts = Counter(index // 4 for index in self.naturals)


def _windows(shape: _Shape, length: int) -> list[int]:
    """Tops of every run of ``length`` ranks in 3..2 (no wrap) holding every natural rank."""
    low = min(shape.counts, default=_TOP_RANK)
    high = max(shape.counts, default=0)
    tops = range(max(high, length - 1), min(low + length - 1, _TOP_RANK) + 1)
    return sorted(tops, reverse=True)


def _single(shape: _Shape, indices: tuple[int, ...]) -> list[Found]:
    """§4.3: one card, its own rank (jokers BJ, RJ)."""
    return [(rank_of(indices[0]), 1)] if shape.size == 1 else []


def _group(shape: _Shape, size: int) -> list[Found]:
    """§4.4: ``size`` cards of one natural rank, jokers standing in; four 2s are no ``four``."""
    if shape.size != size or len(shape.counts) > 1:
        return []
    if not shape.counts:  # only jokers: a group of every rank (§4.10)
        return [(rank, 1) for rank in range(_TOP_RANK, -1, -1)]
    (rank,) = shape.counts
    if size == 4 and rank == _RANK_TWO and shape.jokers == 0:
        return []  # the special four_twos (§4.4, §4.9)
    return [(rank, 1)]


def _sequence(shape: _Shape, group: int) -> list[Found]:
    """§4.5: three or more consecutive groups of ``group`` cards, 3..2 without wrap."""
    length, rest = divmod(shape.size, group)
    if rest or length < 3 or any(count > group for count in shape.counts.values()):
        return []
    return [(top, length) for top in _windows(shape, length)]


def _straight_flush(shape: _Shape) -> list[Found]:
    """§4.7: five or more consecutive cards of one suit, jokers standing in, no wrap."""
    suits = {index % 4 for index in shape.naturals}
    if shape.size < 5 or len(suits) > 1 or any(count > 1 for count in shape.counts.values()):
        return []
    return [(top, shape.size) for top in _windows(shape, shape.size)]


def _kickers_match(first: int, second: int) -> bool:
    """§4.6 (a)-(d) for two natural kickers given by card index."""
    rank_a, rank_b = first // 4, second // 4
    return (
        rank_a == rank_b  # (a) a pair
        or (first % 4 == second % 4 and abs(rank_a - rank_b) == 1)  # (b) suited, adjacent
        or _RANK_THREE in (rank_a, rank_b)  # (c) a 3 and any card
        or (rank_a in _POINT_RANKS and rank_b in _POINT_RANKS)  # (d) two point cards
    )


def _full_house(shape: _Shape) -> list[Found]:
    """§4.6: a triple of rank T (naturals of T plus jokers) and two kickers not of rank T."""
    if shape.size != 5:
        return []
    found = []
    for triple_rank in range(_TOP_RANK, -1, -1):
        in_triple = shape.counts.get(triple_rank, 0)
        jokers_in_triple = 3 - in_triple
        if jokers_in_triple < 0 or jokers_in_triple > shape.jokers:
            continue
        kickers = [index for index in shape.naturals if index // 4 != triple_rank]
        # A joker kicker can always meet (a) or (c) (§4.6).
        if len(kickers) < 2 or _kickers_match(kickers[0], kickers[1]):
            found.append((triple_rank, 1))
    return found


def _special(shape: _Shape) -> list[Found]:
    """§4.8-§4.9: four 2s, a suited or a mixed 5-10-K; naturals only."""
    if shape.jokers:
        return []
    ranks = sorted(index // 4 for index in shape.naturals)
    if ranks == [_RANK_TWO] * 4:
        return [(SPECIALS.index("four_twos"), 1)]
    if tuple(ranks) == _FIVE_TEN_KING:
        suited = len({index % 4 for index in shape.naturals}) == 1
        return [(SPECIALS.index("suited_5_10_k" if suited else "mixed_5_10_k"), 1)]
    return []


_MULTI_CARD: dict[str, Callable[[_Shape], list[Found]]] = {
    "special": _special,
    "straight_flush": _straight_flush,
    "four_seq": lambda shape: _sequence(shape, 4),
    "triple_seq": lambda shape: _sequence(shape, 3),
    "pair_seq": lambda shape: _sequence(shape, 2),
    "full_house": _full_house,
    "four": lambda shape: _group(shape, 4),
    "triple": lambda shape: _group(shape, 3),
    "pair": lambda shape: _group(shape, 2),
}


def _kind_values(indices: tuple[int, ...], kind: str, jokers_wild: bool) -> list[Found]:
    """The readings of one kind as (rank number, length), highest first."""
    shape = _Shape(indices)
    if kind == "single":
        return _single(shape, indices)
    if shape.jokers and (kind == "special" or not jokers_wild):
        return []  # §4.2: jokers are wild only if the option is on, never in specials (§4.8)
    return _MULTI_CARD[kind](shape)


def kind_readings(cards: Cards, kind: str, jokers_wild: bool = True) -> list[Reading]:
    """Every reading of ``cards`` as ``kind``, highest value first (§4, §4.10, §5.2).

    >>> [str(c) for c in kind_readings(Cards("5h 6h 7h BJ RJ"), "full_house")]
    ['full_house 7 1: 5h 6h 7h BJ RJ', 'full_house 5 1: 5h 6h 7h BJ RJ']
    >>> kind_readings(Cards("7c BJ"), "pair", jokers_wild=False)
    []
    """
    found = _kind_values(cards.indices, kind, jokers_wild)
    if kind == "special":
        return [Reading(kind, SPECIALS[tier], length, cards) for tier, length in found]
    return [Reading(kind, rank_name(rank), length, cards) for rank, length in found]


def readings(cards: Cards, jokers_wild: bool = True) -> list[Reading]:
    """Every reading of a card set in the order of §4.10; ``[]`` when it has none.

    >>> [str(c) for c in readings(Cards("4c 4d 5c 5d BJ RJ"))]
    ['pair_seq 6 3: 4c 4d 5c 5d BJ RJ', 'pair_seq 5 3: 4c 4d 5c 5d BJ RJ']
    """
    if not cards.indices:
        return []
    return [combo for kind in KINDS for combo in kind_readings(cards, kind, jokers_wild)]


def value(combo: Reading) -> tuple[int, ...]:
    """The value of a combination within its kind (§5.2); specials by tier (§5.3).

    >>> value(Reading("pair_seq", "9", 4, Cards("6c 6d 7c 7d 8c 8d 9c 9d")))
    (6, 4)
    """
    if combo.kind == "special":
        return (SPECIALS.index(combo.rank),)
    if combo.kind in _SEQUENCE_GROUP or combo.kind == "straight_flush":
        return (RANK_NUMBERS[combo.rank], combo.length)
    return (RANK_NUMBERS[combo.rank],)


def beats(challenger: Reading, table: Reading) -> bool:
    """Whether ``challenger`` may follow ``table`` (§5.1-§5.3); both must be ZF readings.

    >>> beats(Reading("pair", "8", 1, Cards("8c 8d")), Reading("pair", "7", 1, Cards("7h BJ")))
    True
    >>> jokers, naturals = Cards("7h BJ RJ"), Cards("7c 7d 7s")
    >>> beats(Reading("triple", "7", 1, jokers), Reading("triple", "7", 1, naturals))
    False
    """
    if challenger.kind == "special" or table.kind == "special":
        if table.kind != "special":
            return True
        return challenger.kind == "special" and value(challenger) > value(table)
    return challenger.kind == table.kind and value(challenger) > value(table)
