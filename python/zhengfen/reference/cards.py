"""Cards and card sets: ranks, suits, tokens, canonical order and notation, points.

Implements RULES.md §1.1 (ranks), §1.2 (suits), §1.3 (card tokens), §1.4 (canonical deck
order and card indices), §1.5 (card sets; multisets in the two-deck game), §1.6 (canonical
notation) and §1.8 (points).

A card is identified by its index in the canonical deck (§1.4): ``4 * rank + suit`` for the
natural cards, 52 for ``BJ`` and 53 for ``RJ``. A card set is a sorted tuple of indices in
which a card held twice (two-deck game) appears twice.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from functools import total_ordering

from zhengfen.errors import InvalidCardsError

__all__ = [
    "BJ",
    "NATURAL_RANKS",
    "RJ",
    "SUITS",
    "Card",
    "Cards",
    "parse_cards",
    "points",
    "rank_of",
    "suit_of",
]

#: The natural ranks 3..2, numbered 0..12 by their position here (§1.1).
NATURAL_RANKS: tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
#: The suits c d h s, numbered 0..3 (§1.2, §1.4).
SUITS: tuple[str, ...] = ("c", "d", "h", "s")
#: Card index of the black (small) joker (§1.4).
BJ = 52
#: Card index of the red (big) joker (§1.4).
RJ = 53

_RANK_TOKENS = {name.lower(): number for number, name in enumerate(NATURAL_RANKS)}
_RANK_TOKENS["t"] = NATURAL_RANKS.index("10")
_SUIT_TOKENS = {
    "c": 0, "♣": 0, "♧": 0,
    "d": 1, "♦": 1, "♢": 1,
    "h": 2, "♥": 2, "♡": 2,
    "s": 3, "♠": 3, "♤": 3,
}  # fmt: skip
#: Unicode White_Space, the characters Rust's ``char::is_whitespace`` takes: what separates card
#: tokens and the words of a notation, and what may stand around a move (RULES.md §1.3).
#: Not ``str.isspace``, which holds U+001C to U+001F too.
WHITE_SPACE = (
    "\t\n\v\f\r \x85\xa0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)
_SEPARATORS = re.compile(f"[{re.escape(WHITE_SPACE)},]+")
_SPACES = re.compile(f"[{re.escape(WHITE_SPACE)}]+")
#: Points of each natural rank that scores (§1.8): 5 -> 5, 10 -> 10, K -> 10.
_RANK_POINTS = {
    NATURAL_RANKS.index(name): score for name, score in (("5", 5), ("10", 10), ("K", 10))
}


def rank_of(index: int) -> int:
    """The rank number of a card index: 0..12 for ``3``..``2``, 13 for BJ, 14 for RJ (§1.1).

    >>> rank_of(0), rank_of(51), rank_of(BJ), rank_of(RJ)
    (0, 12, 13, 14)
    """
    return index // 4 if index < BJ else index - BJ + 13


def suit_of(index: int) -> int | None:
    """The suit number of a card index (c=0 d=1 h=2 s=3), None for a joker (§1.4).

    >>> suit_of(4 * 7 + 2), suit_of(RJ) is None
    (2, True)
    """
    return index % 4 if index < BJ else None


def _token_of(index: int) -> str:
    """The canonical token of a card index (§1.6)."""
    if index == BJ:
        return "BJ"
    if index == RJ:
        return "RJ"
    return NATURAL_RANKS[index // 4] + SUITS[index % 4]


def _index_of_token(token: str, position: int) -> int:
    """Read one card token (§1.3); an unknown token is an error naming it and its position."""
    text = token.lower()
    if text == "bj":
        return BJ
    if text == "rj":
        return RJ
    rank = _RANK_TOKENS.get(text[:-1])
    suit = _SUIT_TOKENS.get(text[-1:])
    if rank is None or suit is None:
        raise InvalidCardsError(
            f"unknown card token {token!r} at position {position}", token, position
        )
    return 4 * rank + suit


def _tokens(text: str) -> list[str]:
    """Split a card text on any mix of white space and commas (§1.3)."""
    return [token for token in _SEPARATORS.split(text) if token]


def split_words(text: str) -> list[str]:
    r"""The words of ``text``, separated by white space (:data:`WHITE_SPACE`).

    >>> split_words(" pair\t8 1\u3000"), split_words("3c\x1c4c")
    (['pair', '8', '1'], ['3c\x1c4c'])
    """
    return [word for word in _SPACES.split(text) if word]


def trimmed(text: str) -> str:
    """``text`` without the white space (:data:`WHITE_SPACE`) around it."""
    return text.strip(WHITE_SPACE)


_TOKENS: tuple[str, ...] = tuple(_token_of(index) for index in range(54))


@total_ordering
class Card:
    """One card of the 54-card block (§1.4), read from its token (§1.3).

    >>> card = Card("Th")
    >>> card, str(card), card.index, card.rank, card.suit
    (Card('10h'), '10h', 30, '10', 'h')
    >>> Card("bj").rank, Card("bj").suit is None
    ('BJ', True)
    >>> Card("3c") < Card("3d") < Card("BJ")
    True
    """

    __slots__ = ("_index",)

    def __init__(self, token: str) -> None:
        self._index = _index_of_token(token, 1)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with a canonical index 0..53 (§1.4).

        >>> Card.from_index(53)
        Card('RJ')
        """
        if not 0 <= index <= RJ:
            raise ValueError(f"card index out of range: {index}")
        card = cls.__new__(cls)
        card._index = index
        return card

    @property
    def index(self) -> int:
        """The canonical index 0..53 (§1.4)."""
        return self._index

    @property
    def rank(self) -> str:
        """The rank name: ``3``..``10``, ``J``, ``Q``, ``K``, ``A``, ``2``, ``BJ``, ``RJ``."""
        return _TOKENS[self._index] if self._index >= BJ else NATURAL_RANKS[self._index // 4]

    @property
    def suit(self) -> str | None:
        """The suit letter ``c``, ``d``, ``h`` or ``s``; None for a joker."""
        suit = suit_of(self._index)
        return None if suit is None else SUITS[suit]

    def __str__(self) -> str:
        return _TOKENS[self._index]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._index == other._index

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._index < other._index

    def __hash__(self) -> int:
        return hash(("Card", self._index))


_CARDS: tuple[Card, ...] = tuple(Card.from_index(index) for index in range(54))


def _item_index(item: Card | str, position: int) -> int:
    """The index of one element of an iterable given to :class:`Cards`."""
    if isinstance(item, Card):
        return item.index
    if isinstance(item, str):
        return _index_of_token(trimmed(item), position)
    raise TypeError(f"expected a Card or a card token, got {item!r}")


def _check_copies(indices: Iterable[int], decks: int) -> None:
    """Reject a duplicate in one deck, a third copy in two decks (§1.5), in reading order."""
    seen: Counter[int] = Counter()
    for index in indices:
        seen[index] += 1
        if seen[index] > decks:
            card = _TOKENS[index]
            if decks == 1:
                raise InvalidCardsError(f"duplicate card {card}", card)
            raise InvalidCardsError(f"more than two copies of {card}", card)


def _check_decks(decks: int) -> None:
    if isinstance(decks, bool) or decks not in (1, 2):
        raise ValueError(f"decks must be 1 or 2, got {decks!r}")


class Cards:
    """An immutable card set; a multiset when ``decks`` is 2 (§1.5).

    >>> hand = Cards("RJ, 10h th 3C", decks=2)
    >>> hand, str(hand), len(hand), hand.count("10h"), "3c" in hand
    (Cards('3c 10h 10h RJ', decks=2), '3c 10h 10h RJ', 4, 2, True)
    >>> Cards("3c 10h") == Cards([Card("10h"), "3c"], decks=2)
    True
    >>> Cards("5c 5c")
    Traceback (most recent call last):
    ...
    zhengfen.errors.InvalidCardsError: duplicate card 5c
    """

    __slots__ = ("_decks", "_indices")

    def __init__(self, cards: str | Iterable[Card | str] = "", decks: int = 1) -> None:
        _check_decks(decks)
        if isinstance(cards, str):
            indices = [_index_of_token(token, n) for n, token in enumerate(_tokens(cards), 1)]
        else:
            indices = [_item_index(item, n) for n, item in enumerate(cards, 1)]
        _check_copies(indices, decks)
        self._indices: tuple[int, ...] = tuple(sorted(indices))
        self._decks = decks

    @classmethod
    def from_indices(cls, indices: Iterable[int], decks: int = 1) -> Cards:
        """The card set of some canonical indices (a card held twice given twice).

        >>> Cards.from_indices([53, 0, 0], decks=2)
        Cards('3c 3c RJ', decks=2)
        """
        _check_decks(decks)
        ordered = tuple(sorted(indices))
        for index in ordered:
            if not 0 <= index <= RJ:
                raise ValueError(f"card index out of range: {index}")
        _check_copies(ordered, decks)
        cards = cls.__new__(cls)
        cards._indices = ordered
        cards._decks = decks
        return cards

    @property
    def indices(self) -> tuple[int, ...]:
        """The canonical indices in canonical order, a card held twice listed twice."""
        return self._indices

    @property
    def decks(self) -> int:
        """1 for a one-deck set, 2 for a two-deck multiset."""
        return self._decks

    def count(self, card: Card | str) -> int:
        """How many copies of ``card`` the set holds.

        >>> Cards("5c 5c 6d", decks=2).count(Card("5c"))
        2
        """
        return self._indices.count(_item_index(card, 1))

    def __contains__(self, card: object) -> bool:
        if not isinstance(card, (Card, str)):
            return False
        return _item_index(card, 1) in self._indices

    def __iter__(self) -> Iterator[Card]:
        return (_CARDS[index] for index in self._indices)

    def __len__(self) -> int:
        return len(self._indices)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Cards):
            return NotImplemented
        return self._indices == other._indices

    def __hash__(self) -> int:
        return hash(("Cards", self._indices))

    def __str__(self) -> str:
        return " ".join(_TOKENS[index] for index in self._indices)

    def __repr__(self) -> str:
        if self._decks == 2:
            return f"Cards({str(self)!r}, decks=2)"
        return f"Cards({str(self)!r})"


def parse_cards(text: str, decks: int = 1) -> Cards:
    """Read a card text (§1.3) into a card set (§1.5).

    >>> parse_cards("th, 2♠ ♣3")
    Traceback (most recent call last):
    ...
    zhengfen.errors.InvalidCardsError: unknown card token '♣3' at position 3
    >>> str(parse_cards("2♠ TH bj 10♡", decks=2))
    '10h 10h 2s BJ'
    """
    return Cards(text, decks=decks)


def points(cards: Cards) -> int:
    """The points in a card set: 5 for each 5, 10 for each 10 and K, 0 otherwise (§1.8).

    >>> points(Cards("5c 10d Kh Ks BJ"))
    35
    """
    return sum(_RANK_POINTS.get(rank_of(index), 0) for index in cards.indices)
