"""Tests of the reference Game (RULES.md §7, §11, §12): hand-built positions, one per rule,
and invariants over many seeded random games of both games."""

from __future__ import annotations

import json
import pickle
import random
from collections import Counter
from collections.abc import Callable
from typing import Any, Union

import pytest

from zhengfen import reference as ref
from zhengfen.errors import IllegalMoveError, InvalidStateError
from zhengfen.reference.match import TIE_BREAK_CARDS, first_leader, next_first_drawer
from zhengfen.reference.turns import leader_after_trick

Game = ref.Game


def zf(players: int = 4, **options: Any) -> ref.Rules:
    return ref.Rules.zheng_fen(players=players, **options)


def zcy(**options: Any) -> ref.Rules:
    return ref.Rules.zen_cheng_you(**options)


def play_all(game: ref.Game, *moves: str) -> None:
    for move in moves:
        game.play(move)


def events(game: ref.Game, since: int = 0) -> list[dict[str, Any]]:
    """The events after the deal event (and after ``since`` more)."""
    return game.history[1 + since :]


def no_declarations(game: ref.Game) -> None:
    """Pass through both declaration phases of a Zen Cheng You round."""
    while game.phase in ("blind_declare", "declare"):
        game.play("pass")


# -- §7.3, §11.4: a trick won by a player who has gone out -----------------------------------


def test_zf_trick_won_by_out_player_next_holder_leads() -> None:
    game = Game.from_hands(zf(), ["Ac", "3c 4c", "3d 4d", "3s 4s"], leader=0)
    play_all(game, "Ac", "pass", "pass", "pass")
    assert events(game) == [
        {"type": "play", "seat": 0, "combo": "single A 1: Ac"},
        {"type": "out", "seat": 0, "place": 1},
        {"type": "pass", "seat": 1},
        {"type": "pass", "seat": 2},
        {"type": "pass", "seat": 3},
        {"type": "trick", "winner": 0, "points": 0},
    ]
    assert game.current_player == 1
    assert game.table is None and game.trick == []
    play_all(game, "3c", "4d", "pass")
    assert game.current_player == 1  # seat 3's turn passes to seat 1: seat 0 is out (§7.2)
    game.play("pass")
    assert game.history[-1] == {"type": "trick", "winner": 2, "points": 0}
    assert game.current_player == 2


@pytest.mark.parametrize(("lead_after_out", "leader"), [("next", 1), ("partner", 2)])
def test_zcy_trick_won_by_out_player(lead_after_out: str, leader: int) -> None:
    rules = zcy(lead_after_out=lead_after_out)
    game = Game.from_hands(rules, ["2c", "3c 4c", "3d 4d", "3h 4h"], leader=0)
    no_declarations(game)
    play_all(game, "2c", "pass", "pass", "pass")
    assert game.history[-1] == {"type": "trick", "winner": 0, "points": 0}
    assert game.out_order == [0]
    assert game.current_player == leader


def test_zcy_partner_lead_falls_back_to_next_holder() -> None:
    # §11.4: the winner (seat 0) and his partner (seat 2) are both out.
    hands = [ref.Cards(hand, decks=2) for hand in ("", "3c 4c", "", "3h 4h")]
    assert leader_after_trick(zcy(lead_after_out="partner"), hands, 0) == 1
    assert leader_after_trick(zcy(lead_after_out="partner"), hands, 2) == 3


def test_zf_pass_does_not_shut_out_of_trick() -> None:
    game = Game.from_hands(zf(players=3), ["3c 5c 9c", "6c 8c", "4c 7c"], leader=0)
    play_all(game, "3c", "pass", "4c", "5c", "6c")  # seat 1 passed, then plays
    assert [str(move) for _, move in game.trick][-2:] == ["single 5 1: 5c", "single 6 1: 6c"]
    play_all(game, "7c", "pass", "8c")  # seat 2, then seat 1 go out
    assert game.out_order == [2, 1] and game.current_player == 0
    game.play("9c")  # seat 0's last chance
    assert game.out_order == [2, 1, 0] and game.match_over


# -- §7.5, §7.6: the last chance and the transfer to the first out ---------------------------


def _last_chance_game() -> ref.Game:
    game = Game.from_hands(zf(players=3), ["5c", "Kc 3c", "10d 3d"], leader=0)
    play_all(game, "5c", "Kc", "pass", "3c")
    assert game.out_order == [0, 1]
    assert game.current_player == 2 and not game.match_over
    assert {str(m) for m in game.legal_moves()} == {"single 10 1: 10d", "pass"}
    return game


def test_zf_last_chance_that_beats() -> None:
    game = _last_chance_game()
    before = len(game.history)
    game.play("10d")
    assert game.history[before:] == [
        {"type": "play", "seat": 2, "combo": "single 10 1: 10d"},
        {"type": "trick", "winner": 2, "points": 10},
        {"type": "out", "seat": 2, "place": 3},
        {"type": "transfer", "from": 2, "to": 0, "points": 10},
        {"type": "match_scored", "match_points": [10, 15, 0], "scores": [10, 15, 0]},
    ]
    assert game.phase == "match_over" and game.current_player is None
    assert game.out_order == [0, 1, 2]
    # §12.4b: the transfer moves the cards: seat 2's pile (10d) and hand (3d) go to seat 0.
    assert str(game.hand(2)) == ""
    assert game.observation(1)["points_won"] == [10, 15, 0]
    assert game.observation(1)["cards_left"] == [0, 0, 0]
    assert json.loads(game.to_json())["hands"] == ["", "", ""]


def test_zf_last_chance_that_passes() -> None:
    game = _last_chance_game()
    before = len(game.history)
    game.play("pass")
    assert game.history[before:] == [
        {"type": "pass", "seat": 2},
        {"type": "trick", "winner": 1, "points": 0},
        {"type": "out", "seat": 2, "place": 3},
        {"type": "transfer", "from": 2, "to": 0, "points": 10},
        {"type": "match_scored", "match_points": [10, 15, 0], "scores": [10, 15, 0]},
    ]


