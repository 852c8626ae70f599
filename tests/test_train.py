"""``zhengfen train`` (issue 21, piece 3; AI.md §8): the JAX network is the model format's
forward pass, the input scales bound every input, the learner fits, checkpoints restore the
learner exactly, the curve files, and the command's refusals (one line, exit status 2, before
any training). Needs the ``train`` extra (JAX, optax, matplotlib); skipped without it."""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import zhengfen
from ray_cluster import RayCluster
from test_cli import subprocess_env, zhengfen_cmd
from zhengfen import cli

jax = pytest.importorskip("jax")
pytest.importorskip("optax")
pytest.importorskip("matplotlib")

from zhengfen.train import curve, features  # noqa: E402
from zhengfen.train.arguments import parse_search  # noqa: E402
from zhengfen.train.checkpoint import (  # noqa: E402
    RunFiles,
    keep_reference,
    optimizer_bytes,
    optimizer_of,
    read_reference,
)
from zhengfen.train.config import TrainConfig  # noqa: E402
from zhengfen.train.learner import Learner, Targets  # noqa: E402
from zhengfen.train.loop import Run, train  # noqa: E402
from zhengfen.train.network import (  # noqa: E402
    Network,
    Params,
    assemble,
    forward,
    init_params,
    tensor_names,
)

TINY_ROUNDS = 30
TINY_MARGIN = 5.0
"""The tiny run's rounds, and by how many points per match it must beat its start."""

ALL_RULES = [zhengfen.Rules.zheng_fen(players=p) for p in (3, 4, 5, 6)] + [
    zhengfen.Rules.zen_cheng_you()
]


def numpy_forward(
    tensors: dict[str, np.ndarray], states: np.ndarray, moves: np.ndarray, residual: bool = False
) -> np.ndarray:
    """The format's forward pass written again in float64 NumPy, apart from the JAX one
    (``residual``: a hidden layer after the first of equal widths adds its input)."""
    t = {k: v.astype(np.float64) for k, v in tensors.items()}
    a = (states * t["input.state_scale"]) @ t["layer0.state_weight"] + t["layer0.bias"]
    h = np.maximum(a + (moves * t["input.move_scale"]) @ t["layer0.move_weight"], 0)
    i = 1
    while f"layer{i}.weight" in t:
        y = np.maximum(h @ t[f"layer{i}.weight"] + t[f"layer{i}.bias"], 0)
        h = y + h if residual and y.shape == h.shape else y
        i += 1
    result: np.ndarray = h @ t["output.weight"] + t["output.bias"][0]
    return result


def random_positions(rules: zhengfen.Rules, seed: int, steps: int) -> list[zhengfen.Game]:
    """Copies of a game at each of ``steps`` random moves (new games as matches end)."""
    chooser, game, seen = random.Random(seed), zhengfen.Game(rules, seed), []
    for _ in range(steps):
        if game.game_over or game.match_over:
            seed += 1
            game = zhengfen.Game(rules, seed)
        seen.append(game.copy())
        moves = game.legal_moves()
        game.play(moves[chooser.randrange(len(moves))])
    return seen


