"""The protocol every agent implements, a user's or a built-in one: ``act(observation,
legal_moves) -> move``; and :class:`GameAgent`, the protocol of an agent that needs the game as
the loop sees it (a bot program, :mod:`zhengfen.bots`): the loop asks it by ``act_at``, tells it
each match's end and the game's end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from zhengfen._core import Game
from zhengfen.types import Move

__all__ = ["Agent", "GameAgent"]


@runtime_checkable
class Agent(Protocol):
    """What every agent implements."""

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        """The move to make: one of ``legal_moves``."""
        ...


@runtime_checkable
class GameAgent(Agent, Protocol):
    """An agent that follows the whole game: :func:`zhengfen.agents.take_turn` asks it by
    :meth:`act_at` rather than ``act``, :func:`zhengfen.agents.play_seats` calls
    :meth:`end_match` at each match's end, and whoever plays the game calls :meth:`finish` when
    it is over or cut short (:func:`zhengfen.agents.finish_game`)."""

    def act_at(self, game: Game, seat: int) -> Move:
        """The move for ``seat``, the seat to move in ``game``: one of its legal moves."""
        ...

    def end_match(self, game: Game, seat: int) -> None:
        """The match of ``game`` just ended."""
        ...

    def finish(self, game: Game, seat: int) -> None:
        """``game`` is over, or will not be played on."""
        ...
