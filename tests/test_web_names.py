"""People in one game give themselves a short name the others see (API.md, ``POST
.../name``): bounded, checked, shown as text; a key of no seat sets nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

from test_web_people import key_of, open_game
from zhengfen.web.app import create_app

LOCAL = "http://127.0.0.1:8000"
Json = dict[str, Any]


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url=LOCAL) as test_client:
        yield test_client


def _two_people(client: TestClient) -> tuple[str, str]:
    """A Zheng Fen game of four, people in seats 0 and 2: their keys."""
    created = open_game(client, game="zheng_fen", seed=3, opponents=["greedy", "person", "greedy"])
    links = {s["seat"]: s["link"] for s in created["view"]["seats"] if s["link"]}
    return created["id"], key_of(links[2])


def test_a_name_is_shown_to_the_others(client: TestClient) -> None:
    owner, guest = _two_people(client)
    answer = client.post(f"/api/games/{guest}/name", json={"name": "  Ana   Lu "})
    assert answer.status_code == 200, answer.text
    assert answer.json()["your_name"] == "Ana Lu"
    assert answer.json()["seats"][2]["name"] == "you"
    seen = client.get(f"/api/games/{owner}?since=0").json()
    assert seen["seats"][2]["name"] == "seat 2 (Ana Lu)" and seen["your_name"] is None
    assert any("seat 2 (Ana Lu)" in row["label"] for row in seen["scores"])
    assert client.post(f"/api/games/{owner}/name", json={"name": "<b>Bo</b>"}).status_code == 200
    named = client.get(f"/api/games/{guest}").json()["seats"][0]["name"]
    assert named == "seat 0 (<b>Bo</b>)"  # as typed: the page writes it as text
    client.post(f"/api/games/{guest}/name", json={"name": ""})
    seen = client.get(f"/api/games/{owner}").json()
    assert seen["seats"][2]["name"] == "seat 2 (person)"


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("x" * 21, "at most 20 characters"),
        ("Ana\nLu", None),  # a newline is a space
        ("Ana\u0000", "may not hold"),
        ("Ana\u202e", "may not hold"),
        ("seat (3)", "may not hold"),
        (7, "must be a string"),
    ],
)
def test_a_bad_name_is_refused_with_the_reason(
    client: TestClient, name: Any, words: str | None
) -> None:
    _, guest = _two_people(client)
    answer = client.post(f"/api/games/{guest}/name", json={"name": name})
    if words is None:
        assert answer.status_code == 200 and answer.json()["your_name"] == "Ana Lu"
        return
    assert answer.status_code == 400 and words in answer.json()["error"], answer.text


def test_a_key_of_no_seat_names_nobody(client: TestClient) -> None:
    owner, _ = _two_people(client)
    game = owner.partition(".")[0]
    for key in (game, f"{game}.{'A' * 22}"):
        answer = client.post(f"/api/games/{key}/name", json={"name": "Eve"})
        assert answer.status_code == 403, answer.text
    assert all("Eve" not in s["name"] for s in client.get(f"/api/games/{owner}").json()["seats"])


def test_a_field_the_name_request_does_not_take_is_refused(client: TestClient) -> None:
    """As every route does: a mistyped field is an error, never ignored, and names nobody."""
    owner, guest = _two_people(client)
    answer = client.post(f"/api/games/{guest}/name", json={"name": "Eve", "colour": "red"})
    assert answer.status_code == 400 and "unknown field 'colour'" in answer.json()["error"]
    assert all("Eve" not in s["name"] for s in client.get(f"/api/games/{owner}").json()["seats"])
