"""Tables for several people (API.md, "People and links"): the owner gets a link per person's
seat, each seat's key opens that seat only (every route tried with another seat's key, a
made-up one and none), people see each other's moves, a seat left empty is handed to an agent,
and games are kept in the ``--replays`` folder as logs the replay routes open: once over, or
left unfinished when the server forgets it."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

import zhengfen
from zhengfen.web.app import create_app
from zhengfen.web.archive import usable
from zhengfen.web.limits import Limits

ROOT = Path(__file__).resolve().parents[1]
LOCAL = "http://127.0.0.1:8000"
Json = dict[str, Any]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path


@pytest.fixture
def client(folder: Path) -> Iterator[TestClient]:
    with TestClient(create_app(replays_folder=folder), base_url=LOCAL) as test_client:
        yield test_client


def open_game(client: TestClient, **request: Any) -> Json:
    answer = client.post("/api/games", json=request)
    assert answer.status_code == 201, answer.text
    body: Json = answer.json()
    return body


def key_of(link: str) -> str:
    """The seat key of a page link ``#/game/ID/seat/TOKEN``."""
    _, _, game, _, token = link.split("/")
    return f"{game}.{token}"


def game_of(client: TestClient, key: str) -> zhengfen.Game:
    """The server's own game behind a seat's key (for checking what a seat is shown)."""
    played = client.app.state.server.games.get(key.partition(".")[0])  # type: ignore[attr-defined]
    game: zhengfen.Game = played.game
    return game


def check_seat_view(client: TestClient, view: Json, seat: int) -> None:
    """A view answered to ``seat`` is that seat's: its own hand (the engine's), no link but its
    own unless it is the owner's, and no seed while the game is on."""
    assert view["seat"] == seat
    game = game_of(client, view["id"])
    if view["hand"]["seen"]:
        assert [c["card"] for c in view["hand"]["cards"]] == [str(c) for c in game.hand(seat)]
    else:
        assert view["hand"]["cards"] == []
    if not view["owner"]:
        assert [s["link"] for s in view["seats"]] == [None] * view["players"]
    if not view["game_over"]:
        assert view["seed"] is None
    for event in view["events"]:
        assert "hands" not in event


def test_the_owner_gets_a_link_per_person_and_each_key_opens_its_seat(
    client: TestClient,
) -> None:
    created = open_game(client, game="zheng_fen", seed=5, opponents=["person", "greedy", "person"])
    owner = created["view"]
    assert owner["owner"] and owner["seat"] == 0 and owner["seed"] == 5  # the owner chose it
    people = [s["seat"] for s in owner["seats"] if s["person"]]
    assert people == [0, 1, 3]
    links = {s["seat"]: s["link"] for s in owner["seats"] if s["link"]}
    assert set(links) == {0, 1, 3} and owner["link"] == links[0]
    assert key_of(links[0]) == created["id"]
    assert owner["seats"][1]["present"] is False and owner["seats"][2]["present"] is None
    assert owner["seats"][1]["name"] == "seat 1 (person)" and owner["seats"][1]["agent"] is None
    for seat in (1, 3):
        view = client.get(f"/api/games/{key_of(links[seat])}?since=0").json()
        check_seat_view(client, view, seat)
        assert not view["owner"] and view["link"] == links[seat]
        assert view["seed"] is None and view["seed_hidden"]  # the owner's seed is the owner's
    again = client.get(f"/api/games/{created['id']}").json()
    assert again["seats"][1]["present"] is True  # seat 1's page asked just now


def routes(key: str) -> list[tuple[str, str, Json | None]]:
    """Every route of a game, named by ``key``."""
    base = f"/api/games/{key}"
    return [
        ("GET", base, None),
        ("GET", f"{base}?since=0", None),
        ("POST", f"{base}/move", {"index": 0}),
        ("POST", f"{base}/check", {"cards": ["3c"]}),
        ("POST", f"{base}/hint", {}),
        ("POST", f"{base}/next", {}),
        ("POST", f"{base}/advance", {}),
        ("GET", f"{base}/save", None),
        ("POST", f"{base}/seats/1", {"agent": "greedy"}),
        ("DELETE", base, None),
    ]


def ask(client: TestClient, method: str, path: str, body: Json | None) -> Any:
    return (
        client.request(method, path, json=body)
        if body is not None
        else client.request(method, path)
    )


