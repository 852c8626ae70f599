"""Where a league's games are kept: a SQLite file (stdlib ``sqlite3``), by default
``league.sqlite`` in the data folder of ``zhengfen serve`` (:func:`default_path`).

A league is named (``leagues``: its rules, seed and match count, fixed once it is made); its
games (``games``) are rows keyed by the league, the pair's canonical labels (in sorted order),
the deal and the rotation, each the arena's result line (:meth:`zhengfen.arena.GameResult.to_json`
without the saved game). A chunk of deals is written in one transaction as it finishes, so a
league stopped at any moment keeps whole deals, and a pair's stored deals are always a prefix
``0 .. k - 1`` (the arena hands chunks on in deal order). Games are read under the labels they
count as now (:mod:`zhengfen.league.labels`): a built-in agent whose canonical spec has changed
since keeps its games, and the rows are never rewritten."""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path

import zhengfen
from zhengfen.arena.tournament import GameResult
from zhengfen.errors import ArgumentError, InvalidStateError
from zhengfen.league.labels import current_label, current_pair
from zhengfen.web.folder import data_folder

__all__ = ["FILE", "VERSION", "Store", "default_path"]

FILE = "league.sqlite"
"""The database's file name in the data folder."""

VERSION = 1
"""The schema's version (``PRAGMA user_version``)."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS leagues (
    name TEXT PRIMARY KEY, rules TEXT NOT NULL, seed TEXT NOT NULL, matches INTEGER
);
CREATE TABLE IF NOT EXISTS games (
    league TEXT NOT NULL, first TEXT NOT NULL, second TEXT NOT NULL,
    deal INTEGER NOT NULL, rotation INTEGER NOT NULL, result TEXT NOT NULL,
    PRIMARY KEY (league, first, second, deal, rotation)
);
"""


def default_path() -> Path:
    """``league.sqlite`` in the data folder of ``zhengfen serve``
    (:func:`zhengfen.web.folder.data_folder`: ``$ZHENGFEN_DATA``, else
    ``$XDG_DATA_HOME/zhengfen``, else ``~/.local/share/zhengfen``), the folder made if missing
    (readable by its owner only)."""
    folder = data_folder(None)
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as error:
        raise ArgumentError(f"--db: cannot make the folder {folder} ({error.strerror})") from error
    return folder / FILE


