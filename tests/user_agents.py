"""Users' agents, loaded by name (``user_agents:LowestFirst``) in the command-line tests."""

from __future__ import annotations

import os
import random
import signal
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from zhengfen.types import Move


class LowestFirst:
    """Plays the first legal move that is not a pass (the engine lists low plays first)."""

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        plays = [m for m in legal_moves if not isinstance(m, str)]
        return plays[0] if plays else legal_moves[0]


class SlowLowestFirst(LowestFirst):
    """:class:`LowestFirst` taking 1 ms a move, so that a league can be stopped mid-way."""

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        time.sleep(0.001)
        return super().act(observation, legal_moves)


class SeededRandom:
    """Uniform among the legal moves from the seed it is given; with no seed given it would draw
    from the operating system's entropy, so unseeded runs differ."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        return self._rng.choice(list(legal_moves))


class Unseeded:
    """A class whose constructor takes no arguments at all."""

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        return legal_moves[0]


class Illegal:
    """Answers with a move that is never legal (a card twice in a one-deck game)."""

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Any:
        return "3c 3c"  # notation, as Game.play also takes it: no Move


class Crashes:
    """Its ``act`` fails, as a user's agent under development does."""

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        raise ZeroDivisionError("the agent's own bug")


class BadConstructor:
    """Its constructor fails."""

    def __init__(self) -> None:
        raise RuntimeError("cannot start")

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        return legal_moves[0]


def not_a_class() -> LowestFirst:
    """A function, not a class: it must never be called. Calling it leaves a marker file where
    ``ZHENGFEN_TEST_MARKER`` says, so a test can tell."""
    marker = os.environ.get("ZHENGFEN_TEST_MARKER")
    if marker:
        Path(marker).write_text("called")
    return LowestFirst()


class FailsLate:
    """Plays the first legal move, except when built with the seed ``ZHENGFEN_TEST_FAIL_SEED``
    names (a test computes the seed of one seat of one game): then it answers an illegal move."""

    def __init__(self, seed: int = 0) -> None:
        self.fails = str(seed) == os.environ.get("ZHENGFEN_TEST_FAIL_SEED")

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Any:
        return "3c 3c" if self.fails else legal_moves[0]


class KillsItsProcess:
    """Its process is killed as it plays (as the kernel does when memory runs out)."""

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        os.kill(os.getpid(), signal.SIGKILL)
        return legal_moves[0]