def random_inputs(network: Network, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Real state and move rows: random positions' tensors, the first legal move's features."""
    history = network.history
    states, moves = [], []
    for game in random_positions(network.rules, seed, n):
        seat = game.current_player
        assert seat is not None
        states.append(
            np.concatenate(
                [
                    game.observation_tensor(seat),
                    game.score_tensor(seat),
                    game.history_tensor(seat, rows=history).reshape(-1),
                ]
            )
        )
        moves.append(game.legal_move_features()[0])
    return np.array(states, np.float32), np.array(moves, np.float32)


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: f"{r.game}-{r.players}")
def test_scales_bring_every_input_into_zero_one(rules: zhengfen.Rules) -> None:
    """Over random play, every scaled observation, history and move value lies in [0, 1], and
    the scaled scores within the target (a Zen Cheng You score may fall below zero)."""
    history = 4
    state_scale = features.state_scale(rules, history)
    move_scale = features.move_scale(rules)
    assert state_scale.shape == (features.state_size(history),) and move_scale.shape == (90,)
    assert np.all(state_scale > 0) and np.all(move_scale > 0)
    for game in random_positions(rules, seed=7, steps=400):
        seat = game.current_player
        assert seat is not None
        rows = [game.observation_tensor(seat), game.history_tensor(seat, rows=history).ravel()]
        scaled = np.concatenate(rows) * np.delete(state_scale, range(591, 598))
        assert scaled.min() >= 0 and scaled.max() <= 1, game.to_json()
        moves = game.legal_move_features() * move_scale
        assert moves.min() >= 0 and moves.max() <= 1
        scores = game.score_tensor(seat) * state_scale[591:598]
        assert np.all(np.abs(scores) <= 2)


@pytest.mark.parametrize(
    ("layers", "residual"),
    [
        ((8,), False),
        ((16, 8), False),
        ((32, 16, 8), False),
        ((16, 16, 16), True),
        ((16, 16, 8, 8), True),
    ],
)
def test_jax_forward_is_the_formats_forward_pass(layers: tuple[int, ...], residual: bool) -> None:
    """The JAX network equals an independent float64 NumPy forward pass of the same tensors to
    1e-5 (relative to the values' size), on real positions; its tensors are the format's (a
    residual network has no others)."""
    rules = zhengfen.Rules.zheng_fen(players=4)
    network = Network(rules, layers, history=3, residual=residual)
    params = init_params(jax.random.key(1), network)
    # Larger random biases and output weights, so that every ReLU sees both signs.
    noise = np.random.default_rng(0)
    params = {k: v + noise.normal(0, 0.3, v.shape).astype(np.float32) for k, v in params.items()}
    tensors = network.tensors(params)
    assert set(tensors) == {"input.state_scale", "input.move_scale", *tensor_names(layers)}
    states, moves = random_inputs(network, 64, seed=3)
    got = np.asarray(forward(params, network.scales(), states, moves, residual))
    want = numpy_forward(tensors, states, moves, residual)
    assert np.allclose(got, want, rtol=1e-5, atol=1e-5 * max(1.0, np.abs(want).max()))
    if residual:  # the blocks change the values
        plain = numpy_forward(tensors, states, moves)
        assert not np.allclose(plain, want, rtol=1e-3, atol=1e-3)


Synthetic = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def synthetic(n: int, size: int, seed: int) -> Synthetic:
    """Compact rows (codes, scores, moves) whose target is a fixed nonlinear function of them
    (0 to 100, as match points)."""
    rng = np.random.default_rng(seed)
    codes = rng.integers(0, 2, (n, size - 7)).astype(np.uint8)
    scores = rng.integers(0, 500, (n, 7)).astype(np.float32)
    moves = rng.integers(0, 2, (n, 90)).astype(np.uint8)
    bits = codes[:, :10].sum(1).astype(np.float32)
    targets = 25 + 20 * np.tanh(bits - 5) + 15 * moves[:, 0] * codes[:, 1]
    return codes, scores, moves, targets.astype(np.float32)


def test_learner_fits_a_function_of_its_inputs() -> None:
    """A few hundred Adam steps cut the loss on held-out rows to well under a quarter."""
    network = Network(zhengfen.Rules.zheng_fen(players=4), (64, 32), history=0)
    learner = Learner.start(network, 3e-3, init_params(jax.random.key(0), network))
    train_rows = synthetic(4096, network.state_size, seed=1)
    codes, scores, moves, targets = synthetic(1024, network.state_size, seed=2)
    states = np.asarray(assemble(codes, scores))

    def held_out() -> float:
        q = np.asarray(forward(learner.params, network.scales(), states, moves))
        return float(np.mean(((q - targets) / 100) ** 2))

    before = held_out()
    rng = np.random.default_rng(0)
    loss, steps = learner.train(*train_rows, rng, batch=256, reuse=12)
    assert steps == 12 * 16 and np.isfinite(loss)
    after = held_out()  # 0.032 before, 0.005 after
    assert after < before / 4, (before, after)


def test_partial_batch_rows_weigh_nothing() -> None:
    """A batch padded with zero-weight rows steps exactly as if those rows were not there:
    the last, short batch of a round is trained on without a second compiled step."""
    network = Network(zhengfen.Rules.zheng_fen(players=4), (16,), history=0)
    start = init_params(jax.random.key(0), network)
    rows = synthetic(40, network.state_size, seed=3)
    padded, unpadded = Learner.start(network, 1e-3, start), Learner.start(network, 1e-3, start)
    from zhengfen.train.learner import padded as pad

    codes, scores, moves, returns = rows
    arrays = (codes, scores, moves, *Targets.monte_carlo(returns).arrays())
    a = padded.step(*pad(arrays, np.arange(30), 40))
    labels = (t[:30] for t in Targets.monte_carlo(returns).arrays())
    b = unpadded.step(codes[:30], scores[:30], moves[:30], *labels)
    assert a == pytest.approx(b, rel=1e-6)
    for name in start:
        np.testing.assert_allclose(padded.params[name], unpadded.params[name], rtol=1e-5)


def test_optimizer_state_round_trips_exactly() -> None:
    """Adam's state saved and read back continues training bit for bit, and a state of another
    network's shape is refused."""
    network = Network(zhengfen.Rules.zheng_fen(players=4), (16, 8), history=1)
    learner = Learner.start(network, 1e-3, init_params(jax.random.key(0), network))
    rows = synthetic(512, network.state_size, seed=4)
    learner.train(*rows, np.random.default_rng(0), batch=128)
    data = optimizer_bytes(learner.opt_state)
    restored = Learner(network, 1e-3, dict(learner.params), optimizer_of(data, learner.opt_state))
    for one in (learner, restored):
        one.train(*rows, np.random.default_rng(1), batch=128)
    for name in learner.params:
        assert np.array_equal(learner.params[name], restored.params[name]), name
    other = Network(network.rules, (16, 4), history=1)
    fresh = Learner.start(other, 1e-3, init_params(jax.random.key(0), other))
    with pytest.raises(ValueError, match="optimizer state"):
        optimizer_of(data, fresh.opt_state)


def test_curve_is_written_read_truncated_and_drawn(tmp_path: Path) -> None:
    path, png = tmp_path / "curve.csv", tmp_path / "curve.png"
    points = [
        curve.Point(r, 1000 * r, 10 * r, 1.5 * r, 0.001 * r, r - 2.5, r - 4.0, r - 1.0, 64)
        for r in range(5)
    ]
    for point in points:
        curve.write(path, point)
    assert curve.read(path) == points
    assert path.read_text().splitlines()[0] == ",".join(curve.COLUMNS)
    curve.truncate(path, 2)
    assert curve.read(path) == points[:3]
    curve.plot(curve.read(path), png, "test")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_curve_without_the_yardstick_columns_still_reads(tmp_path: Path) -> None:
    """Curves written before the yardstick and reference columns read with those empty, and
    an empty cell is written for a yardstick not measured."""
    path = tmp_path / "curve.csv"
    path.write_text(
        "round,decisions,episodes,seconds,core_hours,points,low,high,deals\n"
        "3,900,48,2.5,0.001,4.5,1.0,8.0,64\n"
    )
    (old,) = curve.read(path)
    assert (old.round, old.points, old.deals, old.yardstick_deals) == (3, 4.5, 64, 0)
    assert math.isnan(old.yardstick) and math.isnan(old.reference_high)
    point = curve.Point(
        1,
        2,
        3,
        4.0,
        5.0,
        yardstick=-3.0,
        yardstick_low=-5.0,
        yardstick_high=-1.0,
        yardstick_deals=8,
    )
    curve.write(tmp_path / "new.csv", point)
    row = (tmp_path / "new.csv").read_text().splitlines()[1]
    assert row == "1,2,3,4.0,5.0,,,,0,-3.0,-5.0,-1.0,8,,,,"
    (back,) = curve.read(tmp_path / "new.csv")
    assert back.yardstick == -3.0 and math.isnan(back.points)
    assert curve.describe(back) == "yardstick -3.0 [-5.0, -1.0] on 8 deals"
    assert old.yardstick_agent == back.yardstick_agent == ""
    named = dataclasses.replace(point, yardstick_agent="ismcts(iterations=8)")
    curve.write(tmp_path / "named.csv", named)
    assert curve.read(tmp_path / "named.csv") == [named]
    assert curve.describe(named) == "ismcts(iterations=8) -3.0 [-5.0, -1.0] on 8 deals"


def test_the_evaluation_is_a_paired_margin_over_duplicate_deals(tmp_path: Path) -> None:
    """An untrained model against greedy: one value per deal, the learner's points per match
    minus greedy's; the same deals give the same result; per deal the margins of a Zheng Fen
    table add up with the match's 100 points."""
    from zhengfen.train import evaluation

    rules = zhengfen.Rules.zheng_fen(players=4)
    network = Network(rules, (16,), history=1)
    path = tmp_path / "model.safetensors"
    model = zhengfen.LearnedModel.from_arrays(
        network.metadata({}), network.tensors(init_params(jax.random.key(0), network))
    )
    model.save(path)
    first = evaluation.evaluate(rules, path, deals=6, seed=3)
    assert first == evaluation.evaluate(rules, path, deals=6, seed=3)
    assert first.n == 6 and first.low is not None and first.high is not None
    assert first.low <= first.mean <= first.high
    agents = evaluation.table(rules, evaluation.learned_spec(path), evaluation.GREEDY)
    result = zhengfen.rollouts(rules, agents, 6, 3, duplicate=True, matches=1)
    learner = np.array([True, False, False, False])
    margin = evaluation.margins(result["deal"], result["seating"], result["points"], learner)
    assert margin == first
    # Per deal, the learner's mean m and greedy's g over their seat-games make m + 3 g = 100
    # (every match gives out 100 points), so m - g = (4 m - 100) / 3.
    own = [
        result["points"][k][result["seating"][k] == 0].mean() for k in range(len(result["deal"]))
    ]
    per_deal = np.array(own).reshape(6, 4).mean(axis=1)
    assert np.allclose(first.mean, np.mean((4 * per_deal - 100) / 3))
    zcy = zhengfen.Rules.zen_cheng_you()
    assert evaluation.table(zcy, "L", "greedy") == ["L", "greedy", "L", "greedy"]


# --- the command's refusals ----------------------------------------------------------------------


def refused(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str, argparse: bool = False
) -> None:
    """``zhengfen train ARGS`` exits 2 with one line naming the problem (argparse's own errors
    put its usage lines before that line), and nothing on standard output."""
    if argparse:
        with pytest.raises(SystemExit) as stop:
            cli.main(["train", *args])
        status = stop.value.code
    else:
        status = cli.main(["train", *args])
    out, err = capsys.readouterr()
    assert status == 2 and out == "", (status, out, err)
    lines = err.strip().splitlines()
    assert "Traceback" not in err and message in lines[-1], err
    if not argparse:
        assert len(lines) == 1, err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--layers", "0"], "--layers: must be 1 to 8 hidden sizes"),
        (["--layers", "64,x"], "--layers: must be 1 to 8 hidden sizes"),
        (["--lr", "0"], "--lr: must be a positive learning rate"),
        (["--lr", "nan"], "--lr: must be a positive learning rate"),
        (["--epsilon", "1.5"], "--epsilon: must be a probability from 0 to 1"),
        (["--history", "17"], "--history: must be an integer from 0 to 16"),
        (["--players", "7"], "--players: must be an integer from 3 to 6"),
        (["--batch", "0"], "--batch: must be an integer from 1"),
        (["--minutes", "-1"], "--minutes: must be a positive number of minutes"),
        (["--game", "chess"], "--game: invalid choice"),
        (["--search", "0"], "--search: must be an integer from 1 to 1000000"),
        (["--search", "greedy"], "--search: must be a number of iterations or an ismcts spec"),
        (["--search", "ismcts(foo=1)"], "--search: agent spec 'ismcts(foo=1)': unknown setting"),
        (["--yardstick-deals", "-1"], "--yardstick-deals: must be an integer from 0"),
    ],
)
def test_bad_options_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str
) -> None:
    refused(capsys, ["--out", str(tmp_path / "run"), *args], message, argparse=True)
    assert not (tmp_path / "run").exists()


