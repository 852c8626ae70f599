"""The learning curve of a run: one row per evaluation in ``curve.csv`` (written as the run
goes, so an interrupted run keeps it), and ``curve.png``, the points per match against each
yardstick (:mod:`zhengfen.train.evaluation`) with their 95 % intervals over the learner's
decisions (matplotlib, the ``train`` extra).

Columns: ``round``, ``decisions`` (the learner's non-forced decisions so far), ``episodes``,
``seconds`` (of training, over every invocation of the run), ``core_hours``, ``points`` (per
match against greedy: Zen Cheng You, the team lead), ``low``, ``high`` (the interval),
``deals``; then ``yardstick``, ``yardstick_low``, ``yardstick_high``, ``yardstick_deals``
(against the fixed search) and ``reference``, ``reference_low``, ``reference_high`` (against
the reference model, on ``deals`` deals); last ``yardstick_agent``, the spec of the search
measured against (a resumed run keeps it: AI.md §8). A column not measured is empty (NaN, 0
deals, no spec), as in curves written before those columns existed.
"""

from __future__ import annotations

import csv
import math
import textwrap
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path

__all__ = ["FIELDS", "Point", "describe", "plot", "read", "truncate", "write"]


@dataclass(frozen=True)
class Point:
    """One evaluation of the run."""

    round: int
    decisions: int
    episodes: int
    seconds: float
    core_hours: float
    points: float = math.nan
    low: float = math.nan
    high: float = math.nan
    deals: int = 0
    yardstick: float = math.nan
    yardstick_low: float = math.nan
    yardstick_high: float = math.nan
    yardstick_deals: int = 0
    reference: float = math.nan
    reference_low: float = math.nan
    reference_high: float = math.nan
    yardstick_agent: str = ""


COLUMNS = [f.name for f in fields(Point)]


def write(path: Path, point: Point) -> None:
    """Appends ``point`` to the CSV (with the header when the file is new or empty)."""
    new = not path.exists() or path.stat().st_size == 0
    with open(path, "a", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, COLUMNS)
        if new:
            writer.writeheader()
        writer.writerow({k: _cell(v) for k, v in asdict(point).items()})


def _cell(value: float | int | str) -> str:
    if isinstance(value, float):
        return "" if math.isnan(value) else repr(value)
    return str(value)


def read(path: Path) -> list[Point]:
    """The points of a curve file (none when it does not exist)."""
    if not path.exists():
        return []
    with open(path, newline="", encoding="utf-8") as source:
        rows = list(csv.DictReader(source))
    types = {f.name: {"int": int, "str": str}.get(str(f.type), float) for f in fields(Point)}

    def value(row: dict[str, str], name: str) -> float | int | str | None:
        cell = row.get(name) or ""
        return types[name](cell) if cell else None

    points = []
    for row in rows:
        values = {k: value(row, k) for k in COLUMNS}
        points.append(Point(**{k: v for k, v in values.items() if v is not None}))  # type: ignore[arg-type]
    return points


def truncate(path: Path, last_round: int) -> None:
    """Drops the rows after ``last_round`` (a resumed run goes back to its checkpoint)."""
    kept = [p for p in read(path) if p.round <= last_round]
    path.unlink(missing_ok=True)
    for point in kept:
        write(path, point)


FIELDS = {
    "greedy": ("points", "low", "high"),
    "yardstick": ("yardstick", "yardstick_low", "yardstick_high"),
    "reference": ("reference", "reference_low", "reference_high"),
}
"""Per yardstick (:func:`zhengfen.train.evaluation.columns`), its mean and interval fields."""


def describe(point: Point) -> str:
    """The point's measured yardsticks in words: ``greedy +14.3 [+12.0, +16.6] on 64 deals;
    yardstick ...``."""
    parts = []
    for label, (mean, low, high) in FIELDS.items():
        value = getattr(point, mean)
        if math.isnan(value):
            continue
        deals = point.yardstick_deals if label == "yardstick" else point.deals
        if label == "yardstick" and point.yardstick_agent:
            label = point.yardstick_agent
        parts.append(
            f"{label} {value:+.1f} [{getattr(point, low):+.1f}, {getattr(point, high):+.1f}] "
            f"on {deals} deals"
        )
    return "; ".join(parts) or "nothing measured"


def plot(points: Sequence[Point], path: Path, title: str) -> None:
    """The curve as a PNG: points per match against each yardstick measured over the learner's
    decisions, the 95 % intervals shaded, 0 (even with the opponent) marked."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4), dpi=100)
    axes.axhline(0, color="grey", linewidth=0.8)
    for label, shown, (mean, low, high) in _series(points):
        x = [p.decisions for p in shown]
        lows, highs = ([getattr(p, name) for p in shown] for name in (low, high))
        axes.fill_between(x, lows, highs, alpha=0.2)
        axes.plot(x, [getattr(p, mean) for p in shown], marker="o", markersize=3, label=label)
    axes.legend(fontsize=8)
    axes.set_xlabel("learner decisions (non-forced)")
    axes.set_ylabel("points per match against")
    axes.set_title(textwrap.fill(title, 80), fontsize=9)  # a spec can be long
    axes.grid(alpha=0.3)
    figure.tight_layout()
    temporary = path.with_name(path.name + ".tmp")
    figure.savefig(temporary, format="png")
    plt.close(figure)
    temporary.replace(path)


def _series(
    points: Sequence[Point],
) -> list[tuple[str, list[Point], tuple[str, str, str]]]:
    """The plot's lines: each yardstick's measured points, the search's split by its spec (a
    run resumed with another ``--yardstick`` draws two lines, never one that mixes them)."""
    lines = []
    for label, names in FIELDS.items():
        shown = [p for p in points if not math.isnan(getattr(p, names[0]))]
        if label != "yardstick":
            lines.append((label, shown, names))
            continue
        for agent in dict.fromkeys(p.yardstick_agent for p in shown):
            ones = [p for p in shown if p.yardstick_agent == agent]
            lines.append((agent or label, ones, names))
    return [line for line in lines if line[1]]
