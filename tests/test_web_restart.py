"""Issue 32's test of done: ``zhengfen serve`` killed with SIGKILL in the middle of a game of two
people and two agents (while a request is being answered), started again on the same data
folder, and the game finished through the same links, comes to the very result of the game
played by a server never stopped."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

from web_tables import TABLE, Json, outcome, play, seat_keys, step
from zhengfen.web.app import create_app
from zhengfen.web.limits import Limits

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "python")}
DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class Http:
    """A client of a server at ``address``."""

    def __init__(self, address: str) -> None:
        self.address = address

    def get(self, path: str) -> Json:
        with DIRECT.open(self.address + path, timeout=60) as answer:
            found: Json = json.load(answer)
            return found

    def post(self, path: str, body: Json) -> Json:
        request = urllib.request.Request(
            self.address + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        with DIRECT.open(request, timeout=60) as answer:
            found: Json = json.load(answer)
            return found


@contextmanager
def serving(data: Path) -> Iterator[tuple[subprocess.Popen[str], Http]]:
    server = subprocess.Popen(
        [sys.executable, "-m", "zhengfen", "serve", "--port", "0", "--data", str(data)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        found = re.fullmatch(r"zhengfen: serving the game at (http://\S+/)\n", line)
        assert found, line + (server.stderr.read() if server.stderr else "")
        yield server, Http(found.group(1))
    finally:
        if server.poll() is None:
            server.kill()
        server.wait(timeout=30)
        if server.stdout is not None:
            server.stdout.close()
        if server.stderr is not None:
            server.stderr.close()


def never_stopped() -> Json:
    with TestClient(create_app(limits=Limits(agent_seconds=0)), base_url="http://127.0.0.1") as c:

        def get(path: str) -> Json:
            found: Json = c.get("/" + path).json()
            return found

        def post(path: str, body: Json) -> Json:
            answer = c.post("/" + path, json=body)
            assert answer.status_code in (200, 201), answer.text
            found: Json = answer.json()
            return found

        keys = seat_keys(post("api/games", TABLE))
        play(get, post, keys)
        return outcome(get, keys[0])


def kill_mid_request(server: subprocess.Popen[str], http: Http, keys: list[str]) -> None:
    """Asks for the next change and kills the server with SIGKILL while it answers (or just
    before, or just after: the moment is the scheduler's)."""
    started = threading.Event()

    def ask() -> None:
        started.set()
        with contextlib.suppress(urllib.error.URLError, ConnectionError, OSError):
            step(http.get, http.post, keys)  # the server is killed under it

    asker = threading.Thread(target=ask)
    asker.start()
    started.wait()
    threading.Event().wait(0.02)
    server.send_signal(signal.SIGKILL)
    server.wait(timeout=30)
    asker.join(timeout=60)


def test_a_game_killed_mid_play_and_restarted_ends_as_one_never_stopped(
    tmp_path: Path,
) -> None:
    expected = never_stopped()
    data = tmp_path / "data"
    with serving(data) as (server, http):
        keys = seat_keys(http.post("api/games", TABLE))
        play(http.get, http.post, keys, steps=15)
        kill_mid_request(server, http, keys)
    assert server.returncode == -signal.SIGKILL
    for steps in (9, 23):  # killed twice more, later in the game
        with serving(data) as (server, http):
            play(http.get, http.post, keys, steps=steps)
            kill_mid_request(server, http, keys)
    with serving(data) as (server, http):
        for key in keys:  # the same links open the same seats
            assert http.get(f"api/games/{key}")["seat"] in (0, 2)
        play(http.get, http.post, keys)
        assert outcome(http.get, keys[0]) == expected
        scores = [row["score"] for row in outcome(http.get, keys[1])["scores"]]
        assert scores == [row["score"] for row in expected["scores"]]
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
    with serving(data) as (server, http):  # stopped by SIGTERM: the finished game is kept
        assert outcome(http.get, keys[0]) == expected
    assert expected["game_over"]
