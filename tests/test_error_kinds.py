"""Each error says what it is (issue 23 §4.2): the Python package raises the classes of
``zhengfen.errors`` (an ``ArgumentError`` for arguments, an ``InvalidStateError`` for a file
that holds no usable state, ...), never a plain ``ValueError``. Each reproducer below raised a
plain ``ValueError`` before; every class is still a ``ValueError``.
"""

from __future__ import annotations

import argparse
import importlib.util
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import zhengfen
from zhengfen import (
    ArgumentError,
    ClosedStreamError,
    IllegalMoveError,
    InvalidStateError,
    ModelError,
    ZhengfenError,
)
from zhengfen.agents import GreedyAgent, RandomAgent, make_agent, play_game, seats
from zhengfen.arena import intervals
from zhengfen.cli import arguments
from zhengfen.terminal import play as terminal
from zhengfen.web import models

needs_jax = pytest.mark.skipif(importlib.util.find_spec("jax") is None, reason="train extra")

Call = Callable[[Path], Any]


def game() -> zhengfen.Game:
    return zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), seed=3)


def load_game(path: Path) -> Any:
    from zhengfen.terminal.play_command import load_game

    return load_game(path)


def train_command() -> Any:
    from zhengfen.train import command

    return command


def train_config(**given: Any) -> Any:
    from zhengfen.train.config import TrainConfig

    return TrainConfig(rules=zhengfen.Rules.zheng_fen(), out="x", **given)


def read_state(folder: Path, text: str | None = None) -> Any:
    from zhengfen.train.checkpoint import RunFiles, read_state

    if text is not None:
        (folder / "state.json").write_text(text, encoding="utf-8")
    return read_state(RunFiles(folder))


def written(folder: Path, name: str, data: bytes) -> Path:
    path = folder / name
    path.write_bytes(data)
    return path


def params_of_nothing() -> Any:
    from zhengfen.train.network import Network

    return Network(zhengfen.Rules.zheng_fen(players=4), (16,), history=0).params_of({})


CASES: list[Any] = [
    # agents
    (lambda _: GreedyAgent().act({}, game().legal_moves()), ArgumentError),
    (lambda _: RandomAgent().act({}, []), IllegalMoveError),
    (lambda _: make_agent(":Nothing"), ArgumentError),
    (lambda _: make_agent("no_such_module_here:Agent"), ArgumentError),
    (lambda _: make_agent("os:getcwd"), ArgumentError),
    (lambda _: make_agent("collections:OrderedDict"), ArgumentError),
    (lambda _: make_agent("user_agents:BadConstructor"), ArgumentError),
    (lambda _: play_game(game(), [GreedyAgent()]), ArgumentError),
    (lambda _: play_game(game(), [GreedyAgent()] * 4, names=["a"]), ArgumentError),
    # the arena's intervals
    (lambda _: intervals.t95(1), ArgumentError),
    (lambda _: intervals.mean_interval([]), ArgumentError),
    # the command line
    (
        lambda _: arguments.rule_options(
            argparse.Namespace(game="zheng_fen", players=None, option=["x"])
        ),
        ArgumentError,
    ),
    (lambda _: arguments.split_agents("greedy,,random"), ArgumentError),
    (lambda _: seats.fill(["greedy"] * 5, 4), ArgumentError),
    (lambda tmp: arguments.check_output(tmp, "--log"), ArgumentError),
    (lambda _: arguments.check_output(Path("/dev/null"), "--log"), ArgumentError),
    (lambda tmp: arguments.check_output(tmp / "no" / "log", "--log"), ArgumentError),
    (lambda _: arguments.check_games(10**7, 1), ArgumentError),
    (lambda _: arguments.check_seat(4, 4), ArgumentError),
    (lambda tmp: arguments.read_log(tmp), ArgumentError),
    (lambda _: arguments.read_log(Path("/dev/zero")), ArgumentError),
    (lambda tmp: arguments.read_log(written(tmp, "log", b"\xff\xfe")), InvalidStateError),
    (lambda tmp: load_game(tmp / "missing.json"), ArgumentError),
    (lambda tmp: load_game(tmp), ArgumentError),
    (lambda tmp: load_game(written(tmp, "g.json", b"\xff")), InvalidStateError),
    (lambda tmp: load_game(written(tmp, "g.json", b"[1]")), InvalidStateError),
    (
        lambda _: terminal.play_session(zhengfen.Rules.zheng_fen(), 0, ["greedy"] * 2, 1, 1, None),
        ArgumentError,
    ),
    # zhengfen serve --model
    (lambda _: models.read_models(["a b.safetensors"]), ArgumentError),
    # zhengfen train
    pytest.param(
        lambda tmp: train_command().check_out(written(tmp, "f", b""), False),
        ArgumentError,
        marks=needs_jax,
    ),
    pytest.param(
        lambda tmp: train_command().check_out(written(tmp, "state.json", b"{}").parent, False),
        ArgumentError,
        marks=needs_jax,
    ),
    pytest.param(lambda tmp: train_command().check_out(tmp, True), ArgumentError, marks=needs_jax),
    pytest.param(
        lambda _: train_command().check_opponents(
            train_config(opponents=("user_agents:NoSuchAgent",))
        ),
        ArgumentError,
        marks=needs_jax,
    ),
    pytest.param(
        lambda _: train_command().check_budget(
            SimpleNamespace(rounds=2, decisions=None), {"round": 2}
        ),
        ArgumentError,
        marks=needs_jax,
    ),
    pytest.param(
        lambda _: train_command().check_budget(
            SimpleNamespace(rounds=None, decisions=5), {"round": 0, "decisions": 5}
        ),
        ArgumentError,
        marks=needs_jax,
    ),
    pytest.param(lambda tmp: read_state(tmp), ArgumentError, marks=needs_jax),
    pytest.param(lambda tmp: read_state(tmp, "{"), InvalidStateError, marks=needs_jax),
    pytest.param(
        lambda tmp: read_state(tmp, '{"version": -1}'), InvalidStateError, marks=needs_jax
    ),
    pytest.param(lambda _: params_of_nothing(), ModelError, marks=needs_jax),
]


@pytest.mark.parametrize(("call", "kind"), CASES)
def test_each_error_is_of_its_kind(
    call: Call, kind: type[ZhengfenError], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).parent))  # user_agents
    with pytest.raises(kind) as raised:
        call(tmp_path)
    assert isinstance(raised.value, ValueError)
    assert str(raised.value)


def test_a_closed_standard_input_is_a_closed_stream_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from zhengfen.cli import streams

    monkeypatch.setattr(streams, "_closed", {"stdin"})
    with pytest.raises(ClosedStreamError, match="standard input is closed: to read"):
        streams.require_open("stdin", "to read")


@needs_jax
def test_the_train_extra_missing_is_an_import_error(monkeypatch: pytest.MonkeyPatch) -> None:
    command = train_command()
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "optax" else real(name, *a)
    )
    with pytest.raises(ImportError, match=r"train extra.*missing: optax"):
        command.check_extra()


def test_the_python_package_raises_no_plain_value_error() -> None:
    """Outside the reference (an independent implementation with its own errors), no module
    of the package raises a plain ``ValueError``."""
    package = Path(zhengfen.__file__).parent
    for path in sorted(package.rglob("*.py")):
        if "reference" in path.relative_to(package).parts:
            continue
        text = path.read_text(encoding="utf-8")
        assert "raise ValueError(" not in text, path.relative_to(package)
