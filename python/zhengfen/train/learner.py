"""The learner: Q(state, move) regressed on Monte Carlo returns (DMC, as DouZero's learner),
with optax Adam.

The loss of a batch is the mean squared error of Q against the return, each divided by the
game's *return scale* (``return_scale``: 100 match points in Zheng Fen, 200 in Zen Cheng You,
whose returns are margins with declarations), so that the loss reads the same in every game
(a loss of 0.01 is an error of a tenth of the scale). The model's Q stays in match points.

Adam's step size is ``lr`` for the hidden layers and ``lr * return_scale`` for the output
layer: Adam moves each weight by about its step size whatever the gradient's size, so this is
the same as fitting targets divided by the return scale with an output layer in those units
(the usual normalisation of the targets), while the parameters stay the model's tensors in
match points.

A round's samples are shuffled by a generator seeded from the run's seed and the round, cut
into batches of ``batch`` (the last one padded with weight-0 rows, so one compiled step serves
every batch) and passed over ``reuse`` times. Nothing here depends on the time or the threads,
so a run's parameters depend only on its recipe and its samples.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt
import optax

import zhengfen
from zhengfen.train.network import Network, Params, forward

__all__ = ["Learner", "return_scale"]

Floats = npt.NDArray[np.float32]


def return_scale(rules: zhengfen.Rules) -> float:
    """What the loss divides the errors by (see the module's docstring)."""
    return 200.0 if rules.game == "zen_cheng_you" else 100.0


def make_optimizer(network: Network, lr: float) -> Any:
    """Adam, with the output layer's step scaled (see the module's docstring)."""
    scale = return_scale(network.rules)

    def labels(params: Params) -> dict[str, str]:
        return {name: name.split(".")[0] for name in params}

    layers = ["layer0", *(f"layer{i}" for i in range(1, len(network.layers)))]
    transforms = {name: optax.adam(lr) for name in layers}
    transforms["output"] = optax.adam(lr * scale)
    return optax.multi_transform(transforms, labels)


def loss_fn(
    params: Params,
    scales: Mapping[str, jax.Array],
    batch: tuple[jax.Array, jax.Array, jax.Array, jax.Array],
    scale: float,
) -> jax.Array:
    """Weighted mean squared error of Q against the targets, in units of ``scale``."""
    states, moves, targets, weights = batch
    errors = (forward(params, scales, states, moves) - targets) / scale
    result: jax.Array = jnp.sum(weights * errors**2) / jnp.maximum(jnp.sum(weights), 1.0)
    return result


@dataclass
class Learner:
    """The network's parameters and Adam's state, and the compiled training step."""

    network: Network
    lr: float
    params: Params
    opt_state: Any

    def __post_init__(self) -> None:
        self.optimizer = make_optimizer(self.network, self.lr)
        self.scales = {k: jnp.asarray(v) for k, v in self.network.scales().items()}
        scale = return_scale(self.network.rules)
        optimizer, scales = self.optimizer, self.scales

        def step(params: Params, opt_state: Any, batch: Any) -> tuple[Params, Any, jax.Array]:
            loss, grads = jax.value_and_grad(loss_fn)(params, scales, batch, scale)
            updates, opt_state = optimizer.update(grads, opt_state, params)
            return optax.apply_updates(params, updates), opt_state, loss

        self._step = jax.jit(step)  # no donation: the loop keeps the last round's parameters

    @classmethod
    def start(cls, network: Network, lr: float, params: Params) -> Learner:
        """A learner at ``params`` with a fresh optimizer."""
        return cls(network, lr, params, make_optimizer(network, lr).init(params))

    def step(self, states: Floats, moves: Floats, targets: Floats, weights: Floats) -> float:
        """One optimizer step on one batch; returns its loss (before the step)."""
        batch = (states, moves, targets, weights)
        self.params, self.opt_state, loss = self._step(self.params, self.opt_state, batch)
        return float(loss)

    def train(
        self,
        states: Floats,
        moves: Floats,
        targets: Floats,
        rng: np.random.Generator,
        batch: int,
        reuse: int = 1,
    ) -> tuple[float, int]:
        """``reuse`` shuffled passes over the samples in batches of ``batch``; returns the mean
        loss and the number of steps."""
        n = len(targets)
        losses: list[float] = []
        for _ in range(reuse):
            order = rng.permutation(n)
            for first in range(0, n, batch):
                rows = order[first : first + batch]
                losses.append(self.step(*padded(states, moves, targets, rows, batch)))
        return (float(np.mean(losses)) if losses else 0.0), len(losses)


def padded(
    states: Floats, moves: Floats, targets: Floats, rows: npt.NDArray[np.intp], size: int
) -> tuple[Floats, Floats, Floats, Floats]:
    """The batch of ``rows``, padded to ``size`` rows of weight 0."""
    pad = size - len(rows)
    weights = np.ones(len(rows), dtype=np.float32)
    arrays = [states[rows], moves[rows], targets[rows], weights]
    if pad:
        arrays = [np.concatenate([a, np.zeros((pad, *a.shape[1:]), a.dtype)]) for a in arrays]
    return arrays[0], arrays[1], arrays[2], arrays[3]
