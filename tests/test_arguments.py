"""One rule for every integer argument of the binding (issue 10 §1), checked entry point by entry
point: a Python ``int`` or a numpy integer is taken; a bool, float, string or ``None`` is an
``ArgumentTypeError``; an integer out of range is an ``ArgumentError``; both are ``ValueError``s
naming the argument and its range, and leave every object involved unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

import learned_models
import zhengfen
from zhengfen import ArgumentError, ArgumentTypeError, Rules, RulesError

ZF = Rules.zheng_fen()
ZCY = Rules.zen_cheng_you()
U64 = 2**64 - 1

HANDS = [str(h) for h in zhengfen.deal(ZF, 5)]
MODEL = learned_models.build("zheng_fen", 4, 1)


def fresh_game() -> zhengfen.Game:
    game = zhengfen.Game(ZF, 11)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    return game


def mover_info() -> zhengfen.InfoSet:
    game = zhengfen.Game(ZF, 11)
    seat = game.current_player
    assert seat is not None
    return game.info_set(seat)


def batch() -> zhengfen.VecGame:
    return zhengfen.VecGame(ZF, 3, seed=4)


def game_state(game: zhengfen.Game) -> Any:
    return game.to_json()


def batch_state(vec: zhengfen.VecGame) -> Any:
    return (vec.episode_seeds.tolist(), [vec.game(j).to_json() for j in range(len(vec))])


def no_state(_: object) -> Any:
    return None


@dataclass(frozen=True)
class Entry:
    """One integer argument: how to call with a value, its range, and the state to keep."""

    label: str
    name: str
    low: int
    high: int
    make: Callable[[], Any]
    call: Callable[[Any, Any], Any]
    state: Callable[[Any], Any] = no_state
    none_ok: bool = False
    out_of_range: type[ValueError] = ArgumentError


def nothing() -> None:
    return None


def at(value: Any, top: int) -> bool:
    """Whether `value` is the integer `top` (a bound too costly to run: it is only refused)."""
    integer = isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))
    return integer and int(value) == top


ENTRIES = [
    Entry("Game seed", "seed", 0, U64, nothing, lambda _, v: zhengfen.Game(ZF, v), none_ok=True),
    Entry(
        "from_hands leader",
        "leader",
        0,
        3,
        nothing,
        lambda _, v: zhengfen.Game.from_hands(ZF, HANDS, v),
        out_of_range=zhengfen.InvalidStateError,  # as the reference has it: impossible hands
    ),
    Entry(
        "from_hands seed",
        "seed",
        0,
        U64,
        nothing,
        lambda _, v: zhengfen.Game.from_hands(ZF, HANDS, 0, v),
        none_ok=True,
    ),
    Entry("Game.hand", "seat", 0, 3, fresh_game, lambda g, v: g.hand(v), game_state),
    Entry("Game.side", "seat", 0, 3, fresh_game, lambda g, v: g.side(v), game_state),
    Entry(
        "Game.match_result", "seat", 0, 3, fresh_game, lambda g, v: g.match_result(v), game_state
    ),
    Entry("Game.observation", "seat", 0, 3, fresh_game, lambda g, v: g.observation(v), game_state),
    Entry(
        "Game.observation_tensor",
        "seat",
        0,
        3,
        fresh_game,
        lambda g, v: g.observation_tensor(v),
        game_state,
    ),
    Entry(
        "Game.history_tensor seat",
        "seat",
        0,
        3,
        fresh_game,
        lambda g, v: g.history_tensor(v),
        game_state,
    ),
    Entry(
        "Game.history_tensor rows",
        "rows",
        1,
        2**20,
        fresh_game,
        lambda g, v: g.history_tensor(0, v),
        game_state,
    ),
    Entry(
        "Game.action_mask",
        "max_actions",
        1,
        2**20,
        fresh_game,
        lambda g, v: g.action_mask(v),
        game_state,
    ),
    Entry(
        "Game.resample seat", "seat", 0, 3, fresh_game, lambda g, v: g.resample(v, 1), game_state
    ),
    Entry(
        "Game.resample rng", "rng", 0, U64, fresh_game, lambda g, v: g.resample(0, v), game_state
    ),
    Entry("Game.info_set", "seat", 0, 3, fresh_game, lambda g, v: g.info_set(v), game_state),
    Entry("InfoSet.history_tensor", "rows", 1, 2**20, mover_info, lambda i, v: i.history_tensor(v)),
    Entry("InfoSet.choose", "seed", 0, U64, mover_info, lambda i, v: i.choose("random", v)),
    Entry("InfoSet.resample", "rng", 0, U64, mover_info, lambda i, v: i.resample(v)),
    Entry("SplitMix64", "seed", 0, U64, nothing, lambda _, v: zhengfen.SplitMix64(v)),
    Entry(
        "SplitMix64.uniform",
        "n",
        1,
        U64,
        lambda: zhengfen.SplitMix64(3),
        lambda r, v: r.uniform(v),
        lambda r: r.state,
    ),
    Entry("deal seed", "seed", 0, U64, nothing, lambda _, v: zhengfen.deal(ZF, v)),
    Entry("deal first_drawer", "first_drawer", 0, 3, nothing, lambda _, v: zhengfen.deal(ZF, 0, v)),
    Entry("shuffle_deck decks", "decks", 1, 2, nothing, lambda _, v: zhengfen.shuffle_deck(v, 1)),
    Entry("shuffle_deck rng", "rng", 0, U64, nothing, lambda _, v: zhengfen.shuffle_deck(1, v)),
    Entry("parse_cards", "decks", 1, 2, nothing, lambda _, v: zhengfen.parse_cards("3c", v)),
    Entry("Cards", "decks", 1, 2, nothing, lambda _, v: zhengfen.Cards("3c", decks=v)),
    Entry("derive_seed base", "base", 0, U64, nothing, lambda _, v: zhengfen.derive_seed(v, 0)),
    Entry("derive_seed index", "index", 0, U64, nothing, lambda _, v: zhengfen.derive_seed(0, v)),
    Entry(
        "VecGame num_games",
        "num_games",
        1,
        2**20,
        nothing,
        lambda _, v: zhengfen.VecGame(ZF, v) if not at(v, 2**20) else None,
    ),
    Entry("VecGame seed", "seed", 0, U64, nothing, lambda _, v: zhengfen.VecGame(ZF, 1, v)),
    Entry(
        "VecGame max_actions",
        "max_actions",
        1,
        2**20,
        nothing,
        lambda _, v: zhengfen.VecGame(ZF, 1, max_actions=v),
        none_ok=True,
    ),
    Entry(
        "VecGame history",
        "history",
        0,
        2**20,
        nothing,
        lambda _, v: zhengfen.VecGame(ZF, 1, history=v) if not at(v, 2**20) else None,
    ),
    Entry(
        "VecGame threads",
        "threads",
        1,
        256,
        nothing,
        lambda _, v: zhengfen.VecGame(ZF, 1, threads=v),
    ),
    Entry(
        "VecGame.reset", "seed", 0, U64, batch, lambda b, v: b.reset(v), batch_state, none_ok=True
    ),
    Entry("VecGame.legal_moves", "j", 0, 2, batch, lambda b, v: b.legal_moves(v), batch_state),
    Entry("VecGame.game", "j", 0, 2, batch, lambda b, v: b.game(v), batch_state),
    Entry(
        "VecGame.agent_actions",
        "seed",
        0,
        U64,
        batch,
        lambda b, v: b.agent_actions("random", v),
        batch_state,
    ),
    Entry(
        "rollouts num_deals",
        "num_deals",
        0,
        U64,
        nothing,
        lambda _, v: (
            zhengfen.rollouts(ZF, ["random"] * 4, v, matches=1) if not at(v, U64) else None
        ),
    ),
    Entry(
        "rollouts seed",
        "seed",
        0,
        U64,
        nothing,
        lambda _, v: zhengfen.rollouts(ZF, ["random"] * 4, 1, v, matches=1),
    ),
    Entry(
        "rollouts first_deal",
        "first_deal",
        0,
        U64,
        nothing,
        lambda _, v: zhengfen.rollouts(ZF, ["random"] * 4, 1, first_deal=v, matches=1),
    ),
    Entry(
        "rollouts matches",
        "matches",
        1,
        2**32 - 1,
        nothing,
        lambda _, v: (
            zhengfen.rollouts(ZF, ["random"] * 4, 1, matches=v) if not at(v, 2**32 - 1) else None
        ),
        none_ok=True,
    ),
    Entry(
        "rollouts threads",
        "threads",
        1,
        256,
        nothing,
        lambda _, v: zhengfen.rollouts(ZF, ["random"] * 4, 1, matches=1, threads=v),
    ),
    Entry(
        "selfplay num_episodes",
        "num_episodes",
        0,
        U64,
        nothing,
        lambda _, v: zhengfen.selfplay(ZF, MODEL, v) if not at(v, U64) else None,
    ),
    Entry(
        "selfplay seed", "seed", 0, U64, nothing, lambda _, v: zhengfen.selfplay(ZF, MODEL, 1, v)
    ),
    Entry(
        "selfplay first_episode",
        "first_episode",
        0,
        U64,
        nothing,
        lambda _, v: zhengfen.selfplay(ZF, MODEL, 1, first_episode=v),
    ),
    Entry(
        "selfplay threads",
        "threads",
        1,
        256,
        nothing,
        lambda _, v: zhengfen.selfplay(ZF, MODEL, 1, threads=v),
    ),
    Entry(
        "selfplay games_per_thread",
        "games_per_thread",
        1,
        4096,
        nothing,
        lambda _, v: zhengfen.selfplay(ZF, MODEL, 1, games_per_thread=v),
    ),
]

WRONG_KINDS = [True, False, np.True_, 3.0, np.float64(1.0), "1", b"1", [1], None, 1j]
IDS = [e.label for e in ENTRIES]


def refused(entry: Entry, value: Any, kind: type[ValueError]) -> None:
    obj = entry.make()
    before = entry.state(obj)
    with pytest.raises(kind) as caught:
        entry.call(obj, value)
    message = str(caught.value)
    assert isinstance(caught.value, ValueError)
    assert message.startswith(entry.name), message
    assert "must be an integer from" in message, message
    assert entry.state(obj) == before, "a refused argument changed the state"


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_out_of_range_integers_are_argument_errors(entry: Entry) -> None:
    for value in (entry.low - 1, entry.high + 1, -(10**30), 10**30, np.int64(entry.low - 1)):
        refused(entry, value, entry.out_of_range)


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_values_that_are_no_integer_are_type_errors(entry: Entry) -> None:
    for value in WRONG_KINDS:
        if value is None and entry.none_ok:
            continue
        refused(entry, value, ArgumentTypeError)
        assert issubclass(ArgumentTypeError, TypeError)


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_numpy_integers_and_the_bounds_are_taken(entry: Entry) -> None:
    for value in (entry.low, entry.high):
        for kind in (int, np.uint64 if value >= 0 else np.int64):
            if value > 2**63 - 1 and kind is not np.uint64 and kind is not int:
                continue
            entry.call(entry.make(), kind(value))


def test_the_message_names_the_range_and_the_value() -> None:
    with pytest.raises(
        ArgumentError,
        match=r"^seed must be an integer from 0 to 2\*\*64 - 1, "
        r"not -1$",
    ):
        zhengfen.derive_seed(0, 0) and zhengfen.Game(ZF, -1)
    with pytest.raises(ArgumentError, match=r"not 1000000000000000000000000000000$"):
        zhengfen.Game(ZF, 10**30)
    long = 10**200
    with pytest.raises(ArgumentError, match=r"\(201 characters\)$"):
        zhengfen.Game(ZF, long)


# --- The reproducers of issue 10 §1 -------------------------------------------------------------


def test_issue_reproducers_raise_value_errors_not_overflow() -> None:
    game = fresh_game()
    calls: list[Callable[[], Any]] = [
        lambda: game.hand(-1),
        lambda: zhengfen.VecGame(ZF, -1),
        lambda: zhengfen.deal(ZF, 0, -1),
        lambda: zhengfen.derive_seed(-1, 0),
        lambda: zhengfen.rollouts(ZF, ["random"] * 4, 1, matches=-1),
    ]
    for call in calls:
        with pytest.raises(ArgumentError):
            call()
    with pytest.raises(zhengfen.InvalidStateError, match=r"^leader must be an integer from 0 to 3"):
        zhengfen.Game.from_hands(ZF, HANDS, -1)


def test_rule_options_follow_the_integer_rule() -> None:
    with pytest.raises(RulesError, match=r"not 1000000000000000000000000000000$"):
        Rules.zheng_fen(players=10**30)
    with pytest.raises(RulesError, match=r"not -1000000000000000000000000000000$"):
        Rules(game="zheng_fen", target=-(10**30))
    assert Rules.zheng_fen(players=np.int64(5)) == Rules.zheng_fen(players=5)
    assert Rules.zheng_fen(target=np.uint16(300)).target == 300
    numpy_false: Any = np.False_  # numpy bools are taken as bools (not in the stubs' types)
    assert Rules.zheng_fen(jokers_wild=numpy_false) == Rules.zheng_fen(jokers_wild=False)
    wrong: list[Any] = [5.0, "5", [5], True]
    for bad in wrong:
        with pytest.raises(RulesError, match="players"):
            Rules.zheng_fen(players=bad)
    with pytest.raises(RulesError, match="jokers_wild"):
        Rules.zheng_fen(jokers_wild=1)  # type: ignore[arg-type]


def test_a_saved_game_with_a_huge_option_names_the_value() -> None:
    saved = zhengfen.Game(ZF, 1).to_json().replace('"players": 4', '"players": ' + str(10**30))
    assert str(10**30) in saved
    with pytest.raises(zhengfen.InvalidStateError, match=str(10**30)):
        zhengfen.Game.from_json(saved)


def test_strings_are_not_lists() -> None:
    with pytest.raises(ArgumentTypeError, match=r"^hands must be a list"):
        zhengfen.Game.from_hands(ZF, "3c 4c", 0)
    with pytest.raises(ArgumentTypeError, match=r"^agents must be a list"):
        zhengfen.rollouts(ZF, "greedy", 1)
    with pytest.raises(ArgumentTypeError, match=r"^agents must be a list"):
        zhengfen.VecGame(ZF, 1, agents="greedy")


def test_step_actions_follow_the_integer_rule() -> None:
    vec = batch()
    before = batch_state(vec)
    wrong: list[Any] = [
        "000",
        [0, 0, 0.0],
        [0, 0, True],
        np.zeros(3, bool),
        np.zeros(3),
        [0, None, 0],
        np.zeros((3, 1), np.int64),
    ]
    for bad in wrong:
        with pytest.raises(ArgumentTypeError, match="actions"):
            vec.step(bad)
        assert batch_state(vec) == before
    with pytest.raises(ArgumentError, match=r"actions\[1\]"):
        vec.step([0, 2**64, 0])
    assert batch_state(vec) == before
    for good in ([0, 0, 0], np.zeros(3, np.int32), np.zeros(3, np.uint8), [np.int16(0)] * 3):
        batch().step(good)


def odd(value: object) -> Any:
    """A value of the wrong kind, hidden from the type checker (the stubs would refuse it)."""
    return value


def test_values_of_the_wrong_kind_are_both_type_and_value_errors() -> None:
    game = fresh_game()
    before = game.to_json()
    calls: list[Callable[[], Any]] = [
        lambda: zhengfen.classify(odd(42), ZF),
        lambda: zhengfen.Cards(odd([3])),
        lambda: zhengfen.Cards("3c").count(odd(3)),
        lambda: zhengfen.beats(odd(3.5), "3c", ZF),
        lambda: zhengfen.canonical_spec(5),  # type: ignore[arg-type]
        lambda: zhengfen.move_digest("pass"),
        lambda: zhengfen.move_digest(odd([1, 2])),
        lambda: game.play(odd(0)),
        lambda: zhengfen.VecGame(ZF, 1, agents=[None, 5, None, None]),  # type: ignore[list-item]
    ]
    for call in calls:
        with pytest.raises(ArgumentTypeError) as caught:
            call()
        assert isinstance(caught.value, TypeError) and isinstance(caught.value, ValueError)
    assert game.to_json() == before


def test_choosing_out_of_turn_is_an_illegal_move() -> None:
    game = zhengfen.Game(ZF, 11)
    seat = game.current_player
    assert seat is not None
    with pytest.raises(zhengfen.IllegalMoveError, match="not to move"):
        game.info_set((seat + 1) % 4).choose("greedy")


FLAGS: list[tuple[str, Callable[[Any], Any]]] = [
    ("perfect_information", lambda v: fresh_game().observation_tensor(0, v)),
    ("perfect_information", lambda v: zhengfen.observation_fields(v)),
    ("perfect_information", lambda v: zhengfen.VecGame(ZF, 1, perfect_information=v)),
    ("copy", lambda v: zhengfen.VecGame(ZF, 1, copy=v)),
    ("play_forced", lambda v: zhengfen.VecGame(ZF, 1, play_forced=v)),
    ("auto_reset", lambda v: zhengfen.VecGame(ZF, 1, auto_reset=v)),
    ("duplicate", lambda v: zhengfen.rollouts(ZF, ["random"] * 4, 1, matches=1, duplicate=v)),
    ("logs", lambda v: zhengfen.rollouts(ZF, ["random"] * 4, 1, matches=1, logs=v)),
]


@pytest.mark.parametrize(
    ("name", "call"), FLAGS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(FLAGS)]
)
def test_flags_are_true_or_false(name: str, call: Callable[[Any], Any]) -> None:
    for good in (True, False, np.True_, np.False_):
        call(good)
    for bad in (1, 0, None, "yes", 1.0, np.int64(1)):
        with pytest.raises(ArgumentTypeError, match=rf"^{name} must be True or False, not "):
            call(bad)