def test_zf_last_player_going_out_in_his_last_turn() -> None:
    # §12.4: he is appended at the end of the match, after the trick event.
    game = Game.from_hands(zf(players=3), ["5c", "Kc 3c", "10d"], leader=0)
    play_all(game, "5c", "Kc", "pass", "3c", "10d")
    assert game.history[-5:] == [
        {"type": "play", "seat": 2, "combo": "single 10 1: 10d"},
        {"type": "trick", "winner": 2, "points": 10},
        {"type": "out", "seat": 2, "place": 3},
        {"type": "transfer", "from": 2, "to": 0, "points": 10},
        {"type": "match_scored", "match_points": [10, 15, 0], "scores": [10, 15, 0]},
    ]


# -- §11.5, §12.4: the Zen Cheng You ends ------------------------------------------------------


def test_zcy_one_two_finish() -> None:
    game = Game.from_hands(zcy(), ["3c", "5c 6c", "9c", "7c 8c"], leader=0)
    no_declarations(game)
    play_all(game, "3c", "5c", "9c")
    assert events(game, 8) == [
        {"type": "play", "seat": 0, "combo": "single 3 1: 3c"},
        {"type": "out", "seat": 0, "place": 1},
        {"type": "play", "seat": 1, "combo": "single 5 1: 5c"},
        {"type": "play", "seat": 2, "combo": "single 9 1: 9c"},
        {"type": "out", "seat": 2, "place": 2},
        {"type": "trick", "winner": 2, "points": 5},
        {"type": "match_scored", "match_points": [200, 0], "scores": [200, 0]},
    ]
    assert game.out_order == [0, 2]


@pytest.mark.parametrize("last_chance", [False, True])
def test_zcy_three_out(last_chance: bool) -> None:
    game = Game.from_hands(zcy(last_chance=last_chance), ["3c", "4c", "5c", "3d 3h Kc"], leader=0)
    no_declarations(game)
    play_all(game, "3c", "4c", "5c")
    if not last_chance:
        assert game.match_over
        assert game.history[-4:] == [
            {"type": "trick", "winner": 2, "points": 5},
            {"type": "out", "seat": 3, "place": 4},
            {"type": "transfer", "from": 3, "to_team": 0, "points": 10},
            {"type": "match_scored", "match_points": [15, 0], "scores": [15, 0]},
        ]
        # Seat 0 took seat 2's pile (3c 4c 5c); seat 3's hand went to seat 0, after him.
        assert game.observation(0)["points_won"] == [15, 0, 0, 0]
        assert [str(game.hand(seat)) for seat in range(4)] == ["", "", "", ""]
        return
    assert game.current_player == 3 and not game.match_over
    game.play("Kc")
    assert game.history[-5:] == [
        {"type": "play", "seat": 3, "combo": "single K 1: Kc"},
        {"type": "trick", "winner": 3, "points": 15},
        {"type": "out", "seat": 3, "place": 4},
        {"type": "transfer", "from": 3, "to_team": 0, "points": 15},
        {"type": "match_scored", "match_points": [15, 0], "scores": [15, 0]},
    ]
    assert game.out_order == [0, 1, 2, 3]
    assert game.observation(2)["points_won"] == [15, 0, 0, 0]
    assert str(game.hand(3)) == ""


def test_zcy_last_chance_going_out_is_appended_after_the_trick() -> None:
    game = Game.from_hands(zcy(last_chance=True), ["3c", "4c", "5c", "Kc"], leader=0)
    no_declarations(game)
    play_all(game, "3c", "4c", "5c")
    assert game.current_player == 3
    game.play("Kc")
    assert game.history[-6:] == [
        {"type": "out", "seat": 2, "place": 3},
        {"type": "play", "seat": 3, "combo": "single K 1: Kc"},
        {"type": "trick", "winner": 3, "points": 15},
        {"type": "out", "seat": 3, "place": 4},
        {"type": "transfer", "from": 3, "to_team": 0, "points": 15},
        {"type": "match_scored", "match_points": [15, 0], "scores": [15, 0]},
    ]


def test_zcy_last_player_is_the_first_finishers_partner() -> None:
    # §12.4a: seat 0 goes out first, seats 1 and 3 next; seat 2 (seat 0's partner) is last,
    # holding Kd 10h (20) and a pile with Kc (10). First seat 0 takes seat 2's pile; then
    # seat 2 gives his (now empty) pile and his hand to seat 3, the seat after him.
    hands = ["5c", "7c", "Kc 3d Kd 10h", "8c"]
    game = Game.from_hands(zcy(), hands, leader=2)
    no_declarations(game)
    play_all(game, "Kc", "pass", "pass", "pass")  # seat 2 wins Kc
    play_all(game, "3d", "pass", "5c", "7c", "pass", "8c")
    assert game.history[-8:-1] == [
        {"type": "out", "seat": 1, "place": 2},
        {"type": "pass", "seat": 2},
        {"type": "play", "seat": 3, "combo": "single 8 1: 8c"},
        {"type": "out", "seat": 3, "place": 3},
        {"type": "trick", "winner": 3, "points": 5},
        {"type": "out", "seat": 2, "place": 4},
        {"type": "transfer", "from": 2, "to_team": 1, "points": 20},
    ]
    assert game.out_order == [0, 1, 3, 2]
    assert game.match_points == [10, 25] == game.scores == game.history[-1]["match_points"]
    assert game.observation(0)["points_won"] == [10, 0, 0, 25]
    assert [str(game.hand(seat)) for seat in range(4)] == ["", "", "", ""]


