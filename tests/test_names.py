"""``zhengfen.names``: combination names people read and type, and the legal moves with their
suit variants collapsed. The sweeps state invariants over many seeded positions of every rule
set; the examples pin the wording."""

from __future__ import annotations

import random
from typing import Any

import pytest

import zhengfen
from conftest import RULE_SPECS
from zhengfen.names import MoveGroup, combo_name, move_groups, move_name, parse_name

ZF = zhengfen.Rules.zheng_fen(players=3)
ZCY = zhengfen.Rules.zen_cheng_you()


def _positions(spec: dict[str, Any], seed: int, count: int) -> list[zhengfen.Game]:
    """``count`` positions of a game played on with seeded random moves."""
    options = {k: v for k, v in spec.items() if k != "game"}
    game = zhengfen.Game(zhengfen.Rules(spec["game"], **options), seed)
    rng = random.Random(seed)
    found: list[zhengfen.Game] = []
    while len(found) < count:
        if game.match_over:
            if game.game_over:
                break
            game.next_match()
        found.append(game.copy())
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    return found


def _key(move: zhengfen.Combo | str) -> tuple[Any, ...]:
    return (move,) if isinstance(move, str) else (move.kind, move.rank, move.length)


@pytest.mark.parametrize("spec", RULE_SPECS, ids=lambda s: "-".join(map(str, s.values())))
@pytest.mark.parametrize("seed", range(3))
def test_names_groups_and_parsing_agree_on_every_legal_move(
    spec: dict[str, Any], seed: int
) -> None:
    rng = random.Random(seed)
    for game in _positions(spec, seed, 40):
        moves = game.legal_moves()
        groups = move_groups(moves)
        # The groups partition the moves, in order of first appearance, one per name and key.
        indices = [i for g in groups for i in g.indices]
        assert sorted(indices) == list(range(len(moves)))
        assert [g.indices[0] for g in groups] == sorted(g.indices[0] for g in groups)
        assert len({g.name for g in groups}) == len(groups)
        keys = [{_key(moves[i]) for i in g.indices} for g in groups]
        assert all(len(k) == 1 for k in keys)
        assert len({next(iter(k)) for k in keys}) == len(groups)
        for group in groups:
            assert group.name and group.name.isascii()
            assert parse_name(group.name, moves) == list(group.indices)
            assert parse_name(group.name.upper(), moves) == list(group.indices)
        for i in rng.sample(range(len(moves)), min(8, len(moves))):
            move = moves[i]
            found = parse_name(move_name(move), moves)
            assert i in found
            assert {move_name(moves[j]) for j in found} == {move_name(move)}
            if not isinstance(move, str):
                notation = f"{move.kind} {move.rank} {move.length}: {move.cards}"
                assert parse_name(notation, moves) == [i]


NAMES = [
    (ZF, "single 7 1: 7c", "single 7"),
    (ZF, "single BJ 1: BJ", "black joker"),
    (ZF, "single RJ 1: RJ", "red joker"),
    (ZF, "pair 8 1: 8c 8d", "pair of 8s"),
    (ZF, "pair 2 1: BJ RJ", "pair of 2s"),
    (ZF, "triple Q 1: Qc Qd BJ", "triple of Qs"),
    (ZF, "four 10 1: 10c 10d 10h 10s", "four of 10s"),
    (ZF, "four A 1: Ac Ad Ah As", "four of As"),
    (ZF, "pair_seq 8 3: 6c 6d 7c 7d 8c 8d", "pairs 6 to 8"),
    (ZF, "triple_seq J 3: 9c 9d 9h 10c 10d 10h Jc Jd Jh", "triples 9 to J"),
    (ZF, "four_seq 2 3: Kc Kd Kh Ks Ac Ad Ah As 2c 2d 2h 2s", "fours K to 2"),
    (ZF, "full_house 8 1: 8c 8d 8h Jc Jd", "full house of 8s"),
    (ZF, "straight_flush 9 5: 5h 6h 7h 8h 9h", "straight flush 5 to 9 in hearts"),
    (ZF, "straight_flush 9 5: 5h 6h 7h BJ RJ", "straight flush 5 to 9 in hearts"),
    (ZF, "special four_twos 1: 2c 2d 2h 2s", "four twos"),
    (ZF, "special suited_5_10_k 1: 5s 10s Ks", "suited 5-10-K in spades"),
    (ZF, "special mixed_5_10_k 1: 5s 10h Kd", "mixed 5-10-K"),
    (ZCY, "pair joker 1: BJ RJ", "pair of jokers"),
    (ZCY, "triple joker 1: BJ BJ RJ", "triple of jokers"),
    (ZCY, "straight K 5: 9c 10d Jh Qs Kc", "straight 9 to K"),
    (ZCY, "full_house_seq 6 2: 3c 3d 5c 5d 5h 6c 6d 6h Qc Qc", "full houses 5 to 6"),
    (ZCY, "bomb 7 5: 7c 7c 7d 7h 7s", "bomb of five 7s"),
    (ZCY, "bomb 3 8: 3c 3c 3d 3d 3h 3h 3s 3s", "bomb of eight 3s"),
    (ZCY, "bomb joker 6: BJ BJ RJ RJ", "bomb of jokers"),
    (ZCY, "straight_flush A 6: 9d 10d Jd Qd Kd Ad", "straight flush 9 to A in diamonds"),
]


