"""The text rendering of a game, shared by both environments (``render_mode="ansi"`` or
``"human"``)."""

from __future__ import annotations

from collections.abc import Sequence

from zhengfen import Game
from zhengfen.agents import Move

__all__ = ["render_text"]


def render_text(game: Game, perfect_information: bool = False) -> str:
    """A readable text of ``game``'s state: whose turn, the table and the trick, cards left,
    hands (the current player's only, or every seat's with ``perfect_information``), the Zen
    Cheng You declarations, the order of going out, the match points so far and the scores."""
    players = game.rules.players
    seat = game.current_player
    title = "Zheng Fen" if game.rules.game == "zheng_fen" else "Zen Cheng You"
    turn = "nobody to move" if seat is None else f"seat {seat} to move"
    lines = [
        f"{title}, {players} players: match {game.match_number + 1}, {game.phase}, {turn}",
        f"table: {_table_text(game)}",
        f"trick: {_trick_text(game.trick)}",
        "cards left: " + ", ".join(f"seat {s} {len(game.hand(s))}" for s in range(players)),
    ]
    shown = range(players) if perfect_information else ([] if seat is None else [seat])
    lines += [f"hand of seat {s}: {_hand_text(game, s, perfect_information)}" for s in shown]
    declarations = game.observation(0).get("declarations")
    if declarations:
        lines.append("declarations: " + ", ".join(f"seat {s} {d}" for s, d in declarations))
    if game.out_order:
        lines.append("out: " + ", ".join(f"seat {s}" for s in game.out_order))
    lines.append(f"match points: {_points_text(game, game.match_points)}")
    lines.append(f"scores: {_points_text(game, game.scores)}")
    return "\n".join(lines)


def _table_text(game: Game) -> str:
    table = game.table
    if table is None:
        return "empty"
    combo, seat = table
    return f"{combo.notation} (seat {seat})"


def _trick_text(trick: Sequence[tuple[int, Move]]) -> str:
    if not trick:
        return "-"
    return "; ".join(
        f"seat {seat} {move if isinstance(move, str) else move.notation}" for seat, move in trick
    )


def _hand_text(game: Game, seat: int, perfect_information: bool) -> str:
    """The seat's hand: as the seat sees it (hidden before the Zen Cheng You blind
    declarations), or as it is with ``perfect_information``."""
    if perfect_information:
        hand = " ".join(str(card) for card in game.hand(seat))
    else:
        hand = str(game.observation(seat)["hand"])
    return hand or "-"


def _points_text(game: Game, points: Sequence[int]) -> str:
    side = "team" if game.rules.game == "zen_cheng_you" else "seat"
    return ", ".join(f"{side} {i} {p}" for i, p in enumerate(points))