def test_every_route_refuses_a_key_of_no_seat(client: TestClient) -> None:
    """The game's id alone, a made-up token, another game's token: 403 on every route, with
    the reason; an unknown game: 404. Nothing is played or forgotten by them."""
    created = open_game(client, game="zheng_fen", opponents=["person", "greedy", "greedy"])
    game, token = created["id"].split(".")
    other = open_game(client, game="zheng_fen")["id"].split(".")[1]
    version = created["view"]["version"]
    for key, status, words in (
        (game, 403, "links only"),
        (f"{game}.{'A' * 22}", 403, "opens no seat"),
        (f"{game}.", 403, "opens no seat"),
        (f"{game}.{other}", 403, "opens no seat"),
        (f"g0000000000000000.{token}", 404, "no game"),
    ):
        for method, path, body in routes(key):
            answer = ask(client, method, path, body)
            assert answer.status_code == status, (key, path, answer.text)
            assert words in answer.json()["error"], answer.text
    assert client.get(f"/api/games/{created['id']}").json()["version"] == version


def test_another_persons_key_opens_only_their_seat(client: TestClient) -> None:
    """Seat 1's key on every route: its own view and selection (never seat 0's hand), seat 0's
    turn refused as not its own, and what is the owner's to do refused (403)."""
    rules = zhengfen.Rules.zen_cheng_you()
    seed = next(s for s in range(100) if zhengfen.Game(rules, s).current_player != 1)
    created = open_game(  # seat 1 is not the first to declare: seat 0's turn comes first
        client, game="zen_cheng_you", seed=seed, opponents=["person", "greedy", "greedy"]
    )
    links = {s["seat"]: s["link"] for s in created["view"]["seats"] if s["link"]}
    mine = key_of(links[1])
    assert created["view"]["current_player"] == 0
    answers = {path: ask(client, method, path, body) for method, path, body in routes(mine)[:-1]}
    base = f"/api/games/{mine}"
    for path in (base, f"{base}?since=0", f"{base}/advance"):
        assert answers[path].status_code == 200
        check_seat_view(client, answers[path].json(), 1)
    assert "not your turn" in answers[f"{base}/move"].json()["error"]
    assert answers[f"{base}/hint"].status_code == 409
    assert answers[f"{base}/check"].json()["held"] is False  # blind: seat 1 has seen nothing
    assert answers[f"{base}/save"].status_code == 403
    assert "every hand" in answers[f"{base}/save"].json()["error"]
    assert answers[f"{base}/seats/1"].status_code == 409  # its own seat
    deleted = client.delete(base)
    assert deleted.status_code == 403 and "opened the game" in deleted.json()["error"]
    assert client.get(f"/api/games/{created['id']}").status_code == 200  # still there


def play_to_the_end(client: TestClient, keys: dict[int, str]) -> dict[int, Json]:
    """People in the seats of ``keys`` play their first legal move whenever it is their turn
    (declaring blind never), each polling its view, until the game is over; every view checked
    to be its seat's. The last view of each seat."""
    last = {seat: client.get(f"/api/games/{key}?since=0").json() for seat, key in keys.items()}
    for _ in range(5000):
        views = {seat: client.get(f"/api/games/{key}").json() for seat, key in keys.items()}
        for seat, view in views.items():
            check_seat_view(client, view, seat)
            last[seat] = view
        any_view = next(iter(views.values()))
        if any_view["game_over"]:
            return last
        key = next(iter(keys.values()))
        if any_view["agents_playing"]:
            answer = client.post(f"/api/games/{key}/advance", json={})
        elif any_view["match_over"]:
            answer = client.post(f"/api/games/{key}/next", json={})
        else:
            seat = any_view["current_player"]
            view = views[seat]
            texts = [m["text"] for m in view["moves"]]
            body = {"move": "pass"} if "pass" in texts and view["phase"] != "play" else {"index": 0}
            answer = client.post(f"/api/games/{keys[seat]}/move", json=body)
        assert answer.status_code == 200, answer.text
    pytest.fail("the game did not end")


def hint_when_its_turn(client: TestClient, keys: dict[int, str], seat: int) -> int:
    """Plays (as :func:`play_to_the_end`) up to ``seat``'s turn, where it asks for a hint; the
    decision it is asked before."""
    for _ in range(500):
        view = client.get(f"/api/games/{keys[seat]}").json()
        if view["your_turn"]:
            answer = client.post(f"/api/games/{keys[seat]}/hint", json={"playouts": 2})
            assert answer.status_code == 200, answer.text
            version: int = view["version"]
            return version
        mover = view["current_player"]
        if view["agents_playing"]:
            client.post(f"/api/games/{keys[seat]}/advance", json={})
        else:
            client.post(f"/api/games/{keys[mover]}/move", json={"move": "pass"})
    pytest.fail(f"seat {seat} never got its turn")


