"""One edge for the rule set (issue 48 §2): every command reads ``--game``, ``--players`` and
``--option`` through one argument group, every bound of a rule set comes from the core, and the
rule set is written to and read from JSON in one place, the core's (``Rules.to_json`` and
``Rules.from_json``, ``Rules.to_dict`` and ``Rules.from_dict``).

The guards read the source files: a command that defines a rule-set argument itself, a bound
restated as a literal, or rules JSON built by hand (``{"game": ..., **rules.options()}``) fails
them. The reference implementation (``zhengfen.reference``) states its own bounds on purpose: it
is the independent twin the core is checked against.
"""

from __future__ import annotations

import argparse
import ast
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import zhengfen
from zhengfen import Rules, RulesError
from zhengfen.cli import arguments

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT / "python" / "zhengfen" / "cli" / "arguments.py"
TWIN = ROOT / "python" / "zhengfen" / "reference"

BOUND_NAMES = {"MIN_PLAYERS", "MAX_PLAYERS", "MAX_TARGET", "MAX_DECKS"}


def sources() -> Iterator[tuple[Path, ast.Module]]:
    """Every Python file of the package (the reference twin apart), the benchmarks and the
    examples, parsed."""
    for folder in ("python/zhengfen", "benches", "examples"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if TWIN not in path.parents:
                yield path, ast.parse(path.read_text(encoding="utf-8"))


def where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"


def rule_set_flags_defined(tree: ast.Module) -> Iterator[ast.Call]:
    """The ``add_argument("--players" | "--option", ...)`` calls of a file, and those of a
    ``--game`` that chooses a game (``replay --game N`` picks a game of a log: another thing)."""
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "add_argument"
        ):
            continue
        flags = {arg.value for arg in node.args if isinstance(arg, ast.Constant)}
        chooses = any(keyword.arg == "choices" for keyword in node.keywords)
        if flags & {"--players", "--option"} or ("--game" in flags and chooses):
            yield node


def bounds_restated(tree: ast.Module) -> Iterator[ast.AST]:
    """A bound's name given a number (``MAX_PLAYERS = 6``), or a call given Zheng Fen's player
    range as two numbers (``bounded_int(3, 6)``, ``body.integer("players", 3, 6)``)."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Constant):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id in BOUND_NAMES for t in targets):
                yield node
        if isinstance(node, ast.Call):
            values = [arg.value if isinstance(arg, ast.Constant) else None for arg in node.args]
            if any(values[i : i + 2] == [3, 6] for i in range(len(values))):
                yield node


def rules_json_by_hand(tree: ast.Module) -> Iterator[ast.Dict]:
    """A dict display with a ``"game"`` key and a ``**something.options()`` spread."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Dict):
            continue
        has_game = any(isinstance(k, ast.Constant) and k.value == "game" for k in node.keys)
        spreads_options = any(
            key is None
            and isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and value.func.attr == "options"
            for key, value in zip(node.keys, node.values, strict=True)
        )
        if has_game and spreads_options:
            yield node


def test_no_command_defines_a_rule_set_argument_itself() -> None:
    found = [
        where(path, call)
        for path, tree in sources()
        if path != SHARED
        for call in rule_set_flags_defined(tree)
    ]
    assert found == [], "use zhengfen.cli.arguments.add_rule_set"


def test_no_rules_bound_is_a_literal() -> None:
    found = [where(path, node) for path, tree in sources() for node in bounds_restated(tree)]
    assert found == [], "read the bounds from the core (zhengfen.MAX_PLAYERS, ...)"


def test_no_rules_json_is_built_by_hand() -> None:
    found = [where(path, node) for path, tree in sources() for node in rules_json_by_hand(tree)]
    assert found == [], "use Rules.to_dict() / Rules.to_json()"


