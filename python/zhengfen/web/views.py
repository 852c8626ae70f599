"""A game as JSON (API.md): cards, moves, history events, and the view one seat has of a game,
which holds that seat's hand only, never another's.

>>> import zhengfen
>>> rules = zhengfen.Rules.zheng_fen(players=4)
>>> move_json(zhengfen.classify("8c 8d", rules)[0])["cards"]
['8c', '8d']
>>> card_json(zhengfen.Card("Kh"))
{'card': 'Kh', 'rank': 'K', 'suit': 'h', 'points': 10}
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, cast

import zhengfen
from zhengfen import names, text
from zhengfen.types import Move, StringMove, Visible

__all__ = [
    "breakdown",
    "card_json",
    "cards_json",
    "declarations_json",
    "event_json",
    "felt_json",
    "groups_json",
    "hand_json",
    "move_json",
    "moves_json",
    "notation_move",
    "seat_names",
    "short_names",
    "stakes",
    "teams",
    "view",
]

Json = dict[str, Any]


# --- cards and moves ---------------------------------------------------------------------------


def card_json(card: zhengfen.Card) -> Json:
    """A card: its token, rank, suit (``None`` for a joker) and points."""
    return {"card": str(card), "rank": card.rank, "suit": card.suit, "points": card.points}


def cards_json(cards: Iterable[zhengfen.Card]) -> list[str]:
    """Cards as tokens."""
    return [str(card) for card in cards]


def move_json(move: Move) -> Json:
    """A move: its notation, its name for people, its cards and its kind."""
    if isinstance(move, str):
        return {"text": move, "name": move, "cards": [], "kind": move}
    return {
        "text": move.notation,
        "name": names.move_name(move),
        "cards": cards_json(move.cards),
        "kind": move.kind,
    }


def notation_move(notation: str, rules: zhengfen.Rules) -> Move:
    """A move written in notation (history, saved games): a combination, or ``pass``,
    ``blind``, ``declare``."""
    if notation in ("pass", "blind", "declare"):
        return cast(StringMove, notation)
    return zhengfen.Combo.parse(notation, rules)


def moves_json(moves: Sequence[Move]) -> list[Json]:
    """The legal moves, each with its index."""
    return [{"index": index, **move_json(move)} for index, move in enumerate(moves)]


def groups_json(moves: Sequence[Move]) -> list[Json]:
    """The legal moves with suit variants collapsed: each group's name, kind and indices."""
    return [
        {
            "name": group.name,
            "kind": move_json(moves[group.indices[0]])["kind"],
            "indices": list(group.indices),
        }
        for group in names.move_groups(moves)
    ]


def hand_json(hand: zhengfen.Cards, seen: bool = True) -> Json:
    """A hand sorted (as the engine keeps it) and grouped by rank."""
    groups: dict[str, list[str]] = {}
    for card in hand:
        groups.setdefault(card.rank, []).append(str(card))
    return {
        "cards": [card_json(card) for card in hand],
        "groups": [{"rank": rank, "cards": cards} for rank, cards in groups.items()],
        "seen": seen,
    }


# --- history events ----------------------------------------------------------------------------


def event_json(
    n: int,
    history: Sequence[Mapping[str, Any]],
    rules: zhengfen.Rules,
    who: text.Who,
    seat: int | None,
    after: Visible | None = None,
    felt: bool = True,
) -> Json:
    """Event ``n`` of ``history`` with its sentence for people
    (:func:`zhengfen.text.announcement`), a declaration's stake and round (from the engine's
    record ``after``: a declaration is told as it was made only with one), and ``felt``: what
    the seat sees after it (:func:`felt_json` of the engine's record ``after``; ``None``
    without one). For a seat's view (``seat`` given) a deal shows that seat's hand only (Zheng Fen;
    ``None`` in Zen Cheng You, where the cards are seen after the blind declarations); for a replay
    (``seat`` ``None``) every hand. ``felt=False`` leaves ``felt`` out (a replay's frame holds it
    once)."""
    event = history[n]
    out: Json = {"n": n, **event}
    kind = event["type"]
    played = None
    if kind == "play":
        out["move"] = move_json(notation_move(event["combo"], rules))
        played = f"{out['move']['name']} ({' '.join(out['move']['cards'])})"
    made = None
    if kind == "declaration" and after is not None:
        made = after["seats"][event["seat"]]["declaration"]
        out["stake"] = made["stake"] if made is not None else None
    out["text"] = text.announcement(
        event,
        who,
        name=played,
        team=(lambda team: f"team {team}") if rules.game == "zen_cheng_you" else None,
        blind_round=made is not None and made["blind_round"],
        stake=out.get("stake"),
    )
    if kind == "deal":
        out["match"] = event["match"] + 1
        hands = [cards_json(zhengfen.parse_cards(h, rules.decks)) for h in event["hands"]]
        del out["hands"]
        if seat is None:
            out["hands"] = hands
        else:
            out["hand"] = hands[seat] if rules.game == "zheng_fen" else None
    if felt:
        out["felt"] = None if after is None else felt_json(after, rules)
    return out


