"""A file given to the page's Resume (``POST /api/games/load``) or Replay (``POST
/api/replays``), and to ``zhengfen play --load``: a bad file gets the same reason under both,
and an arena log given to Resume is sent to Replay rather than refused with a parse error."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

import zhengfen
from zhengfen.arena.log import one_game
from zhengfen.errors import InvalidStateError
from zhengfen.web.app import create_app

LOCAL = "http://127.0.0.1:8000"


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url=LOCAL) as test_client:
        yield test_client


def _arena_log(games: int) -> str:
    lines = []
    for deal in range(games):
        game = zhengfen.Game(zhengfen.Rules.zheng_fen(4), deal)
        lines.append(
            json.dumps(
                {"deal": deal, "rotation": 0, "seed": deal, "game": json.loads(game.to_json())}
            )
        )
    return "\n".join(lines) + "\n"


BAD_FILES = {
    "garbage": "not json{",
    "truncated": '{"format": "zhengfen-game", "version": 1, "rul',
    "an object": '{"x": 1}',
    "a list": "[1, 2]",
    "a corrupt game": '{"format": "zhengfen-game", "version": 1}',
    "blank": "   \n",
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_a_bad_file_gets_one_reason_under_resume_and_replay(client: TestClient, name: str) -> None:
    """Before, Resume read the file with the core ("not JSON: expected ident at line 1 column
    2") and Replay with Python ("line 1 is not JSON: Expecting value: ..."): one file, two
    reasons."""
    text = BAD_FILES[name]
    resumed = client.post("/api/games/load", json={"saved": text, "seat": 0})
    replayed = client.post("/api/replays", json={"text": text})
    assert resumed.status_code == replayed.status_code == 400
    assert resumed.json()["error"] == replayed.json()["error"]


@pytest.mark.parametrize("games", [1, 3])
def test_an_arena_log_given_to_resume_says_open_it_in_replay(
    client: TestClient, games: int
) -> None:
    """Before: "invalid saved game: no field 'format'" (one game) or a JSON parse error."""
    log = _arena_log(games)
    resumed = client.post("/api/games/load", json={"saved": log, "seat": 0})
    assert resumed.status_code == 400
    reason = resumed.json()["error"]
    assert reason.endswith("open it in Replay") and f"{games} game" in reason
    assert client.post("/api/replays", json={"text": log}).status_code == 201


def test_one_game_reads_a_saved_game_and_refuses_a_log() -> None:
    game = zhengfen.Game(zhengfen.Rules.zen_cheng_you(), 3)
    assert one_game(game.to_json()).to_json() == game.to_json()
    with pytest.raises(InvalidStateError, match=r"open it in zhengfen replay$"):
        one_game(_arena_log(2), "zhengfen replay")


def test_play_load_sends_an_arena_log_to_replay(tmp_path: Path) -> None:
    log = tmp_path / "arena.jsonl"
    log.write_text(_arena_log(2))
    command = [sys.executable, "-m", "zhengfen", "play", "--load", str(log)]
    run = subprocess.run(
        command, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL
    )
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and "open it in zhengfen replay" in run.stderr
