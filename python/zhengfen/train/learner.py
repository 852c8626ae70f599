"""The learner: Q(state, move) regressed on Monte Carlo returns (DMC, as DouZero's learner)
and, in search-labelled training, on the values a search found for each move it tried
(:class:`Targets`), with optax Adam.

The loss of a batch is the weighted mean squared error of Q against each row's targets (the
return where ``on_return`` is 1, the search's value where ``on_value`` is 1), plus, for a capped
untried move (``on_cap``), the square of how far Q is *above* its cap (one-sided: a Q at or
below it costs nothing), over the number of return and value terms; each error divided
by the game's *return scale* (``return_scale``: 100 match points in Zheng Fen, 200 in Zen Cheng You,
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
from zhengfen.train.network import Network, Params, assemble, forward

__all__ = ["Learner", "Targets", "return_scale"]

Floats = npt.NDArray[np.float32]
Bytes = npt.NDArray[np.uint8]


def return_scale(rules: zhengfen.Rules) -> float:
    """What the loss divides the errors by (see the module's docstring)."""
    return 200.0 if rules.game == "zen_cheng_you" else 100.0


@dataclass(frozen=True)
class Targets:
    """What each sample's Q is fitted to: its match's return ``returns`` (the Monte Carlo
    target) where ``on_return`` is 1, and the search's value ``values`` of its move where
    ``on_value`` is 1; where ``on_cap`` is 1 the move is an untried one whose Q is held at most
    at ``values`` (0 turns a term off). Five float32 arrays of one length."""

    returns: Floats
    values: Floats
    on_return: Floats
    on_value: Floats
    on_cap: Floats

    @classmethod
    def monte_carlo(cls, returns: Floats) -> Targets:
        """Every row fitted to its return alone (DMC)."""
        ones = np.ones(len(returns), np.float32)
        zeros = np.zeros_like(ones)
        return cls(returns, zeros, ones, zeros, zeros)

    @classmethod
    def of_samples(cls, samples: Mapping[str, npt.NDArray[Any]]) -> Targets:
        """The targets of ``zhengfen.selfplay``'s samples: the search's value of every move
        a search tried (``visits > 0``), the return of the move played (``played``) and the cap
        of every capped untried move (``capped``, at its ``value``); without a search, the
        return of every row (each was played)."""
        return cls(
            samples["target"].astype(np.float32),
            samples["value"].astype(np.float32),
            samples["played"].astype(np.float32),
            (samples["visits"] > 0).astype(np.float32),
            samples["capped"].astype(np.float32),
        )

    def arrays(self) -> tuple[Floats, Floats, Floats, Floats, Floats]:
        """The four arrays, in the order of the training step's batch."""
        return self.returns, self.values, self.on_return, self.on_value, self.on_cap


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
    scales: Mapping[str, jax.Array | Floats],
    batch: tuple[jax.Array | npt.NDArray[Any], ...],
    scale: float,
    residual: bool = False,
) -> jax.Array:
    """Weighted mean squared error of Q against the targets, and the squared excess of a
    capped move's Q over its cap, in units of ``scale``, over the number of return and value
    terms; the batch is compact (:func:`zhengfen.train.features.compact`), then
    :meth:`Targets.arrays` (padding rows weigh 0 in every term); ``residual`` as the
    network's."""
    codes, scores, moves, returns, values, on_return, on_value, on_cap = batch
    states = assemble(codes, scores)
    q = forward(params, scales, states, moves.astype(jnp.float32), residual)
    squares = on_return * ((q - returns) / scale) ** 2 + on_value * ((q - values) / scale) ** 2
    squares = squares + on_cap * (jnp.maximum(q - values, 0.0) / scale) ** 2
    weight = jnp.sum(on_return) + jnp.sum(on_value)
    result: jax.Array = jnp.sum(squares) / jnp.maximum(weight, 1.0)
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
        optimizer, scales, residual = self.optimizer, self.scales, self.network.residual

        def step(params: Params, opt_state: Any, batch: Any) -> tuple[Params, Any, jax.Array]:
            loss, grads = jax.value_and_grad(loss_fn)(params, scales, batch, scale, residual)
            updates, opt_state = optimizer.update(grads, opt_state, params)
            return optax.apply_updates(params, updates), opt_state, loss

        self._step = jax.jit(step)  # no donation: the loop keeps the last round's parameters

    @classmethod
    def start(cls, network: Network, lr: float, params: Params) -> Learner:
        """A learner at ``params`` with a fresh optimizer."""
        return cls(network, lr, params, make_optimizer(network, lr).init(params))

    def step(self, codes: Bytes, scores: Floats, moves: Bytes, *targets: Floats) -> float:
        """One optimizer step on one compact batch and its :meth:`Targets.arrays`; returns its
        loss (before the step)."""
        batch = (codes, scores, moves, *targets)
        self.params, self.opt_state, loss = self._step(self.params, self.opt_state, batch)
        return float(loss)

    def train(
        self,
        codes: Bytes,
        scores: Floats,
        moves: Bytes,
        targets: Floats | Targets,
        rng: np.random.Generator,
        batch: int,
        reuse: int = 1,
    ) -> tuple[float, int]:
        """``reuse`` shuffled passes over the samples in batches of ``batch``; returns the mean
        loss and the number of steps. ``targets``: the returns alone (DMC), or
        :class:`Targets`."""
        if not isinstance(targets, Targets):
            targets = Targets.monte_carlo(targets)
        n = len(targets.returns)
        losses: list[float] = []
        for _ in range(reuse):
            order = rng.permutation(n)
            for first in range(0, n, batch):
                rows = order[first : first + batch]
                arrays = padded((codes, scores, moves, *targets.arrays()), rows, batch)
                losses.append(self.step(*arrays))
        return (float(np.mean(losses)) if losses else 0.0), len(losses)


def padded(
    arrays: tuple[npt.NDArray[Any], ...], rows: npt.NDArray[np.intp], size: int
) -> tuple[npt.NDArray[Any], ...]:
    """The batch of ``rows`` of each array, padded to ``size`` rows of zeros (so a padding row's
    weights are 0)."""
    pad = size - len(rows)
    batch = [a[rows] for a in arrays]
    if pad:
        batch = [np.concatenate([a, np.zeros((pad, *a.shape[1:]), a.dtype)]) for a in batch]
    return tuple(batch)