# --- the engine's record of what a seat sees, as the page draws it ----------------------------


def _tokens(notation: str | None) -> list[str] | None:
    return None if notation is None else notation.split()


def _seated_move(pair: Sequence[Any], rules: zhengfen.Rules) -> Json:
    seat, notation = pair
    return {"seat": seat, "move": move_json(notation_move(notation, rules))}


def felt_json(record: Visible, rules: zhengfen.Rules) -> Json:
    """The engine's record of what a seat sees (``Game.visible``, API.md "The felt") with its
    combinations as moves (:func:`move_json`) and its hands as card tokens: per seat its hand
    (``None`` where hidden), cards left, points won, place, team and declaration; the table, the
    trick, who moves, the order out, the points and scores, and the last player's remaining
    hand once handed over."""
    last = record["last_hand"]
    return {
        "phase": record["phase"],
        "current_player": record["current_player"],
        "seats": [
            {
                "seat": s["seat"],
                "hand": _tokens(s["hand"]),
                "cards_left": s["cards_left"],
                "points_won": s["points_won"],
                "place": s["place"],
                "team": s["team"],
                "declaration": s["declaration"],
            }
            for s in record["seats"]
        ],
        "table": None if record["table"] is None else _seated_move(record["table"], rules),
        "trick": [_seated_move(pair, rules) for pair in record["trick"]],
        "out_order": record["out_order"],
        "match_points": record["match_points"],
        "scores": record["scores"],
        "winners": record["winners"],
        "last_hand": None if last is None else {"seat": last[0], "cards": _tokens(str(last[1]))},
    }


# --- a seat's view of a game -------------------------------------------------------------------


def stakes(game: str) -> dict[str, int]:
    """Each declaration's stake in ``game`` (the engine's, :func:`zhengfen.game_offers`; ``{}``
    in Zheng Fen)."""
    offer = next(o for o in zhengfen.game_offers() if o["game"] == game)
    return {move: stake for move, stake in offer["stakes"].items()}


def seat_names(agents: Mapping[int, str], people: Collection[int]) -> dict[int, str]:
    """What each seat is called after: its agent, or ``person``.

    >>> seat_names({1: "greedy"}, [0, 2])
    {1: 'greedy', 0: 'person', 2: 'person'}
    """
    return {**agents, **{s: "person" for s in people}}


def short_names(names: Mapping[int, str]) -> dict[int, str]:
    """Names as people read them at the table: an agent by its name, without its settings (the
    view's ``seats[s].agent`` keeps the whole spec).

    >>> short_names({1: "ismcts(iterations=1000,playout=greedy)", 2: "learned-zf4"})
    {1: 'ismcts', 2: 'learned-zf4'}
    """
    return {seat: name.split("(", 1)[0] for seat, name in names.items()}


def teams(game: zhengfen.Game) -> list[list[int]] | None:
    """Zen Cheng You's teams (seats by team), ``None`` in Zheng Fen."""
    if game.rules.game != "zen_cheng_you":
        return None
    sides: list[list[int]] = [[], []]
    for seat in range(game.rules.players):
        sides[game.side(seat)].append(seat)
    return sides


def _trick(trick: Iterable[tuple[int, Move]]) -> list[Json]:
    return [{"seat": seat, "move": move_json(move)} for seat, move in trick]


def _table(game: zhengfen.Game) -> Json | None:
    if game.table is None:
        return None
    combo, seat = game.table
    return {"seat": seat, "move": move_json(combo)}


def declarations_json(record: Visible) -> list[Json] | None:
    """The Zen Cheng You declarations of the match (``None`` in Zheng Fen), from the engine's
    record: each with its seat, team, stake and, once someone is out, its points (``+stake``
    when the declarer finished first, ``-stake`` otherwise; ``None`` before)."""
    if record["seats"][0]["team"] is None:
        return None
    return [
        {"seat": s["seat"], "team": s["team"], **s["declaration"]}
        for s in record["seats"]
        if s["declaration"] is not None
    ]


