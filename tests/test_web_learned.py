"""Learned agents in ``zhengfen serve`` (issue 21 §1) through Starlette's test client: the
operator's ``--model [NAME=]PATH`` files offered as ``learned-NAME`` for the rules they play,
``learned`` where a model ships, ``/api/options`` saying which agent plays which rules, seats,
tournaments and hints (with the model's Q-value of each candidate) that play them, every other
rule set and every file named by a request refused; and the command's refusals.

The operator's models are the committed test models (tests/data/learned/); the tests of the
shipped model run once for each entry of ``zhengfen.shipped_models()``."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

import zhengfen
from test_cli import zhengfen_cmd
from zhengfen.agents import LearnedAgent, observe
from zhengfen.arena import Report, Tournament
from zhengfen.arena import run as run_arena
from zhengfen.web.app import create_app
from zhengfen.web.models import Models, read_models

DATA = Path(__file__).parent / "data" / "learned"
ZF4 = DATA / "zheng_fen_4.safetensors"
ZCY = DATA / "zen_cheng_you_4.safetensors"
LOCAL = "http://127.0.0.1:8000"
SHIPPED = zhengfen.shipped_models()
Json = dict[str, Any]


@pytest.fixture
def models() -> Models:
    return read_models([str(ZF4), f"zcy={ZCY}"])


@pytest.fixture
def client(models: Models) -> Iterator[TestClient]:
    with TestClient(create_app(models=models), base_url=LOCAL) as test_client:
        yield test_client


def created(answer: Any) -> Json:
    assert answer.status_code == 201, answer.text
    body: Json = answer.json()
    return body


def refused(answer: Any, reason: str) -> None:
    assert answer.status_code == 400, answer.text
    assert reason in answer.json()["error"], answer.json()["error"]


def test_the_options_say_which_agent_plays_which_rules(client: TestClient) -> None:
    agents = {a["name"]: a for a in client.get("/api/options").json()["agents"]}
    for name in ("random", "greedy", "search", "ismcts"):
        assert agents[name]["plays"] is None and not agents[name]["learned"]
    assert agents["learned-zheng_fen_4"]["plays"] == [{"game": "zheng_fen", "players": 4}]
    assert agents["learned-zcy"]["plays"] == [{"game": "zen_cheng_you", "players": 4}]
    assert agents["learned-zcy"]["learned"] and "32-16" in agents["learned-zcy"]["about"]
    assert str(DATA) not in str(agents)  # the operator's paths stay on the server
    assert ("learned" in agents) == bool(SHIPPED)
    if SHIPPED:
        plays = [(p["game"], p["players"]) for p in agents["learned"]["plays"]]
        assert plays == [tuple(rules) for rules in SHIPPED]
    bare = {
        a["name"]
        for a in TestClient(create_app(), base_url=LOCAL).get("/api/options").json()["agents"]
    }
    assert not any(name.startswith("learned-") for name in bare)


def test_a_learned_seat_plays_the_model_and_the_game_is_the_agents(client: TestClient) -> None:
    """A game with the operator's model in every other seat: each of their moves is the one
    the learned agent chooses (the game replayed with ``LearnedAgent``), and the person's
    moves go through as ever."""
    body = {"game": "zheng_fen", "players": 4, "seed": 11, "opponents": ["learned-zheng_fen_4"]}
    opened = created(client.post("/api/games", json=body))
    key = opened["id"]
    assert [s["agent"] for s in opened["view"]["seats"]][1:] == ["learned-zheng_fen_4"] * 3
    saved = played_to_end(client, key, 300)
    agent = LearnedAgent(ZF4)
    game = zhengfen.Game(saved.rules, 11)
    for decision in saved.decisions:
        seat = game.current_player
        assert seat is not None
        if seat != 0:
            game.play(agent.act(observe(game, seat), game.legal_moves()))
            assert game.decisions[-1] == decision
        else:
            game.play(decision)


def played_to_end(client: TestClient, key: str, turns: int) -> zhengfen.Game:
    """Game ``key`` played through the API to the end of its match (the person always plays
    the first legal move, the agents are advanced), at most ``turns`` requests; the saved
    game."""
    for _ in range(turns):
        view = client.get(f"/api/games/{key}").json()
        if view["match_over"]:
            break
        if view["agents_playing"]:
            client.post(f"/api/games/{key}/advance")
            continue
        answer = client.post(
            f"/api/games/{key}/move", json={"index": 0, "version": view["version"]}
        )
        assert answer.status_code == 200, answer.text
    saved = zhengfen.Game.from_json(client.get(f"/api/games/{key}/save").text)
    assert saved.match_over
    return saved


def first_turn(client: TestClient, game: str, seed: int = 0) -> str:
    """A game of ``game`` whose person is to move, with several moves to choose from."""
    for s in range(seed, seed + 40):
        key = str(created(client.post("/api/games", json={"game": game, "seed": s}))["id"])
        view = client.get(f"/api/games/{key}").json()
        while view["agents_playing"] or view["phase"] in ("blind_declare", "declare"):
            if view["agents_playing"]:
                view = client.post(f"/api/games/{key}/advance").json()
            else:  # the declarations: none
                view = client.post(f"/api/games/{key}/move", json={"move": "pass"}).json()
        if view["your_turn"] and len(view["groups"]) >= 3:
            return key
    raise AssertionError("no such game")


@pytest.mark.parametrize(
    ("game", "name", "path"),
    [("zheng_fen", "learned-zheng_fen_4", ZF4), ("zen_cheng_you", "learned-zcy", ZCY)],
)
def test_a_learned_hint_gives_the_q_value_of_each_candidate(
    client: TestClient, game: str, name: str, path: Path
) -> None:
    key = first_turn(client, game)
    view = client.get(f"/api/games/{key}").json()
    hint = client.post(f"/api/games/{key}/hint", json={"agent": name, "playouts": 2}).json()
    saved = zhengfen.Game.from_json(client.get(f"/api/games/{key}/save").text)
    model = zhengfen.LearnedModel.load(path)
    info = saved.info_set(view["seat"])
    q = [float(v) for v in model.q_values(info)]
    assert hint["index"] == info.choose(model)
    assert hint["q_meaning"] and "estimate" in hint["q_meaning"]
    rows = hint["candidates"]
    assert [row["q"] for row in rows] == sorted((row["q"] for row in rows), reverse=True)
    best = sorted((max(q[i] for i in g["indices"]) for g in view["groups"]), reverse=True)
    assert [row["q"] for row in rows] == pytest.approx(best[: len(rows)])
    for row in rows:
        assert row["q"] == pytest.approx(max(q[i] for i in row["variants"]))
        assert row["q"] == pytest.approx(q[row["index"]]) and row["playouts"] == 2
    assert hint["index"] in rows[0]["variants"]  # the agent plays the move of largest Q
    greedy = client.post(f"/api/games/{key}/hint", json={"agent": "greedy", "playouts": 2})
    assert greedy.json()["q_meaning"] is None
    assert all(row["q"] is None for row in greedy.json()["candidates"])


def test_learned_agents_are_refused_for_rules_they_do_not_play(client: TestClient) -> None:
    zcy_for_zf = {"game": "zheng_fen", "players": 4, "opponents": ["learned-zcy"]}
    refused(client.post("/api/games", json=zcy_for_zf), "plays zen_cheng_you with 4 players")
    five = {"game": "zheng_fen", "players": 5, "opponents": ["learned-zheng_fen_4"]}
    refused(client.post("/api/games", json=five), "not zheng_fen with 5 players")
    tour = {"game": "zen_cheng_you", "agents": ["learned-zheng_fen_4", "greedy"], "deals": 1}
    refused(client.post("/api/tournaments", json=tour), "plays zheng_fen with 4 players")
    key = first_turn(client, "zheng_fen")
    refused(
        client.post(f"/api/games/{key}/hint", json={"agent": "learned-zcy"}), "plays zen_cheng_you"
    )
    for name in ("learned-nosuch", f"learned(model={ZF4})", "learned(zcy)"):
        answer = client.post("/api/games", json={"game": "zheng_fen", "opponents": [name]})
        assert answer.status_code == 400, (name, answer.text)


def test_learned_is_refused_where_no_model_ships(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build where no model ships for some rules (a model ships for all rules today, so
    the build's list is cut to 4-player Zheng Fen): ``learned`` is refused for those rules with
    a 400 that says so, and ``/api/options`` says which rules it plays."""
    monkeypatch.setattr(zhengfen, "shipped_models", lambda: [("zheng_fen", 4)])
    game, players = "zen_cheng_you", 4
    body = {"game": game, "players": players, "opponents": [" learned "]}
    refused(client.post("/api/games", json=body), f"no learned model ships for {game}")
    agents = {a["name"]: a for a in client.get("/api/options").json()["agents"]}
    assert agents["learned"]["plays"] == [{"game": "zheng_fen", "players": 4}]


