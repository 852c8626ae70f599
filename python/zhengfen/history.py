"""The history of a game as text for people (the events of RULES.md §12.6, one line each).

>>> import zhengfen
>>> game = zhengfen.Game.from_hands(zhengfen.Rules.zheng_fen(players=3), ["5c", "7c", "9c Kc"], 0)
>>> for move in ["5c", "7c", "9c"]:
...     game.play(move)
>>> print(zhengfen.history_text(game.history))
match 0 dealt, seat 0 leads: 5c | 7c | 9c Kc
seat 0 plays single 5 1: 5c
seat 0 is out, place 1
seat 1 plays single 7 1: 7c
seat 1 is out, place 2
seat 2 plays single 9 1: 9c
seat 2 wins the trick (5 points)
seat 2 is out, place 3
seat 2 hands 15 points to seat 0
match points [15, 0, 0], scores [15, 0, 0]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

__all__ = ["event_text", "history_text", "seat_name"]


def seat_name(seat: int) -> str:
    """How a seat is named by default: ``seat 2``."""
    return f"seat {seat}"


def event_text(event: Mapping[str, Any], who: Callable[[int], str] = seat_name) -> str:
    """One history event as a line for people; ``who`` names the seats.

    >>> event_text({"type": "trick", "winner": 2, "points": 15})
    'seat 2 wins the trick (15 points)'
    """
    kind = event["type"]
    if kind == "deal":
        hands = " | ".join(event["hands"])
        return f"match {event['match']} dealt, {who(event['leader'])} leads: {hands}"
    if kind == "declaration":
        return f"{who(event['seat'])} declaration: {event['move']}"
    if kind == "play":
        return f"{who(event['seat'])} plays {event['combo']}"
    if kind == "pass":
        return f"{who(event['seat'])} passes"
    if kind == "trick":
        return f"{who(event['winner'])} wins the trick ({event['points']} points)"
    if kind == "out":
        return f"{who(event['seat'])} is out, place {event['place']}"
    if kind == "transfer" and "to" in event:
        return f"{who(event['from'])} hands {event['points']} points to {who(event['to'])}"
    if kind == "transfer":
        return f"{who(event['from'])} hands {event['points']} points to team {event['to_team']}"
    if kind == "match_scored":
        return f"match points {event['match_points']}, scores {event['scores']}"
    return f"game over, winners {event['winners']}"


def history_text(events: Iterable[Mapping[str, Any]]) -> str:
    """Every event, one line each."""
    return "\n".join(event_text(event) for event in events)
