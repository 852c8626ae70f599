"""The league's rating model: additive ratings fitted to the pairs' paired differences by
weighted least squares (a Massey-style model; AI.md §3.3).

Each pair of agents A, B played the same deals; a deal's paired difference is A's points per
match on it minus B's (:func:`zhengfen.arena.difference`, deal by deal). The pair gives the mean
``d_AB`` of its ``n`` differences and that mean's variance ``v_AB = s²/n``. The model says
``d_AB = r_A - r_B + e_AB`` with independent errors of variance ``v_AB``; the ratings ``r``
minimise ``Σ (d_AB - r_A + r_B)² / v_AB`` with ``Σ r = 0`` (the field's mean is 0). With
``X`` the pairs' ±1 design matrix and ``W = diag(1/v)``, ``L = XᵀWX`` is the field's weighted
Laplacian, ``r = L⁺XᵀWd`` (its pseudo-inverse gives the solution that sums to zero) and the
ratings' covariance is ``L⁺``, scaled up by ``χ²/dof`` where the pairs fit the model worse than
their variances say (``dof = pairs - agents + 1``; never scaled down). A rating's 95 % interval
is ``r ± t·√(cov_ii)``, ``t`` Student's quantile for the fewest deals a pair played
(:func:`zhengfen.arena.t95`).

A full round robin with equal weights gives ``r_A = mean over B of d_AB`` (``d_AA = 0``): an
agent's rating is the points a match it makes over the field's average member. :func:`bootstrap`
refits on deals drawn with replacement, the check of the intervals (``tests/test_league.py``,
``benches/bench_league.py``)."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from zhengfen.arena.intervals import t95
from zhengfen.errors import ArgumentError

__all__ = ["Fit", "Pairing", "bootstrap", "fit"]

SMALLEST_VARIANCE = 1e-9
"""A pair whose differences are all equal (two copies of one deterministic agent) has no
spread; its variance is taken as this, so it weighs much but not infinitely."""


@dataclass(frozen=True)
class Pairing:
    """One pair's paired results: ``first``'s points per match minus ``second``'s, deal by
    deal (``deals[i]`` gave ``differences[i]``)."""

    first: str
    second: str
    deals: tuple[int, ...]
    differences: tuple[float, ...]

    def mean(self) -> float:
        """The mean paired difference ``d``."""
        return statistics.fmean(self.differences)

    def variance(self) -> float:
        """The variance of :meth:`mean`: ``s²/n`` (at least :data:`SMALLEST_VARIANCE`)."""
        return max(statistics.variance(self.differences) / len(self.differences), SMALLEST_VARIANCE)


@dataclass(frozen=True)
class Fit:
    """The fitted ratings, in the order of the agents given, with their covariance."""

    agents: tuple[str, ...]
    ratings: tuple[float, ...]
    covariance: np.ndarray
    chi2: float
    dof: int
    t: float

    def interval(self, agent: int) -> tuple[float, float]:
        """The 95 % interval of agent ``agent``'s rating."""
        half = self.t * float(np.sqrt(max(self.covariance[agent, agent], 0.0)))
        return self.ratings[agent] - half, self.ratings[agent] + half

    def standard_error(self, agent: int) -> float:
        """The standard error of agent ``agent``'s rating."""
        return float(np.sqrt(max(self.covariance[agent, agent], 0.0)))


def fit(agents: Sequence[str], pairings: Sequence[Pairing]) -> Fit:
    """The ratings of ``agents`` from ``pairings`` (each pair with at least 2 deals; every agent
    linked to every other through pairs): ``ArgumentError`` otherwise."""
    index = _check(agents, pairings)
    x = np.zeros((len(pairings), len(agents)))
    for row, pairing in enumerate(pairings):
        x[row, index[pairing.first]] = 1.0
        x[row, index[pairing.second]] = -1.0
    d = np.array([pairing.mean() for pairing in pairings])
    w = np.array([1.0 / pairing.variance() for pairing in pairings])
    laplacian = x.T @ (w[:, None] * x)
    inverse = np.linalg.pinv(laplacian, hermitian=True)
    ratings = inverse @ (x.T @ (w * d))
    ratings -= ratings.mean()  # exact already; removes rounding
    chi2 = float(np.sum(w * (d - x @ ratings) ** 2))
    dof = len(pairings) - len(agents) + 1
    scale = max(1.0, chi2 / dof) if dof > 0 else 1.0
    fewest = min(len(pairing.differences) for pairing in pairings)
    return Fit(
        tuple(agents), tuple(float(r) for r in ratings), inverse * scale, chi2, dof, t95(fewest)
    )


def _check(agents: Sequence[str], pairings: Sequence[Pairing]) -> dict[str, int]:
    """Each agent's column; refuses too few agents, unknown agents, pairs of fewer than 2
    deals and a field split in parts no pair links."""
    if len(agents) < 2 or len(set(agents)) != len(agents):
        raise ArgumentError(f"a league rates at least 2 distinct agents, not {list(agents)}")
    index = {agent: i for i, agent in enumerate(agents)}
    linked = {agents[0]}
    for pairing in pairings:
        for agent in (pairing.first, pairing.second):
            if agent not in index:
                raise ArgumentError(
                    f"the pair {pairing.first} / {pairing.second}: {agent} is not rated"
                )
        if len(pairing.differences) < 2:
            raise ArgumentError(
                f"the pair {pairing.first} / {pairing.second} played {len(pairing.differences)} "
                "deal(s): a rating needs at least 2"
            )
    for _ in agents:  # grows the part linked to the first agent
        for pairing in pairings:
            if pairing.first in linked or pairing.second in linked:
                linked |= {pairing.first, pairing.second}
    if len(linked) != len(agents):
        apart = sorted(set(agents) - linked)
        raise ArgumentError(
            f"no games link {', '.join(apart)} to {agents[0]}: they cannot be rated"
        )
    return index


def bootstrap(
    agents: Sequence[str], pairings: Sequence[Pairing], rounds: int = 200, seed: int = 0
) -> np.ndarray:
    """The ratings' standard errors by the bootstrap over deals: ``rounds`` times, the deals
    are drawn with replacement (the same draw for every pair, since the pairs played the same
    deals) and the ratings refitted; the standard deviation of each agent's rating over the
    rounds."""
    rng = np.random.default_rng(seed)
    deals = sorted({deal for pairing in pairings for deal in pairing.deals})
    by_deal = [dict(zip(p.deals, p.differences, strict=True)) for p in pairings]
    samples = []
    for _ in range(rounds):
        drawn = rng.choice(deals, size=len(deals), replace=True)
        resampled = [
            Pairing(
                p.first,
                p.second,
                tuple(int(d) for d in drawn if d in values),
                tuple(values[d] for d in drawn if d in values),
            )
            for p, values in zip(pairings, by_deal, strict=True)
        ]
        if all(len(p.differences) >= 2 for p in resampled):
            samples.append(fit(agents, resampled).ratings)
    return np.asarray(np.std(np.array(samples), axis=0, ddof=1))
