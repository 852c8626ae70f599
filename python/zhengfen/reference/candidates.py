"""Structural enumeration of the card sets a hand could play, kind by kind.

Used by :mod:`zhengfen.reference.moves` for RULES.md §6.1 and §10: for each kind it lists,
without trying every subset of the hand, every sub-multiset of the hand (§1.5) that might be
read as that kind: groups of one rank (§4.4, §8.3), windows of consecutive ranks (§4.5,
§4.7, §8.2, §8.3, §8.5), triples with kickers or pairs (§4.6, §8.3), specials (§4.9) and
bombs (§8.5). Wild jokers (§4.2) fill missing cards. The lists may hold card sets that are
no reading of the kind, and may repeat a set; the caller classifies and de-duplicates.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import accumulate, combinations, product

from zhengfen.reference.cards import BJ, NATURAL_RANKS

__all__ = ["Holdings", "sub_multisets", "zen_cheng_you_candidates", "zheng_fen_candidates"]

CardSet = tuple[int, ...]  # sorted card indices, a card held twice listed twice

_TOP = len(NATURAL_RANKS) - 1  # rank 2, the top of a Zheng Fen sequence (§4.5)
_TOP_RUN = NATURAL_RANKS.index("A")  # the top of a Zen Cheng You run (§8.2)
_FIVE, _TEN, _KING, _TWO = (NATURAL_RANKS.index(name) for name in ("5", "10", "K", "2"))
_GROUP_SIZE = {"pair": 2, "triple": 3, "four": 4}
_SEQUENCE_GROUP = {"pair_seq": 2, "triple_seq": 3, "four_seq": 4}


class Holdings:
    """A hand sorted by rank: the naturals of each rank 3..2, and the jokers.

    >>> Holdings((0, 0, 5, 52)).by_rank[:2], Holdings((0, 0, 5, 52)).jokers
    ([[0, 0], [5]], [52])
    """

    def __init__(self, indices: Sequence[int]) -> None:
        self.indices = tuple(sorted(indices))
        self.by_rank: list[list[int]] = [[] for _ in NATURAL_RANKS]
        self.jokers: list[int] = []
        for index in self.indices:
            (self.jokers if index >= BJ else self.by_rank[index // 4]).append(index)

    def suited(self, suit: int) -> list[list[int]]:
        """The naturals of one suit, per rank."""
        return [[index for index in cards if index % 4 == suit] for cards in self.by_rank]


def sub_multisets(items: Sequence[int], size: int) -> list[CardSet]:
    """The distinct sub-multisets of ``size`` elements of a multiset, each sorted.

    >>> sub_multisets([4, 4, 5], 2)
    [(4, 4), (4, 5)]
    """
    return sorted(set(combinations(sorted(items), size)))


def _runs(pools: Sequence[Sequence[int]], group: int, jokers: Sequence[int]) -> Iterator[CardSet]:
    """Card sets of ``group`` cards per rank, naturals drawn from ``pools[i]`` for the i-th rank
    of a run and jokers (drawn from ``jokers``) filling the rest.

    >>> list(_runs([[0], [4, 5]], 2, [52]))
    [(0, 4, 5, 52)]
    """
    shortfall = [max(0, group - len(pool)) for pool in pools]
    after = [*list(accumulate(reversed(shortfall)))[::-1][1:], 0]  # least jokers, ranks i+1..

    def fill(i: int, chosen: CardSet, needed: int) -> Iterator[CardSet]:
        if i == len(pools):
            for extra in sub_multisets(jokers, needed):
                yield tuple(sorted(chosen + extra))
            return
        for taken in range(min(group, len(pools[i])), -1, -1):
            if needed + group - taken + after[i] > len(jokers):
                break
            for part in sub_multisets(pools[i], taken):
                yield from fill(i + 1, chosen + part, needed + group - taken)

    yield from fill(0, (), 0)


def _windows(
    pools: Sequence[Sequence[int]], group: int, shortest: int, top: int, jokers: int
) -> Iterator[tuple[int, int]]:
    """Runs ``low..high`` of at least ``shortest`` ranks in ``0..top`` whose missing cards
    (``group`` per rank) the jokers can fill."""
    for low in range(top + 1):
        missing = 0
        for high in range(low, top + 1):
            missing += max(0, group - len(pools[high]))
            if missing > jokers:
                break
            if high - low + 1 >= shortest:
                yield low, high


def _sequences(
    pools: Sequence[Sequence[int]], group: int, shortest: int, top: int, jokers: Sequence[int]
) -> Iterator[CardSet]:
    """Every run of ``shortest`` or more ranks up to ``top``, ``group`` cards per rank."""
    for low, high in _windows(pools, group, shortest, top, len(jokers)):
        yield from _runs(pools[low : high + 1], group, jokers)


def _without(cards: Sequence[int], taken: Sequence[int]) -> list[int]:
    """The multiset ``cards`` less the multiset ``taken``."""
    rest = list(cards)
    for index in taken:
        rest.remove(index)
    return rest


# --- Zheng Fen (§4) -------------------------------------------------------------------------


def _zf_full_houses(hand: Holdings, jokers: Sequence[int]) -> Iterator[CardSet]:
    """§4.6: a triple of rank T (naturals plus jokers) and any two cards not of rank T."""
    usable = [index for index in hand.indices if index < BJ] + list(jokers)
    for rank, naturals in enumerate(hand.by_rank):
        others = [index for index in usable if index >= BJ or index // 4 != rank]
        for triple in _runs([naturals], 3, jokers):
            rest = _without(others, [index for index in triple if index >= BJ])
            for kickers in sub_multisets(rest, 2):
                yield tuple(sorted(triple + kickers))


def _zf_specials(hand: Holdings) -> Iterator[CardSet]:
    """§4.9: the four 2s; a 5, a 10 and a K of any suits."""
    if len(set(hand.by_rank[_TWO])) == 4:
        yield tuple(sorted(set(hand.by_rank[_TWO])))
    yield from product(hand.by_rank[_FIVE], hand.by_rank[_TEN], hand.by_rank[_KING])


def zheng_fen_candidates(hand: Holdings, kind: str, jokers_wild: bool) -> Iterator[CardSet]:
    """Card sets of the hand that may read as ``kind`` in Zheng Fen (§4).

    >>> sorted(zheng_fen_candidates(Holdings((16, 17, 52)), "pair", True))
    [(16, 17), (16, 52), (17, 52)]
    """
    jokers = hand.jokers if jokers_wild else []
    if kind == "single":
        yield from ((index,) for index in sorted(set(hand.indices)))
    elif kind in _GROUP_SIZE:
        for naturals in hand.by_rank:
            yield from _runs([naturals], _GROUP_SIZE[kind], jokers)
    elif kind in _SEQUENCE_GROUP:
        yield from _sequences(hand.by_rank, _SEQUENCE_GROUP[kind], 3, _TOP, jokers)
    elif kind == "straight_flush":
        for suit in range(4):
            yield from _sequences(hand.suited(suit), 1, 5, _TOP, jokers)
    elif kind == "full_house":
        yield from _zf_full_houses(hand, jokers)
    elif kind == "special":
        yield from _zf_specials(hand)
    else:
        raise ValueError(f"unknown Zheng Fen kind {kind!r}")


# --- Zen Cheng You (§8) ---------------------------------------------------------------------


def _groups(hand: Holdings) -> list[list[int]]:
    """The cards by group rank: 3..2, then all jokers as one rank (§8.2, §8.4)."""
    return [*hand.by_rank, hand.jokers]


def _pair_sets(pools: Sequence[tuple[Sequence[int], int]], count: int) -> Iterator[CardSet]:
    """Every multiset of ``count`` pairs, each pair of one rank, at most ``cap`` pairs from a
    ``(pool, cap)``; several pairs may share a rank (§8.3)."""
    room = [min(cap, len(pool) // 2) for pool, cap in pools]
    after = [*list(accumulate(reversed(room)))[::-1][1:], 0]

    def fill(i: int, chosen: CardSet, needed: int) -> Iterator[CardSet]:
        if needed == 0:
            yield chosen
            return
        if i == len(pools):
            return
        for pairs in range(min(room[i], needed), -1, -1):
            if needed - pairs > after[i]:
                break
            for part in sub_multisets(pools[i][0], 2 * pairs):
                yield from fill(i + 1, chosen + part, needed - pairs)

    yield from fill(0, (), count)


def _zcy_full_house_seqs(hand: Holdings) -> Iterator[CardSet]:
    """§8.3: N >= 2 consecutive triples 3..A plus N pairs of ranks not among the triples'.

    Four jokers are only the bomb (§8.2): at most one jokers' pair."""
    groups = _groups(hand)
    caps = [len(cards) for cards in hand.by_rank] + [1]  # pairs per rank; one jokers' pair
    for low, high in _windows(hand.by_rank, 3, 2, _TOP_RUN, 0):
        pools = [
            (groups[rank], caps[rank]) for rank in range(len(groups)) if not low <= rank <= high
        ]
        pair_sets = list(_pair_sets(pools, high - low + 1))
        for triples in _runs(hand.by_rank[low : high + 1], 3, []):
            for pairs in pair_sets:
                yield tuple(sorted(triples + pairs))


