"""The JSON API of ``zhengfen serve`` (python/zhengfen/web/API.md) through Starlette's test
client: whole matches of both games played through it (points, cards and what a seat may see
checked at every step), every kind of bad request answered with its 4xx and a reason, hints,
saving and resuming, replays of saved games and arena logs, tournaments, and the command."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient
from starlette.types import Message, Scope

import zhengfen
from zhengfen.agents import GreedyAgent, play_seats
from zhengfen.arena.log import Saved
from zhengfen.web import inputs, replays, views
from zhengfen.web.app import create_app
from zhengfen.web.limits import Limits

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "python")}
Json = dict[str, Any]
LOCAL = "http://127.0.0.1:8000"
"""Where the test client sends its requests: the server's own address."""


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url=LOCAL) as test_client:
        yield test_client


def new_game(client: TestClient, **request: Any) -> Json:
    answer = client.post("/api/games", json={"game": "zheng_fen", **request})
    assert answer.status_code == 201, answer.text
    body: Json = answer.json()
    return body


def error(answer: Any, status: int) -> str:
    """The reason of an error answer, checked to have ``status`` and the API's shape."""
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert isinstance(body["error"], str) and body["error"]
    assert "Traceback" not in answer.text
    return str(body["error"])


# --- whole matches -------------------------------------------------------------------------


def check_view(view: Json, before: Json | None) -> None:
    """What must hold of every view: the person's hand is theirs and counted right, moves are
    made of held cards and their groups partition them, cards only go down, nothing is dealt
    to the page but the person's own cards."""
    seat = view["seat"]
    hand = [card["card"] for card in view["hand"]["cards"]]
    if view["hand"]["seen"]:
        assert len(hand) == view["seats"][seat]["cards_left"]
    assert sum(len(g["cards"]) for g in view["hand"]["groups"]) == len(hand)
    for move in view["moves"]:
        assert all(move["cards"].count(c) <= hand.count(c) for c in move["cards"])
    indices = sorted(i for group in view["groups"] for i in group["indices"])
    assert indices == list(range(len(view["moves"])))
    assert view["your_turn"] == bool(view["moves"])
    for event in view["events"]:
        assert "hands" not in event, "a seat's view must never hold every hand"
        if event["type"] == "deal" and view["game"] == "zheng_fen":
            assert event["hand"] is not None
        assert isinstance(event["text"], str) and event["text"]
        assert not re.search(r"\byou (passes|plays|is|wins|hands|declares)\b", event["text"])
        if event["type"] == "play":
            assert event["text"].endswith(
                f"{event['move']['name']} ({' '.join(event['move']['cards'])})"
            )
    if before is not None and before["match"] == view["match"]:
        for now, then in zip(view["seats"], before["seats"]):
            assert now["cards_left"] <= then["cards_left"]
        assert view["events"][0]["n"] == before["history_length"]


def play_match(
    client: TestClient, opened: Json, declare: str = "pass", seen: list[Json] | None = None
) -> Json:
    """Plays the person's first legal move (or ``declare`` where it is legal) to the end of
    the match, asking the agents to play on while they are (``agents_playing``), checking
    every view; the answers' views are added to ``seen``."""
    key, view = opened["id"], opened["view"]
    check_view(view, None)
    while not view["match_over"]:
        assert view["agents_playing"] != view["your_turn"]
        if view["agents_playing"]:
            answer = client.post(f"/api/games/{key}/advance", json={})
        else:
            texts = [move["text"] for move in view["moves"]]
            body = {"move": declare} if declare in texts else {"index": 0}
            answer = client.post(
                f"/api/games/{key}/move", json={**body, "version": view["version"]}
            )
        assert answer.status_code == 200, answer.text
        view, before = answer.json(), view
        check_view(view, before)
        if seen is not None:
            seen.append(view)
    assert not view["agents_playing"]
    result: Json = view
    return result


AGENT_DECISIONS = ("play", "pass", "declaration")
"""The events an agent's decision writes first (a deal is the person's: the next match)."""


def slow_seat(rules: zhengfen.Rules, seed: int) -> int:
    """The seat that moves last before its first turn in a game of ``rules`` and ``seed``: all
    the other seats' agents play before it."""
    game = zhengfen.Game(rules, seed)
    assert game.current_player is not None
    return (game.current_player - 1) % rules.players


@pytest.mark.parametrize("game", ["zheng_fen", "zen_cheng_you"])
def test_the_agents_play_a_slice_at_a_time(game: str) -> None:
    """With no time for the agents in a request, every answer holds one agent's decision at
    most and says whether they play on; asking again (``advance``) plays the match out, the
    events' ``n`` running on without gap or repeat, and the person cannot move meanwhile."""
    rules = zhengfen.Rules(game)  # type: ignore[arg-type]
    seat = slow_seat(rules, 5)
    with TestClient(create_app(limits=Limits(agent_seconds=0.0)), base_url=LOCAL) as client:
        opened = new_game(client, game=game, seat=seat, seed=5, opponents=["greedy"])
        key, first = opened["id"], opened["view"]
        assert first["agents_playing"] and not first["your_turn"]
        assert "not your turn" in error(
            client.post(f"/api/games/{key}/move", json={"move": "pass"}), 409
        )
        assert client.get(f"/api/games/{key}").json()["events"] == []  # a GET plays nothing
        seen = [first]
        end = play_match(client, opened, seen=seen)
        events = [event for view in seen for event in view["events"]]
        assert [event["n"] for event in events] == list(range(end["history_length"]))
        for before, view in zip(seen, seen[1:]):
            agents = [
                e for e in view["events"] if e["type"] in AGENT_DECISIONS and e["seat"] != seat
            ]
            assert len(agents) <= 1
            assert view["version"] == before["version"] + len(
                [e for e in view["events"] if e["type"] in AGENT_DECISIONS]
            )
        assert sum(1 for view in seen if view["agents_playing"]) >= rules.players - 1
        idle = client.post(f"/api/games/{key}/advance", json={}).json()  # nothing to play
        assert idle["events"] == [] and idle["version"] == end["version"]


def test_slow_agents_answer_within_the_slice() -> None:
    """Slow agents (each move a search) play a match out over many requests, none of which
    lasts much longer than the server's slice, while the match takes many slices."""
    limits = Limits(agent_seconds=0.05)
    rules = zhengfen.Rules.zheng_fen(players=4)
    seat, slow = slow_seat(rules, 7), "ismcts(iterations=2000)"
    with TestClient(create_app(limits=limits), base_url=LOCAL) as client:
        times: list[float] = []
        start = time.monotonic()
        opened = new_game(client, seat=seat, seed=7, opponents=[slow])
        times.append(time.monotonic() - start)
        seen = [opened["view"]]
        key = opened["id"]
        view = opened["view"]
        while not view["match_over"]:
            asked = time.monotonic()
            if view["agents_playing"]:
                answer = client.post(f"/api/games/{key}/advance", json={})
            else:  # the person passes where they may: long runs of the agents' moves
                texts = [move["text"] for move in view["moves"]]
                answer = client.post(
                    f"/api/games/{key}/move",
                    json={"move": "pass"} if "pass" in texts else {"index": 0},
                )
            times.append(time.monotonic() - asked)
            assert answer.status_code == 200, answer.text
            view = answer.json()
            seen.append(view)
        total = time.monotonic() - start
    assert max(times) < limits.agent_seconds + 1.0
    assert sum(1 for view in seen if view["agents_playing"]) >= 3
    assert total > 3 * max(times)
    events = [event for view in seen for event in view["events"]]
    assert [event["n"] for event in events] == list(range(view["history_length"]))


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_whole_zheng_fen_match(client: TestClient, players: int) -> None:
    opened = new_game(client, players=players, seat=1, seed=11, opponents=["random"])
    end = play_match(client, opened)
    assert sum(seat["points_won"] for seat in end["seats"]) == 100
    assert sum(row["match_points"] for row in end["scores"]) == 100
    assert sorted(s["place"] for s in end["seats"] if s["place"]) == list(range(1, players + 1))
    everything = client.get(f"/api/games/{opened['id']}?since=0").json()
    kinds = [event["type"] for event in everything["events"]]
    assert kinds[0] == "deal" and "trick" in kinds and "out" in kinds and "match_scored" in kinds
    assert everything["scores"][1]["label"] == "you"