def test_zcy_transfer_goes_to_the_seat_after_the_last_player() -> None:
    # Out order 0, 3, 2: seat 1 is last and gives his hand (Kd 10d) to seat 2, not seat 0.
    game = Game.from_hands(zcy(), ["3c", "Kd 10d", "5c", "4c"], leader=0)
    no_declarations(game)
    play_all(game, "3c", "pass", "pass", "4c", "pass", "5c")
    assert game.out_order == [0, 3, 2, 1]
    assert game.history[-2] == {"type": "transfer", "from": 1, "to_team": 0, "points": 20}
    assert game.observation(3)["points_won"] == [5, 0, 20, 0]
    assert game.match_points == [25, 0]
    assert json.loads(game.to_json())["hands"] == ["", "", "", ""]


def test_zcy_one_two_finish_moves_no_cards() -> None:
    game = Game.from_hands(zcy(), ["3c", "5c 6c", "9c", "7c 8c"], leader=0)
    no_declarations(game)
    play_all(game, "3c", "5c", "9c")
    assert [str(game.hand(seat)) for seat in range(4)] == ["", "6c", "", "7c 8c"]
    assert game.observation(1)["points_won"] == [0, 0, 5, 0]


# -- §11.2: declarations ----------------------------------------------------------------------


def test_zcy_declaration_order_and_visibility() -> None:
    game = Game.from_hands(zcy(), ["3c", "4c", "5c", "6c"], leader=2)
    order = []
    assert game.observation(2)["hand"] == ""  # blind: before seeing his cards
    for move in ("pass", "blind", "pass", "pass"):
        assert game.phase == "blind_declare"
        order.append(game.current_player)
        game.play(move)
    assert order == [2, 3, 0, 1]
    assert game.phase == "declare" and game.observation(2)["hand"] == "5c"
    assert game.legal_moves() == ["declare", "pass"]
    order = []
    for move in ("pass", "declare", "pass"):
        order.append(game.current_player)
        game.play(move)
    assert order == [2, 0, 1]  # seat 3 declared blind
    assert game.phase == "play" and game.current_player == 2
    assert game.observation(0)["declarations"] == [
        [2, "pass"], [3, "blind"], [0, "pass"], [1, "pass"], [2, "pass"], [0, "declare"],
        [1, "pass"],
    ]  # fmt: skip


def test_zcy_all_blind_skips_declare_phase() -> None:
    game = Game.from_hands(zcy(), ["3c", "4c", "5c", "6c"], leader=1)
    play_all(game, "blind", "blind", "blind", "blind")
    assert game.phase == "play" and game.current_player == 1


@pytest.mark.parametrize(
    ("declarations", "expected"),
    [
        # seat 0 finishes first (1-2 finish with seat 2): 200 for the finish
        ({0: "blind", 3: "declare"}, [400, -100]),  # blind succeeds, regular fails
        ({2: "blind", 1: "blind"}, [0, -200]),  # both blind fail: seat 2 was second
        ({0: "declare", 2: "declare"}, [200, 0]),  # +100 and -100
    ],
)
def test_zcy_declarations_scored(declarations: dict[int, str], expected: list[int]) -> None:
    game = Game.from_hands(zcy(), ["3c", "5c 6c", "9c", "7c 8c"], leader=0)
    while game.phase in ("blind_declare", "declare"):
        seat = game.current_player
        assert seat is not None
        wanted = declarations.get(seat, "pass")
        game.play(wanted if wanted in game.legal_moves() else "pass")
    play_all(game, "3c", "5c", "9c")
    assert game.match_points == expected
    assert game.history[-1]["match_points"] == expected


def test_zcy_declaration_with_transfer() -> None:
    # No 1-2 finish: pile points plus the transfer plus the declaration of seat 1 (failed).
    game = Game.from_hands(zcy(), ["3c", "4c", "5c", "3d 3h Kc"], leader=0)
    play_all(game, "pass", "blind", "pass", "pass", "declare", "pass", "pass")
    play_all(game, "3c", "4c", "5c")
    assert game.match_points == [15 + 100, -200]


# -- §7.7, §11.8: the game ---------------------------------------------------------------------


def _tied_match(**options: Any) -> ref.Game:
    # out order 0, 1, 2; seat 1 wins Kc Ac (10); seat 2 beats 3d with Kd (10) in his last
    # chance and gives his pile and hand (Kd, 3c: 10) to seat 0: [10, 10, 0].
    game = Game.from_hands(zf(players=3, **options), ["Kc", "Ac 3d", "Kd 3c"], 0, seed=5)
    play_all(game, "Kc", "Ac", "pass", "3d", "Kd")
    assert game.out_order == [0, 1, 2]
    assert game.match_points == [10, 10, 0]
    return game


def test_tie_at_target_play_on() -> None:
    game = _tied_match(target=10)
    assert game.phase == "match_over" and not game.game_over and game.winners == []
    game.next_match()
    deal_event = game.history[-1]
    # Later matches of a from_hands game are dealt from its seed; the first out draws first.
    expected = ref.deal(zf(players=3, target=10), 5, first_drawer=0)
    assert deal_event == {
        "type": "deal",
        "match": 1,
        "first_drawer": 0,
        "leader": 0,
        "hands": [str(hand) for hand in expected],
    }
    assert game.current_player == 0 and game.phase == "play"


def test_tie_at_target_share() -> None:
    game = _tied_match(target=10, tie="share")
    assert game.game_over and game.phase == "game_over" and game.winners == [0, 1]
    assert game.history[-1] == {"type": "game_over", "winners": [0, 1]}
    assert game.legal_moves() == [] and game.current_player is None
    with pytest.raises(IllegalMoveError):
        game.next_match()
    with pytest.raises(IllegalMoveError):
        game.play("pass")


def test_single_winner_at_target() -> None:
    game = Game.from_hands(zf(players=3, target=20), ["Kc", "Ac 10d", "3c Kd"], leader=0)
    play_all(game, "Kc", "Ac", "pass", "10d", "pass")
    assert game.match_points == [10, 20, 0]
    assert game.winners == [1]


