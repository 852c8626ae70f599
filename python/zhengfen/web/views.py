"""A game as JSON (API.md): cards, moves, history events, and the view one seat has of a table,
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
from typing import Any

import zhengfen
from zhengfen import text
from zhengfen.declarations import STAKES, declaration_points, in_blind_round
from zhengfen.seats import Move

__all__ = [
    "breakdown",
    "card_json",
    "cards_json",
    "declarations_json",
    "event_json",
    "groups_json",
    "hand_json",
    "move_json",
    "moves_json",
    "notation_move",
    "seat_names",
    "short_names",
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
        "name": text.move_name(move),
        "cards": cards_json(move.cards),
        "kind": move.kind,
    }


def notation_move(notation: str, rules: zhengfen.Rules) -> Move:
    """A move written in notation (history, saved games): a combination, or ``pass``,
    ``blind``, ``declare``."""
    if notation in ("pass", "blind", "declare"):
        return notation
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
        for group in text.move_groups(moves)
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
) -> Json:
    """Event ``n`` of ``history`` with its sentence for people
    (:func:`zhengfen.text.announcement`), and a declaration's stake. For a seat's view
    (``seat`` given) a deal shows that seat's hand only (Zheng Fen; ``None`` in Zen Cheng You,
    where the cards are seen after the blind declarations); for a replay (``seat`` ``None``)
    every hand."""
    event = history[n]
    out: Json = {"n": n, **event}
    kind = event["type"]
    played = None
    if kind == "play":
        out["move"] = move_json(notation_move(event["combo"], rules))
        played = f"{out['move']['name']} ({' '.join(out['move']['cards'])})"
    if kind == "declaration":
        out["stake"] = STAKES[event["move"]]
    out["text"] = text.announcement(
        event,
        who,
        name=played,
        team=(lambda team: f"team {team}") if rules.game == "zen_cheng_you" else None,
        blind_round=in_blind_round(history, n, rules.players),
    )
    if kind == "deal":
        out["match"] = event["match"] + 1
        hands = [cards_json(zhengfen.parse_cards(h, rules.decks)) for h in event["hands"]]
        del out["hands"]
        if seat is None:
            out["hands"] = hands
        else:
            out["hand"] = hands[seat] if rules.game == "zheng_fen" else None
    return out


# --- a seat's view of a table ------------------------------------------------------------------


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


def declarations_json(game: zhengfen.Game) -> list[Json] | None:
    """The Zen Cheng You declarations of the match (``None`` in Zheng Fen): each with its seat,
    team, stake and, once someone is out, its points (``+stake`` when the declarer finished
    first, ``-stake`` otherwise; ``None`` before)."""
    observation: Mapping[str, Any] = game.observation(0)
    made = observation.get("declarations")
    if made is None:
        return None
    first = game.out_order[0] if game.out_order else None
    blind = _blind_round(game)
    rows = []
    for seat, move in made:
        rows.append(
            {
                "seat": seat,
                "move": move,
                "team": game.side(seat),
                "stake": STAKES[move],
                "points": declaration_points(move, seat, first),
                "blind_round": move == "blind" or seat in blind,
            }
        )
    return rows


def _blind_round(game: zhengfen.Game) -> set[int]:
    """The seats whose latest declaration of the match is their blind one (RULES.md §11.2: a
    pass there leaves the ±100 declaration still to make). Only in the declarations' phase is
    the history read (the blind round over, a blind pass is followed by a declaration)."""
    phase = game.phase
    if phase == "blind_declare":
        return set(range(game.rules.players))
    if phase != "declare":
        return set()  # a blind pass has been followed by a declaration (or pass) since
    history = game.history
    start = max(n for n, e in enumerate(history) if e["type"] == "deal")
    latest = {
        e["seat"]: n for n, e in enumerate(history) if n > start and e["type"] == "declaration"
    }
    return {seat for seat, n in latest.items() if in_blind_round(history, n, game.rules.players)}


def _seats(
    game: zhengfen.Game,
    seat: int,
    agents: Mapping[int, str],
    people: Collection[int],
    who: text.Who,
) -> list[Json]:
    observation: Mapping[str, Any] = game.observation(seat)
    zcy = game.rules.game == "zen_cheng_you"
    out_order = game.out_order
    return [
        {
            "seat": s,
            "name": who(s),
            "agent": agents.get(s),
            "person": s in people,
            "you": s == seat,
            "to_move": s == game.current_player,
            "cards_left": observation["cards_left"][s],
            "points_won": observation["points_won"][s],
            "team": game.side(s) if zcy else None,
            "place": out_order.index(s) + 1 if s in out_order else None,
        }
        for s in range(game.rules.players)
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


def breakdown(game: zhengfen.Game, who: text.Who) -> Json | None:
    """A finished Zen Cheng You match's score, as the terminal shows it (``None`` otherwise):
    per team its card points (``null`` after a 1-2 finish), what a 1-2 finish scored (200 for
    the team out first and second, 0 for the other; ``null`` without one), its declarations'
    points, the match points (those added), the score before the match and after. Every number is
    the engine's: its match points, its scores, its transfer event (there is none after a 1-2
    finish) and the declarations' points (:func:`declarations_json`)."""
    if game.rules.game != "zen_cheng_you" or not game.match_over:
        return None
    made = [d for d in declarations_json(game) or [] if d["stake"]]
    one_two = not any(e["type"] == "transfer" for e in _match_events(game))
    rows = []
    for team, row in enumerate(_scores(game, who)):
        declared = sum(d["points"] or 0 for d in made if d["team"] == team)
        points = row["match_points"]
        rows.append(
            {
                "team": team,
                "label": row["label"],
                "cards": None if one_two else points - declared,
                "one_two": points - declared if one_two else None,
                "declarations": declared,
                "match_points": points,
                "before": row["score"] - points,
                "score": row["score"],
            }
        )
    return {"one_two": one_two, "teams": rows, "declarations": made}


def _match_events(game: zhengfen.Game) -> list[Mapping[str, Any]]:
    """The events of the current match, from its deal."""
    events: list[Mapping[str, Any]] = list(game.history)
    start = max(i for i, e in enumerate(events) if e["type"] == "deal")
    return events[start:]


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
    observation: Mapping[str, Any] = game.observation(seat)
    your_turn = game.current_player == seat
    moves = game.legal_moves() if your_turn else []
    seen = bool(observation["hand"]) or game.phase != "blind_declare"
    history: Sequence[Mapping[str, Any]] = game.history
    return {
        **(extra or {}),
        "version": len(game.decisions),
        "game": game.rules.game,
        "title": "Zheng Fen" if game.rules.game == "zheng_fen" else "Zen Cheng You",
        "players": game.rules.players,
        "rules": {"game": game.rules.game, **game.rules.options()},
        "seat": seat,
        "phase": game.phase,
        "match": game.match_number + 1,
        "current_player": game.current_player,
        "your_turn": your_turn,
        "match_over": game.match_over,
        "game_over": game.game_over,
        "seats": _seats(game, seat, agents, people, who),
        "teams": teams(game),
        "scores": _scores(game, who),
        "table": _table(game),
        "trick": _trick(game.trick),
        "hand": hand_json(game.hand(seat) if seen else zhengfen.Cards(), seen),
        "moves": moves_json(moves),
        "groups": groups_json(moves),
        "declarations": declarations_json(game),
        "breakdown": breakdown(game, who),
        "out_order": game.out_order,
        "winners": game.winners,
        "events": [
            event_json(n, history, game.rules, who, seat) for n in range(since, len(history))
        ],
        "history_length": len(history),
    }
