"""Rust against the reference on random inputs (hypothesis): the same readings in the same
order, the same ``beats`` answers, the same legal-move sets — both games, options on and off.

The long version: ``HYPOTHESIS_PROFILE=long python -m pytest tests/test_differential.py``
(3,000 examples per test instead of 150).
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import zhengfen
from conftest import RULE_SPECS, make_rules, random_cards
from zhengfen import reference

specs = st.sampled_from(RULE_SPECS)
seeds = st.integers(0, 2**64 - 1)


def both(spec: dict[str, Any]) -> tuple[Any, Any]:
    return make_rules(zhengfen, spec), make_rules(reference, spec)


def hand_size(spec: dict[str, Any], size: int) -> int:
    return size if spec["game"] == "zen_cheng_you" else min(size, 18)


@given(spec=specs, seed=seeds, size=st.integers(1, 16))
def test_same_readings(spec: dict[str, Any], seed: int, size: int) -> None:
    ours, theirs = both(spec)
    cards = random_cards(random.Random(seed), size, ours.decks)
    assert [str(c) for c in zhengfen.classify(cards, ours)] == [
        str(c) for c in reference.classify(cards, theirs)
    ]


@given(spec=specs, seed=seeds, size=st.integers(2, 6))
def test_same_readings_of_small_sets(spec: dict[str, Any], seed: int, size: int) -> None:
    """Small sets are where combinations are dense; jokers are added often."""
    ours, theirs = both(spec)
    rng = random.Random(seed)
    cards = random_cards(rng, size, ours.decks).split()
    if rng.random() < 0.5:
        cards[0] = "BJ" if rng.random() < 0.5 else "RJ"
    text = " ".join(dict.fromkeys(cards)) if ours.decks == 1 else " ".join(cards)
    assert [str(c) for c in zhengfen.classify(text, ours)] == [
        str(c) for c in reference.classify(text, theirs)
    ]


@given(spec=specs, seed=seeds, size=st.integers(4, 14))
def test_same_beats(spec: dict[str, Any], seed: int, size: int) -> None:
    ours, theirs = both(spec)
    rng = random.Random(seed)
    leads = zhengfen.legal_moves(random_cards(rng, size, ours.decks), None, ours)
    others = zhengfen.legal_moves(random_cards(rng, size, ours.decks), None, ours)
    for _ in range(20):
        a, b = str(rng.choice(leads)), str(rng.choice(others))
        assert zhengfen.beats(a, b, ours) == reference.beats(a, b, theirs), (a, b)


@given(spec=specs, seed=seeds, size=st.integers(1, 27), lead=st.booleans())
def test_same_legal_moves(spec: dict[str, Any], seed: int, size: int, lead: bool) -> None:
    ours, theirs = both(spec)
    rng = random.Random(seed)
    hand = random_cards(rng, hand_size(spec, size), ours.decks)
    table = None
    if not lead:
        options = zhengfen.legal_moves(random_cards(rng, 10, ours.decks), None, ours)
        table = str(rng.choice(options))
    got = {str(m) for m in zhengfen.legal_moves(hand, table, ours)}
    want = {str(m) for m in reference.legal_moves(hand, table, theirs)}
    assert got == want, (sorted(got - want)[:5], sorted(want - got)[:5])


def error_class(call: Any) -> str:
    """The name of the exception ``call()`` raises (or ``"none"``)."""
    try:
        call()
    except zhengfen.ZhengfenError as error:
        return type(error).__name__
    return "none"


@given(
    spec=specs,
    text=st.sampled_from(["pass", " PASS ", "blind", "3c 9d", "xx", "", "pair 8 1: 7c 7d"]),
)
def test_same_errors_for_bad_combinations(spec: dict[str, Any], text: str) -> None:
    """A text that is no combination is the same error in both (the pass included: it is not a
    combination, RULES.md §6)."""
    ours, theirs = both(spec)
    assert error_class(lambda: zhengfen.beats(text, "3c", ours)) == error_class(
        lambda: reference.beats(text, "3c", theirs)
    )
    assert error_class(lambda: zhengfen.legal_moves("3c", text, ours)) == error_class(
        lambda: reference.legal_moves("3c", text, theirs)
    )
