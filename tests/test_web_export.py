"""``zhengfen export`` (zhengfen.web.export): the games a server kept, as an arena log that
``zhengfen replay`` and ``zhengfen.arena.log.Log`` read, and as per-decision arrays that
hold, for every decision, the engine's own tensors of the seat that made it (checked against
``Game.rewound(k)``, another path to the same position), the move made, who made it, the hint
asked for, and the match result; with its filters."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

import zhengfen
from web_tables import TABLE, play, seat_keys
from zhengfen.arena.log import Log
from zhengfen.web.app import create_app
from zhengfen.web.database import FILE, Database
from zhengfen.web.export import ARRAYS, HISTORY_ROWS, arrays
from zhengfen.web.limits import Limits

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "python")}
Json = dict[str, Any]


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder of three games: one of two people and agents played to its end (a hint
    asked for on the way), one a person left after a few moves, one of agents but for its
    opener, who never moved."""
    folder = tmp_path_factory.mktemp("data")
    database = Database.open(folder / FILE)
    with TestClient(
        create_app(limits=Limits(agent_seconds=0), database=database),
        base_url="http://127.0.0.1:8000",
    ) as client:

        def get(path: str) -> Json:
            found: Json = client.get("/" + path).json()
            return found

        def post(path: str, body: Json) -> Json:
            answer = client.post("/" + path, json=body)
            assert answer.status_code in (200, 201), answer.text
            found: Json = answer.json()
            return found

        keys = seat_keys(post("api/games", TABLE))
        play(get, post, keys, steps=4)
        for key in keys:
            if get(f"api/games/{key}")["your_turn"]:
                post(f"api/games/{key}/hint", {"agent": "greedy", "playouts": 2})
        play(get, post, keys)
        left = seat_keys(post("api/games", {**TABLE, "seed": 5}))
        play(get, post, left, steps=6)
        post("api/games", {"game": "zheng_fen", "seat": 1, "opponents": "random"})
    database.close()
    return folder


def rows(data: Path) -> list[Any]:
    database = Database.open(data / FILE)
    try:
        return list(database.rows())
    finally:
        database.close()


def test_the_arrays_are_the_engine_s_tensors_for_the_same_decisions(data: Path) -> None:
    kept = rows(data)
    found = arrays(kept)
    assert set(found) == set(ARRAYS)
    records = {row.id: zhengfen.Game.from_json(row.record) for row in kept}
    decisions = sum(1 for record in records.values() for d in record.decisions if d != "next_match")
    assert len(found["chosen"]) == decisions > 100
    choosers = list(found["choosers"])
    for i in range(len(found["chosen"])):
        record = records[str(found["game_ids"][found["game"][i]])]
        k = int(found["decision"][i])
        at = record.rewound(k)
        seat = at.current_player
        assert seat is not None and seat == found["seat"][i]
        assert np.array_equal(at.observation_tensor(seat), found["observation"][i])
        assert np.array_equal(at.score_tensor(seat), found["scores"][i])
        assert np.array_equal(at.history_tensor(seat, HISTORY_ROWS), found["history"][i])
        moves = found["moves"][found["moves_start"][i] : found["moves_start"][i + 1]]
        assert np.array_equal(at.legal_move_features(), moves)
        assert str(at.legal_moves()[found["chosen"][i]]) == record.decisions[k]
        assert at.match_number == found["match"][i]
    assert choosers[0] == "person" and "greedy" in choosers
    assert "search(determinizations=2,candidates=3)" in choosers
    people = found["chooser"] == 0
    assert 0 < people.sum() < len(people)
    assert (found["hint"] >= 0).sum() >= 1
    assert all(choosers[h] == "greedy" for h in found["hint"][found["hint"] >= 0])
    assert (found["hint"][~people] == -1).all()  # hints are asked for by people


def test_the_match_result_is_the_mover_s_match_points(data: Path) -> None:
    kept = rows(data)
    found = arrays(kept)
    for i in np.flatnonzero(found["result_known"])[::7]:
        record = zhengfen.Game.from_json(kept[found["game"][i]].record)
        k = int(found["decision"][i])
        ends = [j for j, d in enumerate(record.decisions) if d == "next_match" and j > k]
        over = record.rewound(ends[0]) if ends else record
        assert over.match_over
        assert found["result"][i] == over.match_points[found["seat"][i]]
    assert found["result_known"].any() and not found["result_known"].all()


def test_people_only(data: Path) -> None:
    found = arrays(rows(data), people_only=True)
    assert len(found["chosen"]) > 0 and (found["chooser"] == 0).all()
    assert len(found["moves_start"]) == len(found["chosen"]) + 1