class Store:
    """An open league database."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self.connection = connection
        self.path = path

    @classmethod
    def open(cls, path: Path | str, write: bool = True) -> Store:
        """The database at ``path``, made if missing (``write``): refused on one line, before
        any game, when it cannot be written (``ArgumentError``) or is not a league database
        (``InvalidStateError``). With ``write`` false it is only read (and must exist)."""
        path = Path(path)
        if path.is_dir():
            raise ArgumentError(f"--db {path}: is a folder, not a file")
        if not write and not path.is_file():
            raise ArgumentError(f"--db {path}: no such league database")
        try:
            connection = sqlite3.connect(path if write else f"file:{path}?mode=ro", uri=not write)
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, VERSION):
                raise InvalidStateError(f"--db {path}: schema version {version}, not {VERSION}")
            if write:
                with connection:
                    connection.executescript(SCHEMA)
                    connection.execute(f"PRAGMA user_version = {VERSION}")
            connection.execute("SELECT name, rules, seed, matches FROM leagues LIMIT 1")
        except sqlite3.DatabaseError as error:
            raise _refused(path, error) from error
        return cls(connection, path)

    def close(self) -> None:
        """Closes the connection."""
        self.connection.close()

    def register(self, name: str, rules: zhengfen.Rules, seed: int, matches: int | None) -> None:
        """Makes league ``name``, or checks that the one kept under that name has these rules,
        seed and match count (``ArgumentError`` naming both otherwise)."""
        wanted = (repr(rules), str(seed), matches)
        row = self.connection.execute(
            "SELECT rules, seed, matches FROM leagues WHERE name = ?", (name,)
        ).fetchone()
        if row is None:
            with self.connection:
                self.connection.execute("INSERT INTO leagues VALUES (?, ?, ?, ?)", (name, *wanted))
        elif tuple(row) != wanted:
            raise ArgumentError(
                f"--db {self.path}: the league {name!r} there holds {_setting(*row)}, not "
                f"{_setting(*wanted)}: give another --name or --db"
            )

    def setting(self, name: str) -> tuple[str, int, int | None]:
        """League ``name``'s rules (as their ``repr``), seed and match count."""
        row = self.connection.execute(
            "SELECT rules, seed, matches FROM leagues WHERE name = ?", (name,)
        ).fetchone()
        if row is None:
            raise ArgumentError(f"--db {self.path}: no league named {name!r}")
        return row[0], int(row[1]), row[2]

    def names(self) -> list[str]:
        """The names of the leagues kept here, in order (the web table's league page)."""
        rows = self.connection.execute("SELECT name FROM leagues ORDER BY name")
        return [str(row[0]) for row in rows]

    def played_deals(self, name: str) -> dict[tuple[str, str], set[int]]:
        """The deals stored for each pair of league ``name``, by the pair its labels count as
        now (:func:`~zhengfen.league.labels.current_pair`, in sorted order): a pair stored under
        an old and a new label holds the deals of both. One query, whatever the number of
        pairs (:meth:`zhengfen.league.League.pending` looks every pair up in it)."""
        rows = self.connection.execute(
            "SELECT DISTINCT first, second, deal FROM games WHERE league = ?", (name,)
        )
        out: dict[tuple[str, str], set[int]] = {}
        pair_of = functools.cache(current_pair)  # each stored pair read once a call
        for first, second, deal in rows:
            pair = pair_of(first, second)
            if pair is not None:  # an old and a new label of one agent: no pair
                out.setdefault(pair, set()).add(deal)
        return out

    def add(self, name: str, first: str, second: str, games: Sequence[GameResult]) -> None:
        """Stores a finished chunk's games, in one transaction."""
        rows = [
            (name, first, second, game.deal, game.rotation, game.to_json(keep_game=False))
            for game in games
        ]
        with self.connection:
            self.connection.executemany(
                "INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?, ?)", rows
            )

    def games(self, name: str) -> dict[tuple[str, str], list[GameResult]]:
        """Every stored game of league ``name``, by pair, each pair's in deal-then-rotation
        order, under the labels they count as now (:mod:`zhengfen.league.labels`, the seating
        too): a pair stored under an old and a new label is one pair, and where both hold a
        deal and rotation, the game stored under the current labels is the one kept."""
        rows = self.connection.execute(
            "SELECT first, second, deal, rotation, result FROM games WHERE league = ?", (name,)
        )
        kept: dict[tuple[str, str], dict[tuple[int, int], str]] = {}
        pair_of, label = functools.cache(current_pair), functools.cache(current_label)
        for first, second, deal, rotation, result in rows:  # each label read once a call
            pair = pair_of(first, second)
            if pair is None:  # an old and a new label of one agent: no pair
                continue
            games = kept.setdefault(pair, {})
            if pair == (first, second) or (deal, rotation) not in games:
                games[deal, rotation] = result
        return {
            pair: [_relabelled(kept[pair][key], label) for key in sorted(kept[pair])]
            for pair in sorted(kept)
        }


def _relabelled(result: str, current: Callable[[str], str]) -> GameResult:
    """A stored result line as a game, its seating under the labels it counts as now
    (``current``: :func:`~zhengfen.league.labels.current_label`)."""
    game = GameResult.from_json(result)
    game.seating = [current(label) for label in game.seating]
    return game


def _setting(rules: str, seed: object, matches: int | None) -> str:
    length = "whole games" if matches is None else f"{matches} match(es) a game"
    return f"{rules}, seed {seed}, {length}"


def _refused(path: Path, error: sqlite3.DatabaseError) -> ValueError:
    """Why ``path`` cannot serve as a league database, as one line."""
    message = str(error)
    if isinstance(error, sqlite3.OperationalError) and "no such table" not in message:
        return ArgumentError(f"--db {path}: cannot write it ({message})")
    return InvalidStateError(f"--db {path}: not a league database ({message})")