def test_without_the_extra_the_command_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from zhengfen.train import command

    monkeypatch.setattr(command, "PACKAGES", ("jax", "zhengfen_no_such_package"))
    refused(capsys, ["--out", str(tmp_path / "run")], "pip install 'zhengfen[train]'")
    assert not (tmp_path / "run").exists()


def test_the_other_commands_and_the_help_never_import_jax() -> None:
    """The package, ``zhengfen arena`` and ``zhengfen train --help`` run without JAX, optax or
    matplotlib loaded."""
    script = (
        "import contextlib, io, sys\n"
        "from zhengfen import cli\n"
        "import zhengfen.train, zhengfen.train.command, zhengfen.train.config\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert cli.main(['arena', '--deals', '1', '--no-progress']) == 0\n"
        "    try:\n"
        "        cli.main(['train', '--help'])\n"
        "    except SystemExit as stop:\n"
        "        assert stop.code == 0\n"
        "extra = ('jax', 'optax', 'matplotlib')\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in extra)\n"
        "assert not loaded, loaded\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert run.returncode == 0, run.stderr


def test_bad_rules_opponents_and_folders_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    run = str(tmp_path / "run")
    refused(capsys, ["--out", run, "--option", "target=0"], "target")
    refused(capsys, ["--out", run, "--option", "nonsense"], "expected NAME=VALUE")
    refused(capsys, ["--out", run, "--opponents", "greedy(x)"], "greedy(x)")
    refused(capsys, ["--out", run, "--opponents", "os:getcwd"], "is not a class")
    refused(capsys, ["--out", run, "--yardstick", "ismcts(turns=3)"], "ismcts(turns=3)")
    refused(capsys, ["--out", run, "--yardstick", "os:getcwd"], "built-in agents only")
    assert not (tmp_path / "run").exists()
    refused(capsys, ["--out", run, "--resume"], "holds no run to resume")
    file = tmp_path / "file"
    file.write_text("")
    refused(capsys, ["--out", str(file)], "not a folder")
    refused(capsys, ["--out", str(file / "run")], "cannot write there")
    (tmp_path / "run").mkdir(exist_ok=True)
    (tmp_path / "run" / "state.json").write_text("{}")
    refused(capsys, ["--out", run], "holds a run already (--resume continues it)")
    refused(capsys, ["--out", run, "--resume"], "is not a state file of this version")


# --- with the engine: the Rust model, the actors, whole runs --------------------------------------


def test_rust_q_values_equal_the_jax_forward_pass() -> None:
    """Issue 21's parity test: on the same weights, the Rust model's ``forward`` and the
    learned agent's ``q_values`` of real positions equal the JAX network to 1e-5, and the state
    row the core assembles is the one the trainer builds from the actors' samples. Plain
    networks (exported as ``zhengfen-dmc-1``) and residual ones (``zhengfen-dmc-2``)."""
    shapes = (((32, 16), False), ((16, 16, 16, 8), True))
    for rules, (layers, residual) in itertools.product(
        (zhengfen.Rules.zheng_fen(players=4), zhengfen.Rules.zen_cheng_you()), shapes
    ):
        network = Network(rules, layers, history=3, residual=residual)
        noise = np.random.default_rng(5)
        params = {
            k: v + noise.normal(0, 0.2, v.shape).astype(np.float32)
            for k, v in init_params(jax.random.key(2), network).items()
        }
        model = zhengfen.LearnedModel.from_arrays(network.metadata({}), network.tensors(params))
        assert model.residual == residual
        assert model.metadata["format"] == ("zhengfen-dmc-2" if residual else "zhengfen-dmc-1")
        states, moves = random_inputs(network, 48, seed=9)
        want = np.asarray(forward(params, network.scales(), states, moves, residual))
        tolerance = 1e-5 * max(1.0, float(np.abs(want).max()))
        np.testing.assert_allclose(model.forward(states, moves), want, rtol=1e-5, atol=tolerance)
        rust, rows, legal = [], [], []
        for game in random_positions(rules, seed=4, steps=30):
            seat = game.current_player
            assert seat is not None
            row = model.state_features(game)
            assert np.array_equal(row, random_state_row(game, seat, network.history))
            moves = game.legal_move_features().astype(np.float32)
            rust.append(model.q_values(game))
            rows.append(np.tile(row, (len(moves), 1)))
            legal.append(moves)
        jax_q = forward(
            params, network.scales(), np.concatenate(rows), np.concatenate(legal), residual
        )
        np.testing.assert_allclose(np.concatenate(rust), jax_q, rtol=1e-5, atol=tolerance)


def random_state_row(game: zhengfen.Game, seat: int, history: int) -> np.ndarray:
    """The state row the trainer assembles (:func:`features.inputs`) for ``seat``."""
    sample: dict[str, np.ndarray] = {
        "observation": game.observation_tensor(seat)[None],
        "scores": game.score_tensor(seat)[None],
        "history": game.history_tensor(seat, rows=history)[None],
        "move": game.legal_move_features()[:1],
    }
    row: np.ndarray = features.inputs(sample)[0][0]
    codes, scores, moves = features.compact(sample)
    assert np.array_equal(np.asarray(assemble(codes, scores))[0], row)
    assert np.array_equal(moves, sample["move"])
    return row


def tiny(out: Path, **changes: object) -> TrainConfig:
    """A run of seconds: a small network, short rounds."""
    values: dict[str, object] = {
        "rules": zhengfen.Rules.zheng_fen(players=4),
        "out": str(out),
        "layers": (64, 32),
        "history": 2,
        "episodes": 16,
        "batch": 256,
        "lr": 1e-3,
        "eval_deals": 0,
        "yardstick_deals": 0,
        "checkpoint_every": 1e6,
        "progress": False,
        **changes,
    }
    return TrainConfig(**values)  # type: ignore[arg-type]


def model_tensors(path: Path) -> dict[str, np.ndarray]:
    return zhengfen.LearnedModel.load(path).tensors()


def same_run(a: Path, b: Path) -> None:
    """Two runs' checkpoints hold the same parameters, actors' parameters and Adam state."""
    for name in ("model.safetensors", "actor.safetensors"):
        first, second = model_tensors(a / name), model_tensors(b / name)
        assert first.keys() == second.keys()
        for key in first:
            assert np.array_equal(first[key], second[key]), (name, key)
    with np.load(a / "optimizer.npz") as x, np.load(b / "optimizer.npz") as y:
        assert sorted(x.files) == sorted(y.files)
        for key in x.files:
            assert np.array_equal(x[key], y[key]), key


def test_a_resumed_run_is_the_uninterrupted_run(tmp_path: Path) -> None:
    """Four rounds in one go, and two then two more with ``--resume``: the same parameters,
    optimizer state and counters."""
    whole = train(tiny(tmp_path / "whole", rounds=4), resume=False)
    train(tiny(tmp_path / "split", rounds=2), resume=False)
    resumed = train(tiny(tmp_path / "split", rounds=4), resume=True)
    same_run(tmp_path / "whole", tmp_path / "split")
    assert (resumed.round, resumed.decisions, resumed.episodes) == (
        whole.round,
        whole.decisions,
        whole.episodes,
    )
    assert whole.round == 4 and whole.decisions > 0


class Clock:
    """The loop's clock (``zhengfen.train.loop.time``): the real one plus ``offset`` seconds."""

    def __init__(self) -> None:
        self.offset = 0.0

    def perf_counter(self) -> float:
        return time.perf_counter() + self.offset

    def process_time(self) -> float:
        return time.process_time()


def test_the_run_counts_its_checkpoints_and_leaves_its_evaluations_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run's seconds (and so its core-hours) hold every checkpoint taken between rounds,
    those taken before an evaluation included, and none of the evaluations' time. A checkpoint
    here takes 100 s of the loop's clock and an evaluation 1000 s. Before the fix, the
    checkpoint before each evaluation was left out, so a run counted less than the time it
    held the machine."""
    from zhengfen.train import loop

    clock = Clock()
    monkeypatch.setattr(loop, "time", clock)
    checkpoint = Run.checkpoint

    def slow_checkpoint(run: Run, snapshot: object) -> None:
        clock.offset += 100
        checkpoint(run, snapshot)  # type: ignore[arg-type]

    def slow_evaluate(run: Run, counters: object) -> None:
        clock.offset += 1000
        run.last_eval = clock.perf_counter()

    monkeypatch.setattr(Run, "checkpoint", slow_checkpoint)
    monkeypatch.setattr(Run, "evaluate", slow_evaluate)
    rounds = 3  # each ends in one checkpoint and an evaluation (eval_every=0): the checkpoint
    # counts in the next round's time, the last round's (as the one after the loop) in none
    config = tiny(tmp_path / "run", rounds=rounds, eval_deals=2, eval_every=0.0)
    counters = train(config, resume=False)
    assert counters.round == rounds
    parts = counters.learner_seconds + counters.wait_seconds + counters.handover_seconds
    assert (rounds - 1) * 100 <= counters.seconds - parts < (rounds - 1) * 100 + 100


def test_a_run_without_evaluations_checkpoints_on_its_own_clock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With evaluations off (``zhengfen exploit``'s runs), ``--eval-every`` takes no step: the
    checkpoints are the first, ``--checkpoint-every``'s and the last two. Before the fix, an
    evaluation step that did nothing left its clock unset, so once ``--eval-every`` had passed
    every round wrote a checkpoint."""
    checkpoint = Run.checkpoint
    taken: list[int] = []

    def counted(run: Run, snapshot: Any) -> None:
        taken.append(snapshot.counters.round)
        checkpoint(run, snapshot)

    monkeypatch.setattr(Run, "checkpoint", counted)
    train(tiny(tmp_path / "run", rounds=5, eval_every=0.0), resume=False)
    assert taken == [0, 5, 5]


def test_a_resumed_run_keeps_its_recipe_and_its_budget(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--resume`` refuses a recipe option that differs from the run's, and a budget in all
    that the run has spent; the same value as the run's is accepted."""
    out = tmp_path / "run"
    train(tiny(out, rounds=1), resume=False)
    base = ["--out", str(out), "--resume"]
    refused(capsys, [*base, "--lr", "0.1"], "lr 0.1 differs from the run's 0.001")
    refused(capsys, [*base, "--residual"], "residual True differs from the run's False")
    refused(capsys, [*base, "--players", "5"], "rules")
    refused(capsys, [*base, "--rounds", "1"], "--rounds 1: the run has done 1 rounds")
    assert cli.main(["train", *base, "--lr", "0.001", "--rounds", "2", "--no-progress"]) == 0
    assert rounds_saved(out) == 2


def test_a_tiny_run_improves_over_its_untrained_start(tmp_path: Path) -> None:
    """Seconds of self-play lift the points per match against greedy, on the run's fixed
    duplicate deals, clearly above where the untrained network stood."""
    config = tiny(tmp_path / "run", rounds=TINY_ROUNDS, eval_deals=48, eval_every=1e6)
    train(config, resume=False)
    points = curve.read(tmp_path / "run" / "curve.csv")
    assert [p.round for p in points] == [0, TINY_ROUNDS]
    start, end = points
    assert end.points - start.points > TINY_MARGIN, points
    assert end.low > start.high, points
    assert (tmp_path / "run" / "curve.png").stat().st_size > 1000


def test_a_tiny_residual_run_improves_over_its_untrained_start(tmp_path: Path) -> None:
    """Issue 31 §3: a residual network (a first layer and two blocks of 64) trained by seconds
    of self-play beats its untrained start against greedy on the run's fixed duplicate deals;
    its models are ``zhengfen-dmc-2`` files with ``residual`` = ``true``, and the recipe keeps
    it."""
    config = tiny(tmp_path / "run", rounds=TINY_ROUNDS, layers=(64, 64, 64), residual=True)
    train(dataclasses.replace(config, eval_deals=48, eval_every=1e6), resume=False)
    start, end = curve.read(tmp_path / "run" / "curve.csv")
    assert end.points - start.points > TINY_MARGIN, (start, end)
    assert end.low > start.high, (start, end)
    model = zhengfen.LearnedModel.load(tmp_path / "run" / "model.safetensors")
    assert model.residual and model.metadata["format"] == "zhengfen-dmc-2"
    assert json.loads((tmp_path / "run" / "state.json").read_text())["recipe"]["residual"]
    # --init with a residual model makes the new run residual.
    args = ["--out", str(tmp_path / "next"), "--init", str(tmp_path / "run" / "model.safetensors")]
    quick = ("--episodes", "4", "--rounds", "1", "--eval-deals", "0", "--yardstick-deals", "0")
    assert cli.main(["train", *args, *quick, "--no-progress"]) == 0
    assert json.loads((tmp_path / "next" / "state.json").read_text())["recipe"]["residual"]


def test_a_run_stored_before_residual_networks_resumes_as_a_plain_one(tmp_path: Path) -> None:
    """A ``state.json`` without ``residual`` (the runs before it) means today's network."""
    train(tiny(tmp_path / "run", rounds=1), resume=False)
    path = tmp_path / "run" / "state.json"
    state = json.loads(path.read_text())
    del state["recipe"]["residual"]
    path.write_text(json.dumps(state))
    config = tiny(tmp_path / "run", rounds=2, residual=True).with_recipe(state["recipe"])
    assert config.residual is False
    train(config, resume=True)
    assert not zhengfen.LearnedModel.load(tmp_path / "run" / "model.safetensors").residual


TINY_ARGS = (
    *("--layers", "64,32", "--history", "2", "--episodes", "16", "--batch", "256"),
    *("--lr", "0.001", "--eval-deals", "0", "--yardstick-deals", "0", "--no-progress"),
)


def test_a_tiny_search_labelled_run_improves_over_its_start(tmp_path: Path) -> None:
    """Issue 31 §2: seconds of search-labelled self-play (a search of 16 iterations labelling
    every learner decision) lift the points per match against greedy on the run's fixed
    duplicate deals, clearly above where the untrained network stood; the counters tell the
    decisions from the rows trained on."""
    config = tiny(tmp_path / "run", rounds=10, search=16, eval_deals=48, eval_every=1e6)
    counters = train(config, resume=False)
    start, end = curve.read(tmp_path / "run" / "curve.csv")
    assert end.points - start.points > TINY_MARGIN, (start, end)
    assert end.low > start.high, (start, end)
    assert counters.samples > 2 * counters.decisions > 0


def test_a_resumed_search_labelled_run_is_the_uninterrupted_run(tmp_path: Path) -> None:
    whole = train(tiny(tmp_path / "whole", rounds=3, search=8), resume=False)
    train(tiny(tmp_path / "split", rounds=1, search=8), resume=False)
    resumed = train(tiny(tmp_path / "split", rounds=3, search=8), resume=True)
    same_run(tmp_path / "whole", tmp_path / "split")
    assert (resumed.decisions, resumed.samples) == (whole.decisions, whole.samples)
    state = json.loads((tmp_path / "split" / "state.json").read_text())
    assert state["recipe"]["search"] == 8


def test_a_run_labelled_by_an_ismcts_spec_keeps_it_and_resumes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--search SPEC``: the canonical spec is the recipe's, kept by ``--resume`` (which
    continues the run as if uninterrupted) and refused when another search is given."""
    spec = parse_search("ismcts(iterations=6)")
    assert isinstance(spec, zhengfen.AgentSpec)  # read once, where the command line is read
    assert spec.spec == "ismcts(iterations=6,playout=greedy,exploration=0.7,candidates=8)"
    whole = train(tiny(tmp_path / "whole", rounds=2, search=spec), resume=False)
    train(tiny(tmp_path / "split", rounds=1, search=spec), resume=False)
    resumed = train(tiny(tmp_path / "split", rounds=2, search=spec), resume=True)
    same_run(tmp_path / "whole", tmp_path / "split")
    assert (resumed.decisions, resumed.samples) == (whole.decisions, whole.samples)
    state = json.loads((tmp_path / "split" / "state.json").read_text())
    assert state["recipe"]["search"] == spec.spec
    args = ["--out", str(tmp_path / "split"), "--resume", "--search", "6", "--rounds", "3"]
    refused(capsys, args, "--resume: search 6 differs from the run's 'ismcts(iterations=6,")


def test_a_run_played_by_the_model_keeps_it_and_resumes(tmp_path: Path) -> None:
    """``--played-by model`` is part of the recipe: stored, kept by ``--resume``, and the
    resumed run is the uninterrupted one."""
    changes: dict[str, object] = {"search": 6, "played_by": "model"}
    whole = train(tiny(tmp_path / "whole", rounds=2, **changes), resume=False)
    train(tiny(tmp_path / "split", rounds=1, **changes), resume=False)
    resumed = train(tiny(tmp_path / "split", rounds=2, **changes), resume=True)
    same_run(tmp_path / "whole", tmp_path / "split")
    assert (resumed.decisions, resumed.samples) == (whole.decisions, whole.samples)
    assert resumed.samples > resumed.decisions
    state = json.loads((tmp_path / "split" / "state.json").read_text())
    assert state["recipe"]["played_by"] == "model"


def test_played_by_the_model_without_a_search_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["--out", str(tmp_path / "run"), "--played-by", "model"]
    refused(capsys, args, "--played-by model needs --search")
    assert not (tmp_path / "run").exists()


def test_a_run_capping_untried_moves_keeps_it_and_resumes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--cap-untried K`` is part of the recipe: stored, kept by ``--resume`` (the resumed
    run is the uninterrupted one), refused when changed; a run stored before it means 0."""
    changes: dict[str, object] = {"search": "ismcts(iterations=6,candidates=3)", "cap_untried": 2}
    whole = train(tiny(tmp_path / "whole", rounds=2, **changes), resume=False)
    train(tiny(tmp_path / "split", rounds=1, **changes), resume=False)
    resumed = train(tiny(tmp_path / "split", rounds=2, **changes), resume=True)
    same_run(tmp_path / "whole", tmp_path / "split")
    assert (resumed.decisions, resumed.samples) == (whole.decisions, whole.samples)
    plain = train(tiny(tmp_path / "plain", rounds=2, search=changes["search"]), resume=False)
    # Both rounds are played by the start model (the actors run a round ahead), and capping
    # changes no game: the same decisions, more rows.
    assert resumed.samples > plain.samples and resumed.decisions == plain.decisions
    state = json.loads((tmp_path / "split" / "state.json").read_text())
    assert state["recipe"]["cap_untried"] == 2
    args = ["--out", str(tmp_path / "split"), "--resume", "--cap-untried", "3", "--rounds", "3"]
    refused(capsys, args, "--resume: cap_untried 3 differs from the run's 2")
    del state["recipe"]["cap_untried"]
    assert tiny(tmp_path / "split").with_recipe(state["recipe"]).cap_untried == 0


def test_a_ranked_run_keeps_its_weight_and_resumes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--rank W`` is part of the recipe; the resumed run is the uninterrupted one; it needs
    ``--search``."""
    changes: dict[str, object] = {"search": 6, "rank": 0.5}
    whole = train(tiny(tmp_path / "whole", rounds=2, **changes), resume=False)
    train(tiny(tmp_path / "split", rounds=1, **changes), resume=False)
    resumed = train(tiny(tmp_path / "split", rounds=2, **changes), resume=True)
    same_run(tmp_path / "whole", tmp_path / "split")
    assert (resumed.decisions, resumed.samples) == (whole.decisions, whole.samples)
    state = json.loads((tmp_path / "split" / "state.json").read_text())
    assert state["recipe"]["rank"] == 0.5
    refused(capsys, ["--out", str(tmp_path / "other"), "--rank", "1"], "--rank needs --search")


def test_cap_untried_without_a_search_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["--out", str(tmp_path / "run"), "--cap-untried", "4"]
    refused(capsys, args, "--cap-untried needs --search")
    assert not (tmp_path / "run").exists()


def test_a_search_spec_naming_a_model_file_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "m.safetensors"
    zhengfen.LearnedModel.shipped(zhengfen.Rules.zheng_fen()).save(path)
    spec = f"ismcts(policy=learned(model={path}))"
    args = ["--out", str(tmp_path / "run"), "--search", spec]
    refused(capsys, args, "--search: a labelling search's policy=learned is the model being", True)
    assert not (tmp_path / "run").exists()


def test_each_evaluation_measures_greedy_the_yardstick_and_the_reference(
    tmp_path: Path,
) -> None:
    """Issue 31 §1: every point of the curve has the margin against greedy, against the
    fixed search and against the reference model (here the one the run started from). The
    run's folder and the start model's path hold a comma, blanks and parentheses: the
    evaluations' agents are made from the paths, never written as spec text (issue 33 §2)."""
    odd = tmp_path / "runs a,b (1)"
    odd.mkdir()
    start = odd / "start.safetensors"
    model = zhengfen.LearnedModel.shipped(zhengfen.Rules.zheng_fen(players=4))
    model.save(start)
    config = tiny(
        odd / "run",
        rounds=1,
        init=str(start),
        layers=tuple(model.layers),
        history=model.history_rows,
        eval_deals=4,
        yardstick=zhengfen.AgentSpec.ismcts(iterations=8),
        yardstick_deals=3,
    )
    train(config, resume=False)
    first, last = curve.read(odd / "run" / "curve.csv")
    for point in (first, last):
        assert point.deals == 4 and point.yardstick_deals == 3
        for name in ("points", "yardstick", "reference"):
            assert np.isfinite(getattr(point, name)), name
    # Round 0 is the start model itself: against itself, on duplicate deals, even.
    assert first.reference == 0.0
    eight = "ismcts(iterations=8,playout=greedy,exploration=0.7,candidates=8)"
    assert first.yardstick_agent == last.yardstick_agent == eight


def test_a_resumed_run_keeps_the_yardstick_of_its_curve(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--yardstick`` is machinery, but a run resumed without it goes on measuring against the
    search its curve was measured against (it fell back to the default, so one column mixed
    two searches); given anew, the new one is measured and named in its rows, and the plot
    draws the two apart."""
    out = tmp_path / "run"
    common = ["--eval-deals", "0", "--yardstick-deals", "2", "--no-progress"]
    tiny_net = ["--layers", "16", "--history", "1", "--episodes", "4"]
    first = ["--yardstick", "ismcts(iterations=8)", *tiny_net]
    assert cli.main(["train", "--out", str(out), "--rounds", "1", *first, *common]) == 0
    assert cli.main(["train", "--out", str(out), "--resume", "--rounds", "2", *common]) == 0
    rules = zhengfen.Rules.zheng_fen()
    eight, four = (str(zhengfen.canonical_spec(f"ismcts(iterations={n})", rules)) for n in (8, 4))
    assert [p.yardstick_agent for p in curve.read(out / "curve.csv")] == [eight] * 3
    other = ["--resume", "--rounds", "3", "--yardstick", "ismcts(iterations=4)", *common]
    assert cli.main(["train", "--out", str(out), *other]) == 0
    points = curve.read(out / "curve.csv")
    assert [p.yardstick_agent for p in points][-1] == four
    assert [label for label, _, _ in curve._series(points)] == [eight, four]
    capsys.readouterr()


def test_a_yardstick_guided_by_a_model_at_an_odd_path_is_read_once(tmp_path: Path) -> None:
    """``--yardstick`` naming a model whose path holds a comma, blanks and parentheses: quoted,
    read once into an AgentSpec (with the model) where the command line is read, its canonical
    spec keeps it quoted, and the evaluations read nothing again (issues 33 §2, 48 §1)."""
    from zhengfen import _core
    from zhengfen.train import command, evaluation
    from zhengfen.train.config import read_yardstick

    path = tmp_path / "runs a,b (1)" / "model.safetensors"
    path.parent.mkdir()
    zhengfen.LearnedModel.shipped(zhengfen.Rules.zheng_fen(players=4)).save(path)
    given = f'ismcts(iterations=8,policy=learned(model="{path}"))'
    before = _core._specs_read()
    yardstick = read_yardstick(given)
    assert _core._specs_read() - before == 1  # read once, at the edge
    config = command.check_yardstick(tiny(tmp_path / "run", yardstick=yardstick, yardstick_deals=2))
    spec = config.yardstick.spec
    assert spec == zhengfen.canonical_spec(given) and f'"{path}"' in spec
    run = Run(config, 1)
    before = _core._specs_read()
    (column,) = [c for c in run.yardsticks if c[0] == "yardstick"]
    assert column[1] == config.yardstick and column[1].model is not None
    assert column[1].model_file == str(path)
    assert run.yardsticks is run.yardsticks  # made once, then kept
    assert _core._specs_read() == before  # nothing read again (the reference is a model)
    reference = evaluation.reference_model(config.rules, str(path))
    assert reference is not None and reference.tensors().keys() == model_tensors(path).keys()


def test_targets_of_searched_samples_weigh_each_term(tmp_path: Path) -> None:
    """Rows a search tried are fitted to its value, the played row to its return too; the
    loss is the weighted mean of both squared errors."""
    from zhengfen.train.learner import loss_fn

    rules = zhengfen.Rules.zheng_fen(players=4)
    model = zhengfen.LearnedModel.shipped(rules)
    samples = zhengfen.selfplay(rules, model, 1, 2, search=12, epsilon=0.3)
    targets = Targets.of_samples(samples)
    assert np.array_equal(targets.on_value, (samples["visits"] > 0).astype(np.float32))
    assert np.array_equal(targets.on_return, samples["played"].astype(np.float32))
    network = Network(rules, tuple(model.layers), model.history_rows)
    params = network.params_of(model.tensors())
    codes, scores, moves = features.compact(samples)
    rows = np.arange(len(codes))  # each row its own decision: no ranking term asked for
    loss = float(
        loss_fn(params, network.scales(), (codes, scores, moves, *targets.arrays(), rows), 100.0)
    )
    q = np.asarray(forward(params, network.scales(), *features.inputs(samples)))
    squares = (
        targets.on_return * (q - targets.returns) ** 2
        + targets.on_value * (q - targets.values) ** 2
    )
    expected = squares.sum() / 100**2 / (targets.on_return.sum() + targets.on_value.sum())
    assert loss == pytest.approx(float(expected), rel=1e-4)
    monte_carlo = Targets.monte_carlo(samples["target"])
    assert monte_carlo.on_return.all() and not monte_carlo.on_value.any()


def test_capped_untried_moves_cost_only_above_their_cap() -> None:
    """A capped row (``selfplay(cap_untried=K)``) adds the squared excess of its Q over the
    value of the search's choice, nothing below it, and no weight of its own."""
    from zhengfen.train.learner import loss_fn

    rules = zhengfen.Rules.zheng_fen(players=4)
    model = zhengfen.LearnedModel.shipped(rules)
    search = "ismcts(iterations=12,candidates=3,policy=learned)"
    samples = zhengfen.selfplay(rules, model, 1, 2, search=search, epsilon=0.0, cap_untried=4)
    targets = Targets.of_samples(samples)
    capped = samples["capped"]
    assert capped.any() and np.array_equal(targets.on_cap, capped.astype(np.float32))
    assert not (capped & samples["played"]).any() and (samples["visits"][capped] == 0).all()
    network = Network(rules, tuple(model.layers), model.history_rows)
    params = network.params_of(model.tensors())
    codes, scores, moves = features.compact(samples)
    q = np.asarray(forward(params, network.scales(), *features.inputs(samples)))

    def loss(values: npt.NDArray[np.float32]) -> float:
        arrays = dataclasses.replace(targets, values=values).arrays()
        batch = (codes, scores, moves, *arrays, np.arange(len(codes)))
        return float(loss_fn(params, network.scales(), batch, 100.0))

    weight = targets.on_return.sum() + targets.on_value.sum()
    fitted = (
        targets.on_return * (q - targets.returns) ** 2
        + targets.on_value * (q - targets.values) ** 2
    )
    above = np.where(capped, q + 5.0, targets.values).astype(np.float32)  # every cap 5 over Q
    base = float(fitted.sum() / 100**2 / weight)
    assert loss(above) == pytest.approx(base, rel=1e-4)
    below = np.where(capped, q - 5.0, targets.values).astype(np.float32)  # every Q 5 over
    assert loss(below) == pytest.approx(base + capped.sum() * 0.05**2 / weight, rel=1e-4)


def test_the_ranking_term_is_the_cross_entropy_of_visit_shares() -> None:
    """``ranking``: per segment, minus the shares times the log-softmax, over the segments'
    total share; padding rows (the last segment) weigh nothing."""
    from zhengfen.train.learner import ranking

    logits = np.array([1.0, 2.0, 0.5, -1.0, 3.0, 7.0], np.float32)
    shares = np.array([0.25, 0.75, 0.0, 1.0, 0.0, 0.0], np.float32)
    segments = np.array([0, 0, 0, 1, 1, 6], np.int32)  # row 5 is padding (segment len)

    def log_softmax(x: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
        wide = x.astype(np.float64)
        out: npt.NDArray[np.float64] = wide - np.log(np.exp(wide - wide.max()).sum()) - wide.max()
        return out

    first, second = log_softmax(logits[:3]), log_softmax(logits[3:5])
    expected = -(0.25 * first[0] + 0.75 * first[1] + 1.0 * second[0]) / 2.0
    assert float(ranking(jax.numpy.asarray(logits), shares, segments)) == pytest.approx(expected)


def test_decision_batches_hold_whole_decisions_once_each() -> None:
    from zhengfen.train.learner import decision_batches

    sizes = [3, 1, 9, 4, 4, 2, 12, 5]  # one decision larger than a batch of 10
    decision = np.repeat(np.arange(len(sizes)), sizes)
    batches = decision_batches(decision, np.random.default_rng(3), 10)
    rows = np.concatenate([r for r, _ in batches])
    assert sorted(rows.tolist()) == list(range(len(decision)))
    for r, ids in batches:
        assert len(r) <= 10 and len(ids) == len(r)
        for i in np.unique(ids):  # a segment is one decision, whole unless cut for its size
            (members,) = np.unique(decision[r[ids == i]])
            whole = np.flatnonzero(decision == members)
            assert len(r[ids == i]) == len(whole) or len(whole) > 10
    again = decision_batches(decision, np.random.default_rng(3), 10)
    assert all(np.array_equal(a[0], b[0]) for a, b in zip(batches, again, strict=True))


def test_ranking_pulls_q_toward_the_searchs_visits() -> None:
    """Steps on the ranking term alone more than halve the gap between its cross-entropy and
    the visit shares' own entropy (the KL divergence of the softmax of Q from them), in
    decision-sized batches; the shares add to 1 per decision."""
    from zhengfen.train.learner import ranking, temperature

    rules = zhengfen.Rules.zheng_fen(players=4)
    model = zhengfen.LearnedModel.shipped(rules)
    samples = zhengfen.selfplay(rules, model, 2, 5, search=24, epsilon=0.0)
    targets = Targets.of_samples(samples)
    assert targets.decision is not None
    totals = np.bincount(targets.decision, weights=targets.shares)
    assert np.allclose(totals[totals > 0], 1.0) and (totals > 0).sum() > 20
    network = Network(rules, tuple(model.layers), model.history_rows)
    codes, scores, moves = features.compact(samples)
    shares = targets.shares
    entropy = -np.sum(shares[shares > 0] * np.log(shares[shares > 0])) / shares.sum()

    decision = targets.decision

    def divergence(params: Params) -> float:
        q = forward(params, network.scales(), *features.inputs(samples))
        return float(ranking(q / temperature(100.0), shares, decision)) - float(entropy)

    learner = Learner.start(network, 1e-3, network.params_of(model.tensors()))
    before = divergence(learner.params)
    off = np.zeros_like(shares)
    ranked_only = dataclasses.replace(targets, on_return=off, on_value=off)
    for _ in range(30):
        learner.train(codes, scores, moves, ranked_only, np.random.default_rng(0), 256, rank=1.0)
    assert 0 <= divergence(learner.params) < before / 2, before


def test_closing_the_local_actors_stops_the_round_in_flight() -> None:
    """Ctrl-C and SIGTERM reach the main thread only: ``close`` tells the actors' thread, whose
    round in flight (seconds of searched self-play) ends with ``KeyboardInterrupt`` rather than
    being played to its end and dropped."""
    from zhengfen.train.actors import LocalActors, Recipe, Round

    rules = zhengfen.Rules.zheng_fen(players=4)
    model = bytes(zhengfen.LearnedModel.shipped(rules).to_bytes())
    actors = LocalActors(Recipe(rules, 0, 0.05, 1, search=64))
    actors.submit(Round(0, 0, 40, model, None))
    pending = actors.pending
    assert pending is not None
    while not pending.running():  # closing before it starts would only cancel it
        time.sleep(0.01)
    actors.close()
    assert pending.done()
    assert isinstance(pending.exception(), KeyboardInterrupt)


def test_cap_untried_is_refused_without_a_search() -> None:
    """``cap_untried`` caps what a search did not try: without one, or out of range, it is
    refused."""
    rules = zhengfen.Rules.zheng_fen(players=4)
    model = zhengfen.LearnedModel.shipped(rules)
    with pytest.raises(zhengfen.ArgumentError, match="cap_untried needs a search"):
        zhengfen.selfplay(rules, model, 1, cap_untried=2)
    with pytest.raises(zhengfen.ArgumentError, match="cap_untried"):
        zhengfen.selfplay(rules, model, 1, search=4, cap_untried=1001)
    with pytest.raises(zhengfen.ArgumentTypeError, match="cap_untried"):
        zhengfen.selfplay(rules, model, 1, search=4, cap_untried="2")  # type: ignore[arg-type]


def test_sigterm_keeps_the_checkpoint_and_the_run_resumes(tmp_path: Path) -> None:
    """SIGTERM mid-run: exit status 143, one line naming the checkpoint kept and how to resume;
    the checkpoint is whole, and ``--resume`` goes on from it."""
    out = tmp_path / "run"
    command = [sys.executable, "-m", "zhengfen", "train", "--out", str(out), *TINY_ARGS]
    process = subprocess.Popen(
        [*command, "--minutes", "10", "--checkpoint-every", "0.01"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=subprocess_env(),
    )
    try:
        deadline = time.monotonic() + 120
        while rounds_saved(out) < 2:
            assert process.poll() is None and time.monotonic() < deadline, process.stderr
            time.sleep(0.1)
        process.send_signal(signal.SIGTERM)
        out_text, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 143 and out_text == "", err
    assert err.strip().count("\n") == 0 and "terminated; checkpoint of round" in err, err
    assert "--resume" in err
    kept = rounds_saved(out)
    resumed = subprocess.run(
        [*command, "--resume", "--rounds", str(kept + 1)],
        capture_output=True,
        text=True,
        env=subprocess_env(),
        timeout=120,
        check=False,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert rounds_saved(out) == kept + 1


def rounds_saved(out: Path) -> int:
    """The round of a run's checkpoint (0 when there is none yet)."""
    try:
        return int(json.loads((out / "state.json").read_text())["counters"]["round"])
    except (OSError, ValueError):
        return 0


# Ray's start spawns its processes (fork then exec at once) from a process where JAX has run.
@pytest.mark.filterwarnings("ignore:os.fork:RuntimeWarning")
def test_a_run_on_a_local_ray_equals_the_run_on_this_machine(tmp_path: Path) -> None:
    """``--ray local`` with two Ray actors, each playing half of every round: the same samples,
    so the same parameters as the actors' thread of this process."""
    pytest.importorskip("ray")
    train(tiny(tmp_path / "here", rounds=3), resume=False)
    train(tiny(tmp_path / "ray", rounds=3, ray="local", actors=2), resume=False)
    same_run(tmp_path / "here", tmp_path / "ray")


def test_a_run_on_a_cluster_started_by_ray_start(ray_cluster: RayCluster, tmp_path: Path) -> None:
    """``zhengfen train --ray HOST:PORT`` against the session's ``ray start --head`` cluster
    (token authentication on, loopback only): it trains, and its model is the one trained on
    this machine."""
    here, there = tmp_path / "here", tmp_path / "there"
    remote = zhengfen_cmd(
        *("train", *TINY_ARGS, "--rounds", "2"),
        *("--out", str(there), "--ray", ray_cluster.address),
        env=ray_cluster.env(),
        timeout=180,
    )
    assert remote.returncode == 0, remote.stderr
    train(tiny(here, rounds=2), resume=False)
    same_run(here, there)


def test_self_among_the_opponents_seats_the_learner_there() -> None:
    """``--opponents greedy,self``: the learner's seat turns with the round and the others
    alternate greedy and the learner's own model (``None``: that seat learns too); in Zen Cheng
    You the other team is then one greedy seat and one learning seat."""
    from zhengfen.train.actors import seat_agents

    g = zhengfen.AgentSpec.greedy()  # the opponents as the run holds them, read
    five = zhengfen.Rules.zheng_fen(players=5)
    assert seat_agents(five, [g, "self"], 0) == [None, g, None, g, None]
    assert seat_agents(five, [g, "self"], 2) == [g, None, None, g, None]
    assert seat_agents(five, ["self"], 3) == [None] * 5
    zcy = zhengfen.Rules.zen_cheng_you()
    assert seat_agents(zcy, [g, "self"], 1) == [g, None, None, None]
    assert seat_agents(zcy, [g], 0) == [None, g, None, g]


def test_a_run_with_self_among_its_opponents_learns_from_every_learning_seat(
    tmp_path: Path,
) -> None:
    """With ``greedy,self`` in 4-player Zheng Fen, two seats of every table learn: a round
    yields more samples than with ``greedy`` alone on the same deals, and the recipe keeps the
    opponents as given."""
    greedy = zhengfen.AgentSpec.greedy()
    alone = train(tiny(tmp_path / "alone", rounds=2, opponents=(greedy,)), resume=False)
    mixed = train(tiny(tmp_path / "mixed", rounds=2, opponents=(greedy, "self")), resume=False)
    assert mixed.decisions > 1.5 * alone.decisions, (mixed.decisions, alone.decisions)
    state = json.loads((tmp_path / "mixed" / "state.json").read_text())
    assert state["recipe"]["opponents"] == ["greedy", "self"]


def test_init_starts_from_a_model_and_keeps_its_budget(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--init MODEL``: the new run's round-0 model is that model's weights, its network (the
    history and layers) is the model's, and the model's training record is kept under ``init``
    in the new model's metadata; ``--init shipped`` starts from the model that ships."""
    first = tmp_path / "first a,b (1)"  # a path the spec grammar quotes (issue 33 §2)
    train(tiny(first, rounds=2), resume=False)
    model = first / "model.safetensors"
    second = tmp_path / "second"
    status = cli.main(
        [
            *("train", "--out", str(second), "--init", str(model), "--rounds", "1"),
            *("--eval-deals", "0", "--episodes", "8", "--no-progress"),
        ]
    )
    capsys.readouterr()
    assert status == 0
    start, given = model_tensors(second / "actor.safetensors"), model_tensors(model)
    assert all(np.array_equal(start[k], given[k]) for k in given)
    recipe = json.loads((second / "state.json").read_text())["recipe"]
    assert recipe["init"] == str(model.resolve())
    assert (recipe["layers"], recipe["history"]) == ([64, 32], 2)
    metadata = zhengfen.LearnedModel.load(second / "model.safetensors").metadata
    init = json.loads(metadata["training"])["init"]
    assert init["rounds"] == 2 and init["decisions"] > 0
    if ("zheng_fen", 3) in zhengfen.shipped_models():
        shipped = tmp_path / "shipped"
        status = cli.main(
            [
                *("train", "--out", str(shipped), "--players", "3"),
                *("--init", "shipped", "--rounds", "1", "--eval-deals", "0", "--episodes", "4"),
                "--no-progress",
            ]
        )
        capsys.readouterr()
        assert status == 0
        ships = zhengfen.LearnedModel.shipped(zhengfen.Rules.zheng_fen(players=3))
        start = model_tensors(shipped / "actor.safetensors")
        assert all(np.array_equal(start[k], v) for k, v in ships.tensors().items())


def test_a_run_keeps_its_reference_when_its_init_file_is_gone(tmp_path: Path) -> None:
    """The ``--init`` model is copied into the run's folder when it begins
    (``reference.safetensors``, its digest in ``state.json``): a resume measures against that
    copy and chains its training record, though the file ``--init`` named has been removed
    (before, the resume read ``--init`` again and failed, or read whatever the path then held);
    a copy that does not match its digest is refused."""
    start = tmp_path / "start.safetensors"
    train(tiny(tmp_path / "first", rounds=2), resume=False)
    (tmp_path / "first" / "model.safetensors").rename(start)
    out = tmp_path / "run"
    config = tiny(out, rounds=1, init=str(start), eval_deals=2, eval_every=1e6)
    train(config, resume=False)
    given = model_tensors(start)
    start.unlink()
    resumed = train(dataclasses.replace(config, rounds=2), resume=True)
    assert resumed.round == 2
    kept = model_tensors(out / "reference.safetensors")
    assert kept.keys() == given.keys() and all(np.array_equal(kept[k], given[k]) for k in given)
    training = json.loads(
        zhengfen.LearnedModel.load(out / "model.safetensors").metadata["training"]
    )
    assert training["init"]["rounds"] == 2
    assert all(p.reference_low is not None for p in curve.read(out / "curve.csv"))
    state = json.loads((out / "state.json").read_text())
    assert state["sha256"]["reference"] is not None
    with open(out / "reference.safetensors", "ab") as tampered:
        tampered.write(b"\0")
    with pytest.raises(zhengfen.InvalidStateError, match=r"reference\.safetensors is not the file"):
        train(dataclasses.replace(config, rounds=3), resume=True)


def test_a_run_stored_before_the_reference_file_takes_it_on_resume(tmp_path: Path) -> None:
    """A run folder from before ``reference.safetensors`` (no digest for it in ``state.json``)
    takes its reference from the recipe's ``--init`` at its first resume and keeps it; a run
    without ``--init`` keeps the model shipped for its rules when it began (none where none
    ships: no file, a ``null`` digest)."""
    start = tmp_path / "start.safetensors"
    train(tiny(tmp_path / "first", rounds=1), resume=False)
    (tmp_path / "first" / "model.safetensors").rename(start)
    out = tmp_path / "run"
    config = tiny(out, rounds=1, init=str(start))
    train(config, resume=False)
    state = json.loads((out / "state.json").read_text())
    del state["sha256"]["reference"]
    (out / "state.json").write_text(json.dumps(state))
    (out / "reference.safetensors").unlink()
    train(dataclasses.replace(config, rounds=2), resume=True)
    assert json.loads((out / "state.json").read_text())["sha256"]["reference"] is not None
    given, kept = model_tensors(start), model_tensors(out / "reference.safetensors")
    assert all(np.array_equal(kept[k], given[k]) for k in given)
    plain = tmp_path / "plain"
    train(tiny(plain, rounds=1), resume=False)
    ships = zhengfen.LearnedModel.shipped(zhengfen.Rules.zheng_fen(players=4)).tensors()
    kept = model_tensors(plain / "reference.safetensors")
    assert all(np.array_equal(kept[k], v) for k, v in ships.items())
    files = RunFiles(plain)  # rules no model ships for would keep none
    assert keep_reference(files, None) is None and not files.reference.exists()
    assert read_reference(files, None) is None


def test_an_init_model_that_does_not_fit_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--init``: a missing file, a model for other rules, a network given beside it that it
    cannot grow into (:mod:`zhengfen.train.grow`), also beside ``shipped``: one line each, exit
    status 2, no run folder made."""
    first = tmp_path / "first"
    train(tiny(first, rounds=1), resume=False)
    model = str(first / "model.safetensors")
    run = str(tmp_path / "run")
    refused(capsys, ["--out", run, "--init", str(tmp_path / "none")], "cannot be read")
    refused(capsys, ["--out", run, "--init", model, "--players", "5"], "not zheng_fen with 5")
    grow = "the model (layers 64,32, history 2) cannot grow into"
    refused(capsys, ["--out", run, "--init", model, "--layers", "8"], f"{grow} layers 8, history 2")
    refused(capsys, ["--out", run, "--init", model, "--history", "1"], "cannot drop")
    refused(capsys, ["--out", run, "--init", model, "--layers", "64,16"], "cannot narrow")
    refused(capsys, ["--out", run, "--init", model, "--residual"], "keeps whether")
    shipped_zcy = ["--out", run, "--game", "zen_cheng_you", "--init", "shipped"]
    refused(capsys, [*shipped_zcy, "--layers", "7"], "cannot grow into layers 7")
    assert not (tmp_path / "run").exists()