def test_the_guards_catch_what_they_guard() -> None:
    """Each guard finds the old code it replaced."""
    old = ast.parse(
        "MAX_PLAYERS = 6\n"
        "p.add_argument('--players', type=bounded_int(3, 6))\n"
        "p.add_argument('--game', choices=['zheng_fen', 'zen_cheng_you'])\n"
        "p.add_argument('--game', type=int)\n"
        "j = {'game': rules.game, **rules.options()}\n"
    )
    assert len(list(rule_set_flags_defined(old))) == 2
    assert len(list(bounds_restated(old))) == 2
    assert len(list(rules_json_by_hand(old))) == 1


# --- the bounds --------------------------------------------------------------------------------


def test_the_bounds_are_the_cores() -> None:
    offers = zhengfen.game_offers()
    counts = [n for offer in offers for n in offer["players"]]
    assert (zhengfen.MIN_PLAYERS, zhengfen.MAX_PLAYERS) == (min(counts), max(counts)) == (3, 6)
    targets = [o for offer in offers for o in offer["options"] if o["name"] == "target"]
    assert {(o["min"], o["max"]) for o in targets} == {(1, zhengfen.MAX_TARGET)}
    Rules.zheng_fen(players=zhengfen.MAX_PLAYERS, target=zhengfen.MAX_TARGET)
    for players in (zhengfen.MIN_PLAYERS - 1, zhengfen.MAX_PLAYERS + 1):
        with pytest.raises(RulesError):
            Rules.zheng_fen(players=players)
    with pytest.raises(RulesError):
        Rules.zheng_fen(target=zhengfen.MAX_TARGET + 1)


# --- the rule set to and from JSON --------------------------------------------------------------


def every_rule_set() -> list[Rules]:
    """The presets and a rule set with every option changed, for each player count."""
    sets = [Rules.zheng_fen(players=n) for n in range(3, 7)]
    sets += [
        Rules.zheng_fen(
            players=5, jokers_wild=False, next_leader="best_score", target=1, tie="share"
        ),
        Rules.zen_cheng_you(),
        Rules.zen_cheng_you(target=10_000, lead_after_out="partner", last_chance=True),
    ]
    return sets


@pytest.mark.parametrize("rules", every_rule_set(), ids=repr)
def test_rules_round_trip_through_json_and_dicts(rules: Rules) -> None:
    text = rules.to_json()
    assert Rules.from_json(text) == rules
    assert Rules.from_dict(rules.to_dict()) == rules
    assert json.loads(text) == rules.to_dict() == {"game": rules.game, **rules.options()}
    assert text == json.dumps(rules.to_dict())  # the layout of a saved game's rules
    assert next(iter(rules.to_dict())) == "game"


def test_rules_json_is_a_saved_games() -> None:
    rules = Rules.zen_cheng_you(target=300)
    saved = json.loads(zhengfen.Game(rules, 1).to_json())["rules"]
    assert saved == rules.to_dict()


def test_any_option_may_be_given_in_any_order() -> None:
    text = '{"tie": "share", "players": 3, "game": "zheng_fen"}'
    assert Rules.from_json(text) == Rules.zheng_fen(players=3, tie="share")
    assert Rules.from_dict({"target": 300, "game": "zen_cheng_you", "players": 4}) == (
        Rules.zen_cheng_you(target=300)
    )


BAD_JSON = [
    ("not json", "not JSON"),
    ("[1]", "must be an object"),
    ('"zheng_fen"', "must be an object"),
    ('{"players": 3}', 'no "game"'),
    ('{"game": 1}', "game must be a string"),
    ('{"game": "chess"}', "chess"),
    ('{"game": "zheng_fen", "players": 7}', "players"),
    ('{"game": "zheng_fen", "colour": "red"}', "colour"),
    ('{"game": "zheng_fen", "target": 1.5}', "target"),
    ('{"game": "zheng_fen", "target": null}', "target"),
    ('{"game": "zheng_fen", "target": 1' + "0" * 30 + "}", "0" * 30),
]


