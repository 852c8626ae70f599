"""Why a card set is no combination: the reason of RULES.md §4.11 (Zheng Fen) or §8.7 (Zen
Cheng You), the first of its list that applies. Only the reason's name is given here: the
words a person reads are the core's.

>>> from zhengfen.reference.rules import Rules
>>> no_reading("3h 4c 5c 6s RJ", Rules.zheng_fen())
'straight_suits'
>>> no_reading("J Q K A 2".replace(" ", "c ") + "c", Rules.zen_cheng_you())
'straight_top'
>>> no_reading("7c BJ", Rules.zheng_fen()) is None
True
"""

from __future__ import annotations

from collections import Counter

from zhengfen.reference.cards import NATURAL_RANKS, Cards, rank_of, suit_of
from zhengfen.reference.classify import classify
from zhengfen.reference.combo import as_cards
from zhengfen.reference.rules import ZHENG_FEN, Rules

__all__ = ["no_reading"]

_TWO = NATURAL_RANKS.index("2")
_FIVE_TEN_KING = {NATURAL_RANKS.index(name) for name in ("5", "10", "K")}
_JOKER = 13
"""The rank the jokers share in Zen Cheng You's combinations (§8.2)."""


def no_reading(cards: Cards | str, rules: Rules) -> str | None:
    """The name of the reason ``cards`` has no reading, ``None`` when it has one."""
    card_set = as_cards(cards, rules)
    if classify(card_set, rules):
        return None
    if rules.game == ZHENG_FEN:
        return _zheng_fen(card_set, rules.jokers_wild)
    return _zen_cheng_you(card_set)


def _zheng_fen(cards: Cards, wild: bool) -> str:
    """§4.11, items 1 to 8."""
    n = len(cards)
    naturals = [i for i in cards.indices if suit_of(i) is not None]
    jokers = n - len(naturals)
    ranks = [rank_of(i) for i in naturals]
    different = len(set(ranks)) == len(ranks)
    one_suit = len({suit_of(i) for i in naturals}) <= 1
    within = n <= 13 and (not ranks or max(ranks) - min(ranks) < n)
    if n == 0:
        return "empty"
    if not wild and jokers:
        return "jokers_tame"
    if n == 3 and jokers == 1 and different and set(ranks) <= _FIVE_TEN_KING:
        return "special_joker"
    if n <= 4:
        return "one_rank"
    if different and within and not one_suit:
        return "straight_suits"
    if different and one_suit and not within:
        return "straight_gaps"
    if n == 5 and any(count + jokers >= 3 for count in Counter(ranks).values()):
        return "full_house_kickers"
    return "no_shape"


def _zen_cheng_you(cards: Cards) -> str:
    """§8.7, items 1 to 5: the jokers are one rank."""
    n = len(cards)
    ranks = [_JOKER if suit_of(i) is None else rank_of(i) for i in cards.indices]
    different = len(set(ranks)) == n
    low = sorted(r for r in ranks if r < _TWO)  # the ranks 3..A
    consecutive = not low or low[-1] - low[0] == len(low) - 1
    if n == 0:
        return "empty"
    if n <= 3:
        return "one_rank"
    if n >= 5 and different and len(low) < n and consecutive:
        return "straight_top"
    if n >= 5 and different and len(low) == n and not consecutive:
        return "straight_gaps"
    return "no_shape"
