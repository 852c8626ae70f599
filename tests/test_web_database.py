"""The server's database (zhengfen.web.database, zhengfen.web.tables): every change of a game
is committed before it is answered, a server started again on the same file plays every game on
through the same links as if it had never stopped, a change the database cannot keep (disk
full, read-only, locked) is answered 503 and loses nothing, idle games are unloaded and come
back, a file of schema version 1 is migrated, and files that are not ours, newer or corrupt are
refused."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

import zhengfen
from web_tables import TABLE, outcome, play, seat_keys
from zhengfen.errors import InvalidStateError
from zhengfen.web.app import create_app
from zhengfen.web.database import APPLICATION_ID, FILE, MIGRATIONS, VERSION, Database
from zhengfen.web.limits import Limits
from zhengfen.web.requested import PERSON
from zhengfen.web.tables import table

ROOT = Path(__file__).resolve().parents[1]
LOCAL = "http://127.0.0.1:8000"
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "python")}
Json = dict[str, Any]


class Table:
    """A server on a database file, through a ``TestClient``; started again by :meth:`restart`
    (a new application on the same file: nothing carried over but the file)."""

    def __init__(self, path: Path | None, limits: Limits | None = None) -> None:
        self.path, self.limits = path, limits
        self.database: Database | None = None
        self.client = self._start()

    def _start(self) -> TestClient:
        self.database = None if self.path is None else Database.open(self.path)
        app = create_app(limits=self.limits or Limits(agent_seconds=0), database=self.database)
        return TestClient(app, base_url=LOCAL)

    def restart(self) -> None:
        self.client.close()
        if self.database is not None:
            self.database.close()
        self.client = self._start()

    def get(self, path: str) -> Json:
        answer = self.client.get("/" + path)
        assert answer.status_code == 200, answer.text
        body: Json = answer.json()
        return body

    def post(self, path: str, body: Json) -> Json:
        answer = self.client.post("/" + path, json=body)
        assert answer.status_code in (200, 201), answer.text
        found: Json = answer.json()
        return found

    def open(self, **request: Any) -> list[str]:
        return seat_keys(self.post("api/games", {**TABLE, **request}))


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / FILE


@pytest.fixture
def never_stopped() -> Json:
    """The table's game played to its end by a server that never stopped (memory only)."""
    server = Table(None)
    keys = server.open()
    play(server.get, server.post, keys)
    return outcome(server.get, keys[0])


def test_a_game_restarted_anywhere_ends_as_one_never_stopped(
    path: Path, never_stopped: Json
) -> None:
    """Stopped after every few requests (a new server on the same file each time), the game
    plays on through the same links to the very result of the game never stopped."""
    server = Table(path)
    keys = server.open()
    restarts = 0
    while not server.get(f"api/games/{keys[0]}")["game_over"]:
        play(server.get, server.post, keys, steps=7)
        server.restart()
        restarts += 1
    assert restarts > 5
    assert outcome(server.get, keys[0]) == never_stopped
    assert never_stopped["game_over"]


def test_what_a_person_was_answered_is_on_disk(path: Path) -> None:
    """After each answered move the file holds the game at the version the answer showed."""
    server = Table(path)
    keys = server.open()
    for _ in range(12):
        view = server.get(f"api/games/{keys[0]}")
        if view["your_turn"]:
            answered = server.post(f"api/games/{keys[0]}/move", {"index": 0})
        else:
            answered = server.post(f"api/games/{keys[0]}/advance", {})
        with sqlite3.connect(path) as reader:
            record = reader.execute("SELECT record FROM games").fetchone()[0]
        assert len(zhengfen.Game.from_json(record).decisions) == answered["version"]


def test_the_table_is_kept_and_no_token_in_the_clear(path: Path) -> None:
    server = Table(path)
    keys = server.open()
    play(server.get, server.post, keys, steps=10)
    server.post(f"api/games/{keys[1]}/name", {"name": "Ana"})
    game = server.client.app.state.server.games.get(keys[0].split(".")[0])  # type: ignore[attr-defined]
    kept = table(game)
    assert kept["specs"] == {"1": "greedy", "3": "search(determinizations=2,candidates=3)"}
    assert [p["name"] for p in kept["persons"]] == [None, "Ana"]
    assert len(kept["choosers"]) == len(game.game.decisions)
    assert PERSON in kept["choosers"] and "greedy" in kept["choosers"]
    server.restart()
    raw = b"".join(p.read_bytes() for p in path.parent.iterdir() if p.name.startswith(FILE))
    for key in keys:
        assert key.split(".")[1].encode() not in raw
    for part in path.parent.iterdir():
        assert stat.S_IMODE(part.stat().st_mode) == 0o600, part


