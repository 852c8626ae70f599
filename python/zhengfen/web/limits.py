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
    games_per_client: int = 16
    """The most games one client (an address) holds: its next game makes the server forget its
    least recently used one, so that no client can fill the server for the others."""
    idle_seconds: float = 1800.0
    max_body: int = 256 * 1024
    max_upload: int = 8 * 1024 * 1024
    max_replays: int = 16
    max_deals: int = 200
    max_tournaments: int = 4
    kept_tournaments: int = 16
    max_hint_playouts: int = 64
    busy_seconds: float = 30.0
    agent_seconds: float = 2.0
    """How long the agents of a game play in one request before it is answered (with
    ``agents_playing``: the page asks again); an agent's move begun is finished."""

    def public(self) -> dict[str, float]:
        """The bounds as JSON."""
        return dict(asdict(self))
