"""The run's yardstick: the learned agent's points per match against a fixed agent (greedy by
default) on fixed duplicate deals, played in Rust by ``zhengfen.rollouts`` with the agent spec
``learned(model=CHECKPOINT)``.

The table: Zheng Fen, the learned agent in one seat and the opponent in the others; Zen Cheng
You, the learned agent in one team's two seats (the *team lead*). Every deal is played once per
rotation (duplicate), one match each, so each agent holds every seat on the same cards. A
deal's value is the learned agent's points per match over its seats minus the opponents' (in
Zen Cheng You: its team's points minus the other team's, as the arena's team lead), and the
result is the mean over the deals with its 95 % interval (:mod:`zhengfen.arena.intervals`).
The deals are ``deal_seed(eval_seed, d)`` for ``d`` below ``deals``: the same at every
evaluation of a run, and apart from the training deals (another seed).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

import zhengfen
from zhengfen.arena.intervals import Interval, mean_interval

__all__ = ["evaluate", "table"]


def table(rules: zhengfen.Rules, learned: str, opponent: str) -> list[str]:
    """The agents by seat at rotation 0 (see the module's docstring)."""
    if rules.game == "zen_cheng_you":
        return [learned, opponent] * (rules.players // 2)
    return [learned] + [opponent] * (rules.players - 1)


def learned_spec(model: Path) -> str:
    """The agent spec of a model file."""
    return f"learned(model={model})"


def evaluate(
    rules: zhengfen.Rules,
    model: Path,
    deals: int,
    seed: int,
    opponent: str = "greedy",
    threads: int = 1,
) -> Interval:
    """Points per match of the model against ``opponent`` (see the module's docstring)."""
    agents = table(rules, learned_spec(model), opponent)
    result = zhengfen.rollouts(
        rules, agents, deals, seed, duplicate=True, matches=1, threads=threads
    )
    learner = np.array([i % len(agents) in learned_seats(agents) for i in range(len(agents))])
    return margins(result["deal"], result["seating"], result["points"], learner)


def learned_seats(agents: Sequence[str]) -> set[int]:
    """Indices of the learned agent in ``agents``."""
    return {i for i, name in enumerate(agents) if name.startswith("learned")}


def margins(
    deal: npt.NDArray[np.uint64],
    seating: npt.NDArray[np.int64],
    points: npt.NDArray[np.int64],
    learner: npt.NDArray[np.bool_],
) -> Interval:
    """Per deal, the learner's mean points per seat-game minus the others', then their mean and
    interval. ``seating[g, s]`` is the index of the agent in seat ``s`` of game ``g``;
    ``learner[i]`` whether agent ``i`` is the learned one (one match a game)."""
    mine = learner[seating]
    values = []
    for d in np.unique(deal):
        games = deal == d
        own, other = points[games][mine[games]], points[games][~mine[games]]
        values.append(float(own.mean() - other.mean()))
    return mean_interval(values)
