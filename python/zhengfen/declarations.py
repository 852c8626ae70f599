"""The Zen Cheng You declarations as people are shown them (RULES.md §11.2): what each is
staked on the declarer finishing first, and what it brought its team once someone is out.

The engine scores them (the match points of ``Game.history``); this module only tells a
person which part of those points the declarations made. ``zhengfen play`` and the page of
``zhengfen serve`` both take the stakes from here.

>>> STAKES["blind"], STAKES["declare"], STAKES["pass"]
(200, 100, 0)
>>> declaration_points("blind", seat=1, first_out=1), declaration_points("declare", 1, 3)
(200, -100)
>>> history = [{"type": "deal"}] + [{"type": "declaration"}] * 5
>>> in_blind_round(history, 4, players=4), in_blind_round(history, 5, players=4)
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = ["STAKES", "declaration_points", "in_blind_round", "team_bonus"]

STAKES = {"blind": 200, "declare": 100, "pass": 0}
"""Each declaration's stake: won by the declarer's team when the declarer finishes first, else
lost (RULES.md §11.2)."""


def declaration_points(move: str, seat: int, first_out: int | None) -> int | None:
    """What ``seat``'s declaration ``move`` brings its team: ``None`` while nobody is out."""
    if first_out is None:
        return None
    stake = STAKES[move]
    return stake if seat == first_out else -stake


def team_bonus(events: Iterable[Mapping[str, Any]]) -> list[int]:
    """Each team's declaration bonus in a Zen Cheng You match's events (team = seat % 2,
    RULES.md §8.1)."""
    events = list(events)
    first = next((e["seat"] for e in events if e["type"] == "out" and e["place"] == 1), None)
    bonus = [0, 0]
    for event in events:
        if event["type"] == "declaration":
            bonus[event["seat"] % 2] += declaration_points(event["move"], event["seat"], first) or 0
    return bonus


def in_blind_round(history: Sequence[Mapping[str, Any]], n: int, players: int) -> bool:
    """Whether event ``n`` of ``history`` is a blind declaration: one of the first round's, made
    before the cards are seen (one per player from the match's deal, RULES.md §11.2)."""
    made = 0
    for event in reversed(history[: n + 1]):
        if event["type"] == "deal":
            break
        made += event["type"] == "declaration"
    return history[n]["type"] == "declaration" and made <= players