def test_two_people_and_two_agents_play_a_whole_game(client: TestClient, folder: Path) -> None:
    """Zen Cheng You with people in seats 0 and 1 (opponents) and agents in 2 and 3, to the end
    of the game: each sees its own seat only, and the other's moves as they are made; once the
    game is over both see the seed, the save is offered, and the game is kept in the folder as
    a log the replay routes open, with who sat where."""
    created = open_game(
        client,
        game="zen_cheng_you",
        options={"target": 100},
        opponents=["person", "greedy", "random"],
    )
    links = {s["seat"]: s["link"] for s in created["view"]["seats"] if s["link"]}
    keys = {0: created["id"], 1: key_of(links[1])}
    assert list(folder.iterdir()) == []
    hinted = hint_when_its_turn(client, keys, 1)
    last = play_to_the_end(client, keys)
    seed = last[0]["seed"]
    assert isinstance(seed, int) and last[1]["seed"] == seed
    assert last[0]["history_length"] == last[1]["history_length"]
    assert client.get(f"/api/games/{keys[1]}/save").status_code == 200
    kept = sorted(p.name for p in folder.iterdir())
    assert len(kept) == 1 and kept[0].startswith("game-") and kept[0].endswith(".jsonl")
    record = json.loads((folder / kept[0]).read_text())
    assert record["agents"] == ["person", "person", "greedy", "random"]
    assert record["people"] == [0, 1] and record["seed"] == seed and record["end"] == "over"
    assert record["hints"] == [{"seat": 1, "decision": hinted, "agent": "greedy"}]
    listed = client.get("/api/replays").json()["files"]
    assert [f["name"] for f in listed] == kept
    opened = client.post("/api/replays", json={"name": kept[0]}).json()
    (summary,) = opened["games"]
    assert summary["game_over"] and summary["agents"] == record["agents"]
    assert summary["title"].startswith(f"game {created['view']['game_id']}")
    saved = zhengfen.Game.from_json(json.dumps(record["game"]))
    assert saved.history == game_of(client, keys[0]).history


def test_a_seat_left_empty_is_handed_to_an_agent(client: TestClient) -> None:
    """The owner hands seat 2 (its person never came) to an agent, which plays at once; seat
    2's link then says so; only a person's seat but one's own; and seat 2's person, here, may
    not hand the owner's seat (the owner was here just now)."""
    created = open_game(client, game="zheng_fen", seed=5, opponents=["greedy", "person"])
    owner = created["id"]
    links = {s["seat"]: s["link"] for s in created["view"]["seats"] if s["link"]}
    theirs = key_of(links[2])
    assert created["view"]["seats"][2]["can_hand_over"] is True
    refused = client.post(f"/api/games/{theirs}/seats/0", json={})
    assert refused.status_code == 403 and "opened the game" in refused.json()["error"]
    view = client.get(f"/api/games/{theirs}").json()
    assert [s["can_hand_over"] for s in view["seats"]] == [False] * 4
    for seat, status, words in (
        (0, 409, "your own seat"),
        (1, 409, "an agent's already"),
        (9, 404, "seats are 0 to 3"),
    ):
        answer = client.post(f"/api/games/{owner}/seats/{seat}", json={})
        assert answer.status_code == status and words in answer.json()["error"], answer.text
    bad = client.post(f"/api/games/{owner}/seats/2", json={"agent": "nobody"})
    assert bad.status_code == 400 and "agent" in bad.json()["error"]
    handed = client.post(f"/api/games/{owner}/seats/2", json={"agent": "random"})
    assert handed.status_code == 200, handed.text
    view = handed.json()
    assert view["seats"][2]["agent"] == "random" and not view["seats"][2]["person"]
    assert view["current_player"] in (0, None)  # the agents played on to seat 0's turn
    gone = client.get(f"/api/games/{theirs}")
    assert gone.status_code == 403 and "handed to an agent" in gone.json()["error"]
    assert client.get(f"/api/games/{owner}/save").status_code == 200  # one person now


def test_serve_refuses_a_replays_folder_it_cannot_keep_games_in(tmp_path: Path) -> None:
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    assert usable(tmp_path) is None
    assert usable(a_file) == "not a folder"
    assert str(usable(Path("/proc"))).startswith("cannot write there")
    for folder, words in ((a_file, "not a folder"), (tmp_path / "missing", "not a folder")):
        done = subprocess.run(
            [sys.executable, "-m", "zhengfen", "serve", "--port", "0", "--replays", str(folder)],
            capture_output=True,
            text=True,
            timeout=60,
            env={"PYTHONPATH": str(ROOT / "python"), "PATH": "/usr/bin:/bin"},
        )
        assert done.returncode == 2
        assert done.stderr.count("\n") == 1 and words in done.stderr, done.stderr


