"""The games of a server, in memory and in its database (:mod:`~zhengfen.web.database`).

:class:`Tables` holds the games being played in a bounded store (:class:`~zhengfen.web.store.
Store`: ``--max-games`` of them, each unloaded after ``idle_seconds`` without use or to make room)
and, with a database, keeps every game there: a game's link opens it from memory, else brings it
back from the database as it was at its last committed change. :meth:`Tables.commit` keeps a
game's change before the request is answered; a change the database cannot keep is undone
(:meth:`Tables.changing`), so the game in memory stays the one on disk. Unfinished games are
kept ``keep_seconds`` after their last change; finished ones until their owner deletes them.

:func:`table` and :func:`restored` turn a game into the row the database keeps and back: the
engine's record (``Game.to_json()``), and the table around it as JSON: the agents' names (read
back by :meth:`Models.kept <zhengfen.web.models.Models.kept>`: text only there) and seed, the
people's seats (each token's digest, never the token), names and owner, the deal's seed, the
hints setting and log, who made each decision, who was handed which seat when, the faults
counted against each bot's seat, and the other persons' tokens sealed with the owner's
(:func:`~zhengfen.web.people.seal`).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import zhengfen
from zhengfen.web.database import Database, Row
from zhengfen.web.deals import Deal
from zhengfen.web.games import WebGame
from zhengfen.web.models import Models
from zhengfen.web.people import People, Person
from zhengfen.web.problems import Conflict, NotFound, Unavailable
from zhengfen.web.store import Store

__all__ = ["TABLE_FORMAT", "Tables", "restored", "table"]

LOG = logging.getLogger("zhengfen.web")

TABLE_FORMAT = 1
"""The version of the table's JSON (``table["format"]``)."""

Json = dict[str, Any]


def table(game: WebGame) -> Json:
    """The table around ``game``'s engine record, as JSON."""
    persons = [
        {"seat": p.seat, "digest": p.digest, "name": p.name, "delivered": p.delivered}
        for p in game.people.persons.values()
    ]
    return {
        "format": TABLE_FORMAT,
        "specs": {str(seat): name for seat, name in game.agent_names().items()},
        "seed": game.seed,
        "deal": {"seed": game.deal.seed, "known": game.deal.known},
        "owner": game.people.owner,
        "persons": persons,
        "handed": game.people.handed,
        "sealed": {str(seat): sealed for seat, sealed in game.people.seals().items()},
        "handed_at": {str(seat): at for seat, at in game.handed_at.items()},
        "people_moved": game.people_moved,
        "hints_on": game.hints_on,
        "hints": game.hints,
        "choosers": game.choosers,
        "faults": {str(s): n for s in game.seated if (n := game.faults(s)) is not None},
    }


def row(game: WebGame, now: float) -> Row:
    """``game`` as the database keeps it, at its next revision."""
    return Row(
        game.key,
        game.revision + 1,
        game.created,
        now,
        game.game.game_over,
        game.people_moved,
        table(game),
        game.game.to_json(),
    )


def restored(found: Row, models: Models, slice_seconds: float) -> WebGame:
    """The game a row keeps, at its revision (:class:`InvalidStateError` for a record the
    engine refuses)."""
    kept = found.table
    persons = {
        p["seat"]: Person(p["seat"], p["digest"], None, None, p["delivered"], p["name"])
        for p in kept["persons"]
    }
    sealed = {int(seat): value for seat, value in kept.get("sealed", {}).items()}
    people = People(persons, kept["owner"], handed=dict(kept["handed"]), sealed=sealed)
    game = WebGame(
        zhengfen.Game.from_json(found.record),
        people,
        {int(seat): models.kept(name) for seat, name in kept["specs"].items()},
        kept["seed"],
        slice_seconds,
        Deal(kept["deal"]["seed"], kept["deal"]["known"]),
        key=found.id,
        handed_at={int(seat): at for seat, at in kept["handed_at"].items()},
        people_moved=kept["people_moved"],
        hints=list(kept["hints"]),
        hints_on=kept["hints_on"],
        choosers=list(kept["choosers"]),
        revision=found.revision,
        created=found.created,
        restored=True,
        kept_faults={int(seat): n for seat, n in kept.get("faults", {}).items()},
    )
    return game


class Tables:
    """The games of a server: ``memory`` (the bounded store of games being played) and, if
    given, the ``database`` keeping them all."""

    def __init__(
        self,
        memory: Store[WebGame],
        database: Database | None,
        load: Callable[[Row], WebGame],
        keep_seconds: float,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.memory = memory
        self.database = database
        self.load = load
        self.keep_seconds = keep_seconds
        self.clock = clock
        self._loading = threading.Lock()
        self._pruned = float("-inf")

    def get(self, key: str) -> WebGame:
        """The game ``key`` from memory, else brought back from the database
        (:class:`NotFound` if neither holds it)."""
        try:
            return self.memory.get(key)
        except NotFound:
            if self.database is None:
                raise
        with self._loading:  # one copy in memory, however many ask at once
            try:
                return self.memory.get(key)
            except NotFound as missing:
                found = self._kept(key)
                if found is None:
                    raise missing from None
                try:
                    game = self.load(found)
                except ValueError as error:  # a record the engine refuses
                    reason = " ".join(str(error).split())
                    raise Conflict(
                        f"the game {key} is kept but cannot be played now: {reason}"
                    ) from error
                self.memory.put(key, game)
                return game

    def _kept(self, key: str) -> Row | None:
        """The game ``key`` in the database, unless it was left unfinished too long ago."""
        assert self.database is not None
        found = self.database.get(key)
        left = found is not None and found.updated < self.clock() - self.keep_seconds
        return None if found is None or (left and not found.finished) else found

    def add(self, game: WebGame, owner: str | None = None) -> str:
        """Keeps a new game (in memory, and committed); its id."""
        game.key = self.memory.add(game, owner)
        try:
            self.commit(game)
        except BaseException:
            self.memory.drop(game.key)
            raise
        self.prune()
        return game.key

    def commit(self, game: WebGame) -> None:
        """Keeps ``game``'s change in the database (nothing without one)."""
        if self.database is None:
            return
        try:
            self.database.put(row(game, self.clock()))
        except Conflict:
            self.memory.drop(game.key)  # a stale copy: the next request loads the kept one
            raise
        game.revision += 1

    @contextmanager
    def changing(self, game: WebGame) -> Iterator[None]:
        """Runs a change of ``game`` (holding its lock) and commits it; a change that fails or
        cannot be committed is undone, and its error raised."""
        if self.database is None:
            yield
            return
        before = game.checkpoint()
        try:
            yield
            self.commit(game)
        except BaseException:
            game.rewind(before)
            raise

    def remove(self, key: str) -> WebGame:
        """Forgets the game ``key``, in memory and in the database."""
        game = self.memory.remove(key)
        if self.database is not None:
            self.database.delete(key)
        return game

    def prune(self) -> None:
        """Forgets the unfinished games left longer than ``keep_seconds`` (at most once an
        hour)."""
        now = self.clock()
        if self.database is None or now - self._pruned < 3600:
            return
        self._pruned = now
        try:
            gone = self.database.prune(now - self.keep_seconds)
        except Unavailable:
            LOG.warning("could not forget the games left unfinished: the database is unavailable")
            return
        if gone:
            LOG.info("forgot %d unfinished games left for %g seconds", gone, self.keep_seconds)
