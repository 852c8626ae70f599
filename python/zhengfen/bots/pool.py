"""Bot processes that live across games (BOTS.md §2, §5): a :class:`BotSeat` is one seat a bot
holds for a whole tournament, its process started once and serving game after game in turn,
started again after a crash at most ``restarts`` times, then given up. :func:`bot_seat` keeps
one per bot spec and instance (the k-th seat the same bot holds at a table) in each process
that plays games (the command's own, each ``--workers`` process, each Ray worker);
:func:`close_all` ends them (the arena calls it at a tournament's end; the interpreter's exit
and a worker's exit call it too).
"""

from __future__ import annotations

import atexit
import collections
import contextlib
import multiprocessing
import multiprocessing.util
import os
import signal
import threading
import time
from typing import Any

from zhengfen._core import Rules
from zhengfen.bots.messages import BotHello
from zhengfen.bots.process import BotProcess
from zhengfen.bots.spec import BotSpec
from zhengfen.errors import BotError

__all__ = ["BotSeat", "bot_seat", "check_bot", "close_all"]


class BotSeat:
    """One seat a bot holds for a tournament: its process (started when first needed), the
    decision ids it has used, its restarts and the faults counted against it."""

    def __init__(self, spec: BotSpec, instance: int = 0) -> None:
        self.spec = spec
        self.instance = instance
        self.process: BotProcess | None = None
        self.generation = 0  # processes started so far
        self.restarts = 0
        self.gave_up = False
        self.last_id = 0
        self.faults: collections.Counter[str] = collections.Counter()

    @property
    def label(self) -> str:
        """How errors name the bot: its spec."""
        return self.spec.spec

    def start(self) -> BotHello:
        """Starts its process (if none runs) and returns its ``hello``;
        :class:`zhengfen.BotError` when it fails to start."""
        if self.process is not None and self.process.running and self.process.hello:
            return self.process.hello
        process = BotProcess(self.spec.cmd, self.spec.argv, label=self.spec.cmd)
        hello = process.start()
        self.process = process
        self.generation += 1
        _watch_worker_signals()
        return hello

    def check(self, rules: Rules) -> None:
        """Starts its process (if none runs) and refuses, by :class:`zhengfen.BotError`, a bot
        that fails to start or does not play ``rules`` (its process then ended)."""
        hello = self.start()
        refusal = hello.refusal(rules)
        if refusal is not None:
            self.close()
            raise BotError(f"bot {self.spec.cmd!r} ({hello.name}) cannot play here: {refusal}")

    def next_id(self) -> int:
        """The next decision's id, counted from 1 over the seat's processes."""
        self.last_id += 1
        return self.last_id

    def crashed(self) -> list[str]:
        """Its process exited or was killed: started again if restarts are left, else the
        seat is given up. Returns the faults this adds (a failed start counts as another
        ``crashed``; ``gave_up`` once no restart is left)."""
        if self.process is not None:
            self.process.kill()
            self.process = None
        faults: list[str] = []
        while not self.gave_up:
            if self.restarts >= self.spec.restarts:
                self.gave_up = True
                faults.append("gave_up")
                break
            self.restarts += 1
            try:
                self.start()
                break
            except BotError:
                faults.append("crashed")
        return faults

    def close(self) -> None:
        """Says ``bye`` and ends its process."""
        if self.process is not None:
            self.process.close()
            self.process = None


_SEATS: dict[tuple[BotSpec, int], BotSeat] = {}
_OWNER = [os.getpid()]
_LOCK = threading.Lock()


def bot_seat(spec: BotSpec, instance: int = 0) -> BotSeat:
    """The :class:`BotSeat` of ``spec``'s ``instance``-th seat in this process (a forked
    worker starts with none of its parent's)."""
    with _LOCK:
        if _OWNER[0] != os.getpid():  # a forked child: its parent's processes are not its own
            _SEATS.clear()
            _OWNER[0] = os.getpid()
        key = (spec, instance)
        if key not in _SEATS:
            _SEATS[key] = BotSeat(spec, instance)
        return _SEATS[key]


def check_bot(spec: BotSpec, rules: Rules, seats: int = 1) -> None:
    """Starts the processes of ``seats`` seats of ``spec`` (those not running) and refuses, by
    :class:`zhengfen.BotError` naming the bot and the reason, a bot that fails to start or
    whose ``hello`` does not list ``rules``' game at their table size."""
    for instance in range(seats):
        bot_seat(spec, instance).check(rules)


def close_all() -> None:
    """Ends every bot process of this process: ``bye`` to all at once, then each is given
    up to 2 s to exit before it is killed."""
    with _LOCK:
        seats = list(_SEATS.values()) if _OWNER[0] == os.getpid() else []
        _SEATS.clear()
    for seat in seats:  # bye to all first, so their 2 s run together
        if seat.process is not None and seat.process.running:
            seat.process.send({"type": "bye"}, deadline=time.monotonic() + 0.1)
    for seat in seats:
        with contextlib.suppress(Exception):
            seat.close()


_WATCHING = [False]


def _watch_worker_signals() -> None:
    """In a worker process (``--workers``), makes its exit end its bots: at a normal exit (a
    ``multiprocessing`` finalizer, as ``atexit`` does not run there) and at ``terminate``
    (SIGTERM, which would otherwise end the worker at once and leave its bots running)."""
    if _WATCHING[0] or multiprocessing.parent_process() is None:
        return
    _WATCHING[0] = True
    multiprocessing.util.Finalize(None, close_all, exitpriority=100)
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _end_worker)


def _end_worker(number: int, frame: Any) -> None:
    for seat in list(_SEATS.values()):
        if seat.process is not None:
            seat.process.kill()
    os._exit(128 + number)


def _at_exit() -> None:
    with contextlib.suppress(Exception):
        close_all()


atexit.register(_at_exit)
