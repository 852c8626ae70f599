"""The values an error of the core carries beside its message (issue 48 §5): each kind of
``zhengfen.errors`` raised by the core names, as attributes, the token, option, argument, seat,
move, decision or model its message names, and the message itself is unchanged (the
conformance vectors compare it byte for byte). Invariant: every field an error carries is
written in its message, and its message is its only argument (so it pickles and prints as
before)."""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable
from typing import Any

import pytest

import zhengfen
from zhengfen import errors, reference

RULES = zhengfen.Rules.zheng_fen(players=4)

FIELDS: dict[type[errors.ZhengfenError], tuple[str, ...]] = {
    errors.InvalidCardsError: ("token", "position"),
    errors.RulesError: ("option", "value", "bound"),
    errors.ArgumentError: ("argument", "value", "bound"),
    errors.InvalidComboError: ("combo",),
    errors.IllegalMoveError: ("seat", "move"),
    errors.InvalidStateError: ("decision",),
    errors.ModelError: ("model",),
}
"""Each kind's fields, in the order its class takes them after the message."""
NAMED_ELSEWHERE = {"argument", "seat", "move"}
"""Fields a message may state in other words (``unknown agent 'x'`` for the agent spec, ``the
leader may not pass`` for the seat and the move); every other field is written in it."""


def _raised(call: Callable[[], object], kind: type[BaseException]) -> Any:
    with pytest.raises(kind) as caught:
        call()
    return caught.value


def _saved_with_a_bad_decision() -> str:
    game = zhengfen.Game(RULES, seed=3)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    saved = json.loads(game.to_json())
    saved["decisions"][2] = "3c 3c 3c 3c 3c"
    return json.dumps(saved)


CASES: list[tuple[str, Callable[[], object], type[errors.ZhengfenError], str, dict[str, Any]]] = [
    (
        "unknown card",
        lambda: zhengfen.parse_cards("3c 1x"),
        errors.InvalidCardsError,
        "unknown card token '1x' at position 2",
        {"token": "1x", "position": 2},
    ),
    (
        "duplicate card",
        lambda: zhengfen.parse_cards("5c 5c"),
        errors.InvalidCardsError,
        "duplicate card 5c",
        {"token": "5c", "position": None},
    ),
    (
        "third copy",
        lambda: zhengfen.parse_cards("5c 5c 5c", 2),
        errors.InvalidCardsError,
        "more than two copies of 5c",
        {"token": "5c", "position": None},
    ),
    (
        "target out of range",
        lambda: zhengfen.Rules.zheng_fen(target=0),
        errors.RulesError,
        "option target must be an integer from 1 to 10000, not 0",
        {"option": "target", "value": "0", "bound": "1 to 10000"},
    ),
    (
        "players out of range",
        lambda: zhengfen.Rules.zheng_fen(players=9),
        errors.RulesError,
        "option players must be an integer from 3 to 6 in zheng_fen, not 9",
        {"option": "players", "value": "9", "bound": "3 to 6"},
    ),
    (
        "a choice not offered",
        lambda: zhengfen.Rules.zheng_fen(tie="draw"),  # type: ignore[arg-type]
        errors.RulesError,
        "option tie must be one of 'play_on', 'share', not 'draw'",
        {"option": "tie", "value": "'draw'", "bound": "'play_on', 'share'"},
    ),
    (
        "a seed below 0",
        lambda: zhengfen.Game(RULES, seed=-1),
        errors.ArgumentError,
        "seed must be an integer from 0 to 2**64 - 1, not -1",
        {"argument": "seed", "value": "-1", "bound": "0 to 2**64 - 1"},
    ),
    (
        "an unknown agent",
        lambda: zhengfen.AgentSpec("clever"),
        errors.ArgumentError,
        "unknown agent 'clever': the built-in agents are random, greedy, search, ismcts, sparta "
        "and learned",
        {
            "argument": "agent spec",
            "value": "clever",
            "bound": "random, greedy, search, ismcts, sparta and learned",
        },
    ),
    (
        "a combination without its length",
        lambda: zhengfen.Combo.parse("pair 7: 7c 7d", RULES),
        errors.InvalidComboError,
        "bad combination 'pair 7: 7c 7d': expected three words before ':'",
        {"combo": "pair 7: 7c 7d"},
    ),
    (
        "the leader's pass",
        lambda: zhengfen.Game(RULES, seed=42).play("pass"),
        errors.IllegalMoveError,
        "the leader may not pass",
        {"seat": 1, "move": "pass"},
    ),
    (
        "cards that are no card",
        lambda: zhengfen.Game(RULES, seed=42).play("3c 1x"),
        errors.IllegalMoveError,
        "unknown card token '1x' at position 2",
        {"seat": 1, "move": "3c 1x"},
    ),
    (
        "the next match too early",
        lambda: zhengfen.Game(RULES, seed=42).next_match(),
        errors.IllegalMoveError,
        "the match is not over",
        {"seat": None, "move": None},
    ),
    (
        "a saved game's bad decision",
        lambda: zhengfen.Game.from_json(_saved_with_a_bad_decision()),
        errors.InvalidStateError,
        "",
        {"decision": 2},
    ),
    (
        "a model file that is not there",
        lambda: zhengfen.LearnedModel.load("/no/such/model.safetensors"),
        errors.ModelError,
        "",
        {"model": "/no/such/model.safetensors"},
    ),
]


