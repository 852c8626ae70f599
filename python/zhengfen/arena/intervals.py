"""95 % confidence intervals of a mean: ``mean ± t·s/√n`` over independent samples (the arena's
deals), with Student's t quantile for small samples and 1.96 from 30 samples on. One sample has
no spread, hence no interval."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from zhengfen.errors import ArgumentError

__all__ = ["Interval", "mean_interval", "t95"]

_T95 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
)  # fmt: skip
"""The two-sided 95 % quantile of Student's t (0.975) for 1 to 28 degrees of freedom."""

LARGE = 30
"""From this many samples on, the normal quantile 1.96 is used."""


def t95(samples: int) -> float:
    """The factor of ``s/√n`` of a two-sided 95 % interval of the mean of ``samples`` samples:
    Student's t with ``samples - 1`` degrees of freedom below :data:`LARGE` samples, else
    1.96. Fewer than 2 samples have no interval: ``ArgumentError``."""
    if samples < 2:
        raise ArgumentError(f"a confidence interval needs at least 2 samples, not {samples}")
    return 1.96 if samples >= LARGE else _T95[samples - 2]


@dataclass(frozen=True)
class Interval:
    """A sample mean and its 95 % interval (``None`` bounds for a single sample)."""

    mean: float
    n: int
    low: float | None = None
    high: float | None = None

    def text(self, signed: bool = False) -> str:
        """``12.3 [10.1, 14.5]``; ``+1.2 [-0.3, +2.7]`` when ``signed``; a single sample says
        it has no interval: ``12.3 (1 deal: no interval)``."""
        form = "+.1f" if signed else ".1f"
        if self.low is None or self.high is None:
            return f"{self.mean:{form}} (1 deal: no interval)"
        return f"{self.mean:{form}} [{self.low:{form}}, {self.high:{form}}]"


def mean_interval(values: Sequence[float]) -> Interval:
    """The mean of ``values`` (at least one) with its 95 % interval ``mean ± t·s/√n``, ``s`` the
    sample standard deviation; no interval for a single value."""
    if not values:
        raise ArgumentError("no samples: an interval needs at least one")
    mean = statistics.fmean(values)
    if len(values) < 2:
        return Interval(mean, 1)
    half = t95(len(values)) * statistics.stdev(values) / math.sqrt(len(values))
    return Interval(mean, len(values), mean - half, mean + half)
