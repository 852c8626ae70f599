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

With a ranking weight ``rank`` > 0 (``--rank``) the loss adds ``rank`` times the cross-entropy
of each searched decision's visit shares (``shares``: each row's visits over the decision's)
against the softmax of its rows' Q-values at the temperature ``return_scale / 50`` (1 match
point in Zheng Fen, 2 in Zen Cheng You), averaged over the searched decisions: the search's
preference among its moves taught as an order, where fitting values a point or two apart
leaves the order to the regression's noise.

A round's samples are shuffled by a generator seeded from the run's seed and the round, cut
into batches of ``batch`` (the last one padded with weight-0 rows, so one compiled step serves
every batch) and passed over ``reuse`` times; with ``rank`` the decisions are shuffled and a
batch holds whole decisions. Nothing here depends on the time or the threads,
so a run's parameters depend only on its recipe and its samples.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
    at ``values`` (0 turns a term off); ``shares``, the search's visits of the row's move over
    its decision's (0 where none). Six float32 arrays of one length, and ``decision``, each row's
    decision (``None``: every row its own)."""

    returns: Floats
    values: Floats
    on_return: Floats
    on_value: Floats
    on_cap: Floats
    shares: Floats
    decision: npt.NDArray[np.int64] | None = None

    @classmethod
    def monte_carlo(cls, returns: Floats) -> Targets:
        """Every row fitted to its return alone (DMC)."""
        ones = np.ones(len(returns), np.float32)
        zeros = np.zeros_like(ones)
        return cls(returns, zeros, ones, zeros, zeros, zeros)

    @classmethod
    def of_samples(cls, samples: Mapping[str, npt.NDArray[Any]]) -> Targets:
        """The targets of ``zhengfen.selfplay``'s samples: the search's value of every move
        a search tried (``visits > 0``), the return of the move played (``played``) and the cap
        of every capped untried move (``capped``, at its ``value``); without a search, the
        return of every row (each was played)."""
        decision = decisions(samples["episode"], samples["decision"])
        visits = samples["visits"].astype(np.float64)
        totals = np.bincount(decision, weights=visits)[decision]
        shares = np.divide(visits, totals, out=np.zeros_like(visits), where=totals > 0)
        return cls(
            samples["target"].astype(np.float32),
            samples["value"].astype(np.float32),
            samples["played"].astype(np.float32),
            (samples["visits"] > 0).astype(np.float32),
            samples["capped"].astype(np.float32),
            shares.astype(np.float32),
            decision,
        )

    def arrays(self) -> tuple[Floats, Floats, Floats, Floats, Floats, Floats]:
        """The six arrays, in the order of the training step's batch."""
        return self.returns, self.values, self.on_return, self.on_value, self.on_cap, self.shares


def decisions(
    episode: npt.NDArray[np.uint64], decision: npt.NDArray[np.uint64]
) -> npt.NDArray[np.int64]:
    """Each row's decision numbered 0, 1, … in row order, from ``selfplay``'s episode and
    decision-in-episode (a decision's rows are consecutive).

    >>> decisions(np.array([5, 5, 5, 6], np.uint64), np.array([0, 0, 1, 0], np.uint64))
    array([0, 0, 1, 2])
    """
    new = np.ones(len(episode), bool)
    new[1:] = (episode[1:] != episode[:-1]) | (decision[1:] != decision[:-1])
    numbers: npt.NDArray[np.int64] = np.cumsum(new) - 1
    return numbers


def make_optimizer(network: Network, lr: float) -> Any:
    """Adam, with the output layer's step scaled (see the module's docstring)."""
    scale = return_scale(network.rules)

    def labels(params: Params) -> dict[str, str]:
        return {name: name.split(".")[0] for name in params}

    layers = ["layer0", *(f"layer{i}" for i in range(1, len(network.layers)))]
    transforms = {name: optax.adam(lr) for name in layers}
    transforms["output"] = optax.adam(lr * scale)
    return optax.multi_transform(transforms, labels)


def temperature(scale: float) -> float:
    """The softmax temperature of the ranking term, in match points: a fiftieth of the return
    scale."""
    return scale / 50.0


def loss_fn(
    params: Params,
    scales: Mapping[str, jax.Array | Floats],
    batch: tuple[jax.Array | npt.NDArray[Any], ...],
    scale: float,
    residual: bool = False,
    rank: float = 0.0,
) -> jax.Array:
    """Weighted mean squared error of Q against the targets, and the squared excess of a
    capped move's Q over its cap, in units of ``scale``, over the number of return and value
    terms; plus, with ``rank``, ``rank`` times the mean over searched decisions of the
    cross-entropy of the visit shares against the softmax of Q / :func:`temperature`. The batch
    is compact (:func:`zhengfen.train.features.compact`), then :meth:`Targets.arrays` (padding
    rows weigh 0 in every term), then each row's decision within the batch (0 to ``len - 1``;
    padding rows ``len``); ``residual`` as the network's."""
    codes, scores, moves, returns, values, on_return, on_value, on_cap, shares, segments = batch
    states = assemble(codes, scores)
    q = forward(params, scales, states, moves.astype(jnp.float32), residual)
    squares = on_return * ((q - returns) / scale) ** 2 + on_value * ((q - values) / scale) ** 2
    squares = squares + on_cap * (jnp.maximum(q - values, 0.0) / scale) ** 2
    weight = jnp.sum(on_return) + jnp.sum(on_value)
    result: jax.Array = jnp.sum(squares) / jnp.maximum(weight, 1.0)
    if rank:
        result = result + rank * ranking(q / temperature(scale), shares, segments)
    return result