def _zcy_full_houses(hand: Holdings) -> Iterator[CardSet]:
    """§8.3, §8.4: a triple of one group rank and a pair of another."""
    groups = _groups(hand)
    for triple_rank, triple_pool in enumerate(groups):
        for triple in sub_multisets(triple_pool, 3):
            for pair_rank, pair_pool in enumerate(groups):
                if pair_rank != triple_rank:
                    for pair in sub_multisets(pair_pool, 2):
                        yield tuple(sorted(triple + pair))


def _zcy_bombs(hand: Holdings) -> Iterator[CardSet]:
    """§8.5: four or more of one natural rank; the four jokers."""
    for cards in hand.by_rank:
        for size in range(4, len(cards) + 1):
            yield from sub_multisets(cards, size)
    if len(hand.jokers) == 4:
        yield tuple(hand.jokers)


def zen_cheng_you_candidates(hand: Holdings, kind: str) -> Iterator[CardSet]:
    """Card multisets of the hand that may read as ``kind`` in Zen Cheng You (§8).

    >>> sorted(zen_cheng_you_candidates(Holdings((52, 52, 53)), "pair"))
    [(52, 52), (52, 53)]
    """
    if kind == "single":
        yield from ((index,) for index in sorted(set(hand.indices)))
    elif kind in ("pair", "triple"):
        for cards in _groups(hand):
            yield from sub_multisets(cards, _GROUP_SIZE[kind])
    elif kind in ("pair_seq", "triple_seq"):
        yield from _sequences(hand.by_rank, _SEQUENCE_GROUP[kind], 2, _TOP_RUN, [])
    elif kind == "straight":
        yield from _sequences(hand.by_rank, 1, 5, _TOP_RUN, [])
    elif kind == "straight_flush":
        for suit in range(4):
            yield from _sequences(hand.suited(suit), 1, 5, _TOP_RUN, [])
    elif kind == "full_house":
        yield from _zcy_full_houses(hand)
    elif kind == "full_house_seq":
        yield from _zcy_full_house_seqs(hand)
    elif kind == "bomb":
        yield from _zcy_bombs(hand)
    else:
        raise ValueError(f"unknown Zen Cheng You kind {kind!r}")