@pytest.mark.parametrize(("next_leader", "first"), [("first_out", 0), ("best_score", 1)])
def test_next_leader(next_leader: str, first: int) -> None:
    game = Game.from_hands(
        zf(players=3, next_leader=next_leader), ["Kc", "Ac 10d", "3c Kd"], leader=0, seed=3
    )
    play_all(game, "Kc", "Ac", "pass", "10d", "pass")
    assert game.match_points == [10, 20, 0]
    game.next_match()
    assert game.history[-1]["first_drawer"] == first == game.current_player
    assert game.history[-1]["hands"] == [str(h) for h in ref.deal(game.rules, 3, first)]


def test_best_score_tie_broken_by_out_order() -> None:
    rules = zf(players=4, next_leader="best_score")
    assert next_first_drawer(rules, [3, 1, 2, 0], [0, 40, 20, 40]) == 3
    assert next_first_drawer(rules, [1, 3, 2, 0], [0, 40, 20, 40]) == 1
    game = _tied_match(next_leader="best_score")
    game.next_match()
    assert game.current_player == 0  # seats 0 and 1 tied at 10; seat 0 went out first


def test_zcy_game_over_both_partners_win() -> None:
    game = Game.from_hands(zcy(target=200), ["3c", "5c 6c", "9c", "7c 8c"], leader=0)
    no_declarations(game)
    play_all(game, "3c", "5c", "9c")
    assert game.winners == [0, 2] and game.history[-1] == {"type": "game_over", "winners": [0, 2]}


def test_dealt_game_continues_the_stream() -> None:
    rules = zf(players=4, target=10_000)
    game = Game(rules, 42)
    rng = ref.SplitMix64(42)
    assert game.history[0]["hands"] == [str(h) for h in ref.deal(rules, rng, 0)]
    rnd = random.Random(1)
    while not game.match_over:
        game.play(rnd.choice(game.legal_moves()))
    first = game.out_order[0]
    game.next_match()
    assert game.history[-1]["hands"] == [str(h) for h in ref.deal(rules, rng, first)]
    assert game.history[-1]["match"] == 1 and game.current_player == first
    assert json.loads(game.to_json())["rng_state"] == rng.state


# -- §7.1, §11.1: first leaders --------------------------------------------------------------


def _two_deck(*hands: str) -> list[ref.Cards]:
    return [ref.Cards(hand, decks=2) for hand in hands]


def test_tie_break_list_order() -> None:
    shown = [str(card) for card in TIE_BREAK_CARDS]
    assert shown[:9] == ["2c", "2d", "2s", "2h", "3c", "3d", "3s", "3h", "4c"]
    assert shown[-4:] == ["Ac", "Ad", "As", "Ah"] and len(shown) == 52


def test_zcy_leader_with_both_copies() -> None:
    assert first_leader(zcy(), _two_deck("3c", "4c", "2c 2c", "5c")) == 2


@pytest.mark.parametrize(
    ("hands", "leader"),
    [
        (("2c 2h 2h", "", "2c 2s 2s", ""), 2),  # 2s comes before 2h (suits c d s h)
        (("2c Ah Ah", "2c 3c 3c Kh Kh", "", ""), 1),  # rank 3 before K and A
        (("2c Ac Ac", "", "", "2c Kh Kh"), 3),  # rank K before A
        (("2c 3c", "", "2c 3d", ""), 0),  # no pair at all: the lower seat
        (("4d 4d 2c", "2c 2d 2d", "", ""), 1),  # rank 2 first
    ],
)
def test_zcy_leader_tie_break(hands: tuple[str, ...], leader: int) -> None:
    assert first_leader(zcy(), _two_deck(*hands)) == leader


def _expected_zcy_leader(hands: list[str]) -> int:
    """§11.1 written out again, independently of the module under test."""
    counts = [hand.split().count("2c") for hand in hands]
    if 2 in counts:
        return counts.index(2)
    a, b = (seat for seat, count in enumerate(counts) if count == 1)
    for rank in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]:
        for suit in "cdsh":
            for seat in (a, b):
                if hands[seat].split().count(rank + suit) == 2:
                    return seat
    return a


def test_zcy_dealt_leader_both_branches() -> None:
    branches: Counter[str] = Counter()
    for seed in range(60):
        game = Game(zcy(), seed)
        hands = game.history[0]["hands"]
        both = any(hand.split().count("2c") == 2 for hand in hands)
        branches["both" if both else "split"] += 1
        assert game.current_player == _expected_zcy_leader(hands) == game.history[0]["leader"]
        assert game.history[0]["first_drawer"] == 0
    assert branches["both"] > 0 and branches["split"] > 0


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_zf_three_of_hearts_leads(players: int) -> None:
    for seed in range(10):
        game = Game(zf(players), seed)
        assert "3h" in game.hand(game.current_player or 0)
        assert game.history[0]["leader"] == game.current_player


# -- moves: what play() accepts -------------------------------------------------------------


def test_play_forms_and_highest_reading_only() -> None:
    rules = zf(players=3)
    game = Game.from_hands(rules, ["4c 4d 5c 5d BJ RJ", "3c", "3d"], leader=0)
    with pytest.raises(IllegalMoveError):
        game.play("pair_seq 5 3: 4c 4d 5c 5d BJ RJ")  # not its highest value (§6.2)
    twin = game.copy()
    game.play("4c 4d 5c 5d BJ RJ")  # cards: the strongest legal reading
    twin.play(ref.Combo.parse("pair_seq 6 3: 4c 4d 5c 5d BJ RJ", rules))
    assert game.history == twin.history
    assert game.decisions == ["pair_seq 6 3: 4c 4d 5c 5d BJ RJ"]


