"""A person's game against agents in the browser (a *table*): created from a request or a saved
game, played a move at a time, with the agents' moves made up to the person's next turn (for
at most a slice of time per request: the page asks again while they play on), the person's
selection of cards read and checked, and hints with an evaluation of the candidates (and, from
a learned agent, its Q-value of each).

Each table has a lock, so requests on one table are answered one at a time while several
browsers play separate tables at once. The store of tables (:class:`~zhengfen.web.store.Store`)
bounds their number and forgets idle ones.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import zhengfen
from zhengfen.agents import Agent, GreedyAgent
from zhengfen.seats import Move, agent_seed, observe, take_turn
from zhengfen.web import inputs, views
from zhengfen.web.deals import Deal
from zhengfen.web.inputs import Body, InputError
from zhengfen.web.models import Models
from zhengfen.web.problems import Busy, Conflict

__all__ = ["HINT_CANDIDATES", "Table", "load_table", "new_table"]

HINT_CANDIDATES = 8
"""The most candidate moves a hint evaluates."""

Json = dict[str, Any]


@dataclass
class Table:
    """One person's game: the game, the person's seat, the agents in the other seats (by their
    specs), how long the agents may play in one request (``slice_seconds``), and how much of
    the history the page has been sent."""

    game: zhengfen.Game
    seat: int
    specs: dict[int, str]
    seed: int
    slice_seconds: float = 2.0
    models: Models = field(default_factory=Models)
    deal: Deal = field(default_factory=lambda: Deal(None, known=False))
    agents: dict[int, Agent] = field(default_factory=dict)
    delivered: int = 0
    key: str = ""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.agents = {
            s: self.models.agent(spec, agent_seed(self.seed, s)) for s, spec in self.specs.items()
        }

    @contextmanager
    def using(self, wait: float) -> Iterator[None]:
        """Holds the table's lock (:class:`Busy` after ``wait`` seconds)."""
        if not self.lock.acquire(timeout=wait):
            raise Busy("the table is busy answering another request: try again")
        try:
            yield
        finally:
            self.lock.release()

    # --- the flow ------------------------------------------------------------------------------

    @property
    def agents_playing(self) -> bool:
        """Whether an agent is to move (the agents have not yet reached the person's turn or
        the end of the match)."""
        seat = self.game.current_player
        return seat is not None and seat != self.seat

    def advance(self) -> None:
        """The agents play towards the person's turn or the end of the match, until the table's
        slice of time is spent: one move at least while an agent is to move, so that each
        request moves the game on, and none begun once the slice is over (a request lasts
        the slice and one agent's move at most)."""
        deadline = time.monotonic() + self.slice_seconds
        while self.agents_playing:
            seat = self.game.current_player
            assert seat is not None
            take_turn(self.game, self.agents[seat], seat, self.specs[seat])
            if time.monotonic() >= deadline:
                break

    def view(self, since: int | None = None) -> Json:
        """The person's view, with the events not yet sent (or those from ``since``), and
        whether the agents are still playing (``agents_playing``: the page asks for more)."""
        start = self.delivered if since is None else min(since, len(self.game.history))
        shown = views.view(self.game, self.seat, self.specs, start, {"id": self.key})
        shown.update(self.deal.shown(self.game.game_over))
        shown["agents_playing"] = self.agents_playing
        self.delivered = len(self.game.history)
        return shown

    def play_on(self) -> Json:
        """The agents play for another slice (none when the person is to move or the match is
        over); the view with the events since the last one answered."""
        self.advance()
        return self.view()

    def next_match(self) -> Json:
        """Deals the next match and plays the agents up to the person's turn."""
        if self.game.game_over:
            raise Conflict("the game is over")
        if not self.game.match_over:
            raise Conflict("the match is still being played")
        self.game.next_match()
        self.advance()
        return self.view()

    # --- the person's move ---------------------------------------------------------------------

    def _moves(self) -> Sequence[Move]:
        if self.game.current_player != self.seat:
            if self.game.game_over:
                raise Conflict("the game is over: start a new one")
            if self.game.current_player is None:
                raise Conflict("the match is over: ask for the next match")
            raise Conflict(f"it is not your turn: seat {self.game.current_player} is to move")
        return self.game.legal_moves()

    def move(self, body: Body) -> Json:
        """Plays the person's move (by ``index``, ``cards`` or ``move``), then the agents'."""
        version = body.integer("version", 0, 2**63, None)
        if version is not None and version != len(self.game.decisions):
            raise Conflict("the view is out of date: the game has moved on since")
        moves = self._moves()
        chosen = self._chosen(body, moves)
        self.game.play(chosen)
        self.advance()
        return self.view()

    def _chosen(self, body: Body, moves: Sequence[Move]) -> Move:
        if body.has("index"):
            index: int = body.integer("index", 0, 2**31, None)
            if index >= len(moves):
                raise Conflict(f"there is no move {index}: choose 0 to {len(moves) - 1}")
            return moves[index]
        if body.has("cards"):
            cards = inputs.cards(body.data["cards"], self.game.rules.decks)
            matching = _matching(moves, cards)
            if len(matching) == 1:
                return moves[matching[0]]
            if matching:
                raise Conflict(
                    "those cards can be played several ways: choose one", choices=matching
                )
            raise Conflict(self._why_not(cards))
        if body.has("move"):
            named: str = body.string("move")
            for move in moves:
                if views.move_json(move)["text"] == named:
                    return move
            raise Conflict(f"{named!r} is not a legal move now")
        raise InputError("give the move as 'index', 'cards' or 'move'")

    # --- reading a selection -------------------------------------------------------------------

    def check(self, body: Body) -> Json:
        """What the selected cards read as, and whether they can be played now (API.md)."""
        cards = inputs.cards(body.data.get("cards", []), self.game.rules.decks)
        rules = self.game.rules
        readings = zhengfen.classify(cards, rules) if len(cards) else []
        your_turn = self.game.current_player == self.seat
        moves = self.game.legal_moves() if your_turn else []
        indices = _matching(moves, cards) if len(cards) else []
        table = self.game.table
        beats = None
        if table is not None and readings:
            beats = any(zhengfen.beats(reading, table[0], rules) for reading in readings)
        return {
            "cards": views.cards_json(cards),
            "held": self._holds(cards),
            "readings": [
                {key: views.move_json(r)[key] for key in ("text", "name", "kind")} for r in readings
            ],
            "legal": bool(indices),
            "indices": indices,
            "beats_table": beats,
            "reason": None if indices else self._why_not(cards),
        }

    def _holds(self, cards: zhengfen.Cards) -> bool:
        """Whether the person holds ``cards`` (never true before they have seen their hand:
        the blind declarations of Zen Cheng You)."""
        if self.game.phase == "blind_declare":
            return False
        hand = self.game.hand(self.seat)
        return all(hand.count(card) >= cards.count(card) for card in cards)

    def _why_not(self, cards: zhengfen.Cards) -> str:
        """Why ``cards`` cannot be played now."""
        shown = " ".join(views.cards_json(cards))
        if not len(cards):
            return "no cards selected"
        if self.game.current_player != self.seat:
            return "it is not your turn"
        if self.game.phase in ("blind_declare", "declare"):
            return "the declarations come first: pass, blind or declare"
        if not self._holds(cards):
            return f"you do not hold {shown}"
        readings = zhengfen.classify(cards, self.game.rules)
        if not readings:
            return f"{shown} is not a combination"
        table = self.game.table
        if table is not None:
            return (
                f"{views.move_json(readings[0])['name']} does not beat "
                f"{views.move_json(table[0])['name']}"
            )
        return f"{shown} cannot be played now"

    # --- hints ---------------------------------------------------------------------------------

    def hint(self, spec: str, playouts: int) -> Json:
        """The move ``spec``'s agent would play, and the candidates evaluated as the search
        agent does (``InfoSet.evaluate``: greedy playouts of ``playouts`` worlds consistent with
        what the person knows, the same worlds for every candidate). A learned agent's
        candidates are its best moves by Q-value (each by its best way to play it), each with
        its ``q``, largest first; other agents' are their choice, the greedy one's, then the
        others in order, the best value first, with ``q`` null."""
        moves = self._moves()
        seed = zhengfen.derive_seed(self.seed, len(self.game.decisions))
        agent = self.models.agent(spec, seed)
        choice = agent.act(observe(self.game, self.seat), moves)
        index = list(moves).index(choice)
        groups = views.groups_json(moves)
        info = self.game.info_set(self.seat)
        model = self.models.model(agent, self.game.rules)
        q = None if model is None else [float(v) for v in model.q_values(info)]
        if q is None:
            candidates = _candidates(groups, index, self._greedy_index(moves, seed))
            firsts = [group["indices"][0] for group in candidates]
        else:
            candidates, firsts = _best_by_q(groups, q)
        values = info.evaluate(firsts, playouts, seed)
        rows = [
            {
                "index": first,
                "move": views.move_json(moves[first]),
                "name": group["name"],
                "variants": group["indices"],
                "value": value,
                "playouts": playouts,
                "q": None if q is None else q[first],
            }
            for first, group, value in zip(firsts, candidates, values)
        ]
        rows.sort(key=lambda row: -row["value"] if q is None else -row["q"])
        return {
            "agent": spec,
            "index": index,
            "move": views.move_json(choice),
            "candidates": rows,
            "q_meaning": None if q is None else self._q_meaning(),
            "value_meaning": (
                f"mean result of the match for you over {playouts} greedy playouts from deals "
                "consistent with what you know ("
                + (
                    "your points"
                    if self.game.rules.game == "zheng_fen"
                    else "your team's points minus the other team's"
                )
                + ")"
            ),
        }

    def _q_meaning(self) -> str:
        """What a learned agent's Q-value estimates, in words."""
        result = (
            "your points"
            if self.game.rules.game == "zheng_fen"
            else "your team's points minus the other team's"
        )
        return f"the learned model's estimate of the match's result for you ({result}) if played"

    def _greedy_index(self, moves: Sequence[Move], seed: int) -> int:
        choice = GreedyAgent(seed).act(observe(self.game, self.seat), moves)
        return list(moves).index(choice)


