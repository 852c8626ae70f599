"""The tournament model: what a tournament plays (:class:`Tournament`), one game's result
(:class:`GameResult`, a line of the log), and how the deals are cut into chunks of work.

A tournament's agents are read once, where the tournament is made
(:func:`zhengfen.agents.read_agent`): each built-in agent is a :class:`zhengfen.AgentSpec`,
which carries a learned model's weights (and pickles with them), so processes and Ray workers
play the weights read then, never a path they may not have, and nothing reads a spec again; a
user's class is a :class:`zhengfen.agents.UserClass`, a bot program a
:class:`zhengfen.bots.BotSpec`. Text appears only in the log and the reports
(:func:`zhengfen.agents.agent_label`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import zhengfen
from zhengfen.agents import Agent, AgentName, agent_label, make_agent
from zhengfen.agents.seats import rotations
from zhengfen.arena import log
from zhengfen.bots.spec import BotSpec
from zhengfen.errors import InvalidStateError

__all__ = ["GameResult", "Tournament", "chunks"]


@dataclass(frozen=True)
class Tournament:
    """What to play: the rules, one agent name per seat (at rotation 0), and how much."""

    rules: zhengfen.Rules
    agents: tuple[AgentName, ...]
    """One agent per seat, read once (:func:`zhengfen.agents.read_agent`): a built-in agent's
    :class:`zhengfen.AgentSpec`, its model with it, a user's class
    (:class:`zhengfen.agents.UserClass`) or a bot program (:class:`zhengfen.bots.BotSpec`)."""
    deals: int = 12
    seed: int = 0
    duplicate: bool = True
    matches: int | None = None
    logs: bool = False
    threads: int = 1  # Rust threads of each chunk's ``rollouts`` (results do not depend on it)
    names: tuple[str, ...] = ()
    """How logs and reports name the agents, one per seat, where not by their specs (the web
    names an operator's model ``learned-NAME``, never its path)."""

    def built_in(self) -> bool:
        """Whether every agent is a built-in one (then Rust plays the games)."""
        return all(isinstance(agent, zhengfen.AgentSpec) for agent in self.agents)

    def labels(self) -> list[str]:
        """How the logs and reports name each agent (:func:`zhengfen.agents.agent_label`): its
        canonical spec, or ``module:Class``."""
        return list(self.names) if self.names else [agent_label(a) for a in self.agents]

    def agent(self, name: AgentName, seed: int) -> Agent:
        """A Python agent for ``name``, seeded with ``seed`` (nothing is read again)."""
        return make_agent(name, seed=seed)

    def bots(self) -> dict[BotSpec, int]:
        """Each bot program seated, with how many seats it holds at the table."""
        held: dict[BotSpec, int] = {}
        for agent in self.agents:
            if isinstance(agent, BotSpec):
                held[agent] = held.get(agent, 0) + 1
        return held

    def rotations(self) -> int:
        """Distinct rotations of the agents played per deal (the core's rule)."""
        return rotations(self.labels(), self.duplicate)


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
    faults: list[dict[str, int]] | None = None
    """Per seat, the faults a bot made in the game, by name (BOTS.md §6); ``None``: none."""
    stderr: list[str] | None = None
    """Per seat, what a bot that faulted in the game wrote to standard error in it (its last
    4,096 characters; ``""`` for the other seats, BOTS.md §1); ``None``: nothing."""

    def to_json(self, keep_game: bool = True) -> str:
        """One line of the log (:func:`zhengfen.arena.log.line`): the result and, when kept
        (and ``keep_game``), the saved game."""
        result: dict[str, Any] = {
            "deal": self.deal,
            "rotation": self.rotation,
            "seed": self.seed,
            "points": self.points,
            "won": self.won,
            "matches": self.matches,
            "decisions": self.decisions,
        }
        if self.faults is not None:
            result["faults"] = self.faults
        if self.stderr is not None:
            result["stderr"] = self.stderr
        return log.line(self.seating, self.log if keep_game else None, result)

    @classmethod
    def from_json(cls, text: str) -> GameResult:
        """A result from its line (:meth:`to_json`; the saved game is not read):
        ``InvalidStateError`` if it is not one.

        >>> played = GameResult(0, 1, 7, ["greedy", "random"], [3, -3], [True, False], 1, 20)
        >>> GameResult.from_json(played.to_json()) == played
        True
        """
        record = log.read_line(text, "a result line")
        try:
            return cls(
                deal=record["deal"],
                rotation=record["rotation"],
                seed=record["seed"],
                seating=record["agents"],
                points=record["points"],
                won=record["won"],
                matches=record["matches"],
                decisions=record["decisions"],
                faults=record.get("faults"),
                stderr=record.get("stderr"),
            )
        except KeyError as error:
            raise InvalidStateError(f"a result line holds no {error}") from error


def chunks(deals: int, size: int) -> Iterator[tuple[int, int]]:
    """``(first, count)`` pairs covering ``deals`` deals."""
    for first in range(0, deals, size):
        yield first, min(size, deals - first)