def export(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "zhengfen", "export", "--data", str(data), *args],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=120,
    )


def test_the_command_writes_a_log_replay_reads_and_arrays_numpy_loads(
    data: Path, tmp_path: Path
) -> None:
    log, npz = tmp_path / "games.jsonl", tmp_path / "decisions.npz"
    done = export(data, "--log", str(log), "--arrays", str(npz))
    assert done.returncode == 0, done.stderr
    assert "3 games" in done.stdout
    games = Log(log.read_text())
    assert len(games) == 3
    assert [len(saved.game.decisions) for saved in games] == [
        len(zhengfen.Game.from_json(row.record).decisions) for row in rows(data)
    ]
    first = json.loads(log.read_text().splitlines()[0])
    assert first["agents"] == [
        "person",
        "greedy",
        "person",
        "search(determinizations=2,candidates=3)",
    ]
    assert first["end"] == "over" and first["hints"]
    with np.load(npz, allow_pickle=False) as loaded:
        assert set(loaded.files) == set(ARRAYS)
        assert loaded["observation"].shape[1:] == (zhengfen.OBSERVATION_SIZE,)
    replayed = subprocess.run(
        [sys.executable, "-m", "zhengfen", "replay", str(log), "--list"],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=60,
    )
    assert replayed.returncode == 0 and len(replayed.stdout.splitlines()) == 3


def test_the_filters(data: Path, tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    kept = rows(data)
    assert export(data, "--log", str(log), "--people-only").returncode == 0
    assert len(log.read_text().splitlines()) == 2  # the opener who never moved is left out
    assert export(data, "--log", str(log), "--game", kept[1].id).returncode == 0
    assert [json.loads(line)["game_id"] for line in log.read_text().splitlines()] == [kept[1].id]
    assert export(data, "--log", str(log), "--since", "2100-01-01").returncode == 0
    assert log.read_text() == ""
    assert export(data, "--log", str(log), "--until", "2100-01-01").returncode == 0
    assert len(log.read_text().splitlines()) == 3


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ([], "say what to write"),
        (["--log", "/nonexistent/x.jsonl"], "cannot write"),
        (["--log", "x", "--since", "yesterday"], "not a day"),
    ],
)
def test_the_command_refuses_in_one_line(data: Path, args: list[str], words: str) -> None:
    done = export(data, *args)
    assert done.returncode == 2 and words in done.stderr
    assert "Traceback" not in done.stderr


def test_no_database_is_refused(tmp_path: Path) -> None:
    done = export(tmp_path, "--log", str(tmp_path / "x"))
    assert done.returncode == 2 and "no database" in done.stderr


def test_the_example_of_ai_md_loads_an_export(data: Path, tmp_path: Path) -> None:
    text = (ROOT / "AI.md").read_text(encoding="utf-8")
    block = text.split("<!-- export example: tests/test_web_export.py runs this block -->")[1]
    code = block.split("```python\n")[1].split("```")[0]
    assert export(data, "--arrays", str(tmp_path / "decisions.npz")).returncode == 0
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "decisions of people; decision" in done.stdout


def test_zen_cheng_you_decisions_blind_and_declare_included() -> None:
    """A Zen Cheng You game of agents (its blind and declare decisions are choices too), kept
    as a row directly: every decision but next_match is a row, each the engine's tensors."""
    from zhengfen.agents import RandomAgent, play_seats
    from zhengfen.web.database import Row

    game = zhengfen.Game(zhengfen.Rules.zen_cheng_you(), 3)
    play_seats(game, [RandomAgent(seat) for seat in range(4)], matches=2)
    choosers = ["random"] * len(game.decisions)
    table = {"choosers": choosers, "hints": []}
    found = arrays([Row("g1", 1, 0.0, 0.0, False, 0, table, game.to_json())])
    kept = [k for k, d in enumerate(game.decisions) if d != "next_match"]
    assert list(found["decision"]) == kept
    made = [game.decisions[k] for k in kept]
    assert {"blind", "pass"} & set(made)
    for i in range(0, len(kept), 5):
        at = game.rewound(kept[i])
        seat = at.current_player
        assert seat is not None
        assert np.array_equal(at.observation_tensor(seat), found["observation"][i])
        assert str(at.legal_moves()[found["chosen"][i]]) == made[i]
    assert list(found["choosers"]) == ["person", "random"] and (found["chooser"] == 1).all()
    assert found["result_known"].all()  # both matches over
    end = game.rewound(game.decisions.index("next_match"))  # the first match, over
    for first in np.flatnonzero(found["match"] == 0):
        assert found["result"][first] == end.match_points[end.side(int(found["seat"][first]))]
