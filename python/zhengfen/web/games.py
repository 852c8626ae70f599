"""A game in the browser: people in some seats, agents in the others; created from a
request or a saved game, played a move at a time, with the agents' moves made up to a person's
next turn (for at most a slice of time per request: the pages ask again while they play on).
Every action names the seat it is made for, and answers that seat's view only (API.md).

Each game has a lock, so requests on one game are answered one at a time while several
browsers play separate games at once. The store of games (:class:`~zhengfen.web.store.Store`)
bounds their number and forgets idle ones; :mod:`~zhengfen.web.tables` keeps them in the
server's database.

An agent's move depends on the game alone: before each of its moves the agent is seeded with
``derive_seed(agent_seed(seed, seat), decision)`` (the decision's index), so a game brought
back from the database after a restart plays on as it would have without the stop.
"""

from __future__ import annotations

import copy
import secrets
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import zhengfen
from zhengfen.agents import Agent, finish_game, take_turn
from zhengfen.agents.seats import agent_seed
from zhengfen.types import Move
from zhengfen.web import bots, hints, selections, views
from zhengfen.web.deals import Deal
from zhengfen.web.models import Offered
from zhengfen.web.people import People
from zhengfen.web.problems import Busy, Conflict, Forbidden
from zhengfen.web.requested import (
    PERSON,
    ByCards,
    ByIndex,
    HintRequest,
    LoadGame,
    MoveChoice,
    MoveRequest,
    NewGame,
    Seating,
)

__all__ = ["LOADED", "WebGame", "load_game", "new_game"]

LOADED = "loaded"
"""What ``choosers`` says of the decisions of a saved game the game was resumed from."""

Json = dict[str, Any]

_STATE = (
    *("game", "people", "seated", "agents", "handed_at", "people_moved", "hints"),
    *("choosers", "revision", "_over"),
)
"""What :meth:`WebGame.rewind` puts back."""


