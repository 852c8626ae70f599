"""Finished games kept as logs (``zhengfen serve --replays DIR``): each table's game, once it is
over, is written to the folder as one line of an arena log (``table-<date>-<time>-<id>.jsonl``,
UTC), with who sat where (the agents' specs, ``person`` for the people), so the replay page
lists and opens it and a day of play is a data set (``cat DIR/table-*.jsonl``). Nothing is
written while a game is on: a saved game holds every hand, and the seed of the next matches.

:func:`usable` checks a folder when the server starts.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from zhengfen.web.views import seat_names

if TYPE_CHECKING:
    from zhengfen.web.tables import Table

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


def record(table: Table, finished: float) -> dict[str, Any]:
    """A finished table's game as a line of an arena log (``zhengfen.replay.Log`` reads it)."""
    names = seat_names(table.specs, table.people.seats())
    players = table.game.rules.players
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(finished))
    people = table.people.seats()
    return {
        "title": f"table {table.key}, {stamp}, people in seats {', '.join(map(str, people))}",
        "table": table.key,
        "finished": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(finished)),
        "agents": [names[s] for s in range(players)],
        "people": people,
        "handed_over": {str(seat): at for seat, at in sorted(table.handed_at.items())},
        "seed": table.deal.seed,
        "agents_seed": table.seed,
        "scores": table.game.scores,
        "winners": table.game.winners,
        "game": json.loads(table.game.to_json()),
    }


@dataclass
class Archive:
    """Where finished games go (``None``: nowhere)."""

    folder: Path | None

    def keep(self, table: Table) -> None:
        """Writes ``table``'s finished game to the folder (a failure is logged, never raised:
        the game goes on for its people)."""
        if self.folder is None:
            return
        now = time.time()
        name = f"table-{time.strftime('%Y%m%d-%H%M%S', time.gmtime(now))}-{table.key}.jsonl"
        try:
            text = json.dumps(record(table, now)) + "\n"
            part = self.folder / f".{name}.part"
            part.write_text(text, encoding="utf-8")
            os.replace(part, self.folder / name)
        except (OSError, ValueError):
            LOG.exception("could not keep the game of table %s in %s", table.key, self.folder)
