"""Invariants of the enumerator, for both implementations: every listed move is a reading of
its cards at its highest legal value and beats the table; nothing is listed twice; and for small
hands, brute force over every sub-multiset finds no legal play the enumerator missed."""

from __future__ import annotations

import itertools
import random
from types import ModuleType
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from conftest import RULE_SPECS, make_rules, random_cards

specs = st.sampled_from(RULE_SPECS)
seeds = st.integers(0, 2**64 - 1)


def sub_multisets(tokens: list[str]) -> set[tuple[str, ...]]:
    return {
        combo
        for r in range(1, len(tokens) + 1)
        for combo in itertools.combinations(sorted(tokens), r)
    }


def brute_force(impl: ModuleType, hand: str, table: str | None, rules: Any) -> set[str]:
    found: set[str] = set()
    for subset in sub_multisets(hand.split()):
        seen: set[str] = set()
        for reading in impl.classify(" ".join(subset), rules):
            legal = table is None or impl.beats(reading, table, rules)
            if legal and reading.kind not in seen:
                seen.add(reading.kind)
                found.add(str(reading))
    return found


@given(spec=specs, seed=seeds, size=st.integers(1, 8), lead=st.booleans())
def test_brute_force_finds_nothing_missed(
    impl: ModuleType, spec: dict[str, Any], seed: int, size: int, lead: bool
) -> None:
    rules = make_rules(impl, spec)
    rng = random.Random(seed)
    hand = random_cards(rng, size, rules.decks)
    table = (
        None
        if lead
        else str(rng.choice(impl.legal_moves(random_cards(rng, 8, rules.decks), None, rules)))
    )
    listed = [str(m) for m in impl.legal_moves(hand, table, rules)]
    assert len(listed) == len(set(listed))
    assert set(listed) == brute_force(impl, hand, table, rules)


@given(spec=specs, seed=seeds, size=st.integers(1, 20), lead=st.booleans())
def test_listed_moves_are_legal(
    impl: ModuleType, spec: dict[str, Any], seed: int, size: int, lead: bool
) -> None:
    rules = make_rules(impl, spec)
    rng = random.Random(seed)
    hand = impl.parse_cards(random_cards(rng, size, rules.decks), decks=rules.decks)
    table = (
        None
        if lead
        else rng.choice(impl.legal_moves(random_cards(rng, 9, rules.decks), None, rules))
    )
    for move in impl.legal_moves(hand, table, rules):
        assert all(move.cards.count(c) <= hand.count(c) for c in move.cards)
        readings = [r for r in impl.classify(move.cards, rules) if r.kind == move.kind]
        if table is not None:
            readings = [r for r in readings if impl.beats(r, table, rules)]
            assert impl.beats(move, table, rules)
        assert readings and readings[0] == move
