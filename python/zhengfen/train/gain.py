"""An exploiter's gain: its candidate models measured against the frozen target in the arena,
the best chosen on one seed's deals and confirmed on another's (``zhengfen exploit``, AI.md §8.2).

A candidate is a model file: the start (the target's own weights, with ``--init target``) and
each checkpoint the run kept. Each plays in its seats (Zheng Fen: one seat; Zen Cheng You: one
team's two seats) against the target in the others, on duplicate deals (every rotation), one
match each, in Rust (:func:`zhengfen.train.evaluation.evaluate`). A deal's value is the
exploiter's side's points per match minus the target's; the gain is their mean with its 95 %
interval. The gain of the best of several candidates on the deals it was chosen on carries that
choice's luck, so the one chosen is measured again on the deals of a second seed, and that
confirming figure is the result. When the one chosen is the start (whose gain over the target
is 0 by construction), the best trained model is measured on the second seed too, so that the
result says what the training found, not only that it found nothing better than its start.

>>> from zhengfen.arena.intervals import Interval
>>> gain_dict(Interval(1.25, 100, -0.5, 3.0))
{'mean': 1.25, 'low': -0.5, 'high': 3.0, 'deals': 100}
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import zhengfen
from zhengfen.arena.intervals import Interval
from zhengfen.errors import ArgumentError
from zhengfen.train.evaluation import evaluate

__all__ = ["START", "Candidate", "Measured", "best_of", "gain_dict", "measure", "table"]


@dataclass(frozen=True)
class Candidate:
    """A model the exploiter could be: its name (``start`` or ``round N``), file and the
    training behind it in this run: learner decisions, core-hours (wall time times the cores the
    run counts) and hours of the process's CPU time (``None`` where the model does not record
    them, as those of a run trained before they were counted)."""

    name: str
    model: Path
    rounds: int = 0
    decisions: int = 0
    core_hours: float = 0.0
    cpu_hours: float | None = 0.0


@dataclass(frozen=True)
class Measured:
    """Every candidate's gain on the choosing seed, the chosen one's on the confirming seed."""

    candidates: list[tuple[Candidate, Interval]]
    chosen: Candidate
    confirmed: Interval
    deals: int
    choose_seed: int
    confirm_seed: int
    trained: tuple[Candidate, Interval] | None = None
    """When the start is chosen: the best trained candidate and its gain on the confirming
    seed."""

    @property
    def chosen_gain(self) -> Interval:
        """The chosen candidate's gain on the deals it was chosen on."""
        return next(gain for c, gain in self.candidates if c == self.chosen)

    def as_dict(self) -> dict[str, Any]:
        """The measurement as ``exploit.json`` stores it."""
        return {
            "deals": self.deals,
            "choose_seed": self.choose_seed,
            "confirm_seed": self.confirm_seed,
            "candidates": [
                {
                    "name": c.name,
                    "model": str(c.model),
                    "rounds": c.rounds,
                    "decisions": c.decisions,
                    "core_hours": c.core_hours,
                    "cpu_hours": c.cpu_hours,
                    "gain": gain_dict(gain),
                }
                for c, gain in self.candidates
            ],
            "chosen": self.chosen.name,
            "chosen_gain": gain_dict(self.chosen_gain),
            "gain": gain_dict(self.confirmed),
            "best_trained": None if self.trained is None else self.trained_dict(),
        }

    def trained_dict(self) -> dict[str, Any]:
        """The best trained candidate, where the start was chosen: its name and gains."""
        assert self.trained is not None
        best, gain = self.trained
        chosen = next(g for c, g in self.candidates if c == best)
        return {"name": best.name, "chosen_gain": gain_dict(chosen), "gain": gain_dict(gain)}


def gain_dict(gain: Interval) -> dict[str, Any]:
    """An interval as JSON: mean, bounds (``None`` for one deal) and deals."""
    return {"mean": gain.mean, "low": gain.low, "high": gain.high, "deals": gain.n}


def measure(
    rules: zhengfen.Rules,
    target: zhengfen.AgentSpec,
    candidates: list[Candidate],
    deals: int,
    seeds: tuple[int, int],
    threads: int = 1,
) -> Measured:
    """Every candidate against ``target`` on ``deals`` deals of ``seeds[0]``; the best (largest
    mean; the earliest of equals) again on ``seeds[1]``, and so is the best trained one where
    the best is the start."""
    if not candidates:
        raise ArgumentError("no candidate to measure")
    choose, confirm = seeds
    found = [(c, evaluate(rules, c.model, deals, choose, target, threads)) for c in candidates]
    chosen = best_of(found)
    confirmed = evaluate(rules, chosen.model, deals, confirm, target, threads)
    trained = [(c, gain) for c, gain in found if c.name != START]
    if chosen.name != START or not trained:
        return Measured(found, chosen, confirmed, deals, choose, confirm)
    runner_up = best_of(trained)
    again = evaluate(rules, runner_up.model, deals, confirm, target, threads)
    return Measured(found, chosen, confirmed, deals, choose, confirm, (runner_up, again))


START = "start"
"""The name of the candidate that is the run's start model."""


def best_of(found: list[tuple[Candidate, Interval]]) -> Candidate:
    """The candidate of the largest mean gain; the earliest of equals."""
    return found[max(range(len(found)), key=lambda i: (found[i][1].mean, -i))][0]


def table(measured: Measured, target: str) -> str:
    """The terminal's table: each candidate's training and gain on the choosing seed, then the
    chosen one's confirming gain, the result (and the best trained one's, where the start was
    chosen)."""
    m = measured
    head = (
        f"{'candidate':<14}{'decisions':>14}{'core-hours':>12}{'CPU-hours':>11}"
        f"  gain, seed {m.choose_seed}"
    )
    lines = [
        f"gain: the exploiter's side minus {target}'s, points a match "
        f"(duplicate, {m.deals} deals, 95 % interval)",
        head,
    ]
    for c, gain in m.candidates:
        mark = "  ← chosen" if c == m.chosen else ""
        cpu = "—" if c.cpu_hours is None else f"{c.cpu_hours:.3f}"
        lines.append(
            f"{c.name:<14}{c.decisions:>14,}{c.core_hours:>12.3f}{cpu:>11}"
            f"  {gain.text(signed=True)}{mark}"
        )
    lines.append(
        f"approximate exploitability (a lower bound): {m.confirmed.text(signed=True)} on the "
        f"confirming seed {m.confirm_seed} ({m.chosen.name}; {m.chosen_gain.text(signed=True)} "
        f"on the choosing seed {m.choose_seed})"
    )
    if m.trained is not None:
        best, gain = m.trained
        lines.append(
            f"the best trained model, {best.name}: {gain.text(signed=True)} on the confirming "
            f"seed {m.confirm_seed}"
        )
    return "\n".join(lines)
