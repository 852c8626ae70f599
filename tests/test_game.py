"""The match and the game (RULES.md §7, §11, §12) for both implementations: the rulings'
positions, the first leaders, invariants of random games, saving and bad input."""

from __future__ import annotations

import copy
import json
import pickle
import random
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import zhengfen
from conftest import RULE_SPECS, make_rules
from zhengfen.conformance.scenarios import SCENARIOS, Scenario
from zhengfen.errors import IllegalMoveError, InvalidStateError

GAME_SPECS = [*RULE_SPECS, {"game": "zen_cheng_you", "last_chance": True}]


def play_scenario(impl: ModuleType, scenario: Scenario) -> Any:
    rules = make_rules(impl, scenario.rules)
    game = impl.Game.from_hands(rules, scenario.hands, scenario.leader)
    for decision in scenario.decisions:
        if decision == "next_match":  # as in saved decision lists (RULES.md §12.7)
            game.next_match()
        else:
            game.play(decision)
    return game


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_rulings_positions(impl: ModuleType, scenario: Scenario) -> None:
    game = play_scenario(impl, scenario)
    for attribute, expected in scenario.expect.items():
        assert getattr(game, attribute) == expected, attribute


def random_match(game: Any, rng: random.Random) -> None:
    while not game.match_over:
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])


def two_of_clubs_leader(hands: list[str]) -> int:
    """RULES.md §11.1, written out again for the test."""
    counts = [h.split().count("2c") for h in hands]
    if 2 in counts:
        return counts.index(2)
    candidates = [seat for seat, n in enumerate(counts) if n == 1]
    for rank in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]:
        for suit in "cdsh":
            for seat in candidates:
                if hands[seat].split().count(rank + suit) == 2:
                    return seat
    return min(candidates)


@pytest.mark.parametrize("seed", range(40))
def test_first_leaders(impl: ModuleType, seed: int) -> None:
    zf = impl.Game(impl.Rules.zheng_fen(players=3 + seed % 4), seed)
    assert "3h" in zf.hand(zf.current_player)
    zcy = impl.Game(impl.Rules.zen_cheng_you(), seed)
    hands = [str(zcy.hand(s)) for s in range(4)]
    assert zcy.current_player == two_of_clubs_leader(hands)
    assert zcy.phase == "blind_declare"


def test_later_matches(impl: ModuleType) -> None:
    for next_leader in ("first_out", "best_score"):
        game = impl.Game(impl.Rules.zheng_fen(next_leader=next_leader), 3)
        random_match(game, random.Random(3))
        points, order = game.match_points, game.out_order
        best = max(points)
        expected = (
            order[0] if next_leader == "first_out" else next(s for s in order if points[s] == best)
        )
        game.next_match()
        assert game.current_player == expected
        assert game.history[-1]["first_drawer"] == expected and game.history[-1]["match"] == 1


@given(spec=st.sampled_from(GAME_SPECS), seed=st.integers(0, 2**64 - 1))
def test_random_matches_keep_their_invariants(
    impl: ModuleType, spec: dict[str, Any], seed: int
) -> None:
    rules = make_rules(impl, spec)
    game = impl.Game(rules, seed)
    dealt = sorted(" ".join(str(game.hand(s)) for s in range(rules.players)).split())
    rng = random.Random(seed)
    while not game.match_over:
        # Cards are conserved: what is held and what was played make up the deal.
        held = " ".join(str(game.hand(s)) for s in range(rules.players)).split()
        assert sorted(held + played_cards(game)) == dealt
        game.play(rng.choice(game.legal_moves()))
    order = game.out_order
    if rules.game == "zheng_fen":
        assert sum(game.match_points) == 100
        assert sorted(order) == list(range(rules.players))
        assert game.match_points[order[-1]] == 0
    else:
        # 200 in the cards, plus each declaration won or lost (RULES.md §11.6).
        stakes = {"blind": 200, "declare": 100, "pass": 0}
        declared = [e for e in game.history if e["type"] == "declaration"]
        net = sum(stakes[e["move"]] * (1 if e["seat"] == order[0] else -1) for e in declared)
        assert sum(game.match_points) == 200 + net
        assert len(order) in (2, 4) and len(set(order)) == len(order)
    assert game.scores == game.match_points


def played_cards(game: Any) -> list[str]:
    """Every card played so far in the match, from the history."""
    plays = [e["combo"] for e in game.history if e["type"] == "play"]
    return [card for combo in plays for card in combo.split(": ")[1].split()]


@given(spec=st.sampled_from(GAME_SPECS), seed=st.integers(0, 2**64 - 1), cut=st.integers(0, 200))
def test_saved_and_copied_games_continue_alike(
    impl: ModuleType, spec: dict[str, Any], seed: int, cut: int
) -> None:
    rng = random.Random(seed)
    game = impl.Game(make_rules(impl, spec), seed)
    for _ in range(cut):
        if game.match_over:
            break
        game.play(rng.choice(game.legal_moves()))
    copies = [
        impl.Game.from_json(game.to_json()),
        game.copy(),
        pickle.loads(pickle.dumps(game)),
        copy.deepcopy(game),
    ]
    random_match(game, random.Random(seed))
    for other in copies:
        random_match(other, random.Random(seed))
        assert other.history == game.history and other.scores == game.scores