def links(view: Json) -> list[str | None]:
    """The people's links a view shows."""
    return [row["link"] for row in view["seats"] if row["person"]]


def test_links_after_a_restart(path: Path) -> None:
    """The same links open the same seats; a link that opened nothing still opens nothing; the
    owner's view shows every person's link again, from the owner's first request on (the
    tokens sealed with the owner's), and nobody else's view does."""
    server = Table(path)
    keys = server.open()
    before = [server.get(f"api/games/{key}") for key in keys]
    server.restart()
    after = [server.get(f"api/games/{key}") for key in reversed(keys)][::-1]
    for old, new in zip(before, after, strict=True):
        for field in ("seat", "version", "hand", "moves"):
            assert new[field] == old[field]
    assert links(after[1]) == [None, None]
    server.restart()
    assert links(server.get(f"api/games/{keys[0]}")) == links(before[0])  # owner first
    game = keys[0].split(".")[0]
    assert server.client.get(f"/api/games/{game}.not-a-token").status_code == 403


def test_a_token_is_unsealed_by_the_owner_s_token_only() -> None:
    from zhengfen.web.people import People

    people = People.seated([0, 2, 3], owner=0)
    tokens = [people.token(s) for s in (0, 2, 3)]
    kept = People(
        {s: type(p)(s, p.digest) for s, p in people.persons.items()}, 0, sealed=people.seals()
    )
    assert kept.seat(str(tokens[1])) == 2 and kept.token(3) is None  # not the owner's
    assert kept.seat(str(tokens[0])) == 0 and kept.token(3) == tokens[2]
    assert all(str(t) not in "".join(people.seals().values()) for t in tokens)


class Refused(Exception):
    """A change answered 503: its route and body, and the game's events and database row
    just before it was asked for."""

    def __init__(self, path: str, body: Json, error: str, events: list[Json], kept: Any) -> None:
        super().__init__(error)
        self.path, self.body, self.error, self.events, self.kept = path, body, error, events, kept


def kept_row(server: Table) -> Any:
    assert server.database is not None
    return server.database.connection.execute("SELECT revision, record FROM games").fetchone()


def refused(server: Table, keys: list[str]) -> Refused:
    """Plays on until a change is answered 503."""

    def post(path: str, body: Json) -> Json:
        events = server.get(f"api/games/{keys[0]}?since=0")["events"]
        kept = kept_row(server)
        answer = server.client.post("/" + path, json=body)
        if answer.status_code == 503:
            raise Refused(path, body, answer.json()["error"], events, kept)
        assert answer.status_code == 200, answer.text
        found: Json = answer.json()
        return found

    with pytest.raises(Refused) as caught:
        play(server.get, post, keys)
    return caught.value


def fill(connection: sqlite3.Connection) -> None:
    """Fills the database file up to its size: no page left for a change that needs one (as
    on a full disk, SQLite's ``SQLITE_FULL``)."""
    connection.execute("CREATE TABLE filler (x BLOB)")
    connection.commit()
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    connection.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(sqlite3.OperationalError, match="full"):
        while True:
            connection.execute("INSERT INTO filler VALUES (zeroblob(500))")
            connection.commit()
    connection.rollback()


@pytest.mark.parametrize("fault", ["read-only", "disk full"])
def test_a_database_that_cannot_be_written_answers_503_and_loses_nothing(
    path: Path, fault: str
) -> None:
    """The change refused with the reason; the game in memory and on disk as before it; the
    same request works once the database does, and the game plays on to its end."""
    server = Table(path)
    keys = server.open()
    play(server.get, server.post, keys, steps=5)
    assert server.database is not None
    connection = server.database.connection
    if fault == "read-only":
        connection.execute("PRAGMA query_only = ON")
    else:
        fill(connection)
    caught = refused(server, keys)
    words = "readonly" if fault == "read-only" else "full"
    assert words in caught.error and "nothing was played" in caught.error
    assert server.get(f"api/games/{keys[0]}?since=0")["events"] == caught.events
    assert kept_row(server) == caught.kept
    if fault == "read-only":
        connection.execute("PRAGMA query_only = OFF")
    else:
        connection.execute("DROP TABLE filler")
        connection.commit()
        connection.execute("PRAGMA max_page_count = 1073741823")  # room again
    assert server.client.post("/" + caught.path, json=caught.body).status_code == 200
    assert kept_row(server)[0] == caught.kept[0] + 1
    play(server.get, server.post, keys)
    server.restart()
    assert server.get(f"api/games/{keys[0]}")["game_over"]


