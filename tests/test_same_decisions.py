"""``benches/same_decisions.py``: agents timed on the same decisions of an arena log."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import cast

import numpy as np
import pytest

import zhengfen
from zhengfen.cli import main as zhengfen_main
from zhengfen.errors import ArgumentError

sys.path.append(str(Path(__file__).parents[1] / "benches"))

import same_decisions


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two deals of Zen Cheng You between `greedy` and `learned`, written by the arena."""
    path = tmp_path_factory.mktemp("same") / "log.jsonl"
    argv = ["arena", "--game", "zen_cheng_you", "--seed", "3", "--deals", "2", "--matches", "1"]
    assert (
        zhengfen_main([*argv, "--agents", "greedy,learned", "--no-progress", "--log", str(path)])
        == 0
    )
    return path


def test_the_positions_are_the_logged_decisions_with_a_choice(log: Path) -> None:
    every = same_decisions.positions(log, None)
    assert len(every) > 20
    for position in every:
        assert position.game.current_player == position.seat
        assert len(position.game.legal_moves()) > 1
    # The games are played again from their setups: the first position is the first choice of
    # the first game, a blind declaration.
    assert every[0].game.decisions == []
    sample = same_decisions.positions(log, 7)
    assert len(sample) == 7
    assert [p.game.to_json() for p in sample] == [
        every[int(i * len(every) / 7)].game.to_json() for i in range(7)
    ]
    assert len(same_decisions.positions(log, 10_000)) == len(every)


def test_each_position_is_the_game_before_a_logged_decision_and_its_decider(log: Path) -> None:
    # The games played forward again, decision by decision, from their setups (not rewound):
    # before each decision with a choice, the game and the seat that made it.
    expected = []
    for line in log.read_text().splitlines():
        game = zhengfen.Game.from_json(json.dumps(json.loads(line)["game"]))
        forward = game.rewound(0)
        for decision in game.decisions:
            if forward.current_player is not None and len(forward.legal_moves()) > 1:
                expected.append((forward.to_json(), forward.current_player))
            if decision == "next_match":
                forward.next_match()
            else:
                forward.play(decision)
        assert forward.to_json() == game.to_json()
    every = same_decisions.positions(log, None)
    assert [(p.game.to_json(), p.seat) for p in every] == expected


def test_every_agent_decides_every_position_and_the_first_is_the_yardstick(log: Path) -> None:
    table = same_decisions.positions(log, 6)
    seconds = same_decisions.timings(["greedy", "learned", "random"], table, seed=1)
    assert seconds.shape == (3, 6) and (seconds > 0).all()
    lines = same_decisions.report(["greedy", "learned", "random"], seconds)
    assert len(lines) == 5 and lines[2].startswith("| `greedy` |")
    assert "| 1.00 | [1.00, 1.00] | 1.00 |" in lines[2]


def test_the_agents_take_turns_in_a_turning_order_each_from_the_positions_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[str, int]] = []

    class Spec:
        def __init__(self, spec: str) -> None:
            self.spec = spec

        def bind(self, rules: object) -> str:
            return self.spec

    class View:
        def choose(self, agent: str, seed: int) -> int:
            calls.append((agent, seed))
            return 0

    class Game:
        rules = None

        def info_set(self, seat: int) -> View:
            return View()

    monkeypatch.setattr(zhengfen, "AgentSpec", Spec)
    table = [same_decisions.Position(cast(zhengfen.Game, Game()), 0) for _ in range(4)]
    seconds = same_decisions.timings(["a", "b", "c"], table, seed=10)
    assert seconds.shape == (3, 4)
    assert calls == [
        *[("a", 10), ("b", 10), ("c", 10)],
        *[("b", 11), ("c", 11), ("a", 11)],
        *[("c", 12), ("a", 12), ("b", 12)],
        *[("a", 13), ("b", 13), ("c", 13)],
    ]


def test_the_ratio_interval_holds_the_ratio_of_the_sums() -> None:
    rng = np.random.default_rng(5)
    yardstick = rng.uniform(1, 2, 200)
    ours = 0.5 * yardstick * rng.uniform(0.8, 1.2, 200)
    low, high = same_decisions.ratio_interval(ours, yardstick, np.random.default_rng(0))
    assert low < ours.sum() / yardstick.sum() < high
    assert 0.45 < low < high < 0.55


def test_a_log_without_choices_is_refused(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    with pytest.raises(ArgumentError, match="no decision"):
        same_decisions.positions(empty, None)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--positions", "0", "--agents", "greedy"], "--positions must be at least 1"),
        (["--agents", " ; "], "--agents names no agent"),
        (["--agents", "nonsense(x=1)"], "nonsense"),
    ],
)
def test_bad_arguments_get_one_line_and_status_2(
    log: Path, argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert same_decisions.main(["--log", str(log), *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("same_decisions: ") and message in err and err.count("\n") == 1


def test_a_missing_log_gets_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.jsonl"
    assert same_decisions.main(["--log", str(missing), "--agents", "greedy"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1]\n", "line 1 holds no saved game"),
        ('{"deal": 0, "agents": ["greedy", "learned"]}\n', "line 1 holds no saved game"),
        ('{"game": "x"}\n', "line 1: invalid saved game"),
        ("not json\n", "line 1 is not JSON"),
    ],
)
def test_a_line_that_is_not_an_arena_record_gets_one_line_and_status_2(
    tmp_path: Path, text: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(text)
    assert same_decisions.main(["--log", str(bad), "--agents", "greedy"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"same_decisions: {bad}: ") and message in err
    assert err.count("\n") == 1


def test_a_log_that_is_not_text_gets_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b"\xff\xfe\x00\n")
    assert same_decisions.main(["--log", str(binary), "--agents", "greedy"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"same_decisions: {binary}: ") and err.count("\n") == 1


def test_a_log_mixing_rule_sets_gets_one_line_and_status_2(
    log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The agents are bound to the first game's rules: a log that also holds another rule
    set's games is refused, not timed on them (a model-free agent would play them unnoticed)."""
    other = tmp_path / "other.jsonl"
    argv = ["arena", "--game", "zheng_fen", "--players", "4", "--seed", "3", "--deals", "1"]
    assert zhengfen_main([*argv, "--matches", "1", "--no-progress", "--log", str(other)]) == 0
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(log.read_text() + other.read_text())
    games = len(log.read_text().splitlines())
    assert same_decisions.main(["--log", str(mixed), "--agents", "greedy"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"same_decisions: {mixed}: game {games + 1} plays Rules.zheng_fen(")
    assert err.count("\n") == 1
