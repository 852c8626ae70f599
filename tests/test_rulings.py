"""The test cases listed at the end of RULINGS.md and the examples of RULES.md, run against both
implementations."""

from __future__ import annotations

from types import ModuleType

import pytest

ZF_BEATS = [
    ("7c 7d 8c 8d 9c 9d", "6c 6d 7h 7s 8h 8s", True),
    ("6c 6d 7c 7d 8c 8d 9c 9d", "7h 7s 8h 8s 9h 9s", True),
    ("7h 7s 8h 8s 9h 9s", "6c 6d 7c 7d 8c 8d 9c 9d", False),
    ("9c 9d 10c 10d Jc Jd", "3c 3d 4c 4d 5c 5d 6c 6d 7c 7d", True),
    ("7h BJ RJ", "7c 7d 7s", False),
    ("7c 7d 7s", "7h BJ RJ", False),
    ("5s 10h Kd", "Jh Qh Kh Ah 2h", True),
    ("2c 2d 2h 2s", "5c 10c Kc", True),
    ("5d 10d Kd", "5c 10c Kc", False),
    ("5c 10c Kc", "5s 10h Kd", True),
    ("Jh Qh Kh Ah 2h", "5s 10h Kd", False),
    ("RJ", "BJ", True),
    ("BJ", "2c", True),
    ("8c 8d 8h 3c Jd", "7c 7d 7h Ac Ad", True),
]

ZCY_BEATS = [
    ("BJ BJ RJ RJ", "2c 2c 2d 2d 2h 2h", True),
    ("3c 4c 5c 6c 7c 8c", "BJ BJ RJ RJ", True),
    ("10h Jh Qh Kh Ah", "Ac Ac Ad Ad Ah", True),
    ("10h Jh Qh Kh Ah", "3c 3c 3d 3d 3h 3h", False),
    ("4c 4d 5c 5d 6c 6d", "3c 3d 4h 4s", False),
    ("4c 4d 5c 5d", "3c 3d 4h 4s 5h 5s", False),
    ("RJ RJ", "BJ BJ", False),
    ("RJ", "BJ", True),
    ("3c 3c 3d 3d", "Kc Kd", True),
    ("4c 5d 6h 7s 8c", "3c 4d 5h 6s 7c 8d", False),
]

FULL_HOUSES = [
    "8c 8d 8h Jc Jd",
    "8c 8d 8h Ah 2h",
    "8c 8d 8h 3c Jd",
    "8c 8d 8h 10c Kd",
    "8c 8d 8h 4c BJ",
]
NOT_FULL_HOUSES = ["8c 8d 8h 4c Jd", "8c 8d 8h Ah 2s", "8c 8d 8h 8s BJ"]


@pytest.mark.parametrize(("challenger", "table", "expected"), ZF_BEATS)
def test_zheng_fen_beats(impl: ModuleType, challenger: str, table: str, expected: bool) -> None:
    assert impl.beats(challenger, table, impl.Rules.zheng_fen()) is expected


@pytest.mark.parametrize(("challenger", "table", "expected"), ZCY_BEATS)
def test_zen_cheng_you_beats(impl: ModuleType, challenger: str, table: str, expected: bool) -> None:
    assert impl.beats(challenger, table, impl.Rules.zen_cheng_you()) is expected


@pytest.mark.parametrize("cards", FULL_HOUSES)
def test_full_houses(impl: ModuleType, cards: str) -> None:
    readings = impl.classify(cards, impl.Rules.zheng_fen())
    assert [(c.kind, c.rank) for c in readings] == [("full_house", "8")]


@pytest.mark.parametrize("cards", [*NOT_FULL_HOUSES, "5c 10c BJ", "Ac Ad 2c 2d 3c 3d"])
def test_not_combinations(impl: ModuleType, cards: str) -> None:
    assert impl.classify(cards, impl.Rules.zheng_fen()) == []


def test_readings_in_order(impl: ModuleType) -> None:
    rules = impl.Rules.zheng_fen()
    got = [str(c) for c in impl.classify("5h 6h 7h BJ RJ", rules)]
    assert got == [
        "straight_flush 9 5: 5h 6h 7h BJ RJ",
        "straight_flush 8 5: 5h 6h 7h BJ RJ",
        "straight_flush 7 5: 5h 6h 7h BJ RJ",
        "full_house 7 1: 5h 6h 7h BJ RJ",
        "full_house 5 1: 5h 6h 7h BJ RJ",
    ]
    assert [c.rank for c in impl.classify("BJ RJ", rules)][:3] == ["2", "A", "K"]
    four_twos = impl.classify("2c 2d 2h 2s", rules)
    assert [(c.kind, c.rank) for c in four_twos] == [("special", "four_twos")]
    assert [(c.kind, c.rank) for c in impl.classify("2c 2d 2h BJ", rules)] == [("four", "2")]


def test_partnership_readings(impl: ModuleType) -> None:
    rules = impl.Rules.zen_cheng_you()
    assert impl.classify("Jc Qd Kc Ac 2c", rules) == []
    flush = [(c.kind, c.rank, c.length) for c in impl.classify("5c 6c 7c 8c 9c", rules)]
    assert flush == [("straight_flush", "9", 5), ("straight", "9", 5)]
    seq = impl.classify("3c 3d Qc Qd 5c 5d 5h 6c 6d 6h", rules)
    assert [(c.kind, c.rank, c.length) for c in seq] == [("full_house_seq", "6", 2)]
    jokers = impl.classify("BJ BJ RJ RJ", rules)
    assert [(c.kind, c.rank, c.length) for c in jokers] == [("bomb", "joker", 6)]
    assert [(c.kind, c.rank) for c in impl.classify("BJ RJ", rules)] == [("pair", "joker")]


def test_four_player_deal_sizes(impl: ModuleType) -> None:
    hands = impl.deal(impl.Rules.zheng_fen(players=4), 42)
    assert [len(h) for h in hands] == [14, 14, 13, 13]


def test_tame_jokers(impl: ModuleType) -> None:
    rules = impl.Rules.zheng_fen(jokers_wild=False)
    assert impl.classify("7c BJ", rules) == []
    assert [str(c) for c in impl.classify("RJ", rules)] == ["single RJ 1: RJ"]


def test_the_four_jokers_are_only_the_bomb(impl: ModuleType) -> None:
    rules = impl.Rules.zen_cheng_you()
    hand = "5c 5c 5d 6c 6c 6d BJ BJ RJ RJ"
    assert impl.classify(hand, rules) == []
    assert not [m for m in impl.legal_moves(hand, None, rules) if m.kind == "full_house_seq"]
    [seq] = impl.classify("5c 5c 5d 6c 6c 6d BJ RJ 9c 9d", rules)
    assert (seq.kind, seq.rank, seq.length) == ("full_house_seq", "6", 2)