@pytest.mark.parametrize(("text", "says"), BAD_JSON)
def test_bad_rules_json_is_a_rules_error(text: str, says: str) -> None:
    with pytest.raises(RulesError, match=None) as raised:
        Rules.from_json(text)
    assert says in str(raised.value)
    assert isinstance(raised.value, ValueError)


BAD_DICTS: list[tuple[Any, str]] = [
    ([("game", "zheng_fen")], "must be a dict"),
    ("zheng_fen", "must be a dict"),
    ({"players": 3}, "no 'game'"),
    ({"game": None}, "game must be a string"),
    ({"game": "chess"}, "chess"),
    ({"game": "zheng_fen", "players": 2}, "players"),
    ({"game": "zheng_fen", 3: 4}, "name must be a string"),
    ({"game": "zen_cheng_you", "jokers_wild": "yes"}, "jokers_wild"),
]


@pytest.mark.parametrize(("data", "says"), BAD_DICTS)
def test_bad_rules_dicts_are_rules_errors(data: Any, says: str) -> None:
    with pytest.raises(RulesError) as raised:
        Rules.from_dict(data)
    assert says in str(raised.value)


def test_a_non_string_is_refused_as_rules_json() -> None:
    with pytest.raises(RulesError, match="must be a string, not bytes"):
        Rules.from_json(b'{"game": "zheng_fen"}')  # type: ignore[arg-type]


# --- the argument group ------------------------------------------------------------------------


def parser(unset: bool = False) -> argparse.ArgumentParser:
    parse = argparse.ArgumentParser(exit_on_error=False)
    arguments.add_rule_set(parse, unset)
    return parse


def test_the_argument_group_reads_the_rule_set() -> None:
    args = parser().parse_args(["--game", "zen_cheng_you", "--option", "target=300"])
    assert arguments.rules_of(args) == Rules.zen_cheng_you(target=300)
    assert arguments.rules_of(parser().parse_args([])) == Rules.zheng_fen()
    args = parser().parse_args(["--players", "3", "--option", "jokers_wild=false"])
    assert arguments.rules_of(args) == Rules.zheng_fen(players=3, jokers_wild=False)


def test_unset_arguments_say_whether_any_was_given() -> None:
    assert not arguments.rules_given(parser(unset=True).parse_args([]))
    for given in (["--game", "zheng_fen"], ["--players", "5"], ["--option", "target=9"]):
        args = parser(unset=True).parse_args(given)
        assert arguments.rules_given(args)
        assert arguments.rules_of(args).game == "zheng_fen"


def test_the_player_bounds_are_the_cores() -> None:
    for players in (zhengfen.MIN_PLAYERS, zhengfen.MAX_PLAYERS):
        assert parser().parse_args(["--players", str(players)]).players == players
    for players in (zhengfen.MIN_PLAYERS - 1, zhengfen.MAX_PLAYERS + 1):
        with pytest.raises(argparse.ArgumentError):
            parser().parse_args(["--players", str(players)])
    assert "zheng_fen: 3 to 6 (4); zen_cheng_you: 4 (4)" in " ".join(parser().format_help().split())


def test_a_bad_option_is_a_rules_error_and_a_malformed_one_an_argument_error() -> None:
    with pytest.raises(RulesError, match="target"):
        arguments.rules_of(parser().parse_args(["--option", "target=0"]))
    with pytest.raises(zhengfen.ArgumentError, match="NAME=VALUE"):
        arguments.rules_of(parser().parse_args(["--option", "target"]))


@pytest.mark.parametrize("item", ["game=zen_cheng_you", "players=5"])
def test_the_game_and_the_players_are_not_options(item: str) -> None:
    """``--option game=...`` switched the game behind ``--game``'s back."""
    with pytest.raises(zhengfen.ArgumentError, match="give --"):
        arguments.rules_of(parser().parse_args(["--option", item]))
