"""The errors the server answers with a status code other than 400: each carries its HTTP
status and a reason a person can read (``{"error": reason}``, API.md). Bad input of every other
kind is a ``ValueError`` (``zhengfen.errors``), answered with 400."""

from __future__ import annotations

from typing import Any

__all__ = [
    "Busy",
    "Conflict",
    "Forbidden",
    "NotFound",
    "Problem",
    "TooLarge",
    "TooMany",
    "Unavailable",
]


class Problem(Exception):
    """An answer other than success: ``status``, the reason, and extra JSON fields."""

    status = 400

    def __init__(self, reason: str, **extra: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.extra = extra

    def body(self) -> dict[str, Any]:
        """The JSON answered: ``{"error": reason, ...extra}``."""
        return {"error": self.reason, **self.extra}


class Forbidden(Problem):
    """A request the seat it names may not make (another seat's, or the owner's, to make), or
    one that names no seat of the game."""

    status = 403


class NotFound(Problem):
    """An unknown (or expired) game, replay, tournament or game number."""

    status = 404


class Conflict(Problem):
    """A request that does not fit the game's state: not the person's turn, an illegal move."""

    status = 409


class Busy(Conflict):
    """A game still answering another request after the wait allowed."""


class TooLarge(Problem):
    """A request body over the limit."""

    status = 413


class TooMany(Problem):
    """The server holds as many games or tournaments as it may."""

    status = 429


class Unavailable(Problem):
    """The server's database cannot keep the change asked for now (disk full, read-only, locked
    past its timeout): the game is as it was before the request, and the same request works
    once the database does."""

    status = 503
