"""Nothing peeked (API.md, "What a seat may know"): while a game is on, no answer a seat can get
shows it what it may not know. The seed the server drew is the whole deal
(``zhengfen.Game(rules, seed).hand(s)``), so it is hidden until the game is over, in Zen Cheng
You's blind declarations too; a seed the person chose, or the one of a file they loaded, is
theirs. Every answer of every route is searched for the drawn seed and for another seat's
hand."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

import zhengfen
from zhengfen.web.app import create_app

Json = dict[str, Any]
LOCAL = "http://127.0.0.1:8000"
SECRET_KEYS = {"hands", "rng_state", "setup"}
"""Keys of the engine's records that hold or give away every hand."""


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url=LOCAL) as test_client:
        yield test_client


def keys(value: Any) -> Iterator[str]:
    """Every key of every object in a JSON value."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from keys(item)
    elif isinstance(value, list):
        for item in value:
            yield from keys(item)


class Peeker:
    """A seat's client that asks every read-only route at each step and checks that no answer
    holds the game's drawn seed (as digits anywhere in the text) or a record of every hand;
    it remembers the answers' views."""

    def __init__(self, client: TestClient, key: str, seed: int) -> None:
        self.client, self.key, self.seed = client, key, seed

    def clean(self, answer: Any, game_over: bool = False) -> Json:
        assert answer.status_code < 500, answer.text
        if not game_over:
            assert str(self.seed) not in answer.text, "the drawn seed reached the seat"
            assert not SECRET_KEYS & set(keys(answer.json()))
        body: Json = answer.json()
        return body

    def everything(self, view: Json) -> None:
        """Every read-only route of the game, checked clean (the game is on)."""
        base = f"/api/games/{self.key}"
        self.clean(self.client.get(base))
        self.clean(self.client.get(f"{base}?since=0"))
        self.clean(self.client.post(f"{base}/check", json={"cards": ["3c"]}))
        if view["your_turn"]:
            self.clean(self.client.post(f"{base}/hint", json={"playouts": 2}))
        self.clean(self.client.post(f"{base}/next", json={}))

    def step(self, view: Json) -> Json:
        """The seat's next request: the agents play on, or the seat's first legal move."""
        base = f"/api/games/{self.key}"
        if view["agents_playing"]:
            return self.clean(self.client.post(f"{base}/advance", json={}))
        answer = self.client.post(f"{base}/move", json={"index": 0, "version": view["version"]})
        return self.clean(answer, game_over=answer.json().get("game_over", False))


@pytest.mark.parametrize("game", ["zheng_fen", "zen_cheng_you"])
def test_the_drawn_seed_is_hidden_until_the_game_is_over(client: TestClient, game: str) -> None:
    """Before the fix every view carried the drawn seed, and ``Game(rules, seed).hand(1)`` was
    seat 1's hidden hand (in the blind declarations too, when even the seat's own cards are
    hidden)."""
    created = client.post(
        "/api/games", json={"game": game, "options": {"target": 1}, "opponents": ["random"]}
    )
    assert created.status_code == 201, created.text
    key, view = created.json()["id"], created.json()["view"]
    assert view["seed"] is None and view["seed_hidden"]
    seed = _server_seed(client, key)
    peeker = Peeker(client, key, seed)
    if game == "zen_cheng_you":
        assert view["phase"] == "blind_declare" and not view["hand"]["seen"]
    while not view["game_over"]:
        if view["match_over"]:
            view = peeker.clean(client.post(f"/api/games/{key}/next", json={}))
            continue
        peeker.everything(view)
        view = peeker.step(view)
    assert view["seed"] == seed and not view["seed_hidden"]
    final = client.get(f"/api/games/{key}?since=0").json()
    rules = zhengfen.Rules(game, target=1)  # type: ignore[arg-type]
    deal: Any = zhengfen.Game(rules, seed).history[0]
    dealt = deal["hands"][0]
    if game == "zheng_fen":  # the seed shown at the end is the deal's
        first = final["events"][0]
        assert " ".join(first["hand"]) == str(zhengfen.parse_cards(dealt, 1))


def _server_seed(client: TestClient, key: str) -> int:
    """The seed the server drew for the game ``key`` (read from the server's side)."""
    server = client.app.state.server  # type: ignore[attr-defined]
    seed = server.games.get(key.partition(".")[0]).deal.seed
    assert isinstance(seed, int)
    return seed


def test_a_chosen_seed_is_shown_to_the_person(client: TestClient) -> None:
    view = client.post("/api/games", json={"game": "zheng_fen", "seed": 7}).json()["view"]
    assert view["seed"] == 7 and not view["seed_hidden"]


def test_a_loaded_game_shows_the_seed_of_its_file(client: TestClient) -> None:
    """The loaded game said "seed 0" (the agents' seed) where the file holds 7."""
    saved = zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), seed=7).to_json()
    answer = client.post("/api/games/load", json={"saved": saved, "seed": 3})
    assert answer.status_code == 201, answer.text
    view = answer.json()["view"]
    assert view["seed"] == 7 and not view["seed_hidden"]
    hands = [["3c", "4c"], ["3d", "4d"], ["3h", "4h"], ["3s", "4s"]]
    rules = zhengfen.Rules.zheng_fen(players=4)
    given = zhengfen.Game.from_hands(rules, [" ".join(h) for h in hands], 0).to_json()
    view = client.post("/api/games/load", json={"saved": given}).json()["view"]
    assert view["seed"] == json.loads(given)["setup"]["seed"]  # the later matches' deals


def test_one_person_saves_an_unfinished_game(client: TestClient) -> None:
    """With one person in the game the save works while the game is on, as API.md says: the
    file holds the deal (a game can only be resumed from it), and the person is its owner."""
    key = client.post("/api/games", json={"game": "zheng_fen"}).json()["id"]
    saved = client.get(f"/api/games/{key}/save")
    assert saved.status_code == 200
    assert json.loads(saved.text)["setup"]["seed"] == _server_seed(client, key)