def test_a_whole_zen_cheng_you_match(client: TestClient) -> None:
    opened = new_game(client, game="zen_cheng_you", seat=2, seed=0, opponents=["greedy"])
    view = opened["view"]
    assert view["teams"] == [[0, 2], [1, 3]]
    assert [s["team"] for s in view["seats"]] == [0, 1, 0, 1]
    assert view["scores"][0]["label"].startswith("team 0 (") and "you" in view["scores"][0]["label"]
    assert view["phase"] == "blind_declare" and view["your_turn"]
    assert view["hand"] == {"cards": [], "groups": [], "seen": False}
    hint = client.post(f"/api/games/{opened['id']}/hint", json={"playouts": 2}).json()
    assert {c["move"]["kind"] for c in hint["candidates"]} <= {"blind", "pass"}
    for card in ("3c", "5h", "Ks", "RJ"):  # the unseen hand cannot be probed
        checked = client.post(f"/api/games/{opened['id']}/check", json={"cards": [card]})
        assert checked.json()["held"] is False
    end = play_match(client, opened, declare="pass")
    check_zen_cheng_you_scores(end)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_zen_cheng_you_declarations_count(client: TestClient, seed: int) -> None:
    opened = new_game(client, game="zen_cheng_you", seed=seed, opponents=["random"])
    end = play_match(client, opened, declare="blind")
    assert any(d["seat"] == 0 and d["move"] == "blind" for d in end["declarations"])
    check_zen_cheng_you_scores(end)


def check_zen_cheng_you_scores(end: Json) -> None:
    """A team's match points are its card points (all 200 on a 1-2 finish) plus its
    declarations' points (RULES.md §11.2, §11.6), as the view states them."""
    first, second = (end["seats"][s]["team"] for s in end["out_order"][:2])
    if first != second:  # no 1-2 finish: the 200 card points are all won
        assert sum(seat["points_won"] for seat in end["seats"]) == 200
    declarations = end["declarations"]
    assert declarations is not None and len(declarations) >= 4
    for team in (0, 1):
        if first == second:
            cards = 200 if team == first else 0
        else:
            cards = sum(s["points_won"] for s in end["seats"] if s["team"] == team)
        bonus = sum(d["points"] for d in declarations if d["team"] == team)
        assert end["scores"][team]["match_points"] == cards + bonus


def test_the_view_shows_what_the_seat_knows_and_nothing_else() -> None:
    """A world resampled from the seat's information set (other hands shuffled) gives the
    same view: nothing hidden from the seat is in it."""
    for rules in (zhengfen.Rules.zheng_fen(players=4), zhengfen.Rules.zen_cheng_you()):
        game = zhengfen.Game(rules, seed=9)
        agents = {s: GreedyAgent(s) for s in (1, 2, 3)}
        for _ in range(12):
            play_seats(game, agents, matches=1)
            if game.current_player != 0:
                break
            world = game.info_set(0).resample(3)
            assert any(world.hand(s) != game.hand(s) for s in (1, 2, 3))
            mine, theirs = views.view(game, 0, {}, 0), views.view(world, 0, {}, 0)
            for shown in (mine, theirs):
                shown.pop("version")
                for event in shown.pop("events"):
                    event.pop("n")
            assert mine == theirs
            game.play(game.legal_moves()[-1])


def test_the_felt_is_the_engines_record_event_by_event(client: TestClient) -> None:
    """The page draws the engine's record (``felt``): after each event of the current match
    (the agents' moves one by one) and in the view, which is the last event's. Cards left, points
    and places are the engine's; the seat's own hand only (before: the page folded the events
    itself, restating the dealing counts)."""
    opened = new_game(client, seat=1, seed=5, opponents=["greedy"])
    view = client.get(f"/api/games/{opened['id']}?since=0").json()
    assert view["events"][-1]["felt"] == view["felt"]
    game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), 5)
    for event in view["events"]:
        felt = event["felt"]
        assert [s["hand"] is not None for s in felt["seats"]] == [False, True, False, False]
        if event["type"] == "deal":
            assert [s["cards_left"] for s in felt["seats"]] == [len(game.hand(s)) for s in range(4)]
    assert [s["cards_left"] for s in view["felt"]["seats"]] == [
        s["cards_left"] for s in view["seats"]
    ]


def test_the_last_hand_is_shown_at_the_end(client: TestClient) -> None:
    """When the match ends the last player's remaining hand, handed over with his pile, is
    shown (``last_hand``; before, it was never shown); once the game is over every hand is."""
    shown = 0
    for seed in range(6):
        opened = new_game(client, seed=seed, options={"target": 1}, opponents=["greedy"])
        end = play_match(client, opened)
        assert end["game_over"]
        felt = end["felt"]
        assert all(s["hand"] is not None for s in felt["seats"])
        last = end["last_hand"]
        if last is not None:
            shown += 1
            assert last == felt["last_hand"] and last["seat"] == end["out_order"][-1]
            transfer = next(e for e in reversed(end["events"]) if e["type"] == "transfer")
            assert transfer["from"] == last["seat"] and last["cards"]
    assert shown


def test_two_games_are_played_apart(client: TestClient) -> None:
    first = new_game(client, seed=1, opponents=["greedy"])
    second = new_game(client, game="zen_cheng_you", seed=2)
    assert first["id"] != second["id"]
    one = client.post(f"/api/games/{first['id']}/move", json={"index": 0}).json()
    two = client.get(f"/api/games/{second['id']}").json()
    assert one["game"] == "zheng_fen" and two["game"] == "zen_cheng_you"
    assert two["events"] == []  # nothing new in the second game


def test_next_match_and_the_game_over(client: TestClient) -> None:
    opened = new_game(client, seed=4, options={"target": 1}, opponents=["greedy"])
    key = opened["id"]
    assert "still being played" in error(client.post(f"/api/games/{key}/next"), 409)
    end = play_match(client, opened)
    assert end["game_over"] and end["winners"]
    assert "over" in error(client.post(f"/api/games/{key}/next"), 409)
    assert "game is over" in error(client.post(f"/api/games/{key}/move", json={"index": 0}), 409)


def test_next_match_deals_again(client: TestClient) -> None:
    opened = new_game(client, seed=8, opponents=["random"])
    play_match(client, opened)
    view = client.post(f"/api/games/{opened['id']}/next", json={}).json()
    assert view["match"] == 2 and not view["match_over"]
    assert view["events"][0]["type"] == "deal" and view["events"][0]["match"] == 2


# --- moves, selections, hints --------------------------------------------------------------