def test_a_locked_database_answers_503_after_its_timeout(path: Path) -> None:
    server = Table(path)
    keys = server.open()
    assert server.database is not None
    server.database.connection.execute("PRAGMA busy_timeout = 100")
    before = server.get(f"api/games/{keys[0]}")
    with sqlite3.connect(path, isolation_level=None) as other:
        other.execute("BEGIN EXCLUSIVE")
        answer = server.client.post(f"/api/games/{keys[0]}/advance", json={})
        other.execute("ROLLBACK")
    assert answer.status_code == 503 and "locked" in answer.json()["error"]
    assert server.get(f"api/games/{keys[0]}")["version"] == before["version"]
    assert server.client.post(f"/api/games/{keys[0]}/advance", json={}).status_code == 200


def test_max_games_bounds_memory_not_games_kept(path: Path) -> None:
    server = Table(path, Limits(max_games=2, agent_seconds=0))
    tables = [server.open(seed=seed) for seed in range(5)]  # 5 games, 2 in memory
    assert len(server.client.app.state.server.games) == 2  # type: ignore[attr-defined]
    for keys in tables:
        play(server.get, server.post, keys, steps=3)
    assert len(server.client.app.state.server.games) == 2  # type: ignore[attr-defined]
    assert server.database is not None and server.database.count() == 5


def test_idle_games_are_unloaded_and_come_back(path: Path) -> None:
    server = Table(path, Limits(idle_seconds=0.2, agent_seconds=0))
    keys = server.open()
    version = server.get(f"api/games/{keys[0]}")["version"]
    time.sleep(0.3)
    assert len(server.client.app.state.server.games) == 0  # type: ignore[attr-defined]
    assert server.get(f"api/games/{keys[1]}")["version"] == version


def test_unfinished_games_are_kept_for_keep_days_finished_ones_until_deleted(
    path: Path,
) -> None:
    server = Table(path, Limits(agent_seconds=0, keep_days=0.5 / 86400))
    short = {"options": {"target": 1}}
    finished = server.open(**short)
    play(server.get, server.post, finished)
    unfinished = server.open()
    time.sleep(0.6)
    server.restart()
    assert server.client.get(f"/api/games/{unfinished[0]}").status_code == 404
    assert server.get(f"api/games/{finished[0]}")["game_over"]
    assert server.client.delete(f"/api/games/{finished[0]}").status_code == 204
    server.restart()
    assert server.client.get(f"/api/games/{finished[0]}").status_code == 404


# --- the file --------------------------------------------------------------------------------


def version_1(path: Path, row: tuple[Any, ...]) -> None:
    """A database of schema version 1 holding ``row`` (its six columns)."""
    with sqlite3.connect(path) as old:
        for statement in MIGRATIONS[0]:
            old.execute(statement)
        old.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?)", row)
        old.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        old.execute("PRAGMA user_version = 1")


def test_a_database_of_version_1_is_migrated_and_its_games_play_on(
    path: Path, tmp_path: Path
) -> None:
    server = Table(path)
    keys = server.open()
    play(server.get, server.post, keys, steps=6)
    before = server.get(f"api/games/{keys[0]}?since=0")
    server.client.close()
    assert server.database is not None
    found = server.database.connection.execute(
        "SELECT id, revision, updated, finished, table_json, record FROM games"
    ).fetchone()
    server.database.close()
    old = tmp_path / "old" / FILE
    old.parent.mkdir()
    version_1(old, found)
    opened = Table(old)
    assert opened.database is not None
    assert opened.database.connection.execute("PRAGMA user_version").fetchone()[0] == VERSION
    created, moved = opened.database.connection.execute(
        "SELECT created, people_moved FROM games"
    ).fetchone()
    assert created == found[2]
    assert moved == json.loads(found[4])["people_moved"] > 0
    assert opened.get(f"api/games/{keys[0]}?since=0")["events"] == before["events"]
    play(opened.get, opened.post, keys, steps=3)


@pytest.mark.parametrize(
    ("make", "words"),
    [
        ("newer", "newer than this zhengfen's"),
        ("foreign", "not a zhengfen database"),
        ("garbage", "cannot be read"),
    ],
)
def test_a_file_that_is_not_ours_newer_or_corrupt_is_refused(
    path: Path, make: str, words: str
) -> None:
    if make == "newer":
        Database.open(path).close()
        with sqlite3.connect(path) as newer:
            newer.execute(f"PRAGMA user_version = {VERSION + 1}")
    elif make == "foreign":
        with sqlite3.connect(path) as foreign:
            foreign.execute("CREATE TABLE notes (text TEXT)")
    else:
        path.write_bytes(b"not a database at all " * 300)
    before = path.read_bytes()
    with pytest.raises(InvalidStateError, match=words):
        Database.open(path)
    assert path.read_bytes() == before
    done = subprocess.run(
        [sys.executable, "-m", "zhengfen", "serve", "--port", "0", "--data", str(path.parent)],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.splitlines()) == 1 and words in done.stderr
    assert "Traceback" not in done.stderr


