"""What a move given to the game stands for: a legal play, or the pass.

Implements the reading of a move of RULES.md §12.1 in phase ``play``: a Combo or a combination
notation (§1.7) is legal exactly when it is listed among the legal moves (§6.2, §10: the
current player holds its cards and it is the highest value of its kind that may be played on
the table); cards alone stand for their first legal reading in classify order (§4.10, §8.6);
``"pass"`` is legal only when following (§7.3). Used by :mod:`zhengfen.reference.game`.
"""

from __future__ import annotations

from collections import Counter
from typing import Union

from zhengfen.errors import IllegalMoveError, ZhengfenError
from zhengfen.reference import zen_cheng_you, zheng_fen
from zhengfen.reference.cards import Cards
from zhengfen.reference.classify import as_combo, classify
from zhengfen.reference.combo import Combo, as_cards, kind_readings, kinds
from zhengfen.reference.rules import ZHENG_FEN, Rules

__all__ = ["PASS", "Move", "legal_reading", "read_play", "without"]

PASS = "pass"
Move = Union[Combo, str]


def without(hand: Cards, played: Cards) -> Cards | None:
    """The hand minus the played cards, or None if the hand does not hold them all.

    >>> str(without(Cards("3c 4c 5c"), Cards("4c"))), without(Cards("3c"), Cards("4c"))
    ('3c 5c', None)
    """
    remaining = Counter(hand.indices)
    remaining.subtract(played.indices)
    if any(count < 0 for count in remaining.values()):
        return None
    return Cards.from_indices(remaining.elements(), hand.decks)


def _beats(challenger: Combo, table: Combo, rules: Rules) -> bool:
    if rules.game == ZHENG_FEN:
        return zheng_fen.beats(challenger, table)
    return zen_cheng_you.beats(challenger, table)


def legal_reading(combo: Combo, hand: Cards, table: Combo | None, rules: Rules) -> Combo | None:
    """``combo`` as listed in the legal moves (§6.2), or None if it is not there: ``hand``
    must hold its cards and it must be the highest reading of its kind that may be played on
    ``table`` (None when leading).

    >>> zf = Rules.zheng_fen()
    >>> combo = Combo.parse("pair_seq 5 3: 4c 4d 5c 5d BJ RJ", zf)
    >>> legal_reading(combo, Cards("4c 4d 5c 5d BJ RJ"), None, zf) is None  # pair_seq 6 3 is
    True
    """
    if combo.kind not in kinds(rules):
        return None
    cards = as_cards(combo.cards, rules)
    if without(hand, cards) is None:
        return None
    for reading in kind_readings(cards, combo.kind, rules):  # highest value first
        if table is None or _beats(reading, table, rules):
            return reading if reading == combo else None
    return None


def read_play(move: object, seat: int, hand: Cards, table: Combo | None, rules: Rules) -> Move:
    """The legal play (a Combo) or ``"pass"`` that ``move`` stands for, played by ``seat``
    from ``hand`` on ``table`` (None when leading); IllegalMoveError if it stands for none.

    >>> read_play("7c BJ", 0, Cards("7c BJ 3d"), None, Rules.zheng_fen())
    <Combo pair 7 1: 7c BJ>
    >>> read_play("pass", 0, Cards("3c"), None, Rules.zheng_fen())
    Traceback (most recent call last):
    ...
    zhengfen.errors.IllegalMoveError: the leader may not pass
    """
    if move == PASS:
        if table is None:
            raise IllegalMoveError("the leader may not pass")
        return PASS
    if not isinstance(move, (Combo, str)):
        raise IllegalMoveError(f"not a move: {move!r}")
    try:
        if isinstance(move, Combo) or ":" in move:
            candidates = [as_combo(move, rules)]
        else:  # cards: the first legal reading in classify order
            candidates = classify(move, rules)
        for candidate in candidates:
            legal = legal_reading(candidate, hand, table, rules)
            if legal is not None:
                return legal
    except (ZhengfenError, TypeError) as error:
        raise IllegalMoveError(f"not a move: {move!r} ({error})") from error
    raise IllegalMoveError(f"{move} is not a legal move of seat {seat} now")