@dataclass
class WebGame:
    """A game in the browser: the engine's game (``game``), the people's seats
    (:class:`~zhengfen.web.people.People`), the agents in the others (``seated``: each an
    :class:`~zhengfen.web.models.Offered`, read once where a request or the database named
    it), the seed the agents and hints draw from, how long the agents may play in one request
    (``slice_seconds``), what to do once the game is over (``finished``, called once), the
    seats handed from a person to an agent (``handed_at``: after how many decisions), how many
    moves the people made here (``people_moved``), and the hints they asked for (``hints``:
    seat, decision, agent; a data set tells helped moves apart), unless the owner turned them
    off (``hints_on``: a study of people's own play). ``choosers`` says who made each decision
    of ``game.decisions`` (:data:`~zhengfen.web.requested.PERSON`, an agent's name, or
    :data:`LOADED`); ``revision`` counts the changes the database holds
    (:mod:`~zhengfen.web.tables`), ``created`` is when the game was opened (seconds since the
    epoch); ``restored``: brought back from the database (a bot seated in it is told its
    process was ``restarted``); ``kept_faults``: the faults counted against each bot's seat
    before it was."""

    game: zhengfen.Game
    people: People
    seated: dict[int, Offered]
    seed: int
    slice_seconds: float = 2.0
    deal: Deal = field(default_factory=lambda: Deal(None, known=False))
    agents: dict[int, Agent] = field(default_factory=dict)
    key: str = ""
    finished: Callable[[WebGame], None] | None = None
    handed_at: dict[int, int] = field(default_factory=dict)
    people_moved: int = 0
    hints: list[Json] = field(default_factory=list)
    hints_on: bool = True
    choosers: list[str] = field(default_factory=list)
    revision: int = 0
    created: float = field(default_factory=time.time)
    restored: bool = False
    kept_faults: dict[int, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self._over = self.game.game_over
        missing = len(self.game.decisions) - len(self.choosers)
        self.choosers.extend([LOADED] * missing)

    def _agent(self, seat: int, restarted: bool = False) -> Agent:
        return self.seated[seat].agent(agent_seed(self.seed, seat), restarted)

    def agent_names(self) -> dict[int, str]:
        """The name of the agent in each seat an agent holds, by seat."""
        return {seat: offered.name for seat, offered in self.seated.items()}

    def close_bots(self) -> None:
        """Ends the processes of the bots seated here: the game is over, unloaded from memory
        (brought back from the database, its bots start afresh) or the server stops."""
        for agent in self.agents.values():
            bots.close(agent)

    def faults(self, seat: int) -> int | None:
        """The faults counted against the bot in ``seat``, those kept in the database with the
        game included (``None``: no bot sits there, or it has not played yet)."""
        counted: Counter[str] | None = getattr(self.agents.get(seat), "faults", None)
        kept = self.kept_faults.get(seat)
        if counted is None:
            return kept
        return sum(counted.values()) + (kept or 0)

    def _seeded(self, seat: int) -> Agent:
        """``seat``'s agent, seeded for the decision to be made (its draws depend on the game's
        seed, the seat and the decision, never on the moves it made before in this process)."""
        agent = self.agents.get(seat)
        if agent is None:  # made when first needed: a game read back needs no agent
            agent = self.agents[seat] = self._agent(seat, self.restored)
        reseed = getattr(agent, "reseed", None)
        if reseed is not None:
            reseed(zhengfen.derive_seed(agent_seed(self.seed, seat), len(self.game.decisions)))
        return agent

    def checkpoint(self) -> WebGame:
        """A copy of the game's state, for :meth:`rewind` (the lock is shared)."""
        saved = copy.copy(self)
        saved.game = self.game.copy()
        saved.people = copy.deepcopy(self.people)
        saved.seated, saved.agents = dict(self.seated), dict(self.agents)
        saved.handed_at, saved.choosers = dict(self.handed_at), list(self.choosers)
        saved.hints = [dict(hint) for hint in self.hints]
        return saved

    def rewind(self, to: WebGame) -> None:
        """Puts the game back to the state of ``to`` (a :meth:`checkpoint` of it)."""
        for name in _STATE:
            setattr(self, name, getattr(to, name))

    @contextmanager
    def using(self, wait: float) -> Iterator[None]:
        """Holds the game's lock (:class:`Busy` after ``wait`` seconds)."""
        if not self.lock.acquire(timeout=wait):
            raise Busy("the game is busy answering another request: try again")
        try:
            yield
        finally:
            self.lock.release()

    # --- the flow ------------------------------------------------------------------------------

    @property
    def agents_playing(self) -> bool:
        """Whether an agent is to move (the agents have not yet reached a person's turn or the
        end of the match)."""
        return self.game.current_player in self.seated

    def advance(self) -> None:
        """The agents play towards a person's turn or the end of the match, until the game's
        slice of time is spent: one move at least while an agent is to move, so that each
        request moves the game on, and none begun once the slice is over (a request lasts
        the slice and one agent's move at most)."""
        deadline = time.monotonic() + self.slice_seconds
        while self.agents_playing:
            seat = self.game.current_player
            assert seat is not None
            name = self.seated[seat].name
            take_turn(self.game, self._seeded(seat), seat, name)
            self.choosers.append(name)
            if time.monotonic() >= deadline:
                break
        self._check_over()

    def _check_over(self) -> None:
        if self.game.game_over and not self._over:
            self._over = True
            self._end_match()
            finish_game(self.game, self.agents)  # a bot is told the game is over
            self.close_bots()
            if self.finished is not None:
                self.finished(self)

    def _end_match(self) -> None:
        """Tells the agents that follow the whole game (a bot) that the match is over."""
        for seat, agent in self.agents.items():
            end_match = getattr(agent, "end_match", None)
            if end_match is not None:
                end_match(self.game, seat)

    def view(self, seat: int, since: int | None = None) -> Json:
        """``seat``'s view, with the events not yet sent to it (or those from ``since``), and
        whether the agents are still playing (``agents_playing``: the page asks for more)."""
        person = self.people.persons[seat]
        start = person.delivered if since is None else min(since, len(self.game.history))
        extra = {"id": self.people.key(self.key, seat), "game_id": self.key}
        shown = views.view(
            self.game,
            seat,
            self.agent_names(),
            start,
            extra,
            self.people.seats(),
            self.people.names(),
        )
        shown.update(self.deal.shown(self.game.game_over, seat == self.people.owner))
        shown["agents_playing"] = self.agents_playing
        shown["hints"] = self.hints_on
        shown["your_name"] = person.name
        shown.update(self._links(seat, shown["seats"]))
        person.delivered = len(self.game.history)
        return shown

    def _links(self, seat: int, seats: list[Json]) -> Json:
        """The view's people: the seat's own link, whether it is the game's owner, and per
        seat whether a person is there now and whether this seat may hand it to an agent; the
        owner gets every person's link."""
        owner = seat == self.people.owner
        for row in seats:
            s = row["seat"]
            person = row["person"]
            row["present"] = self.people.present(s) if person else None
            row["link"] = self.people.link(self.key, s) if owner and person else None
            row["faults"] = self.faults(s)
            row["can_hand_over"] = (
                person
                and s != seat
                and not self.game.game_over
                and self.people.refusal(seat, s) is None
            )
        return {"link": self.people.link(self.key, seat), "owner": owner}

    def play_on(self, seat: int, since: int | None = None) -> Json:
        """The agents play for another slice (none when a person is to move or the match is
        over); ``seat``'s view."""
        self.advance()
        return self.view(seat, since)

    def name(self, seat: int, name: str | None, since: int | None = None) -> Json:
        """Sets the name ``seat``'s person is shown by (``None``: none); answers the view."""
        self.people.persons[seat].name = name
        return self.view(seat, since)

    def next_match(self, seat: int, since: int | None = None) -> Json:
        """Deals the next match and plays the agents up to a person's turn."""
        if self.game.game_over:
            raise Conflict("the game is over")
        if not self.game.match_over:
            raise Conflict("the match is still being played")
        self._end_match()
        self.game.next_match()
        self.choosers.append(PERSON)
        self.advance()
        return self.view(seat, since)

    # --- a person's move -----------------------------------------------------------------------

    def _moves(self, seat: int) -> Sequence[Move]:
        if self.game.current_player != seat:
            if self.game.game_over:
                raise Conflict("the game is over: start a new one")
            if self.game.current_player is None:
                raise Conflict("the match is over: ask for the next match")
            raise Conflict(f"it is not your turn: seat {self.game.current_player} is to move")
        return self.game.legal_moves()

    def move(self, seat: int, request: MoveRequest, since: int | None = None) -> Json:
        """Plays ``seat``'s move (chosen by its index, its cards or its notation), then the
        agents'."""
        if request.version is not None and request.version != len(self.game.decisions):
            raise Conflict("the view is out of date: the game has moved on since")
        moves = self._moves(seat)
        self.game.play(self._chosen(seat, request.choice, moves))
        self.choosers.append(PERSON)
        self.people_moved += 1
        self.advance()
        return self.view(seat, since)

    def _chosen(self, seat: int, choice: MoveChoice, moves: Sequence[Move]) -> Move:
        if isinstance(choice, ByIndex):
            if choice.index >= len(moves):
                raise Conflict(f"there is no move {choice.index}: choose 0 to {len(moves) - 1}")
            return moves[choice.index]
        if isinstance(choice, ByCards):
            found = selections.matching(moves, choice.cards)
            if len(found) == 1:
                return moves[found[0]]
            if found:
                raise Conflict("those cards can be played several ways: choose one", choices=found)
            raise Conflict(selections.why_not(self.game, seat, choice.cards))
        if choice.move in moves:
            return choice.move
        named = choice.move if isinstance(choice.move, str) else choice.move.notation
        raise Conflict(f"{named!r} is not a legal move now")

    def check(self, seat: int, cards: zhengfen.Cards) -> Json:
        """What ``seat``'s selected cards read as, and whether they can be played now."""
        return selections.check(self.game, seat, cards)

    def hint(self, seat: int, request: HintRequest) -> Json:
        """What the request's agent would play in ``seat`` (:func:`zhengfen.web.hints.hint`)."""
        if not self.hints_on:
            raise Forbidden("hints are off in this game (its owner opened it without them)")
        self._moves(seat)
        decision = len(self.game.decisions)
        seed = zhengfen.derive_seed(self.seed, decision)
        answer = hints.hint(self.game, seat, request.agent, request.playouts, seed)
        self.hints.append({"seat": seat, "decision": decision, "agent": request.agent.name})
        return answer

    # --- the game's people ---------------------------------------------------------------------

    def save(self, seat: int) -> str:
        """The saved game (``Game.to_json()``), which holds every hand: refused while the game
        is on and another person plays in it."""
        others = [s for s in self.people.seats() if s != seat]
        if others and not self.game.game_over:
            raise Forbidden(
                "the save holds every hand, so it is kept from the other people in this game "
                f"(seats {', '.join(map(str, self.people.seats()))}) until the game is over"
            )
        return self.game.to_json()

    def hand_over(self, seat: int, target: int, handed: Offered, since: int | None = None) -> Json:
        """``seat``'s person hands ``target``, another person's seat, to the agent ``handed``
        (:meth:`People.refusal <zhengfen.web.people.People.refusal>` says who may); its link
        opens nothing from now on, and the agents play on."""
        if target == seat:
            raise Conflict("your own seat stays yours: leave the game instead")
        if target not in self.people:
            raise Conflict(f"seat {target} is an agent's already ({self.seated[target].name})")
        if self.game.game_over:
            raise Conflict("the game is over")
        refused = self.people.refusal(seat, target)
        if refused is not None:
            raise Forbidden(refused)
        self.people.hand_over(target, by=seat)
        self.handed_at[target] = len(self.game.decisions)
        self.seated[target] = handed
        self.agents[target] = self._agent(target)
        self.advance()
        return self.view(seat, since)


def new_game(settings: NewGame, seconds: float) -> WebGame:
    """A new game (API.md, ``POST /api/games``); the agents have played towards a person's
    first turn for up to ``seconds``."""
    seed = secrets.randbits(63) if settings.seed is None else settings.seed
    # The agents' and hints' draws come from the seed a person chose (a game they can replay),
    # else from a secret of their own: nothing they do derives from a deal kept hidden.
    draws = secrets.randbits(63) if settings.seed is None else settings.seed
    game = zhengfen.Game(settings.rules, seed)
    opened = _seated(game, settings.seating, draws, seconds)
    opened.deal = Deal(seed, known=settings.seed is not None)
    opened.hints_on = settings.hints
    opened.advance()
    return opened


def load_game(saved: LoadGame, seconds: float) -> WebGame:
    """A game resumed from a saved game; the agents have played towards a person's turn for
    up to ``seconds``."""
    resumed = _seated(saved.game, saved.seating, saved.seed, seconds)
    resumed.deal = Deal.of_saved(saved.saved)
    resumed.hints_on = saved.hints
    resumed.people.persons[saved.seating.seat].delivered = len(saved.game.history)
    resumed.advance()
    return resumed


def _seated(game: zhengfen.Game, seating: Seating, seed: int, seconds: float) -> WebGame:
    """The game with its seats: the opener's and the other people's, the agents in the rest."""
    people = People.seated([seating.seat, *seating.people], owner=seating.seat)
    return WebGame(game, people, dict(seating.agents), seed, seconds)