def test_a_move_by_cards_by_text_and_refused(client: TestClient) -> None:
    opened = new_game(client, seed=3, opponents=["greedy"])
    key, view = opened["id"], opened["view"]
    hand = [card["card"] for card in view["hand"]["cards"]]
    move = view["moves"][-1]
    assert error(client.post(f"/api/games/{key}/move", json={"index": 999}), 409)
    stale = {"index": 0, "version": view["version"] + 1}
    assert "out of date" in error(client.post(f"/api/games/{key}/move", json=stale), 409)
    not_held = next(c for c in ("3c", "3d", "3h", "3s", "4c", "4d") if c not in hand)
    assert "do not hold" in error(
        client.post(f"/api/games/{key}/move", json={"cards": [not_held]}), 409
    )
    assert error(client.post(f"/api/games/{key}/move", json={"move": "declare"}), 409)
    for notation in ("pair 8: 8c 8d", "xyz"):  # no notation: malformed, not an illegal move
        refused = error(client.post(f"/api/games/{key}/move", json={"move": notation}), 400)
        assert "bad combination" in refused
    assert error(client.post(f"/api/games/{key}/move", json={"cards": "3c 1x"}), 400)
    assert "index" in error(client.post(f"/api/games/{key}/move", json={}), 400)
    answer = client.post(f"/api/games/{key}/move", json={"move": move["text"]})
    assert answer.status_code == 200, answer.text
    mine = [e for e in answer.json()["events"] if e.get("seat") == 0]
    if move["kind"] == "pass":
        assert mine[0]["type"] == "pass"
    else:
        assert mine[0]["move"] == {k: move[k] for k in ("text", "name", "cards", "kind")}
    view = answer.json()
    if view["your_turn"]:
        combo = next(m for m in view["moves"] if m["cards"])
        answer = client.post(f"/api/games/{key}/move", json={"cards": combo["cards"]})
        assert answer.status_code in (200, 409), answer.text  # 409: several readings


def test_contradictory_or_unknown_fields_are_refused_and_change_nothing(
    client: TestClient,
) -> None:
    """``{"index": 0, "cards": [...]}`` used to play the index; a field a route does not take
    was ignored. Both are a 400 naming the fields, and the game does not move."""
    opened = new_game(client, seed=3, opponents=["greedy"])
    key, view = opened["id"], opened["view"]
    move = view["moves"][0]
    both = {"index": 0, "cards": move["cards"] or ["3c"]}
    words = error(client.post(f"/api/games/{key}/move", json=both), 400)
    assert words == "give one of 'index', 'cards', not several"
    typo = error(client.post(f"/api/games/{key}/move", json={"index": 0, "vesion": 1}), 400)
    assert typo.startswith("unknown field 'vesion' (this request takes ")
    for path, body in (
        ("next", {"force": True}),
        ("advance", {"x": 1}),
        ("hint", {"agent": "greedy", "playout": 4}),
        ("check", {"cards": [], "seat": 1}),
    ):
        assert "unknown field" in error(client.post(f"/api/games/{key}/{path}", json=body), 400)
    assert client.get(f"/api/games/{key}").json()["version"] == view["version"]
    replay = {"name": "x", "text": "{}"}
    assert "give one of 'name', 'text'" in error(client.post("/api/replays", json=replay), 400)
    tournament = {"game": "zheng_fen", "agents": ["greedy"], "deal": 3}
    assert "unknown field 'deal'" in error(client.post("/api/tournaments", json=tournament), 400)


def test_check_reads_a_selection(client: TestClient) -> None:
    opened = new_game(client, seed=6, opponents=["greedy"])
    key, view = opened["id"], opened["view"]
    for move in view["moves"]:
        if not move["cards"]:
            continue
        checked = client.post(f"/api/games/{key}/check", json={"cards": move["cards"]}).json()
        assert checked["legal"] and checked["held"] and checked["reason"] is None
        assert move["index"] in checked["indices"]
        assert all(view["moves"][i]["cards"] == move["cards"] for i in checked["indices"])
        assert move["text"] in [reading["text"] for reading in checked["readings"]]
    empty = client.post(f"/api/games/{key}/check", json={"cards": []}).json()
    assert not empty["legal"] and empty["reason"] == "no cards selected"
    hand = [card["card"] for card in view["hand"]["cards"]]
    low, high = hand[0], hand[-1]
    if low[:-1] != high[:-1]:
        mixed = client.post(f"/api/games/{key}/check", json={"cards": [low, high]}).json()
        assert not mixed["legal"] and mixed["readings"] == []
        assert " is not a combination: " in mixed["reason"]  # and why (RULES.md §4.11)
        assert mixed["reason"].endswith(mixed["no_reading"]["text"])
    assert error(client.post(f"/api/games/{key}/check", json={"cards": 5}), 400)


def test_check_says_what_does_not_beat_the_table(client: TestClient) -> None:
    for seed in range(40):
        view = new_game(client, seed=seed, seat=1, opponents=["greedy"])["view"]
        table = view["table"]
        if table is None or table["move"]["kind"] != "single":
            client.delete(f"/api/games/{view['id']}")
            continue
        hand = [card for card in view["hand"]["cards"]]
        beaten = [
            c["card"] for c in hand if not any(m["cards"] == [c["card"]] for m in view["moves"])
        ]
        if not beaten:
            continue
        checked = client.post(f"/api/games/{view['id']}/check", json={"cards": beaten[:1]})
        body = checked.json()
        assert body["beats_table"] is False and not body["legal"]
        assert "does not beat" in body["reason"]
        return
    pytest.fail("no seed gave a single to beat with a card that does not beat it")


def test_hint_names_a_move_and_evaluates_candidates(client: TestClient) -> None:
    opened = new_game(client, seed=12, opponents=["greedy"])
    key, view = opened["id"], opened["view"]
    hint = client.post(f"/api/games/{key}/hint", json={"agent": "greedy", "playouts": 4}).json()
    assert 0 <= hint["index"] < len(view["moves"])
    assert hint["move"]["text"] == view["moves"][hint["index"]]["text"]
    candidates = hint["candidates"]
    assert 1 <= len(candidates) <= 8
    assert any(hint["index"] in c["variants"] for c in candidates)
    values = [c["value"] for c in candidates]
    assert values == sorted(values, reverse=True)
    assert all(1 <= c["playouts"] <= 4 for c in candidates)
    assert all(0 <= c["value"] <= 100 for c in candidates)  # a Zheng Fen match gives 0 to 100
    assert error(client.post(f"/api/games/{key}/hint", json={"playouts": 10_000}), 400)
    assert error(client.post(f"/api/games/{key}/hint", json={"agent": "os:system"}), 400)


@pytest.mark.parametrize("seed", [3, 12, 21])
def test_a_hint_never_contradicts_its_values(client: TestClient, seed: int) -> None:
    """Issue 22: "greedy would play pass" above a table where another move scored higher, and
    another agent changed only the recommendation. The search agent's values are its own
    estimate, so it recommends their best; greedy and ISMCTS choose by their own rule, and the
    hint says the values are another measure."""
    opened = new_game(client, seed=seed, opponents=["greedy"])
    key = opened["id"]
    for agent in ["search", "search(determinizations=4)"]:
        hint = client.post(f"/api/games/{key}/hint", json={"agent": agent}).json()
        best = max(c["value"] for c in hint["candidates"])
        assert hint["ranked_by"] == "value" and hint["candidates"][0]["index"] == hint["index"]
        assert hint["candidates"][0]["value"] == best
        assert hint["move"] == hint["candidates"][0]["move"]
        assert "its own estimate" in hint["basis"]
    for agent in ["greedy", "ismcts(iterations=50)"]:
        hint = client.post(f"/api/games/{key}/hint", json={"agent": agent}).json()
        assert hint["ranked_by"] == "own"
        assert "own rule" in hint["basis"] and "greedy playouts" in hint["basis"]
        assert "may rank another move higher" in hint["basis"]


