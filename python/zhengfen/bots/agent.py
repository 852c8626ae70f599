"""A bot as an agent (BOTS.md §3, §6): :class:`ProcessAgent` plays a seat by asking its bot
process (a :class:`~zhengfen.bots.pool.BotSeat`, alive across games) and follows the whole
game: it sends ``game`` at its first decision of a game (``restarted`` after a crash),
``decision`` with ids, ``fault`` notices, ``match_end`` and ``game_end``; it holds the bot to
each decision's time and each match's budget; and on every fault of §6 its fallback agent
(``greedy`` or ``random``, seeded as the built-in agents are) moves, the fault counted in
:attr:`ProcessAgent.faults`. A bot never stops a game.
"""

from __future__ import annotations

import collections
import itertools
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from zhengfen._core import Game
from zhengfen.agents.builtin import GreedyAgent, RandomAgent
from zhengfen.agents.loop import observe
from zhengfen.agents.protocol import Agent
from zhengfen.bots import messages
from zhengfen.bots.messages import Answer
from zhengfen.bots.pool import BotSeat, bot_seat
from zhengfen.bots.process import EOF, OVERSIZED, STDERR_LOG_BYTES
from zhengfen.bots.spec import BotSpec
from zhengfen.errors import ArgumentError
from zhengfen.types import Move

__all__ = ["ProcessAgent"]

_GAMES = itertools.count(1)

FALLBACK_AGENTS: dict[str, Callable[[int], Agent]] = {"greedy": GreedyAgent, "random": RandomAgent}
"""The agent that plays a seat's turn when its bot faults, by the name in its spec (one of
:data:`zhengfen.bots.spec.FALLBACKS`), made with the seat's seed."""


