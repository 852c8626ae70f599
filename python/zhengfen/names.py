"""Combination names people read and type: ``pair of 8s``, ``straight 9 to K``, ``bomb of five
7s`` (:func:`combo_name`); reading a typed name back to the legal moves it denotes
(:func:`parse_name`); and the legal moves with their suit variants collapsed into one entry per
name (:func:`move_groups`).

A name says a combination's kind, rank and length (RULES.md §1.7, §4, §8) in words: a sequence
by its lowest and top rank, a bomb by its number of cards. Moves of one (kind, rank, length)
differ only in their cards (suits, jokers standing in): they share a name and form one group.
Straight flushes and the suited 5-10-K also say their suit (``in hearts``) unless asked not
to. Names are plain ASCII text, so the terminal and the web page both show them.

>>> import zhengfen
>>> game = zhengfen.Game.from_hands(
...     zhengfen.Rules.zheng_fen(players=3), ["8c 8d 8h 9c 9d 10c 10d", "3c", "4c"], 0
... )
>>> moves = game.legal_moves()
>>> [group.name for group in move_groups(moves)][3:]
['pair of 8s', 'pair of 9s', 'pair of 10s', 'triple of 8s', 'pairs 8 to 10', 'full house of 8s']
>>> [combo_name(moves[i]) for i in parse_name("pair of 10s", moves)]
['pair of 10s']
>>> len(parse_name("pair 8", moves))  # three ways to pair the 8s
3
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from zhengfen import _core
from zhengfen._core import Combo, parse_cards
from zhengfen.errors import InvalidCardsError

if TYPE_CHECKING:
    from zhengfen.types import Move

__all__ = ["MoveGroup", "combo_name", "is_name", "move_groups", "move_name", "parse_name"]

NATURAL = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
"""The natural ranks, low to high (RULES.md §1.1)."""

SUITS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


@dataclass(frozen=True)
class MoveGroup:
    """One name of the legal moves and the indices (into the list) of its variants, in order."""

    name: str
    indices: tuple[int, ...]


# --- names -------------------------------------------------------------------------------------


def combo_name(combo: Combo, suit: bool = True) -> str:
    """The name a person reads for ``combo`` (the core's, ``zhengfen_core::names``); with
    ``suit`` a straight flush or a suited 5-10-K also says its suit.

    >>> import zhengfen
    >>> rules = zhengfen.Rules.zen_cheng_you()
    >>> combo_name(zhengfen.Combo.parse("full_house_seq 6 2: 5c 5c 5d 6c 6d 6h Qc Qc 3c 3d", rules))
    'full houses 5 to 6'
    >>> combo_name(zhengfen.Combo.parse("bomb joker 6: BJ BJ RJ RJ", rules))
    'bomb of jokers'
    """
    return _core.combo_name(combo, suit)


def move_name(move: Move, suit: bool = True) -> str:
    """A move's name: :func:`combo_name`, or ``pass``, ``blind``, ``declare``."""
    return move if isinstance(move, str) else combo_name(move, suit)


def move_groups(moves: Sequence[Move]) -> list[MoveGroup]:
    """``moves`` with suit variants collapsed: one group per name (kind, rank and length), in
    the order of first appearance, holding the indices of its moves; ``pass``, ``blind`` and
    ``declare`` are groups of their own."""
    groups: dict[str, list[int]] = {}
    for index, move in enumerate(moves):
        groups.setdefault(move_name(move, suit=False), []).append(index)
    return [MoveGroup(name, tuple(indices)) for name, indices in groups.items()]


# --- reading names back ------------------------------------------------------------------------

RANK_WORDS: dict[str, str] = {
    **{rank.lower(): rank for rank in NATURAL},
    "t": "10",
    "jack": "J",
    "queen": "Q",
    "king": "K",
    "ace": "A",
    "two": "2",
    "deuce": "2",
    "three": "3",
}
"""Words (after the plural ``s`` is dropped where it is one) naming a natural rank."""

NUMBER_WORDS = {"four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
FILLER = {"of", "to", "in", "from", "the", "and", "a", "an", "with", "up"}
SUIT_WORDS = {
    **{name: letter for letter, name in SUITS.items()},
    **{name[:-1]: letter for letter, name in SUITS.items()},
    "♣": "c",
    "♧": "c",
    "♦": "d",
    "♢": "d",
    "♥": "h",
    "♡": "h",
    "♠": "s",
    "♤": "s",
}


def normal(text: str) -> str:
    """``text`` lower-cased, with dashes, underscores, commas and colons as spaces."""
    return " ".join(re.sub(r"[-\u2013\u2014_,:;.()]", " ", text.lower()).split())


def parse_name(text: str, moves: Sequence[Move]) -> list[int]:
    """The indices of the moves in ``moves`` that the typed name ``text`` denotes.

    A name :func:`combo_name` writes (with or without the suit) matches exactly; otherwise the
    text is read tolerantly: a kind word (``pair``, ``pairs``, ``straight``, ``bomb``, ...),
    the ranks (``9 to K``, ``to K``, ``8s``), a count (``five``) or a suit. The combination
    notation (``pair 8 1``, ``pair_seq 10 3``) reads too. Several moves may match (suit
    variants); none is the empty list.
    """
    key = normal(text)
    if not key:
        return []
    exact = [
        i
        for i, move in enumerate(moves)
        if key in (normal(move_name(move)), normal(move_name(move, suit=False)))
    ]
    if exact:
        return exact
    notation = notation_matches(text, moves)
    if notation is not None:
        return notation
    query = read_query(key)
    if query is None:
        return []
    return [i for i, move in enumerate(moves) if isinstance(move, Combo) and fits(query, move)]


def is_name(text: str) -> bool:
    """Whether ``text`` reads as a combination name (legal now or not): a kind word, or a
    rank with nothing it cannot mean.

    >>> is_name("pair of 8s"), is_name("straight to K"), is_name("8c 8d"), is_name("xyz")
    (True, True, False, False)
    """
    query = read_query(normal(text))
    return query is not None and (query.kind is not None or bool(query.ranks or query.flags))


def notation_matches(text: str, moves: Sequence[Move]) -> list[int] | None:
    """The moves the combination notation ``KIND RANK LENGTH[: CARDS]`` in ``text`` names, or
    ``None`` when ``text`` is no such notation of any of them."""
    words = text.lower().replace(":", " ").replace(",", " ").split()
    if len(words) < 3 or not words[2].isdecimal() or len(words[2]) > 3:
        return None
    kind, rank, length = words[0], words[1], int(words[2])
    combos = [m for m in moves if isinstance(m, Combo)]
    if not combos:
        return None
    try:
        cards = parse_cards(" ".join(words[3:]), combos[0].cards.decks)
    except InvalidCardsError:
        return None
    found = [
        i
        for i, m in enumerate(moves)
        if isinstance(m, Combo)
        and (m.kind, m.rank.lower(), m.length) == (kind, rank, length)
        and (not cards or m.cards == cards)
    ]
    return found or None


KIND_WORDS: dict[tuple[str, ...], str] = {
    ("straight", "flush"): "straight_flush",
    ("sf",): "straight_flush",
    ("full", "houses"): "full_house_seq",
    ("full", "house"): "full_house",
    ("fh",): "full_house",
    ("straight",): "straight",
    ("pairs",): "pair_seq",
    ("pair",): "pair",
    ("triples",): "triple_seq",
    ("triple",): "triple",
    ("fours",): "four_seq",
    ("bomb",): "bomb",
    ("single",): "single",
}
"""Kind words, longest first where one begins another."""

SEQUENCE_OF = {
    "pair": "pair_seq",
    "triple": "triple_seq",
    "four": "four_seq",
    "full_house": "full_house_seq",
    "straight": "straight",
    "straight_flush": "straight_flush",
}
"""The sequence a kind word means when two ranks are named (``pair 6 to 8``)."""

LENGTH_WORDS = {"two": 2, "three": 3, **NUMBER_WORDS, **{str(n): n for n in range(2, 14)}}
"""Numbers of groups before a plural kind word: ``three pairs 6 to 8``."""


@dataclass
class Query:
    """What a tolerant name says."""

    kind: str | None = None
    ranks: list[str] = field(default_factory=list)
    count: int | None = None
    suit: str | None = None
    flags: set[str] = field(default_factory=set)

    def kinds(self) -> set[str]:
        """The kinds the name may mean."""
        if self.kind is None:
            return {"single"} if self.count is None else {"four", "bomb"}
        if len(self.ranks) >= 2:
            return {SEQUENCE_OF.get(self.kind, self.kind)}
        if self.kind == "straight":
            return {"straight", "straight_flush"}
        return {self.kind}


def read_query(key: str) -> Query | None:
    """What a tolerant name says: the kind, its ranks, a count or length and a suit; ``None``
    when a word means nothing."""
    key = key.replace("5 10 k", "fivetenking")
    words = [w for w in key.split() if w not in FILLER]
    query = Query()
    while words:
        kind = next((ws for ws in KIND_WORDS if tuple(words[: len(ws)]) == ws), None)
        if kind is not None:
            query.kind = KIND_WORDS[kind]
            words = words[len(kind) :]
        elif (
            words[0] in LENGTH_WORDS
            and len(words) > 1
            and words[1].endswith("s")
            and ((words[1],) in KIND_WORDS or words[1] == "full")
        ):
            query.count = LENGTH_WORDS[words.pop(0)]
        elif not read_word(words.pop(0), query):
            return None
    return query


def read_word(word: str, query: Query) -> bool:
    """Notes what one word of a name says in ``query``; false if it says nothing."""
    if word in ("joker", "jokers", "black", "red", "mixed", "suited", "natural", "special"):
        query.flags.add(word.rstrip("s"))
    elif word == "fivetenking":
        query.flags.add("special")
    elif word in SUIT_WORDS:
        query.suit = SUIT_WORDS[word]
    elif word in NUMBER_WORDS and query.count is None and not query.ranks:
        query.count = NUMBER_WORDS[word]
    else:
        rank = RANK_WORDS.get(word) or RANK_WORDS.get(word[:-1] if word.endswith("s") else "")
        if rank is None:
            return False
        query.ranks.append(rank)
    return True


def fits(query: Query, combo: Combo) -> bool:
    """Whether ``combo`` is one of the combinations ``query`` may mean."""
    if query.flags & {"joker", "black", "red"}:
        return joker_fits(query, combo)
    if combo.kind == "special":
        return special_fits(query, combo)
    if query.flags or combo.kind not in query.kinds():
        return False
    if query.suit is not None and (
        combo.kind != "straight_flush" or combo_suit_letter(combo) != query.suit
    ):
        return False
    if query.count is not None and not count_fits(query.count, combo):
        return False
    return ranks_fit(query.ranks, combo)


def count_fits(count: int, combo: Combo) -> bool:
    """``four 8s``, ``bomb of five 7s``, ``three pairs``: the number of cards of a bomb or a
    four, the number of groups of a sequence."""
    if combo.kind == "four":
        return count == 4
    return combo.length == count


def ranks_fit(ranks: list[str], combo: Combo) -> bool:
    """The top rank is the last named; a first rank named is the lowest of a sequence."""
    if not ranks or combo.rank != ranks[-1]:
        return False
    if len(ranks) == 1:
        return True
    return len(ranks) == 2 and NATURAL.index(combo.rank) - combo.length + 1 == NATURAL.index(
        ranks[0]
    )


def joker_fits(query: Query, combo: Combo) -> bool:
    """``black joker``, ``red joker``, ``pair of jokers``, ``bomb of jokers``."""
    if query.flags & {"black", "red"}:
        want = "BJ" if "black" in query.flags else "RJ"
        return combo.kind == "single" and combo.rank == want
    if combo.kind == "single":
        return query.kind in (None, "single") and combo.rank in ("BJ", "RJ")
    return combo.kind == (query.kind or "bomb") and combo.rank == "joker"


def special_fits(query: Query, combo: Combo) -> bool:
    """``four twos``, ``5-10-K``, ``suited 5-10-K in hearts``, ``mixed 5-10-K``."""
    if combo.rank == "four_twos":
        named = query.count == 4 or query.flags & {"natural", "special"}
        return bool(named) and query.ranks == ["2"] and query.kind is None
    if "special" not in query.flags or query.ranks or query.kind is not None:
        return False
    if "mixed" in query.flags:
        return combo.rank == "mixed_5_10_k"
    if "suited" in query.flags or query.suit is not None:
        return combo.rank == "suited_5_10_k" and query.suit in (None, combo_suit_letter(combo))
    return True


def combo_suit_letter(combo: Combo) -> str:
    """The suit letter of a one-suit combination's natural cards."""
    return next(card.suit for card in combo.cards if card.suit is not None)