def test_card_notation_picks_first_legal_reading() -> None:
    # Leading, 5h 6h 7h BJ RJ is the straight flush 9 5; on a full house it is full_house 7 1.
    hands = ["6c 6d 6s 3c 3d 4s", "5h 6h 7h BJ RJ 3h", "4d"]
    leading = Game.from_hands(zf(players=3), hands, leader=1)
    leading.play("5h 6h 7h BJ RJ")
    assert leading.decisions == ["straight_flush 9 5: 5h 6h 7h BJ RJ"]
    game = Game.from_hands(zf(players=3), hands, leader=0)
    game.play("6c 6d 6s 3c 3d")
    game.play("5h 6h 7h BJ RJ")
    assert game.decisions[-1] == "full_house 7 1: 5h 6h 7h BJ RJ"
    with pytest.raises(IllegalMoveError):
        game.play("4d 5h")  # no reading


# -- observation, copies, pickling ----------------------------------------------------------


def test_observation_hides_other_hands() -> None:
    game = Game(zf(players=4), 8)
    obs = game.observation(1)
    assert set(obs) == {
        "seat", "phase", "current_player", "hand", "table", "table_player", "trick", "plays",
        "cards_left", "points_won", "out_order", "scores",
    }  # fmt: skip
    assert obs["hand"] == str(game.hand(1)) and obs["cards_left"] == [14, 14, 13, 13]
    text = json.dumps(obs)
    for seat in (0, 2, 3):
        for card in game.hand(seat):
            assert f'"{card}"' not in text and f" {card} " not in f" {obs['hand']} "


def test_pickle_and_repr() -> None:
    game = Game(zcy(), 3)
    no_declarations(game)
    clone = pickle.loads(pickle.dumps(game))
    assert clone.to_json() == game.to_json()
    assert repr(game).startswith("<Game zen_cheng_you match 0 play, seat ")


# -- random games: invariants ---------------------------------------------------------------


def _rebuilt(game: ref.Game) -> tuple[list[Counter[int]], list[Counter[int]], list[int]]:
    """Each seat's pile and hand in the current match, rebuilt from the history alone (the
    tricks, and the transfer moving the cards, §12.4a, §12.4b); and the cards dealt."""
    history = game.history
    start = max(i for i, e in enumerate(history) if e["type"] == "deal")
    decks = game.rules.decks
    hands = [Counter(ref.Cards(h, decks=decks).indices) for h in history[start]["hands"]]
    dealt = list(sum(hands, Counter[int]()).elements())
    piles: list[Counter[int]] = [Counter() for _ in hands]
    trick: Counter[int] = Counter()
    out: list[int] = []

    def pts(cards: Counter[int]) -> int:
        return ref.points(ref.Cards.from_indices(cards.elements(), 2))

    for event in history[start + 1 :]:
        if event["type"] == "play":
            played = Counter(ref.Cards(event["combo"].split(":")[1], decks=decks).indices)
            hands[event["seat"]] -= played
            trick += played
        elif event["type"] == "trick":
            assert event["points"] == pts(trick)
            piles[event["winner"]] += trick
            trick = Counter()
        elif event["type"] == "out":
            out.append(event["seat"])
        elif event["type"] == "transfer":
            giver = event["from"]
            if "to" in event:  # Zheng Fen: to the first player out
                receiver = event["to"]
                assert receiver == out[0]
            else:  # Zen Cheng You: the first finisher takes his partner's pile, then...
                partner = (out[0] + 2) % 4
                piles[out[0]] += piles[partner]
                piles[partner] = Counter()
                receiver = (giver + 1) % 4  # ... the last gives to the seat after him
                assert event["to_team"] == receiver % 2 != giver % 2
            assert event["points"] == pts(piles[giver]) + pts(hands[giver])
            piles[receiver] += piles[giver] + hands[giver]
            piles[giver], hands[giver] = Counter(), Counter()
    return piles, hands, dealt


def _check_state(game: ref.Game) -> None:
    """Hands, piles and the current trick hold exactly the cards dealt (§12.4b)."""
    piles, hands, dealt = _rebuilt(game)
    held: Counter[int] = Counter()
    for seat in range(game.rules.players):
        assert Counter(game.hand(seat).indices) == hands[seat]
        held.update(game.hand(seat).indices)
        held += piles[seat]
    for _, move in game.trick:
        if isinstance(move, ref.Combo):
            held.update(move.cards.indices)
    assert sorted(held.elements()) == sorted(dealt)
    observed = game.observation(0)
    assert observed["points_won"] == [
        ref.points(ref.Cards.from_indices(p.elements(), 2)) for p in piles
    ]
    if game.rules.game == "zheng_fen" and not game.match_over:
        assert game.match_points == observed["points_won"]


def _check_match_end(game: ref.Game) -> None:
    rules, out, points = game.rules, game.out_order, game.match_points
    history = game.history
    start = max(i for i, e in enumerate(history) if e["type"] == "deal")
    match = history[start:]
    assert [e["place"] for e in match if e["type"] == "out"] == list(range(1, len(out) + 1))
    assert [e["seat"] for e in match if e["type"] == "out"] == out
    won = game.observation(0)["points_won"]
    if rules.game == "zheng_fen":
        assert sorted(out) == list(range(rules.players))
        assert sum(points) == 100
        assert points[out[-1]] == 0 and points == won  # §12.4b: the piles after the transfer
        transfer = next(e for e in match if e["type"] == "transfer")
        assert transfer["from"] == out[-1] and transfer["to"] == out[0]
        assert str(game.hand(out[-1])) == ""
    else:
        values = {"blind": 200, "declare": 100, "pass": 0}
        declared = [0, 0]  # per team
        for e in match:
            if e["type"] == "declaration":
                value = values[e["move"]]
                declared[e["seat"] % 2] += value if e["seat"] == out[0] else -value
        assert sum(points) == 200 + sum(declared)
        if len(out) == 2:
            assert out[0] % 2 == out[1] % 2
            assert not any(e["type"] == "transfer" for e in match)
        else:
            assert sorted(out) == [0, 1, 2, 3]
            assert out[0] % 2 != out[1] % 2
            partner, receiver = (out[0] + 2) % 4, (out[-1] + 1) % 4
            if partner != receiver:  # the first finisher took his partner's pile
                assert won[partner] == 0
            assert won[out[-1]] == 0
            team_won = [won[0] + won[2], won[1] + won[3]]
            assert team_won == [p - d for p, d in zip(points, declared)]
            assert all(str(game.hand(seat)) == "" for seat in range(4))
    scored = [e for e in history if e["type"] == "match_scored"]
    totals = [sum(column) for column in zip(*(e["match_points"] for e in scored))]
    assert totals == game.scores == scored[-1]["scores"]