@pytest.mark.parametrize(("game", "players"), SHIPPED)
def test_the_shipped_model_plays_seats_and_hints(
    client: TestClient, game: str, players: int
) -> None:
    body = {"game": game, "players": players, "seed": 3, "opponents": ["learned"]}
    opened = created(client.post("/api/games", json=body))
    assert opened["view"]["seats"][1]["agent"] == "learned"
    key = first_turn(client, game)
    hint = client.post(f"/api/games/{key}/hint", json={"agent": "learned"}).json()
    assert hint["q_meaning"] and all(row["q"] is not None for row in hint["candidates"])


def test_a_tournament_plays_the_operator_model(client: TestClient) -> None:
    body = {"game": "zheng_fen", "players": 4, "agents": ["learned-zheng_fen_4", "greedy"]}
    run = created(client.post("/api/tournaments", json={**body, "deals": 2, "seed": 5}))
    for _ in range(600):
        status = client.get(f"/api/tournaments/{run['id']}").json()
        if status["done"]:
            break
        time.sleep(0.05)
    assert status["done"] and status["error"] is None, status
    learned, greedy = zhengfen.AgentSpec(f"learned(model={ZF4})"), zhengfen.AgentSpec("greedy")
    played = Tournament(
        rules=zhengfen.Rules.zheng_fen(players=4),
        agents=(learned, greedy, learned, greedy),
        deals=2,
        seed=5,
        matches=1,
    )
    here = Report(played, run_arena(played), 1.0).stats()
    rows = {row["agent"]: row for row in status["rows"]}
    assert set(rows) == {"learned-zheng_fen_4", "greedy"}
    assert [
        rows["learned-zheng_fen_4"]["points_per_match"],
        rows["greedy"]["points_per_match"],
    ] == [pytest.approx(s.per_match.mean) for s in here if s.per_match is not None]


def test_serve_refuses_a_model_it_cannot_offer(tmp_path: Path) -> None:
    pytest.importorskip("uvicorn")
    cases = [
        (["--model", str(tmp_path / "none.safetensors")], "cannot be read"),
        (["--model", f"a={ZF4}", "--model", f"a={ZCY}"], "a second model named 'a'"),
        (["--model", f"{ZF4}", "--model", f"{ZF4}"], "a second model named 'zheng_fen_4'"),
        (["--model", str(Path(__file__))], "model"),
    ]
    for args, message in cases:
        done = zhengfen_cmd("serve", "--port", "0", *args, timeout=60)
        assert done.returncode == 2, done.stderr
        assert done.stderr.count("\n") == 1 and message in done.stderr, done.stderr
