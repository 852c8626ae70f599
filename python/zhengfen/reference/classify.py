"""The game-independent entry points: classify, beats, and reading combinations from text.

Dispatches on the game of the rule set to :mod:`zhengfen.reference.zheng_fen` (RULES.md §4,
§5) or :mod:`zhengfen.reference.zen_cheng_you` (§8, §9); reads the notation of §1.7 and checks
that a combination is a reading of its cards (§4.10, §8.6).
"""

from __future__ import annotations

from zhengfen.errors import InvalidCardsError, InvalidComboError
from zhengfen.reference import zen_cheng_you, zheng_fen
from zhengfen.reference.cards import Cards, split_words, trimmed
from zhengfen.reference.combo import Combo
from zhengfen.reference.rules import ZHENG_FEN, Rules

__all__ = ["as_cards", "as_combo", "beats", "classify", "kinds", "parse_combo"]


def kinds(rules: Rules) -> tuple[str, ...]:
    """The kind names of the game of ``rules``, in reading order (§4.10, §8.6).

    >>> kinds(Rules.zen_cheng_you())[:3]
    ('straight_flush', 'bomb', 'straight')
    """
    return zheng_fen.KINDS if rules.game == ZHENG_FEN else zen_cheng_you.KINDS


def as_cards(cards: Cards | str, rules: Rules) -> Cards:
    """A card set under ``rules``: text is read with its decks; a duplicate is refused (§1.5).

    >>> as_cards(Cards("5c 5c", decks=2), Rules.zheng_fen())
    Traceback (most recent call last):
    ...
    zhengfen.errors.InvalidCardsError: duplicate card 5c
    """
    if isinstance(cards, str):
        return Cards(cards, decks=rules.decks)
    if not isinstance(cards, Cards):
        raise TypeError(f"expected Cards or a card text, got {cards!r}")
    if cards.decks == rules.decks:
        return cards
    if rules.decks == 1:
        for index in set(cards.indices):
            if cards.indices.count(index) > 1:
                raise InvalidCardsError(f"duplicate card {Cards.from_indices([index])}")
    return Cards.from_indices(cards.indices, decks=rules.decks)


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
    card_set = as_cards(cards, rules)
    if rules.game == ZHENG_FEN:
        return zheng_fen.readings(card_set, rules.jokers_wild)
    return zen_cheng_you.readings(card_set)


def kind_readings(cards: Cards, kind: str, rules: Rules) -> list[Combo]:
    """The readings of one kind, highest value first (the order of :func:`classify`).

    >>> kind_readings(Cards("7h BJ RJ"), "triple", Rules.zheng_fen())
    [<Combo triple 7 1: 7h BJ RJ>]
    """
    if rules.game == ZHENG_FEN:
        return zheng_fen.kind_readings(cards, kind, rules.jokers_wild)
    return zen_cheng_you.kind_readings(cards, kind)


def parse_combo(text: str, rules: Rules) -> Combo:
    """Read ``KIND RANK LENGTH: CARDS`` (§1.7); it must be a reading of its cards.

    >>> parse_combo("bomb joker 6: BJ RJ BJ RJ", Rules.zen_cheng_you())
    <Combo bomb joker 6: BJ BJ RJ RJ>
    >>> parse_combo("pair 7 one: 7c 7d", Rules.zheng_fen())
    Traceback (most recent call last):
    ...
    zhengfen.errors.InvalidComboError: length must be a positive integer, got 'one'
    """
    head, colon, tail = text.partition(":")
    words = split_words(head)
    if not colon or len(words) != 3:
        raise InvalidComboError(f"expected 'KIND RANK LENGTH: CARDS', got {text!r}")
    kind, rank, length_text = words
    if kind not in kinds(rules):
        raise InvalidComboError(f"unknown kind {kind!r} in {rules.game}")
    if not length_text.isdigit() or not length_text.isascii() or int(length_text) < 1:
        raise InvalidComboError(f"length must be a positive integer, got {length_text!r}")
    combo = Combo(kind, rank, int(length_text), Cards(tail, decks=rules.decks))
    _check_reading(combo, rules)
    return combo


def _check_reading(combo: Combo, rules: Rules) -> None:
    """Raise InvalidComboError unless ``combo`` is one of the readings of its cards."""
    found = classify(combo.cards, rules)
    if combo in found:
        return
    head = f"{combo.kind} {combo.rank} {combo.length}"
    if not found:
        why = "it has no reading under these rules"
    else:
        why = "its readings: " + ", ".join(f"{c.kind} {c.rank} {c.length}" for c in found)
    raise InvalidComboError(f"{head!r} is not a reading of {combo.cards or 'no cards'} ({why})")


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
    _check_reading(combo, rules)
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
