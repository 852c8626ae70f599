"""Every way the package writes a game as text for people: seats, hands, moves, history events
(RULES.md §12.6, one line each), tricks, the table, score lines and whole positions.

``zhengfen replay`` (:mod:`zhengfen.terminal.replay`), :func:`zhengfen.history_text` and the
environments' ``render()`` (:mod:`zhengfen.envs`) all write through this module; none formats
a game on its own. Seats are named by a ``who`` function (:func:`seat_name` by default,
:func:`namer` for agents' names and "you"), and a declaration's stake is the core's
(``game_offers``). Combination names people read and type (``pair of 8s``) and the legal moves
grouped by name are :mod:`zhengfen.names`'s; the terminal screen of ``zhengfen play``, in
colour, is :mod:`zhengfen.terminal.screen`.

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
from functools import cache
from typing import TYPE_CHECKING, Any, Optional, Union

from zhengfen._core import Cards, Game, game_offers, parse_cards

if TYPE_CHECKING:
    pass

__all__ = [
    "agents_line",
    "announcement",
    "event_text",
    "final_line",
    "hand_text",
    "history_text",
    "namer",
    "ordinal",
    "render_text",
    "said",
    "seat_name",
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


# --- history in sentences (``zhengfen play`` and the page of ``zhengfen serve``) ----------------


def said(subject: str, third: str, second: str) -> str:
    """``subject`` and its verb, agreeing with it: ``seat 2 plays``, ``you play``.

    >>> said("seat 2", "plays", "play"), said("you", "plays", "play")
    ('seat 2 plays', 'you play')
    """
    return f"{subject} {second if subject == 'you' else third}"


def ordinal(place: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place % 10 if place % 100 not in (11, 12, 13) else 0)
    return f"{place}{suffix or 'th'}"


def announcement(
    event: Mapping[str, Any],
    who: Who = seat_name,
    *,
    name: str | None = None,
    team: Who | None = None,
    blind_round: bool = False,
    stake: int | None = None,
) -> str:
    """A history event as the sentence a person is told: ``who`` names the seats (the person
    as ``you``, the verb agreeing), ``name`` is a play's combination as shown (its notation
    without), ``team`` names the teams of Zen Cheng You (scores and transfers are then by
    team), ``blind_round`` says that a declaration is one of the blind ones (RULES.md §11.2).
    Hands are never in a sentence: a seat must not be shown the others' cards.

    >>> who = namer({2: "greedy"}, you=0)
    >>> announcement({"type": "trick", "winner": 2, "points": 15}, who)
    'seat 2 (greedy) wins the trick: 15 points'
    >>> announcement({"type": "out", "seat": 0, "place": 2}, who)
    'you are out, 2nd'
    >>> announcement({"type": "declaration", "seat": 0, "move": "pass"}, who, blind_round=True)
    'you do not declare blind'
    """
    kind = event["type"]
    if kind == "declaration":
        return _declaration(who(event["seat"]), event["move"], blind_round, stake)
    if kind == "play":
        return f"{said(who(event['seat']), 'plays', 'play')} {name or event['combo']}"
    if kind == "pass":
        return said(who(event["seat"]), "passes", "pass")
    if kind == "trick":
        return f"{said(who(event['winner']), 'wins', 'win')} the trick: {event['points']} points"
    if kind == "out":
        return f"{said(who(event['seat']), 'is', 'are')} out, {ordinal(event['place'])}"
    if kind == "transfer":
        to = who(event["to"]) if "to" in event else (team or _team)(event["to_team"])
        giver = said(who(event["from"]), "hands", "hand")
        return f"{giver} {event['points']} points (pile and hand) to {to}"
    if kind == "deal":
        return f"Match {event['match'] + 1}: dealt, {said(who(event['leader']), 'leads', 'lead')}"
    if kind == "match_scored":
        side = team or who
        points = ", ".join(f"{side(i)} {p:+d}" for i, p in enumerate(event["match_points"]))
        scores = ", ".join(f"{side(i)} {p}" for i, p in enumerate(event["scores"]))
        return f"match over: {points}; scores: {scores}"
    winners = ", ".join(who(seat) for seat in event["winners"])
    return f"game over: {winners} won"


def _team(team: int) -> str:
    return f"team {team}"


def _declaration(subject: str, move: str, blind_round: bool, stake: int | None) -> str:
    if move == "pass":
        return said(subject, "does", "do") + (
            " not declare blind" if blind_round else " not declare"
        )
    shown = " BLIND" if move == "blind" else ""
    staked = _stakes()[move] if stake is None else stake
    return f"{said(subject, 'declares', 'declare')}{shown} (+/-{staked})"


@cache
def _stakes() -> dict[str, int]:
    """Each declaration's stake as the core states it (the Zen Cheng You offer of
    ``game_offers``, RULES.md §11.2)."""
    return {move: stake for offer in game_offers() for move, stake in offer["stakes"].items()}


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


# --- the whole position (the environments' ``render()``) ---------------------------------------


def render_text(game: Game, perfect_information: bool = False) -> str:
    """A readable text of ``game``'s state, drawn from the engine's record of what a seat sees
    (``Game.visible``): whose turn, the table and the trick, cards left, hands (the current
    player's only, as that seat sees it, or every seat's with ``perfect_information``), the Zen
    Cheng You declarations with their stakes, the order of going out, the last player's hand
    once handed over, the match points so far and the scores."""
    seat = game.current_player
    viewer = None if perfect_information or seat is None else seat
    record = game.visible(viewer)
    players = len(record["seats"])
    title = "Zheng Fen" if game.rules.game == "zheng_fen" else "Zen Cheng You"
    turn = "nobody to move" if seat is None else f"seat {seat} to move"
    table = record["table"]
    lines = [
        f"{title}, {players} players: match {record['match'] + 1}, {record['phase']}, {turn}",
        f"table: {'empty' if table is None else f'{table[1]} (seat {table[0]})'}",
        f"trick: {'; '.join(f'seat {s} {m}' for s, m in record['trick']) or '-'}",
        "cards left: " + ", ".join(f"seat {s['seat']} {s['cards_left']}" for s in record["seats"]),
    ]
    shown = range(players) if perfect_information else ([] if seat is None else [seat])
    lines += [f"hand of seat {s}: {record['seats'][s]['hand'] or '-'}" for s in shown]
    made = [s for s in record["seats"] if s["declaration"] is not None]
    if made:
        lines.append("declarations: " + ", ".join(_stake_text(s) for s in made))
    if record["out_order"]:
        lines.append("out: " + ", ".join(seat_name(s) for s in record["out_order"]))
    if record["last_hand"] is not None:
        giver, cards = record["last_hand"]
        lines.append(f"last hand of seat {giver} (handed over): {cards}")
    lines.append(f"match points: {_points_text(game, record['match_points'])}")
    lines.append(f"scores: {_points_text(game, record['scores'])}")
    return "\n".join(lines)


def _stake_text(seat: Mapping[str, Any]) -> str:
    """``seat 0 blind (+/-200)``, ``seat 1 pass``, ``seat 2 declare +100`` once someone is out."""
    made = seat["declaration"]
    text = f"seat {seat['seat']} {made['move']}"
    if not made["stake"]:
        return text
    if made["points"] is None:
        return f"{text} (+/-{made['stake']})"
    return f"{text} {made['points']:+d}"


def _points_text(game: Game, points: Sequence[int]) -> str:
    side = "team" if game.rules.game == "zen_cheng_you" else "seat"
    return ", ".join(f"{side} {i} {p}" for i, p in enumerate(points))
