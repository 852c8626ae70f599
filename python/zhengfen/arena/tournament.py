"""The tournament model: what a tournament plays (:class:`Tournament`), one game's result
(:class:`GameResult`, a line of the log), and how the deals are cut into chunks of work."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import zhengfen
from zhengfen.agents import is_user_class
from zhengfen.seats import rotations

__all__ = ["GameResult", "Tournament", "chunks"]


@dataclass(frozen=True)
class Tournament:
    """What to play: the rule options, one agent name per seat (at rotation 0), and how much."""

    rules: dict[str, Any]
    agents: tuple[str, ...]
    deals: int = 12
    seed: int = 0
    duplicate: bool = True
    matches: int | None = None
    logs: bool = False
    threads: int = 1  # Rust threads of each chunk's ``rollouts`` (results do not depend on it)

    def rule_set(self) -> zhengfen.Rules:
        """The rule set."""
        return zhengfen.Rules(**self.rules)

    def built_in(self) -> bool:
        """Whether every agent is a built-in one (then Rust plays the games)."""
        return not any(is_user_class(name) for name in self.agents)

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


def chunks(deals: int, size: int) -> Iterator[tuple[int, int]]:
    """``(first, count)`` pairs covering ``deals`` deals."""
    for first in range(0, deals, size):
        yield first, min(size, deals - first)