def test_the_costliest_agent_allowed_decides_in_time(client: TestClient) -> None:
    """The largest agent a request may name, asked for a hint on a Zen Cheng You blind
    declaration (its costliest decision: every iteration plays a whole two-deck match), answers
    well within the time another request waits for the game."""
    opened = new_game(client, game="zen_cheng_you", seed=1)
    assert opened["view"]["phase"] == "blind_declare" and opened["view"]["your_turn"]
    bounds = inputs.SETTING_BOUNDS
    for spec in (
        f"ismcts(iterations={bounds['iterations']},candidates={bounds['candidates']})",
        f"sparta(budget={bounds['budget']},candidates={bounds['candidates']},"
        f"tree={bounds['tree']})",
    ):
        start = time.monotonic()
        answer = client.post(f"/api/games/{opened['id']}/hint", json={"agent": spec, "playouts": 1})
        assert answer.status_code == 200, answer.text
        assert time.monotonic() - start < Limits().busy_seconds / 2


def check_breakdown(view: Json) -> Json:
    """A finished Zen Cheng You match's breakdown, checked to add up to the engine's match
    points and scores (issue 22: "match 100" beside 105 and 35 card points, unexplained)."""
    breakdown: Json = view["breakdown"]
    assert breakdown is not None and view["match_over"]
    scores = {row["label"]: row for row in view["scores"]}
    for team in breakdown["teams"]:
        counted = team["one_two"] if breakdown["one_two"] else team["cards"]
        assert (team["cards"] is None) == breakdown["one_two"] == (team["one_two"] is not None)
        assert counted + team["declarations"] == team["match_points"]
        assert team["before"] + team["match_points"] == team["score"]
        assert scores[team["label"]]["match_points"] == team["match_points"]
        assert scores[team["label"]]["score"] == team["score"]
        made = [d["points"] for d in breakdown["declarations"] if d["team"] == team["team"]]
        assert sum(made) == team["declarations"]
    first = sorted(t["one_two"] if breakdown["one_two"] else t["cards"] for t in breakdown["teams"])
    assert first == ([0, 200] if breakdown["one_two"] else first) and sum(first) == 200
    return breakdown


@pytest.mark.parametrize("declare", ["declare", "blind"])
def test_a_zen_cheng_you_match_shows_its_score_breakdown(client: TestClient, declare: str) -> None:
    """The view of a finished Zen Cheng You match explains its points: card points (or a 1-2
    finish's 200), declarations, the match, the scores before and after; ``null`` before the
    end and in Zheng Fen. Over several seeds, both a 1-2 finish and a transfer are seen."""
    finishes = set()
    for seed in range(1, 9):
        opened = new_game(client, game="zen_cheng_you", seed=seed, opponents=["greedy"])
        assert opened["view"]["breakdown"] is None
        view = play_match(client, opened, declare=declare)
        breakdown = check_breakdown(view)
        assert any(d["seat"] == view["seat"] for d in breakdown["declarations"])
        finishes.add(breakdown["one_two"])
        nxt = client.post(f"/api/games/{opened['id']}/next", json={})
        if nxt.status_code == 200:
            assert nxt.json()["breakdown"] is None
            before = {t["label"]: t["score"] for t in breakdown["teams"]}
            assert all(before[r["label"]] == r["score"] for r in nxt.json()["scores"])
    assert finishes == {True, False}
    assert play_match(client, new_game(client, seed=3))["breakdown"] is None


# --- saving and resuming -------------------------------------------------------------------


def test_save_and_load_resume_the_game(client: TestClient) -> None:
    opened = new_game(client, seed=21, opponents=["greedy"])
    key = opened["id"]
    client.post(f"/api/games/{key}/move", json={"index": 0})
    saved = client.get(f"/api/games/{key}/save")
    assert saved.status_code == 200
    assert "attachment" in saved.headers["content-disposition"]
    game = zhengfen.Game.from_json(saved.text)
    view = client.get(f"/api/games/{key}").json()
    loaded = client.post(
        "/api/games/load", json={"saved": saved.text, "seat": 0, "opponents": "greedy"}
    )
    assert loaded.status_code == 201, loaded.text
    resumed = loaded.json()["view"]
    assert resumed["hand"] == view["hand"] and resumed["scores"] == view["scores"]
    assert resumed["events"] == [] and len(game.history) == resumed["history_length"]
    assert "not JSON" in error(client.post("/api/games/load", json={"saved": "{bad"}), 400)
    broken = json.loads(saved.text)
    broken["decisions"] = ["single 3 1: 3c"] * 3
    assert error(client.post("/api/games/load", json={"saved": json.dumps(broken)}), 400)


# --- bad requests --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "poker"}, "'game' must be one of"),
        ({}, "'game' is required"),
        ({"game": "zheng_fen", "players": 7}, "'players' must be from 3 to 6"),
        ({"game": "zheng_fen", "players": "4"}, "'players' must be an integer"),
        ({"game": "zen_cheng_you", "players": 5}, "players"),
        ({"game": "zheng_fen", "seat": 4}, "'seat' must be from 0 to 3"),
        ({"game": "zheng_fen", "seed": -1}, "'seed'"),
        ({"game": "zheng_fen", "seed": 2**64}, "'seed'"),
        ({"game": "zheng_fen", "options": {"target": 0}}, "target"),
        ({"game": "zheng_fen", "options": {"colour": "red"}}, "colour"),
        ({"game": "zheng_fen", "options": [1]}, "'options'"),
        ({"game": "zheng_fen", "options": {"game": "zen_cheng_you"}}, "the 'game' field"),
        ({"game": "zheng_fen", "opponents": ["zhengfen.agents:GreedyAgent"]}, "built-in"),
        ({"game": "zheng_fen", "opponents": ["genius"]}, "genius"),
        ({"game": "zheng_fen", "opponents": ["ismcts(iterations=1000000)"]}, "at most"),
        ({"game": "zheng_fen", "opponents": ["sparta(budget=10001)"]}, "budget may be at most"),
        ({"game": "zheng_fen", "opponents": ["sparta(tree=1001)"]}, "tree may be at most 1000"),
        ({"game": "zheng_fen", "opponents": ["ismcts(declare=5001)"]}, "declare may be at most"),
        ({"game": "zheng_fen", "opponents": []}, "'opponents'"),
        ([1, 2], "JSON object"),
        # issue 23 §2: contradictions and unknown fields were silently resolved or ignored
        (
            {"game": "zheng_fen", "players": 3, "options": {"players": 5}},
            "'players' is 3 but 'options' gives players 5",
        ),
        ({"game": "zheng_fen", "oponents": ["random"]}, "unknown field 'oponents'"),
        ({"game": "zheng_fen", "seed": 1, "colour": "red"}, "unknown field 'colour'"),
    ],
)
def test_a_bad_new_game_is_refused_with_the_reason(
    client: TestClient, body: Any, words: str
) -> None:
    assert words in error(client.post("/api/games", json=body), 400)


def test_malformed_and_oversized_bodies(client: TestClient) -> None:
    assert "not JSON" in error(client.post("/api/games", content=b"{nope"), 400)
    assert "not JSON" in error(client.post("/api/games", content=b"\xff\xfe"), 400)
    deep = b"[" * 100_000 + b"]" * 100_000
    assert error(client.post("/api/games", content=deep), 400)
    huge = b'{"game": "' + b"x" * 300_000 + b'"}'
    assert "larger than" in error(client.post("/api/games", content=huge), 413)