def _random_game(
    rules: ref.Rules,
    seed: int,
    on_decision: Callable[[ref.Game, random.Random], None],
    max_matches: int = 40,
) -> ref.Game:
    game = Game(rules, seed)
    rnd = random.Random(seed)
    for _ in range(max_matches):
        while not game.match_over:
            on_decision(game, rnd)
            game.play(rnd.choice(game.legal_moves()))
        _check_state(game)
        _check_match_end(game)
        if game.game_over:
            break
        game.next_match()
    return game


def _check_decision(game: ref.Game, rnd: random.Random) -> None:
    if rnd.random() < 0.3:  # rebuilding the piles from the history costs a full history copy
        _check_state(game)
    assert game.current_player is not None
    if game.phase == "play":
        moves = game.legal_moves()
        assert ("pass" in moves) == (game.table is not None)
        if rnd.random() < 0.1:  # a move is legal exactly when it is listed (§6.2)
            listed = {str(move) for move in moves}
            sample = rnd.choice(moves)
            if isinstance(sample, ref.Combo):
                for reading in ref.classify(sample.cards, game.rules):
                    twin = game.copy()
                    try:
                        twin.play(reading)
                        accepted = True
                    except IllegalMoveError:
                        accepted = False
                    assert accepted == (str(reading) in listed)


ZF_RULES = [zf(p, jokers_wild=w, target=150) for p in (3, 4, 5, 6) for w in (True, False)]
ZCY_RULES = [
    zcy(target=300),
    zcy(target=300, lead_after_out="partner"),
    zcy(target=300, last_chance=True),
]


@pytest.mark.parametrize("rules", ZF_RULES, ids=repr)
def test_random_zheng_fen_invariants(rules: ref.Rules) -> None:
    for seed in range(5):
        game = _random_game(rules, seed * 7919 + rules.players, _check_decision)
        assert game.game_over and game.winners


@pytest.mark.parametrize("rules", ZCY_RULES, ids=repr)
def test_random_zen_cheng_you_invariants(rules: ref.Rules) -> None:
    for seed in range(3):
        game = _random_game(rules, seed, _check_decision, max_matches=3)
        assert len(game.winners) in (0, 2)


def _continue(games: list[ref.Game], rnd: random.Random, steps: int) -> None:
    """Play the same random moves in every game (all in the same state)."""
    for _ in range(steps):
        lead = games[0]
        if lead.game_over:
            return
        if lead.match_over:
            for game in games:
                game.next_match()
            continue
        move = rnd.choice(lead.legal_moves())
        for game in games:
            game.play(move if isinstance(move, str) else str(move))


@pytest.mark.parametrize("rules", [*ZF_RULES[::3], *ZCY_RULES], ids=repr)
def test_round_trip_and_copy_continue_identically(rules: ref.Rules) -> None:
    for seed in range(4):
        rnd = random.Random(seed)
        game = Game(rules, seed)
        _continue([game], rnd, rnd.randrange(1, 150))
        loaded = Game.from_json(game.to_json())
        twin = game.copy()
        assert loaded.to_json() == game.to_json() == twin.to_json()
        _continue([game, loaded, twin], rnd, 120)
        assert loaded.to_json() == game.to_json() == twin.to_json()
        assert loaded.history == game.history and loaded.phase == game.phase


def test_round_trip_from_hands_and_after_next_match() -> None:
    game = _tied_match(target=10)
    assert Game.from_json(game.to_json()).to_json() == game.to_json()
    game.next_match()  # saved after next_match(), before any decision
    assert game.decisions[-1] == "next_match"
    loaded = Game.from_json(game.to_json())
    assert loaded.to_json() == game.to_json() and loaded.phase == "play"
    assert loaded.decisions == game.decisions
    saved = json.loads(game.to_json())
    assert saved["setup"] == {"hands": ["Kc", "3d Ac", "3c Kd"], "leader": 0, "seed": 5}
    # §12.7: the writer puts in the game and only its own options (§3.1).
    assert saved["rules"] == {
        "game": "zheng_fen", "players": 3, "jokers_wild": True, "next_leader": "first_out",
        "target": 10, "tie": "play_on",
    }  # fmt: skip
    assert saved["decisions"] == [
        "single K 1: Kc", "single A 1: Ac", "pass", "single 3 1: 3d", "single K 1: Kd",
        "next_match",
    ]  # fmt: skip


def test_next_match_is_a_decision_replayed_as_recorded() -> None:
    game = _tied_match(target=10)
    saved = json.loads(game.to_json())
    assert "next_match" not in saved["decisions"]
    game.next_match()
    game.play(game.legal_moves()[0])
    saved = json.loads(game.to_json())
    assert saved["decisions"][5] == "next_match"
    assert Game.from_json(json.dumps(saved)).to_json() == game.to_json()
    # No inference: without its "next_match" the decisions do not replay.
    del saved["decisions"][5]
    with pytest.raises(InvalidStateError):
        Game.from_json(json.dumps(saved))
    # ... nor with one too many, or one where no match is over.
    for decisions in (
        [*saved["decisions"][:5], "next_match", "next_match", *saved["decisions"][5:]],
        ["next_match", *saved["decisions"]],
    ):
        with pytest.raises(InvalidStateError):
            Game.from_json(json.dumps({**saved, "decisions": decisions}))


