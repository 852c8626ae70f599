"""``sparta`` (AI.md §4.2, the search over the shipped model) at the web table (issue 47) through
Starlette's test client: offered in ``GET /api/options`` exactly where a model ships, as a seat
that plays a match to its end (each of its moves the agent's own, replayed), in a hint that
shows the model's Q-values as the model's and sparta's choice among them, in a tournament, as a
default opponent where the league rates it best, in a game kept in the database and brought
back by restarted servers; refused, state unchanged, for rules where no model ships."""

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
from test_web_database import Table
from test_web_learned import LOCAL, created, first_turn, played_to_end, refused
from web_tables import outcome, play
from zhengfen.agents import SpartaAgent, agent_label, observe, read_agent
from zhengfen.agents.seats import agent_seed
from zhengfen.web.app import create_app
from zhengfen.web.database import FILE
from zhengfen.web.models import Models
from zhengfen.web.ratings import default_opponent, label

SPARTA = "sparta(candidates=4,budget=2000,threshold=0,z=2,tree=0,belief=0,policy=learned)"
SHIPPED = zhengfen.shipped_models()
Json = dict[str, Any]

pytestmark = pytest.mark.skipif(not SHIPPED, reason="sparta plays the model shipped for the rules")


@pytest.fixture
def app() -> Any:
    return create_app()


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app, base_url=LOCAL) as test_client:
        yield test_client


def offered(client: TestClient) -> dict[str, Json]:
    return {agent["name"]: agent for agent in client.get("/api/options").json()["agents"]}