def test_unknown_ids_routes_and_methods(client: TestClient) -> None:
    assert error(client.get("/api/games/g0000"), 404)
    assert error(client.post("/api/games/g0000/move", json={"index": 0}), 404)
    assert error(client.get("/api/replays/r0000/0"), 404)
    assert error(client.get("/api/tournaments/u0000"), 404)
    assert error(client.get("/api/nothing"), 404)
    assert error(client.put("/api/games"), 405)
    assert error(client.get("/api/games/g0000?since=x"), 404)


def test_a_game_is_no_table(client: TestClient) -> None:
    """Issue 23 §4.6: a person's game is a game (``/api/games``, ``game_id``, ``max_games``); the
    old table routes are gone, not kept as aliases. The view's ``table`` is the combination to
    beat."""
    key = new_game(client, seed=1)["id"]
    assert "no such page or API route" in error(client.post("/api/tables", json={}), 404)
    assert error(client.get(f"/api/tables/{key}"), 404)
    view = client.get(f"/api/games/{key}").json()
    assert key.startswith("g") and view["game_id"] == key.partition(".")[0]
    assert "table_id" not in view and view["link"].startswith("#/game/")
    assert view["table"] is None or set(view["table"]) == {"seat", "move"}
    limits = client.get("/api/options").json()["limits"]
    assert {"max_games", "games_per_client"} <= set(limits)
    assert not [name for name in limits if "table" in name]


@pytest.mark.parametrize("number", ["\u00b2", "9" * 5000, "-1", "1.5"])
def test_odd_numbers_in_paths_and_queries_are_refused_with_the_reason(
    client: TestClient, number: str
) -> None:
    """A superscript digit or a number of thousands of digits is named as a bad index, not
    answered with Python's reason for not reading it."""
    key = new_game(client, seed=1)["id"]
    assert "'since' must be" in error(
        client.get(f"/api/games/{key}", params={"since": number}), 400
    )
    opened = client.post("/api/replays", json={"text": saved_game().to_json()}).json()
    assert "numbered from 0" in error(client.get(f"/api/replays/{opened['id']}/{number}"), 404)


def test_a_full_server_and_an_idle_game() -> None:
    app = create_app(limits=Limits(max_games=2, idle_seconds=60))
    with TestClient(app, base_url=LOCAL) as client:
        first = new_game(client, seed=1)
        new_game(client, seed=2)
        assert "limit" in error(client.post("/api/games", json={"game": "zheng_fen"}), 429)
        store = app.state.server.games
        now = time.monotonic()
        store.clock = lambda: now + 61
        assert "idle" in error(client.get(f"/api/games/{first['id']}"), 404)
        new_game(client, seed=3)  # the idle games were forgotten: room again
        deleted = client.delete(f"/api/games/{new_game(client, seed=4)['id']}")
        assert deleted.status_code == 204


def test_the_page_draws_the_engines_cards(client: TestClient) -> None:
    """``GET /api/options`` lists the deck's cards with their points in the engine's order, for
    the page to draw (before, cards.js restated the points and the rank order); checked against
    the pure-Python reference."""
    from zhengfen import reference

    cards = client.get("/api/options").json()["cards"]
    deck = reference.parse_cards(" ".join(c["card"] for c in cards))
    assert len(cards) == 54 and [str(c) for c in deck] == [c["card"] for c in cards]
    for card in cards:
        assert card["points"] == reference.points(reference.parse_cards(card["card"]))


def test_the_page_restates_no_rule() -> None:
    """The page draws what the engine sends (API.md "The felt"): its scripts hold no dealing
    counts (54, 108 cards, the extra cards of the first drawers), no card points, no rank order
    and no declaration stakes (before: display.js folded the events with them, cards.js held the
    points and the order, the texts the stakes)."""
    static = ROOT / "python" / "zhengfen" / "web" / "static"
    scripts = {path.name: path.read_text(encoding="utf-8") for path in static.glob("*.js")}
    for name, script in scripts.items():
        for fact in ("108", "% total", "RANK_ORDER", '"5" ? 5', "±200", "±100", "+200", "+100"):
            assert fact not in script, (name, fact)
    assert "applyEvent" not in scripts["display.js"] and "markDeals" not in scripts["play.js"]


def test_one_client_cannot_fill_the_server() -> None:
    """A client's games past ``games_per_client`` make the server forget that client's least
    recently used one (kept in the archive as evicted), never another client's; before, one
    client could hold every game for ``idle_seconds``."""
    app = create_app(limits=Limits(max_games=4, games_per_client=2))
    with TestClient(app, base_url=LOCAL, client=("10.0.0.1", 1)) as careless:
        first, second = new_game(careless, seed=1), new_game(careless, seed=2)
        careless.get(f"/api/games/{first['id']}")  # first is now the more recently used
        third = new_game(careless, seed=3)
        assert "no game" in error(careless.get(f"/api/games/{second['id']}"), 404)
        for opened in (first, third):
            assert careless.get(f"/api/games/{opened['id']}").status_code == 200
        with TestClient(app, base_url=LOCAL, client=("10.0.0.2", 1)) as other:
            mine = [new_game(other, seed=s) for s in (4, 5)]
            new_game(careless, seed=6)  # the careless client loses its own, not these
            assert all(other.get(f"/api/games/{t['id']}").status_code == 200 for t in mine)
        assert len(app.state.server.games) == 4
    assert Limits().public()["games_per_client"] == 16


def test_a_full_server_refuses_a_load_before_reading_it() -> None:
    """Resuming a game on a full server is refused as creating one is, before the upload (up to
    8 MiB) is read and the agents play."""
    with TestClient(create_app(limits=Limits(max_games=1)), base_url=LOCAL) as client:
        new_game(client, seed=1)
        answer = client.post("/api/games/load", json={"saved": "not a saved game"})
        assert "limit" in error(answer, 429)


def test_a_game_busy_past_the_wait_answers_409() -> None:
    """A request on a game another request holds longer than ``busy_seconds`` is refused with
    a reason to try again; the game answers once free."""
    app = create_app(limits=Limits(busy_seconds=0.1))
    with TestClient(app, base_url=LOCAL) as client:
        key = new_game(client, seed=1)["id"]
        opened = app.state.server.games.get(key.partition(".")[0])
        with opened.using(1.0):
            assert "busy" in error(client.get(f"/api/games/{key}"), 409)
        assert client.get(f"/api/games/{key}").status_code == 200


def test_a_bug_is_a_short_500(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    opened = new_game(client, seed=1)

    def broken(*args: Any) -> None:
        raise RuntimeError("secret detail")

    monkeypatch.setattr("zhengfen.web.games.WebGame.check", broken)
    answer = client.post(f"/api/games/{opened['id']}/check", json={"cards": []})
    assert error(answer, 500) == "internal error: RuntimeError"
    assert "secret" not in answer.text


def test_options_list_games_agents_and_limits(client: TestClient) -> None:
    options = client.get("/api/options").json()
    games = {game["game"]: game for game in options["games"]}
    assert games["zheng_fen"]["players"] == [3, 4, 5, 6]
    assert games["zen_cheng_you"]["players"] == [4]
    zf = {option["name"]: option for option in games["zheng_fen"]["options"]}
    assert zf["target"]["default"] == 500 and zf["tie"]["values"] == ["play_on", "share"]
    for game, listed in games.items():
        rules = zhengfen.Rules(game)
        defaults = {o["name"]: o["default"] for o in listed["options"]}
        assert zhengfen.Rules(game, **defaults) == rules
    names = [agent["name"] for agent in options["agents"]]
    shipped = ["learned", "sparta"] if zhengfen.shipped_models() else []
    assert names == ["random", "greedy", "search", "ismcts", *shipped]
    assert all(":" not in agent["spec"] for agent in options["agents"])
    assert options["limits"]["max_games"] == 64


# --- replays -------------------------------------------------------------------------------


def saved_game(players: int = 4, seed: int = 2) -> zhengfen.Game:
    game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=players, target=100), seed=seed)
    play_seats(game, [GreedyAgent(s) for s in range(players)], matches=2)
    return game


