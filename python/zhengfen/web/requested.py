"""What each request of the web asks for, as a typed value: a person's move (by its index among
the legal moves, by its cards or by its notation, both read by the core), a new game's settings,
a saved game to resume, a hint, a log to replay. :mod:`~zhengfen.web.inputs` alone reads
request bodies and makes these values; the game objects (:mod:`~zhengfen.web.games`) take them
and read nothing else of a request. The agents in them are
:class:`~zhengfen.web.models.Offered` values, each read once where the request named it.

>>> chosen = MoveRequest(ByIndex(0), version=3)
>>> chosen.choice, chosen.version
(ByIndex(index=0), 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Union

import zhengfen
from zhengfen.types import Move
from zhengfen.web.models import Offered

__all__ = [
    "PERSON",
    "ByCards",
    "ByIndex",
    "ByMove",
    "HintRequest",
    "LoadGame",
    "LogSource",
    "MoveChoice",
    "MoveRequest",
    "NewGame",
    "Seating",
]

PERSON = "person"
"""What ``opponents`` says of a seat another person holds (they get its link), and what a game's
``choosers`` says of a decision a person made."""


@dataclass(frozen=True)
class ByIndex:
    """A move chosen by its index among the legal moves."""

    index: int


@dataclass(frozen=True)
class ByCards:
    """A move chosen by the cards it plays (read by the core for the game's decks)."""

    cards: zhengfen.Cards


@dataclass(frozen=True)
class ByMove:
    """A move chosen by its notation, read by the core: a combination, or ``pass``, ``blind``,
    ``declare``."""

    move: Move


MoveChoice = Union[ByIndex, ByCards, ByMove]
"""The ways a person chooses a move."""


@dataclass(frozen=True)
class MoveRequest:
    """A person's move: how it is chosen, and the version of the game the person saw (the
    number of decisions made; ``None``: not said)."""

    choice: MoveChoice
    version: int | None = None


@dataclass(frozen=True)
class Seating:
    """Who sits where at a table opened from the page: the opener's ``seat``, the seats of the
    other people (``people``: they get its link), and the agent in each other seat
    (``agents``)."""

    seat: int
    people: tuple[int, ...] = ()
    agents: Mapping[int, Offered] = field(default_factory=dict)


@dataclass(frozen=True)
class NewGame:
    """A new game's settings: its rules, who sits where, the seed of its deal (``None``: a
    secret one, never shown to the people before the game is over) and whether hints are on."""

    rules: zhengfen.Rules
    seating: Seating
    seed: int | None = None
    hints: bool = True


@dataclass(frozen=True)
class LoadGame:
    """A saved game to resume: the game read from the saved text (``saved``, kept for its
    deal), who sits where, the seed the agents draw from, and whether hints are on."""

    game: zhengfen.Game
    saved: str
    seating: Seating
    seed: int = 0
    hints: bool = True


@dataclass(frozen=True)
class LogSource:
    """A log to replay: a file of the server's ``--replays`` folder by its ``name``, else the
    log's own ``text``."""

    name: str | None = None
    text: str = ""


@dataclass(frozen=True)
class HintRequest:
    """A hint: the agent whose move is asked for and the playouts that value each candidate."""

    agent: Offered
    playouts: int
