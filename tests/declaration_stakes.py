"""The Zen Cheng You declarations' points restated for the tests (RULES.md §11.2), from the
reference's stakes (:data:`zhengfen.reference.match.DECLARATION_POINTS`) and the events alone,
so that the core's record (``Game.visible``'s ``declaration``, the breakdown) is checked against
an account it does not share. (The package reads them from the core: ``zhengfen.declarations``
went in issue 48.)"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from zhengfen.reference.match import DECLARATION_POINTS as STAKES

__all__ = ["STAKES", "declaration_points", "team_bonus"]


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