def test_illegal_moves_change_nothing(impl: ModuleType) -> None:
    game = impl.Game(impl.Rules.zheng_fen(), 11)
    before = game.to_json()
    leader = game.current_player
    other = str(game.hand((leader + 1) % 4)).split()[0]
    for bad in ("pass", other, "declare", "blind", "3c 1x", "pair 7 1: 7c 7x", "next_match"):
        with pytest.raises(IllegalMoveError):
            game.play(bad)
    with pytest.raises(IllegalMoveError):
        game.next_match()
    assert game.to_json() == before


def test_declarations_are_moves(impl: ModuleType) -> None:
    game = impl.Game(impl.Rules.zen_cheng_you(), 2)
    assert game.legal_moves() == ["blind", "pass"]
    assert game.observation(game.current_player)["hand"] == ""
    with pytest.raises(IllegalMoveError):
        game.play("declare")
    for _ in range(4):
        game.play("pass")
    assert game.phase == "declare" and game.legal_moves() == ["declare", "pass"]
    seat = game.current_player
    assert game.observation(seat)["hand"] == str(game.hand(seat))


def test_observations_hide_other_hands(impl: ModuleType) -> None:
    game = impl.Game(impl.Rules.zheng_fen(), 5)
    for _ in range(7):
        game.play(game.legal_moves()[0])
    seat = game.current_player
    seen = json.dumps(game.observation(seat))
    for other in range(4):
        if other != seat:
            assert str(game.hand(other)) not in seen
    observation = game.observation(seat)
    assert observation["cards_left"] == [len(game.hand(s)) for s in range(4)]
    assert observation["hand"] == str(game.hand(seat))


@pytest.mark.parametrize(
    "tamper",
    [
        lambda d: d.update(version=2),
        lambda d: d.update(format="chess"),
        lambda d: d.update(rng_state=d["rng_state"] ^ 1),
        lambda d: d["hands"].reverse(),
        lambda d: d["decisions"].append("pass"),
        lambda d: d["decisions"].pop(),
        lambda d: d["history"].pop(),
        lambda d: d["rules"].update(players=5),
        lambda d: d["rules"].update(colour="red"),
        lambda d: d["setup"].update(seed="x"),
        lambda d: d.pop("history"),
    ],
)
def test_corrupt_saved_games_are_refused(impl: ModuleType, tamper: Any) -> None:
    game = impl.Game(impl.Rules.zheng_fen(), 9)
    for _ in range(10):
        game.play(game.legal_moves()[-1])
    saved = json.loads(game.to_json())
    tamper(saved)
    with pytest.raises(InvalidStateError):
        impl.Game.from_json(json.dumps(saved))
    with pytest.raises(InvalidStateError):
        impl.Game.from_json("{not json")


@pytest.mark.parametrize(
    ("hands", "leader"),
    [
        (["3c", "4c"], 0),
        (["3c", "3c", "4c", "5c"], 0),
        (["3c", "4c", "5c", ""], 3),
        (["3c", "4c", "5c", "6c"], 7),
        (["3c", "", "", ""], 0),
        (["3c", "4c", "", "5c"], 0),
    ],
)
def test_impossible_hands_are_refused(impl: ModuleType, hands: list[str], leader: int) -> None:
    with pytest.raises(InvalidStateError):
        impl.Game.from_hands(impl.Rules.zheng_fen(), hands, leader)


def test_seeds_are_checked(impl: ModuleType) -> None:
    for seed in (-1, 2**64, "42"):
        with pytest.raises(ValueError):
            impl.Game(impl.Rules.zheng_fen(), seed)
        with pytest.raises(ValueError):
            impl.Game.from_hands(impl.Rules.zheng_fen(), ["3c", "4c", "5c", "6c"], 0, seed)


@pytest.mark.parametrize("game_name", ["zheng_fen", "zen_cheng_you"])
def test_a_game_rewound_is_the_game_of_its_first_decisions(game_name: str) -> None:
    """``Game.rewound(k)`` (the core replaying a game's setup and first ``k`` decisions, for a
    replay's frames) is the game those decisions make, match boundaries included."""
    rules = (
        zhengfen.Rules.zheng_fen() if game_name == "zheng_fen" else zhengfen.Rules.zen_cheng_you()
    )
    game = zhengfen.Game(rules, seed=11)
    states = [game.to_json()]
    rng = random.Random(5)
    while game.phase != "game_over" and len(states) < 400:
        if game.phase == "match_over":
            game.next_match()
        else:
            game.play(rng.choice(game.legal_moves()))
        states.append(game.to_json())
    for k in (0, 1, len(states) // 2, len(states) - 1):
        assert game.rewound(k).to_json() == states[k], k
    assert game.rewound(10**6).to_json() == states[-1]
    with pytest.raises(zhengfen.errors.ArgumentError):
        game.rewound(-1)
