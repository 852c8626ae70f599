"""League ratings at the web table (issue 46 §6, BOTS.md §7): the ratings ``zhengfen league``
keeps in its SQLite file (by default ``league.sqlite`` in the server's data folder, or
``zhengfen serve --league PATH``), read, never played for: beside each agent of the page's
menus (points a match against the field, with its 95 % interval) and on the league page
(``GET /league``).

A table's rules find their league by its default name (:func:`zhengfen.league.default_name`:
the game and the table size), so a rating is that of the agent at that table size under the
rules the league was played with (the league page states them). An agent is found by its
canonical spec (the league's label): a bot by its spec, shown by the name the server offers it
under.

The file is read again only when it changes (its size and time of change), so the page's
requests do not refit the model each time. A missing file means no ratings; a file that is
not a league database is logged once and means no ratings (the table plays on).

:func:`default_opponent` is the agent the page puts in every seat by default.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import zhengfen
from zhengfen.league import Standings, Store, default_name, ratings
from zhengfen.web.models import Models

__all__ = ["QUICK", "LeagueRatings", "default_opponent", "label", "rating_json", "tables"]

LOG = logging.getLogger("zhengfen.web")

QUICK: Final = ("greedy", "learned", "sparta")
"""The agents a default may be (with the operator's ``learned-NAME``): they move at once
(``sparta``'s work a decision is bounded by its budget: 10 to 15 ms a decision, at most a
quarter of a second in Zen Cheng You, on a loaded machine). ``random`` teaches nothing,
``search`` and ``ismcts`` keep a person waiting seconds a move, and a bot is a program the
server does not vouch for."""

Json = dict[str, Any]


@dataclass
class LeagueRatings:
    """The league file ``path`` (``None``: no league), read when it changes."""

    path: Path | None = None
    _seen: tuple[int, int] | None = field(default=None, init=False)
    _kept: dict[str, Standings] = field(default_factory=dict, init=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False)

    def leagues(self) -> dict[str, Standings]:
        """Every league of the file by name (``{}`` when there is none or it cannot be read)."""
        stamp = self._stamp()
        with self._lock:
            if stamp != self._seen:
                self._kept = self._read() if stamp is not None else {}
                self._seen = stamp
            return dict(self._kept)

    def of(self, rules: zhengfen.Rules) -> Standings | None:
        """The league of ``rules``' game and table size, if the file holds one."""
        return self.leagues().get(default_name(rules))

    def _stamp(self) -> tuple[int, int] | None:
        if self.path is None:
            return None
        try:
            found = self.path.stat()
        except OSError:
            return None
        return found.st_size, found.st_mtime_ns

    def _read(self) -> dict[str, Standings]:
        assert self.path is not None
        try:
            store = Store.open(self.path, write=False)
            try:
                names = store.names()
            finally:
                store.close()
            return {name: ratings(self.path, name) for name in names}
        except (ValueError, OSError) as error:
            LOG.warning("league ratings from %s not read: %s", self.path, error)
            return {}


def rating_json(standings: Standings, label: str) -> Json | None:
    """The rating of the agent labelled ``label`` in ``standings`` as the page shows it."""
    found = standings.rating_of(label)
    if found is None:
        return None
    return {
        "league": standings.name,
        "rating": round(found.rating, 1),
        "low": round(found.low, 1),
        "high": round(found.high, 1),
        "games": found.games,
    }


def default_opponent(offered: Sequence[str], rated: dict[str, float], learned_plays: bool) -> str:
    """The default opponent among the agent names ``offered`` for a table's rules: the quick
    agent (:data:`QUICK`, ``learned-NAME``) the league rates highest (``rated``: rating by
    name), else ``learned`` where it plays the rules (``learned_plays``), else ``greedy``.

    >>> default_opponent(["random", "greedy", "learned"], {"greedy": 3.0, "learned": 9.5}, True)
    'learned'
    >>> default_opponent(["random", "greedy", "learned"], {"greedy": 3.0, "random": 9.0}, True)
    'greedy'
    >>> default_opponent(["random", "greedy"], {}, False)
    'greedy'
    """
    quick = [name for name in offered if name in QUICK or name.startswith("learned-")]
    scored = [name for name in quick if name in rated]
    if scored:
        return max(scored, key=lambda name: rated[name])
    return "learned" if learned_plays and "learned" in offered else "greedy"


def label(models: Models, name: str) -> str:
    """How the league labels the agent the server offers as ``name``: its canonical spec (a
    bot's spec, a model file's ``learned(model=...)``)."""
    plays = models.offered(name).plays
    return name if plays is None else plays.spec


def tables(models: Models, league: LeagueRatings) -> tuple[list[Json], dict[str, list[Json]]]:
    """For ``GET /api/options``: for every game and table size, the agents offered in the
    order the page lists them (rated ones first, best first; then the others in the
    catalogue's order) and the default opponent (:func:`default_opponent`); and each agent's
    ratings by name (one per league that rates it)."""
    rows: list[Json] = []
    rated_by_name: dict[str, list[Json]] = {name: [] for name in models.names()}
    for offer in zhengfen.game_offers():
        for players in offer["players"]:
            rules = zhengfen.Rules(offer["game"], players=players)
            rows.append(_table(models, league.of(rules), rules, rated_by_name))
    return rows, rated_by_name


def _table(
    models: Models,
    standings: Standings | None,
    rules: zhengfen.Rules,
    rated_by_name: dict[str, list[Json]],
) -> Json:
    key = (rules.game, rules.players)
    offered = [
        name for name in models.names() if (plays := models.plays(name)) is None or key in plays
    ]
    rated: dict[str, float] = {}
    for name in offered if standings is not None else []:
        assert standings is not None
        found = rating_json(standings, label(models, name))
        if found is not None:
            rated[name] = found["rating"]
            rated_by_name[name].append({"game": rules.game, "players": rules.players, **found})
    order = sorted(offered, key=lambda name: (name not in rated, -rated.get(name, 0.0)))
    learned = "learned" in offered
    return {
        "game": rules.game,
        "players": rules.players,
        "league": None if standings is None else standings.name,
        "order": order,
        "default": default_opponent(offered, rated, learned),
    }