def fetch_frames(client: TestClient, key: str, k: int) -> tuple[Json, list[Json], list[int]]:
    """Game ``k`` of replay ``key``: its index, then every match's frames asked for one match
    at a time and joined, with the trick starts; each match's answer checked to be the frames
    the index says."""
    index: Json = client.get(f"/api/replays/{key}/{k}").json()
    assert "frames" not in index
    starts = index["matches"]
    frames: list[Json] = []
    tricks: list[int] = []
    for m, first in enumerate(starts, start=1):
        part = client.get(f"/api/replays/{key}/{k}?match={m}").json()
        end = starts[m] if m < len(starts) else index["length"]
        assert (part["k"], part["match"], part["first"]) == (k, m, first)
        assert [frame["i"] for frame in part["frames"]] == list(range(first, end))
        assert all(frame["match"] == m for frame in part["frames"])
        assert part["tricks"][0] == first and all(first <= t < end for t in part["tricks"])
        frames += part["frames"]
        tricks += part["tricks"]
    return index, frames, tricks


def check_frames(client: TestClient, key: str, k: int, game: zhengfen.Game) -> Json:
    """Game ``k`` of replay ``key`` replays ``game``; its index is answered."""
    index, frames, tricks = fetch_frames(client, key, k)
    assert len(frames) == index["length"] == len(game.decisions) + 1
    assert frames[-1]["felt"]["scores"] == game.scores
    for frame in frames:
        seats = frame["felt"]["seats"]
        assert [len(s["hand"]) for s in seats] == [s["cards_left"] for s in seats]
    # one count of moves: the list of games, the index and the last frame's position agree
    moves = sum(1 for d in game.decisions if d != "next_match")
    assert index["moves"] == frames[-1]["move"] == moves
    assert [f["move"] for f in frames] == sorted(f["move"] for f in frames)
    assert tricks == sorted(set(tricks)) and tricks[0] == 0
    assert index["matches"][0] == 0 and len(index["matches"]) == game.match_number + 1
    assert set(index["matches"]) <= set(tricks)
    for start in index["matches"][1:]:
        assert frames[start]["events"][0]["type"] == "deal"
        assert frames[start]["decision"]["move"]["kind"] == "next_match"
    past = len(index["matches"]) + 1
    for wrong, status in ((0, 404), (past, 404), ("x", 400), ("-1", 400), ("", 400)):
        assert error(client.get(f"/api/replays/{key}/{k}?match={wrong}"), status)
    return index


def long_game() -> zhengfen.Game:
    """A Zen Cheng You game of 60 matches between random agents (over 8000 decisions)."""
    game = zhengfen.Game(zhengfen.Rules.zen_cheng_you(target=10_000), 1)
    play_seats(game, [zhengfen.agents.RandomAgent(seat) for seat in range(4)], matches=60)
    return game


def test_a_long_game_replays_in_bounded_answers(client: TestClient) -> None:
    """No replay answer grows with the game: the frames come a match at a time (the whole game
    in one answer was 10 MB for this 0.5 MB game, 160 MB for an upload at the limit); each
    frame's events are its decision's, and together they are the game's history. (That the
    frames cost time in proportion to the decisions, not a minute for this game as when each
    frame copied the whole history, is measured by ``benches/bench_replay.py``.)"""
    game = long_game()
    assert len(game.decisions) > 8000
    key = client.post("/api/replays", json={"text": game.to_json()}).json()["id"]
    index = client.get(f"/api/replays/{key}/0")
    assert len(index.content) < 4096
    largest = max(
        len(client.get(f"/api/replays/{key}/0?match={m}").content)
        for m in range(1, len(index.json()["matches"]) + 1)
    )
    assert largest < 512 * 1024
    _, frames, _ = fetch_frames(client, key, 0)
    history = game.history
    events = [event for frame in frames for event in frame["events"]]
    assert [event["n"] for event in events] == list(range(len(history)))
    assert [event["type"] for event in events] == [event["type"] for event in history]
    for frame, decision in zip(frames[1:], game.decisions):
        first = frame["events"][0]
        own = {"deal": "next_match", "play": first.get("combo"), "pass": "pass"}
        assert own.get(first["type"], first.get("move")) == decision


def test_replay_of_an_uploaded_saved_game(client: TestClient) -> None:
    game = saved_game()
    opened = client.post("/api/replays", json={"text": game.to_json()})
    assert opened.status_code == 201, opened.text
    listing = opened.json()
    assert [g["k"] for g in listing["games"]] == [0]
    assert listing["games"][0]["scores"] == game.scores
    check_frames(client, listing["id"], 0, game)
    assert error(client.get(f"/api/replays/{listing['id']}/1"), 404)
    assert error(client.get(f"/api/replays/{listing['id']}/x"), 404)
    assert "empty" in error(client.post("/api/replays", json={"text": " "}), 400)
    assert "line 1" in error(client.post("/api/replays", json={"text": "[1]\n"}), 400)


