"""The server's database: every game of ``zhengfen serve`` in one SQLite file (Python's
``sqlite3``, write-ahead log), ``games.sqlite`` in the data folder (``--data``).

One row a game: its id, a revision counted up at each change, when it was opened and last
changed, whether it is over, how many moves people made in it, the table around the game as
JSON (:mod:`~zhengfen.web.tables` writes it) and the engine's record of the game (the saved
game of RULES.md §12.7, ``Game.to_json()``). A change is committed before the request that made
it is answered, and by default synced to the disk (:data:`SYNC`: ``full``, kept through a power
loss); ``normal`` leaves the sync to the operating system (kept through any crash of the
server, SIGKILL included, not through a crash of the machine), for disks whose syncs are slow.

The schema has a version (``PRAGMA user_version``) and the file an application id (``PRAGMA
application_id``, :data:`APPLICATION_ID`). :meth:`Database.open` migrates a file of an older
version (:data:`MIGRATIONS`, one step a version) and refuses, with an
:class:`~zhengfen.errors.InvalidStateError` in one line, a file of a newer version, one that is
not ours, and one that SQLite finds corrupt (``PRAGMA quick_check``): nothing is half-read. The
file is made readable and writable by its owner only (mode 0600).

Changes put at once by several requests are committed together (a group commit: one
transaction, one sync), so that the disk's syncs do not bound the moves a second. A write that
fails (disk full, read-only, locked past :attr:`Database.timeout`) raises
:class:`~zhengfen.web.problems.Unavailable` (503) with SQLite's reason; a write made from a
stale copy of a game (its revision moved on) raises :class:`~zhengfen.web.problems.Conflict`.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zhengfen.errors import InvalidStateError
from zhengfen.web.problems import Conflict, Problem, Unavailable

__all__ = ["APPLICATION_ID", "FILE", "MIGRATIONS", "VERSION", "Database", "Row"]

FILE = "games.sqlite"
"""The database's file name in the data folder."""

