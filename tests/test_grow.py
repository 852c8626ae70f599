"""Growing a trained model into a bigger network (``zhengfen.train.grow``, ``--init`` with
wider ``--layers`` or more ``--history``): the same Q everywhere, new units that learn, the
growths that cannot keep the Q refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import zhengfen
from zhengfen import cli

jax = pytest.importorskip("jax")
pytest.importorskip("optax")
pytest.importorskip("matplotlib")

from test_train import random_inputs, random_positions, tiny  # noqa: E402
from zhengfen.train.grow import grown, why_not  # noqa: E402
from zhengfen.train.loop import train  # noqa: E402
from zhengfen.train.network import Network, Params, forward, init_params  # noqa: E402

RULES = zhengfen.Rules.zheng_fen(players=4)


def trained_like(network: Network, seed: int) -> Params:
    """Parameters with no zeros where a start has them (biases), as a trained model has."""
    noise = np.random.default_rng(seed)
    return {
        k: v + noise.normal(0, 0.2, v.shape).astype(np.float32)
        for k, v in init_params(jax.random.key(seed), network).items()
    }


@pytest.mark.parametrize(
    ("small", "big", "residual"),
    [
        (((8, 4), 1), ((16, 12), 3), False),
        (((8, 4), 2), ((8, 4), 5), False),  # more history only
        (((8, 4), 2), ((20, 4), 2), False),  # one layer only
        (((8, 8, 8), 1), ((24, 24, 24), 2), True),  # residual blocks grow alike
    ],
)
def test_a_grown_network_gives_the_models_q_for_every_input(
    small: tuple[tuple[int, ...], int], big: tuple[tuple[int, ...], int], residual: bool
) -> None:
    """The grown network's Q equals the model's on random inputs (the new history rows drawn
    at random too: the model never read them), and its new units are not all zero."""
    own = Network(RULES, small[0], small[1], residual)
    bigger = Network(RULES, big[0], big[1], residual)
    params = trained_like(own, seed=3)
    new = grown(params, own, bigger, jax.random.key(4))
    states, moves = random_inputs(bigger, 64, seed=5)
    want = forward(params, own.scales(), states[:, : own.state_size], moves, residual)
    got = forward(new, bigger.scales(), states, moves, residual)
    np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-5, atol=1e-4)
    for name, value in params.items():
        corner = np.asarray(new[name])[tuple(slice(0, n) for n in value.shape)]
        assert np.array_equal(corner, value), name
    if big[0] != small[0]:
        assert np.abs(np.asarray(new["layer0.move_weight"])[:, small[0][0] :]).sum() > 0


def test_the_new_units_get_gradients_from_the_first_step() -> None:
    """Zero weights out of the new units, but not a dead start: the loss's gradient reaches
    their outgoing weights at once (they are active), so training uses them."""
    own, bigger = Network(RULES, (8, 4), 1), Network(RULES, (16, 12), 1)
    new = grown(trained_like(own, seed=6), own, bigger, jax.random.key(7))
    states, moves = random_inputs(bigger, 64, seed=8)

    def loss(p: Params) -> Any:
        return ((forward(p, bigger.scales(), states, moves) - 30.0) ** 2).mean()

    grads = jax.grad(loss)(new)
    assert np.abs(np.asarray(grads["output.weight"])[4:]).max() > 0
    assert np.abs(np.asarray(grads["layer1.weight"])[8:, :4]).max() > 0


@pytest.mark.parametrize(
    ("small", "big", "reason"),
    [
        (((8, 4), 2, False), ((8,), 2, False), "keeps their number"),
        (((8, 4), 2, False), ((8, 4, 4), 2, False), "keeps their number"),
        (((8, 4), 2, False), ((8, 2), 2, False), "cannot narrow"),
        (((8, 4), 2, False), ((8, 4), 1, False), "cannot drop"),
        (((8, 4), 2, False), ((8, 4), 2, True), "residual"),
        (((8, 8), 2, True), ((16, 8), 2, True), "make or break a residual block"),
        (((8, 4), 2, True), ((8, 8), 2, True), "make or break a residual block"),
    ],
)
def test_growths_that_cannot_keep_the_q_are_refused(
    small: tuple[tuple[int, ...], int, bool], big: tuple[tuple[int, ...], int, bool], reason: str
) -> None:
    own, bigger = Network(RULES, *small), Network(RULES, *big)
    found = why_not(own, bigger)
    assert found is not None and reason in found
    with pytest.raises(zhengfen.errors.ArgumentError, match=reason):
        grown(init_params(jax.random.key(0), own), own, bigger, jax.random.key(1))
    assert why_not(own, own) is None


def test_init_with_a_bigger_network_starts_from_the_grown_model(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--init MODEL --layers 96,40 --history 4`` on a 64-32, 2-row model: the run's start
    (round 0's actors) gives the model's Q on real positions in the core, the recipe holds the
    bigger network, the model's budget is kept under ``init``, and the run resumes."""
    train(tiny(tmp_path / "small", rounds=2), resume=False)
    model = zhengfen.LearnedModel.load(tmp_path / "small" / "model.safetensors")
    out = tmp_path / "big"
    args = [
        *("train", "--out", str(out), "--init", str(tmp_path / "small" / "model.safetensors")),
        *("--layers", "96,40", "--history", "4", "--rounds", "1", "--eval-deals", "0"),
        *("--episodes", "8", "--no-progress"),
    ]
    assert cli.main(args) == 0
    start = zhengfen.LearnedModel.load(out / "actor.safetensors")
    assert (tuple(start.layers), start.history_rows) == ((96, 40), 4)
    for game in random_positions(RULES, seed=2, steps=20):
        np.testing.assert_allclose(start.q_values(game), model.q_values(game), rtol=1e-5, atol=1e-3)
    state = json.loads((out / "state.json").read_text())
    assert (state["recipe"]["layers"], state["recipe"]["history"]) == ([96, 40], 4)
    trained = zhengfen.LearnedModel.load(out / "model.safetensors")
    assert json.loads(trained.metadata["training"])["init"]["rounds"] == 2
    resumed = ["train", "--out", str(out), "--resume", "--rounds", "2", "--no-progress"]
    assert cli.main(resumed) == 0
    assert json.loads((out / "state.json").read_text())["counters"]["round"] == 2
    capsys.readouterr()