def test_saved_zen_cheng_you_rules_hold_its_own_options() -> None:
    game = Game(zcy(target=300, last_chance=True), 4)
    saved = json.loads(game.to_json())
    assert saved["rules"] == {
        "game": "zen_cheng_you", "target": 300, "lead_after_out": "next", "last_chance": True,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("rules", "given", "accepted"),
    [
        # the fixed options of §3.3, at their fixed values only
        (zf(4), {"lead_after_out": "next", "last_chance": True}, True),
        (zf(4), {"last_chance": False}, False),
        (zf(4), {"lead_after_out": "partner"}, False),
        (zcy(), {"players": 4, "jokers_wild": False, "next_leader": "first_out"}, True),
        (zcy(), {"tie": "play_on"}, True),
        (zcy(), {"jokers_wild": True}, False),
        (zcy(), {"players": 3}, False),
        (zcy(), {"tie": "share"}, False),
        # unknown names are refused
        (zf(4), {"jokers": True}, False),
        (zcy(), {"decks": 2}, False),
    ],
)
def test_saved_rules_reader(rules: ref.Rules, given: dict[str, Any], accepted: bool) -> None:
    game = Game(rules, 2)
    saved = json.loads(game.to_json())
    saved["rules"].update(given)
    if accepted:
        assert Game.from_json(json.dumps(saved)).to_json() == game.to_json()
    else:
        with pytest.raises(InvalidStateError):
            Game.from_json(json.dumps(saved))


@pytest.mark.parametrize("rules", [zf(4), zcy()], ids=repr)
def test_saved_rules_missing_options_take_defaults(rules: ref.Rules) -> None:
    game = Game(rules, 3)
    saved = json.loads(game.to_json())
    saved["rules"] = {"game": rules.game}
    loaded = Game.from_json(json.dumps(saved))
    assert loaded.rules == rules and loaded.to_json() == game.to_json()
    # A missing option that was not at its default: the default does not replay the game.
    three = Game(zf(3), 3)
    saved = json.loads(three.to_json())
    del saved["rules"]["players"]
    with pytest.raises(InvalidStateError):
        Game.from_json(json.dumps(saved))


# -- errors leave the state unchanged --------------------------------------------------------


def _illegal_moves(game: ref.Game) -> list[Any]:
    moves: list[Any] = ["zz", "", "3c 1x", None, 7, "PASS", "pair 8 1: 7c 7d", ["pass"]]
    seat = game.current_player
    assert seat is not None
    if game.phase == "play":
        moves += ["blind", "declare"]
        tokens = (str(ref.Card.from_index(index)) for index in range(54))
        moves.append(next(t for t in tokens if t not in game.hand(seat)))  # a card not held
        if game.table is None:
            moves.append("pass")
        else:
            moves.append(game.table[0])  # ties the table: never legal (§5.1, §9.1)
    else:
        moves += [str(next(iter(game.hand(seat)))), "pass pass"]
        moves.append("declare" if game.phase == "blind_declare" else "blind")
    return moves


def _snapshot(game: ref.Game) -> tuple[str, str, list[Any]]:
    return game.to_json(), repr(game), [game.observation(s) for s in range(game.rules.players)]


@pytest.mark.parametrize("rules", [zf(3), zf(6, jokers_wild=False), zcy(), zcy(last_chance=True)])
def test_errors_leave_state_unchanged(rules: ref.Rules) -> None:
    rnd = random.Random(11)
    game = Game(rules, 11)
    for _ in range(60):
        if game.match_over:
            break
        before = _snapshot(game)
        for move in _illegal_moves(game):
            with pytest.raises(IllegalMoveError):
                game.play(move)
            assert _snapshot(game) == before
        with pytest.raises(IllegalMoveError):
            game.next_match()
        assert _snapshot(game) == before
        game.play(rnd.choice(game.legal_moves()))


#: The first 28 cards of the canonical deck order (§1.4): one card too many for a hand.
_FIRST_28 = " ".join(str(ref.Card.from_index(index)) for index in range(28))

_DELETE = object()  # as a tampered value: remove the field
Path = tuple[Union[str, int], ...]


def _tampered(saved: dict[str, Any], path: Path, value: object) -> Any:
    """A deep copy of ``saved`` with the field at ``path`` set to ``value`` (or removed);
    a list index one past the end appends."""
    copy = json.loads(json.dumps(saved))
    *parents, last = path
    target = copy
    for key in parents:
        target = target[key]
    if value is _DELETE:
        del target[last]
    elif isinstance(target, list) and last == len(target):
        target.append(value)
    else:
        target[last] = value
    return copy


def _tamperings(saved: dict[str, Any]) -> list[tuple[Path, object]]:
    """(path, value) for every field of a saved game, each change one that must be refused."""
    history = saved["history"]
    changes: list[tuple[Path, object]] = [
        (("format",), "zhengfen-gam"),
        (("version",), 2),
        (("version",), True),
        (("extra",), 1),
        *(((key,), _DELETE) for key in saved),
        (("rules", "game"), "poker"),
        (("rules", "game"), _DELETE),
        (("rules", "decks"), 1 if saved["rules"]["game"] == "zheng_fen" else 2),
        (("rules",), [saved["rules"]]),
        (("setup", "seed"), saved["setup"]["seed"] + 1),
        (("setup", "seed"), -1),
        (("setup", "seed"), "1"),
        (("setup", "leader"), 0),
        (("rng_state",), saved["rng_state"] ^ 1),
        (("rng_state",), float(saved["rng_state"])),
        (("decisions", -1), _DELETE),
        (("decisions", len(saved["decisions"])), "pass"),
        (("decisions", 0), "declare"),
        (("decisions", 0), 3),
        (("hands", 0), saved["hands"][1]),
        (("hands", -1), _DELETE),
        (("history", -1), _DELETE),
        (("history", 0, "match"), 1),
        (("history", -1, "type"), "nothing"),
        (("history", 1, "seat"), bool(history[1]["seat"])),
        (("history", 1, "x"), None),
    ]
    for option, value in saved["rules"].items():
        if option == "game":
            continue
        if isinstance(value, bool):  # refused: the options are strictly typed (§3.4)
            new: object = int(value)
        elif isinstance(value, int):
            new = 0 if option == "target" else 7
        else:
            new = value + "x"
        changes.append((("rules", option), new))  # a missing option takes its default
    return changes


