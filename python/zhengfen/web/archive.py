"""Games kept as logs (``zhengfen serve --replays DIR``): each game, once it is over, is
written to the folder as one line of an arena log (``game-<date>-<time>-<id>.jsonl``, UTC),
with who sat where (the agents' names, ``person`` for the people), so the replay page lists and
opens it and a day of play is a data set (``cat DIR/game-*.jsonl``). A game left unfinished is
written when the server forgets it (idle too long, or closed by its owner) if a person made a
move in it: nobody can play it on by then. Nothing is written while a game can still be played:
a saved game holds every hand, and the seed of the next matches.

:func:`usable` checks a folder when the server starts.
"""

from __future__ import annotations

import logging
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from zhengfen.arena import log
from zhengfen.web.views import seat_names

if TYPE_CHECKING:
    from zhengfen.web.games import WebGame

__all__ = ["Archive", "record", "usable"]

LOG = logging.getLogger("zhengfen.web")


def usable(folder: Path) -> str | None:
    """Why the server cannot keep games in ``folder`` (``None`` when it can): it must be a
    folder, and one a file can be written in."""
    if not folder.is_dir():
        return "not a folder"
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        return f"cannot write there ({error.strerror or error})"
    return None


ENDS = {
    "over": "",
    "idle": ", unfinished (left idle)",
    "removed": ", unfinished (closed)",
    "evicted": ", unfinished",
    "unfinished": ", unfinished",
}
"""How a game ended, as its title says it."""


def record(game: WebGame, ended: float, end: str = "over") -> str:
    """A game as a line of an arena log (:func:`zhengfen.arena.log.line`, which
    :class:`zhengfen.arena.log.Log` reads); ``end``: ``over``, or why the game was forgotten
    (a key of :data:`ENDS`; ``unfinished`` for one exported while it can still be played)."""
    names = seat_names(game.agent_names(), game.people.seats())
    players = game.game.rules.players
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(ended))
    people = game.people.seats()
    seats = ", ".join(map(str, people))
    fields = {
        "title": f"game {game.key}, {stamp}, people in seats {seats}{ENDS[end]}",
        "game_id": game.key,
        "ended": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(ended)),
        "end": end,
        "people": people,
        "handed_over": {str(seat): at for seat, at in sorted(game.handed_at.items())},
        "hints_on": game.hints_on,
        "hints": game.hints,
        "seed": game.deal.seed,
        "agents_seed": game.seed,
        "scores": game.game.scores,
        "winners": game.game.winners,
    }
    return log.line([names[s] for s in range(players)], game.game.to_json(), fields)


@dataclass
class Archive:
    """Where finished games go (``None``: nowhere)."""

    folder: Path | None

    def keep(self, game: WebGame, end: str = "over") -> None:
        """Writes ``game`` to the folder, over or forgotten (``end``); a failure is
        logged, never raised: the game goes on for its people."""
        if self.folder is None:
            return
        now = time.time()
        name = f"game-{time.strftime('%Y%m%d-%H%M%S', time.gmtime(now))}-{game.key}.jsonl"
        try:
            text = record(game, now, end) + "\n"
            part = self.folder / f".{name}.part"
            part.write_text(text, encoding="utf-8")
            os.replace(part, self.folder / name)
        except (OSError, ValueError):
            LOG.exception("could not keep the game %s in %s", game.key, self.folder)

    def forgotten(self, game: WebGame, why: str) -> None:
        """A game the server forgot (``why``: ``idle``, ``evicted``, ``removed``): it is
        kept if it was left unfinished after a person's move (a finished one is kept already).
        A game still busy with a request (a second) is passed over."""
        if game.game.game_over or not game.people_moved:
            return
        if not game.lock.acquire(timeout=1.0):
            LOG.warning("game %s was forgotten while busy: it is not kept", game.key)
            return
        try:
            self.keep(game, why)
        finally:
            game.lock.release()
