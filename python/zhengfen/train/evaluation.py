"""The run's yardsticks: the learned agent's points per match against a fixed agent on fixed
duplicate deals, played in Rust by ``zhengfen.rollouts`` with the learned agent of the
checkpoint's file (:meth:`zhengfen.AgentSpec.learned`: no spec text is written or read, so any
path plays). A run measures its checkpoints against three (:func:`columns`):
``greedy``; a search at a fixed budget (``--yardstick``, ``ismcts(iterations=300)`` by
default), which a strong model has not passed, so the curve does not saturate; and the
*reference* model, the one the run started from (``--init``) or else the model shipped for
the rules when the run began, as the run's folder keeps it (:func:`reference_model`).

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

from pathlib import Path
from typing import TypeVar

import numpy as np
import numpy.typing as npt

import zhengfen
from zhengfen.arena.intervals import Interval, mean_interval

__all__ = ["columns", "evaluate", "learner_seats", "reference_model", "table"]

Seat = TypeVar("Seat")


def table(rules: zhengfen.Rules, learned: Seat, opponent: Seat) -> list[Seat]:
    """The agents by seat at rotation 0 (see the module's docstring)."""
    return [learned if i in learner_seats(rules) else opponent for i in range(rules.players)]


def learner_seats(rules: zhengfen.Rules) -> set[int]:
    """The learned agent's places in :func:`table`: seat 0, or team 0 in Zen Cheng You."""
    if rules.game == "zen_cheng_you":
        return set(range(0, rules.players, 2))
    return {0}


def reference_model(rules: zhengfen.Rules, init: str | None) -> zhengfen.LearnedModel | None:
    """The reference model of a run that begins now: the start model (``--init``: a file, or
    ``shipped``), else the model shipped for the rules; ``None`` where none ships. The run
    keeps a copy (:func:`zhengfen.train.checkpoint.keep_reference`) and measures against that."""
    from zhengfen.train.config import init_model

    if init is not None:
        return init_model(init, rules)
    try:
        return zhengfen.LearnedModel.shipped(rules)
    except zhengfen.ModelError:
        return None


def columns(
    rules: zhengfen.Rules,
    yardstick: zhengfen.AgentSpec,
    yardstick_deals: int,
    reference: Path | None,
    deals: int,
) -> list[tuple[str, zhengfen.AgentSpec, int]]:
    """The evaluations of a checkpoint: ``(column, opponent, deals)`` for greedy, the
    yardstick (read where the command line was) and the reference model's file, read here
    (those with deals)."""
    found = [("greedy", GREEDY, deals), ("yardstick", yardstick, yardstick_deals)]
    if reference is not None:
        found.append(("reference", learned_spec(reference), deals))
    return [column for column in found if column[2] > 0]


GREEDY = zhengfen.AgentSpec.greedy()
"""The greedy agent, the first yardstick."""


def learned_spec(model: Path) -> zhengfen.AgentSpec:
    """The learned agent of a model file, read now (any path: nothing is written as text)."""
    return zhengfen.AgentSpec.learned(model)


def evaluate(
    rules: zhengfen.Rules,
    model: Path,
    deals: int,
    seed: int,
    opponent: zhengfen.AgentSpec = GREEDY,
    threads: int = 1,
) -> Interval:
    """Points per match of the model against ``opponent`` (see the module's docstring)."""
    agents = table(rules, learned_spec(model), opponent)
    result = zhengfen.rollouts(
        rules, agents, deals, seed, duplicate=True, matches=1, threads=threads
    )
    seats = learner_seats(rules)
    learner = np.array([agent in [agents[i] for i in seats] for agent in agents])
    return margins(result["deal"], result["seating"], result["points"], learner)


def margins(
    deal: npt.NDArray[np.uint64],
    seating: npt.NDArray[np.int64],
    points: npt.NDArray[np.int64],
    learner: npt.NDArray[np.bool_],
) -> Interval:
    """Per deal, the learner's mean points per seat-game minus the others', then their mean and
    interval. ``seating[g, s]`` is the index of the agent in seat ``s`` of game ``g``;
    ``learner[i]`` whether agent ``i`` is the learned one (one match a game). Where every agent
    is the learned one (a model measured against itself: ``rollouts`` then plays only the one
    distinct rotation) each deal's value is 0, not seat 0's luck.

    >>> seating, points = np.array([[0, 1, 2]] * 2), np.array([[60, 40, 0], [0, 30, 70]])
    >>> margins(np.array([0, 1]), seating, points, np.ones(3, bool))
    Interval(mean=0.0, n=2, low=0.0, high=0.0)
    """
    mine = learner[seating]
    values = []
    for d in np.unique(deal):
        games = deal == d
        own, other = points[games][mine[games]], points[games][~mine[games]]
        values.append(float(own.mean() - other.mean()) if other.size else 0.0)
    return mean_interval(values)