@pytest.mark.parametrize(("rules", "notation", "name"), NAMES, ids=[n for _, _, n in NAMES])
def test_combo_name_wording(rules: zhengfen.Rules, notation: str, name: str) -> None:
    combo = zhengfen.Combo.parse(notation, rules)
    assert combo_name(combo) == name
    assert combo_name(combo, suit=False) == name.split(" in ")[0]


def _moves(rules: zhengfen.Rules, hand: str) -> zhengfen.MoveList:
    """The leads of ``hand`` (past the Zen Cheng You declarations)."""
    filler = ["3c", "4c", "6c"][: rules.players - 1]
    game = zhengfen.Game.from_hands(rules, [hand, *filler], 0)
    while game.phase != "play":
        game.play("pass")
    return game.legal_moves()


HAND = "5h 6h 7h 8h 9h 6c 7c 8c 6d 7d 8d 2c 2d 2h 2s 10h Kh 5c BJ RJ"

TYPED = [
    ("pair 8", {"pair of 8s"}),
    ("Pair of 8S", {"pair of 8s"}),
    ("pair 8 1", {"pair of 8s"}),
    ("pair_seq 8 3", {"pairs 6 to 8"}),
    ("three pairs 6 to 8", {"pairs 6 to 8"}),
    ("pairs 6-8", {"pairs 6 to 8"}),
    ("pair 6 \u2013 8", {"pairs 6 to 8"}),
    ("triples 6 to 8", {"triples 6 to 8"}),
    ("straight to 9", {"straight flush 5 to 9 in hearts", "straight flush 5 to 9 in clubs"}),
    ("sf 5 to 9 hearts", {"straight flush 5 to 9 in hearts"}),
    ("straight flush 5 to 9 \u2665", {"straight flush 5 to 9 in hearts"}),
    ("four 2s", {"four twos", "four of 2s"}),
    ("four twos", {"four twos"}),
    ("5-10-K", {"mixed 5-10-K", "suited 5-10-K in hearts"}),
    ("mixed 5-10-k", {"mixed 5-10-K"}),
    ("black joker", {"black joker"}),
    ("single 10", {"single 10"}),
    ("10", {"single 10"}),
    ("king", {"single K"}),
    ("fh of 8s", {"full house of 8s"}),
    ("pair of 4s", set()),
    ("straight 3 to 9", set()),
    ("banana", set()),
    ("", set()),
]


@pytest.mark.parametrize(("typed", "names"), TYPED, ids=[t for t, _ in TYPED])
def test_parse_name_reads_tolerantly(typed: str, names: set[str]) -> None:
    moves = _moves(ZF, HAND)
    assert {move_name(moves[i]) for i in parse_name(typed, moves)} == names


def test_parse_name_reads_the_notation_with_cards_as_one_move() -> None:
    moves = _moves(ZF, HAND)
    found = parse_name("single 10 1: 10h", moves)
    assert [str(moves[i]) for i in found] == ["single 10 1: 10h"]
    found = parse_name("PAIR 8 1: 8h 8c", moves)
    assert [str(moves[i]) for i in found] == ["pair 8 1: 8c 8h"]


def test_zcy_joker_and_bomb_names_read_back() -> None:
    moves = _moves(ZCY, "7c 7c 7d 7h 7s BJ BJ RJ RJ 9c 10d Jh Qs Kc")
    for typed, name in [
        ("bomb of five 7s", "bomb of five 7s"),
        ("five 7s", "bomb of five 7s"),
        ("bomb 7", "bomb of four 7s"),
        ("bomb of jokers", "bomb of jokers"),
        ("pair of jokers", "pair of jokers"),
        ("red joker", "red joker"),
        ("straight 9 to K", "straight 9 to K"),
    ]:
        found = {move_name(moves[i]) for i in parse_name(typed, moves)}
        assert name in found and len(found) <= 2, (typed, found)


def test_move_groups_keep_string_moves_apart_and_in_order() -> None:
    moves = ["pass", *_moves(ZF, "8c 8d 8h 9c")]
    groups = move_groups(moves)
    assert groups[0] == MoveGroup("pass", (0,))
    assert groups[1:] == [
        MoveGroup("single 8", (1, 2, 3)),
        MoveGroup("single 9", (4,)),
        MoveGroup("pair of 8s", (5, 6, 7)),
        MoveGroup("triple of 8s", (8,)),
    ]
    assert parse_name("pass", moves) == [0]