def _matching(moves: Sequence[Move], cards: zhengfen.Cards) -> list[int]:
    """The indices of the legal combinations made of exactly ``cards``."""
    return [i for i, m in enumerate(moves) if not isinstance(m, str) and m.cards == cards]


def _candidates(groups: Sequence[Json], *firsts: int) -> list[Json]:
    """At most :data:`HINT_CANDIDATES` move groups: those holding ``firsts`` first, then the
    others in order."""
    chosen = [g for first in firsts for g in groups if first in g["indices"]]
    ordered = list({id(g): g for g in chosen + list(groups)}.values())
    return ordered[:HINT_CANDIDATES]


def _best_by_q(groups: Sequence[Json], q: Sequence[float]) -> tuple[list[Json], list[int]]:
    """At most :data:`HINT_CANDIDATES` move groups of largest Q-value, a group's value that of
    its best way (the first of equal ones), with that way's index, largest first (ties in
    order)."""
    best = [max(group["indices"], key=lambda i: (q[i], -i)) for group in groups]
    order = sorted(range(len(groups)), key=lambda g: -q[best[g]])[:HINT_CANDIDATES]
    return [groups[g] for g in order], [best[g] for g in order]


def new_table(body: Body, seconds: float, models: Models | None = None) -> Table:
    """A new table from a request (API.md, ``POST /api/tables``); the agents have played
    towards the person's first turn for up to ``seconds``."""
    rules = inputs.rules(body)
    seat: int = body.integer("seat", 0, rules.players - 1, 0)
    chosen = body.has("seed")
    seed = inputs.seed(body, secrets.randbits(63))
    table = _seated(zhengfen.Game(rules, seed), seat, body, seed, seconds, models or Models())
    table.deal = Deal(seed, known=chosen)
    table.advance()
    return table


def load_table(body: Body, limit: int, seconds: float, models: Models | None = None) -> Table:
    """A table resumed from a saved game (``saved``: the text of ``Game.to_json()``); the
    agents have played towards the person's turn for up to ``seconds``."""
    saved = body.text("saved", limit)
    game = zhengfen.Game.from_json(saved)
    seat: int = body.integer("seat", 0, game.rules.players - 1, 0)
    seed = inputs.seed(body, 0)
    table = _seated(game, seat, body, seed, seconds, models or Models())
    table.deal = Deal.of_saved(saved)
    table.delivered = len(game.history)
    table.advance()
    return table


def _seated(
    game: zhengfen.Game, seat: int, body: Body, seed: int, seconds: float, models: Models
) -> Table:
    others = [s for s in range(game.rules.players) if s != seat]
    specs = inputs.agents(body, "opponents", len(others), ["greedy"], models, game.rules)
    return Table(game, seat, dict(zip(others, specs)), seed, seconds, models)
