"""A game with a bot, kept in the server's database (BOTS.md §7), outlives the bot's listing
and the server: started again with a ``--bots`` file that no longer lists the bot (or with
none), the server opens the game, plays it on with ``greedy`` in the bot's seats (no process is
started) and exports it for Replay; and the faults counted against a bot are kept with the
game, shown after a restart and counted on from there."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

from test_web_api import LOCAL, new_game, play_match
from test_web_bots import lines, listing, offering, spec
from zhengfen.web.app import create_app
from zhengfen.web.database import FILE, Database
from zhengfen.web.limits import Limits
from zhengfen.web.models import Models

Json = dict[str, Any]


def server(path: Path, models: Models) -> Any:
    database = Database.open(path, Limits.store_seconds, "normal")
    return create_app(models=models, database=database)


@pytest.mark.parametrize("listed_now", ["another bot", "no bots"])
def test_a_kept_game_whose_bot_is_no_longer_listed_opens_plays_on_and_replays(
    tmp_path: Path, listed_now: str
) -> None:
    record = tmp_path / "lines.jsonl"
    listed = listing(tmp_path / "bots.json", recorder=spec("recorder.py", str(record)))
    path = tmp_path / FILE
    with TestClient(server(path, offering(listed)), base_url=LOCAL) as client:
        opened = new_game(client, seed=5, options={"target": 1}, opponents=["recorder"])
        key = opened["id"]
        assert client.post(f"/api/games/{key}/move", json={"index": 0}).status_code == 200
    told = len(lines(record))
    other = listing(tmp_path / "other.json", other=spec("last.py"))
    models = offering(other) if listed_now == "another bot" else Models()
    with TestClient(server(path, models), base_url=LOCAL) as client:
        view = client.get(f"/api/games/{key}")
        assert view.status_code == 200, view.text
        assert [s["agent"] for s in view.json()["seats"]][1:] == ["recorder"] * 3
        end = play_match(client, {"id": key, "view": view.json()})
        assert end["match_over"]
    assert len(lines(record)) == told  # the unlisted bot was not started
    exported = tmp_path / "games.jsonl"
    command = [sys.executable, "-m", "zhengfen", "export", "--data", str(tmp_path)]
    subprocess.run([*command, "--log", str(exported)], check=True, timeout=120)
    with TestClient(create_app(), base_url=LOCAL) as client:
        text = exported.read_text(encoding="utf-8")
        opened_log = client.post("/api/replays", json={"text": text})
        assert opened_log.status_code == 201, opened_log.text
        assert len(opened_log.json()["games"]) == 1
        frames = client.get(f"/api/replays/{opened_log.json()['id']}/0")
        assert frames.status_code == 200 and '"recorder"' in text


def test_a_bots_faults_are_kept_with_the_game_and_counted_on_after_a_restart(
    tmp_path: Path,
) -> None:
    listed = listing(tmp_path / "bots.json", illegal=spec("illegal_index.py"))
    path = tmp_path / FILE
    with TestClient(server(path, offering(listed)), base_url=LOCAL) as client:
        opened = new_game(client, seed=3, options={"target": 1}, opponents=["illegal", "greedy"])
        key = opened["id"]
        view = opened["view"]
        for _ in range(3):
            view = client.post(f"/api/games/{key}/move", json={"index": 0}).json()
        before = [s["faults"] for s in view["seats"]]
    assert before[1] > 0 and before[3] > 0 and before[0] is None and before[2] is None
    with TestClient(server(path, offering(listed)), base_url=LOCAL) as client:
        shown = client.get(f"/api/games/{key}").json()
        assert [s["faults"] for s in shown["seats"]] == before
        end = play_match(client, {"id": key, "view": shown})
    after = [s["faults"] for s in end["seats"]]
    assert after[1] > before[1] and after[3] > before[3]