def test_a_replay_reads_and_cuts_each_game_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game's index and its matches' frames read and cut the game once, while it is among the
    games last asked for (each request read and cut the whole game again: 2.2 s of the 4.7 s of
    a 60-match game's frames, benches/RESULTS.md §14); the frames are the same."""
    games = [saved_game(seed=seed) for seed in (2, 3, 4, 5, 6, 7)]
    lines = [
        json.dumps({"game": json.loads(game.to_json()), "title": f"g{n}"})
        for n, game in enumerate(games)
    ]
    key = client.post("/api/replays", json={"text": "\n".join(lines)}).json()["id"]
    cut: list[str] = []
    outline = replays.Outline.of

    def counted(saved: Saved) -> replays.Outline:
        cut.append(saved.title)
        return outline(saved)

    monkeypatch.setattr(replays.Outline, "of", counted)
    check_frames(client, key, 0, games[0])
    check_frames(client, key, 1, games[1])
    check_frames(client, key, 0, games[0])
    assert cut == ["g0", "g1"]
    for k in range(2, len(games)):  # the oldest is forgotten past KEPT_OUTLINES games
        check_frames(client, key, k, games[k])
    assert len(games) > replays.KEPT_OUTLINES
    check_frames(client, key, 0, games[0])
    assert cut == ["g0", "g1", "g2", "g3", "g4", "g5", "g0"]


def test_replay_of_an_arena_log_from_the_folder(tmp_path: Path) -> None:
    log = tmp_path / "arena.jsonl"
    command = [sys.executable, "-m", "zhengfen", "arena", "--agents", "greedy,random"]
    command += ["--deals", "2", "--matches", "1", "--no-progress", "--log", str(log)]
    subprocess.run(command, check=True, env=ENV, capture_output=True, timeout=120)
    (tmp_path / "notes.md").write_text("not listed", encoding="utf-8")
    with TestClient(create_app(replays_folder=tmp_path), base_url=LOCAL) as client:
        listed = client.get("/api/replays").json()
        assert listed == {
            "folder": True,
            "files": [{"name": "arena.jsonl", "size": log.stat().st_size}],
        }
        opened = client.post("/api/replays", json={"name": "arena.jsonl"}).json()
        lines = log.read_text(encoding="utf-8").splitlines()
        assert len(opened["games"]) == len(lines) == 4  # 2 deals, 2 distinct rotations
        record = json.loads(lines[3])
        assert record["agents"] == ["random", "greedy", "random", "greedy"]
        assert opened["games"][3]["agents"] == record["agents"]
        saved = zhengfen.Game.from_json(json.dumps(record["game"]))
        replay = check_frames(client, opened["id"], 3, saved)
        assert replay["names"][0] == f"seat 0 ({record['agents'][0]})"
        for name in ("../arena.jsonl", "/etc/passwd", "notes.md", "missing.json"):
            answer = client.post("/api/replays", json={"name": name})
            assert answer.status_code in (400, 404), answer.text
    with TestClient(create_app(), base_url=LOCAL) as client:
        assert client.get("/api/replays").json() == {"folder": False, "files": []}
        assert error(client.post("/api/replays", json={"name": "arena.jsonl"}), 404)


def test_the_replays_folder_skips_symbolic_links(tmp_path: Path) -> None:
    """A link in the replays folder is neither listed nor opened: only the folder's own files
    are served, never a file elsewhere that a link points to."""
    folder, outside = tmp_path / "logs", tmp_path / "elsewhere.json"
    folder.mkdir()
    outside.write_text(saved_game().to_json(), encoding="utf-8")
    (folder / "link.json").symlink_to(outside)
    with TestClient(create_app(replays_folder=folder), base_url=LOCAL) as client:
        assert client.get("/api/replays").json() == {"folder": True, "files": []}
        assert error(client.post("/api/replays", json={"name": "link.json"}), 404)


def test_the_replays_folder_refuses_large_and_binary_files(tmp_path: Path) -> None:
    """A file of the folder over ``max_upload`` is refused unread (413), one not UTF-8 with the
    reason (400)."""
    (tmp_path / "big.json").write_text(" " * 200, encoding="utf-8")
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00")
    with TestClient(create_app(tmp_path, Limits(max_upload=100)), base_url=LOCAL) as client:
        assert "larger than" in error(client.post("/api/replays", json={"name": "big.json"}), 413)
        assert "cannot read" in error(
            client.post("/api/replays", json={"name": "binary.json"}), 400
        )


# --- tournaments ---------------------------------------------------------------------------


def wait_done(client: TestClient, key: str, seconds: float = 120) -> Json:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status: Json = client.get(f"/api/tournaments/{key}").json()
        assert status["games_done"] <= status["games_total"]
        if status["done"]:
            return status
        time.sleep(0.1)
    pytest.fail("the tournament did not finish")


def test_a_tournament_runs_to_its_end(client: TestClient) -> None:
    request = {"game": "zheng_fen", "agents": ["greedy", "random"], "deals": 6, "seed": 3}
    started = client.post("/api/tournaments", json=request)
    assert started.status_code == 201, started.text
    status = wait_done(client, started.json()["id"])
    assert status["error"] is None
    assert status["games_done"] == status["games_total"] == 6 * 2
    rows = {row["agent"]: row for row in status["rows"]}
    assert set(rows) == {"greedy", "random"}
    for row in rows.values():
        assert row["low"] <= row["points_per_match"] <= row["high"]
        assert row["games"] == 6 * 2 * 2  # two seats each, in every game
    total = sum(row["points_per_match"] * row["matches"] for row in rows.values())
    assert total == pytest.approx(100 * 6 * 2)
    for series in status["series"]:
        assert [p["deals"] for p in series["points"]][-1] == 6
        assert series["points"][-1]["mean"] == pytest.approx(
            rows[series["agent"]]["points_per_match"]
        )
    difference = status["difference"]
    assert difference["first"] == "greedy" and difference["second"] == "random"
    assert difference["mean"] == pytest.approx(
        rows["greedy"]["points_per_match"] - rows["random"]["points_per_match"]
    )


def test_tournament_requests_are_bounded() -> None:
    with TestClient(
        create_app(limits=Limits(max_tournaments=1, max_deals=10)), base_url=LOCAL
    ) as client:
        base = {"game": "zheng_fen", "agents": ["greedy"]}
        assert error(client.post("/api/tournaments", json={**base, "deals": 11}), 400)
        assert error(client.post("/api/tournaments", json={**base, "agents": ["x:Y"]}), 400)
        five = {**base, "agents": ["greedy"] * 5}
        assert error(client.post("/api/tournaments", json=five), 400)
        slow = {**base, "agents": ["ismcts", "greedy"], "deals": 10, "matches": None}
        first = client.post("/api/tournaments", json=slow)
        assert first.status_code == 201, first.text
        assert "running" in error(client.post("/api/tournaments", json=slow), 429)
        assert client.delete(f"/api/tournaments/{first.json()['id']}").status_code == 204
        assert error(client.get(f"/api/tournaments/{first.json()['id']}"), 404)


def test_stopping_the_server_cancels_its_tournaments() -> None:
    app = create_app()
    with TestClient(app, base_url=LOCAL) as client:
        slow = {"game": "zheng_fen", "agents": ["search", "greedy"], "deals": 200, "matches": None}
        key = client.post("/api/tournaments", json=slow).json()["id"]
        assert key.startswith("u")
        run = app.state.server.tournaments.store.get(key)
    deadline = time.monotonic() + 30
    while not run.done and time.monotonic() < deadline:
        time.sleep(0.05)
    assert run.done and run.error == "cancelled"
    assert run.games_done < run.games_total


SLOW = {"game": "zheng_fen", "agents": ["ismcts(iterations=5000)", "greedy"], "deals": 1}
"""One whole game of a heavy search agent: one chunk of the engine's work, minutes long."""


@pytest.mark.parametrize("how", ["cancel", "server stops"])
def test_a_cancel_stops_the_work_under_way(how: str) -> None:
    """The engine itself stops, within about a move: not only at the next deal (issue 22: a
    cancelled tournament kept a core busy for 72 s). The bound is far under the game's length
    and far over a move's."""
    app = create_app()
    with TestClient(app, base_url=LOCAL) as client:
        key = client.post("/api/tournaments", json={**SLOW, "matches": None}).json()["id"]
        tournaments = app.state.server.tournaments
        run, thread = next((r, t) for r, t in tournaments._running if r.key == key)
        time.sleep(1.0)  # the engine is well into the game
        assert thread.is_alive() and not run.done
        if how == "cancel":
            assert client.delete(f"/api/tournaments/{key}").status_code == 204
            thread.join(10)
            assert not thread.is_alive()
    thread.join(10)
    assert not thread.is_alive()
    assert run.done and run.error == "cancelled" and run.games_done == 0


def test_a_forgotten_tournament_still_counts_and_is_stopped() -> None:
    """A running tournament the store forgot (the least recently read when a new one needed
    room) still counts against ``max_tournaments`` and is cancelled when the server stops."""
    app = create_app(limits=Limits(max_tournaments=2, kept_tournaments=2))
    slow = {"game": "zheng_fen", "agents": ["search", "greedy"], "deals": 200, "matches": None}
    quick = {"game": "zheng_fen", "agents": ["greedy"], "deals": 1}
    with TestClient(app, base_url=LOCAL) as client:
        first = client.post("/api/tournaments", json=slow).json()["id"]
        run = app.state.server.tournaments.store.get(first)
        wait_done(client, client.post("/api/tournaments", json=quick).json()["id"])
        assert client.post("/api/tournaments", json=slow).status_code == 201
        assert error(client.get(f"/api/tournaments/{first}"), 404)  # forgotten, still running
        assert not run.done
        assert "running" in error(client.post("/api/tournaments", json=slow), 429)
    assert run.done and run.error == "cancelled"


ROUTES = [
    "/api/games",
    "/api/games/load",
    "/api/replays",
    "/api/tournaments",
    "/api/games/{game}/move",
    "/api/games/{game}/check",
    "/api/games/{game}/hint",
    "/api/games/{game}/next",
]
ODD = [
    b"",
    b"null",
    b"0",
    b'"text"',
    b"[]",
    b"{}",
    b'{"game": null}',
    b'{"game": "zheng_fen", "players": 1e309}',
    b'{"game": "zheng_fen", "options": {"players": true}}',
    b'{"game": "zen_cheng_you", "options": {"jokers_wild": true}}',
    b'{"index": -1}',
    b'{"index": 1.5}',
    b'{"index": true}',
    b'{"cards": [1, 2]}',
    b'{"cards": "RJ RJ RJ"}',
    b'{"cards": {"a": 1}}',
    b'{"move": ["pass"]}',
    b'{"agent": "search(determinizations=0)"}',
    b'{"playouts": 0}',
    b'{"saved": 5}',
    b'{"saved": "{}"}',
    b'{"text": "\\u0000"}',
    b'{"name": "\\u0000"}',
    b'{"agents": "ismcts(iterations=99999999999999999999)"}',
    b'{"game": "zheng_fen", "deals": 0}',
    b'{"game": "zheng_fen", "seed": 18446744073709551616}',
    b"\x00\xff",
    b'{"a": ' * 2000 + b"1" + b"}" * 2000,
]


def test_no_request_body_crashes_the_server(client: TestClient) -> None:
    """Every route answers every odd body with a 2xx or a 4xx and a reason, never a 500."""
    key = new_game(client, seed=1, opponents=["random"])["id"]
    for route in ROUTES:
        for body in ODD:
            answer = client.post(route.format(game=key), content=body)
            assert answer.status_code < 500, (route, body, answer.text)
            if answer.status_code >= 400:
                error(answer, answer.status_code)


def test_a_client_gone_before_its_body_ends_is_no_server_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A browser that closes the connection in the middle of its request body gets a 400 (if it
    still listens) and the server logs no error: it is the client's doing, not a bug."""
    app = create_app()
    messages: list[Message] = [
        {"type": "http.request", "body": b'{"game": ', "more_body": True},
        {"type": "http.disconnect"},
    ]
    events = iter(messages)
    sent: list[Message] = []
    scope: Scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/games",
        "raw_path": b"/api/games",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"content-type", b"application/json")],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
    }

    async def receive() -> Message:
        return next(events)

    async def send(message: Message) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    assert sent[0]["status"] == 400
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


