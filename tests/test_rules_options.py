"""Rule sets and their options (RULES.md §3), both implementations."""

from __future__ import annotations

import pickle
from types import ModuleType
from typing import Any

import pytest

import zhengfen
from zhengfen.errors import RulesError


def test_zheng_fen_defaults(impl: ModuleType) -> None:
    rules = impl.Rules.zheng_fen()
    got = (
        rules.game,
        rules.players,
        rules.decks,
        rules.jokers_wild,
        rules.next_leader,
        rules.target,
        rules.tie,
        rules.lead_after_out,
        rules.last_chance,
    )
    assert got == ("zheng_fen", 4, 1, True, "first_out", 500, "play_on", "next", True)
    assert repr(rules) == (
        "Rules.zheng_fen(players=4, jokers_wild=True, next_leader='first_out', target=500, "
        "tie='play_on')"
    )


def test_zen_cheng_you_defaults(impl: ModuleType) -> None:
    rules = impl.Rules.zen_cheng_you()
    got = (
        rules.game,
        rules.players,
        rules.decks,
        rules.jokers_wild,
        rules.target,
        rules.lead_after_out,
        rules.last_chance,
    )
    assert got == ("zen_cheng_you", 4, 2, False, 1000, "next", False)
    assert (
        repr(rules) == "Rules.zen_cheng_you(target=1000, lead_after_out='next', last_chance=False)"
    )


def test_options_are_set(impl: ModuleType) -> None:
    rules = impl.Rules.zheng_fen(
        6, jokers_wild=False, next_leader="best_score", target=1000, tie="share"
    )
    assert (rules.players, rules.jokers_wild, rules.next_leader, rules.target, rules.tie) == (
        6,
        False,
        "best_score",
        1000,
        "share",
    )
    zcy = impl.Rules.zen_cheng_you(lead_after_out="partner", last_chance=True, target=300)
    assert (zcy.lead_after_out, zcy.last_chance, zcy.target) == ("partner", True, 300)
    assert impl.Rules.zheng_fen(last_chance=True) == impl.Rules.zheng_fen()


@pytest.mark.parametrize(
    ("game", "options", "named"),
    [
        ("zheng_fen", {"players": 7}, "players"),
        ("zheng_fen", {"players": 2}, "players"),
        ("zheng_fen", {"players": True}, "players"),
        ("zheng_fen", {"target": -5}, "target"),
        ("zheng_fen", {"target": 0}, "target"),
        ("zheng_fen", {"target": "500"}, "target"),
        ("zheng_fen", {"colour": "red"}, "colour"),
        ("zheng_fen", {"jokers_wild": 1}, "jokers_wild"),
        ("zheng_fen", {"next_leader": "worst"}, "next_leader"),
        ("zheng_fen", {"tie": "coin"}, "tie"),
        ("zheng_fen", {"lead_after_out": "partner"}, "lead_after_out"),
        ("zheng_fen", {"last_chance": False}, "last_chance"),
        ("zen_cheng_you", {"players": 5}, "players"),
        ("zen_cheng_you", {"jokers_wild": True}, "jokers_wild"),
        ("zen_cheng_you", {"lead_after_out": "opponent"}, "lead_after_out"),
        ("zen_cheng_you", {"last_chance": "yes"}, "last_chance"),
        ("zen_cheng_you", {"tie": "share"}, "tie"),
    ],
)
def test_invalid_options(impl: ModuleType, game: str, options: dict[str, Any], named: str) -> None:
    preset = getattr(impl.Rules, game)
    with pytest.raises(RulesError, match=named):
        preset(**options)


def test_rules_equality_and_hash(impl: ModuleType) -> None:
    a = impl.Rules.zheng_fen(5, target=700)
    b = impl.Rules.zheng_fen(players=5, target=700)
    assert a == b and hash(a) == hash(b) and a != impl.Rules.zheng_fen(5)


def test_rust_rules_repr_recreates_and_pickles() -> None:
    Rules = zhengfen.Rules
    for rules in (Rules.zheng_fen(3, tie="share"), Rules.zen_cheng_you(last_chance=True)):
        assert eval(repr(rules), {"Rules": Rules}) == rules
        assert pickle.loads(pickle.dumps(rules)) == rules
        assert Rules(rules.game, **rules.options()) == rules
    with pytest.raises(RulesError, match="unknown game"):
        Rules("chess")  # type: ignore[arg-type]


def test_the_offered_options_are_what_the_reference_takes() -> None:
    """``game_offers()`` (the page's form) against the pure-Python reference's rules: every
    offered value is taken, the values just outside an int's bounds and other names refused."""
    from zhengfen import reference

    for offer in zhengfen.game_offers():
        game = offer["game"]
        preset: Any = (
            reference.Rules.zheng_fen if game == "zheng_fen" else reference.Rules.zen_cheng_you
        )
        assert zhengfen.Rules(game).players == offer["default_players"]
        for players in offer["players"]:
            preset(players=players)
        for players in (min(offer["players"]) - 1, max(offer["players"]) + 1):
            with pytest.raises(ValueError):
                preset(players=players)
        for option in offer["options"]:
            name = option["name"]
            assert getattr(preset(), name) == option["default"]
            if option["type"] == "bool":
                taken: list[object] = [True, False]
            elif option["type"] == "int":
                taken = [option["min"], option["max"]]
                for n in (option["min"] - 1, option["max"] + 1):
                    with pytest.raises(ValueError):
                        preset(**{name: n})
            else:
                taken = list(option["values"])
                with pytest.raises(ValueError):
                    preset(**{name: "other"})
            for value in taken:
                assert getattr(preset(**{name: value}), name) == value
