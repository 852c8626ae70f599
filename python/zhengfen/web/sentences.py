"""History events as the sentences the page announces: combinations by name (``seat 2
(greedy) plays pair of 8s``), the person as "you" with the verb agreeing (``you pass``, ``you
are out, place 2``), matches counted from 1, team transfers and scores labelled. Hands are never
in a sentence: a seat's view must not show the others' cards.

>>> who = lambda seat: "you" if seat == 0 else f"seat {seat}"
>>> sentence({"type": "pass", "seat": 0}, who, "pair of 8s")
'you pass'
>>> sentence({"type": "out", "seat": 2, "place": 1}, who)
'seat 2 is out, place 1'
>>> sentence({"type": "declaration", "seat": 0, "move": "blind"}, who)
'you declare blind'
>>> scored = {"type": "match_scored", "match_points": [20, -20], "scores": [20, -20]}
>>> sentence(scored, who, teams=True)
'match over: team 0 +20, team 1 -20; scores: team 0 20, team 1 -20'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["sentence"]

DECLARATIONS = {
    "blind": ("declares blind", "declare blind"),
    "declare": ("declares", "declare"),
    "pass": ("passes", "pass"),
}
"""A declaration's verb, said of another seat and of "you"."""


def _verb(subject: str, third: str, second: str) -> str:
    return f"{subject} {second if subject == 'you' else third}"


def sentence(
    event: Mapping[str, Any],
    who: Callable[[int], str],
    name: str | None = None,
    teams: bool = False,
) -> str:
    """``event`` in words; ``who`` names the seats, ``name`` is a play's combination name,
    ``teams`` says that scores are by team (Zen Cheng You)."""
    kind = event["type"]
    if kind == "deal":
        return f"match {event['match'] + 1} dealt: {who(event['leader'])} to lead"
    if kind == "declaration":
        move = event["move"]
        third, second = DECLARATIONS[move]
        return _verb(who(event["seat"]), third, second)
    if kind == "play":
        return f"{_verb(who(event['seat']), 'plays', 'play')} {name or event['combo']}"
    if kind == "pass":
        return _verb(who(event["seat"]), "passes", "pass")
    if kind == "trick":
        won = _verb(who(event["winner"]), "wins", "win")
        return f"{won} the trick ({event['points']} points)"
    if kind == "out":
        return f"{_verb(who(event['seat']), 'is', 'are')} out, place {event['place']}"
    if kind == "transfer":
        to = who(event["to"]) if "to" in event else f"team {event['to_team']}"
        return f"{_verb(who(event['from']), 'hands', 'hand')} {event['points']} points to {to}"
    if kind == "match_scored":
        side = (lambda team: f"team {team}") if teams else who
        points = ", ".join(f"{side(i)} {p:+d}" for i, p in enumerate(event["match_points"]))
        scores = ", ".join(f"{side(i)} {p}" for i, p in enumerate(event["scores"]))
        return f"match over: {points}; scores: {scores}"
    winners = ", ".join(who(seat) for seat in event["winners"])
    return f"game over: {winners} won"
