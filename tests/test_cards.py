"""Card notation and card sets (RULES.md §1), both implementations."""

from __future__ import annotations

import contextlib
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

import zhengfen
from zhengfen import reference
from zhengfen.errors import InvalidCardsError

deck_indices = st.lists(st.integers(0, 53), unique=True, max_size=54)
two_deck_indices = st.lists(st.integers(0, 107), unique=True, max_size=108)
TOKENS = [str(c) for c in zhengfen.shuffle_deck(1, 0)]
TOKEN_OF = {zhengfen.Card(t).index: t for t in TOKENS}


@given(indices=deck_indices)
def test_round_trip_one_deck(impl: ModuleType, indices: list[int]) -> None:
    text = ", ".join(TOKEN_OF[i] for i in indices)
    cards = impl.parse_cards(text)
    assert impl.parse_cards(str(cards)) == cards
    assert len(cards) == len(indices)
    assert [c.index for c in cards] == sorted(indices)


@given(indices=two_deck_indices)
def test_round_trip_two_decks(impl: ModuleType, indices: list[int]) -> None:
    text = " ".join(TOKEN_OF[i % 54] for i in indices)
    cards = impl.parse_cards(text, decks=2)
    assert impl.parse_cards(str(cards), decks=2) == cards
    assert len(cards) == len(indices)
    assert eval(repr(cards), {"Cards": impl.Cards}) == cards


def test_notation_variants(impl: ModuleType) -> None:
    cards = impl.parse_cards("th, 10C  q♠ a♦ bj RJ 2♥ 3♧")
    assert str(cards) == "3c 10c 10h Qs Ad 2h BJ RJ"
    assert "Qs" in cards and impl.Card("qS") in cards and "Qh" not in cards
    assert repr(cards) == "Cards('3c 10c 10h Qs Ad 2h BJ RJ')"
    assert str(impl.parse_cards("")) == "" and len(impl.parse_cards(" , ")) == 0


@pytest.mark.parametrize(
    ("text", "decks", "message"),
    [
        ("3c 1x", 1, "'1x' at position 2"),
        ("3c 4d Zz", 1, "'Zz' at position 3"),
        ("10", 1, "'10'"),
        ("5c 5c", 1, "duplicate card 5c"),
        ("5c 5c 5c", 2, "more than two copies of 5c"),
        ("BJ bj", 1, "duplicate card BJ"),
    ],
)
def test_bad_cards(impl: ModuleType, text: str, decks: int, message: str) -> None:
    with pytest.raises(InvalidCardsError, match=message):
        impl.parse_cards(text, decks=decks)


def test_errors_are_value_errors(impl: ModuleType) -> None:
    with pytest.raises(ValueError):
        impl.parse_cards("xx")


def test_card_attributes(impl: ModuleType) -> None:
    ten = impl.Card("Th")
    assert (ten.index, ten.rank, ten.suit, str(ten), repr(ten)) == (
        30,
        "10",
        "h",
        "10h",
        "Card('10h')",
    )
    joker = impl.Card("rj")
    assert (joker.index, joker.rank, joker.suit) == (53, "RJ", None)


def test_two_deck_count(impl: ModuleType) -> None:
    cards = impl.parse_cards("5c 5c 6d", decks=2)
    assert cards.count("5c") == 2 and cards.count(impl.Card("6d")) == 1
    assert [str(c) for c in cards] == ["5c", "5c", "6d"]
    assert repr(cards) == "Cards('5c 5c 6d', decks=2)"


def test_one_deck_rules_refuse_copies(impl: ModuleType) -> None:
    doubled = impl.parse_cards("5c 5c", decks=2)
    with pytest.raises(InvalidCardsError, match="duplicate card 5c"):
        impl.classify(doubled, impl.Rules.zheng_fen())


@given(text=st.text(max_size=30))
def test_any_text_parses_or_raises_cleanly(text: str) -> None:
    for module in (zhengfen, reference):
        with contextlib.suppress(InvalidCardsError):
            module.parse_cards(text, decks=2)


#: Unicode White_Space, what separates card tokens besides the comma (CONFORMANCE.md §1).
WHITE_SPACE = {
    *range(0x09, 0x0E),
    0x20,
    0x85,
    0xA0,
    0x1680,
    *range(0x2000, 0x200B),
    0x2028,
    0x2029,
    0x202F,
    0x205F,
    0x3000,
}


def test_white_space_and_commas_separate_card_tokens_and_nothing_else(impl: ModuleType) -> None:
    """Issue 33 §5 point 9, for every character of the Basic Multilingual Plane (every White_Space
    character is in it): ``8c?8d`` is two cards exactly when ``?`` is white space or a comma.
    The reference split on U+001C to U+001F too, as Python's ``str.split`` does."""
    separating = set()
    for code in range(0x10000):
        if 0xD800 <= code < 0xE000:  # surrogates are no characters
            continue
        with contextlib.suppress(InvalidCardsError):
            assert len(impl.parse_cards(f"8c{chr(code)}8d", decks=2)) == 2
            separating.add(code)
    assert separating == WHITE_SPACE | {ord(",")}


def test_white_space_around_a_move_is_no_part_of_it(impl: ModuleType) -> None:
    """Issue 33 §5 point 4: `` pass``, ``pass\\t`` are the pass, as white space around a card
    or combination notation is no part of it; U+001C, no white space, makes a move unread."""
    game = impl.Game.from_hands(impl.Rules.zheng_fen(players=3), ["3c 4c", "5c", "6c"], 0)
    game.play("\t4c ")
    with pytest.raises(zhengfen.IllegalMoveError):
        game.play("\x1cpass")
    game.play("\u3000pass\n")
    game.play(" pass")
    assert game.current_player == 0 and str(game.hand(0)) == "3c"
