"""The trainer's parts (issue 21, piece 3): the JAX network is the model format's forward pass
(and the Rust model's, on the same weights), the input scales bound every input, the learner
fits, Adam's state restores exactly, the evaluation and the curve files. Needs the ``train``
extra (JAX, optax, matplotlib); skipped without it."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import zhengfen

jax = pytest.importorskip("jax")
pytest.importorskip("optax")
pytest.importorskip("matplotlib")

from zhengfen.train import curve, features  # noqa: E402
from zhengfen.train.checkpoint import optimizer_bytes, optimizer_of  # noqa: E402
from zhengfen.train.learner import Learner  # noqa: E402
from zhengfen.train.network import Network, forward, init_params, tensor_names  # noqa: E402

ALL_RULES = [zhengfen.Rules.zheng_fen(players=p) for p in (3, 4, 5, 6)] + [
    zhengfen.Rules.zen_cheng_you()
]


def numpy_forward(
    tensors: dict[str, np.ndarray], states: np.ndarray, moves: np.ndarray
) -> np.ndarray:
    """The format's forward pass written again in float64 NumPy, apart from the JAX one."""
    t = {k: v.astype(np.float64) for k, v in tensors.items()}
    a = (states * t["input.state_scale"]) @ t["layer0.state_weight"] + t["layer0.bias"]
    h = np.maximum(a + (moves * t["input.move_scale"]) @ t["layer0.move_weight"], 0)
    i = 1
    while f"layer{i}.weight" in t:
        h = np.maximum(h @ t[f"layer{i}.weight"] + t[f"layer{i}.bias"], 0)
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


@pytest.mark.parametrize("layers", [(8,), (16, 8), (32, 16, 8)])
def test_jax_forward_is_the_formats_forward_pass(layers: tuple[int, ...]) -> None:
    """The JAX network equals an independent float64 NumPy forward pass of the same tensors to
    1e-5 (relative to the values' size), on real positions; its tensors are the format's."""
    rules = zhengfen.Rules.zheng_fen(players=4)
    network = Network(rules, layers, history=3)
    params = init_params(jax.random.key(1), network)
    # Larger random biases and output weights, so that every ReLU sees both signs.
    noise = np.random.default_rng(0)
    params = {k: v + noise.normal(0, 0.3, v.shape).astype(np.float32) for k, v in params.items()}
    tensors = network.tensors(params)
    assert set(tensors) == {"input.state_scale", "input.move_scale", *tensor_names(layers)}
    states, moves = random_inputs(network, 64, seed=3)
    got = np.asarray(forward(params, network.scales(), states, moves))
    want = numpy_forward(tensors, states, moves)
    assert np.allclose(got, want, rtol=1e-5, atol=1e-5 * max(1.0, np.abs(want).max()))


def synthetic(n: int, size: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows whose target is a fixed nonlinear function of them (0 to 100, as match points)."""
    rng = np.random.default_rng(seed)
    states = rng.integers(0, 2, (n, size)).astype(np.float32)
    moves = rng.integers(0, 2, (n, 90)).astype(np.float32)
    targets = 25 + 20 * np.tanh(states[:, :10].sum(1) - 5) + 15 * moves[:, 0] * states[:, 1]
    return states, moves, targets.astype(np.float32)


def test_learner_fits_a_function_of_its_inputs() -> None:
    """A few hundred Adam steps cut the loss on held-out rows to well under a quarter."""
    network = Network(zhengfen.Rules.zheng_fen(players=4), (64, 32), history=0)
    learner = Learner.start(network, 3e-3, init_params(jax.random.key(0), network))
    states, moves, targets = synthetic(4096, network.state_size, seed=1)
    test_s, test_m, test_t = synthetic(1024, network.state_size, seed=2)

    def held_out() -> float:
        q = np.asarray(forward(learner.params, network.scales(), test_s, test_m))
        return float(np.mean(((q - test_t) / 100) ** 2))

    before = held_out()
    rng = np.random.default_rng(0)
    loss, steps = learner.train(states, moves, targets, rng, batch=256, reuse=12)
    assert steps == 12 * 16 and np.isfinite(loss)
    after = held_out()  # 0.032 before, 0.005 after
    assert after < before / 4, (before, after)


def test_partial_batch_rows_weigh_nothing() -> None:
    """A batch padded with zero-weight rows steps exactly as if those rows were not there:
    the last, short batch of a round is trained on without a second compiled step."""
    network = Network(zhengfen.Rules.zheng_fen(players=4), (16,), history=0)
    start = init_params(jax.random.key(0), network)
    states, moves, targets = synthetic(40, network.state_size, seed=3)
    padded, unpadded = Learner.start(network, 1e-3, start), Learner.start(network, 1e-3, start)
    order = np.arange(40)
    from zhengfen.train.learner import padded as pad

    a = padded.step(*pad(states, moves, targets, order[:30], 40))
    b = unpadded.step(states[:30], moves[:30], targets[:30], np.ones(30, np.float32))
    assert a == pytest.approx(b, rel=1e-6)
    for name in start:
        np.testing.assert_allclose(padded.params[name], unpadded.params[name], rtol=1e-5)


def test_optimizer_state_round_trips_exactly() -> None:
    """Adam's state saved and read back continues training bit for bit, and a state of another
    network's shape is refused."""
    network = Network(zhengfen.Rules.zheng_fen(players=4), (16, 8), history=1)
    learner = Learner.start(network, 1e-3, init_params(jax.random.key(0), network))
    states, moves, targets = synthetic(512, network.state_size, seed=4)
    learner.train(states, moves, targets, np.random.default_rng(0), batch=128)
    data = optimizer_bytes(learner.opt_state)
    restored = Learner(network, 1e-3, dict(learner.params), optimizer_of(data, learner.opt_state))
    for one in (learner, restored):
        one.train(states, moves, targets, np.random.default_rng(1), batch=128)
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


def test_rust_q_values_equal_the_jax_forward_pass() -> None:
    """Issue 21's parity test: on the same weights, the Rust model's ``forward`` and the
    learned agent's ``q_values`` of real positions equal the JAX network to 1e-5, and the state
    row the core assembles is the one the trainer builds from the actors' samples."""
    for rules in (zhengfen.Rules.zheng_fen(players=4), zhengfen.Rules.zen_cheng_you()):
        network = Network(rules, (32, 16), history=3)
        noise = np.random.default_rng(5)
        params = {
            k: v + noise.normal(0, 0.2, v.shape).astype(np.float32)
            for k, v in init_params(jax.random.key(2), network).items()
        }
        model = zhengfen.LearnedModel.from_arrays(network.metadata({}), network.tensors(params))
        states, moves = random_inputs(network, 48, seed=9)
        want = np.asarray(forward(params, network.scales(), states, moves))
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
        jax_q = forward(params, network.scales(), np.concatenate(rows), np.concatenate(legal))
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
    return row


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
    agents = evaluation.table(rules, evaluation.learned_spec(path), "greedy")
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
