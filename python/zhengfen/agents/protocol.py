"""The protocol every agent implements, a user's or a built-in one: ``act(observation,
legal_moves) -> move``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from zhengfen.types import Move

__all__ = ["Agent"]


@runtime_checkable
class Agent(Protocol):
    """What every agent implements."""

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        """The move to make: one of ``legal_moves``."""
        ...
