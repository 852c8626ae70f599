"""The game-independent entry points: classify, beats, and combinations given as text or as
:class:`~zhengfen.reference.combo.Combo` values.

Reads a card set's combinations through :mod:`zhengfen.reference.combo` (RULES.md §1.7, §4.10,
§8.6) and dispatches beating on the game of the rule set to :mod:`zhengfen.reference.zheng_fen`
(§5) or :mod:`zhengfen.reference.zen_cheng_you` (§9).
"""

from __future__ import annotations

from zhengfen.errors import InvalidComboError
from zhengfen.reference import zen_cheng_you, zheng_fen
from zhengfen.reference.cards import Cards, trimmed
from zhengfen.reference.combo import Combo, as_cards, check_reading, readings
from zhengfen.reference.rules import ZHENG_FEN, Rules

__all__ = ["as_combo", "beats", "classify", "parse_combo"]


def classify(cards: Cards | str, rules: Rules) -> list[Combo]:
    """Every reading of a card set, in the order of §4.10 (ZF) or §8.6 (ZCY).

    >>> zf = Rules.zheng_fen()
    >>> [str(c) for c in classify("BJ RJ", zf)][:2]
    ['pair 2 1: BJ RJ', 'pair A 1: BJ RJ']
    >>> classify("5c 10c BJ", zf)
    []
    >>> classify("BJ BJ RJ RJ", Rules.zen_cheng_you())
    [<Combo bomb joker 6: BJ BJ RJ RJ>]
    """
    return readings(as_cards(cards, rules), rules)


def parse_combo(text: str, rules: Rules) -> Combo:
    """Read ``KIND RANK LENGTH: CARDS`` (§1.7); it must be a reading of its cards
    (:meth:`Combo.parse`).

    >>> parse_combo("bomb joker 6: BJ RJ BJ RJ", Rules.zen_cheng_you())
    <Combo bomb joker 6: BJ BJ RJ RJ>
    """
    return Combo.parse(text, rules)


def as_combo(combo: Combo | str, rules: Rules) -> Combo:
    """A combination under ``rules``: text with ":" is parsed, other text taken at its
    strongest reading; a Combo must be a reading of its cards under ``rules``.

    >>> as_combo("7c BJ", Rules.zheng_fen())
    <Combo pair 7 1: 7c BJ>
    >>> as_combo("7c BJ", Rules.zheng_fen(jokers_wild=False))
    Traceback (most recent call last):
    ...
    zhengfen.errors.InvalidComboError: 7c BJ is no combination under these rules
    """
    if isinstance(combo, str):
        if trimmed(combo).lower() == "pass":
            raise InvalidComboError("the pass is not a combination")  # §6: a pass is no play
        if ":" in combo:
            return parse_combo(combo, rules)
        found = classify(combo, rules)
        if not found:
            shown = Cards(combo, decks=rules.decks) or "the empty set"
            raise InvalidComboError(f"{shown} is no combination under these rules")
        return found[0]
    if not isinstance(combo, Combo):
        raise TypeError(f"expected a Combo or a text, got {combo!r}")
    check_reading(combo, rules)
    return combo


def beats(challenger: Combo | str, table: Combo | str, rules: Rules) -> bool:
    """Whether ``challenger`` may be played on ``table`` (§5 for ZF, §9 for ZCY).

    >>> zf = Rules.zheng_fen()
    >>> beats("5s 10h Kd", "Jh Qh Kh Ah 2h", zf), beats("7h BJ RJ", "7c 7d 7s", zf)
    (True, False)
    >>> zcy = Rules.zen_cheng_you()
    >>> beats("3c 3d 4c 4d 5c 5d", "3h 3s 4h 4s", zcy)
    False
    """
    first, second = as_combo(challenger, rules), as_combo(table, rules)
    if rules.game == ZHENG_FEN:
        return zheng_fen.beats(first, second)
    return zen_cheng_you.beats(first, second)