@pytest.mark.parametrize("rules", [zf(4), zcy()], ids=repr)
def test_corrupt_json_is_refused(rules: ref.Rules) -> None:
    rnd = random.Random(5)
    game = Game(rules, 5)
    _continue([game], rnd, 25)
    text = game.to_json()
    saved = json.loads(text)
    assert Game.from_json(json.dumps(saved)).to_json() == text
    for path, value in _tamperings(saved):
        with pytest.raises(InvalidStateError):
            Game.from_json(json.dumps(_tampered(saved, path, value)))
            pytest.fail(f"the saved game with {path} set to {value!r} was loaded")
    for text_value in ["", "[", "[]", "null", '"x"', text[:-1], text.replace("zheng", "zhang")]:
        with pytest.raises(InvalidStateError):
            Game.from_json(text_value)


def test_corrupt_json_from_hands_setup() -> None:
    game = Game.from_hands(zf(players=3), ["3c 4c", "5c", "6c"], leader=0)
    game.play("3c")
    saved = json.loads(game.to_json())
    changes: list[tuple[Path, object]] = [
        (("setup", "leader"), 1),
        (("setup", "leader"), 3),
        (("setup", "hands", 0), "3c 4d"),
        (("setup", "hands", 0), "3c 5c"),
        (("setup", "hands", -1), _DELETE),
        (("setup", "leader"), _DELETE),
        (("setup", "hands", 2), ""),  # a seat given no cards (§12.2)
    ]
    for path, value in changes:
        with pytest.raises(InvalidStateError):
            Game.from_json(json.dumps(_tampered(saved, path, value)))


@pytest.mark.parametrize(
    ("rules", "hands", "leader"),
    [
        (zf(3), ["3c", "4c"], 0),  # wrong number of hands
        (zf(3), ["3c", "3c", "4c"], 0),  # a card twice in one deck
        (zcy(), ["3c 3c", "3c", "4c", "5c"], 0),  # a third copy
        (zf(3), ["3c", "4c", "5c"], 3),  # no such seat
        (zf(3), ["3c", "4c", "5c"], -1),
        (zf(3), ["3c", "4c", "5c"], True),
        (zf(3), ["3c 1x", "4c", "5c"], 0),  # not a card
        (zf(3), [_FIRST_28, "Ac", "Ad"], 0),  # 28 cards in one hand (at most 27, §12.2)
        (zcy(), [_FIRST_28, "3c", "Ac", "Ad"], 0),
    ],
)
def test_from_hands_errors(rules: ref.Rules, hands: list[str], leader: Any) -> None:
    with pytest.raises(InvalidStateError):
        Game.from_hands(rules, hands, leader)


class _CountingGame(ref.Game):
    """A Game that counts the instances created, to see that a refused setup creates none."""

    created = 0

    def __new__(cls, *args: Any, **kwargs: Any) -> _CountingGame:
        _CountingGame.created += 1
        return super().__new__(cls)


@pytest.mark.parametrize(
    ("rules", "hands", "leader", "empty"),
    [
        (zf(3), ["3c", "4c", ""], 0, 2),
        (zf(3), ["3c", "4c", ""], 2, 2),  # the leader himself
        (zf(6), ["3c", "4c", "5c", "6c", "", "7c"], 0, 4),
        (zf(3), ["", "", ""], 0, 0),  # the first empty seat is named
        (zcy(), ["", "3c", "4c", "5c"], 1, 0),
        (zcy(), ["2c 2c", "3c", "4c", ""], 0, 3),
        (zcy(), ["2c", "", "4c", ""], 0, 1),
    ],
)
def test_from_hands_refuses_an_empty_hand(
    rules: ref.Rules, hands: list[str], leader: int, empty: int
) -> None:
    # §12.2: every seat holds at least one card; a position with someone out cannot be given.
    _CountingGame.created = 0
    with pytest.raises(InvalidStateError, match=rf"\bseat {empty} holds 0 cards"):
        _CountingGame.from_hands(rules, hands, leader)
    with pytest.raises(InvalidStateError, match=rf"\bseat {empty} holds 0 cards"):
        _CountingGame.from_hands(rules, [ref.Cards(h, decks=rules.decks) for h in hands], leader)
    assert _CountingGame.created == 0  # nothing was created
    full = [hand or f"{rank}h" for hand, rank in zip(hands, ["A", "K", "Q", "J", "10", "9"])]
    assert _CountingGame.from_hands(rules, full, leader).hand(empty) and _CountingGame.created == 1


def test_from_hands_limits_accepted() -> None:
    hand = " ".join(_FIRST_28.split()[:27])
    game = Game.from_hands(zf(3), [hand, "Ac", "Ad"], leader=2)  # 27 cards, and 1 card
    assert len(game.hand(0)) == 27 and game.current_player == 2
    assert [len(game.hand(seat)) for seat in range(3)] == [27, 1, 1]


@pytest.mark.parametrize("seed", [-1, 1 << 64, "1", 1.0, True, None])
def test_bad_seed_is_a_plain_value_error(seed: Any) -> None:
    with pytest.raises(ValueError) as caught:
        Game(zf(), seed)
    assert type(caught.value) is ValueError  # not a subclass specific to states
    with pytest.raises(ValueError) as caught:
        Game.from_hands(zf(3), ["3c", "4c", "5c"], 0, seed=seed)
    assert type(caught.value) is ValueError
    assert Game(zf(), (1 << 64) - 1).history[0]["type"] == "deal"