def _seats(
    record: Visible,
    agents: Mapping[int, str],
    people: Collection[int],
    who: text.Who,
) -> list[Json]:
    return [
        {
            "seat": s["seat"],
            "name": who(s["seat"]),
            "agent": agents.get(s["seat"]),
            "person": s["seat"] in people,
            "you": s["seat"] == record["viewer"],
            "to_move": s["seat"] == record["current_player"],
            "cards_left": s["cards_left"],
            "points_won": s["points_won"],
            "team": s["team"],
            "place": s["place"],
        }
        for s in record["seats"]
    ]


def _scores(game: zhengfen.Game, who: text.Who) -> list[Json]:
    sides = teams(game)
    if sides is None:
        rows = [(who(s), [s]) for s in range(game.rules.players)]
    else:
        rows = [
            (f"team {t} ({', '.join(who(s) for s in members)})", members)
            for t, members in enumerate(sides)
        ]
    return [
        {"label": label, "seats": seats, "score": score, "match_points": points}
        for (label, seats), score, points in zip(rows, game.scores, game.match_points)
    ]


def breakdown(game: zhengfen.Game, who: text.Who, record: Visible | None = None) -> Json | None:
    """A finished Zen Cheng You match's score, as the terminal shows it (``None`` otherwise):
    the engine's breakdown (``Game.visible``: per team its card points (``null`` after a 1-2
    finish), what a 1-2 finish scored (200 for the team out first and second, 0 for the other;
    ``null`` without one), its declarations' points, the match points, the score before the
    match and after) with each team's label, and the declarations made (with a stake)."""
    record = game.visible(None) if record is None else record
    made = record["breakdown"]
    if made is None:
        return None
    labels = [row["label"] for row in _scores(game, who)]
    return {
        "one_two": made["one_two"],
        "teams": [{**team, "label": labels[team["team"]]} for team in made["teams"]],
        "declarations": [d for d in declarations_json(record) or [] if d["stake"]],
    }


def view(
    game: zhengfen.Game,
    seat: int,
    agents: Mapping[int, str],
    since: int,
    extra: Mapping[str, Any] | None = None,
    people: Collection[int] = (),
    names: Mapping[int, str] | None = None,
) -> Json:
    """What ``seat`` sees of ``game`` (API.md, "The VIEW"), with the history events from index
    ``since``; ``agents`` names the agents' seats, ``people`` the seats people hold (``seat``
    among them), ``names`` the names people gave themselves. Seats are called by their agents'
    short names (:func:`short_names`), or their people's names."""
    who = text.namer({**short_names(seat_names(agents, people)), **(names or {})}, you=seat)
    record = game.visible(seat)
    your_turn = game.current_player == seat
    moves = game.legal_moves() if your_turn else []
    seen = record["seen"]
    history: Sequence[Mapping[str, Any]] = game.history
    events = _events(game, history, seat, who, since)
    felt = felt_json(record, game.rules)
    return {
        **(extra or {}),
        "version": len(game.decisions),
        "game": game.rules.game,
        "title": "Zheng Fen" if game.rules.game == "zheng_fen" else "Zen Cheng You",
        "players": game.rules.players,
        "rules": game.rules.to_dict(),
        "seat": seat,
        "phase": game.phase,
        "match": game.match_number + 1,
        "current_player": game.current_player,
        "your_turn": your_turn,
        "match_over": game.match_over,
        "game_over": game.game_over,
        "seats": _seats(record, agents, people, who),
        "teams": teams(game),
        "scores": _scores(game, who),
        "last_hand": felt["last_hand"],
        "felt": felt,
        "stakes": stakes(game.rules.game),
        "table": _table(game),
        "trick": _trick(game.trick),
        "hand": hand_json(game.hand(seat) if seen else zhengfen.Cards(), seen),
        "moves": moves_json(moves),
        "groups": groups_json(moves),
        "declarations": declarations_json(record),
        "breakdown": breakdown(game, who, record),
        "out_order": record["out_order"],
        "winners": record["winners"],
        "events": events,
        "history_length": len(history),
    }


def _events(
    game: zhengfen.Game,
    history: Sequence[Mapping[str, Any]],
    seat: int,
    who: text.Who,
    since: int,
) -> list[Json]:
    """The history events from ``since``, those of the current match with what ``seat`` sees
    after each (``Game.visible_events``): the page shows the agents' moves one by one from
    these. Earlier events (a reload's whole history) carry ``felt: null``."""
    deal = max(n for n, e in enumerate(history) if e["type"] == "deal")
    records = game.visible_events(seat, since=since) if since < len(history) else []
    events = [
        event_json(n, history, game.rules, who, seat, records[n - since])
        for n in range(since, len(history))
    ]
    for earlier in events[: max(deal - since, 0)]:
        earlier["felt"] = None
    return events
