"""The bounds a server keeps, so that no request can make it grow without end or work for long:
games, replays and tournaments held at once, how long an idle game is kept, body sizes, and
how much work a hint, a tournament or the agents' play in one request may do."""

from __future__ import annotations

from dataclasses import asdict, dataclass

__all__ = ["Limits"]


@dataclass(frozen=True)
class Limits:
    """A server's bounds (``GET /api/options`` shows them to the page)."""

    max_games: int = 64
    """The most games the server holds in memory at once (``zhengfen serve --max-games``);
    with a database, the least recently used is unloaded to make room (it stays on disk),
    without one a new game is refused."""
    games_per_client: int = 16
    """The most games one client (an address) holds: its next game makes the server forget its
    least recently used one, so that no client can fill the server for the others."""
    idle_seconds: float = 1800.0
    """How long a game, an opened replay or a finished tournament is kept without use (with a
    database, a game idle this long is unloaded from memory, and kept on disk)."""
    keep_days: float = 14.0
    """How long the database keeps an unfinished game after its last change
    (``zhengfen serve --keep-days``); finished games are kept until their owner deletes them."""
    store_seconds: float = 5.0
    """How long a change waits for the database when it is locked before it is refused
    (503)."""
    max_body: int = 256 * 1024
    """The largest request body in bytes, but for uploads."""
    max_upload: int = 8 * 1024 * 1024
    """The largest uploaded saved game or arena log in bytes."""
    max_replays: int = 16
    """The most replays open at once (the least recently used is forgotten)."""
    max_deals: int = 200
    """The most deals one tournament plays."""
    max_tournaments: int = 4
    """The most tournaments running at once."""
    kept_tournaments: int = 16
    """The most tournaments kept, running or finished, for the page to read."""
    max_hint_playouts: int = 64
    """The most playouts one hint may ask for."""
    busy_seconds: float = 30.0
    """How long a request waits for a game another request is using before it is refused."""
    agent_seconds: float = 2.0
    """How long the agents of a game play in one request before it is answered (with
    ``agents_playing``: the page asks again); an agent's move begun is finished."""

    def public(self) -> dict[str, float]:
        """The bounds as JSON."""
        return dict(asdict(self))
