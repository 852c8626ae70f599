"""Run by ``tests/test_arena_signals.py`` in a process of its own: a Ctrl-C that arrives while
the main thread holds a future's lock inside ``concurrent.futures`` (simulated by sending
SIGINT from within ``_AcquireFutures.__enter__``, between two of its acquires).

Before the tournament waited with signals held back, the ``KeyboardInterrupt`` was raised right
there, the lock stayed held, and the pool's manager thread, which needs it to hand on a result,
kept the process from ever exiting. Prints ``stopped`` and exits with 130 when the tournament
is stopped."""

from __future__ import annotations

import concurrent.futures._base as base
import os
import signal
import sys
from typing import Any

import zhengfen
from zhengfen.arena import backends
from zhengfen.arena.tournament import Tournament

original_enter = base._AcquireFutures.__enter__
entered = 0


def interrupted_enter(self: Any) -> None:
    """The first wait on the chunks: SIGINT after the first future's lock is taken."""
    global entered
    entered += 1
    if entered != 1:
        original_enter(self)
        return
    self.futures[0]._condition.acquire()
    os.kill(os.getpid(), signal.SIGINT)
    for future in self.futures[1:]:
        future._condition.acquire()


def main() -> int:
    base._AcquireFutures.__enter__ = interrupted_enter  # type: ignore[method-assign]
    signal.signal(signal.SIGINT, signal.default_int_handler)
    agents = (zhengfen.AgentSpec.greedy(), zhengfen.AgentSpec.random()) * 2
    tournament = Tournament(rules=zhengfen.Rules.zheng_fen(players=4), agents=agents, deals=64)
    try:
        backends.run(tournament, workers=2, chunk_size=1)
    except KeyboardInterrupt:
        print("stopped", flush=True)
        return 130
    print("finished", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
