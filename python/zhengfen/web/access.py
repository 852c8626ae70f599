"""Which seat a route's key opens (API.md, "People and links"): ``<game id>.<token>``, the
token compared in constant time with each person's. An unknown (or forgotten) game is a 404; a
key without a token, or with one that opens no seat of the game, is a 403 saying which, so a
person holding an old link learns that their seat was handed to an agent.
"""

from __future__ import annotations

from collections.abc import Callable

from zhengfen.web.games import WebGame
from zhengfen.web.people import split_key
from zhengfen.web.problems import Forbidden

__all__ = ["seat"]


def seat(find: Callable[[str], WebGame], key: str) -> tuple[WebGame, int]:
    """The game (``find(id)``: :meth:`Tables.get <zhengfen.web.tables.Tables.get>`) and the
    person's seat ``key`` names; the seat's person is marked as present."""
    name, token = split_key(key)
    game = find(name)
    if token is None:
        raise Forbidden(
            f"the game {name[:40]!r} is played by its seats' links only: a route names "
            "'<game>.<token>', the token of a seat's link"
        )
    found = game.people.seat(token)
    if found is None:
        handed = game.people.handed_over(token)
        if handed is not None:
            raise Forbidden(f"seat {handed} was handed to an agent: this link opens it no more")
        raise Forbidden(f"this link opens no seat of the game {name[:40]!r}")
    game.people.came(found)
    return game, found
