"""The types of ``zhengfen.types`` are true: every event, observation, saved game, rule set and
rollout result the engine produces, in seeded games of both variants, has exactly the keys and
value types its ``TypedDict`` states, and every name it hands out is in its ``Literal``. The
checker itself is shown to refuse what does not fit, and the games to reach every shape."""

from __future__ import annotations

import functools
import json
import random
import types as builtin_types
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

import numpy as np
import pytest

import zhengfen
from zhengfen import Combo, Game, MoveList, Rules
from zhengfen import types as zt

# --- a small run-time checker of type hints --------------------------------------------------


def problems(value: Any, hint: Any, where: str = "value") -> list[str]:
    """Why ``value`` is not of type ``hint`` (empty when it is)."""
    if hint is Any:
        return []
    if hint is None or hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    origin = get_origin(hint)
    if origin is Literal:
        fits = any(value == v and type(value) is type(v) for v in get_args(hint))
        return [] if fits else [f"{where}: {value!r} not in {get_args(hint)}"]
    if origin is Union or origin is getattr(builtin_types, "UnionType", Union):
        found = [problems(value, option, where) for option in get_args(hint)]
        return [] if any(not p for p in found) else [p for ps in found for p in ps]
    if hasattr(hint, "__required_keys__"):
        return typed_dict_problems(value, hint, where)
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__} is not a list"]
        (item,) = get_args(hint)
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__} is not a dict"]
        key_hint, item = get_args(hint)
        return [
            p
            for k, v in value.items()
            for p in problems(k, key_hint, f"{where} key") + problems(v, item, f"{where}[{k!r}]")
        ]
    if origin is np.ndarray:
        (scalar,) = get_args(get_args(hint)[1])
        if not isinstance(value, np.ndarray) or value.dtype != np.dtype(scalar):
            return [f"{where}: {value!r} is not an array of {scalar.__name__}"]
        return []
    if hint in (int, float):
        fits = isinstance(value, hint) and not isinstance(value, bool)
        return [] if fits else [f"{where}: {value!r} is not {hint.__name__}"]
    return [] if isinstance(value, hint) else [f"{where}: {value!r} is not {hint}"]


@functools.cache
def hints(typed_dict: Any) -> dict[str, Any]:
    return get_type_hints(typed_dict)


def typed_dict_problems(value: Any, hint: Any, where: str) -> list[str]:
    """Why ``value`` is not the ``TypedDict`` ``hint``: missing, unknown or ill-typed keys."""
    if not isinstance(value, dict):
        return [f"{where}: {type(value).__name__} is not a dict"]
    fields = hints(hint)
    found = [f"{where}: no key {k!r}" for k in sorted(hint.__required_keys__ - value.keys())]
    found += [f"{where}: unknown key {k!r}" for k in sorted(value.keys() - fields.keys())]
    for key in value.keys() & fields.keys():
        found += problems(value[key], fields[key], f"{where}[{key!r}]")
    return found


def check(value: Any, hint: Any) -> None:
    assert not problems(value, hint), problems(value, hint)


def event_kind(event: Any) -> str:
    """The one member of ``Event`` that ``event`` is."""
    members: list[str] = [m.__name__ for m in get_args(zt.Event) if not problems(event, m)]
    assert len(members) == 1, (event, members)
    return members[0]


# --- the games -----------------------------------------------------------------------------

RULE_SETS = [
    Rules.zheng_fen(3),
    Rules.zheng_fen(4, tie="share", next_leader="best_score"),
    Rules.zheng_fen(6, jokers_wild=False),
    Rules.zen_cheng_you(),
    Rules.zen_cheng_you(last_chance=True, lead_after_out="partner"),
]


