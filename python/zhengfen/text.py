"""Every way the package writes a game as text for people: seats, hands, moves, history events
(RULES.md §12.6, one line each), tricks, the table, score lines and whole positions.

``zhengfen play`` (:mod:`zhengfen.play`), ``zhengfen replay`` (:mod:`zhengfen.replay`),
:func:`zhengfen.history_text` and the environments' ``render()`` (:mod:`zhengfen.envs`) all
write through this module; none formats a game on its own. Seats are named by a ``who``
function (:func:`seat_name` by default, :func:`namer` for agents' names and "you").
Combination names (``pair of 8s``) and the legal moves grouped by name come from
:mod:`zhengfen.names`, re-exported here.

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

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Optional, Union

from zhengfen._core import Cards, Game, parse_cards
from zhengfen.names import MoveGroup, combo_name, move_groups, move_name, parse_name

if TYPE_CHECKING:
    from zhengfen.agents import Move

__all__ = [
    "MoveGroup",
    "agents_line",
    "combo_name",
    "event_text",
    "final_line",
    "hand_text",
    "history_text",
    "match_summary_lines",
    "move_groups",
    "move_lines",
    "move_name",
    "namer",
    "parse_name",
    "render_text",
    "seat_name",
    "state_lines",
    "trick_blocks",
]

Who = Callable[[int], str]
"""Names a seat in text: ``seat 2``, ``seat 2 (greedy)``, ``you``."""

Names = Optional[Union[Sequence[str], Mapping[int, str]]]
"""Each seat's agent name, by seat number."""

# --- seats -------------------------------------------------------------------------------------


def seat_name(seat: int) -> str:
    """How a seat is named by default: ``seat 2``."""
    return f"seat {seat}"


def namer(names: Names = None, you: int | None = None) -> Who:
    """Names seats ``seat 2 (greedy)`` after ``names`` (``seat 2`` without them), and the seat
    ``you`` as ``you``.

    >>> who = namer({1: "greedy"}, you=0)
    >>> who(0), who(1)
    ('you', 'seat 1 (greedy)')
    """

    def who(seat: int) -> str:
        if seat == you:
            return "you"
        return f"seat {seat} ({names[seat]})" if names else seat_name(seat)

    return who


def agents_line(agents: Sequence[str]) -> str:
    """Who sat where: ``Agents: seat 0 greedy, seat 1 random``."""
    return "Agents: " + ", ".join(f"seat {s} {a}" for s, a in enumerate(agents))


# --- cards and moves ---------------------------------------------------------------------------


def hand_text(hand: Cards) -> str:
    """The hand sorted and grouped by rank: ``3: 3c 3h | 7: 7d | J: Jc Js | BJ``."""
    groups: dict[str, list[str]] = {}
    for card in hand:
        groups.setdefault(card.rank, []).append(str(card))
    return " | ".join(
        f"{rank}: {' '.join(cards)}" if rank not in ("BJ", "RJ") else " ".join(cards)
        for rank, cards in groups.items()
    )


def move_lines(moves: Sequence[Move], limit: int | None = None) -> list[str]:
    """The moves numbered from 1, the first ``limit`` of them, then how many are left out."""
    shown = moves if limit is None else moves[:limit]
    lines = [f"  {i:>3}. {move}" for i, move in enumerate(shown, 1)]
    if len(shown) < len(moves):
        lines.append(f"  ... {len(moves) - len(shown)} more: type 'moves' to list them all")
    return lines


# --- history -----------------------------------------------------------------------------------


def event_text(event: Mapping[str, Any], who: Who = seat_name) -> str:
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


def trick_blocks(game: Game, who: Who = seat_name) -> Iterator[list[str]]:
    """``game``'s history as blocks of lines: a match's deal (each hand grouped by rank), then
    each trick, then the match's end."""
    block: list[str] = []
    events: Iterable[Mapping[str, Any]] = game.history
    for event in events:
        kind = event["type"]
        if kind == "deal":
            if block:
                yield block
            yield _deal_block(event, game.rules.decks, who)
            block = []
        elif kind == "play":
            block.append(f"  {who(event['seat'])}: {event['combo']}")
        elif kind == "pass":
            block.append(f"  {who(event['seat'])}: pass")
        elif kind == "trick":
            block.append(f"  -> {event_text(event, who)}")
            yield block
            block = []
        else:
            block.append("  " + event_text(event, who))
    if block:
        yield block


def _deal_block(event: Mapping[str, Any], decks: int, who: Who) -> list[str]:
    hands = [hand_text(parse_cards(hand, decks)) for hand in event["hands"]]
    return [f"=== Match {event['match'] + 1}: {who(event['leader'])} leads"] + [
        f"  {who(seat)}: {hand}" for seat, hand in enumerate(hands)
    ]


def final_line(game: Game) -> str:
    """``Final scores [..]``, and the winners once the game is over."""
    return f"Final scores {game.scores}" + (f", winners {game.winners}" if game.game_over else "")


# --- a seat's view of the table (``zhengfen play``) --------------------------------------------


def state_lines(game: Game, seat: int, who: Who) -> list[str]:
    """What ``seat`` sees at its turn: the scores, each player's cards left and points won
    (``*`` marks the player to move), the declarations, the trick so far, the combination to
    beat and who played it, and the seat's hand grouped by rank."""
    obs: Mapping[str, Any] = game.observation(seat)
    players = " | ".join(
        f"{'*' if s == game.current_player else ' '}{who(s)}: "
        f"{obs['cards_left'][s]} cards, {obs['points_won'][s]} pts"
        for s in range(game.rules.players)
    )
    lines = ["", f"Match {game.match_number + 1}, scores {game.scores}", "  " + players]
    if obs.get("declarations"):
        lines.append(f"  Declarations: {_declarations(obs['declarations'])}")
    if obs["trick"]:
        lines.append("  Trick so far: " + ", ".join(f"{who(s)}: {p}" for s, p in obs["trick"]))
    if game.table is not None:
        combo, maker = game.table
        lines.append(f"  To beat: {combo} (played by {who(maker)})")
    else:
        lines.append("  You lead." if game.current_player == seat else "  New trick.")
    if obs["hand"]:
        hand = game.hand(seat)
        lines.append(f"  Your hand ({len(hand)}): {hand_text(hand)}")
    else:
        lines.append("  You have not seen your cards yet (blind declarations).")
    return lines


def match_summary_lines(game: Game, who: Who) -> list[str]:
    """The end of a match: the order out, the match points and scores, the winners."""
    order = ", ".join(who(s) for s in game.out_order)
    lines = [
        "",
        f"Match {game.match_number + 1} over. Order out: {order}.",
        f"  Match points {game.match_points}, scores {game.scores}",
    ]
    if game.game_over:
        lines.append(f"Game over: {', '.join(who(s) for s in game.winners)} won.")
    return lines


def _declarations(made: Iterable[Sequence[int | str]]) -> str:
    return ", ".join(f"seat {s} {d}" for s, d in made)


# --- the whole position (the environments' ``render()``) ---------------------------------------


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
    lines += [f"hand of seat {s}: {_seen_hand(game, s, perfect_information)}" for s in shown]
    declarations = game.observation(0).get("declarations")
    if declarations:
        lines.append("declarations: " + _declarations(declarations))
    if game.out_order:
        lines.append("out: " + ", ".join(seat_name(s) for s in game.out_order))
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


def _seen_hand(game: Game, seat: int, perfect_information: bool) -> str:
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