def ranking(
    logits: jax.Array, shares: jax.Array | Floats, segments: jax.Array | npt.NDArray[Any]
) -> jax.Array:
    """The mean over decisions (the segments whose shares add to 1) of the cross-entropy of
    ``shares`` against the softmax of ``logits`` within each segment."""
    count = logits.shape[0] + 1
    top = jax.ops.segment_max(logits, segments, num_segments=count)
    shifted = logits - jax.lax.stop_gradient(top)[segments]
    sums = jax.ops.segment_sum(jnp.exp(shifted), segments, num_segments=count)
    log_softmax = shifted - jnp.log(sums)[segments]
    return -jnp.sum(shares * log_softmax) / jnp.maximum(jnp.sum(shares), 1.0)


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
        self._steps: dict[float, Any] = {}

    def compiled(self, rank: float) -> Any:
        """The jitted training step of ranking weight ``rank`` (compiled once each)."""
        if rank not in self._steps:
            scale = return_scale(self.network.rules)
            optimizer, scales, residual = self.optimizer, self.scales, self.network.residual

            def step(params: Params, opt_state: Any, batch: Any) -> tuple[Params, Any, jax.Array]:
                loss, grads = jax.value_and_grad(loss_fn)(
                    params, scales, batch, scale, residual, rank
                )
                updates, opt_state = optimizer.update(grads, opt_state, params)
                return optax.apply_updates(params, updates), opt_state, loss

            # no donation: the loop keeps the last round's parameters
            self._steps[rank] = jax.jit(step)
        return self._steps[rank]

    @classmethod
    def start(cls, network: Network, lr: float, params: Params) -> Learner:
        """A learner at ``params`` with a fresh optimizer."""
        return cls(network, lr, params, make_optimizer(network, lr).init(params))

    def step(
        self, codes: Bytes, scores: Floats, moves: Bytes, *targets: Any, rank: float = 0.0
    ) -> float:
        """One optimizer step on one compact batch, its :meth:`Targets.arrays` and each row's
        decision within the batch (each row its own when not given); returns its loss (before
        the step)."""
        if len(targets) == 6:
            targets = (*targets, np.arange(len(codes), dtype=np.int32))
        batch = (codes, scores, moves, *targets)
        step = self.compiled(rank)
        self.params, self.opt_state, loss = step(self.params, self.opt_state, batch)
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
        rank: float = 0.0,
    ) -> tuple[float, int]:
        """``reuse`` shuffled passes over the samples in batches of ``batch``; returns the mean
        loss and the number of steps. ``targets``: the returns alone (DMC), or
        :class:`Targets`; with ``rank`` > 0 a batch holds whole decisions
        (:func:`decision_batches`)."""
        if not isinstance(targets, Targets):
            targets = Targets.monte_carlo(targets)
        n = len(targets.returns)
        by_decision = rank > 0 and targets.decision is not None
        losses: list[float] = []
        for _ in range(reuse):
            batches: Sequence[tuple[npt.NDArray[np.intp], npt.NDArray[np.int32] | None]]
            if by_decision:
                assert targets.decision is not None
                batches = decision_batches(targets.decision, rng, batch)
            else:
                order = rng.permutation(n)
                batches = [(order[f : f + batch], None) for f in range(0, n, batch)]
            for rows, segments in batches:
                arrays = padded((codes, scores, moves, *targets.arrays()), rows, batch)
                ids = np.full(batch, batch, np.int32)
                ids[: len(rows)] = np.arange(len(rows)) if segments is None else segments
                losses.append(self.step(*arrays, ids, rank=rank))
        return (float(np.mean(losses)) if losses else 0.0), len(losses)


def decision_batches(
    decision: npt.NDArray[np.int64], rng: np.random.Generator, batch: int
) -> list[tuple[npt.NDArray[np.intp], npt.NDArray[np.int32]]]:
    """The rows in batches of at most ``batch`` rows holding whole decisions (the rows of one
    decision are consecutive), the decisions in the order of ``rng.permutation``; each batch's
    rows and their decisions numbered from 0 within it. A decision of more than ``batch`` rows
    is cut into batches of its own."""
    starts = np.flatnonzero(np.r_[True, decision[1:] != decision[:-1]])
    ends = np.r_[starts[1:], len(decision)]
    batches: list[tuple[npt.NDArray[np.intp], npt.NDArray[np.int32]]] = []
    rows: list[npt.NDArray[np.intp]] = []
    size = 0

    def emit() -> None:
        nonlocal rows, size
        if rows:
            ids = np.concatenate([np.full(len(r), i, np.int32) for i, r in enumerate(rows)])
            batches.append((np.concatenate(rows), ids))
        rows, size = [], 0

    for d in rng.permutation(len(starts)):
        span = np.arange(starts[d], ends[d])
        if size + len(span) > batch:
            emit()
        for first in range(0, len(span), batch):
            piece = span[first : first + batch]
            if size + len(piece) > batch:
                emit()
            rows.append(piece)
            size += len(piece)
    emit()
    return batches


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