class ProcessAgent:
    """The agent of a bot program for one game in one seat. ``spec`` is the bot, ``seed`` the
    seat's seed (the fallback draws from it; the bot is told it), ``instance`` which of the
    seats the same bot holds at this table (each has its own process); ``restarted``: the game
    was under way before (a server brought it back), so the first ``game`` says so."""

    def __init__(
        self,
        spec: BotSpec,
        seed: int = 0,
        instance: int = 0,
        seat: BotSeat | None = None,
        restarted: bool = False,
    ) -> None:
        self.bot = spec
        self.seed = seed
        self.seat = seat if seat is not None else bot_seat(spec, instance)
        self.fallback: Agent = FALLBACK_AGENTS[spec.fallback](seed)
        self.faults: collections.Counter[str] = collections.Counter()
        self.game_id = f"game-{next(_GAMES)}"
        self._generation: int | None = None  # the process told of this game
        self._game: tuple[Game, int] | None = None  # the game followed, and the seat
        self._match: int | None = None
        self._budget_left = spec.budget_ms / 1000
        self._out_of_budget = False
        self._resumed = restarted
        self._stderr_mark: int | None = None  # where its standard error in this game begins
        self._stderr_kept: list[str] = []  # that of its processes that crashed in this game

    @property
    def spec(self) -> str:
        """The bot's canonical spec."""
        return self.bot.spec

    def act(self, observation: Mapping[str, Any], legal_moves: Sequence[Move]) -> Move:
        """Not used: a bot needs the game as the loop sees it (:meth:`act_at`)."""
        raise ArgumentError(
            f"{self.spec} plays through zhengfen.agents.take_turn (it needs the game)"
        )

    def act_at(self, game: Game, seat: int) -> Move:
        """The move for ``seat`` (to move in ``game``): the bot's answer, or the fallback's on a
        fault. A seat with one legal move is not asked."""
        legal = game.legal_moves()
        if len(legal) == 1:
            return legal[0]
        self._follow(game, seat)
        self._new_match(game)
        if self.seat.gave_up or self._out_of_budget or not self._told(game, seat):
            return self._fallback(game, seat, legal)
        return self._ask(game, seat, legal)

    def end_match(self, game: Game, seat: int) -> None:
        """Tells the bot the match is over (``match_end``)."""
        self._follow(game, seat)
        if self._told(game, seat):
            self._send(messages.match_end(game, seat))
        self._match = None

    def finish(self, game: Game, seat: int) -> None:
        """Tells the bot the game is over, or cut short (``game_end``)."""
        if self._game is not None and self._game[0] is not game:
            return  # not the game it follows (ended already)
        if self._generation is not None and self._told(game, seat):
            self._send(messages.game_end(game))
        self._generation = None
        self._game = None

    def _follow(self, game: Game, seat: int) -> None:
        """Follows ``game``: an agent handed another game than the one it followed (an env's
        next episode) ends that one (``game_end``) and begins this one (a new ``game``)."""
        if self._game is not None and self._game[0] is not game:
            self.finish(*self._game)
            self.game_id = f"game-{next(_GAMES)}"
            self._match = None
            self._stderr_mark, self._stderr_kept = None, []
        self._game = (game, seat)

    def _new_match(self, game: Game) -> None:
        if self._match != game.match_number:
            self._match = game.match_number
            self._budget_left = self.bot.budget_ms / 1000
            self._out_of_budget = False

    def _told(self, game: Game, seat: int) -> bool:
        """Whether the running process knows this game (told now with ``game`` if not,
        starting a process if none runs and restarts are left)."""
        owner = self.seat
        if owner.gave_up:
            return False
        if owner.process is None or not owner.process.running:
            if owner.process is None and owner.generation == 0:  # not checked before the game
                owner.check(game.rules)
            else:
                self._crashed()
                if owner.gave_up or owner.process is None:
                    return False
        if self._generation != owner.generation:
            restarted = self._generation is not None or self._resumed
            self._resumed = False
            self._generation = owner.generation
            assert owner.process is not None
            self._stderr_mark = owner.process.stderr_mark()
            message = messages.game(
                game.rules,
                seat,
                game_id=self.game_id,
                seed=self.seed,
                restarted=restarted,
                time_ms=self.bot.time_ms,
                budget_ms=self.bot.budget_ms,
            )
            self._send(message)
        return True

    def _ask(self, game: Game, seat: int, legal: Sequence[Move]) -> Move:
        owner = self.seat
        process = owner.process
        assert process is not None
        ident = owner.next_id()
        limit = min(self.bot.time_ms / 1000, self._budget_left)
        begun = time.monotonic()
        deadline = begun + limit
        left_ms = max(0, round(self._budget_left * 1000))
        sent = process.send(
            messages.decision(game, seat, ident, self.bot.time_ms, left_ms, legal), deadline
        )
        answer = self._answer(game, ident, legal, deadline) if sent else None
        self._spend(time.monotonic() - begun)
        if isinstance(answer, Answer) and answer.index is not None:
            return legal[answer.index]
        return self._faulted(game, seat, legal, ident, answer)

    def _answer(
        self, game: Game, ident: int, legal: Sequence[Move], deadline: float
    ) -> Answer | str | None:
        """The bot's answer, a fault name (``oversized``, ``crashed``), or ``None`` (late)."""
        process = self.seat.process
        assert process is not None
        while True:
            line = process.read_line(deadline)
            if line is None:
                return None
            if line is EOF:
                return "crashed"
            if line is OVERSIZED:
                return "oversized"
            assert isinstance(line, bytes)
            answer = messages.read_answer(line, ident, legal, game.rules)
            if answer is not None:
                return answer
            if b'"log"' in line:
                process.note(line.decode("utf-8", "replace")[:4096])

    def _spend(self, seconds: float) -> None:
        self._budget_left -= seconds
        if self._budget_left <= 0 and not self._out_of_budget:
            self._out_of_budget = True
            self._count("budget")

    def _faulted(
        self,
        game: Game,
        seat: int,
        legal: Sequence[Move],
        ident: int,
        answer: Answer | str | None,
    ) -> Move:
        move = self._fallback(game, seat, legal)
        if answer == "crashed":
            self._crashed()
            return move
        if answer is None and self._out_of_budget:  # counted once, when it ran out
            name, why = "budget", f"the match's budget of {self.bot.budget_ms} ms is spent"
        elif answer is None:
            name, why = "late", f"no answer within {self.bot.time_ms} ms"
        elif isinstance(answer, str):
            name, why = answer, "a line over 1 MiB"
        else:
            name, why = answer.fault or "unreadable", answer.message
        if name != "budget":
            self._count(name)
        self._send(messages.fault(ident, name, why, move))
        return move

    def _fallback(self, game: Game, seat: int, legal: Sequence[Move]) -> Move:
        return self.fallback.act(observe(game, seat), legal)

    def stderr_in_game(self) -> str:
        """What the bot wrote to standard error (and its ``log`` lines) in this game, its
        processes that crashed in it included: the last 4,096 characters (BOTS.md §1)."""
        parts = list(self._stderr_kept)
        process = self.seat.process
        if process is not None and self._stderr_mark is not None:
            parts.append(process.stderr_since(self._stderr_mark))
        return "".join(parts)[-STDERR_LOG_BYTES:]

    def _crashed(self) -> None:
        """The process is gone: its standard error in this game kept, the crash counted, and
        the process started again or given up."""
        process = self.seat.process
        if process is not None and self._stderr_mark is not None:
            process.kill()
            self._stderr_kept.append(process.stderr_since(self._stderr_mark))
        self._stderr_mark = None
        for fault in ["crashed", *self.seat.crashed()]:
            self._count(fault)

    def _count(self, fault: str) -> None:
        self.faults[fault] += 1
        self.seat.faults[fault] += 1

    def _send(self, message: dict[str, Any]) -> None:
        process = self.seat.process
        if process is not None:
            process.send(message)

    def __repr__(self) -> str:
        return f"ProcessAgent({self.bot.spec!r}, seed={self.seed})"