def test_a_data_folder_that_cannot_be_made_is_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    done = subprocess.run(
        [sys.executable, "-m", "zhengfen", "serve", "--port", "0", "--data", str(blocker / "x")],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=60,
    )
    assert done.returncode == 2 and "cannot make the folder" in done.stderr
    assert len(done.stderr.splitlines()) == 1


def test_the_data_folder_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from zhengfen.web.folder import data_folder

    monkeypatch.delenv("ZHENGFEN_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert data_folder(None) == tmp_path / "zhengfen"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert data_folder(None) == Path.home() / ".local" / "share" / "zhengfen"
    monkeypatch.setenv("ZHENGFEN_DATA", str(tmp_path / "d"))
    assert data_folder(None) == tmp_path / "d"
    assert data_folder(tmp_path / "given") == tmp_path / "given"


# --- group commit --------------------------------------------------------------------------


def test_rows_put_at_once_are_all_kept_each_at_its_last_revision(path: Path) -> None:
    """Eight threads put 25 revisions of a game each, at once (committed in batches)."""
    database = Database.open(path)
    server = Table(None)
    keys = server.open()
    game = server.client.app.state.server.games.get(keys[0].split(".")[0])  # type: ignore[attr-defined]
    from zhengfen.web.tables import row

    def put_all(number: int) -> None:
        copy = game.checkpoint()
        copy.key, copy.revision = f"g{number}", 0
        for _ in range(25):
            database.put(row(copy, time.time()))
            copy.revision += 1

    threads = [threading.Thread(target=put_all, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    kept = dict(database.connection.execute("SELECT id, revision FROM games").fetchall())
    assert kept == {f"g{n}": 25 for n in range(8)}


def test_a_stale_row_in_a_batch_is_refused_alone(path: Path) -> None:
    from zhengfen.web.database import _Change, _statement
    from zhengfen.web.tables import row

    database = Database.open(path)
    server = Table(None)
    keys = server.open()
    game = server.client.app.state.server.games.get(keys[0].split(".")[0])  # type: ignore[attr-defined]
    database.put(row(game, 1.0))  # revision 1
    game.revision = 1
    fresh, stale = row(game, 2.0), row(game, 3.0)  # both revision 2
    other = game.checkpoint()
    other.key, other.revision = "another", 0
    new = row(other, 4.0)
    changes = [_Change(*_statement(r)) for r in (fresh, stale, new)]
    database._pending.extend(changes)
    database._commit_pending()
    assert [c.done for c in changes] == [True, True, True]
    assert [type(c.error).__name__ for c in changes] == ["NoneType", "Conflict", "NoneType"]
    assert database.count() == 2
    assert database.get(fresh.id) is not None and database.get(fresh.id).updated == 2.0  # type: ignore[union-attr]


@pytest.mark.parametrize(("sync", "level"), [("full", 2), ("normal", 1)])
def test_sync(path: Path, sync: str, level: int) -> None:
    database = Database.open(path, sync=sync)
    assert database.connection.execute("PRAGMA synchronous").fetchone()[0] == level
    assert database.connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_file_damaged_inside_is_refused_not_half_read(path: Path) -> None:
    """A database of ours whose pages were overwritten (a disk's fault): SQLite's check finds
    it, and the server refuses it at start rather than serve what it can read."""
    server = Table(path)
    for seed in range(12):
        server.open(seed=seed)
    server.client.close()
    assert server.database is not None
    server.database.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    server.database.close()
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 4 * page
    data[2 * page + 100 : 3 * page] = b"\xff" * (page - 100)  # a table page, past its header
    path.write_bytes(bytes(data))
    with pytest.raises(InvalidStateError, match=r"corrupt|cannot be read"):
        Database.open(path)


def test_with_the_database_replays_keep_games_over_or_closed_not_unloaded(
    path: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "replays"
    folder.mkdir()
    limits = Limits(agent_seconds=0, idle_seconds=0.2)
    app = create_app(folder, limits, database=Database.open(path))
    with TestClient(app, base_url=LOCAL) as client:
        key = client.post("/api/games", json={**TABLE, "opponents": "greedy"}).json()["id"]
        while not client.get(f"/api/games/{key}").json()["your_turn"]:
            client.post(f"/api/games/{key}/advance", json={})
        assert client.post(f"/api/games/{key}/move", json={"index": 0}).status_code == 200
        time.sleep(0.3)
        assert len(app.state.server.games) == 0  # unloaded
        assert list(folder.iterdir()) == []  # and not written: it can be played on
        assert client.delete(f"/api/games/{key}").status_code == 204
        [kept] = folder.iterdir()
        assert json.loads(kept.read_text())["end"] == "removed"
