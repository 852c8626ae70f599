"""Bots at the web table (``zhengfen serve --bots FILE``, BOTS.md §7): the file read and checked,
the bots listed by name (never their command line) for the rules their ``hello`` claims, chosen
for seats and played against to the end of a match, refused where unknown, in hints and in
tournaments; a bot that fails to greet stops the server's start (one line, exit status 2); a
game with a bot kept in the database and played on after a restart, the bot's fresh process
told ``restarted``; its process told the game is over and ended; its faults shown in the
view; games with bots exported as any other."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

from test_web_api import LOCAL, error, new_game, play_match
from zhengfen.errors import ArgumentError
from zhengfen.web import bots
from zhengfen.web.app import create_app
from zhengfen.web.command import offer_bots
from zhengfen.web.database import FILE, Database
from zhengfen.web.limits import Limits
from zhengfen.web.models import Models

ROOT = Path(__file__).resolve().parents[1]
BOTS = ROOT / "tests" / "bots"
Json = dict[str, Any]


def spec(script: str, *args: str) -> str:
    """The spec of a test bot run by this interpreter."""
    words = " ".join([sys.executable, str(BOTS / script), *args])
    return f'process(cmd="{words}")'


def listing(path: Path, **named: str) -> Path:
    """A ``--bots`` file (JSON) listing ``named`` bots (name: spec)."""
    entries = [{"name": name, "spec": text} for name, text in named.items()]
    path.write_text(json.dumps({"bots": entries}), encoding="utf-8")
    return path


def offering(path: Path) -> Models:
    return offer_bots(Models(), path)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    record = tmp_path / "lines.jsonl"
    listed = listing(
        tmp_path / "bots.json",
        last=spec("last.py"),
        recorder=spec("recorder.py", str(record)),
        illegal=spec("illegal_index.py"),
    )
    with TestClient(create_app(models=offering(listed)), base_url=LOCAL) as test_client:
        yield test_client


def lines(path: Path) -> list[Json]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


# --- the file ------------------------------------------------------------------------------


def test_the_file_is_read_as_toml_or_json_and_its_limits_replace_the_specs(tmp_path: Path) -> None:
    toml = tmp_path / "bots.toml"
    toml.write_text(
        "[[bots]]\nname = 'a'\nspec = 'process(cmd=\"./a\", time=70)'\n"
        "[[bots]]\nname = 'b-2'\nspec = 'process(cmd=\"./b\")'\ntime = 50\nbudget = 900\n",
        encoding="utf-8",
    )
    read = bots.read_bots(toml)
    assert list(read) == ["a", "b-2"]
    assert (read["a"].time_ms, read["b-2"].time_ms, read["b-2"].budget_ms) == (70, 50, 900)
    as_json = listing(tmp_path / "bots.json", a='process(cmd="./a", time=70)')
    assert bots.read_bots(as_json)["a"] == read["a"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("bots = 1", "non-empty list 'bots'"),
        ("[[bots]]\nname = 'x'\nspec = 'greedy'", "must be a bot spec"),
        ("[[bots]]\nname = 'greedy'\nspec = 'process(cmd=\"./a\")'", "the name is taken"),
        ("[[bots]]\nname = 'learned-x'\nspec = 'process(cmd=\"./a\")'", "the name is taken"),
        ("[[bots]]\nname = 'a b'\nspec = 'process(cmd=\"./a\")'", "'name' must be"),
        ("[[bots]]\nname = 'a'\nspec = 'process(cmd=\"./a\")'\ncolour = 1", "unknown key"),
        ("[[bots]]\nname = 'a'\nspec = 'process(cmd=\"./a\")'\ntime = 0", "time must be"),
        ("[[bots]]\nname = 'a'\nspec = 'process(cmd=\"./a\")'\n" * 2, "a second bot named"),
        ("[[bots]\n", "not TOML"),
    ],
)
def test_a_bad_file_is_refused_with_its_reason(tmp_path: Path, text: str, reason: str) -> None:
    path = tmp_path / "bots.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ArgumentError, match=reason) as refused:
        bots.read_bots(path)
    assert str(refused.value).startswith(f"--bots {path}: ")


def test_a_bot_that_fails_to_greet_stops_the_start(tmp_path: Path) -> None:
    """One line naming the bot and the reason, exit status 2, no address printed."""
    listed = listing(tmp_path / "bots.json", good=spec("last.py"), bad=spec("bad_hello.py"))
    command = [sys.executable, "-m", "zhengfen", "serve", "--port", "0", "--memory-only"]
    done = subprocess.run(
        [*command, "--bots", str(listed)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "bot 'bad' fails to start" in done.stderr


# --- the table -----------------------------------------------------------------------------


def test_the_bots_are_listed_by_name_for_the_rules_they_play(client: TestClient) -> None:
    options = client.get("/api/options")
    agents = {agent["name"]: agent for agent in options.json()["agents"]}
    assert "python" not in options.text and "last.py" not in options.text  # no command line
    for name in ("last", "recorder", "illegal"):
        entry = agents[name]
        assert entry["bot"] and not entry["learned"] and entry["spec"] == name
        assert entry["plays"] == [{"game": "zheng_fen", "players": n} for n in (3, 4, 5, 6)]
        assert "test" in entry["about"]  # the name its hello gives
    assert not agents["greedy"]["bot"]


def test_a_person_plays_a_match_against_bots(client: TestClient, tmp_path: Path) -> None:
    opened = new_game(client, seed=3, options={"target": 1}, opponents=["recorder", "last"])
    assert [s["agent"] for s in opened["view"]["seats"]][1:] == ["recorder", "last", "recorder"]
    end = play_match(client, opened)
    assert end["game_over"]
    told = lines(tmp_path / "lines.jsonl")
    kinds = [line["type"] for line in told]
    assert kinds[:2] == ["hello", "bye"]  # greeted once when the server started
    told, kinds = told[2:], kinds[2:]
    # two seats of the recorder, each its own process: hello, game ... game_end, bye
    assert kinds.count("hello") == 2 and kinds.count("game") == 2
    assert kinds.count("game_end") == 2 and kinds.count("bye") == 2
    assert not any(line.get("restarted") for line in told if line["type"] == "game")
    assert all(s["faults"] == 0 for s in end["seats"][1:])
    assert end["seats"][0]["faults"] is None


def test_unknown_names_and_bots_where_they_cannot_play_are_refused(client: TestClient) -> None:
    refused = client.post("/api/games", json={"game": "zheng_fen", "opponents": ["nobot"]})
    assert "nobot" in error(refused, 400)
    typed = 'process(cmd="sh -c true")'
    refused = client.post("/api/games", json={"game": "zheng_fen", "opponents": [typed]})
    assert error(refused, 400)
    zcy = client.post("/api/games", json={"game": "zen_cheng_you", "opponents": ["last"]})
    assert "plays zheng_fen" in error(zcy, 400)
    tournament = client.post("/api/tournaments", json={"game": "zheng_fen", "agents": ["last"]})
    assert "bots play at tables only" in error(tournament, 400)
    opened = new_game(client, seed=3, opponents=["last"])
    hint = client.post(f"/api/games/{opened['id']}/hint", json={"agent": "last"})
    assert "bots play at tables only" in error(hint, 400)


def test_a_bots_faults_are_shown_and_the_fallback_moves(client: TestClient) -> None:
    opened = new_game(client, seed=3, options={"target": 1}, opponents=["illegal", "greedy"])
    end = play_match(client, opened)
    assert end["game_over"]
    faults = [s["faults"] for s in end["seats"]]
    assert faults[1] > 0 and faults[3] > 0 and faults[0] is None and faults[2] is None


def test_a_game_with_a_bot_is_kept_and_played_on_after_a_restart(tmp_path: Path) -> None:
    """The server stops mid-match (its bots' processes end: ``bye``); started again on the same
    database, the game plays on through the same link, the bot's fresh process told
    ``restarted``; the finished game is exported with the bot's name."""
    record = tmp_path / "lines.jsonl"
    listed = listing(tmp_path / "bots.json", recorder=spec("recorder.py", str(record)))
    path = tmp_path / FILE

    def app() -> Any:
        database = Database.open(path, Limits.store_seconds, "normal")
        return create_app(models=offering(listed), database=database)

    with TestClient(app(), base_url=LOCAL) as client:
        opened = new_game(client, seed=5, options={"target": 1}, opponents=["recorder"])
        key = opened["id"]
        view = client.post(f"/api/games/{key}/move", json={"index": 0}).json()
    before = lines(record)
    kinds = [line["type"] for line in before]
    assert "decision" in kinds and kinds.count("hello") == kinds.count("bye") >= 2  # all ended
    with TestClient(app(), base_url=LOCAL) as client:
        end = play_match(client, {"id": key, "view": client.get(f"/api/games/{key}").json()})
        assert end["game_over"] and view["version"] < end["version"]
    after = lines(record)[len(before) + 2 :]  # greeted again
    games = [line for line in after if line["type"] == "game"]
    assert len(games) == 3 and all(line["restarted"] for line in games)
    assert [line["type"] for line in after].count("bye") == 3
    exported = tmp_path / "games.jsonl"
    command = [sys.executable, "-m", "zhengfen", "export", "--data", str(tmp_path)]
    subprocess.run([*command, "--log", str(exported)], check=True, timeout=120)
    assert '"recorder"' in exported.read_text(encoding="utf-8")
