"""The tournament model: what a tournament plays (:class:`Tournament`), one game's result
(:class:`GameResult`, a line of the log), and how the deals are cut into chunks of work.

A learned agent's model file is read once, when the tournament is made
(:func:`with_models`), and travels inside the tournament (a :class:`zhengfen.LearnedModel`
pickles as its bytes): processes and Ray workers play the weights read here, never a path
they may not have."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import zhengfen
from zhengfen.agents import Agent, is_user_class, make_agent, model_file, playing
from zhengfen.seats import rotations

__all__ = ["GameResult", "Tournament", "chunks", "with_models"]


@dataclass(frozen=True)
class Tournament:
    """What to play: the rules, one agent name per seat (at rotation 0), and how much."""

    rules: zhengfen.Rules
    agents: tuple[str, ...]
    deals: int = 12
    seed: int = 0
    duplicate: bool = True
    matches: int | None = None
    logs: bool = False
    threads: int = 1  # Rust threads of each chunk's ``rollouts`` (results do not depend on it)
    models: Mapping[str, zhengfen.LearnedModel] = field(default_factory=dict)
    """The model of each agent whose spec names a model file (``learned(model=PATH)``,
    ``ismcts(...,policy=learned(model=PATH))``), read when the tournament was made."""

    def built_in(self) -> bool:
        """Whether every agent is a built-in one (then Rust plays the games)."""
        return not any(is_user_class(name) for name in self.agents)

    def rollout_agents(self) -> list[str | Agent]:
        """The agents as ``zhengfen.rollouts`` takes them: an agent playing the model read up
        front for each spec that names a model file, the spec for the others."""
        return [
            name if (model := self.models.get(name)) is None else playing(name, model)
            for name in self.agents
        ]

    def agent(self, name: str, seed: int) -> Agent:
        """A Python agent for ``name``, seeded with ``seed`` (an agent with a model plays the
        model read up front)."""
        model = self.models.get(name)
        return make_agent(name, seed=seed) if model is None else playing(name, model, seed)

    def rotations(self) -> int:
        """Distinct rotations of the agents played per deal (the core's rule)."""
        return rotations(list(self.agents), self.duplicate)


@dataclass
class GameResult:
    """One game of the tournament."""

    deal: int
    rotation: int
    seed: int
    seating: list[str]
    points: list[int]
    won: list[bool]
    matches: int
    decisions: int
    log: str | None = None

    def to_json(self) -> str:
        """One line of the log: the result and, when kept, the saved game."""
        record: dict[str, Any] = {
            "deal": self.deal,
            "rotation": self.rotation,
            "seed": self.seed,
            "agents": self.seating,
            "points": self.points,
            "won": self.won,
            "matches": self.matches,
            "decisions": self.decisions,
        }
        if self.log is not None:
            record["game"] = json.loads(self.log)
        return json.dumps(record)


def with_models(tournament: Tournament) -> Tournament:
    """``tournament`` with the model of each agent whose spec names a model file read from it
    (:class:`zhengfen.ModelError` if one cannot be read or is no model), so that no thread,
    worker process or Ray worker reads the file again."""
    files = {name: model_file(name) for name in tournament.agents}
    models = {name: zhengfen.LearnedModel.load(path) for name, path in files.items() if path}
    return replace(tournament, models=models)


def chunks(deals: int, size: int) -> Iterator[tuple[int, int]]:
    """``(first, count)`` pairs covering ``deals`` deals."""
    for first in range(0, deals, size):
        yield first, min(size, deals - first)
