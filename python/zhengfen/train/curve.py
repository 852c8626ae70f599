"""The learning curve of a run: one row per evaluation in ``curve.csv`` (written as the run
goes, so an interrupted run keeps it), and ``curve.png``, the points per match against greedy
with their 95 % interval over the learner's decisions (matplotlib, the ``train`` extra).

Columns: ``round``, ``decisions`` (samples trained on so far), ``episodes``, ``seconds`` (of
training, over every invocation of the run), ``core_hours``, ``points`` (per match against the
opponent: Zen Cheng You, the team lead), ``low``, ``high`` (the interval), ``deals``.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path

__all__ = ["Point", "plot", "read", "truncate", "write"]


@dataclass(frozen=True)
class Point:
    """One evaluation of the run."""

    round: int
    decisions: int
    episodes: int
    seconds: float
    core_hours: float
    points: float
    low: float
    high: float
    deals: int


COLUMNS = [f.name for f in fields(Point)]


def write(path: Path, point: Point) -> None:
    """Appends ``point`` to the CSV (with the header when the file is new or empty)."""
    new = not path.exists() or path.stat().st_size == 0
    with open(path, "a", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, COLUMNS)
        if new:
            writer.writeheader()
        writer.writerow({k: _cell(v) for k, v in asdict(point).items()})


def _cell(value: float) -> str:
    return repr(value) if isinstance(value, float) else str(value)


def read(path: Path) -> list[Point]:
    """The points of a curve file (none when it does not exist)."""
    if not path.exists():
        return []
    with open(path, newline="", encoding="utf-8") as source:
        rows = list(csv.DictReader(source))
    types = {f.name: (int if f.type == "int" else float) for f in fields(Point)}
    return [Point(**{k: types[k](row[k]) for k in COLUMNS}) for row in rows]  # type: ignore[arg-type]


def truncate(path: Path, last_round: int) -> None:
    """Drops the rows after ``last_round`` (a resumed run goes back to its checkpoint)."""
    kept = [p for p in read(path) if p.round <= last_round]
    path.unlink(missing_ok=True)
    for point in kept:
        write(path, point)


def plot(points: Sequence[Point], path: Path, title: str) -> None:
    """The curve as a PNG: points per match over the learner's decisions, the 95 % interval
    shaded, 0 (even with the opponent) marked."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4), dpi=100)
    x = [p.decisions for p in points]
    axes.axhline(0, color="grey", linewidth=0.8)
    axes.fill_between(x, [p.low for p in points], [p.high for p in points], alpha=0.25)
    axes.plot(x, [p.points for p in points], marker="o", markersize=3)
    axes.set_xlabel("learner decisions (samples trained on)")
    axes.set_ylabel("points per match against greedy")
    axes.set_title(title, fontsize=10)
    axes.grid(alpha=0.3)
    figure.tight_layout()
    temporary = path.with_name(path.name + ".tmp")
    figure.savefig(temporary, format="png")
    plt.close(figure)
    temporary.replace(path)
