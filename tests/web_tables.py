"""Helpers of the database tests (test_web_database.py, test_web_restart.py): a table of two
people and two agents, played through the API by people who always play a move chosen from
their view (the same every time), over any transport (a ``TestClient`` or HTTP)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Json = dict[str, Any]
Get = Callable[[str], Json]
Post = Callable[[str, Json], Json]

TABLE: Json = {
    "game": "zheng_fen",
    "players": 4,
    "options": {"target": 150},
    "seed": 20261203,
    "seat": 0,
    "opponents": ["greedy", "person", "search(determinizations=2,candidates=3)"],
}
"""A short game (to 150 points) of people in seats 0 and 2, the greedy and a search agent in
seats 1 and 3, dealt from a chosen seed (so the agents draw from it too)."""


def key_of(link: str) -> str:
    """The seat key of a page link ``#/game/ID/seat/TOKEN``."""
    _, _, game, _, token = link.split("/")
    return f"{game}.{token}"


def seat_keys(opened: Json) -> list[str]:
    """The keys of the people's seats of a game just opened (its owner's view)."""
    return [key_of(row["link"]) for row in opened["view"]["seats"] if row["person"]]


def step(get: Get, post: Post, keys: list[str]) -> bool:
    """One request that moves the game on (a person's move, the next match, or the agents'
    play); whether the game is over. A person plays the move whose index is the number of
    decisions so far, modulo the number of legal moves."""
    views = [get(f"api/games/{key}") for key in keys]
    if views[0]["game_over"]:
        return True
    for key, view in zip(keys, views, strict=True):
        if view["your_turn"]:
            index = view["version"] % len(view["moves"])
            post(f"api/games/{key}/move", {"index": index})
            return False
    if views[0]["match_over"]:
        post(f"api/games/{keys[0]}/next", {})
    else:
        post(f"api/games/{keys[0]}/advance", {})
    return False


def play(get: Get, post: Post, keys: list[str], steps: int | None = None) -> None:
    """Plays on until the game is over (or for ``steps`` requests)."""
    done = 0
    while (steps is None or done < steps) and not step(get, post, keys):
        done += 1


def outcome(get: Get, key: str) -> Json:
    """What a finished game came to: every event, the scores and winners, as the seat sees."""
    view = get(f"api/games/{key}?since=0")
    return {
        "events": view["events"],
        "scores": view["scores"],
        "winners": view["winners"],
        "version": view["version"],
        "game_over": view["game_over"],
    }