def test_a_game_left_unfinished_is_kept_when_it_is_forgotten(folder: Path) -> None:
    """Closed by its owner, or idle too long, a game a person played in is written
    to the folder (``end`` says why); one nobody played in, or a finished one, is not (again)."""
    app = create_app(replays_folder=folder, limits=Limits(idle_seconds=60))
    with TestClient(app, base_url=LOCAL) as client:
        untouched = open_game(client, game="zheng_fen")["id"]
        assert client.delete(f"/api/games/{untouched}").status_code == 204
        assert list(folder.iterdir()) == []
        played = open_game(client, game="zheng_fen", opponents=["greedy", "person"])
        closed, idle = played["id"], open_game(client, game="zen_cheng_you")["id"]
        links = {s["seat"]: s["link"] for s in played["view"]["seats"] if s["link"]}
        mover = key_of(links[played["view"]["current_player"]])  # seat 0 or seat 2
        for key in (mover, idle):
            answer = client.post(f"/api/games/{key}/move", json={"index": 0})
            assert answer.status_code == 200 and not answer.json()["game_over"]
        assert client.delete(f"/api/games/{closed}").status_code == 204
        store = app.state.server.games
        now = time.monotonic()
        store.clock = lambda: now + 61
        assert client.get(f"/api/games/{idle}").status_code == 404
    kept = {}
    for path in folder.iterdir():
        record = json.loads(path.read_text())
        kept[record["end"]] = record
    assert set(kept) == {"removed", "idle"}
    assert kept["removed"]["agents"] == ["person", "greedy", "person", "greedy"]
    assert "unfinished (left idle)" in kept["idle"]["title"]
    for record in kept.values():
        game = zhengfen.Game.from_json(json.dumps(record["game"]))
        assert not game.game_over and len(game.decisions) >= 1


def test_the_owner_may_open_a_game_without_hints(client: TestClient) -> None:
    """A study of people's own play: no seat gets a hint (403), the views say so."""
    created = open_game(client, game="zheng_fen", seed=21, hints=False, opponents=["person"])
    assert created["view"]["hints"] is False and created["view"]["your_turn"]
    answer = client.post(f"/api/games/{created['id']}/hint", json={})
    assert answer.status_code == 403 and "hints are off" in answer.json()["error"]
    bad = client.post("/api/games", json={"game": "zheng_fen", "hints": "no"})
    assert bad.status_code == 400 and "'hints' must be true or false" in bad.json()["error"]
    assert open_game(client, game="zheng_fen")["view"]["hints"] is True


def test_seats_are_called_by_their_agents_short_names(client: TestClient) -> None:
    """A search agent's seat was called by its whole spec ("seat 1 (ismcts(iterations=1000,
    playout=greedy,exploration=0.7,candidates=8))") on the felt, in the scores and in every
    event: now by the agent's name, the spec kept in ``agent``."""
    created = open_game(client, game="zheng_fen", seed=3, opponents=["ismcts(iterations=20)"])
    view = client.get(f"/api/games/{created['id']}?since=0").json()
    seat = view["seats"][1]
    assert seat["name"] == "seat 1 (ismcts)" and seat["agent"].startswith("ismcts(iterations=20")
    assert view["scores"][1]["label"] == "seat 1 (ismcts)"
    assert not any("iterations" in event["text"] for event in view["events"])


def test_a_game_whose_owner_left_is_finished_without_them(client: TestClient) -> None:
    """The owner's page has not asked for two minutes: the other person hands the owner's seat to
    an agent and becomes the owner (the links are theirs now); the old owner's link says it."""
    created = open_game(client, game="zheng_fen", seed=5, opponents=["person"])
    owner = created["id"]
    links = {s["seat"]: s["link"] for s in created["view"]["seats"] if s["link"]}
    theirs = key_of(links[1])
    client.get(f"/api/games/{theirs}")
    people = client.app.state.server.games.get(owner.partition(".")[0]).people  # type: ignore[attr-defined]
    now = people.clock()
    people.clock = lambda: now + 121  # nobody asked for two minutes: both pages are away
    view = client.get(f"/api/games/{theirs}").json()
    assert view["seats"][0]["can_hand_over"] and not view["owner"]
    handed = client.post(f"/api/games/{theirs}/seats/0", json={"agent": "random"})
    assert handed.status_code == 200, handed.text
    view = handed.json()
    assert view["owner"] and view["seats"][0]["agent"] == "random"
    assert view["seats"][1]["link"] == view["link"]  # the owner's view holds the links
    gone = client.get(f"/api/games/{owner}")
    assert gone.status_code == 403 and "handed to an agent" in gone.json()["error"]