def test_sparta_is_offered_exactly_where_a_model_ships(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    sparta = offered(client)["sparta"]
    assert [(p["game"], p["players"]) for p in sparta["plays"]] == [tuple(r) for r in SHIPPED]
    assert sparta["spec"] == SPARTA and not sparta["learned"] and not sparta["bot"]
    assert "shipped model" in sparta["about"] and "slower than learned" in sparta["about"]
    tables = client.get("/api/options").json()["tables"]
    for table in tables:
        ships = (table["game"], table["players"]) in SHIPPED
        assert ("sparta" in table["order"]) == ships == ("learned" in table["order"])
    monkeypatch.setattr(zhengfen, "shipped_models", lambda: [("zheng_fen", 4)])
    assert offered(client)["sparta"]["plays"] == [{"game": "zheng_fen", "players": 4}]
    tables = client.get("/api/options").json()["tables"]
    assert [(t["game"], t["players"]) for t in tables if "sparta" in t["order"]] == [
        ("zheng_fen", 4)
    ]
    monkeypatch.setattr(zhengfen, "shipped_models", lambda: [])
    assert "sparta" not in offered(client) and "learned" not in offered(client)


def test_a_sparta_table_plays_a_match_to_its_end_with_sparta_s_own_moves(
    client: TestClient,
) -> None:
    """Three sparta seats and a person who plays the first legal move: the match ends, and
    every move of a sparta seat is the one ``SpartaAgent`` makes, seeded as the server seeds
    each decision (games.py), replayed on the saved game."""
    seed = 5501
    body = {"game": "zheng_fen", "players": 4, "seed": seed, "options": {"target": 100}}
    opened = created(client.post("/api/games", json={**body, "opponents": ["sparta"]}))
    key = opened["id"]
    assert [s["agent"] for s in opened["view"]["seats"]][1:] == [SPARTA] * 3
    saved = played_to_end(client, key, 600)
    game, played = zhengfen.Game(saved.rules, seed), 0
    for decision in saved.decisions:
        seat = game.current_player
        assert seat is not None
        if seat != 0:
            agent = SpartaAgent(
                seed=zhengfen.derive_seed(agent_seed(seed, seat), len(game.decisions))
            )
            game.play(agent.act(observe(game, seat), game.legal_moves()))
            assert game.decisions[-1] == decision
            played += 1
        else:
            game.play(decision)
    assert played > 20


@pytest.mark.parametrize(("game", "seed"), [("zheng_fen", 5510), ("zen_cheng_you", 5520)])
def test_a_sparta_hint_shows_the_model_s_q_values_as_the_model_s(
    app: Any, client: TestClient, game: str, seed: int
) -> None:
    """The hint plays what sparta plays (seeded as the server seeds a hint); its candidates are
    the model's best move groups by the model's Q-value, sparta's own choice among them
    (by its very move), sorted by Q; the words say the Q-values are the model's, not sparta's,
    and the ranking is sparta's own."""
    key = first_turn(client, game, seed)
    view = client.get(f"/api/games/{key}").json()
    hint = client.post(f"/api/games/{key}/hint", json={"agent": "sparta", "playouts": 2})
    assert hint.status_code == 200, hint.text
    answer = hint.json()
    saved = zhengfen.Game.from_json(client.get(f"/api/games/{key}/save").text)
    seat, moves = view["seat"], saved.legal_moves()
    drawn = zhengfen.derive_seed(
        app.state.server.games.get(key.partition(".")[0]).seed, len(saved.decisions)
    )
    chosen = moves.index(SpartaAgent(seed=drawn).act(observe(saved, seat), moves))
    assert answer["agent"] == SPARTA and answer["index"] == chosen
    assert answer["ranked_by"] == "own" and "not sparta's" in answer["q_meaning"]
    assert "its own search" in answer["basis"] and "model's estimate" in answer["basis"]
    q = [
        float(v) for v in zhengfen.LearnedModel.shipped(saved.rules).q_values(saved.info_set(seat))
    ]
    rows = answer["candidates"]
    assert [row["index"] for row in rows].count(chosen) == 1  # the page marks the chosen row
    assert [row["q"] for row in rows] == sorted((row["q"] for row in rows), reverse=True)
    for row in rows:
        assert row["q"] == pytest.approx(q[row["index"]]) and row["index"] in row["variants"]
    best = max(range(len(moves)), key=lambda i: (q[i], -i))  # the model's own move
    assert any(best in row["variants"] for row in rows)
    assert len(rows) == min(8, len(view["groups"]))
    guided = client.post(f"/api/games/{key}/hint", json={"agent": "ismcts(policy=learned)"})
    assert guided.json()["ranked_by"] == "own" and "not ismcts's" in guided.json()["q_meaning"]
    greedy = client.post(f"/api/games/{key}/hint", json={"agent": "sparta(policy=greedy)"})
    assert greedy.json()["q_meaning"] is None  # no model, no Q


def test_sparta_is_refused_where_no_model_ships_and_nothing_changes(
    app: Any, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = first_turn(client, "zen_cheng_you", 5530)
    before = client.get(f"/api/games/{key}").json()
    monkeypatch.setattr(zhengfen, "shipped_models", lambda: [("zheng_fen", 4)])
    reason = "no learned model ships for zen_cheng_you with 4 players, and it searches with one"
    zcy = {"game": "zen_cheng_you", "players": 4}
    games = len(app.state.server.games)
    for name in ("sparta", " sparta ", "sparta(budget=500)", "ismcts(policy=learned)"):
        refused(client.post("/api/games", json={**zcy, "opponents": [name]}), reason)
        tour = {**zcy, "agents": [name, "greedy"], "deals": 1}
        refused(client.post("/api/tournaments", json=tour), reason)
        refused(client.post(f"/api/games/{key}/hint", json={"agent": name}), reason)
    assert len(app.state.server.games) == games
    assert len(app.state.server.tournaments.store) == 0
    assert client.get(f"/api/games/{key}").json() == before
    greedy = client.post("/api/games", json={**zcy, "opponents": ["sparta(policy=greedy)"]})
    assert greedy.status_code == 201, greedy.text  # a greedy blueprint needs no model


def test_a_tournament_plays_sparta(client: TestClient) -> None:
    body = {"game": "zheng_fen", "players": 4, "options": {"target": 100}, "deals": 1, "seed": 5540}
    run = created(client.post("/api/tournaments", json={**body, "agents": ["sparta", "learned"]}))
    for _ in range(1200):
        status = client.get(f"/api/tournaments/{run['id']}").json()
        if status["done"]:
            break
        time.sleep(0.05)
    assert status["done"] and status["error"] is None, status
    assert status["agents"] == [SPARTA, "learned", SPARTA, "learned"]
    assert {row["agent"] for row in status["rows"]} == {SPARTA, "learned"}
    assert all(row["games"] > 0 for row in status["rows"])


def test_sparta_is_a_default_opponent_where_the_league_rates_it_best() -> None:
    """The league labels sparta by its canonical spec, the server finds its rating so; it
    moves at once, so the page's default is sparta where it is rated above the others."""
    assert label(Models(), "sparta") == agent_label(read_agent("sparta")) == SPARTA
    names = ["random", "greedy", "search", "ismcts", "learned", "sparta"]
    rated = {"greedy": 3.0, "learned": 9.5, "sparta": 12.0, "ismcts": 20.0}
    assert default_opponent(names, rated, True) == "sparta"
    assert default_opponent(names, {**rated, "sparta": 1.0}, True) == "learned"


def test_a_sparta_game_kept_in_the_database_ends_as_one_never_stopped(tmp_path: Path) -> None:
    """Two people and two sparta seats in Zen Cheng You: stopped after every few requests (a new
    server on the same database file each time), the game comes to the very result of the game
    played by a server that never stopped (each sparta decision depends on the game alone)."""
    table = {
        "game": "zen_cheng_you",
        "options": {"target": 300},
        "seed": 5550,
        "opponents": ["sparta", "person", "sparta"],
    }
    never_stopped = Table(None)
    keys = never_stopped.open(**table)
    play(never_stopped.get, never_stopped.post, keys)
    expected = outcome(never_stopped.get, keys[0])
    server = Table(tmp_path / FILE)
    keys = server.open(**table)
    restarts = 0
    while not server.get(f"api/games/{keys[0]}")["game_over"]:
        play(server.get, server.post, keys, steps=7)
        server.restart()
        restarts += 1
    assert restarts > 3 and expected["game_over"]
    assert outcome(server.get, keys[0]) == expected
    assert "seat 1 (sparta)" in str(expected["events"])