# --- the command ---------------------------------------------------------------------------


def serve(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "zhengfen", "serve", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
    )


def play_at_once(opener: urllib.request.OpenerDirector, address: str) -> None:
    """Four people play their own games at the same time, each game's view its own."""

    def post(path: str, body: Json) -> Json:
        request = urllib.request.Request(
            address + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        with opener.open(request, timeout=60) as answer:
            result: Json = json.load(answer)
            return result

    def person(seed: int) -> tuple[int, int]:
        opened = post("api/games", {"game": "zheng_fen", "seed": seed, "opponents": "greedy"})
        view = opened["view"]
        for _ in range(5):
            if not view["your_turn"]:
                break
            view = post(f"api/games/{opened['id']}/move", {"index": 0})
        return seed, view["seed"]

    with ThreadPoolExecutor(4) as pool:
        assert sorted(pool.map(person, range(4))) == [(s, s) for s in range(4)]


def test_serve_prints_its_address_and_answers() -> None:
    server = serve("--port", "0")
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        found = re.fullmatch(r"zhengfen: serving the game at (http://127\.0\.0\.1:(\d+)/)\n", line)
        assert found, line
        address, port = found.group(1), found.group(2)
        direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # no proxy
        with direct.open(address + "api/options", timeout=10) as answer:
            assert json.load(answer)["games"]
        with direct.open(address, timeout=10) as answer:
            assert answer.headers["content-type"].startswith("text/html")
        play_at_once(direct, address)
        again = subprocess.run(
            [sys.executable, "-m", "zhengfen", "serve", "--port", port],
            capture_output=True,
            text=True,
            env=ENV,
            timeout=60,
        )
        assert again.returncode == 2
        assert again.stderr.startswith("zhengfen serve: cannot listen on 127.0.0.1:")
        assert len(again.stderr.strip().splitlines()) == 1
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--port", "70000"], "from 0 to 65535"),
        (["--replays", "/nonexistent/folder"], "not a folder"),
        (["--max-games", "0"], "from 1 to 4096"),
        (["--agent-seconds", "-1"], "from 0 to 60"),
        (["--agent-seconds", "nan"], "from 0 to 60"),
    ],
)
def test_serve_refuses_bad_arguments(args: list[str], words: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "zhengfen", "serve", *args],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=60,
    )
    assert done.returncode == 2 and words in done.stderr
    assert "Traceback" not in done.stderr


def test_serve_without_the_web_extra_says_how_to_install_it() -> None:
    code = (
        "import sys; sys.modules['uvicorn'] = None; from zhengfen.cli import main; "
        "sys.exit(main(['serve']))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=ENV, timeout=60
    )
    assert done.returncode == 2
    assert done.stderr == "zhengfen serve: install the web extra: pip install 'zhengfen[web]'\n"


# --- requests from other sites -----------------------------------------------------------------


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example"])
def test_a_host_that_is_not_the_servers_is_refused(client: TestClient, host: str) -> None:
    """DNS rebinding: a page of another site whose name resolves to 127.0.0.1 sends its name."""
    for answer in (
        client.get("/", headers={"host": host}),
        client.get("/api/options", headers={"host": host}),
        client.post("/api/games", json={"game": "zheng_fen"}, headers={"host": host}),
    ):
        assert answer.status_code == 403 and "own address" in answer.json()["error"]


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "LOCALHOST"])
def test_the_servers_own_addresses_are_answered(client: TestClient, host: str) -> None:
    assert client.get("/api/options", headers={"host": host}).status_code == 200


def test_the_name_it_was_started_with_is_answered() -> None:
    with TestClient(create_app(hosts=["cards.lan"]), base_url="http://cards.lan:8000") as client:
        assert client.get("/api/options").status_code == 200
        assert client.get("/api/options", headers={"host": "other.lan"}).status_code == 403


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://127.0.0.1:9999"])
def test_a_change_asked_by_another_site_is_refused(client: TestClient, origin: str) -> None:
    """CSRF: a page elsewhere cannot create games, play or start tournaments here."""
    key = new_game(client, seed=1)["id"]
    headers = {"origin": origin}
    for answer in (
        client.post("/api/games", json={"game": "zheng_fen"}, headers=headers),
        client.post(f"/api/games/{key}/move", json={"index": 0}, headers=headers),
        client.post("/api/tournaments", json={"agents": ["random"]}, headers=headers),
        client.delete(f"/api/games/{key}", headers=headers),
    ):
        assert answer.status_code == 403 and "another site" in answer.json()["error"]
    assert client.get(f"/api/games/{key}", headers=headers).status_code == 200  # reads: CORS
    assert len(client.get(f"/api/games/{key}").json()["events"]) == 0  # nothing was played


def test_the_page_s_own_origin_may_change_things(client: TestClient) -> None:
    answer = client.post("/api/games", json={"game": "zheng_fen"}, headers={"origin": LOCAL})
    assert answer.status_code == 201