@pytest.mark.parametrize(
    ("case", "call", "kind", "message", "fields"), CASES, ids=[c[0] for c in CASES]
)
def test_each_kind_carries_its_fields(
    case: str,
    call: Callable[[], object],
    kind: type[errors.ZhengfenError],
    message: str,
    fields: dict[str, Any],
) -> None:
    error = _raised(call, kind)
    assert {name: getattr(error, name) for name in fields} == fields, case
    if message:
        assert str(error) == message
    assert error.args == (str(error),)


@pytest.mark.parametrize(
    ("case", "call", "kind", "message", "fields"), CASES, ids=[c[0] for c in CASES]
)
def test_every_field_is_written_in_the_message(
    case: str,
    call: Callable[[], object],
    kind: type[errors.ZhengfenError],
    message: str,
    fields: dict[str, Any],
) -> None:
    error = _raised(call, kind)
    for name in FIELDS[next(k for k in FIELDS if isinstance(error, k))]:
        if name in NAMED_ELSEWHERE:
            continue
        value = getattr(error, name)
        assert value is None or str(value) in str(error), (case, name, value)


def test_every_kind_is_covered() -> None:
    assert {case[2] for case in CASES} == set(FIELDS)


def test_an_argument_of_the_wrong_kind_carries_the_fields_too() -> None:
    error = _raised(
        lambda: zhengfen.Game(RULES, seed=1.5),  # type: ignore[arg-type]
        errors.ArgumentTypeError,
    )
    assert (error.argument, error.value, error.bound) == ("seed", "1.5", "0 to 2**64 - 1")
    assert isinstance(error, TypeError) and isinstance(error, errors.ArgumentError)


@pytest.mark.parametrize("kind", list(FIELDS), ids=lambda kind: str(kind.__name__))
def test_fields_survive_pickling_and_default_to_none(kind: type[errors.ZhengfenError]) -> None:
    """Errors cross process boundaries (the arena's workers, Ray): the fields go with them."""
    names = FIELDS[kind]
    error = kind("what went wrong", *[f"v{i}" for i in range(len(names))])
    back = pickle.loads(pickle.dumps(error))
    assert str(back) == "what went wrong"
    assert [getattr(back, name) for name in names] == [f"v{i}" for i in range(len(names))]
    bare = kind("only a message")
    assert all(getattr(bare, name) is None for name in names)


@pytest.mark.parametrize(
    ("text", "decks"), [("3c 1x", 1), ("9h,10h  Jh QX", 2), ("5c 5c", 1), ("5c 5c 5c", 2), ("", 3)]
)
def test_the_reference_names_the_same_card_token(text: str, decks: int) -> None:
    """``except InvalidCardsError`` reads the same ``token`` and ``position`` whichever
    implementation raised it (a bad ``decks`` names no token in either)."""
    core = _raised(lambda: zhengfen.parse_cards(text, decks), errors.ZhengfenError)
    pure = _raised(lambda: reference.parse_cards(text, decks), ValueError)
    if isinstance(core, errors.InvalidCardsError) and core.token is not None:
        assert isinstance(pure, errors.InvalidCardsError)
        assert (pure.token, pure.position, str(pure)) == (core.token, core.position, str(core))
