"""Combinations: the public type (:class:`Combo`, a reading of its cards with its notation
``KIND RANK LENGTH: CARDS`` read and checked), and the readings of a card set under a rule set
as combinations, from the game's own classifier.

Implements RULES.md §1.7 (combination notation) and dispatches on the game of the rule set to
:mod:`zhengfen.reference.zheng_fen` (§4) or :mod:`zhengfen.reference.zen_cheng_you` (§8),
whose readings (:class:`zhengfen.reference.reading.Reading`) become combinations here; kind
names are those of §4 and §8, in reading order (§4.10, §8.6).
"""

from __future__ import annotations

from dataclasses import dataclass

from zhengfen.errors import InvalidCardsError, InvalidComboError
from zhengfen.reference import zen_cheng_you, zheng_fen
from zhengfen.reference.cards import Cards, split_words
from zhengfen.reference.reading import Reading
from zhengfen.reference.rules import ZHENG_FEN, Rules

__all__ = ["Combo", "as_cards", "check_reading", "kind_readings", "kinds", "readings"]


@dataclass(frozen=True, repr=False)
class Combo(Reading):
    """A combination: one reading (kind, rank, length) of a card set (§1.7, §4.10, §8.6).

    >>> combo = Combo("pair", "7", 1, Cards("7d 7c"))
    >>> combo
    <Combo pair 7 1: 7c 7d>
    >>> str(combo), combo == Combo("pair", "7", 1, Cards("7c 7d", decks=2))
    ('pair 7 1: 7c 7d', True)
    """

    @classmethod
    def parse(cls, text: str, rules: Rules) -> Combo:
        """Read ``KIND RANK LENGTH: CARDS`` (§1.7) and check it is a reading of its cards.

        >>> Combo.parse("pair_seq 6 3: 4c 4d 5c 5d BJ RJ", Rules.zheng_fen())
        <Combo pair_seq 6 3: 4c 4d 5c 5d BJ RJ>
        >>> Combo.parse("pair 8 1: 7c 7d", Rules.zheng_fen())  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        zhengfen.errors.InvalidComboError: 'pair 8 1' is not a reading of 7c 7d (its readings: ...
        >>> Combo.parse("pair 7 one: 7c 7d", Rules.zheng_fen())
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
        combo = cls(kind, rank, int(length_text), Cards(tail, decks=rules.decks))
        check_reading(combo, rules)
        return combo

    @classmethod
    def of(cls, reading: Reading) -> Combo:
        """The combination a game's classifier read."""
        return cls(reading.kind, reading.rank, reading.length, reading.cards)


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
                card = str(Cards.from_indices([index]))
                raise InvalidCardsError(f"duplicate card {card}", card)
    return Cards.from_indices(cards.indices, decks=rules.decks)


def readings(cards: Cards, rules: Rules) -> list[Combo]:
    """Every reading of a card set under ``rules``, in the order of §4.10 (ZF) or §8.6 (ZCY).

    >>> readings(Cards("BJ BJ RJ RJ", decks=2), Rules.zen_cheng_you())
    [<Combo bomb joker 6: BJ BJ RJ RJ>]
    """
    if rules.game == ZHENG_FEN:
        found = zheng_fen.readings(cards, rules.jokers_wild)
    else:
        found = zen_cheng_you.readings(cards)
    return [Combo.of(reading) for reading in found]


def kind_readings(cards: Cards, kind: str, rules: Rules) -> list[Combo]:
    """The readings of one kind, highest value first (the order of :func:`classify`).

    >>> kind_readings(Cards("7h BJ RJ"), "triple", Rules.zheng_fen())
    [<Combo triple 7 1: 7h BJ RJ>]
    """
    if rules.game == ZHENG_FEN:
        found = zheng_fen.kind_readings(cards, kind, rules.jokers_wild)
    else:
        found = zen_cheng_you.kind_readings(cards, kind)
    return [Combo.of(reading) for reading in found]


def check_reading(combo: Combo, rules: Rules) -> None:
    """Raise InvalidComboError unless ``combo`` is one of the readings of its cards."""
    found = readings(as_cards(combo.cards, rules), rules)
    if combo in found:
        return
    head = f"{combo.kind} {combo.rank} {combo.length}"
    if not found:
        why = "it has no reading under these rules"
    else:
        why = "its readings: " + ", ".join(f"{c.kind} {c.rank} {c.length}" for c in found)
    raise InvalidComboError(f"{head!r} is not a reading of {combo.cards or 'no cards'} ({why})")
