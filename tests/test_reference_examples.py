"""Tests of the pure-Python reference (zhengfen.reference) against RULES.md.

Every example sentence of RULES.md §1, §2, §4-§6 and §8-§10 is an assertion here, together
with the input errors, the rule-set validation of §3, and a brute-force cross-check of
``legal_moves`` on small hands: every sub-multiset of the hand is classified and the moves
must be exactly the card sets and kinds that have a legal reading, each at its highest legal
value (§6.2, §10).
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Callable, Iterator
from itertools import product

import pytest

from zhengfen import reference as ref
from zhengfen.errors import InvalidCardsError, InvalidComboError, RulesError

ZF = ref.Rules.zheng_fen()
ZF_TAME = ref.Rules.zheng_fen(jokers_wild=False)
ZCY = ref.Rules.zen_cheng_you()
RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]


def readings(cards: str, rules: ref.Rules = ZF) -> list[str]:
    """classify, written in combination notation."""
    return [str(combo) for combo in ref.classify(cards, rules)]


def heads(cards: str, rules: ref.Rules = ZF) -> list[str]:
    """classify, as ``KIND RANK LENGTH`` only."""
    return [f"{c.kind} {c.rank} {c.length}" for c in ref.classify(cards, rules)]


def moves(hand: str, table: str | None, rules: ref.Rules = ZF) -> set[str]:
    return {str(move) for move in ref.legal_moves(hand, table, rules)}


# --- §1 Cards and notation ---------------------------------------------------------------


def test_1_1_rank_order_and_joker_numbers() -> None:
    ranks = RANKS
    assert [ref.Card(rank + "c").rank for rank in ranks] == ranks
    assert ref.Card("BJ").index == 52 and ref.Card("RJ").index == 53
    singles = [f"{rank}s" for rank in ranks] + ["BJ", "RJ"]
    for low, high in zip(singles, singles[1:]):
        assert ref.beats(high, low, ZF) and not ref.beats(low, high, ZF)
        assert ref.beats(high, low, ZCY) and not ref.beats(low, high, ZCY)


def test_1_2_suit_symbols() -> None:
    for letter, symbols in zip("cdhs", ("♣♧", "♦♢", "♥♡", "♠♤")):
        for symbol in symbols:
            assert ref.Card("Q" + symbol) == ref.Card("Q" + letter)
    assert ref.Card("3h").suit == "h" and ref.Card("BJ").suit is None


def test_1_3_card_tokens() -> None:
    assert [str(c) for c in ref.parse_cards("3c 10h Th Js Ad 2c BJ RJ", decks=2)] == [
        "3c", "10h", "10h", "Js", "Ad", "2c", "BJ", "RJ",
    ]  # fmt: skip
    assert ref.Card("th") == ref.Card("TH") == ref.Card("10h")
    assert ref.Card("bj") == ref.Card("BJ") and ref.Card("rJ") == ref.Card("RJ")
    assert ref.parse_cards(" 3c,4d , ,5h\t6s,,") == ref.Cards("3c 4d 5h 6s")
    assert ref.parse_cards("") == ref.Cards() and len(ref.parse_cards(" , ")) == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3c 1x", "unknown card token '1x' at position 2"),
        ("zz", "unknown card token 'zz' at position 1"),
        ("3c,4c,,11h", "unknown card token '11h' at position 3"),
        ("3c 4d joker", "unknown card token 'joker' at position 3"),
        ("10", "unknown card token '10' at position 1"),
        ("1h", "unknown card token '1h' at position 1"),
    ],
)
def test_1_3_unknown_token_names_token_and_position(text: str, message: str) -> None:
    with pytest.raises(InvalidCardsError, match=f"^{message}$"):
        ref.parse_cards(text)


def test_1_3_card_errors() -> None:
    with pytest.raises(InvalidCardsError, match="unknown card token 'Xh' at position 1"):
        ref.Card("Xh")
    with pytest.raises(InvalidCardsError, match="at position 2"):
        ref.Cards(["3c", "3x"])


def test_1_4_canonical_indices() -> None:
    for rank_number, rank in enumerate(RANKS):
        for suit_number, suit in enumerate("cdhs"):
            card = ref.Card(rank + suit)
            assert card.index == 4 * rank_number + suit_number
            assert (card.rank, card.suit) == (rank, suit)
    assert ref.Card("3c") < ref.Card("3d") < ref.Card("4c") < ref.Card("2s") < ref.Card("BJ")
    assert sorted(ref.Card(t) for t in ["RJ", "2s", "3c"]) == [
        ref.Card(t) for t in ["3c", "2s", "RJ"]
    ]
    double = ref.shuffle_deck(2, ref.SplitMix64(1))
    assert sorted(card.index for card in double) == sorted(list(range(54)) * 2)


def test_1_5_card_sets_and_multisets() -> None:
    assert ref.Cards("5c 5c", decks=2) == ref.Cards(["5c", ref.Card("5c")], decks=2)
    assert ref.Cards("5c 5c", decks=2).count("5c") == 2 and len(ref.Cards("5c 5c", decks=2)) == 2
    assert hash(ref.Cards("5c 6c")) == hash(ref.Cards("6c 5c", decks=2))
    assert "5c" in ref.Cards("5c") and ref.Card("6c") not in ref.Cards("5c")
    with pytest.raises(InvalidCardsError, match=r"^duplicate card 5c$"):
        ref.Cards("5c 6d 5c")
    with pytest.raises(InvalidCardsError, match=r"^duplicate card BJ$"):
        ref.Cards("BJ bj")
    with pytest.raises(InvalidCardsError, match=r"^more than two copies of 5c$"):
        ref.Cards("5c 5c 5c", decks=2)
    with pytest.raises(ValueError):
        ref.Cards("5c", decks=3)
    # A one-deck rule set refuses a two-deck set holding a card twice.
    with pytest.raises(InvalidCardsError, match="duplicate card 5c"):
        ref.classify(ref.Cards("5c 5c", decks=2), ZF)
    with pytest.raises(InvalidCardsError, match="duplicate card 7c"):
        ref.legal_moves(ref.Cards("7c 7c", decks=2), None, ZF)


def test_1_6_canonical_notation() -> None:
    cards = ref.Cards("RJ BJ js th 3C Th", decks=2)
    assert str(cards) == "3c 10h 10h Js BJ RJ"
    assert repr(cards) == "Cards('3c 10h 10h Js BJ RJ', decks=2)"
    assert repr(ref.Cards("10h 3c")) == "Cards('3c 10h')"
    assert str(ref.Cards()) == "" and str(ref.Card("Td")) == "10d"
    assert repr(ref.Card("Td")) == "Card('10d')"
    assert eval(repr(cards), {"Cards": ref.Cards}) == cards


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        ("pair 7 1: 7c 7d", ZF),
        ("pair_seq 6 3: 4c 4d 5c 5d BJ RJ", ZF),
        ("special four_twos 1: 2c 2d 2h 2s", ZF),
        ("bomb joker 6: BJ BJ RJ RJ", ZCY),
    ],
)
def test_1_7_combination_notation(text: str, rules: ref.Rules) -> None:
    combo = ref.Combo.parse(text, rules)
    assert str(combo) == text and repr(combo) == f"<Combo {text}>"
    assert combo in ref.classify(combo.cards, rules)


def test_1_8_points() -> None:
    assert ref.points(ref.Cards("5c 10d Kh")) == 25
    assert ref.points(ref.Cards("3c 4d Qh Ac 2s BJ RJ")) == 0
    # A joker standing for a 5, 10 or K still scores 0.
    assert ref.classify("5c 5d BJ", ZF)[0].rank == "5" and ref.points(ref.Cards("5c 5d BJ")) == 10
    assert ref.points(ref.Cards([ref.Card.from_index(i) for i in range(54)])) == 100
    everything = [ref.Card.from_index(i % 54) for i in range(108)]
    assert ref.points(ref.Cards(everything, decks=2)) == 200


# --- §2 Dealing ----------------------------------------------------------------------------


def test_2_1_splitmix64_vector() -> None:
    rng = ref.SplitMix64(0)
    assert rng.next() == 0xE220A8397B1DCDAF
    assert rng.state == 0x9E3779B97F4A7C15
    # Further outputs of the published SplitMix64 for seed 0.
    assert rng.next() == 0x6E789E6AA1B965F4
    assert rng.next() == 0x06C45D188009454F
    wrapped = ref.SplitMix64(2**64 - 1)
    wrapped.next()
    assert wrapped.state == (2**64 - 1 + 0x9E3779B97F4A7C15) % 2**64
    with pytest.raises(ValueError):
        ref.SplitMix64(-1)


def test_2_2_uniform() -> None:
    assert ref.SplitMix64(0).uniform(10) == 0xE220A8397B1DCDAF % 10
    assert ref.SplitMix64(0).uniform(1) == 0
    # 2^64 mod (2^63 + 1) = 2^63 - 1: the first output (>= 2^63 + 1) is rejected.
    assert ref.SplitMix64(0).uniform(2**63 + 1) == 0x6E789E6AA1B965F4
    for bad in (0, -3):
        with pytest.raises(ValueError):
            ref.SplitMix64(0).uniform(bad)


def test_2_3_shuffle_is_the_specified_fisher_yates() -> None:
    rng, check = ref.SplitMix64(42), ref.SplitMix64(42)
    expected = list(range(54))
    for i in range(53, 0, -1):
        j = check.uniform(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert [card.index for card in ref.shuffle_deck(1, rng)] == expected
    assert rng.state == check.state


def test_2_4_deal() -> None:
    hands = ref.deal(ZF, 0)
    assert [len(hand) for hand in hands] == [14, 14, 13, 13]
    assert [len(h) for h in ref.deal(ZF, 0, first_drawer=1)] == [13, 14, 14, 13]
    assert sorted(i for hand in hands for i in (c.index for c in hand)) == list(range(54))
    deck = ref.shuffle_deck(1, ref.SplitMix64(0))
    assert hands[1] == ref.Cards(deck[1::4]) and hands[0] == ref.Cards(deck[0::4])
    assert [len(hand) for hand in ref.deal(ref.Rules.zheng_fen(players=3), 5)] == [18] * 3
    assert [len(hand) for hand in ref.deal(ref.Rules.zheng_fen(players=5), 5)] == [11] * 4 + [10]
    four = ref.deal(ZCY, 9)
    assert [len(hand) for hand in four] == [27] * 4 and all(h.decks == 2 for h in four)
    assert sorted(c.index for hand in four for c in hand) == sorted(list(range(54)) * 2)
    # Each deal of a game draws from the stream where the previous one stopped.
    stream, check = ref.SplitMix64(3), ref.SplitMix64(3)
    first, second = ref.deal(ZF, stream), ref.deal(ZF, stream)
    assert first == ref.deal(ZF, 3) and first != second
    ref.shuffle_deck(1, check)
    assert second == ref.deal(ZF, check)
    with pytest.raises(ValueError):
        ref.deal(ZF, 0, first_drawer=4)


# --- §3 Rule sets ----------------------------------------------------------------------------


def test_3_presets_and_fixed_options() -> None:
    assert (ZF.game, ZF.players, ZF.decks, ZF.jokers_wild, ZF.next_leader) == (
        "zheng_fen", 4, 1, True, "first_out",
    )  # fmt: skip
    assert (ZF.target, ZF.tie, ZF.lead_after_out, ZF.last_chance) == (500, "play_on", "next", True)
    assert (ZCY.game, ZCY.players, ZCY.decks, ZCY.target) == ("zen_cheng_you", 4, 2, 1000)
    assert (ZCY.jokers_wild, ZCY.next_leader, ZCY.tie) == (False, "first_out", "play_on")
    assert (ZCY.lead_after_out, ZCY.last_chance) == ("next", False)
    assert repr(ZF) == (
        "Rules.zheng_fen(players=4, jokers_wild=True, next_leader='first_out', "
        "target=500, tie='play_on')"
    )
    assert repr(ZCY) == "Rules.zen_cheng_you(target=1000, lead_after_out='next', last_chance=False)"
    custom = ref.Rules.zheng_fen(
        6, jokers_wild=False, next_leader="best_score", target=7, tie="share"
    )
    custom_zcy = ref.Rules.zen_cheng_you(target=1, lead_after_out="partner", last_chance=True)
    for rules in (ZF, ZCY, custom, custom_zcy):
        assert eval(repr(rules), {"Rules": ref.Rules}) == rules
    # Passing a fixed option its fixed value is allowed.
    assert ref.Rules.zheng_fen(lead_after_out="next", last_chance=True) == ZF
    assert ref.Rules.zen_cheng_you(players=4, jokers_wild=False, next_leader="first_out") == ZCY
    assert ref.Rules.zen_cheng_you(tie="play_on") == ZCY
    assert len({ref.Rules.zheng_fen(), ref.Rules.zheng_fen(players=4), ZCY}) == 2
    assert ref.Rules.zheng_fen(players=5) != ZF
    with pytest.raises(dataclasses.FrozenInstanceError):
        ZF.players = 5  # type: ignore[misc]


@pytest.mark.parametrize(
    ("game", "options", "named"),
    [
        ("zheng_fen", {"players": 7}, "players"),
        ("zheng_fen", {"players": 2}, "players"),
        ("zheng_fen", {"players": True}, "players"),
        ("zheng_fen", {"players": "4"}, "players"),
        ("zheng_fen", {"players": 4.0}, "players"),
        ("zheng_fen", {"target": 0}, "target"),
        ("zheng_fen", {"target": -10}, "target"),
        ("zheng_fen", {"target": True}, "target"),
        ("zheng_fen", {"target": 1.5}, "target"),
        ("zheng_fen", {"jokers_wild": 1}, "jokers_wild"),
        ("zheng_fen", {"jokers_wild": "yes"}, "jokers_wild"),
        ("zheng_fen", {"next_leader": "random"}, "next_leader"),
        ("zheng_fen", {"next_leader": 1}, "next_leader"),
        ("zheng_fen", {"tie": "split"}, "tie"),
        ("zheng_fen", {"tie": None}, "tie"),
        ("zheng_fen", {"lead_after_out": "partner"}, "lead_after_out"),
        ("zheng_fen", {"last_chance": False}, "last_chance"),
        ("zheng_fen", {"colour": "red"}, "colour"),
        ("zheng_fen", {"decks": 1}, "decks"),
        ("zen_cheng_you", {"players": 5}, "players"),
        ("zen_cheng_you", {"players": 3}, "players"),
        ("zen_cheng_you", {"jokers_wild": True}, "jokers_wild"),
        ("zen_cheng_you", {"next_leader": "best_score"}, "next_leader"),
        ("zen_cheng_you", {"tie": "share"}, "tie"),
        ("zen_cheng_you", {"target": 0}, "target"),
        ("zen_cheng_you", {"lead_after_out": "first"}, "lead_after_out"),
        ("zen_cheng_you", {"last_chance": 0}, "last_chance"),
        ("zen_cheng_you", {"speed": 2}, "speed"),
    ],
)
def test_3_4_rules_errors_name_the_option(
    game: str, options: dict[str, object], named: str
) -> None:
    make: Callable[..., ref.Rules] = getattr(ref.Rules, game)
    with pytest.raises(RulesError, match=f"'{named}'"):
        make(**options)


def test_3_4_positional_players() -> None:
    assert ref.Rules.zheng_fen(3).players == 3
    with pytest.raises(RulesError, match="'players'"):
        ref.Rules.zheng_fen(False)


# --- §4 Zheng Fen combinations ----------------------------------------------------------------


def test_4_2_wild_jokers_option() -> None:
    assert heads("7c BJ") == ["pair 7 1"]
    assert heads("7c BJ", ZF_TAME) == [] and heads("BJ RJ", ZF_TAME) == []
    assert heads("BJ", ZF_TAME) == ["single BJ 1"] and heads("RJ", ZF) == ["single RJ 1"]
    # Both jokers may stand for the same rank; a joker never stands outside 3..2.
    assert heads("Kc Kd Ac Ad BJ RJ") == ["pair_seq 2 3", "pair_seq A 3"]


def test_4_3_singles() -> None:
    assert heads("2h") == ["single 2 1"] and heads("BJ") == ["single BJ 1"]
    assert ref.beats("RJ", "BJ", ZF) and ref.beats("BJ", "2s", ZF) and not ref.beats("3c", "3d", ZF)


def test_4_4_groups() -> None:
    assert heads("7c 7d") == ["pair 7 1"]
    assert heads("7c BJ") == ["pair 7 1"]
    assert heads("BJ RJ") == [f"pair {r} 1" for r in reversed(RANKS)]
    assert ref.classify("BJ RJ", ZF)[0].rank == "2"
    assert heads("7h BJ RJ") == ["triple 7 1"]
    assert heads("2c 2d 2h BJ") == ["four 2 1"]
    assert heads("2c 2d 2h 2s") == ["special four_twos 1"]
    assert heads("9c 9d 9h 9s") == ["four 9 1"] and heads("9c 9d 9h") == ["triple 9 1"]
    assert heads("7c 8c") == [] and heads("7c 7d 8c BJ") == []


def test_4_5_sequences() -> None:
    assert heads("Kc Kd Ac Ad 2c 2d") == ["pair_seq 2 3"]
    assert heads("Ac Ad 2c 2d 3c 3d") == []
    assert heads("3c 3d 4c 4d 5c 5d") == ["pair_seq 5 3"]
    assert heads("6c 6d 7c 7d 8c 8d 9c 9d") == ["pair_seq 9 4"]
    assert heads("6c 6d 7c 7d") == []  # two groups are no sequence
    assert heads("3c 3d 3h 4c 4d 4h 5c 5d 5h") == ["triple_seq 5 3"]
    assert heads("Qc Qd Qh Qs Kc Kd Kh Ks Ac Ad Ah As") == ["four_seq A 3"]
    assert heads("3c 3d 3h 4c 4d 4h 5c 5d BJ") == ["triple_seq 5 3"]
    assert heads("3c 3d 4c 4d 6c 6d") == []  # not consecutive
    assert heads("3c 3d 4c 4d 6c BJ") == []  # a joker fills one card, not a missing group


FULL_HOUSES = [
    "8c 8d 8h Jc Jd",  # (a) a pair
    "8c 8d 8h Ah 2h",  # (b) suited, adjacent
    "8c 8d 8h 3c Jd",  # (c) a 3 and any card
    "8c 8d 8h 10c Kd",  # (d) two point cards
    "8c 8d 8h 4c BJ",  # a joker kicker
]
NOT_FULL_HOUSES = ["8c 8d 8h 4c Jd", "8c 8d 8h Ah 2s", "8c 8d 8h 8s BJ"]


@pytest.mark.parametrize("cards", FULL_HOUSES)
def test_4_6_full_houses(cards: str) -> None:
    assert heads(cards) == ["full_house 8 1"]


@pytest.mark.parametrize("cards", NOT_FULL_HOUSES)
def test_4_6_not_full_houses(cards: str) -> None:
    assert "full_house" not in {combo.kind for combo in ref.classify(cards, ZF)}


def test_4_6_kicker_details() -> None:
    assert heads("8c 8d 8h 2h 3h") == ["full_house 8 1"]  # by (c), though 2-3 is no wrap
    assert heads("8c 8d 8h 2h 3c") == ["full_house 8 1"]
    assert heads("8c 8d 8h 2h Ks") == []  # 2 and K: not adjacent, 2 is no point card
    assert heads("8c 8d 8h 5s 5h") == ["full_house 8 1"]
    assert heads("8c 8d BJ 9d 10d") == ["full_house 8 1"]  # triple made with a joker
    assert heads("8c 8d BJ RJ 9c") == ["full_house 9 1", "full_house 8 1"]  # 9 BJ RJ + 8 8
    assert heads("8c 8d 8h BJ RJ") == ["full_house 8 1"]  # two joker kickers: a pair
    assert ref.beats("9c 9d 9h 4c 5c", "8c 8d 8h Jc Jd", ZF)
    assert not ref.beats("8c 8d 8h Ac Ad", "8s BJ RJ 3c 4c", ZF)  # by its triple alone


def test_4_7_straight_flushes() -> None:
    assert heads("Jh Qh Kh Ah 2h") == ["straight_flush 2 5"]
    assert heads("Kh Ah 2h 3h 4h") == []  # no wrap
    assert heads("3c 4d 5h 6s 7c") == []  # no mixed-suit straight
    assert heads("3h 5h 7h 9h Jh") == []  # no plain flush
    assert heads("3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah 2h") == ["straight_flush 2 13"]
    assert heads("9s 10s BJ Qs Ks") == ["straight_flush K 5"]
    assert heads("Jh Qh Kh Ah BJ") == ["straight_flush 2 5", "straight_flush A 5"]


def test_4_9_specials() -> None:
    assert heads("2c 2d 2h 2s") == ["special four_twos 1"]
    assert heads("5c 10c Kc") == ["special suited_5_10_k 1"]
    assert heads("5c 10c Kd") == ["special mixed_5_10_k 1"]
    assert heads("5c 10c BJ") == []
    assert ref.beats("5h 10h Kh", "5c 10d Kc", ZF) and ref.beats("2c 2d 2h 2s", "5h 10h Kh", ZF)
    assert not ref.beats("5h 10h Kd", "5c 10d Kc", ZF)  # same tier: a tie


def test_4_10_readings_and_order() -> None:
    assert heads("4c 4d 5c 5d BJ RJ") == ["pair_seq 6 3", "pair_seq 5 3"]
    # A full house of 5s (5h BJ RJ + 6h 7h) and of 7s (7h BJ RJ + 5h 6h, suited adjacent).
    assert heads("5h 6h 7h BJ RJ") == [
        "straight_flush 9 5", "straight_flush 8 5", "straight_flush 7 5",
        "full_house 7 1", "full_house 5 1",
    ]  # fmt: skip
    assert "full_house 5 1" in heads("5h 6h 7h BJ RJ")
    assert heads("3c 4c") == [] and ref.classify("", ZF) == []
    ordered = ["special", "straight_flush", "four_seq", "triple_seq", "pair_seq"]
    ordered += ["full_house", "four", "triple", "pair", "single"]
    assert heads("3c 3d BJ RJ 4c 4d") == ["pair_seq 5 3"]
    for cards in ("Qc Qd Kc Kd BJ RJ", "7h 8h 9h 10h BJ RJ", "3c 4c 5c 6c BJ RJ"):
        kinds = [c.kind for c in ref.classify(cards, ZF)]
        assert kinds == sorted(kinds, key=ordered.index)


# --- §5 Zheng Fen beating ----------------------------------------------------------------------


def test_5_1_same_kind_strictly_higher() -> None:
    assert ref.beats("8c 8d", "7c 7d", ZF) and not ref.beats("7h 7s", "7c 7d", ZF)
    assert not ref.beats("8c 8d 8h", "7c 7d", ZF)  # another kind
    assert not ref.beats("2c", "3c 3d", ZF)


def test_5_2_values() -> None:
    assert ref.beats("7c 7d 8c 8d 9c 9d", "6c 6d 7h 7s 8h 8s", ZF)
    assert ref.beats("6c 6d 7c 7d 8c 8d 9c 9d", "7h 7s 8h 8s 9h 9s", ZF)
    assert not ref.beats("7h 7s 8h 8s 9h 9s", "6c 6d 7c 7d 8c 8d 9c 9d", ZF)
    assert ref.beats("9c 9d 10c 10d Jc Jd", "3c 3d 4c 4d 5c 5d 6c 6d 7c 7d", ZF)
    assert not ref.beats("3c 3d 4c 4d 5c 5d 6c 6d 7c 7d", "9c 9d 10c 10d Jc Jd", ZF)
    assert not ref.beats("7h BJ RJ", "7c 7d 7s", ZF) and not ref.beats("7c 7d 7s", "7h BJ RJ", ZF)
    assert not ref.beats("4h 5h 6h 7h 8h 9h", "4c 5c 6c 7c 8c BJ", ZF)  # ties with a joker
    assert ref.beats("4h 5h 6h 7h 8h 9h", "5c 6c 7c 8c 9c", ZF)


def test_5_3_specials_beat_everything_else() -> None:
    assert ref.beats("5s 10h Kd", "Jh Qh Kh Ah 2h", ZF)
    assert ref.beats("2c 2d 2h 2s", "5s 10s Ks", ZF)
    assert not ref.beats("Jh Qh Kh Ah 2h", "5s 10h Kd", ZF)
    assert not ref.beats("BJ RJ", "5s 10h Kd", ZF)


# --- §6 Zheng Fen legal moves ------------------------------------------------------------------


def test_6_1_leads_and_follows() -> None:
    assert moves("3c 3d", None) == {"single 3 1: 3c", "single 3 1: 3d", "pair 3 1: 3c 3d"}
    assert moves("3c 3d 9h", "pair 3 1: 3h 3s") == set()
    assert moves("BJ RJ 8c", "7c 7d") == {
        "pair 2 1: BJ RJ", "pair 8 1: 8c BJ", "pair 8 1: 8c RJ",
    }  # fmt: skip
    assert moves("Kc 5d 10s 9c", "Jh Qh Kh Ah 2h") == {"special mixed_5_10_k 1: 5d 10s Kc"}
    assert ref.legal_moves("", None, ZF) == []
    with pytest.raises(InvalidCardsError, match="27"):
        ref.legal_moves(ref.Cards([ref.Card.from_index(i) for i in range(28)]), None, ZF)


def test_6_2_once_per_kind() -> None:
    leads = moves("BJ RJ", None)
    assert "pair 2 1: BJ RJ" in leads and len([m for m in leads if m.startswith("pair")]) == 1
    assert {m for m in moves("4c 4d 5c 5d BJ RJ", None) if m.startswith("pair_seq")} == {
        "pair_seq 6 3: 4c 4d 5c 5d BJ RJ"
    }
    # Following, the highest legal value of the kind is listed.
    assert moves("Jh Qh Kh Ah BJ", "straight_flush K 5: 9c 10c Jc Qc Kc") == {
        "straight_flush 2 5: Jh Qh Kh Ah BJ",
    }
    assert "pair 2 1: BJ RJ" in moves("BJ RJ", "pair 7 1: 7c 7d")


def test_6_3_digest() -> None:
    listed = ref.legal_moves("3c 3d BJ", None, ZF)
    text = "\n".join(sorted(str(m) for m in listed))
    assert ref.move_digest(listed) == hashlib.sha256(text.encode()).hexdigest()[:16]
    assert ref.move_digest(reversed(listed)) == ref.move_digest(listed)
    assert ref.move_digest([]) == hashlib.sha256(b"").hexdigest()[:16]
    # Sorted by bytes: "pair " comes before "pair_seq" (0x20 < 0x5f).
    two = [
        ref.Combo.parse("pair_seq 5 3: 3c 3d 4c 4d 5c 5d", ZF),
        ref.Combo.parse("pair 3 1: 3c 3d", ZF),
    ]
    expected = "pair 3 1: 3c 3d\npair_seq 5 3: 3c 3d 4c 4d 5c 5d"
    assert ref.move_digest(two) == hashlib.sha256(expected.encode()).hexdigest()[:16]


# --- §8 Zen Cheng You combinations ----------------------------------------------------------------


def test_8_2_ranks_and_jokers() -> None:
    assert heads("7c BJ", ZCY) == []  # jokers are not wild
    assert ref.beats("RJ", "BJ", ZCY) and ref.beats("BJ", "2c", ZCY)
    assert heads("BJ RJ", ZCY) == ["pair joker 1"] and heads("RJ RJ", ZCY) == ["pair joker 1"]
    assert not ref.beats("RJ RJ", "BJ BJ", ZCY) and ref.beats("BJ BJ", "2c 2d", ZCY)
    assert heads("BJ BJ RJ", ZCY) == ["triple joker 1"] and heads("BJ RJ RJ", ZCY) == [
        "triple joker 1"
    ]
    assert heads("BJ BJ RJ RJ", ZCY) == ["bomb joker 6"]
    assert heads("Jc Qd Kh As 2c", ZCY) == []
    assert heads("Ac Ad 2c 2d", ZCY) == [] and heads("2c 2d BJ BJ", ZCY) == []
    assert heads("10c Jd Qh Ks Ac", ZCY) == ["straight A 5"]
    assert heads("Qc Qd Kc Kd Ac Ad", ZCY) == ["pair_seq A 3"]


def test_8_3_kinds() -> None:
    assert heads("9c", ZCY) == ["single 9 1"]
    assert heads("9c 9c", ZCY) == ["pair 9 1"] and heads("9c 9c 9d", ZCY) == ["triple 9 1"]
    assert heads("3c 3d 4c 4d", ZCY) == ["pair_seq 4 2"]
    assert heads("3c 3d 3h 4c 4d 4h", ZCY) == ["triple_seq 4 2"]
    assert heads("3c 4d 5h 6s 7c 8d", ZCY) == ["straight 8 6"]
    assert heads("3c 4d 5h 6s", ZCY) == []  # a straight needs five cards
    assert heads("2c 2d 2h 9s 9s", ZCY) == ["full_house 2 1"]
    assert heads("3c 3d Qc Qh 5c 5d 5h 6c 6d 6s", ZCY) == ["full_house_seq 6 2"]
    assert heads("5c 5d 5h 6c 6d 6s 7c 7d 7h 7s", ZCY) == ["full_house_seq 6 2"]
    assert heads("5c 5d 5h 6c 6d 6s 7c 7d 7h 8s", ZCY) == []
    assert heads("5c 5d 5h 6c 6d 6s 6h 6c 7c 7d", ZCY) == []  # a pair shares a triple's rank
    assert heads("5c 5d 5h 7c 7d 7h 8c 8d 9c 9d", ZCY) == []  # triples not consecutive
    assert heads("Kc Kd Kh Ac Ad Ah 3c 3d 2c 2c", ZCY) == ["full_house_seq A 2"]
    assert heads("Ac Ad Ah 2c 2d 2h 3c 3d 4c 4d", ZCY) == []  # A and 2 are not consecutive


def test_8_4_joker_groups_in_full_houses() -> None:
    assert heads("9c 9d 9h BJ RJ", ZCY) == ["full_house 9 1"]
    assert heads("BJ BJ RJ 9c 9d", ZCY) == ["full_house joker 1"]
    assert heads("3c 3d 3h 4c 4d 4h 9c 9d BJ RJ", ZCY) == ["full_house_seq 4 2"]
    assert heads("3c 3d 3h 4c 4d 4h BJ BJ RJ RJ", ZCY) == []  # four jokers: only the bomb
    assert ref.beats("BJ RJ RJ 3c 3d", "2c 2d 2h As As", ZCY)


def test_8_5_bombs() -> None:
    assert heads("7c 7d 7h 7s", ZCY) == ["bomb 7 4"]
    assert heads("7c 7d 7h 7s 7c 7d 7h 7s", ZCY) == ["bomb 7 8"]
    assert heads("BJ BJ RJ RJ", ZCY) == ["bomb joker 6"]
    assert heads("5h 6h 7h 8h 9h", ZCY) == ["straight_flush 9 5", "straight 9 5"]
    assert heads("10s Js Qs Ks As", ZCY) == ["straight_flush A 5", "straight A 5"]


def test_8_6_order() -> None:
    ordered = ["straight_flush", "bomb", "straight", "full_house_seq", "full_house"]
    ordered += ["triple_seq", "triple", "pair_seq", "pair", "single"]
    assert heads("3h 4h 5h 6h 7h 8h", ZCY)[0] == "straight_flush 8 6"
    for cards in ("3h 4h 5h 6h 7h", "9c 9d", "3c 3d 3h 4c 4c 4d"):
        kinds = [c.kind for c in ref.classify(cards, ZCY)]
        assert kinds == sorted(kinds, key=ordered.index)


# --- §9 Zen Cheng You beating -----------------------------------------------------------------


def test_9_1_non_bombs() -> None:
    assert not ref.beats("3c 3d 4c 4d 5c 5d", "3h 3s 4h 4s", ZCY)
    assert not ref.beats("3h 3s 4h 4s", "3c 3d 4c 4d 5c 5d", ZCY)
    assert ref.beats("4c 4d 5c 5d", "3h 3s 4h 4s", ZCY)
    assert not ref.beats("4c 5d 6h 7s 8c 9d", "3c 4d 5h 6s 7c", ZCY)
    assert ref.beats("4c 5d 6h 7s 8c", "3c 4d 5h 6s 7c", ZCY)
    assert not ref.beats("4c 4d 4h 5c 5d", "3c 3d 3h 3s", ZCY)


BOMB_CHAIN = [
    "bomb K 4: Kc Kd Kh Ks",
    "bomb 3 5: 3c 3c 3d 3h 3s",
    "straight_flush 7 5: 3c 4c 5c 6c 7c",
    "bomb 2 6: 2c 2c 2d 2d 2h 2s",
    "bomb joker 6: BJ BJ RJ RJ",
    "straight_flush 8 6: 3d 4d 5d 6d 7d 8d",
    "bomb 4 7: 4c 4c 4d 4d 4h 4h 4s",
    "straight_flush 9 7: 3h 4h 5h 6h 7h 8h 9h",
    "bomb 5 8: 5c 5c 5d 5d 5h 5h 5s 5s",
    "straight_flush 10 8: 3s 4s 5s 6s 7s 8s 9s 10s",
    "straight_flush J 9: 3s 4s 5s 6s 7s 8s 9s 10s Js",
]


def test_9_2_bomb_order() -> None:
    chain = [ref.Combo.parse(text, ZCY) for text in BOMB_CHAIN]
    for i, low in enumerate(chain):
        for high in chain[i + 1 :]:
            assert ref.beats(high, low, ZCY) and not ref.beats(low, high, ZCY)
        assert not ref.beats(low, low, ZCY)  # equal bombs tie
        assert ref.beats(low, "2c 2d", ZCY) and not ref.beats("BJ RJ", low, ZCY)
    assert ref.beats("4c 4d 4h 4s", "3c 3d 3h 3s", ZCY)
    assert not ref.beats("3c 4c 5c 6c 7c", "3d 4d 5d 6d 7d", ZCY)
    assert not ref.beats("3c 4d 5h 6s 7c 8c", "Kc Kd Kh Ks", ZCY)  # only a bomb follows a bomb


# --- §10 Zen Cheng You legal moves --------------------------------------------------------------


def test_10_legal_moves() -> None:
    hand = "5h 6h 7h 8h 9h"
    assert {"straight_flush 9 5: 5h 6h 7h 8h 9h", "straight 9 5: 5h 6h 7h 8h 9h"} <= moves(
        hand, None, ZCY
    )
    assert moves(hand, "straight 8 5: 4c 5c 6d 7d 8d", ZCY) == {
        "straight_flush 9 5: 5h 6h 7h 8h 9h", "straight 9 5: 5h 6h 7h 8h 9h",
    }  # fmt: skip
    assert moves(hand, "Kc Kd Kh Ks", ZCY) == {"straight_flush 9 5: 5h 6h 7h 8h 9h"}
    assert moves("5c 5c 6d", None, ZCY) == {
        "single 5 1: 5c", "single 6 1: 6d", "pair 5 1: 5c 5c",
    }  # fmt: skip
    assert moves("BJ BJ RJ RJ 2c", "2d 2d 2h 2s 2c 2c", ZCY) == {"bomb joker 6: BJ BJ RJ RJ"}
    assert moves("3c 3d 4c 4d 5c 5d", "pair_seq 4 2: 3h 3s 4h 4s", ZCY) == {
        "pair_seq 5 2: 4c 4d 5c 5d",
    }


# --- Bad input --------------------------------------------------------------------------------


def test_combo_parse_errors() -> None:
    for text in ("pair 7 1 7c 7d", "pair 7: 7c 7d", "pass", "", "pair 7 1 x: 7c 7d"):
        with pytest.raises(InvalidComboError):
            ref.Combo.parse(text, ZF)
    with pytest.raises(InvalidComboError, match="kind"):
        ref.Combo.parse("bomb 7 4: 7c 7d 7h 7s", ZF)
    with pytest.raises(InvalidComboError, match="kind"):
        ref.Combo.parse("four 7 1: 7c 7d 7h 7s", ZCY)
    with pytest.raises(InvalidComboError, match="length"):
        ref.Combo.parse("pair 7 0: 7c 7d", ZF)
    with pytest.raises(InvalidComboError, match="not a reading"):
        ref.Combo.parse("pair 8 1: 7c 7d", ZF)
    with pytest.raises(InvalidComboError, match="not a reading"):
        ref.Combo.parse("pair 7 1: 7c BJ", ZF_TAME)
    with pytest.raises(InvalidComboError, match="not a reading"):
        ref.Combo.parse("pair 2 1: BJ RJ", ZCY)
    with pytest.raises(InvalidComboError, match="not a reading"):
        ref.Combo.parse("single 7 1: ", ZF)
    with pytest.raises(InvalidCardsError):
        ref.Combo.parse("pair 7 1: 7c 7x", ZF)


def test_combo_values_checked_against_rules() -> None:
    wild_pair = ref.Combo.parse("pair 7 1: 7c BJ", ZF)
    with pytest.raises(InvalidComboError):
        ref.beats(wild_pair, "6c 6d", ZF_TAME)
    with pytest.raises(InvalidComboError):
        ref.legal_moves("8c 8d", wild_pair, ZF_TAME)
    forged = ref.Combo("pair", "9", 1, ref.Cards("7c 7d"))
    with pytest.raises(InvalidComboError):
        ref.beats("8c 8d", forged, ZF)
    with pytest.raises(InvalidComboError, match="no combination"):
        ref.beats("7c 8d", "3c", ZF)
    with pytest.raises(InvalidComboError):
        ref.legal_moves("8c 8d", "", ZF)
    assert ref.beats("pair 8 1: 8c 8d", "pair 7 1: 7c 7d", ZF)
    assert ref.Combo.parse("pair 7 1: 7c 7d", ZF) == ref.Combo("pair", "7", 1, ref.Cards("7d 7c"))
    assert len({ref.Combo.parse("pair 7 1: 7c 7d", ZF), ref.classify("7d 7c", ZF)[0]}) == 1


# --- Brute force: legal_moves against every sub-multiset ----------------------------------------


def sub_multisets(hand: ref.Cards) -> Iterator[ref.Cards]:
    """Every non-empty sub-multiset of a hand, each once."""
    distinct = sorted(set(hand.indices))
    copies = [hand.indices.count(index) for index in distinct]
    for choice in product(*(range(n + 1) for n in copies)):
        indices = [index for index, n in zip(distinct, choice) for _ in range(n)]
        if indices:
            yield ref.Cards([ref.Card.from_index(index) for index in indices], decks=hand.decks)


def all_readings(hand: ref.Cards, rules: ref.Rules) -> list[list[ref.Combo]]:
    return [ref.classify(sub, rules) for sub in sub_multisets(hand)]


def brute_force_moves(
    readings_per_set: list[list[ref.Combo]], table: ref.Combo | None, rules: ref.Rules
) -> set[ref.Combo]:
    """§6.2: each set, each kind, its highest reading that is legal (classify lists a kind's
    readings highest first)."""
    expected: set[ref.Combo] = set()
    for found in readings_per_set:
        listed: set[str] = set()
        for reading in found:
            if reading.kind in listed:
                continue
            if table is None or ref.beats(reading, table, rules):
                listed.add(reading.kind)
                expected.add(reading)
    return expected


def check_hand(hand: ref.Cards, tables: list[ref.Combo], rules: ref.Rules) -> None:
    per_set = all_readings(hand, rules)
    for table in [None, *tables]:
        got = ref.legal_moves(hand, table, rules)
        keys = [(move.cards, move.kind) for move in got]
        assert len(keys) == len(set(keys)), f"a card set listed twice for one kind: {hand}"
        assert set(got) == brute_force_moves(per_set, table, rules), f"{hand} on {table}"


def random_hand(rng: random.Random, rules: ref.Rules, size: int, dense: bool) -> ref.Cards:
    """A random hand; a dense one is drawn from few ranks and suits to make combinations."""
    deck = [i % 54 for i in range(54 * rules.decks)]
    if dense:
        low = rng.randrange(13)
        ranks = {(low + k) % 13 for k in range(rng.choice((3, 4, 5)))}
        suits = set(rng.sample(range(4), rng.choice((1, 2, 3, 4))))
        deck = [i for i in deck if i >= 52 or (i // 4 in ranks and i % 4 in suits)]
        deck += [52, 53] * rng.randrange(3)  # more jokers, within the copies allowed below
    picked: list[int] = []
    for index in rng.sample(deck, len(deck)):
        if len(picked) < size and picked.count(index) < rules.decks:
            picked.append(index)
    return ref.Cards([ref.Card.from_index(i) for i in picked], decks=rules.decks)


def random_tables(rng: random.Random, hand: ref.Cards, rules: ref.Rules) -> list[ref.Combo]:
    """Tables to follow: some of the hand's own leads and of another dense hand's."""
    other = random_hand(rng, rules, rng.randint(2, 9), dense=True)
    pool = ref.legal_moves(hand, None, rules) + ref.legal_moves(other, None, rules)
    return rng.sample(pool, min(4, len(pool)))


@pytest.mark.parametrize("rules", [ZF, ZF_TAME, ZCY], ids=["zf", "zf_tame", "zcy"])
@pytest.mark.parametrize("seed", range(40))
def test_brute_force_small_hands(rules: ref.Rules, seed: int) -> None:
    rng = random.Random(f"{rules.game}-{rules.jokers_wild}-{seed}")
    hand = random_hand(rng, rules, rng.randint(1, 9), dense=seed % 4 != 0)
    check_hand(hand, random_tables(rng, hand, rules), rules)


@pytest.mark.parametrize("rules", [ZF, ZCY], ids=["zf", "zcy"])
@pytest.mark.parametrize("seed", range(6))
def test_brute_force_larger_dense_hands(rules: ref.Rules, seed: int) -> None:
    """10-12 cards, so that full_house_seq, triple_seq and four_seq occur."""
    rng = random.Random(f"large-{rules.game}-{seed}")
    hand = random_hand(rng, rules, rng.randint(10, 12), dense=True)
    check_hand(hand, random_tables(rng, hand, rules)[:2], rules)


def test_brute_force_chosen_hands() -> None:
    for text, rules in [
        ("3c 3d 3h 4c 4c 4d 5c 5d 5d BJ RJ RJ", ZCY),
        ("3c 3d 3h 4c 4d 4h 5c 5c 5d 5d 6c 6d", ZCY),
        ("5c 5d 5h 6c 6d 6s 7c 7d 7h 7s 7c", ZCY),  # two pairs of one rank
        ("Ac Ad Ah Kc Kd Kh 2c 2d BJ BJ RJ RJ", ZCY),
        ("5c 10c Kc 5d 10d Kd 2c 2d 2h 2s", ZF),
        ("3c 4c 5c 6c 7c 8c BJ RJ 9c", ZF),
        ("Qc Qd Qh Kc Kd Ac Ad BJ RJ", ZF),
        ("8c 8d 8h 3c 3d Ah 2h 10c Kd", ZF),
    ]:
        hand = ref.Cards(text, decks=rules.decks)
        check_hand(hand, random_tables(random.Random(text), hand, rules), rules)


# --- Large hands: soundness everywhere, completeness on windows of ranks -------------------------


@pytest.mark.parametrize(
    "rules", [ref.Rules.zheng_fen(players=3), ZF_TAME, ZCY], ids=["zf3", "zf_tame", "zcy"]
)
@pytest.mark.parametrize("seed", range(8))
def test_large_hands(rules: ref.Rules, seed: int) -> None:
    hand = ref.deal(rules, seed)[0]
    rng = random.Random(seed)
    leads = ref.legal_moves(hand, None, rules)
    tables = [None, *rng.sample(leads, 3)]
    for table in tables:
        got = ref.legal_moves(hand, table, rules)
        keys = [(move.cards, move.kind) for move in got]
        assert len(keys) == len(set(keys))
        for move in got:
            assert all(move.cards.count(card) <= hand.count(card) for card in move.cards)
            found = [c for c in ref.classify(move.cards, rules) if c.kind == move.kind]
            legal = [c for c in found if table is None or ref.beats(c, table, rules)]
            assert legal and legal[0] == move  # the highest legal reading of its kind
        # Completeness: every move of a sub-hand (checked by brute force above) is a move here.
        low = rng.randrange(10)
        part = [c for c in hand if c.index >= 52 or low <= c.index // 4 < low + 3][:11]
        sub_hand = ref.Cards(part, decks=rules.decks)
        assert set(ref.legal_moves(sub_hand, table, rules)) <= set(got)
