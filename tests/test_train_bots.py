"""Training against bot programs and users' classes (issue 46 §2): the Python actors of
:mod:`zhengfen.train.python_actors` play the learner seats exactly as ``zhengfen.selfplay`` does,
so with built-in opponents their samples are ``selfplay``'s own; a bot program
(``process(cmd=...)``, BOTS.md) is a training opponent of ``zhengfen train``."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import zhengfen
from zhengfen import cli
from zhengfen.agents import read_agent
from zhengfen.train.actors import built_in
from zhengfen.train.python_actors import python_selfplay

pytest.importorskip("jax")

DATA = Path(__file__).resolve().parent / "data" / "learned"
BOT = Path(__file__).resolve().parent / "bots" / "train_opponent.py"
BOT_SPEC = f'process(cmd="{shlex.join([sys.executable, str(BOT)])}",time=5000)'

ZF4 = zhengfen.Rules.zheng_fen(players=4)
ZCY = zhengfen.Rules.zen_cheng_you()


def model_for(rules: zhengfen.Rules) -> zhengfen.LearnedModel:
    name = "zheng_fen_4" if rules.game == "zheng_fen" else "zen_cheng_you_4"
    return zhengfen.LearnedModel.load(DATA / f"{name}.safetensors")


def assert_same(actual: dict[str, Any], expected: dict[str, Any]) -> None:
    assert set(actual) == set(expected)
    for key in expected:
        assert actual[key].dtype == expected[key].dtype, key
        np.testing.assert_array_equal(actual[key], expected[key], err_msg=key)


@pytest.mark.parametrize(
    ("rules", "seats", "epsilon"),
    [
        (ZF4, [None, "random", None, "greedy"], 0.2),
        (ZF4, ["greedy", "greedy", None, "random"], 0.0),
        (ZCY, ["greedy", None, "random", None], 0.5),
    ],
)
def test_python_actors_give_selfplays_samples(
    rules: zhengfen.Rules, seats: list[str | None], epsilon: float
) -> None:
    """The same episodes, played in Python with the built-in agents as Python objects, give
    every array of ``selfplay``'s samples, row for row."""
    model = model_for(rules)
    agents = [None if seat is None else read_agent(seat) for seat in seats]
    expected = zhengfen.selfplay(
        rules, model, 3, 11, first_episode=5, agents=seats, epsilon=epsilon
    )
    actual = python_selfplay(rules, model, 3, 11, first_episode=5, agents=agents, epsilon=epsilon)
    assert_same(actual, dict(expected))
    assert len(actual["target"]) > 0


def test_no_episodes_give_selfplays_empty_arrays() -> None:
    model = model_for(ZF4)
    agents = [None, read_agent("greedy"), None, read_agent("greedy")]
    empty = zhengfen.selfplay(ZF4, model, 0, 3, agents=[None, "greedy", None, "greedy"])
    assert_same(
        python_selfplay(ZF4, model, 0, 3, first_episode=0, agents=agents, epsilon=0.1), dict(empty)
    )


def test_a_bot_is_an_opponent_its_seats_give_no_samples() -> None:
    """A bot program in two seats: the samples are the learner seats' only, every target is
    the match result of its seat, and the same episodes give the same samples again (the bot
    plays deterministically)."""
    bot = read_agent(BOT_SPEC)
    assert not built_in([None, bot, None, bot])
    model = model_for(ZF4)
    agents = [None, bot, None, bot]
    first = python_selfplay(ZF4, model, 4, 2, first_episode=0, agents=agents, epsilon=0.1)
    assert set(first["seat"].tolist()) <= {0, 2} and len(first["seat"]) > 0
    assert first["results"].shape == (4, 4)
    for row, (episode, seat) in enumerate(zip(first["episode"], first["seat"])):
        assert first["target"][row] == first["results"][int(episode), int(seat)]
    again = python_selfplay(ZF4, model, 4, 2, first_episode=0, agents=agents, epsilon=0.1)
    assert_same(again, first)


def test_train_takes_a_bot_as_an_opponent(tmp_path: Path) -> None:
    """``zhengfen train --opponents process(...)``: a tiny run plays its rounds against the
    bot, and its state keeps the bot's canonical spec as the opponent (so ``--resume`` goes on
    against it)."""
    out = tmp_path / "run"
    args = ["train", "--out", str(out), "--opponents", BOT_SPEC, "--rounds", "2"]
    small = ["--episodes", "4", "--layers", "32", "--history", "1", "--batch", "64"]
    quiet = ["--eval-deals", "0", "--yardstick-deals", "0", "--no-progress"]
    assert cli.main([*args, *small, *quiet]) == 0
    state = json.loads((out / "state.json").read_text())
    assert state["recipe"]["opponents"] == [read_agent(BOT_SPEC).spec]  # type: ignore[union-attr]
    assert state["counters"]["round"] == 2 and state["counters"]["decisions"] > 0
    resumed = ["train", "--out", str(out), "--resume", "--rounds", "3", *quiet]
    assert cli.main(resumed) == 0
    assert json.loads((out / "state.json").read_text())["counters"]["round"] == 3


@pytest.mark.parametrize(
    ("opponents", "extra", "match"),
    [
        (BOT_SPEC, ["--search", "4"], "--search labels only games against built-in agents"),
        ('process(cmd="no-such-program-zhengfen")', [], "no-such-program-zhengfen"),
        ("os:getcwd", [], "is not a class"),
    ],
)
def test_opponents_that_cannot_train_are_refused_before_the_run(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    opponents: str,
    extra: list[str],
    match: str,
) -> None:
    out = tmp_path / "run"
    status = cli.main(["train", "--out", str(out), "--opponents", opponents, *extra])
    assert status == 2
    err = capsys.readouterr().err
    assert match in err and len(err.strip().splitlines()) == 1, err
    assert not out.exists()