def random_game(rules: Rules, seed: int, matches: int) -> Iterator[Game]:
    """A seeded game played at random for ``matches`` matches (or to its end), yielded at each
    state: before every decision, and after each match."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while True:
        yield game.copy()
        if game.game_over or (game.match_over and game.match_number + 1 >= matches):
            return
        if game.match_over:
            game.next_match()
        else:
            game.play(rng.choice(game.legal_moves()))


def seen_states() -> Iterator[Game]:
    for rules in RULE_SETS:
        yield from random_game(rules, 1, matches=2)


def finished_games() -> list[Game]:
    """Whole games, to a low target so that random play ends them."""
    games: list[Game] = []
    for rules in RULE_SETS:
        options = rules.options()
        options["target"] = 150
        rules = Rules(rules.game, **options)
        result = zhengfen.rollouts(rules, ["random"] * rules.players, 4, seed=7, logs=True)
        games += result["games"]
    return games


#: A state seen once: the game, its phase, its legal moves, its table and its trick.
State = tuple[Game, str, Sequence[Any], Any, list[Any]]


@pytest.fixture(scope="module")
def states() -> list[State]:
    """Each state once: the game, its phase, its legal moves, its table and its trick."""
    return [
        (g, g.phase, [] if g.match_over else g.legal_moves(), g.table, g.trick)
        for g in seen_states()
    ]


@pytest.fixture(scope="module")
def finished() -> list[Game]:
    return finished_games()


# --- the checker refuses what does not fit -------------------------------------------------

TRICK: dict[str, Any] = {"type": "trick", "winner": 2, "points": 15}


@pytest.mark.parametrize(
    ("value", "hint"),
    [
        ({"type": "trick", "winner": 2}, zt.TrickEvent),  # a key missing
        ({**TRICK, "seat": 1}, zt.TrickEvent),  # a key too many
        ({**TRICK, "winner": True}, zt.TrickEvent),  # a bool is no seat
        ({**TRICK, "winner": "2"}, zt.TrickEvent),
        ({**TRICK, "type": "pass"}, zt.TrickEvent),
        ({"type": "transfer", "from": 0, "to_team": 1, "points": 5}, zt.TransferEvent),
        ({"type": "deal", "match": 0, "first_drawer": 1.0, "leader": 0, "hands": []}, zt.Event),
        (["pass", None], zt.SeatText),
        ([[1, None]], list[zt.SeatText]),
        ("bomb ", zt.ComboKind),
        (1, zt.Phase),
        ({"seed": 1, "leader": 0, "hand": []}, zt.SavedSetup),
        (np.zeros(3, np.int32), zt.RolloutResult.__annotations__["points"]),
        ([1, 2], zt.RolloutResult.__annotations__["points"]),
    ],
)
def test_the_checker_refuses_what_does_not_fit(value: Any, hint: Any) -> None:
    assert problems(value, hint)


def test_the_checker_takes_what_fits() -> None:
    check(TRICK, zt.Event)
    check({"type": "transfer", "from": 0, "to_team": 1, "points": 5}, zt.Event)
    check({"seed": 1}, zt.SavedSetup)
    check(np.zeros((2, 3), np.int64), zt.RolloutResult.__annotations__["points"])


# --- what the engine produces fits ---------------------------------------------------------


def test_every_event_and_saved_game_fits(finished: list[Game]) -> None:
    kinds: Counter[str] = Counter()
    declarations: set[str] = set()
    for game in finished:
        assert game.game_over
        for event in game.history:
            kinds[event_kind(event)] += 1
            if event["type"] == "declaration":
                declarations.add(event["move"])
        saved = json.loads(game.to_json())
        check(saved, zt.SavedGame)
        assert saved["history"] == game.history
    # every member of the union is met, so none is typed by accident
    assert set(kinds) == {m.__name__ for m in get_args(zt.Event)}
    assert declarations == set(get_args(zt.DeclarationMove))


def test_a_saved_game_from_given_hands_fits() -> None:
    rules = Rules.zheng_fen(3)
    hands = zhengfen.deal(rules, 5)
    game = Game.from_hands(rules, hands, leader=1, seed=9)
    saved = json.loads(game.to_json())
    check(saved, zt.SavedGame)
    assert set(saved["setup"]) == {"hands", "leader", "seed"}
    check(game.history, list[zt.Event])


def test_every_observation_and_move_fits(states: list[State], finished: list[Game]) -> None:
    """States during play, and at the end of finished games."""
    phases: set[str] = set()
    string_moves: set[str] = set()
    teams = Counter[bool]()
    ends: list[State] = [(g, g.phase, [], g.table, g.trick) for g in finished]
    for game, phase, moves, table, trick in states + ends:
        check(phase, zt.Phase)
        phases.add(phase)
        for seat in range(game.rules.players):
            observation = game.observation(seat)
            check(observation, zt.Observation)
            teams["team" in observation] += 1
            seat_texts = [*observation["trick"], *observation["plays"]]
            for pair in seat_texts + observation.get("declarations", []):  # [seat, text]
                assert len(pair) == 2 and type(pair[0]) is int and type(pair[1]) is str
        if game.match_over:
            check(game.info_set(0).observation(), zt.Observation)
        elif game.current_player == 0:
            check(game.info_set(0).legal_moves(), list[zt.Move])
        assert isinstance(moves, (list, MoveList))  # the list of a finished game is []
        check(list(moves), list[zt.Move])
        string_moves |= {m for m in moves if isinstance(m, str)}
        for move in moves:
            if isinstance(move, Combo):
                check(move.kind, zt.ComboKind)
                check(move.rank, zt.Rank)
        if table is not None:
            check(table[1], int)
            check(table[0], Combo)
        for seat, play in trick:
            check(seat, int)
            check(play, Union[Combo, Literal["pass"]])
    assert phases == set(get_args(zt.Phase))
    assert string_moves == set(get_args(zt.StringMove))
    assert teams[True] and teams[False]  # both variants' observations were checked


def test_rule_sets_fit_and_the_names_are_the_engines() -> None:
    for rules in RULE_SETS:
        check(rules.game, zt.GameName)
        check(rules.options(), zt.RuleOptions)
        check({"game": rules.game, **rules.options()}, zt.RulesDict)
        check(rules.next_leader, zt.NextLeader)
        check(rules.tie, zt.Tie)
        check(rules.lead_after_out, zt.LeadAfterOut)
    assert {Rules(name).game for name in get_args(zt.GameName)} == set(get_args(zt.GameName))
    own = {option for game in get_args(zt.GameName) for option in Rules(game).options()}
    assert own == set(get_args(zt.OptionName)) == set(get_type_hints(zt.RuleOptions))
    for option, values in [("next_leader", zt.NextLeader), ("tie", zt.Tie)]:
        for value in get_args(values):  # every value of the Literal is one the engine takes
            assert getattr(Rules.zheng_fen(**{option: value}), option) == value
    for value in get_args(zt.LeadAfterOut):
        assert Rules.zen_cheng_you(lead_after_out=value).lead_after_out == value


def test_every_card_name_fits() -> None:
    suits = set()
    for card in zhengfen.shuffle_deck(2, 0):
        check(card.rank, zt.Rank)
        check(card.suit, Union[zt.Suit, None])
        suits.add(card.suit)
    assert suits == {*get_args(zt.Suit), None}


def test_vec_game_moves_fit() -> None:
    for rules in (Rules.zheng_fen(4), Rules.zen_cheng_you()):
        batch = zhengfen.VecGame(rules, 3, seed=5)
        batch.reset()
        for _ in range(20):
            for j in range(len(batch)):
                check(batch.legal_moves(j), list[zt.Move])
            batch.step(np.zeros(len(batch), np.int64))


@pytest.mark.parametrize("logs", [False, True])
def test_rollout_results_fit(logs: bool) -> None:
    for rules in (Rules.zheng_fen(5), Rules.zen_cheng_you()):
        agents = (["random", "greedy"] * 3)[: rules.players]
        result = zhengfen.rollouts(rules, agents, 3, seed=2, logs=logs)
        check(result, zt.RolloutResult)
        assert ("games" in result) == logs


def test_every_visible_record_fits(finished: list[Game]) -> None:
    breakdowns = last_hands = 0
    for game in finished:
        for viewer in (0, None):
            for record in game.visible_events(viewer):
                check(record, zt.Visible)
                breakdowns += record["breakdown"] is not None
                last_hands += record["last_hand"] is not None
    assert breakdowns and last_hands


def test_the_game_offers_fit() -> None:
    offers = zhengfen.game_offers()
    check(offers, list[zt.GameOffer])
    assert [o["game"] for o in offers] == list(get_args(zt.GameName))
