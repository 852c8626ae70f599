"""A user's agent, loaded by name (``user_agents:LowestFirst``) in the command-line tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from zhengfen.agents import Move


class LowestFirst:
    """Plays the first legal move that is not a pass (the engine lists low plays first)."""

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        plays = [m for m in legal_moves if not isinstance(m, str)]
        return plays[0] if plays else legal_moves[0]