APPLICATION_ID = 0x5A484746
"""What ``PRAGMA application_id`` holds in a database of ours (``ZHGF``)."""

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE games (
            id TEXT PRIMARY KEY,
            revision INTEGER NOT NULL,
            updated REAL NOT NULL,
            finished INTEGER NOT NULL,
            table_json TEXT NOT NULL,
            record TEXT NOT NULL
        )""",
    ),
    (
        "ALTER TABLE games ADD COLUMN created REAL NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN people_moved INTEGER NOT NULL DEFAULT 0",
        """UPDATE games SET created = updated,
            people_moved = coalesce(json_extract(table_json, '$.people_moved'), 0)""",
        "CREATE INDEX games_by_time ON games (finished, updated)",
    ),
)
"""The statements that bring a database from each version to the next: version 1 kept the
game and its table; version 2 adds when a game was opened and how many moves people made in
it (the export's filters), filled in from the table of each game kept."""

SYNC = {"full": "FULL", "normal": "NORMAL"}
"""The choices of ``zhengfen serve --sync``, as SQLite's ``PRAGMA synchronous``."""

VERSION = len(MIGRATIONS)
"""The schema version this zhengfen writes."""

COLUMNS = "id, revision, created, updated, finished, people_moved, table_json, record"


@dataclass(frozen=True)
class Row:
    """A game as the database keeps it."""

    id: str
    revision: int
    created: float
    updated: float
    finished: bool
    people_moved: int
    table: dict[str, Any]
    record: str

    @classmethod
    def read(cls, found: tuple[Any, ...]) -> Row:
        """A row from the columns of :data:`COLUMNS`."""
        key, revision, created, updated, finished, moved, table, record = found
        return cls(
            key, revision, created, updated, bool(finished), moved, json.loads(table), record
        )


def _refuse(path: Path, reason: str) -> InvalidStateError:
    return InvalidStateError(f"the database {path}: {reason}")


def _private(path: Path) -> None:
    """Makes ``path`` (created if missing) readable and writable by its owner only."""
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
    os.chmod(path, 0o600)


class Database:
    """The games of one server, in one SQLite file; safe to use from several threads (one
    connection, one write at a time)."""

    def __init__(self, connection: sqlite3.Connection, path: Path, timeout: float) -> None:
        self.connection = connection
        self.path = path
        self.timeout = timeout
        self._lock = threading.Lock()  # one use of the connection at a time
        self._queue = threading.Lock()  # guards _pending
        self._pending: list[_Change] = []

    @classmethod
    def open(cls, path: Path, timeout: float = 5.0, sync: str = "full") -> Database:
        """The database at ``path`` (made if missing), migrated to :data:`VERSION`;
        :class:`InvalidStateError` (one line) for a file that is not ours, of a newer version,
        corrupt or unreadable."""
        try:
            _private(path)
            connection = sqlite3.connect(path, timeout=timeout, check_same_thread=False)
        except (OSError, sqlite3.Error) as error:
            raise _refuse(path, f"cannot be opened ({_reason(error)})") from error
        try:
            _prepare(connection, path)
            connection.execute(f"PRAGMA synchronous = {SYNC[sync]}")
        except sqlite3.Error as error:
            connection.close()
            raise _refuse(path, f"cannot be read ({_reason(error)})") from error
        except InvalidStateError:
            connection.close()
            raise
        return cls(connection, path, timeout)

    def close(self) -> None:
        with self._lock:
            self.connection.close()

    def _write(self, sql: str, values: tuple[Any, ...]) -> int:
        """Runs one write in its own transaction; the rows it changed."""
        with self._lock:
            try:
                with self.connection:
                    return self.connection.execute(sql, values).rowcount
            except sqlite3.Error as error:
                raise _unavailable(error) from error

    def put(self, row: Row) -> None:
        """Keeps ``row``: a new game at revision 1, else the game kept at the revision before
        (:class:`Conflict` if the kept one moved on). Rows put by several threads at once are
        committed together, in one transaction and one sync of the disk (a group commit):
        each thread returns once its row is on disk, or raises why it is not."""
        change = _Change(*_statement(row))
        with self._queue:
            self._pending.append(change)
        with self._lock:
            if not change.done:  # else a thread before this one committed it
                self._commit_pending()
        if change.error is not None:
            raise change.error

    def _commit_pending(self) -> None:
        """Commits every change asked for so far in one transaction; a change refused by its
        revision is left out (:class:`Conflict`), an error of the database refuses them all."""
        with self._queue:
            batch, self._pending = self._pending, []
        try:
            with self.connection:
                for change in batch:
                    changed = self.connection.execute(change.sql, change.values).rowcount
                    if not changed:
                        change.error = Conflict(
                            "the game moved on in another request: load its link again"
                        )
        except sqlite3.Error as error:
            for change in batch:
                change.error = _unavailable(error)
        for change in batch:
            change.done = True

    def get(self, key: str) -> Row | None:
        """The game kept as ``key``, if any."""
        found = self._read(f"SELECT {COLUMNS} FROM games WHERE id = ?", (key,))
        return Row.read(found[0]) if found else None

    def delete(self, key: str) -> None:
        """Forgets the game ``key`` (nothing if not kept)."""
        self._write("DELETE FROM games WHERE id = ?", (key,))

    def prune(self, before: float) -> int:
        """Forgets the unfinished games last changed before ``before``; how many."""
        return self._write("DELETE FROM games WHERE NOT finished AND updated < ?", (before,))

    def rows(self, start: float = 0.0, end: float = float("inf")) -> Iterator[Row]:
        """The games opened from ``start`` to before ``end`` (seconds since the epoch), oldest
        first."""
        sql = f"SELECT {COLUMNS} FROM games WHERE created >= ? AND created < ? ORDER BY created"
        for found in self._read(sql, (start, min(end, 1e300))):
            yield Row.read(found)

    def count(self) -> int:
        """How many games are kept."""
        counted: int = self._read("SELECT count(*) FROM games", ())[0][0]
        return counted

    def _read(self, sql: str, values: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                return self.connection.execute(sql, values).fetchall()
            except sqlite3.Error as error:
                raise Unavailable(
                    f"the server cannot read its games now ({_reason(error)})"
                ) from error


@dataclass
class _Change:
    """A row to keep: its statement, and once committed (``done``) why it was not, if not."""

    sql: str
    values: tuple[Any, ...]
    done: bool = False
    error: Problem | None = None


def _statement(row: Row) -> tuple[str, tuple[Any, ...]]:
    """The statement that keeps ``row``: an insert at revision 1, else an update of the
    revision before (it changes no row if the kept game moved on)."""
    values = (row.updated, int(row.finished), row.people_moved, json.dumps(row.table))
    if row.revision == 1:
        sql = f"INSERT INTO games ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        return sql, (row.id, row.revision, row.created, *values, row.record)
    sql = (
        "UPDATE games SET revision = ?, updated = ?, finished = ?, people_moved = ?, "
        "table_json = ?, record = ? WHERE id = ? AND revision = ?"
    )
    return sql, (row.revision, *values, row.record, row.id, row.revision - 1)


def _unavailable(error: sqlite3.Error) -> Unavailable:
    return Unavailable(
        f"the server cannot keep this change now ({_reason(error)}): "
        "nothing was played; try again later"
    )


def _reason(error: BaseException) -> str:
    return " ".join(str(getattr(error, "strerror", None) or error).split())


def _prepare(connection: sqlite3.Connection, path: Path) -> None:
    """Checks the file is ours and whole, migrates it, and turns on the write-ahead log."""
    application = connection.execute("PRAGMA application_id").fetchone()[0]
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    tables = connection.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0]
    if application != APPLICATION_ID and (application or version or tables):
        raise _refuse(path, "not a zhengfen database (another program's file?)")
    if version > VERSION:
        raise _refuse(
            path, f"of schema version {version}, newer than this zhengfen's ({VERSION}): upgrade"
        )
    checked = connection.execute("PRAGMA quick_check").fetchone()[0]
    if checked != "ok":
        raise _refuse(path, f"corrupt ({checked})")
    if connection.execute("PRAGMA journal_mode = WAL").fetchone()[0] != "wal":
        raise _refuse(path, "cannot use a write-ahead log there")
    migrate(connection, version)


def migrate(connection: sqlite3.Connection, version: int) -> None:
    """Brings a database of schema ``version`` to :data:`VERSION`, in one transaction."""
    if version == VERSION:
        return
    connection.execute("BEGIN IMMEDIATE")  # the schema changes too, or nothing
    try:
        for step in MIGRATIONS[version:]:
            for statement in step:
                connection.execute(statement)
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute(f"PRAGMA user_version = {VERSION}")
    except BaseException:
        connection.rollback()
        raise
    connection.commit()
